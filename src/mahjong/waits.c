/*
 * Waits of a 3k+1 hand (docs/RULES.md, "Waits"). The standard form needs no
 * trial wins: per group, the wait table says which added kinds lower the
 * group's need, and the other groups' needs set the budget it must meet.
 */
#include "mahjong/win.h"
#include "common/fail.h"

enum { ALL_SUIT = 0x1FF, ALL_HONOR = 0x7F };

static uint64_t standard_waits(const mj_view *v)
{
    int nm[MJ_GROUPS], np[MJ_GROUPS], sum_m = 0;
    uint32_t wait[MJ_GROUPS];
    for (int g = 0; g < 3; g++) {
        uint32_t entry = mj_suit_wait_entries[mj_suit_wait_index[mj_key_rank(v->key[g])]];
        wait[g] = (entry & 0x1FF) | (entry >> 9 & 0x1FF) << 16;
        nm[g] = entry >> 24 & 15;
        np[g] = entry >> 28;
    }
    uint32_t honors = mj_key_rank(v->key[3]);
    wait[3] = mj_honor_wait[honors];
    nm[3] = wait[3] >> 24 & 15;
    np[3] = wait[3] >> 28;
    wait[3] &= 0xFFFFFF;
    for (int g = 0; g < MJ_GROUPS; g++)
        sum_m += nm[g];
    uint64_t mask = 0;
    for (int g = 0; g < MJ_GROUPS; g++) {
        /* The tile joins group g; the pair is in g, or in another group h
         * (an empty group's pair is two wildcards). */
        int pair_here = v->wilds - (sum_m - nm[g]);
        int pair_elsewhere_extra = 15;
        for (int h = 0; h < MJ_GROUPS; h++)
            if (h != g && np[h] - nm[h] < pair_elsewhere_extra)
                pair_elsewhere_extra = np[h] - nm[h];
        int melds_here = pair_here - pair_elsewhere_extra;
        uint32_t all = g < 3 ? ALL_SUIT : ALL_HONOR, bits = 0;
        if (np[g] - 1 <= pair_here)
            bits |= wait[g] >> 16;
        if (np[g] + 2 <= pair_here)
            bits |= all;
        if (nm[g] - 1 <= melds_here)
            bits |= wait[g] & 0xFFFF;
        if (nm[g] + 2 <= melds_here)
            bits |= all;
        mask |= (uint64_t)bits << (9 * g);
    }
    return mask;
}

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
    mj_count_bits bits;
    mj_count_bits_of(v.c, &bits);
    if ((rules->forms & QIPAI_MJ_FORM_SEVEN_PAIRS) && v.total == 13)
        mask |= seven_pairs_waits(rules, &v, &bits);
    if ((rules->forms & QIPAI_MJ_FORM_THIRTEEN_ORPHANS) && v.total == 13 &&
        rules->kinds == QIPAI_MJ_KINDS)
        mask |= thirteen_orphans_waits(&bits);

    /* A real tile must exist (fewer than four held), may not be of a wild
     * kind, and under a suit limit may not open a suit too many. */
    uint64_t allowed = tile_set & ~rules->wild_kinds & ~bits.bit[2];
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
