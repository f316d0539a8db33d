/*
 * qipai poker: card groups and the fewest plays (最少手数) for shedding games
 * played with ranks only: the poker seed's rules, Dou Di Zhu (斗地主) and
 * Pao De Kuai (跑得快). docs/RULES.md "Poker" is the contract.
 *
 *   #include <qipai/poker.h>
 *
 *   static int show(const qipai_pk_cards *groups, size_t n, void *context)
 *   {
 *       (void)context;
 *       char text[QIPAI_PK_TEXT_MAX];
 *       for (size_t i = 0; i < n; i++) {
 *           qipai_pk_format(&groups[i], text, sizeof text);
 *           printf("%s%s", i ? " " : "", text);
 *       }
 *       putchar('\n');
 *       return 0;                                // 0: go on; nonzero: stop
 *   }
 *
 *   qipai_pk_rules rules;
 *   qipai_pk_cards hand;
 *   qipai_pk_min_result result;
 *   qipai_error err;
 *   static uint64_t memory[1 << 15];             // scratch, reused call after call
 *   qipai_pk_memo *memo = qipai_pk_memo_init(memory, sizeof memory);
 *   qipai_pk_rules_preset(&rules, QIPAI_PK_GAME_SEED);
 *   if (qipai_pk_parse(&rules, "3445566688", &hand, &err) != QIPAI_OK)
 *       fprintf(stderr, "%s\n", err.message);
 *   else if (qipai_pk_min_plays(&rules, &hand, memo, show, NULL, &result, &err) == QIPAI_OK)
 *       printf("min %d, %zu ways\n", result.min, result.solutions);
 *   // output: 3456 456 6 88
 *   // output: 345 456 66 88
 *   // output: 3 445566 6 88
 *   // output: min 4, 3 ways
 *
 * Ranks are indices 0..14 in the order 3 4 5 6 7 8 9 T J Q K A 2 X D (X the
 * small joker, D the big one). A set of cards (a hand, a group) is a count per
 * rank. Nothing here allocates, prints or keeps global state: the memo is
 * memory the caller owns, and results come back through callbacks.
 */
#ifndef QIPAI_POKER_H
#define QIPAI_POKER_H

#include <qipai/qipai.h>

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

enum {
    QIPAI_PK_RANKS = 15,       /* 3 4 5 6 7 8 9 T J Q K A 2 X D */
    QIPAI_PK_RANK_A = 11,
    QIPAI_PK_RANK_2 = 12,
    QIPAI_PK_RANK_X = 13,      /* small (black) joker */
    QIPAI_PK_RANK_D = 14,      /* big (red) joker */
    QIPAI_PK_TEXT_MAX = 64,    /* a formatted card set of up to 54 cards, with its NUL */
    QIPAI_PK_NAME_MAX = 32,    /* a play's type name ("trio_short_chain_12"), with its NUL */
    QIPAI_PK_CLASSIFY_MAX = 64 /* more readings than one card set can have */
};

/* A set of cards: how many of each rank (at most 4; at most 1 of each joker). */
typedef struct qipai_pk_cards {
    uint8_t counts[QIPAI_PK_RANKS];
} qipai_pk_cards;

/* ---- rule sets ---------------------------------------------------------- */

typedef enum qipai_pk_game {
    QIPAI_PK_GAME_SEED, /* the poker seed: singles, pairs, triples, bombs, chains of 3+ */
    QIPAI_PK_GAME_DDZ,  /* 斗地主, 54 cards; its plays are exactly RLCard's 27,471 */
    QIPAI_PK_GAME_PDK   /* 跑得快, 48 cards (no jokers, one 2, three A) */
} qipai_pk_game;

/* A rule set is a value. The options apply to pdk only. */
typedef struct qipai_pk_rules {
    qipai_pk_game game;
    int last_short;        /* short groups (trio, trio + one, short airplane) as the last play; default 1 */
    int bomb_unsplittable; /* a rank held four times is only ever played as a bomb; default 0 */
    int four_with_three;   /* 四带三: four of a rank plus three kicker cards; default 0 */
} qipai_pk_rules;

QIPAI_API void qipai_pk_rules_preset(qipai_pk_rules *rules, qipai_pk_game game);
/* "seed", "ddz" (also "default", as on the command line) or "pdk". */
QIPAI_API qipai_err qipai_pk_rules_named(qipai_pk_rules *rules, const char *name, qipai_error *err);
/* "NAME=VALUE" with VALUE 0 or 1 (or "NAME", meaning 1): last_short,
 * bomb_unsplittable, four_with_three. Only pdk has options. */
QIPAI_API qipai_err qipai_pk_rules_option(qipai_pk_rules *rules, const char *assignment, qipai_error *err);
/* Checks the values: a known game, options 0 or 1 and only in pdk. */
QIPAI_API qipai_err qipai_pk_rules_check(const qipai_pk_rules *rules, qipai_error *err);
QIPAI_API const char *qipai_pk_game_name(qipai_pk_game game);

