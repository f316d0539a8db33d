/*
 * qipai zipai: 字牌 / 跑胡子 (paohuzi) hands: every decomposition with its
 * 胡息 (huxi), hu (win) with open melds and the target card, and waits.
 * The rules are those of docs/RULES.md, section "Zipai / paohuzi".
 *
 *   #include <qipai/zipai.h>
 *
 *   qipai_zp_rules rules;
 *   qipai_zp_hand hand;
 *   qipai_zp_decomposition list[16];
 *   size_t n;
 *   qipai_error err;
 *   qipai_zp_rules_named(&rules, "default", NULL);
 *   if (qipai_zp_parse_hand("二七十二七十贰柒拾", &hand, &err) != QIPAI_OK ||
 *       qipai_zp_decompose(&rules, &hand, list, 16, &n, &err) != QIPAI_OK)
 *       return fprintf(stderr, "%s\n", err.message), 1;
 *   for (size_t i = 0; i < n; i++)
 *       printf("way %zu: %d melds, %d huxi\n", i + 1, list[i].n_melds, list[i].huxi);
 *
 *   // Hu: the concealed hand before the target, the open melds, the target
 *   // and where it comes from, in the line syntax of docs/formats/zipai.md.
 *   qipai_zp_situation s;
 *   qipai_zp_hu_result hu;
 *   if (qipai_zp_parse_situation(&rules, "一二三四五六七八九 碰十十十 偎壹壹壹 摸十", &s, &err) !=
 *           QIPAI_OK || qipai_zp_hu(&rules, &s, &hu, &err) != QIPAI_OK)
 *       return fprintf(stderr, "%s\n", err.message), 1;
 *   printf("win %d, huxi %d, tun %d, score %d\n", hu.win, hu.huxi, hu.tun, hu.score);
 *   // output: way 1: 3 melds, 0 huxi
 *   // output: way 2: 3 melds, 12 huxi
 *   // output: win 1, huxi 15, tun 1, score 1
 *
 * Cards are numbered 0-19: 0-9 the small cards 一..十, 10-19 the big ones
 * 壹..拾 (so a card's number is card % 10 + 1 and its case card / 10). A hand
 * is a count per card. Nothing here allocates, prints or keeps global state:
 * results go into caller-owned structs, lists into a caller buffer with a
 * count or through a callback.
 */
#ifndef QIPAI_ZIPAI_H
#define QIPAI_ZIPAI_H

#include <qipai/qipai.h>

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

enum {
    QIPAI_ZP_KINDS = 20,  /* card kinds: 0-9 small 一..十, 10-19 big 壹..拾 */
    QIPAI_ZP_COPIES = 4,  /* copies of each kind: 80 cards */
    /* Melds of one decomposition: a kind held 3 or 4 times is one 坎/提; the
     * kinds held at most twice hold at most 40 cards, so those melds number
     * at most 1 + (free cards - 2) / 3 and the total never passes 20 (all
     * twenty kinds locked). */
    QIPAI_ZP_MAX_MELDS = 20,
    /* Open melds: three cards or more each, four copies of each kind. */
    QIPAI_ZP_MAX_OPEN = 26,
    /* Waits: each card from a draw and from a discard. */
    QIPAI_ZP_MAX_WAITS = 40,
    /* A card in text: 3 bytes of UTF-8 or "x10"; with the final NUL. */
    QIPAI_ZP_CARD_TEXT = 4
};

/* Card numbers by case and face value (1-10). */
#define QIPAI_ZP_SMALL(n) ((n) - 1)
#define QIPAI_ZP_BIG(n) ((n) + 9)

/* A hand: how many of each card, 0-4. */
typedef struct qipai_zp_hand {
    uint8_t counts[QIPAI_ZP_KINDS];
} qipai_zp_hand;

/* ---- rule sets ------------------------------------------------------- */

typedef struct qipai_zp_rules {
    int threshold; /* total huxi a win needs: 15 (10 in the 10huxi preset) */
    int yiwushi;   /* 1: 一五十 / 壹伍拾 are chows too (3 / 6 huxi) */
    int tun_base;  /* 囤 = (huxi - threshold) / tun_step + tun_base */
    int tun_step;
    int hong_min;  /* 红胡 from this many red cards up: 10 */
    int mult_hong; /* 名堂 multipliers (default 2 each) */
    int mult_dian;
    int mult_wu;
} qipai_zp_rules;

typedef enum qipai_zp_preset {
    QIPAI_ZP_PRESET_DEFAULT, /* "default" (also "15huxi"): threshold 15 */
    QIPAI_ZP_PRESET_10HUXI   /* "10huxi": threshold 10, 一五十 / 壹伍拾 */
} qipai_zp_preset;

