/*
 * Waits of a 3k+1 hand (docs/RULES.md, "Waits"). The standard form needs no
 * trial wins: per group, the wait table says which added kinds lower the
 * group's need, and the other groups' needs set the budget it must meet.
 */
#include "mahjong/win.h"
#include "common/fail.h"

enum { ALL_SUIT = 0x1FF, ALL_HONOR = 0x7F };

/* The waits of one group from its wait entry (shape.h). b: the wildcards
 * left once every group's melds are paid; x: the group's own pair's extra
 * cost (its need with the pair less its need without); other: the least
 * such extra among the other groups (an empty group's is 2, a pair of
 * wildcards). An added tile lowers a need by one (the entry's masks) or
 * raises it by two (any kind). With the pair here the group's pair need may
 * reach b + its melds need: the pair mask when x <= b + 1, any kind when
 * x + 2 <= b. With the pair elsewhere its melds need may reach b - other +
 * its melds need: the melds mask when other <= b + 1, any kind when
 * other + 2 <= b. These are the tests of 1.0.0's loop, rearranged. */
static inline uint32_t group_waits(uint32_t entry, int b, int x, int other, uint32_t all)
{
    uint32_t pair_mask = entry >> 9 & 0x1FF, meld_mask = entry & 0x1FF;
    int least = x < other ? x : other;
    return (pair_mask & -(uint32_t)(b - x >= -1)) | (meld_mask & -(uint32_t)(b - other >= -1)) |
           (all & -(uint32_t)(b - least >= 2));
}

/* Branch-free: the tests' answers are not predictable, and every group is
 * done the same way (the honors' entry has the suits' layout). */
static uint64_t standard_waits(const mj_view *v)
{
    uint32_t e0 = mj_suit_wait_entries[mj_suit_wait_index[mj_key_rank(v->key[0])]],
             e1 = mj_suit_wait_entries[mj_suit_wait_index[mj_key_rank(v->key[1])]],
             e2 = mj_suit_wait_entries[mj_suit_wait_index[mj_key_rank(v->key[2])]],
             e3 = mj_honor_wait[mj_key_rank(v->key[3])];
    int m0 = e0 >> 24 & 15, m1 = e1 >> 24 & 15, m2 = e2 >> 24 & 15, m3 = e3 >> 24 & 15;
    int x0 = (int)(e0 >> 28) - m0, x1 = (int)(e1 >> 28) - m1, x2 = (int)(e2 >> 28) - m2,
        x3 = (int)(e3 >> 28) - m3;
    int b = v->wilds - (m0 + m1 + m2 + m3);
    int x01 = x0 < x1 ? x0 : x1, x23 = x2 < x3 ? x2 : x3;
    int o0 = x1 < x23 ? x1 : x23, o1 = x0 < x23 ? x0 : x23, o2 = x3 < x01 ? x3 : x01,
        o3 = x2 < x01 ? x2 : x01;
    return (uint64_t)group_waits(e0, b, x0, o0, ALL_SUIT) |
           (uint64_t)group_waits(e1, b, x1, o1, ALL_SUIT) << 9 |
           (uint64_t)group_waits(e2, b, x2, o2, ALL_SUIT) << 18 |
           (uint64_t)group_waits(e3, b, x3, o3, ALL_HONOR) << 27;
}

/* bits->bit[1] is read only under distinct pairs. */
static uint64_t seven_pairs_waits(const qipai_mj_rules *rules, const mj_view *v,
                                  const mj_count_bits *bits)
{
    uint64_t b0 = bits->bit[0], b1 = bits->bit[1], b2 = bits->bit[2];
    uint64_t odd, even;
    if (rules->seven_pairs_distinct) {
        if ((b1 & b0) | b2)
            return 0; /* a kind held three or four times */
        odd = b0;                /* held once: a second makes the pair */
        even = ~(b0 | b1);       /* not held: a single, needing a wildcard */
    } else {
        odd = b0;                /* held once or three times */
        even = ~b0;              /* held 0, 2 or 4 times (4 is left out later) */
    }
    int singles = mj_popcount(b0); /* bits above kind 33 are clear */
    uint64_t mask = 0;
    if (singles - 1 <= v->wilds)
        mask |= odd;
    if (singles + 1 <= v->wilds)
        mask |= even;
    return mask;
}

