/*
 * The in-process reference the mahjong benches compare against: a plain
 * depth-first win check with wildcards, the way most game servers write it.
 * It is timed next to the table lookups on the same corpus, so the ratio
 * holds however busy the machine is. Not a correctness reference (that is
 * tests/ref/); the bench only checks that both count the same wins.
 */
#include "mj_baseline.h"

static bool melds(uint8_t *c, int wilds, bool pair_left)
{
    int i = 0;
    while (i < QIPAI_MJ_KINDS && !c[i])
        i++;
    if (i == QIPAI_MJ_KINDS)
        return pair_left ? wilds >= 2 && (wilds - 2) % 3 == 0 : wilds % 3 == 0;
    if (pair_left)
        for (int real = 2; real >= 1; real--)
            if (c[i] >= real && wilds >= 2 - real) {
                c[i] = (uint8_t)(c[i] - real);
                bool ok = melds(c, wilds - (2 - real), false);
                c[i] = (uint8_t)(c[i] + real);
                if (ok)
                    return true;
            }
    for (int real = 3; real >= 1; real--)
        if (c[i] >= real && wilds >= 3 - real) {
            c[i] = (uint8_t)(c[i] - real);
            bool ok = melds(c, wilds - (3 - real), pair_left);
            c[i] = (uint8_t)(c[i] + real);
            if (ok)
                return true;
        }
    /* The lowest tile starts a sequence; missing tiles come from wildcards. */
    if (i < 27 && i % 9 <= 6) {
        int need = (c[i + 1] == 0) + (c[i + 2] == 0);
        if (need <= wilds) {
            int a = c[i + 1] > 0, b = c[i + 2] > 0;
            c[i]--, c[i + 1] = (uint8_t)(c[i + 1] - a), c[i + 2] = (uint8_t)(c[i + 2] - b);
            bool ok = melds(c, wilds - need, pair_left);
            c[i]++, c[i + 1] = (uint8_t)(c[i + 1] + a), c[i + 2] = (uint8_t)(c[i + 2] + b);
            if (ok)
                return true;
        }
    }
    /* ... or ends one with wildcards below it (only 8s and 9s need this). */
    if (i < 27 && i % 9 >= 1 && wilds >= 1) {
        int hi = i % 9 <= 7 && c[i + 1] > 0;
        int need = 2 - hi;
        if (need <= wilds) {
            c[i]--, c[i + 1] = (uint8_t)(c[i + 1] - hi);
            bool ok = melds(c, wilds - need, pair_left);
            c[i]++, c[i + 1] = (uint8_t)(c[i + 1] + hi);
            if (ok)
                return true;
        }
    }
    return false;
}

bool mj_baseline_win(const qipai_mj_hand *hand)
{
    uint8_t c[QIPAI_MJ_KINDS];
    int total = hand->wilds, odd = 0;
    for (int k = 0; k < QIPAI_MJ_KINDS; k++) {
        c[k] = hand->counts[k];
        total += c[k];
        odd += c[k] & 1;
    }
    if (total % 3 != 2)
        return false;
    if (total == 14 && odd <= hand->wilds)
        return true; /* seven pairs */
    return melds(c, hand->wilds, true);
}
