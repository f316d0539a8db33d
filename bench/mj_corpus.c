/*
 * `qipai mahjong corpus KIND N [--seed S] [--max-wilds W] [--rules NAME]`:
 * seeded random hands for the benches and for scripted checks, one a line.
 *   win      14 tiles: a third random from the wall, a third complete hands,
 *            a third complete hands with one or two tiles swapped
 *   waits    13 tiles: the same, one tile taken away
 *   shanten  14 tiles: the same mix as win
 * Each hand then has 0..W of its tiles turned into wildcards (`*`).
 */
#include "../cli/mahjong_cli.h"

#include <stdlib.h>
#include <string.h>

/* Draws a complete 14-tile hand (4 melds + pair) over `kinds` kinds, never
 * more than four copies of a kind. */
static void complete_hand(qipai_rng *rng, int kinds, uint8_t c[QIPAI_MJ_KINDS])
{
    for (;;) {
        memset(c, 0, QIPAI_MJ_KINDS);
        int ok = 1;
        int pair = (int)qipai_rng_below(rng, (uint32_t)kinds);
        c[pair] += 2;
        for (int m = 0; m < 4 && ok; m++) {
            int k = (int)qipai_rng_below(rng, (uint32_t)kinds);
            if (k < 27 && k % 9 <= 6 && qipai_rng_below(rng, 3)) {
                c[k]++, c[k + 1]++, c[k + 2]++;
                ok = c[k] <= 4 && c[k + 1] <= 4 && c[k + 2] <= 4;
            } else {
                c[k] += 3;
                ok = c[k] <= 4;
            }
        }
        if (ok)
            return;
    }
}

static void random_hand(qipai_rng *rng, int kinds, int n, uint8_t c[QIPAI_MJ_KINDS])
{
    uint8_t wall[4 * QIPAI_MJ_KINDS];
    int size = 0;
    for (int k = 0; k < kinds; k++)
        for (int j = 0; j < 4; j++)
            wall[size++] = (uint8_t)k;
    qipai_rng_shuffle_bytes(rng, wall, (size_t)size);
    memset(c, 0, QIPAI_MJ_KINDS);
    for (int i = 0; i < n; i++)
        c[wall[i]]++;
}

/* Removes a random tile (there must be one). */
static int take_tile(qipai_rng *rng, uint8_t c[QIPAI_MJ_KINDS], int total)
{
    int pick = (int)qipai_rng_below(rng, (uint32_t)total);
    for (int k = 0; k < QIPAI_MJ_KINDS; k++) {
        if (pick < c[k]) {
            c[k]--;
            return k;
        }
        pick -= c[k];
    }
    return -1;
}

static void add_tile(qipai_rng *rng, int kinds, uint8_t c[QIPAI_MJ_KINDS])
{
    for (;;) {
        int k = (int)qipai_rng_below(rng, (uint32_t)kinds);
        if (c[k] < 4) {
            c[k]++;
            return;
        }
    }
}

static void print_hand(const uint8_t c[QIPAI_MJ_KINDS], int wilds)
{
    qipai_mj_hand hand;
    char text[64];
    memcpy(hand.counts, c, sizeof hand.counts);
    hand.wilds = (uint8_t)wilds;
    qipai_mj_format_hand(&hand, false, text, sizeof text);
    puts(text);
}

int mj_corpus(int argc, char **argv)
{
    if (argc < 3)
        return cli_usage("usage: qipai mahjong corpus win|waits|shanten N [--seed S] "
                         "[--max-wilds W] [--rules NAME]");
    const char *kind = argv[1];
    long n = atol(argv[2]);
    uint64_t seed = 1;
    int max_wilds = 4;
    qipai_mj_rules rules;
    qipai_mj_rules_preset(&rules, QIPAI_MJ_PRESET_BASIC);
    for (int i = 3; i < argc; i++) {
        const char *v = NULL;
        if (!strcmp(argv[i], "--seed") && (v = cli_option_value(argc, argv, &i)))
            seed = strtoull(v, NULL, 10);
        else if (!strcmp(argv[i], "--max-wilds") && (v = cli_option_value(argc, argv, &i)))
            max_wilds = atoi(v);
        else if (!strcmp(argv[i], "--rules") && (v = cli_option_value(argc, argv, &i))) {
            qipai_error err;
            if (qipai_mj_rules_by_name(&rules, v, &err))
                return cli_usage("%s", err.message);
        } else
            return cli_usage("corpus: unknown or incomplete option '%s'", argv[i]);
    }
    int tiles = !strcmp(kind, "waits") ? 13 : 14;
    if (strcmp(kind, "win") && strcmp(kind, "waits") && strcmp(kind, "shanten"))
        return cli_usage("corpus: unknown kind '%s' (win, waits or shanten)", kind);
    if (n <= 0 || max_wilds < 0 || max_wilds > tiles)
        return cli_usage("corpus: N must be positive and --max-wilds at most %d", tiles);

    qipai_rng rng;
    qipai_rng_seed(&rng, seed);
    for (long h = 0; h < n; h++) {
        uint8_t c[QIPAI_MJ_KINDS];
        int mix = (int)(h % 3);
        if (mix == 0) {
            random_hand(&rng, rules.kinds, 14, c);
        } else {
            complete_hand(&rng, rules.kinds, c);
            for (int swaps = mix == 2 ? 1 + (int)qipai_rng_below(&rng, 2) : 0; swaps > 0; swaps--) {
                take_tile(&rng, c, 14);
                add_tile(&rng, rules.kinds, c);
            }
        }
        int total = 14;
        if (tiles == 13)
            take_tile(&rng, c, total--);
        int wilds = (int)qipai_rng_below(&rng, (uint32_t)max_wilds + 1);
        for (int w = 0; w < wilds; w++)
            take_tile(&rng, c, total--);
        print_hand(c, wilds);
    }
    return CLI_EXIT_OK;
}
