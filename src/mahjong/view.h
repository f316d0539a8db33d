/*
 * The view every core call works on: a hand under a rule set, with copies
 * of wild kinds folded into the wildcard count, the four group keys looked
 * up, and the limits checked, once. Internal to src/mahjong/.
 */
#ifndef QIPAI_MJ_VIEW_H
#define QIPAI_MJ_VIEW_H

#include <qipai/mahjong.h>

#include <string.h>

#include "mahjong/shape.h"

/* Group g (0-2 the suits, 3 the honors) starts at kind 9g. */
enum { MJ_GROUPS = 4 };

typedef struct mj_view {
    const uint8_t *c;          /* real tiles, wild kinds at 0: the hand's, or folded */
    uint8_t folded[QIPAI_MJ_KINDS];
    int wilds;
    int total;
    uint32_t key[MJ_GROUPS]; /* rank | tiles << 20 of each group */
} mj_view;

#define MJ_BYTES(b) (0x0101010101010101ull * (uint8_t)(b))

/* Nonzero when some byte of x is above limit (limit < 128). */
static inline uint64_t mj_bytes_above(uint64_t x, unsigned limit)
{
    return ((x + MJ_BYTES(127 - limit)) | x) & MJ_BYTES(0x80);
}

static inline int mj_popcount(uint64_t x)
{
    x = x - ((x >> 1) & 0x5555555555555555ull);
    x = (x & 0x3333333333333333ull) + ((x >> 2) & 0x3333333333333333ull);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0Full;
    return (int)((x * MJ_BYTES(1)) >> 56);
}

static inline uint32_t mj_key_rank(uint32_t key) { return key & MJ_KEY_RANK_MASK; }
static inline int mj_key_tiles(uint32_t key) { return (int)(key >> MJ_KEY_TILES_SHIFT); }

/* The wildcards of a hand under the rules: its own, plus every copy of a
 * wild kind, which folded[] then holds at 0; the counts to read. */
__attribute__((always_inline)) static inline const uint8_t *
mj_fold_wilds(const qipai_mj_rules *rules, const qipai_mj_hand *hand, uint8_t *folded,
              int *wilds)
{
    *wilds = hand->wilds;
    if (!rules->wild_kinds)
        return hand->counts;
    memcpy(folded, hand->counts, QIPAI_MJ_KINDS);
    for (uint64_t w = rules->wild_kinds; w; w &= w - 1) {
        int k = __builtin_ctzll(w);
        if (k < QIPAI_MJ_KINDS) {
            *wilds += folded[k];
            folded[k] = 0;
        }
    }
    return folded;
}

/* Counts 0-31 as four words (one load each; a memcpy into an array goes
 * through the stack). */
typedef struct mj_words {
    uint64_t w0, w1, w2, w3;
} mj_words;

static inline mj_words mj_words_of(const uint8_t *c)
{
    mj_words w;
    memcpy(&w.w0, c, 8);
    memcpy(&w.w1, c + 8, 8);
    memcpy(&w.w2, c + 16, 8);
    memcpy(&w.w3, c + 24, 8);
    return w;
}

/* The limits every call checks, from the counts alone: all tiles (wilds
 * included) in *total; false when a kind is held more than 4 times, there
 * are more than 14 tiles or honors under a 27-kind rule set. */
__attribute__((always_inline)) static inline bool mj_counts_ok(const qipai_mj_rules *rules,
                                                       const uint8_t *c, int wilds, int *total)
{
    mj_words w = mj_words_of(c);
    unsigned c32 = c[32], c33 = c[33];
    uint64_t over = mj_bytes_above(w.w0, 4) | mj_bytes_above(w.w1, 4) |
                    mj_bytes_above(w.w2, 4) | mj_bytes_above(w.w3, 4) | (c32 > 4) | (c33 > 4) |
                    (wilds > QIPAI_MJ_MAX_TILES);
    if (over)
        return false;
    /* Bytes are at most 4, so the four words' byte sums stay under 256. */
    uint64_t bytes = w.w0 + w.w1 + w.w2 + w.w3;
    *total = wilds + (int)((bytes * MJ_BYTES(1)) >> 56) + (int)(c32 + c33);
    bool honors = (w.w3 >> 24) | c32 | c33;
    return *total <= QIPAI_MJ_MAX_TILES && (rules->kinds == QIPAI_MJ_KINDS || !honors);
}

/* Fills v; false when the hand breaks a limit (more than 4 of a kind, more
 * than 14 tiles, a tile outside the tile set), which callers answer "no". */
