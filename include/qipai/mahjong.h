/*
 * qipai mahjong core: tiles, rule sets, win check with any number of
 * wildcards, waits, decompositions, shanten and effective tiles.
 *
 *   #include <qipai/mahjong.h>
 *
 *   qipai_mj_rules rules;
 *   qipai_mj_hand hand;
 *   qipai_error err;
 *   uint8_t waits[QIPAI_MJ_KINDS];
 *   size_t n;
 *
 *   qipai_mj_rules_named(&rules, "laizi", NULL);
 *   qipai_mj_rules_option(&rules, "wild=7z", NULL);       // 红中 is wild
 *   if (qipai_mj_parse(&rules, "1237m456p789s77z1z", &hand, NULL, &err) != QIPAI_OK ||
 *       qipai_mj_waits(&rules, &hand, waits, &n, &err) != QIPAI_OK)
 *       return fprintf(stderr, "%s\n", err.message), 1;
 *   for (size_t i = 0; i < n; i++) {                      // kinds, in order
 *       char text[8];
 *       qipai_mj_format_kind(waits[i], false, text, sizeof text);
 *       printf("%s%s", i ? " " : "", text);
 *   }
 *   putchar('\n');                                // output: 5m 6m 7m 8m 9m 1z 7z
 *
 * The rules each function follows are in docs/RULES.md ("Mahjong core").
 * All functions are pure: they read the rule set and the hand they are
 * given, write only what the caller passes, allocate nothing and keep no
 * state, so they are safe from any number of threads.
 */
#ifndef QIPAI_MAHJONG_H
#define QIPAI_MAHJONG_H

#include <qipai/qipai.h>

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---- tiles ---------------------------------------------------------------
 * Kinds 0..33: 1m-9m (0-8), 1p-9p (9-17), 1s-9s (18-26), then the honors
 * 1z-7z (27-33): east south west north white green red. */
enum {
    QIPAI_MJ_KINDS = 34,
    QIPAI_MJ_SUITED_KINDS = 27,
    QIPAI_MJ_MAX_TILES = 14, /* a concealed hand never holds more */
    QIPAI_MJ_MAX_COPIES = 4  /* copies of each real kind in the game */
};

typedef enum qipai_mj_suit {
    QIPAI_MJ_MAN = 0,  /* 万 m */
    QIPAI_MJ_PIN = 1,  /* 筒 p */
    QIPAI_MJ_SOU = 2,  /* 条 s */
    QIPAI_MJ_HONOR = 3 /* 字 z */
} qipai_mj_suit;

/* The kind of number n (1-9, or 1-7 for honors) in a suit; -1 if none. */
QIPAI_API int qipai_mj_kind(qipai_mj_suit suit, int number);
static inline qipai_mj_suit qipai_mj_kind_suit(int kind) { return (qipai_mj_suit)(kind / 9); }
static inline int qipai_mj_kind_number(int kind) { return kind % 9 + 1; }

/* ---- rule sets ------------------------------------------------------------ */
typedef enum qipai_mj_form {
    QIPAI_MJ_FORM_STANDARD = 1 << 0,        /* melds + one pair */
    QIPAI_MJ_FORM_SEVEN_PAIRS = 1 << 1,     /* seven pairs, 14 tiles */
    QIPAI_MJ_FORM_THIRTEEN_ORPHANS = 1 << 2 /* 13 terminals/honors + one */
} qipai_mj_form;

typedef enum qipai_mj_preset {
    QIPAI_MJ_PRESET_BASIC,    /* 34 kinds; standard, seven pairs */
    QIPAI_MJ_PRESET_LAIZI,    /* as basic; the name says wildcards are expected */
    QIPAI_MJ_PRESET_ZHAOTONG, /* 27 kinds; standard, seven pairs; 缺一门 */
    QIPAI_MJ_PRESET_GB        /* 34 kinds; standard, seven pairs, thirteen orphans */
} qipai_mj_preset;

/* A rule set is a plain value: copy it, change a field, pass it along. */
typedef struct qipai_mj_rules {
    const char *name;         /* the preset it started from */
    uint8_t kinds;            /* 27 (suits only) or 34 (with honors) */
    uint8_t forms;            /* qipai_mj_form bits */
    uint8_t max_suits;        /* 3; 2 for 缺一门 (honors are not a suit) */
    bool seven_pairs_distinct;/* seven different kinds (riichi); else a quad is two pairs */
    uint64_t wild_kinds;      /* bit k: every copy of kind k is a wildcard */
} qipai_mj_rules;

QIPAI_API void qipai_mj_rules_preset(qipai_mj_rules *rules, qipai_mj_preset preset);
/* "basic" (also "default"), "laizi", "zhaotong", "gb". */
QIPAI_API qipai_err qipai_mj_rules_named(qipai_mj_rules *rules, const char *name, qipai_error *err);
/* "wild=KIND" (KIND in the notation: 7z, 红中; adds a wild kind) or
 * "seven_pairs_distinct=0|1" ("NAME" alone means 1). */
