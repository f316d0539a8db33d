/*
 * The win check (docs/RULES.md, "Win"): standard form by table lookups per
 * group, seven pairs and thirteen orphans by counting. Any number of
 * wildcards: the tables say how many each group needs, and a hand wins when
 * the groups together need no more than it holds.
 */
#include "mahjong/win.h"

/* Kinds held an odd number of times (or, distinct, once); -1 when seven
 * distinct pairs are impossible (a kind held three or four times). */
static int seven_pairs_singles(const qipai_mj_rules *rules, const mj_view *v)
{
    uint64_t word[4];
    memcpy(word, v->c, sizeof word);
    if (rules->seven_pairs_distinct &&
        (mj_bytes_above(word[0], 2) | mj_bytes_above(word[1], 2) | mj_bytes_above(word[2], 2) |
         mj_bytes_above(word[3], 2) | (v->c[32] > 2) | (v->c[33] > 2)))
        return -1;
    uint64_t odd = (word[0] & MJ_BYTES(1)) + (word[1] & MJ_BYTES(1)) + (word[2] & MJ_BYTES(1)) +
                   (word[3] & MJ_BYTES(1));
    return (int)((odd * MJ_BYTES(1)) >> 56) + (v->c[32] & 1) + (v->c[33] & 1);
}

bool mj_seven_pairs(const qipai_mj_rules *rules, const mj_view *v)
{
    if (v->total != 14)
        return false;
    int singles = seven_pairs_singles(rules, v);
    return singles >= 0 && singles <= v->wilds;
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
    if ((rules->forms & QIPAI_MJ_FORM_STANDARD) && mj_standard_need(v) <= v->wilds)
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

bool qipai_mj_win(const qipai_mj_rules *rules, const qipai_mj_hand *hand)
{
    mj_view v;
    if (!mj_view_init(&v, rules, hand) || v.total % 3 != 2 || mj_suit_count(&v) > rules->max_suits)
        return false;
    if ((rules->forms & QIPAI_MJ_FORM_STANDARD) && mj_standard_need(&v) <= v.wilds)
        return true;
    if ((rules->forms & QIPAI_MJ_FORM_SEVEN_PAIRS) && mj_seven_pairs(rules, &v))
        return true;
    return (rules->forms & QIPAI_MJ_FORM_THIRTEEN_ORPHANS) && mj_thirteen_orphans(rules, &v);
}
