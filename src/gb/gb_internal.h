/*
 * What the Guobiao files share inside src/gb/: fan sets (tallies), the
 * knitted arrangements, the chow-set table generated at build time
 * (tools/gen/gen_gb_chows.c) and the readings a winning hand is scored on.
 * Rules: docs/RULES.md ("Guobiao") and docs/gb_fans.md.
 */
#ifndef QIPAI_GB_INTERNAL_H
#define QIPAI_GB_INTERNAL_H

#include <qipai/gb.h>

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "common/byteorder.h"

/* ---- tiles ---- */
enum {
    GB_EAST = 27,
    GB_WHITE = 31, /* 5z 白 */
    GB_GREEN = 32, /* 6z 发 */
    GB_RED = 33,   /* 7z 中 */
    GB_NO_TILE = 0xFF
};

#define GB_BIT(k) ((uint64_t)1 << (k))
#define GB_SUIT_MASK(s) ((uint64_t)0x1FF << (9 * (s)))
#define GB_HONOR_MASK ((uint64_t)0x7F << 27)
#define GB_WIND_MASK ((uint64_t)0xF << 27)
#define GB_DRAGON_MASK ((uint64_t)0x7 << 31)
/* 1 and 9 of each suit */
#define GB_TERMINAL_MASK ((uint64_t)0x101 * (1 | (1 << 9) | ((uint64_t)1 << 18)))

static inline bool gb_is_suited(int kind) { return kind < 27; }
static inline int gb_rank(int kind) { return kind % 9; } /* 0-8 for suited kinds */

/* The six knitted arrangements: suit_of[a][j] is the suit holding j+1, j+4,
 * j+7 (147, 258, 369). */
extern const uint8_t gb_knitted_suit[6][3];
/* The nine kinds of each arrangement, and those plus the seven honors. */
extern const uint64_t gb_knitted_mask[6];

static inline int gb_popcount(uint64_t x)
{
#if defined(__POPCNT__)
    return __builtin_popcountll(x);
#else
    x = x - ((x >> 1) & 0x5555555555555555ull);
    x = (x & 0x3333333333333333ull) + ((x >> 2) & 0x3333333333333333ull);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0Full;
    return (int)((x * 0x0101010101010101ull) >> 56);
#endif
}

/* Bit k set for each kind k with a nonzero count: eight counts a word,
 * each byte's low bit gathered by one multiplication. Counts are at most 7. */
static inline uint64_t gb_kinds_held(const uint8_t counts[QIPAI_MJ_KINDS])
{
    uint64_t m = 0;
    for (int w = 0; w < 4; w++) {
        uint64_t x;
        memcpy(&x, counts + 8 * w, 8);
        x = (x | x >> 1 | x >> 2) & 0x0101010101010101ull;
        m |= ((x * 0x0102040810204080ull) >> 56) << (8 * w);
    }
    return m | (uint64_t)(counts[32] != 0) << 32 | (uint64_t)(counts[33] != 0) << 33;
}

/* How many kinds have all four copies (counts at most 4: bit 2 set). */
static inline int gb_fours(const uint8_t counts[QIPAI_MJ_KINDS])
{
    int n = (counts[32] == 4) + (counts[33] == 4);
    for (int w = 0; w < 4; w++) {
        uint64_t x;
        memcpy(&x, counts + 8 * w, 8);
        n += (int)(((x >> 2 & 0x0101010101010101ull) * 0x0101010101010101ull) >> 56);
    }
    return n;
}

/* Bit k for each kind with all four copies (counts at most 4). */
static inline uint64_t gb_kinds_held_four(const uint8_t counts[QIPAI_MJ_KINDS])
{
    uint64_t m = 0;
    for (int w = 0; w < 4; w++) {
        uint64_t x;
        memcpy(&x, counts + 8 * w, 8);
        m |= (((x >> 2 & 0x0101010101010101ull) * 0x0102040810204080ull) >> 56) << (8 * w);
    }
    return m | (uint64_t)(counts[32] == 4) << 32 | (uint64_t)(counts[33] == 4) << 33;
}

/* ---- tallies: the fans of one reading ----
 * A fan is present or not (a bit). The fans that can be scored more than
 * once (四归一, 双同刻, 一般高 ... 幺九刻, 花牌) all have ids from 64 on, so
 * only the upper word's fans keep a count; a tally stays small enough to
 * copy for every reading. */