static uint64_t thirteen_orphans_waits(const mj_count_bits *bits)
{
    uint64_t held = bits->bit[0] | bits->bit[1] | bits->bit[2];
    uint64_t many = bits->bit[1] | bits->bit[2], pairs = bits->bit[1] & ~bits->bit[0] & ~bits->bit[2];
    if ((held & ~MJ_ORPHANS) || (many & ~pairs) || mj_popcount(pairs) > 1)
        return 0; /* a non-orphan, an orphan held three or four times, two pairs */
    return pairs ? MJ_ORPHANS & ~held : MJ_ORPHANS;
}

uint64_t qipai_mj_wait_mask(const qipai_mj_rules *rules, const qipai_mj_hand *hand)
{
    mj_view v;
    if (!mj_view_init(&v, rules, hand) || v.total % 3 != 1)
        return 0;
    int suit_count = mj_suit_count(&v);
    if (suit_count > rules->max_suits)
        return 0;

    uint64_t tile_set = ((uint64_t)1 << rules->kinds) - 1;
    uint64_t mask = 0;
    if (rules->forms & QIPAI_MJ_FORM_STANDARD)
        mask |= standard_waits(&v);
    /* The counts' bit planes, each only where it is read: kinds held four
     * times always; held an odd number of times by seven pairs; bit 1 only
     * by distinct seven pairs and thirteen orphans. */
    mj_words words = mj_words_of(v.c);
    uint64_t quads = mj_count_plane(&words, v.c, 2);
    bool seven = (rules->forms & QIPAI_MJ_FORM_SEVEN_PAIRS) && v.total == 13;
    bool orphans = (rules->forms & QIPAI_MJ_FORM_THIRTEEN_ORPHANS) && v.total == 13 &&
                   rules->kinds == QIPAI_MJ_KINDS;
    if (seven | orphans) {
        mj_count_bits bits = {{mj_count_plane(&words, v.c, 0), 0, quads}};
        if (orphans || rules->seven_pairs_distinct)
            bits.bit[1] = mj_count_plane(&words, v.c, 1);
        if (seven)
            mask |= seven_pairs_waits(rules, &v, &bits);
        if (orphans)
            mask |= thirteen_orphans_waits(&bits);
    }

    /* A real tile must exist (fewer than four held), may not be of a wild
     * kind, and under a suit limit may not open a suit too many. */
    uint64_t allowed = tile_set & ~rules->wild_kinds & ~quads;
    if (suit_count == rules->max_suits)
        for (int g = 0; g < 3; g++)
            if (mj_key_tiles(v.key[g]) == 0)
                allowed &= ~((uint64_t)ALL_SUIT << (9 * g));
    mask &= allowed;

    /* A wild kind arrives as one more wildcard. */
    uint64_t wild = rules->wild_kinds & tile_set;
    if (wild) {
        mj_view more = v;
        more.wilds++;
        more.total++;
        if (mj_win_forms(rules, &more))
            mask |= wild;
    }
    return mask;
}

qipai_err qipai_mj_waits(const qipai_mj_rules *rules, const qipai_mj_hand *hand,
                         uint8_t out[QIPAI_MJ_KINDS], size_t *count, qipai_error *err)
{
    *count = 0;
    /* A mask with a wait proves the hand valid and of 3k+1 tiles; only an
     * empty one needs the checks that say whether it is an error. */
    uint64_t mask = qipai_mj_wait_mask(rules, hand);
    if (!mask) {
        qipai_err e = qipai_mj_hand_check(rules, hand, err);
        if (e != QIPAI_OK)
            return e;
        int size = qipai_mj_hand_size(hand);
        if (size % 3 != 1)
            return qipai_fail(err, QIPAI_ERR_SIZE, -1,
                              "%d tiles; waits are asked of a hand of 1, 4, 7, 10 or 13 tiles",
                              size);
        return QIPAI_OK;
    }
    size_t n = 0;
    for (; mask; mask &= mask - 1)
        out[n++] = (uint8_t)__builtin_ctzll(mask);
    *count = n;
    return QIPAI_OK;
}
