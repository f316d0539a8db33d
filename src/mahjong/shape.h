/*
 * Shapes: the tiles a hand holds in one group (a suit of 9 kinds, or the 7
 * honors) as a count vector, and the dense index ("rank") every lookup table
 * of the core is addressed by. Shared by the build-time generator
 * (tools/gen/gen_mj_tables.c) and the library, so both agree on the layout.
 *
 * Invariant: a shape holds at most 14 tiles and at most 4 of a kind; the
 * rank of such a shape is below QIPAI_MJ_SUIT_SHAPES (or HONOR_SHAPES).
 */
#ifndef QIPAI_MJ_SHAPE_H
#define QIPAI_MJ_SHAPE_H

#include <stdint.h>
#include <string.h>

#include "common/byteorder.h"

/* The tables are the library's own (hidden, as their definitions are), so
 * the shared library reaches them without the GOT. */
#pragma GCC visibility push(hidden)

enum {
    MJ_SUIT_LEN = 9,
    MJ_HONOR_LEN = 7,
    MJ_SHAPE_MAX_SUM = 14,
    MJ_SUIT_SHAPES = 405350, /* 9-vectors of 0..4 summing to at most 14 */
    MJ_HONOR_SHAPES = 43130  /* 7-vectors of 0..4 summing to at most 14 */
};

/* Adjacent counts paired in 16-bit lanes: lane j of the result is
 * x[2j] + 5 x[2j+1] (< 25), for the 8 bytes of w. */
static inline uint64_t mj_base5_pairs(uint64_t w)
{
    const uint64_t even = 0x00FF00FF00FF00FFull;
    return (w & even) + 5 * ((w >> 8) & even);
}

/* The first six of a suit's counts in base 5 (c0 + 5 c1 + ... + 3125 c5,
 * < 15625) from the pairs p of c[0..7]: the multiply puts p0 + 25 p1 +
 * 625 p2 in bits 32-47; no lane below overflows 16 bits (p0 * 625 and
 * p0 * 25 + p1 * 625 stay under 15,625), so nothing carries into it. */
static inline unsigned mj_suit_head6(uint64_t p)
{
    return (unsigned)((p * (625u + (25ull << 16) + (1ull << 32))) >> 32) & 0xFFFF;
}

/* The rank of a shape is its position in lexicographic order among all
 * shapes. It is found in two lookups: the first kinds ("head": 6 of a suit,
 * 4 honors) as a base-5 number index a table giving their part of the rank
 * and their tile count; that count and the rest ("tail": the last 3) index
 * a second table giving the tail's part and the group's whole tile count.
 * Entries are rank | tiles << 20 (rank < 2^19); a key adds the two. Rows
 * for head counts above 14 exist only so that any 0..4 counts stay inside
 * the table; their ranks mean nothing, and the tile count (> 14) says so.
 * The head and tail are those of the need lookup below, one multiply on
 * paired counts each. */
enum { MJ_KEY_RANK_MASK = 0xFFFFF, MJ_KEY_TILES_SHIFT = 20 };
enum { MJ_SUIT_KEY_HEAD = 6, MJ_HONOR_KEY_HEAD = 4 };

extern const uint32_t mj_suit_head[15625];
extern const uint32_t mj_suit_tail[25][125];
extern const uint32_t mj_honor_head[625];
extern const uint32_t mj_honor_tail[17][125];

/* Key of a suit's 9 counts (each 0..4): rank | tiles << 20. The head's
 * tile count is summed directly (bytes in a word), so the two lookups do
 * not wait for each other. */
static inline uint32_t mj_suit_key(const uint8_t *c)
{
    uint64_t word;
    memcpy(&word, c, sizeof word);
    unsigned head_tiles = (unsigned)(((word & 0xFFFFFFFFFFFFull) * 0x0101010101010101ull) >> 56);
    uint64_t p = mj_base5_pairs(word);
    unsigned head = mj_suit_head6(p), tail = (unsigned)(p >> 48) + 25u * c[8];
    return (mj_suit_head[head] & MJ_KEY_RANK_MASK) + mj_suit_tail[head_tiles][tail];
}

