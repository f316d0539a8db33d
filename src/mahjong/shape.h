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

enum {
    MJ_SUIT_LEN = 9,
    MJ_HONOR_LEN = 7,
    MJ_SHAPE_MAX_SUM = 14,
    MJ_SUIT_SHAPES = 405350, /* 9-vectors of 0..4 summing to at most 14 */
    MJ_HONOR_SHAPES = 43130  /* 7-vectors of 0..4 summing to at most 14 */
};

/* The rank of a shape is its position in lexicographic order among all
 * shapes. It is found in two lookups: the first kinds ("head": 5 of a suit,
 * 4 honors) as a base-5 number index a table giving their part of the rank
 * and their tile count; that count and the rest ("tail") index a second
 * table giving the tail's part and the group's whole tile count. Entries
 * are rank | tiles << 20 (rank < 2^19); a key adds the two. Rows for head
 * counts above 14 exist only so that any 0..4 counts stay inside the table;
 * their ranks mean nothing, and the tile count (> 14) says so. */
enum { MJ_KEY_RANK_MASK = 0xFFFFF, MJ_KEY_TILES_SHIFT = 20 };

extern const uint32_t mj_suit_head[3125];
extern const uint32_t mj_suit_tail[21][625];
extern const uint32_t mj_honor_head[625];
extern const uint32_t mj_honor_tail[17][125];

/* Key of a suit's 9 counts (each 0..4): rank | tiles << 20. The head's
 * tile count is summed directly (bytes in a word), so the two lookups do
 * not wait for each other. */
static inline uint32_t mj_suit_key(const uint8_t *c)
{
    uint64_t word;
    memcpy(&word, c, sizeof word);
    unsigned head_tiles = (unsigned)(((word & 0xFFFFFFFFFFull) * 0x0101010101010101ull) >> 56);
    unsigned head = c[0] + 5u * (c[1] + 5u * (c[2] + 5u * (c[3] + 5u * c[4])));
    unsigned tail = c[5] + 5u * (c[6] + 5u * (c[7] + 5u * c[8]));
    return (mj_suit_head[head] & MJ_KEY_RANK_MASK) + mj_suit_tail[head_tiles][tail];
}

static inline uint32_t mj_honor_key(const uint8_t *c)
{
    uint32_t word;
    memcpy(&word, c, sizeof word);
    unsigned head_tiles = (word * 0x01010101u) >> 24;
    unsigned head = c[0] + 5u * (c[1] + 5u * (c[2] + 5u * c[3]));
    unsigned tail = c[4] + 5u * (c[5] + 5u * c[6]);
    return (mj_honor_head[head] & MJ_KEY_RANK_MASK) + mj_honor_tail[head_tiles][tail];
}

static inline uint32_t mj_suit_rank(const uint8_t *c) { return mj_suit_key(c) & MJ_KEY_RANK_MASK; }
static inline uint32_t mj_honor_rank(const uint8_t *c) { return mj_honor_key(c) & MJ_KEY_RANK_MASK; }

/* Wildcards a shape needs to become melds only (low nibble) or melds and
 * one pair (high nibble), a wildcard standing for any tile, a fifth copy
 * included; values above 14 are stored as 15 (never reachable in a hand). */
extern const uint8_t mj_suit_need[MJ_SUIT_SHAPES];
extern const uint8_t mj_honor_need[MJ_HONOR_SHAPES];

/* Waits: for shapes of at most 13 tiles, which added kinds lower a need by
 * one (otherwise it rises by two: adding a tile changes it by -1 or +2).
 * Kinds held four times never have their bit set.
 * Honors: mj_honor_wait[rank], bit t for melds, bit 16+t for melds and pair.
 * Suits: few distinct entries exist, so a shape holds an index:
 * mj_suit_wait_entries[mj_suit_wait_index[rank]] is
 * melds mask | pair mask << 9 | need byte << 24. */
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

#endif
