/*
 * `qipai mahjong corpus KIND N [--seed S] [--max-wilds W] [--rules NAME]`:
 * seeded random hands for the benches and for scripted checks, one a line.
 *   win      14 tiles: a third random from the wall, a third complete hands,
 *            a third complete hands with one or two tiles swapped
 *   waits    13 tiles: the same, one tile taken away
 *   shanten  14 tiles: the same mix as win
 * Each hand then has 0..W of its tiles turned into wildcards (`*`).
 */
#include <stdio.h>

#include "mahjong_bench.h"

#include <stdlib.h>
#include <string.h>

/* Adds one real tile of a kind held fewer than four times. */
static void add_tile(const qipai_mj_rules *rules, qipai_rng *rng, qipai_mj_hand *hand)
{
    for (;;) {
        int k = (int)qipai_rng_below(rng, rules->kinds);
        if (hand->counts[k] < 4) {
            hand->counts[k]++;
            return;
        }
    }
}

int mj_corpus(int argc, char **argv)
{
    if (argc < 3)
        return prog_usage("usage: qipai mahjong corpus win|waits|shanten N [--seed S] "
                         "[--max-wilds W] [--rules NAME]");
    const char *kind = argv[1];
    long n = atol(argv[2]);
    uint64_t seed = 1;
    int max_wilds = 4;
    qipai_mj_rules rules;
    qipai_mj_rules_preset(&rules, QIPAI_MJ_PRESET_BASIC);
    for (int i = 3; i < argc; i++) {
        const char *v = NULL;
        if (!strcmp(argv[i], "--seed") && (v = prog_option_value(argc, argv, &i)))
            seed = strtoull(v, NULL, 10);
        else if (!strcmp(argv[i], "--max-wilds") && (v = prog_option_value(argc, argv, &i)))
            max_wilds = atoi(v);
        else if (!strcmp(argv[i], "--rules") && (v = prog_option_value(argc, argv, &i))) {
            qipai_error err;
            if (qipai_mj_rules_named(&rules, v, &err))
                return prog_usage("%s", err.message);
        } else
            return prog_usage("corpus: unknown or incomplete option '%s'", argv[i]);
    }
    int tiles = !strcmp(kind, "waits") ? 13 : 14;
    if (strcmp(kind, "win") && strcmp(kind, "waits") && strcmp(kind, "shanten"))
        return prog_usage("corpus: unknown kind '%s' (win, waits or shanten)", kind);
    if (n <= 0 || max_wilds < 0 || max_wilds > tiles)
        return prog_usage("corpus: N must be positive and --max-wilds at most %d", tiles);

    qipai_rng rng;
    qipai_rng_seed(&rng, seed);
    for (long h = 0; h < n; h++) {
        qipai_mj_hand hand;
        int mix = (int)(h % 3);
        if (mix == 0) {
            qipai_mj_random_hand(&rules, &rng, 14, &hand);
        } else {
            qipai_mj_random_complete(&rules, &rng, &hand);
            for (int swaps = mix == 2 ? 1 + (int)qipai_rng_below(&rng, 2) : 0; swaps > 0; swaps--) {
                qipai_mj_random_take(&rng, &hand);
                add_tile(&rules, &rng, &hand);
            }
        }
        if (tiles == 13)
            qipai_mj_random_take(&rng, &hand);
        int wilds = (int)qipai_rng_below(&rng, (uint32_t)max_wilds + 1);
        for (int w = 0; w < wilds; w++)
            qipai_mj_random_take(&rng, &hand);
        hand.wilds = (uint8_t)wilds;
        char text[64];
        qipai_mj_format_hand(&hand, false, text, sizeof text);
        puts(text);
    }
    return PROG_EXIT_OK;
}