/* The honors' counts c[0..6], from the 8 bytes ending at c[6] (c[-1] is
 * read and dropped): lane 1 of q is c0 + 5 c1 + 25 c2 + 125 c3, lane 3
 * c4 + 5 c5 + 25 c6. */
static inline uint64_t mj_honor_lanes(const uint8_t *c)
{
    uint64_t w;
    memcpy(&w, c - 1, sizeof w);
    return mj_base5_pairs(w >> 8) * (25u + (1ull << 16));
}

static inline uint32_t mj_honor_key(const uint8_t *c)
{
    uint32_t word;
    memcpy(&word, c, sizeof word);
    unsigned head_tiles = (word * 0x01010101u) >> 24;
    uint64_t q = mj_honor_lanes(c);
    unsigned head = (unsigned)(q >> 16) & 0xFFFF, tail = (unsigned)(q >> 48);
    return (mj_honor_head[head] & MJ_KEY_RANK_MASK) + mj_honor_tail[head_tiles][tail];
}

static inline uint32_t mj_suit_rank(const uint8_t *c) { return mj_suit_key(c) & MJ_KEY_RANK_MASK; }
static inline uint32_t mj_honor_rank(const uint8_t *c) { return mj_honor_key(c) & MJ_KEY_RANK_MASK; }

/* The need byte: wildcards a shape needs to become melds only (low nibble)
 * or melds and one pair (high nibble), a wildcard standing for any tile, a
 * fifth copy included; values above 14 are stored as 15 (never reachable in
 * a hand). It is found from the counts alone, without the rank: a shape's
 * last 3 kinds ("tail", base 5) index a row of 125 bytes, chosen by its
 * first kinds (6 of a suit, 4 honors) through a head table holding the
 * row's offset. Heads share a row when it agrees on every tail that makes a
 * shape with them (the generator merges them: 348 rows for suits, 40 for
 * honors), so the tables take 81 KB where one byte per rank took 439 KB,
 * and the win check needs no key lookup first. Tails that would put more
 * than 14 tiles in the group read 0xFF: a hand never uses them (it would
 * hold more than 14 tiles). */
enum { MJ_NEED_TAIL_LEN = 3, MJ_NEED_TAILS = 125 };
extern const uint16_t mj_suit_need_head[15625];
extern const uint8_t mj_suit_need_tail[];
extern const uint16_t mj_honor_need_head[625];
extern const uint8_t mj_honor_need_tail[];

/* The need byte of a suit's counts c[0..8] (each 0..4): head and tail as
 * in its key. */
__attribute__((always_inline)) static inline uint8_t mj_suit_need_at(const uint8_t *c)
{
    uint64_t w;
    memcpy(&w, c, sizeof w);
    uint64_t p = mj_base5_pairs(w);
    unsigned head = mj_suit_head6(p), tail = (unsigned)(p >> 48) + 25u * c[8];
    return mj_suit_need_tail[mj_suit_need_head[head] + tail];
}

/* The need byte of the honors' counts c[0..6]: head c0..c3, tail c4..c6,
 * from the 8 bytes ending at c[6] (so c[-1] is read and dropped). */
__attribute__((always_inline)) static inline uint8_t mj_honor_need_at(const uint8_t *c)
{
    uint64_t q = mj_honor_lanes(c);
    unsigned head = (unsigned)(q >> 16) & 0xFFFF, tail = (unsigned)(q >> 48);
    return mj_honor_need_tail[mj_honor_need_head[head] + tail];
}

/* Waits: for shapes of at most 13 tiles, which added kinds lower a need by
 * one (otherwise it rises by two: adding a tile changes it by -1 or +2).
 * Kinds held four times never have their bit set.
 * An entry is melds mask | pair mask << 9 | need byte << 24 (bit t of a
 * mask: kind t of the group). Honors: mj_honor_wait[rank]. Suits: few
 * distinct entries exist, so a shape holds an index:
 * mj_suit_wait_entries[mj_suit_wait_index[rank]]. */
extern const uint32_t mj_honor_wait[MJ_HONOR_SHAPES];
extern const uint16_t mj_suit_wait_index[MJ_SUIT_SHAPES];
extern const uint32_t mj_suit_wait_entries[];