QIPAI_API void qipai_zp_rules_preset(qipai_zp_rules *rules, qipai_zp_preset preset);
/* The preset of that name ("default", "15huxi", "10huxi"). */
QIPAI_API qipai_err qipai_zp_rules_named(qipai_zp_rules *rules, const char *name, qipai_error *err);
/* "NAME=VALUE", NAME a field below (threshold, yiwushi, tun_base, tun_step,
 * hong_min, mult_hong, mult_dian, mult_wu); the result must pass the check,
 * and a failed option leaves the rules as they were. */
QIPAI_API qipai_err qipai_zp_rules_option(qipai_zp_rules *rules, const char *option, qipai_error *err);
/* Checks the values: threshold >= 0, tun_step >= 1, multipliers >= 0 ... */
QIPAI_API qipai_err qipai_zp_rules_check(const qipai_zp_rules *rules, qipai_error *err);

/* ---- notation --------------------------------------------------------- */

/* Output flags: Chinese by default, ASCII (x1..x10, d1..d10) on request. */
enum { QIPAI_ZP_ASCII = 1 };

/* Reads one card at text: 一..十, 壹 贰/貳 叁/參 肆 伍 陆/陸 柒 捌 玖 拾, or
 * x1..x10 / d1..d10. Returns the card (0-19) and sets *length to the bytes
 * read, or returns -1 when no card starts there. */
QIPAI_API int qipai_zp_card_at(const char *text, size_t *length);
/* A hand: cards in any order, blanks between them ignored, at most four of
 * a kind. The empty text is the empty hand. */
QIPAI_API qipai_err qipai_zp_parse_hand(const char *text, qipai_zp_hand *hand, qipai_error *err);
/* Writes the card (flags: QIPAI_ZP_ASCII) with a NUL; returns its length
 * (snprintf-style: the length it needs, even when size is too small). */
QIPAI_API size_t qipai_zp_format_card(int card, unsigned flags, char *buffer, size_t size);
/* n cards in the order given, no separators. */
QIPAI_API size_t qipai_zp_format_cards(const uint8_t *cards, int n, unsigned flags, char *buffer,
                             size_t size);
/* A hand in ascending order, small before big. */
QIPAI_API size_t qipai_zp_format_hand(const qipai_zp_hand *hand, unsigned flags, char *buffer,
                            size_t size);
/* 1 when the card is red: 二 七 十 贰 柒 拾. */
QIPAI_API int qipai_zp_is_red(int card);

/* ---- melds ------------------------------------------------------------ */

typedef enum qipai_zp_meld_type {
    QIPAI_ZP_PAIR, /* 将 in the hand: two identical cards, 0 huxi */
    QIPAI_ZP_CHOW, /* a chow in the hand (sequence, 二七十, 一五十, 大小三搭) */
    QIPAI_ZP_KAN,  /* 坎: three of a kind in the hand, 3 / 6 */
    QIPAI_ZP_TI,   /* 提: four of a kind, in the hand or open, 9 / 12 */
    QIPAI_ZP_CHI,  /* 吃: an open chow, huxi as in the hand */
    QIPAI_ZP_PENG, /* 碰: open three of a kind, 1 / 3 */
    QIPAI_ZP_WEI,  /* 偎: three of a kind laid down from the hand, 3 / 6 */
    QIPAI_ZP_PAO   /* 跑: open four of a kind, 6 / 9 */
} qipai_zp_meld_type;

typedef struct qipai_zp_meld {
    uint8_t type;     /* qipai_zp_meld_type */
    uint8_t n;        /* 2, 3 or 4 cards */
    uint8_t cards[4]; /* ascending, small before big */
    uint8_t huxi;
} qipai_zp_meld;

/* 1 when the three cards (any order) form a chow under the rules. */
QIPAI_API int qipai_zp_is_chow(const qipai_zp_rules *rules, int a, int b, int c);
/* Builds a meld of that type from n cards in any order (sorting them and
 * filling huxi); QIPAI_ERR_ILLEGAL when they do not form that meld. */
QIPAI_API qipai_err qipai_zp_meld_make(const qipai_zp_rules *rules, int type, const uint8_t *cards, int n,
                             qipai_zp_meld *meld, qipai_error *err);
/* The huxi of a meld (its cards and type), per docs/RULES.md. */
QIPAI_API int qipai_zp_meld_huxi(const qipai_zp_rules *rules, const qipai_zp_meld *meld);
/* "将" "顺" "坎" "提" "吃" "碰" "偎" "跑", or in ASCII "pair" "chow" "kan" "ti"
 * "chi" "peng" "wei" "pao". */
QIPAI_API const char *qipai_zp_meld_name(int type, unsigned flags);
/* Orders melds by their cards, card by card, a meld that is a prefix of the
 * other first; ties by type. The order melds are listed in. */
QIPAI_API int qipai_zp_meld_compare(const qipai_zp_meld *a, const qipai_zp_meld *b);

/* ---- decompose -------------------------------------------------------- */

/* One way the hand splits: its melds in ascending order (meld_compare),
 * 坎 and 提 included, and the sum of their huxi. */
