/*
 * Shanten (向听) of a Guobiao hand under every form: the mahjong core's for
 * four melds and a pair, seven pairs and thirteen orphans (on the concealed
 * tiles), and here the two knitted forms, 全不靠 (of which 七星不靠 is a
 * case) and 组合龙 with its meld and pair. Definition as in docs/RULES.md
 * ("Shanten"): the least number of tiles to draw to reach a complete hand,
 * minus one; draws must exist, so copies held (the melds' too) limit the
 * target.
 */
#include "gb/gb_internal.h"

/* 全不靠: fourteen different kinds among an arrangement's nine knitted
 * kinds and the seven honors. The concealed kinds of that family are kept;
 * the rest are drawn (a kind not held has all four copies left). */
static int honors_knitted(const qipai_gb_hand *h, uint64_t held)
{
    if (h->meld_count)
        return QIPAI_GB_NO_SHANTEN;
    int best = 0;
    for (int a = 0; a < 6; a++) {
        int n = gb_popcount(held & (gb_knitted_mask[a] | GB_HONOR_MASK));
        best = n > best ? n : best;
    }
    return 13 - (best < 14 ? best : 14);
}

/* The tiles a meld (m < 34: a pung of m; else a chow) adds to t. */
static void meld_tiles(int m, int *kinds, int *n)
{
    if (m < QIPAI_MJ_KINDS) {
        kinds[0] = kinds[1] = kinds[2] = m;
    } else {
        int k = gb_chow_kind(m - QIPAI_MJ_KINDS);
        kinds[0] = k, kinds[1] = k + 1, kinds[2] = k + 2;
    }
    *n = 3;
}

/* 组合龙: the nine knitted tiles, one meld (unless declared) and a pair.
 * needed = the tiles of that target the hand lacks, least over targets
 * whose copies exist: target[k] <= cap[k]. */
static int knitted_straight(const qipai_gb_hand *h, const uint8_t *cap)
{
    if (h->meld_count > 1)
        return QIPAI_GB_NO_SHANTEN;
    int best = 99;
    for (int a = 0; a < 6; a++) {
        uint8_t target[QIPAI_MJ_KINDS] = {0};
        for (uint64_t m = gb_knitted_mask[a]; m; m &= m - 1)
            target[__builtin_ctzll(m)] = 1;
        int melds = h->meld_count ? 1 : QIPAI_MJ_KINDS + GB_CHOW_KINDS;
        for (int m = 0; m < melds; m++) {
            int kinds[3], n = 0;
            if (!h->meld_count)
                meld_tiles(m, kinds, &n);
            bool ok = true;
            for (int i = 0; i < n; i++)
                ok = ok && ++target[kinds[i]] <= cap[kinds[i]];
            if (ok) {
                int lacking = 0;
                for (int k = 0; k < QIPAI_MJ_KINDS; k++)
                    lacking += target[k] > h->counts[k] ? target[k] - h->counts[k] : 0;
                /* the pair: the kind where two more cost least */
                int pair = 3;
                for (int k = 0; k < QIPAI_MJ_KINDS && pair; k++) {
                    if (target[k] + 2 > cap[k])
                        continue;
                    int before = target[k] > h->counts[k] ? target[k] - h->counts[k] : 0;
                    int after = target[k] + 2 > h->counts[k] ? target[k] + 2 - h->counts[k] : 0;
                    pair = after - before < pair ? after - before : pair;
                }
                if (pair < 3 && lacking + pair < best)
                    best = lacking + pair;
            }
            for (int i = 0; i < n; i++)
                target[kinds[i]]--;
        }
    }
    return best == 99 ? QIPAI_GB_NO_SHANTEN : best - 1;
}

int qipai_gb_shanten(const qipai_gb_hand *hand, qipai_gb_shanten_forms *forms)
{
    qipai_gb_shanten_forms f = {QIPAI_GB_NO_SHANTEN, QIPAI_GB_NO_SHANTEN, QIPAI_GB_NO_SHANTEN,
                                QIPAI_GB_NO_SHANTEN, QIPAI_GB_NO_SHANTEN, QIPAI_GB_NO_SHANTEN};
    int tiles = hand ? hand->tile_count + 3 * hand->meld_count : 0;
    if (hand && (tiles == 13 || tiles == 14) && !qipai_gb_check(hand, tiles, NULL)) {
        qipai_mj_rules rules;
        qipai_mj_hand h;
        qipai_mj_shanten_forms core;
        qipai_mj_rules_preset(&rules, QIPAI_MJ_PRESET_GB);
        memcpy(h.counts, hand->counts, sizeof h.counts);
        h.wilds = 0;
        qipai_mj_shanten(&rules, &h, &core);
        f.standard = core.standard;
        f.seven_pairs = core.seven_pairs;
        f.thirteen_orphans = core.thirteen_orphans;

        uint8_t cap[QIPAI_MJ_KINDS];
        uint64_t held = 0;
        for (int k = 0; k < QIPAI_MJ_KINDS; k++) {
            cap[k] = QIPAI_MJ_MAX_COPIES;
            if (hand->counts[k])
                held |= GB_BIT(k);
        }
        for (int i = 0; i < hand->meld_count; i++) {
            const qipai_gb_meld *m = &hand->melds[i];
            if (m->type == QIPAI_GB_MELD_CHOW)
                cap[m->kind]--, cap[m->kind + 1]--, cap[m->kind + 2]--;
            else
                cap[m->kind] = (uint8_t)(cap[m->kind] - (m->type == QIPAI_GB_MELD_KONG ? 4 : 3));
        }
        f.honors_knitted = (int8_t)honors_knitted(hand, held);
        f.knitted_straight = (int8_t)knitted_straight(hand, cap);
        int8_t all[5] = {f.standard, f.seven_pairs, f.thirteen_orphans, f.honors_knitted,
                         f.knitted_straight};
        for (int i = 0; i < 5; i++)
            if (all[i] < f.shanten)
                f.shanten = all[i];
    }
    if (forms)
        *forms = f;
    return f.shanten;
}