typedef struct gb_tally {
    uint64_t bits[2];   /* bit f of the 128: fan f is present */
    uint8_t count[QIPAI_GB_FAN_COUNT - 64]; /* times fan 64 + i is scored, where present */
    int total;          /* after gb_tally_finish */
} gb_tally;

static inline void gb_tally_clear(gb_tally *t)
{
    t->bits[0] = t->bits[1] = 0;
    t->total = 0;
}

static inline bool gb_has(const gb_tally *t, int f)
{
    return (t->bits[f >> 6] >> (f & 63)) & 1;
}

/* Times fan f is scored (it must be present). */
static inline int gb_count(const gb_tally *t, int f)
{
    return f < 64 ? 1 : t->count[f - 64];
}

static inline void gb_set(gb_tally *t, int f, int n)
{
    t->bits[f >> 6] |= (uint64_t)1 << (f & 63);
    if (f >= 64)
        t->count[f - 64] = (uint8_t)n;
}

/* Scores f once more (only fans from 64 on are ever scored twice). */
static inline void gb_add(gb_tally *t, int f)
{
    if (f >= 64 && gb_has(t, f))
        t->count[f - 64]++;
    else
        gb_set(t, f, 1);
}

static inline void gb_unset(gb_tally *t, int f)
{
    t->bits[f >> 6] &= ~((uint64_t)1 << (f & 63));
}

/* Whether fan a's list of exclusions (不计) names fan b. */
bool gb_fan_excludes(int a, int b);

/* Applies the exclusions (不计) in the book's order: a fan that is present
 * and not itself excluded removes the fans it lists; an excluded fan
 * removes nothing. Then 九莲宝灯's one 幺九刻, and 无番和 when nothing but
 * flowers is left. Sets t->total. */
void gb_tally_finish(gb_tally *t);

/* Which of two finished tallies the book prefers: the higher total, then
 * the one whose fans come first in the table (at the first fan whose count
 * differs, the one with more). > 0 when a is preferred, 0 when equal. */
int gb_tally_compare(const gb_tally *a, const gb_tally *b);

/* ---- the chow-set table (generated) ----
 * For a multiset of up to four chows, the best combination of the fans
 * made only of chows (一色四同顺 ... 老少副) under 不重复 and 套算一次: one fan
 * of four chows; or one fan of three and, once, a pair fan joining the
 * fourth chow to one of them; or pair fans forming a forest (each new pair
 * brings a chow not yet combined). Most points, then the book's order. */
typedef struct gb_chow_fans {
    uint8_t points;
    uint8_t n;
    uint8_t fan[4];   /* fan ids */
    uint8_t chows[4]; /* bit i: the i-th chow (ascending) takes part */
} gb_chow_fans;

enum { GB_CHOW_KINDS = 21, GB_CHOW_TABLE_SIZE = 12650 };
extern const gb_chow_fans gb_chow_table[GB_CHOW_TABLE_SIZE];

/* A chow's index 0-20 (suit * 7 + lowest rank) from its lowest kind. */
static inline int gb_chow_index(int kind) { return kind / 9 * 7 + kind % 9; }
static inline int gb_chow_kind(int index) { return index / 7 * 9 + index % 7; }

/* The table slot of a multiset of n chow indices given ascending:
 * multisets of each size after the smaller ones, each ranked in the
 * combinatorial number system (x_i + i is strictly increasing). */
static inline int gb_chow_slot(const uint8_t *sorted, int n)
{
    static const uint16_t base[5] = {0, 1, 22, 253, 2024};
    static const uint16_t binom[24][5] = {
#define GB_B(n) {1, n, (n) * ((n) - 1) / 2, (n) * ((n) - 1) * ((n) - 2) / 6,                 \
                 (n) * ((n) - 1) * ((n) - 2) * ((n) - 3) / 24}
        GB_B(0),  GB_B(1),  GB_B(2),  GB_B(3),  GB_B(4),  GB_B(5),  GB_B(6),  GB_B(7),
        GB_B(8),  GB_B(9),  GB_B(10), GB_B(11), GB_B(12), GB_B(13), GB_B(14), GB_B(15),
        GB_B(16), GB_B(17), GB_B(18), GB_B(19), GB_B(20), GB_B(21), GB_B(22), GB_B(23),
#undef GB_B
    };
    int slot = base[n];
    for (int i = 0; i < n; i++)
        slot += binom[sorted[i] + i][i + 1];
    return slot;
}

