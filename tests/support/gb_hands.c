/* Random Guobiao hands for the tests: see gb_hands.h. */
#include "gb_hands.h"

#include <string.h>

static int below(qipai_rng *rng, int n) { return (int)qipai_rng_below(rng, (uint32_t)n); }

/* The nine kinds of knitted arrangement a: 147, 258, 369 in three suits. */
static void knitted_kinds(int a, int kinds[9])
{
    static const int perm[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
    for (int j = 0; j < 3; j++)
        for (int r = 0; r < 3; r++)
            kinds[3 * j + r] = 9 * perm[a][j] + j + 3 * r;
}

/* 十三幺, 全不靠 or 组合龙 (with a meld and a pair) as concealed tiles. */
static bool special_shape(qipai_rng *rng, uint8_t *counts, uint8_t *used)
{
    int roll = below(rng, 3), kinds[9];
    knitted_kinds(below(rng, 6), kinds);
    if (roll == 0) {
        static const int orphans[13] = {0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33};
        for (int i = 0; i < 13; i++)
            counts[orphans[i]]++;
        counts[orphans[below(rng, 13)]]++;
        return true;
    }
    if (roll == 1) { /* 14 of the nine knitted kinds and seven honors */
        int all[16];
        for (int i = 0; i < 9; i++)
            all[i] = kinds[i];
        for (int i = 0; i < 7; i++)
            all[9 + i] = 27 + i;
        int skip1 = below(rng, 16), skip2 = (skip1 + 1 + below(rng, 15)) % 16;
        for (int i = 0; i < 16; i++)
            if (i != skip1 && i != skip2)
                counts[all[i]]++;
        return true;
    }
    for (int i = 0; i < 9; i++)
        counts[kinds[i]]++, used[kinds[i]]++;
    int k = below(rng, 34), pair = below(rng, 34);
    bool chow = k < 27 && k % 9 <= 6 && below(rng, 2);
    if (chow) {
        if (used[k] >= 4 || used[k + 1] >= 4 || used[k + 2] >= 4)
            return false;
        counts[k]++, counts[k + 1]++, counts[k + 2]++;
        used[k]++, used[k + 1]++, used[k + 2]++;
    } else {
        if (used[k] + 3 > 4)
            return false;
        counts[k] += 3, used[k] += 3;
    }
    if (used[pair] + 2 > 4)
        return false;
    counts[pair] += 2;
    return true;
}

void gb_test_random_hand(qipai_rng *rng, qipai_gb_hand *h, unsigned flags)
{
    for (;;) {
        uint8_t used[QIPAI_MJ_KINDS] = {0};
        int suits = below(rng, 4) == 0 ? 1 + below(rng, 2) : 4, base = below(rng, 4);
        memset(h, 0, sizeof *h);
        int declared = below(rng, 5);
        bool special = (flags & GB_TEST_SPECIAL) && declared == 0 && below(rng, 10) == 0;
        bool pairs = !special && declared == 0 && below(rng, 8) == 0, ok = true;
        if (special) {
            ok = special_shape(rng, h->counts, used);
        } else if (pairs) {
            for (int i = 0; i < 7 && ok; i++) {
                int k = ((base + below(rng, suits)) % 4) * 9 + below(rng, 9);
                if (k >= QIPAI_MJ_KINDS || used[k] + 2 > 4) {
                    ok = false;
                    break;
                }
                used[k] += 2;
                h->counts[k] += 2;
            }
        } else {
            for (int i = 0; i < 5 && ok; i++) {
                int s = (base + below(rng, suits)) % 4, k;
                if (i == 4) { /* the pair */
                    k = s * 9 + below(rng, s == 3 ? 7 : 9);
                    ok = used[k] + 2 <= 4;
                    used[k] += 2;
                    h->counts[k] += 2;
                    break;
                }
                bool chow = s < 3 && below(rng, 100) < 55;
                k = s * 9 + below(rng, chow ? 7 : s == 3 ? 7 : 9);
                if (chow)
                    ok = used[k] < 4 && used[k + 1] < 4 && used[k + 2] < 4;
                else
                    ok = used[k] + 3 <= 4;
                if (!ok)
                    break;
                int kong = !chow && i < declared && used[k] == 0 && below(rng, 4) == 0;
                if (chow)
                    used[k]++, used[k + 1]++, used[k + 2]++;
                else
                    used[k] = (uint8_t)(used[k] + 3 + kong);
                if (i < declared) {
                    qipai_gb_meld *m = &h->melds[h->meld_count++];
                    m->kind = (uint8_t)k;
                    m->type = chow ? QIPAI_GB_MELD_CHOW : kong ? QIPAI_GB_MELD_KONG : QIPAI_GB_MELD_PUNG;
                    m->from = (uint8_t)(chow ? 1 : kong ? below(rng, 4) : 1 + below(rng, 3));
                    m->claimed = (uint8_t)(chow ? 1 + below(rng, 3) : kong && m->from && below(rng, 2));
                } else if (chow) {
                    h->counts[k]++, h->counts[k + 1]++, h->counts[k + 2]++;
                } else {
                    h->counts[k] += 3;
                }
            }
        }
        if (!ok)
            continue;
        int n = 0;
        for (int k = 0; k < QIPAI_MJ_KINDS; k++)
            n += h->counts[k];
        h->tile_count = (uint8_t)n;
        int pick = below(rng, n);
        for (int k = 0; k < QIPAI_MJ_KINDS; k++) {
            if (pick < h->counts[k]) {
                h->win_tile = (uint8_t)k;
                break;
            }
            pick -= h->counts[k];
        }
        h->prevalent_wind = (uint8_t)below(rng, 4);
        h->seat_wind = (uint8_t)below(rng, 4);
        h->flags = (uint8_t)below(rng, 16);
        h->flowers = (uint8_t)below(rng, 3);
        for (int tries = 0; tries < 4 && qipai_gb_check(h, 14, NULL); tries++)
            h->flags = (uint8_t)(h->flags & below(rng, 16));
        if (!qipai_gb_check(h, 14, NULL))
            return;
    }
}