__attribute__((always_inline)) static inline bool mj_view_init(mj_view *v, const qipai_mj_rules *rules,
                                                       const qipai_mj_hand *hand)
{
    int wilds;
    v->c = mj_fold_wilds(rules, hand, v->folded, &wilds);
    uint64_t word[4];
    memcpy(word, v->c, sizeof word);
    uint64_t over = mj_bytes_above(word[0], 4) | mj_bytes_above(word[1], 4) |
                    mj_bytes_above(word[2], 4) | mj_bytes_above(word[3], 4) |
                    (v->c[32] > 4) | (v->c[33] > 4) | (wilds > QIPAI_MJ_MAX_TILES);
    if (over)
        return false;
    v->key[0] = mj_suit_key(v->c);
    v->key[1] = mj_suit_key(v->c + 9);
    v->key[2] = mj_suit_key(v->c + 18);
    v->key[3] = mj_honor_key(v->c + 27);
    int honors = mj_key_tiles(v->key[3]);
    v->wilds = wilds;
    v->total = wilds + mj_key_tiles(v->key[0]) + mj_key_tiles(v->key[1]) +
               mj_key_tiles(v->key[2]) + honors;
    return v->total <= QIPAI_MJ_MAX_TILES && (rules->kinds == QIPAI_MJ_KINDS || honors == 0);
}

/* Whether some kind is held four times (counts are 0..4). */
static inline bool mj_view_has_quad(const mj_view *v)
{
    uint64_t word[4];
    memcpy(word, v->c, sizeof word);
    return ((word[0] | word[1] | word[2] | word[3]) & MJ_BYTES(4)) || ((v->c[32] | v->c[33]) & 4);
}

/* The key of group g of counts c, for shapes that change during a search. */
static inline uint32_t mj_group_key(const uint8_t *c, int g)
{
    return g < 3 ? mj_suit_key(c + 9 * g) : mj_honor_key(c + 27);
}

/* The need byte of group g of counts c (shape.h). */
static inline uint8_t mj_group_need(const uint8_t *c, int g)
{
    return g < 3 ? mj_suit_need_at(c + 9 * g) : mj_honor_need_at(c + 27);
}

/* Least wildcards to make the four groups of counts c melds and one pair:
 * all groups' melds, and the pair where it costs least (written out, so the
 * eight lookups overlap). */
__attribute__((always_inline)) static inline int mj_standard_need(const uint8_t *c)
{
    unsigned n0 = mj_suit_need_at(c), n1 = mj_suit_need_at(c + 9), n2 = mj_suit_need_at(c + 18),
             n3 = mj_honor_need_at(c + 27);
    int m0 = n0 & 15, m1 = n1 & 15, m2 = n2 & 15, m3 = n3 & 15;
    int e0 = (int)(n0 >> 4) - m0, e1 = (int)(n1 >> 4) - m1, e2 = (int)(n2 >> 4) - m2,
        e3 = (int)(n3 >> 4) - m3;
    int e01 = e0 < e1 ? e0 : e1, e23 = e2 < e3 ? e2 : e3;
    return m0 + m1 + m2 + m3 + (e01 < e23 ? e01 : e23);
}

/* Which of the three suits of counts c hold tiles: bit g for suit g. */
static inline unsigned mj_suits_held(const uint8_t *c)
{
    uint64_t s0, s1, s2;
    memcpy(&s0, c, 8);
    memcpy(&s1, c + 9, 8);
    memcpy(&s2, c + 18, 8);
    return (unsigned)((s0 | c[8]) != 0) | (unsigned)((s1 | c[17]) != 0) << 1 |
           (unsigned)((s2 | c[26]) != 0) << 2;
}

/* How many suits (of the three) hold real tiles. */
static inline int mj_suit_count(const mj_view *v)
{
    return (mj_key_tiles(v->key[0]) > 0) + (mj_key_tiles(v->key[1]) > 0) +
           (mj_key_tiles(v->key[2]) > 0);
}

/* The counts as three bit sets: bit k of bit[b] is bit b of counts[k]
 * (counts are 0..4), gathered eight kinds at a time. From them: held once
 * is bit0 & ~bit1 & ~bit2, four times is bit2, and so on. */
typedef struct mj_count_bits {
    uint64_t bit[3];
} mj_count_bits;

/* Bit k: bit b of counts c[k], for the 34 kinds; w holds c[0..31]. Each
 * word's eight bits are gathered by one multiply (bit 8i lands on 56+i). */
__attribute__((always_inline)) static inline uint64_t mj_count_plane(const mj_words *w,
                                                             const uint8_t *c, int b)
{
    const uint64_t gather = 0x0102040810204080ull;
    return (((w->w0 >> b) & MJ_BYTES(1)) * gather) >> 56 |
           (((w->w1 >> b) & MJ_BYTES(1)) * gather) >> 56 << 8 |
           (((w->w2 >> b) & MJ_BYTES(1)) * gather) >> 56 << 16 |
           (((w->w3 >> b) & MJ_BYTES(1)) * gather) >> 56 << 24 |
           ((((uint64_t)c[32] | (uint64_t)c[33] << 8) >> b & 0x101) * gather) >> 56 << 32;
}

static inline void mj_count_bits_of(const uint8_t *c, mj_count_bits *out)
{
    mj_words w = mj_words_of(c);
    out->bit[0] = mj_count_plane(&w, c, 0);
    out->bit[1] = mj_count_plane(&w, c, 1);
    out->bit[2] = mj_count_plane(&w, c, 2);
}

/* Kinds 0-33 that are terminals or honors. */
#define MJ_ORPHANS 0x3FC060301ull

static inline bool mj_is_orphan(int kind)
{
    return kind >= 27 || kind % 9 == 0 || kind % 9 == 8;
}

#endif
