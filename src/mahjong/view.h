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
    bool quads;              /* some kind is held four times */
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

/* Fills v; false when the hand breaks a limit (more than 4 of a kind, more
 * than 14 tiles, a tile outside the tile set), which callers answer "no". */
__attribute__((always_inline)) static inline bool mj_view_init(mj_view *v, const qipai_mj_rules *rules,
                                                       const qipai_mj_hand *hand)
{
    int wilds = hand->wilds;
    v->c = hand->counts;
    if (rules->wild_kinds) {
        memcpy(v->folded, hand->counts, sizeof v->folded);
        for (uint64_t w = rules->wild_kinds; w; w &= w - 1) {
            int k = __builtin_ctzll(w);
            if (k < QIPAI_MJ_KINDS) {
                wilds += v->folded[k];
                v->folded[k] = 0;
            }
        }
        v->c = v->folded;
    }
    uint64_t word[4];
    memcpy(word, v->c, sizeof word);
    uint64_t over = mj_bytes_above(word[0], 4) | mj_bytes_above(word[1], 4) |
                    mj_bytes_above(word[2], 4) | mj_bytes_above(word[3], 4) |
                    (v->c[32] > 4) | (v->c[33] > 4) | (wilds > QIPAI_MJ_MAX_TILES);
    if (over)
        return false;
    v->quads = (mj_bytes_above(word[0], 3) | mj_bytes_above(word[1], 3) | mj_bytes_above(word[2], 3) |
                mj_bytes_above(word[3], 3) | (v->c[32] == 4) | (v->c[33] == 4)) != 0;
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

/* The key of group g of counts c, for shapes that change during a search. */
static inline uint32_t mj_group_key(const uint8_t *c, int g)
{
    return g < 3 ? mj_suit_key(c + 9 * g) : mj_honor_key(c + 27);
}

static inline uint8_t mj_need_of(int g, uint32_t key)
{
    return g < 3 ? mj_suit_need[mj_key_rank(key)] : mj_honor_need[mj_key_rank(key)];
}

/* Least wildcards to make the four groups melds and one pair. */
static inline int mj_standard_need(const mj_view *v)
{
    int sum = 0, extra = 15;
    for (int g = 0; g < MJ_GROUPS; g++) {
        uint8_t need = mj_need_of(g, v->key[g]);
        int m = need & 15, p = need >> 4;
        sum += m;
        extra = p - m < extra ? p - m : extra;
    }
    return sum + extra;
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

static inline void mj_count_bits_of(const uint8_t *c, mj_count_bits *out)
{
    uint64_t word[5];
    memcpy(word, c, 32);
    word[4] = (uint64_t)c[32] | (uint64_t)c[33] << 8;
    for (int b = 0; b < 3; b++) {
        uint64_t bits = 0;
        for (int w = 0; w < 5; w++)
            bits |= (((word[w] >> b) & MJ_BYTES(1)) * 0x0102040810204080ull) >> 56 << (8 * w);
        out->bit[b] = bits;
    }
}

/* Kinds 0-33 that are terminals or honors. */
#define MJ_ORPHANS 0x3FC060301ull

static inline bool mj_is_orphan(int kind)
{
    return kind >= 27 || kind % 9 == 0 || kind % 9 == 8;
}

#endif