typedef struct qipai_zp_decomposition {
    int huxi;
    int n_melds;
    qipai_zp_meld melds[QIPAI_ZP_MAX_MELDS];
} qipai_zp_decomposition;

/* Called for each decomposition; a nonzero return stops the listing. */
typedef int (*qipai_zp_decomposition_fn)(const qipai_zp_decomposition *d, void *context);

/* Every decomposition of the hand (which already holds the target): kinds
 * held 3 / 4 times are locked as 坎 / 提, the rest splits into chows and
 * the pair (exactly one pair when those cards number 3k+2, none at 3k).
 * Each multiset of melds comes once, in the listing order: ascending
 * lexicographic order of the meld lists. A hand that does not split has
 * none (not an error); QIPAI_ERR_SIZE when the cards besides 坎 and 提
 * number 3k+1, which no hand holding its target does. */
QIPAI_API qipai_err qipai_zp_decompose_each(const qipai_zp_rules *rules, const qipai_zp_hand *hand,
                                  qipai_zp_decomposition_fn fn, void *context,
                                  qipai_error *err);
/* The same into out[capacity]; *count is the number of decompositions
 * (even when more than capacity: then QIPAI_ERR_BUFFER and out holds the
 * first capacity ones). */
QIPAI_API qipai_err qipai_zp_decompose(const qipai_zp_rules *rules, const qipai_zp_hand *hand,
                             qipai_zp_decomposition *out, size_t capacity, size_t *count,
                             qipai_error *err);

/* ---- hu ----------------------------------------------------------------- */

typedef enum qipai_zp_source {
    QIPAI_ZP_DRAW,    /* 摸: the player drew the target */
    QIPAI_ZP_DISCARD  /* 打: another player discarded it */
} qipai_zp_source;

/* Everything hu and waits look at. */
typedef struct qipai_zp_situation {
    qipai_zp_hand hand; /* concealed hand, before the target */
    int n_open;
    qipai_zp_meld open[QIPAI_ZP_MAX_OPEN]; /* types CHI PENG WEI PAO TI */
    int target;         /* the card, or -1 (waits) */
    int source;         /* qipai_zp_source, or -1: not given */
} qipai_zp_situation;

/* Reads the line syntax of docs/formats/zipai.md: the hand's cards, then
 * open melds each after its keyword (吃 碰 偎 跑 提 / chi peng wei pao ti),
 * then the target after 摸/draw or 打/discard (or the source word alone).
 * Checks the shapes of the melds and that no card appears more than four
 * times in all. */
QIPAI_API qipai_err qipai_zp_parse_situation(const qipai_zp_rules *rules, const char *text,
                                   qipai_zp_situation *s, qipai_error *err);

/* 名堂, as bits. */
enum {
    QIPAI_ZP_HONGHU = 1, /* 红胡: rules.hong_min or more red cards */
    QIPAI_ZP_DIANHU = 2, /* 点胡: exactly one red card */
    QIPAI_ZP_WUHU = 4    /* 乌胡 / 黑胡: no red card */
};

typedef struct qipai_zp_hu_result {
    int win;            /* splits completely and huxi >= threshold */
    int huxi;           /* best total huxi (hand and open melds); -1: no split */
    int tun;            /* 囤 when win, else 0 */
    int red;            /* red cards: hand, target and open melds */
    unsigned mingtang;  /* QIPAI_ZP_* bits, when win */
    int multiplier;     /* product of the 名堂 multipliers (1 when none) */
    int score;          /* tun * multiplier, when win */
    /* The best split (most huxi; ties: first in listing order): the hand's
     * melds and the one the target formed (提/跑/坎/碰, or the chow or pair
     * it joined), ascending. Empty when huxi is -1. */
    int n_melds;
    qipai_zp_meld melds[QIPAI_ZP_MAX_MELDS];
    /* When the target turned an open 偎/碰 into 提/跑: that open meld's
     * index and what it became; else -1. */
    int upgraded;
    qipai_zp_meld upgraded_to;
} qipai_zp_hu_result;

/* Hu with s->target from s->source (both must be set). */
QIPAI_API qipai_err qipai_zp_hu(const qipai_zp_rules *rules, const qipai_zp_situation *s,
                      qipai_zp_hu_result *out, qipai_error *err);

typedef struct qipai_zp_wait {
    int card;
    int source;  /* qipai_zp_source */
    int huxi;    /* total huxi of the best split */
    int tun;
    int score;
} qipai_zp_wait;

/* The cards that win for s (its target ignored), from s->source or, when
 * that is -1, from a draw and from a discard: card by card, draw first.
 * A card already held four times in hand and open melds is not a wait. */
QIPAI_API qipai_err qipai_zp_waits(const qipai_zp_rules *rules, const qipai_zp_situation *s,
                         qipai_zp_wait out[QIPAI_ZP_MAX_WAITS], size_t *count, qipai_error *err);

#ifdef __cplusplus
}
#endif

#endif