/* ---- cards ---------------------------------------------------------------- */

/* Reads "3445566688", "10JQKA", "xd": ranks 3-9, T (or 10), J Q K A 2 in
 * either case, X or B the small joker, D or R the big one; blanks are
 * skipped. Also the Chinese names players type (UTF-8; docs/formats/poker.md
 * "Cards" has the table): 三 四 … 九 十 for 3-T, 勾/钩 J, 圈 Q, 凯/老K K,
 * 尖 A, 二/两 2, 小王/小鬼/黑王 the small joker, 大王/大鬼/红王 the big one,
 * 大小王 both ("大王小王", "三三三四", "十勾圈凯尖"); the full-width forms
 * of the ASCII notation ("３４５ＪＱＫ", "１０"); the full-width blank, "，"
 * and "、" between cards. Errors name what is wrong and where (err->position
 * is a byte offset): "'王' at position 0 names no joker: write 大王 or 小王".
 * Checks the limits of the rule set (rules may be NULL: a 54-card deck): at
 * most four of a rank, one of each joker, no jokers in seed and pdk, at most
 * one 2 and three A in pdk. */
QIPAI_API qipai_err qipai_pk_parse(const qipai_pk_rules *rules, const char *text, qipai_pk_cards *cards,
                         qipai_error *err);
/* The whole deck of the rule set (rules may be NULL: 54 cards), one rank
 * index per card in ascending order, ready to shuffle and deal; returns
 * the number of cards (54 ddz, 52 seed, 48 pdk). */
enum { QIPAI_PK_DECK_MAX = 54 };
QIPAI_API int qipai_pk_deck(const qipai_pk_rules *rules, uint8_t deck[QIPAI_PK_DECK_MAX]);
/* Checks a count vector against the same limits. */
QIPAI_API qipai_err qipai_pk_check(const qipai_pk_rules *rules, const qipai_pk_cards *cards, qipai_error *err);
/* Writes the cards in ascending rank order ("33344456", "2XD"); returns the
 * length (the text is cut short, still NUL-terminated, when size is too small). */
QIPAI_API size_t qipai_pk_format(const qipai_pk_cards *cards, char *buffer, size_t size);
/* The card order of every list: card sets compared as their written texts,
 * one card at a time by rank (3 lowest … 2, X, D), a prefix first. */
QIPAI_API int qipai_pk_compare(const qipai_pk_cards *a, const qipai_pk_cards *b);
QIPAI_API int qipai_pk_total(const qipai_pk_cards *cards);
/* The character of a rank index ("3456789TJQKA2XD"[rank]), or '?'. */
QIPAI_API char qipai_pk_rank_char(int rank);

/* ---- plays ---------------------------------------------------------------- */

/* Play types, named as RLCard names them for Dou Di Zhu, so results compare
 * directly. Chain types carry their length N in the name: solo_chain_5. */
typedef enum qipai_pk_type {
    QIPAI_PK_SOLO,
    QIPAI_PK_PAIR,
    QIPAI_PK_TRIO,            /* a bare triple; short (last play only) in pdk */
    QIPAI_PK_TRIO_SOLO,       /* ddz: triple + one card */
    QIPAI_PK_TRIO_PAIR,       /* ddz: triple + a pair */
    QIPAI_PK_SOLO_CHAIN,      /* straight */
    QIPAI_PK_PAIR_CHAIN,
    QIPAI_PK_TRIO_CHAIN,      /* ddz: bare airplane */
    QIPAI_PK_TRIO_SOLO_CHAIN, /* ddz: airplane + N single kickers */
    QIPAI_PK_TRIO_PAIR_CHAIN, /* ddz: airplane + N pairs */
    QIPAI_PK_FOUR_TWO_SOLO,   /* ddz */
    QIPAI_PK_FOUR_TWO_PAIR,   /* ddz */
    QIPAI_PK_BOMB,
    QIPAI_PK_ROCKET,          /* ddz: X D */
    QIPAI_PK_TRIO_TWO,        /* pdk: triple + two kicker cards */
    QIPAI_PK_TRIO_TWO_CHAIN,  /* pdk: airplane + 2N kicker cards */
    QIPAI_PK_FOUR_THREE,      /* pdk option four_with_three */
    QIPAI_PK_TRIO_ONE,        /* pdk, short: triple + one card */
    QIPAI_PK_TRIO_SHORT_CHAIN,/* pdk, short: airplane + fewer than 2N kicker cards */
    QIPAI_PK_TYPE_COUNT
} qipai_pk_type;

/* One reading of a set of cards as a play. main is the rank that orders
 * plays of one type: the rank of a single, pair, triple or four, the lowest
 * rank of a chain or airplane, X for the rocket. length is the chain length
 * N (the number of triples of an airplane), 1 for other types. */
typedef struct qipai_pk_play {
    qipai_pk_cards cards;
    qipai_pk_type type;
    int length;
    int main;
} qipai_pk_play;