QIPAI_API qipai_err qipai_mj_rules_option(qipai_mj_rules *rules, const char *option, qipai_error *err);
/* Checks the values: 27 or 34 kinds, forms among the three (at least one),
 * 1-3 suits, wild kinds inside the tile set. */
QIPAI_API qipai_err qipai_mj_rules_check(const qipai_mj_rules *rules, qipai_error *err);
/* Makes every copy of kind a wildcard (the 坨, 红中 ...). */
QIPAI_API qipai_err qipai_mj_rules_add_wild(qipai_mj_rules *rules, int kind, qipai_error *err);

/* ---- hands ---------------------------------------------------------------
 * The compact value every call takes. counts[k] are real tiles; wildcards
 * (jokers '*' and copies of wild kinds) are only counted in `wilds`. A count
 * left in a wild kind's slot is read as that many wildcards. */
typedef struct qipai_mj_hand {
    uint8_t counts[QIPAI_MJ_KINDS];
    uint8_t wilds;
} qipai_mj_hand;

/* The physical tiles of a parsed hand, for callers that need them (how
 * many copies of a wild kind the hand holds, which are not in counts). */
typedef struct qipai_mj_tiles {
    uint8_t counts[QIPAI_MJ_KINDS]; /* every physical tile by kind, wild kinds included */
    uint8_t jokers;                 /* '*' tiles */
} qipai_mj_tiles;

/* Reads compact or Chinese notation (docs/RULES.md). Fails, naming the
 * problem and its byte position, on unknown text, a tile outside the rule
 * set, a fifth copy or more than 14 tiles. tiles may be NULL. */
QIPAI_API qipai_err qipai_mj_parse(const qipai_mj_rules *rules, const char *text, qipai_mj_hand *hand,
                         qipai_mj_tiles *tiles, qipai_error *err);

/* Reads any number of physical tiles, up to max_tiles (tiles seen on the
 * table, a wall): the same notation, the same four-copy limit. */
QIPAI_API qipai_err qipai_mj_parse_tiles(const qipai_mj_rules *rules, const char *text,
                               qipai_mj_tiles *tiles, int max_tiles, qipai_error *err);

/* Checks a hand built by hand: counts within 4, at most 14 tiles, tiles
 * inside the rule set's tile set. */
QIPAI_API qipai_err qipai_mj_hand_check(const qipai_mj_rules *rules, const qipai_mj_hand *hand,
                              qipai_error *err);

static inline int qipai_mj_hand_size(const qipai_mj_hand *hand)
{
    int n = hand->wilds;
    for (int k = 0; k < QIPAI_MJ_KINDS; k++)
        n += hand->counts[k];
    return n;
}

/* Writes a kind ("5m", or "五万" when chinese); nothing for a kind out of
 * range. snprintf-style: returns the length the text needs. */
QIPAI_API size_t qipai_mj_format_kind(int kind, bool chinese, char *out, size_t size);
/* Writes a hand in compact notation ("123m456p11z**", or Chinese tile by
 * tile); snprintf-style. */
QIPAI_API size_t qipai_mj_format_hand(const qipai_mj_hand *hand, bool chinese, char *out, size_t size);

/* ---- win, waits ----------------------------------------------------------
 * The fast calls: table lookups, no allocation. A hand of the wrong size or
 * one that breaks the limits above is never a win and has no waits. */

/* Whether a hand of 3k+2 tiles wins under any of the rule set's forms. */
QIPAI_API bool qipai_mj_win(const qipai_mj_rules *rules, const qipai_mj_hand *hand);
/* The forms (qipai_mj_form bits) under which it wins; 0 if none. */
QIPAI_API unsigned qipai_mj_win_forms(const qipai_mj_rules *rules, const qipai_mj_hand *hand);

/* The waits of a hand of 3k+1 tiles: the kinds whose draw makes it win,
 * written to out in kind order, *count of them. Fails on a hand of another
 * size or one that breaks the limits (qipai_mj_hand_check). */
QIPAI_API qipai_err qipai_mj_waits(const qipai_mj_rules *rules, const qipai_mj_hand *hand,
                         uint8_t out[QIPAI_MJ_KINDS], size_t *count, qipai_error *err);
/* The fast form: bit k for kind k; 0 for a hand qipai_mj_waits refuses. */
QIPAI_API uint64_t qipai_mj_wait_mask(const qipai_mj_rules *rules, const qipai_mj_hand *hand);

/* ---- decompositions ------------------------------------------------------- */
typedef enum qipai_mj_meld_type {
    QIPAI_MJ_MELD_PAIR,
    QIPAI_MJ_MELD_TRIPLET,
    QIPAI_MJ_MELD_SEQUENCE,
    QIPAI_MJ_MELD_SINGLE, /* thirteen orphans only */
    QIPAI_MJ_MELD_ANY     /* only wildcards: could be any kind */
} qipai_mj_meld_type;

typedef struct qipai_mj_meld {
    uint8_t type;     /* qipai_mj_meld_type */
    uint8_t size;     /* tiles: 1, 2 or 3 */
    uint8_t kinds[3]; /* in kind order; unused for ANY */
    uint8_t wild;     /* bit j: kinds[j] is a wildcard standing for that kind */
} qipai_mj_meld;