/* ---- complete suits (generated by tools/gen/gen_gb_suits.c) ----
 * The suit shapes that are melds only or melds and one pair (at most four
 * melds, at most five copies a rank), as packed counts: 3 bits a rank, rank
 * 1 lowest. Open addressing, linear probing, never half full. A slot holds
 * key | ways << 27, ways the number of splits of a shape of at most four
 * copies a rank (0 for the others), listed from gb_suit_ways[first[slot]]:
 * bits 0-2 the melds, 3-6 the pair's rank (15 none), then 4 bits a meld,
 * 0-6 a chow at that rank, 7-15 a pung at rank code - 7. */
enum { GB_SUIT_SET_SIZE = 65536, GB_SUIT_MAX_WAYS = 4 };
#define GB_SUIT_EMPTY 0xFFFFFFFFu
#define GB_SUIT_KEY_MASK 0x07FFFFFFu
extern const uint32_t gb_suit_set[GB_SUIT_SET_SIZE];
extern const uint16_t gb_suit_first[GB_SUIT_SET_SIZE];
extern const uint32_t gb_suit_ways[];

static inline uint32_t gb_suit_hash(uint32_t key)
{
    return (key * 0x9E3779B1u) >> 16;
}

/* Packs nine counts (each at most 7) three bits apiece: bytes to 3-bit
 * fields by halving the lanes three times. */
static inline uint32_t gb_suit_key(const uint8_t *c9)
{
    uint64_t x;
    memcpy(&x, c9, 8);
    x = (x | x >> 5) & 0x003F003F003F003Full;
    x = (x | x >> 10) & 0x00000FFF00000FFFull;
    x = (x | x >> 20) & 0xFFFFFFull;
    return (uint32_t)x | (uint32_t)c9[8] << 24;
}

/* The tiles of a suit: the sum of its nine counts. */
static inline int gb_suit_size(const uint8_t *c9)
{
    uint64_t x;
    memcpy(&x, c9, 8);
    return (int)((x * 0x0101010101010101ull) >> 56) + c9[8];
}

/* The slot of a complete suit shape, or -1: melds only when it holds 3k
 * tiles, melds and a pair when 3k+2 (the two never share a size). */
static inline int gb_suit_find(uint32_t key)
{
    for (uint32_t slot = gb_suit_hash(key);; slot = (slot + 1) & (GB_SUIT_SET_SIZE - 1)) {
        uint32_t v = gb_suit_set[slot];
        if ((v & GB_SUIT_KEY_MASK) == key)
            return (int)slot;
        if (v == GB_SUIT_EMPTY)
            return -1;
    }
}

static inline bool gb_suit_complete(uint32_t key)
{
    return gb_suit_find(key) >= 0;
}

/* ---- readings ----
 * One way to read a winning hand, with the winning tile's place in it. */
enum {
    GB_PUNG_DECLARED = 1, /* one of the hand's melds */
    GB_PUNG_KONG = 2,
    GB_PUNG_CONCEALED = 4 /* concealed before the winning tile's role is applied */
};

enum { GB_ROLE_NONE, GB_ROLE_CHOW, GB_ROLE_PUNG, GB_ROLE_PAIR, GB_ROLE_KNITTED };

typedef struct gb_reading {
    uint8_t form;              /* qipai_gb_form */
    uint8_t nchow, npung;
    uint8_t chow[4];           /* lowest kinds, ascending among the found ones */
    uint8_t chow_declared;     /* bit i: chow[i] is a declared meld */
    uint8_t pung[4];
    uint8_t pung_flags[4];
    uint8_t concealed;         /* bit i: pung[i] is concealed, the winning tile's role aside */
    uint8_t pair;              /* kind, or GB_NO_TILE */
    uint8_t knitted;           /* 组合龙: arrangement + 1, else 0 */
    uint8_t role;              /* GB_ROLE_... of the winning tile */
    uint8_t role_index;        /* which chow or pung */
} gb_reading;

