/*
 * The win check (docs/RULES.md, "Win"): standard form by table lookups per
 * group, seven pairs and thirteen orphans by counting. Any number of
 * wildcards: the tables say how many each group needs, and a hand wins when
 * the groups together need no more than it holds.
 */
#include "mahjong/win.h"

/* Whether 14 tiles of counts c with `wilds` wildcards make seven pairs:
 * every kind held an odd number of times (or, distinct, once) takes a
 * wildcard; distinct pairs also rule out a kind held three or four times.
 * No branch: the win check calls it on every hand the standard form
 * rejects, about half of them, and which way it goes is not predictable. */
__attribute__((always_inline)) static inline bool
seven_pairs_counts(const qipai_mj_rules *rules, const uint8_t *c, int wilds)
{
    mj_words w = mj_words_of(c);
    uint64_t triples = mj_bytes_above(w.w0, 2) | mj_bytes_above(w.w1, 2) |
                       mj_bytes_above(w.w2, 2) | mj_bytes_above(w.w3, 2) | (c[32] > 2) |
                       (c[33] > 2);
    uint64_t odd = (w.w0 & MJ_BYTES(1)) + (w.w1 & MJ_BYTES(1)) + (w.w2 & MJ_BYTES(1)) +
                   (w.w3 & MJ_BYTES(1));
    int singles = (int)((odd * MJ_BYTES(1)) >> 56) + (c[32] & 1) + (c[33] & 1);
    return (singles <= wilds) & !(rules->seven_pairs_distinct & (triples != 0));
}

bool mj_seven_pairs(const qipai_mj_rules *rules, const mj_view *v)
{
    return v->total == 14 && seven_pairs_counts(rules, v->c, v->wilds);
}

bool mj_thirteen_orphans(const qipai_mj_rules *rules, const mj_view *v)
{
    if (v->total != 14 || rules->kinds < QIPAI_MJ_KINDS)
        return false;
    int pairs = 0;
    for (int k = 0; k < QIPAI_MJ_KINDS; k++) {
        if (!v->c[k])
            continue;
        if (!mj_is_orphan(k) || v->c[k] > 2)
            return false;
        pairs += v->c[k] == 2;
    }
    /* The wildcards fill the missing orphans (and the pair, if none is real):
     * with 14 tiles their number is exactly what is missing. */
    return pairs <= 1;
}

unsigned mj_win_forms(const qipai_mj_rules *rules, const mj_view *v)
{
    if (v->total % 3 != 2 || mj_suit_count(v) > rules->max_suits)
        return 0;
    unsigned forms = 0;
    if ((rules->forms & QIPAI_MJ_FORM_STANDARD) && mj_standard_need(v->c) <= v->wilds)
        forms |= QIPAI_MJ_FORM_STANDARD;
    if ((rules->forms & QIPAI_MJ_FORM_SEVEN_PAIRS) && mj_seven_pairs(rules, v))
        forms |= QIPAI_MJ_FORM_SEVEN_PAIRS;
    if ((rules->forms & QIPAI_MJ_FORM_THIRTEEN_ORPHANS) && mj_thirteen_orphans(rules, v))
        forms |= QIPAI_MJ_FORM_THIRTEEN_ORPHANS;
    return forms;
}

unsigned qipai_mj_win_forms(const qipai_mj_rules *rules, const qipai_mj_hand *hand)
{
    mj_view v;
    if (!mj_view_init(&v, rules, hand))
        return 0;
    return mj_win_forms(rules, &v);
}

/* Totals of 3k+2 tiles up to 14, as bits. */
enum { WIN_TOTALS = 1u << 2 | 1u << 5 | 1u << 8 | 1u << 11 | 1u << 14 };

/* The win check reads counts only: no keys, no ranks. The limits come from
 * one pass of word sums (mj_counts_ok) and each group's need from two
 * lookups by its counts (shape.h), so the view's key lookups are skipped;
 * the forms are tested without branching on their answers. */
bool qipai_mj_win(const qipai_mj_rules *rules, const qipai_mj_hand *hand)
{
    mj_view v;
    v.c = mj_fold_wilds(rules, hand, v.folded, &v.wilds);
    if (!mj_counts_ok(rules, v.c, v.wilds, &v.total) || !(WIN_TOTALS >> v.total & 1))
        return false;
    /* Popcount of the 3-bit set, two bits each; only under a suit limit
     * (3 suits never break a limit of 3). */
    if (rules->max_suits < 3 && (int)(0xE994u >> (2 * mj_suits_held(v.c)) & 3) > rules->max_suits)
        return false;
    unsigned forms = rules->forms;
    bool win = (forms & QIPAI_MJ_FORM_STANDARD) && mj_standard_need(v.c) <= v.wilds;
    if (forms & QIPAI_MJ_FORM_SEVEN_PAIRS)
        win |= (v.total == 14) & seven_pairs_counts(rules, v.c, v.wilds);
    return win || ((forms & QIPAI_MJ_FORM_THIRTEEN_ORPHANS) && mj_thirteen_orphans(rules, &v));
}
