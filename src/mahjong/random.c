/*
 * Random hands for corpora, tests and simulations: complete hands built
 * from melds, and hands drawn from a full wall. The caller owns the
 * generator state (qipai_rng), so runs are reproducible from a seed.
 */
#include <qipai/mahjong.h>

#include <string.h>

void qipai_mj_random_complete(const qipai_mj_rules *rules, qipai_rng *rng, qipai_mj_hand *hand)
{
    uint32_t kinds = rules->kinds;
    for (;;) {
        memset(hand, 0, sizeof *hand);
        uint8_t *c = hand->counts;
        int ok = 1;
        c[qipai_rng_below(rng, kinds)] += 2;
        for (int m = 0; m < 4 && ok; m++) {
            int k = (int)qipai_rng_below(rng, kinds);
            /* Two thirds of the melds that can be sequences are. */
            if (k < QIPAI_MJ_SUITED_KINDS && k % 9 <= 6 && qipai_rng_below(rng, 3)) {
                c[k]++, c[k + 1]++, c[k + 2]++;
                ok = c[k] <= 4 && c[k + 1] <= 4 && c[k + 2] <= 4;
            } else {
                c[k] = (uint8_t)(c[k] + 3);
                ok = c[k] <= 4;
            }
        }
        if (ok)
            return;
    }
}

void qipai_mj_random_hand(const qipai_mj_rules *rules, qipai_rng *rng, int n, qipai_mj_hand *hand)
{
    uint8_t wall[4 * QIPAI_MJ_KINDS];
    int size = 0;
    for (int k = 0; k < rules->kinds; k++)
        for (int j = 0; j < 4; j++)
            wall[size++] = (uint8_t)k;
    memset(hand, 0, sizeof *hand);
    /* A partial Fisher-Yates shuffle: only the n tiles drawn are placed. */
    for (int i = 0; i < n && i < size; i++) {
        int j = i + (int)qipai_rng_below(rng, (uint32_t)(size - i));
        uint8_t t = wall[i];
        wall[i] = wall[j];
        wall[j] = t;
        hand->counts[wall[i]]++;
    }
}

int qipai_mj_random_take(qipai_rng *rng, qipai_mj_hand *hand)
{
    int total = 0;
    for (int k = 0; k < QIPAI_MJ_KINDS; k++)
        total += hand->counts[k];
    if (total == 0)
        return -1;
    int pick = (int)qipai_rng_below(rng, (uint32_t)total);
    for (int k = 0; k < QIPAI_MJ_KINDS; k++) {
        if (pick < hand->counts[k]) {
            hand->counts[k]--;
            return k;
        }
        pick -= hand->counts[k];
    }
    return -1;
}