/* What a hand's readings share, worked out once per call. */
typedef struct gb_context {
    const qipai_gb_rules *rules;
    const qipai_gb_hand *hand;
    uint8_t all[40];             /* every tile, melds included; zeros after the 34 */
    uint64_t present;            /* kinds held anywhere */
    uint64_t concealed_present;  /* kinds among the concealed tiles */
    int win;                     /* the winning tile */
    bool self_drawn;
    bool concealed_hand;         /* no claimed meld (concealed kongs allowed) */
    int claimed_melds;
    int kongs, concealed_kongs;
    int shown;                   /* copies of the winning tile in the hand's melds */
    int unique_wait;             /* -1 not worked out yet, 0 no, 1 the winning tile is the only wait */
    gb_tally base_pairs;         /* what 七对, 十三幺, 全不靠 start from: the situation
                                    and the tile fans */
    gb_tally base_melds;         /* what the meld forms start from: that, the honor pungs
                                    and 九莲宝灯 */
    int honor_yaojiu;            /* wind pungs that score 幺九刻 */
    bool all_even;               /* every tile is a 2, 4, 6 or 8 */
    bool nine_gates;             /* 九莲宝灯 */
} gb_context;

/* Fills the parts of ctx every reading uses. */
void gb_context_init(gb_context *ctx, const qipai_gb_rules *rules, const qipai_gb_hand *hand);

/* Whether the winning tile is the only wait of the hand before it (边张,
 * 坎张 and 单钓将 need it): formal waits, a kind counting even when all its
 * copies are already held. pair: the pair of a standard reading (which
 * lets the check look at two groups only), or GB_NO_TILE. Cached in ctx. */
bool gb_unique_wait(gb_context *ctx, int pair);

/* Scores one reading of the meld forms (standard, knitted straight) into t,
 * finished. */
void gb_score_reading(gb_context *ctx, const gb_reading *r, gb_tally *t);

/* Scores a form without melds (seven pairs, thirteen orphans, 全不靠) into
 * t, finished. */
void gb_score_special(gb_context *ctx, int form, gb_tally *t);

/* The same before the exclusions (the tests check each exclusion had
 * something to exclude). */
void gb_score_reading_raw(gb_context *ctx, const gb_reading *r, gb_tally *t);
void gb_score_special_raw(gb_context *ctx, int form, gb_tally *t);

/* The chosen breakdown of a winning hand as tallies: before the exclusions
 * (raw) and after (final); false when it does not win or fails the check. */
bool gb_fan_tallies(const qipai_gb_rules *rules, const qipai_gb_hand *hand, gb_tally *raw,
                    gb_tally *final);

/* The parts of scoring the explanation repeats to find what each fan was
 * scored on. Fans among suited pungs (一色四节高 ... 双同刻): up to 4, each
 * with a mask of the pungs (bit i: kinds[i]) it uses. */
int gb_pung_relations(const uint8_t *kinds, int n, uint8_t fan[4], uint8_t mask[4]);
/* 一色双龙会 or 三色双龙会 of a reading, or 0. */
int gb_dragon_meet(const gb_reading *r);
/* Pungs (and kongs) concealed in the reading, the winning tile's role applied:
 * bit i for r->pung[i]. */
unsigned gb_concealed_pungs(const gb_context *ctx, const gb_reading *r);

/* Fills result->groups and each fan's groups for the chosen reading (r) or
 * form without melds (r NULL), and the fan list from t. */
void gb_explain(gb_context *ctx, const gb_reading *r, int form, const gb_tally *t,
                qipai_gb_result *result);

/* Calls each(reading) for every reading of the meld forms: every
 * decomposition and every role of the winning tile in it. */
typedef void (*gb_reading_fn)(gb_context *ctx, const gb_reading *r, void *arg);
void gb_each_reading(gb_context *ctx, gb_reading_fn each, void *arg);

/* Whether the concealed counts (plus the hand's melds) win as seven pairs,
 * thirteen orphans, or 全不靠 (returns the arrangement + 1, or 0). */
bool gb_is_seven_pairs(const gb_context *ctx);
bool gb_is_thirteen_orphans(const gb_context *ctx);
int gb_honors_knitted(const gb_context *ctx);

/* Standard-form win of counts with `melds` melds to find and a pair; counts
 * may exceed four (formal waits). */
bool gb_formal_standard(const uint8_t counts[QIPAI_MJ_KINDS], int melds);

/* Waits of the concealed tiles of a hand of 13 - 3 per meld (a mask of
 * kinds), formal: every kind completing some shape, held copies ignored. */
uint64_t gb_formal_waits(const uint8_t counts[QIPAI_MJ_KINDS], int meld_count);

#endif