typedef struct qipai_mj_decomposition {
    uint8_t form;        /* one qipai_mj_form bit */
    uint8_t meld_count;
    qipai_mj_meld melds[QIPAI_MJ_MAX_TILES];
} qipai_mj_decomposition;

/* Called once for each distinct decomposition (every byte of it defined:
 * unused melds and tiles are zero, so two can be compared with memcmp);
 * return nonzero to stop. */
typedef int (*qipai_mj_decomposition_fn)(const qipai_mj_decomposition *d, void *context);

/* Lists every distinct decomposition of every form of the rule set
 * (docs/RULES.md: what is distinct, and the order). *count (may be NULL)
 * gets how many were delivered. Fails on a hand of the wrong size. */
QIPAI_API qipai_err qipai_mj_decompose(const qipai_mj_rules *rules, const qipai_mj_hand *hand,
                             qipai_mj_decomposition_fn each, void *context, size_t *count,
                             qipai_error *err);

/* ---- shanten, effective tiles, discard advice ----------------------------
 * docs/RULES.md, "Shanten": exact (draws must exist; a wildcard may be a
 * fifth copy), for any number of wildcards. */
enum { QIPAI_MJ_NO_SHANTEN = 127 }; /* no form applies (wrong size, form absent) */

typedef struct qipai_mj_shanten_forms {
    int8_t shanten;          /* the least over the rule set's forms; -1 complete, 0 ready */
    int8_t standard;         /* each form's own, or QIPAI_MJ_NO_SHANTEN */
    int8_t seven_pairs;
    int8_t thirteen_orphans;
} qipai_mj_shanten_forms;

/* Shanten of a hand of 3k+1 or 3k+2 tiles; QIPAI_MJ_NO_SHANTEN for any
 * other size or a hand breaking the limits. forms may be NULL. */
QIPAI_API int qipai_mj_shanten(const qipai_mj_rules *rules, const qipai_mj_hand *hand,
                     qipai_mj_shanten_forms *forms);

typedef struct qipai_mj_tile_count {
    uint8_t kind;
    uint8_t left; /* copies not in the hand and not visible */
} qipai_mj_tile_count;

typedef struct qipai_mj_effective {
    int8_t shanten;  /* of the hand */
    uint8_t count;   /* kinds in tiles[] */
    uint16_t total;  /* sum of left */
    qipai_mj_tile_count tiles[QIPAI_MJ_KINDS]; /* in kind order */
} qipai_mj_effective;

/* The effective tiles (有效牌) of a hand of 3k+1 tiles: the kinds whose draw
 * lowers its shanten, each with the copies left. visible (may be NULL)
 * counts copies of each kind seen outside the hand's real tiles: discards
 * and melds on the table, and the copies of wild kinds the hand holds. */
QIPAI_API qipai_err qipai_mj_effective_tiles(const qipai_mj_rules *rules, const qipai_mj_hand *hand,
                                   const uint8_t *visible, qipai_mj_effective *out,
                                   qipai_error *err);

enum { QIPAI_MJ_WILDCARD = QIPAI_MJ_KINDS }; /* the discard of a wildcard */

typedef struct qipai_mj_discard {
    uint8_t tile;              /* a kind, or QIPAI_MJ_WILDCARD */
    qipai_mj_effective after;  /* shanten and effective tiles of what is left */
} qipai_mj_discard;

/* Discard advice for a hand of 3k+2 tiles: one entry per distinct tile it
 * can discard, best first (lower shanten, then more effective copies, then
 * tile order). out needs room for QIPAI_MJ_MAX_DISCARDS; *count gets how many. */
enum { QIPAI_MJ_MAX_DISCARDS = QIPAI_MJ_KINDS + 1 };
QIPAI_API qipai_err qipai_mj_discards(const qipai_mj_rules *rules, const qipai_mj_hand *hand,
                            const uint8_t *visible, qipai_mj_discard out[QIPAI_MJ_MAX_DISCARDS],
                            size_t *count, qipai_error *err);

/* ---- random hands (corpora, tests, simulations) -------------------------- */

/* A complete 14-tile hand of real tiles: four melds and a pair over the
 * rule set's tile set, never more than four of a kind. */
QIPAI_API void qipai_mj_random_complete(const qipai_mj_rules *rules, qipai_rng *rng, qipai_mj_hand *hand);
/* n real tiles drawn from a full wall of the rule set's tile set. */
QIPAI_API void qipai_mj_random_hand(const qipai_mj_rules *rules, qipai_rng *rng, int n, qipai_mj_hand *hand);
/* Takes one real tile at random out of the hand; returns its kind, or -1. */
QIPAI_API int qipai_mj_random_take(qipai_rng *rng, qipai_mj_hand *hand);

/* The name of a meld type ("pair", ...) or form ("standard", ...). */
QIPAI_API const char *qipai_mj_meld_type_name(qipai_mj_meld_type type);
QIPAI_API const char *qipai_mj_form_name(qipai_mj_form form);

#ifdef __cplusplus
}
#endif

#endif