/* Shanten targets. For m melds (0..4) with or without the pair, a shape
 * must add U(m,p) tiles to hold such a target, never more than 4 of a kind;
 * the ten numbers are a target vector, nibble 2m+p (bits 8m+4p) of a word.
 * Combining groups takes, for every (m, p), the best split of the melds and
 * the pair between them. All the vectors groups can have, and all their
 * combinations, are fewer than 256 (the generator closes the set), so a
 * vector is a byte: mj_target_vector[] gives its words, and
 * mj_target_combine[a][b] the combination of two. Index 0 is the empty
 * group's vector (m fresh melds, 3m tiles, the pair 2 more), which changes
 * no combination. Adding a tile lowers each U by 0 or 1. */
extern const int mj_target_vectors;
extern const uint64_t mj_target_vector[];
extern const uint8_t mj_target_combine[256][256];
/* Bit 2m+p: target (m,p) of vector a lies on a split with vector b reaching
 * the least for k melds and the pair: mj_target_optimal[(a*N + b)*5 + k]. */
extern const uint16_t mj_target_optimal[];

enum { MJ_TARGET_EMPTY = 0 };

/* The least tiles to add for k melds and the pair, from a vector index. */
static inline int mj_target_least(uint8_t vector, int k)
{
    return (int)(mj_target_vector[vector] >> (8 * k + 4) & 15);
}

/* Suits: the need byte and the target vectors (strict, and with a fifth
 * copy allowed) of a shape take fewer than 256 values together, so a shape
 * holds a one-byte class (405 KB): mj_suit_classes[mj_suit_class[rank]] is
 * need | strict << 8 | with fifths << 16. A wildcard standing for a fifth
 * copy lowers some targets of a shape holding four of a kind, by one. */
extern const uint8_t mj_suit_class[MJ_SUIT_SHAPES];
extern const uint32_t mj_suit_classes[];

static inline uint8_t mj_suit_targets(uint32_t rank)
{
    return (uint8_t)(mj_suit_classes[mj_suit_class[rank]] >> 8);
}

static inline uint8_t mj_suit_targets_fifths(uint32_t rank)
{
    return (uint8_t)(mj_suit_classes[mj_suit_class[rank]] >> 16);
}

/* Honors: the target vector of a shape; honors gain more from fifth copies
 * (no sequences: a fourth honor is stranded otherwise), up to two per kind
 * held four times, so their vectors are kept by budget: when f = 1..6 added
 * tiles may be fifth copies. More never helps; the generator checks. */
enum { MJ_HONOR_FIFTHS = 6 };
extern const uint8_t mj_honor_targets[MJ_HONOR_SHAPES];
extern const uint8_t mj_honor_fifths[MJ_HONOR_SHAPES][MJ_HONOR_FIFTHS];

/* For shapes of at most 13 tiles: the kinds (positions in the group) whose
 * addition lowers target 2m+p by one, 9 bits a target, three words a shape:
 * targets 0-6 at bits 9(2m+p) of the first two words (a 64-bit value),
 * targets 7-9 at bits 9(2m+p-7) of the third. Strict targets: a fifth copy
 * is not counted here. */
extern const uint32_t mj_suit_lowers[MJ_SUIT_SHAPES * 3];
extern const uint32_t mj_honor_lowers[MJ_HONOR_SHAPES * 3];

/* The kinds of a group (positions) whose draw lowers any of the targets in
 * `targets` (bit 2m+p), from its lowers entry. */
static inline unsigned mj_lowering_kinds(const uint32_t *entry, unsigned targets)
{
    uint64_t low = (uint64_t)entry[0] | (uint64_t)entry[1] << 32;
    unsigned kinds = 0;
    for (; targets; targets &= targets - 1) {
        int mp = __builtin_ctz(targets);
        kinds |= (mp < 7 ? (unsigned)(low >> (9 * mp)) : entry[2] >> (9 * (mp - 7))) & 0x1FF;
    }
    return kinds;
}

#pragma GCC visibility pop

#endif