/* "solo_chain_5", "trio_two", ...; returns the length (snprintf-like). */
QIPAI_API size_t qipai_pk_play_name(const qipai_pk_play *play, char *buffer, size_t size);
/* Reads a type name ("trio_solo_chain_3") into type and length. */
QIPAI_API qipai_err qipai_pk_parse_type(const char *name, qipai_pk_type *type, int *length, qipai_error *err);
/* Whether the type is a short group of the rule set (pdk: trio, trio_one,
 * trio_short_chain): legal only as the play that empties the hand. */
QIPAI_API int qipai_pk_type_is_short(const qipai_pk_rules *rules, qipai_pk_type type);

/* Every reading of the cards as one play of the rule set, sorted by type,
 * length, main rank. Writes up to capacity readings; returns how many there
 * are (0: not a play). A Dou Di Zhu card set has at most one reading (that
 * of RLCard's table); a pdk one can have several (333444555: a bare
 * airplane of three, or of two with three kickers, from 3 or from 4).
 * Short groups are listed when the rule set allows them at all. */
QIPAI_API size_t qipai_pk_classify(const qipai_pk_rules *rules, const qipai_pk_cards *cards,
                         qipai_pk_play *plays, size_t capacity);

/* Whether play beats last (RULES.md "Beating a play"); empties_hand says
 * play uses the player's whole hand, which pdk's short groups need. */
QIPAI_API int qipai_pk_beats(const qipai_pk_rules *rules, const qipai_pk_play *play,
                   const qipai_pk_play *last, int empties_hand);

/* Receives one play; return 0 to go on, nonzero to stop. */
typedef int (*qipai_pk_play_fn)(const qipai_pk_play *play, void *context);

/* Every legal play from the hand that beats last (bombs and the rocket
 * included), or every legal lead when last is NULL: one call per reading
 * (a pdk card set readable two ways that both qualify comes twice). pdk
 * short groups count only when they empty the hand; with bomb_unsplittable a
 * rank held four times is only played as a bomb. The order is fixed but not
 * sorted. *count (optional) gets the number of plays reported. Fails on a bad
 * hand or a last play that is not a reading of its cards. */
QIPAI_API qipai_err qipai_pk_moves(const qipai_pk_rules *rules, const qipai_pk_cards *hand,
                         const qipai_pk_play *last, qipai_pk_play_fn each, void *context,
                         size_t *count, qipai_error *err);

/* ---- minimum plays ---------------------------------------------------------- */

/* The search remembers the fewest plays of each sub-hand it meets in a memo
 * the caller allocates once and passes to every call: any size from
 * qipai_pk_memo_bytes(1) up; 2^14 entries (384 KiB) suit game-sized hands,
 * bigger ones help big hands. A full memo overwrites old entries, so answers
 * are always exact. Entries stay valid across calls with the same rules
 * (later hands come faster); other rules start afresh. One memo per thread. */
typedef struct qipai_pk_memo qipai_pk_memo;
/* Bytes for a memo of 2^log2_entries entries (log2_entries 1..30). */
QIPAI_API size_t qipai_pk_memo_bytes(unsigned log2_entries);
/* Lays out a memo in memory (any alignment; the largest power of two of
 * entries that fits); NULL when it is too small. */
QIPAI_API qipai_pk_memo *qipai_pk_memo_init(void *memory, size_t bytes);
/* Forgets every entry in O(1). */
QIPAI_API void qipai_pk_memo_clear(qipai_pk_memo *memo);

typedef struct qipai_pk_min_result {
    int min;            /* the fewest groups that use every card; 0 for no cards */
    size_t solutions;   /* distinct minimal solutions reported */
} qipai_pk_min_result;

/* Receives one minimal solution: n groups (n == min), sorted in card order
 * (qipai_pk_compare). Return 0 to go on, nonzero to stop. */
typedef int (*qipai_pk_solution_fn)(const qipai_pk_cards *groups, size_t n, void *context);

/* The fewest groups of the rule set that together use every card of the
 * hand exactly once, and every distinct solution of that size (two
 * solutions are the same when equal as multisets of card sets), each once,
 * in a fixed order. each may be NULL (the solutions are still counted).
 * memo may be NULL: a small memo on the stack (4 KiB) serves, slowly for big
 * hands. No step cap: the answer is exact for every hand the rules allow.
 * Hands of more than 24 cards are searched by branch and bound, which takes
 * about 30 KiB of stack; their solutions can be very many (docs/perf). */
QIPAI_API qipai_err qipai_pk_min_plays(const qipai_pk_rules *rules, const qipai_pk_cards *hand,
                             qipai_pk_memo *memo, qipai_pk_solution_fn each, void *context,
                             qipai_pk_min_result *result, qipai_error *err);

/* Only the fewest number of groups (faster: no solutions listed). */
QIPAI_API qipai_err qipai_pk_min_count(const qipai_pk_rules *rules, const qipai_pk_cards *hand,
                             qipai_pk_memo *memo, int *min, qipai_error *err);

#ifdef __cplusplus
}
#endif

#endif
