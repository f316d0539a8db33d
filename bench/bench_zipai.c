/*
 * `qipai zipai corpus` and `qipai zipai bench`: seeded random corpora of
 * zipai hands built from melds and perturbed, and timings of the core calls
 * on a corpus file (parsed before the clock starts; the median of several
 * runs is reported). Both read their options with zp_read_options
 * (bench/zipai_options.c).
 */
#define _POSIX_C_SOURCE 200809L
#include "zipai_bench.h"
#include <stdio.h>

#include "bench.h"
#include "program.h"
#include "common/json.h"

#include <stdlib.h>
#include <string.h>

/* ---- corpus ---- */

/* Adds n cards to used when no card goes past four; 1 when added. */
static int take(uint8_t used[QIPAI_ZP_KINDS], const uint8_t *cards, int n)
{
    uint8_t trial[QIPAI_ZP_KINDS];
    memcpy(trial, used, sizeof trial);
    for (int i = 0; i < n; i++)
        if (++trial[cards[i]] > QIPAI_ZP_COPIES)
            return 0;
    memcpy(used, trial, sizeof trial);
    return 1;
}

/* A random chow under the rules. */
static void random_chow(qipai_rng *rng, const qipai_zp_rules *rules, uint8_t c[3])
{
    int base = qipai_rng_below(rng, 2) ? 10 : 0;
    int kind = (int)qipai_rng_below(rng, 10);
    if (kind < 6) { /* sequences are the most common chow */
        int s = (int)qipai_rng_below(rng, 8);
        c[0] = (uint8_t)(base + s), c[1] = (uint8_t)(base + s + 1), c[2] = (uint8_t)(base + s + 2);
    } else if (kind < 8 || (kind == 8 && !rules->yiwushi)) {
        int n = (int)qipai_rng_below(rng, 10), two_small = (int)qipai_rng_below(rng, 2);
        c[0] = (uint8_t)n;
        c[1] = (uint8_t)(two_small ? n : n + 10);
        c[2] = (uint8_t)(n + 10);
    } else if (kind == 8) {
        c[0] = (uint8_t)base, c[1] = (uint8_t)(base + 4), c[2] = (uint8_t)(base + 9);
    } else {
        c[0] = (uint8_t)(base + 1), c[1] = (uint8_t)(base + 6), c[2] = (uint8_t)(base + 9);
    }
}

/* Fills hand with size cards built from melds (a 提 first when size is
 * 3k+1, a pair last when 3k+2; chows mostly, some 坎), then perturbs a
 * third of the hands by swapping a card or two for random ones. */
static void random_hand(qipai_rng *rng, const qipai_zp_rules *rules, uint8_t used[QIPAI_ZP_KINDS],
                        int size, qipai_zp_hand *hand)
{
    int n = 0, reserve = size % 3 == 2 ? 2 : 0;
    uint8_t c[4];
    memset(hand, 0, sizeof *hand);
    if (size % 3 == 1 && size >= 4) {
        for (int tries = 0; tries < 20 && n == 0; tries++) {
            memset(c, (int)qipai_rng_below(rng, QIPAI_ZP_KINDS), 4);
            if (take(used, c, 4))
                n = 4;
        }
        if (n)
            hand->counts[c[0]] += 4;
    }
    for (int tries = 0; n + 3 <= size - reserve && tries < 100; tries++) {
        int chow = qipai_rng_below(rng, 100) < 85;
        if (chow)
            random_chow(rng, rules, c);
        else
            memset(c, (int)qipai_rng_below(rng, QIPAI_ZP_KINDS), 3);
        /* Chows that would make three of a card would lock it as a 坎 and
         * most such hands would not split: draw again. */
        int third = 0;
        uint8_t after[QIPAI_ZP_KINDS];
        memcpy(after, hand->counts, sizeof after);
        for (int i = 0; chow && i < 3; i++)
            third |= ++after[c[i]] >= 3;
        if (third || !take(used, c, 3))
            continue;
        for (int i = 0; i < 3; i++)
            hand->counts[c[i]]++;
        n += 3;
    }
    for (int tries = 0; reserve && tries < 20; tries++) {
        memset(c, (int)qipai_rng_below(rng, QIPAI_ZP_KINDS), 2);
        if (take(used, c, 2)) {
            hand->counts[c[0]] += 2;
            n += 2;
            break;
        }
    }
    for (int tries = 0; n < size && tries < 100; tries++) { /* rarely needed: top up */
        c[0] = (uint8_t)qipai_rng_below(rng, QIPAI_ZP_KINDS);
        if (take(used, c, 1)) {
            hand->counts[c[0]]++;
            n++;
        }
    }
    int swaps = qipai_rng_below(rng, 3) == 0 ? 1 + (int)qipai_rng_below(rng, 2) : 0;
    for (int s = 0; s < swaps && n > 0; s++) {
        int out = (int)qipai_rng_below(rng, QIPAI_ZP_KINDS);
        uint8_t in = (uint8_t)qipai_rng_below(rng, QIPAI_ZP_KINDS);
        if (hand->counts[out] == 0 || !take(used, &in, 1))
            continue;
        hand->counts[out]--;
        used[out]--;
        hand->counts[in]++;
    }
}

/* Cards besides 坎 and 提: decompose refuses 3k+1 of them. */
static int free_cards(const qipai_zp_hand *hand)
{
    int n = 0;
    for (int k = 0; k < QIPAI_ZP_KINDS; k++)
        n += hand->counts[k] < 3 ? hand->counts[k] : 0;
    return n;
}

static void print_hand(const qipai_zp_hand *hand, unsigned flags)
{
    char text[256];
    qipai_zp_format_hand(hand, flags, text, sizeof text);
    fputs(text, stdout);
}

static void print_open(const qipai_zp_meld *m, unsigned flags)
{
    char text[32];
    qipai_zp_format_cards(m->cards, m->n, flags, text, sizeof text);
    printf(" %s %s", qipai_zp_meld_name(m->type, flags), text);
}

/* A situation for hu: 0-3 open melds, a hand built to 20-22 cards in all
 * (counting three for each open meld), and one of its cards taken out as
 * the target. */
static void random_situation(qipai_rng *rng, const qipai_zp_rules *rules, unsigned flags)
{
    uint8_t used[QIPAI_ZP_KINDS] = {0};
    qipai_zp_meld open[3];
    int n_open = 0, cards = 0, want = (int)qipai_rng_below(rng, 4);
    for (int tries = 0; n_open < want && tries < 20; tries++) {
        uint8_t c[4];
        int roll = (int)qipai_rng_below(rng, 10), n = 3, type;
        if (roll < 5) {
            random_chow(rng, rules, c);
            type = QIPAI_ZP_CHI;
        } else {
            memset(c, (int)qipai_rng_below(rng, QIPAI_ZP_KINDS), 4);
            static const int kinds[] = {QIPAI_ZP_PENG, QIPAI_ZP_PENG, QIPAI_ZP_WEI, QIPAI_ZP_PAO,
                                        QIPAI_ZP_TI};
            type = kinds[roll - 5];
            n = type == QIPAI_ZP_PAO || type == QIPAI_ZP_TI ? 4 : 3;
        }
        if (!take(used, c, n))
            continue;
        qipai_zp_meld_make(rules, type, c, n, &open[n_open++], NULL);
        cards += 3; /* a 4-card meld still stands for one meld of three */
    }
    qipai_zp_hand hand;
    /* 21 cards in all, or 20 (a pair) or 22 (a 提) */
    random_hand(rng, rules, used, 20 + (int)qipai_rng_below(rng, 3) - cards, &hand);
    int total = 0;
    for (int k = 0; k < QIPAI_ZP_KINDS; k++)
        total += hand.counts[k];
    int target = -1;
    if (total > 0) {
        int pick = (int)qipai_rng_below(rng, (uint32_t)total);
        for (int k = 0; k < QIPAI_ZP_KINDS && target < 0; k++) {
            if (pick < hand.counts[k])
                target = k;
            pick -= hand.counts[k];
        }
        hand.counts[target]--;
    } else {
        target = (int)qipai_rng_below(rng, QIPAI_ZP_KINDS);
    }
    print_hand(&hand, flags);
    for (int i = 0; i < n_open; i++)
        print_open(&open[i], flags);
    char text[QIPAI_ZP_CARD_TEXT];
    qipai_zp_format_card(target, flags, text, sizeof text);
    int draw = qipai_rng_below(rng, 2) == 0;
    if (flags & QIPAI_ZP_ASCII)
        printf(" %s %s\n", draw ? "draw" : "discard", text);
    else
        printf(" %s%s\n", draw ? "摸" : "打", text);
}

/* Reads the options, then runs body on what is left (the inputs). */
static int with_options(int argc, char **argv,
                        int (*body)(const zp_cli_options *o, int argc, char **argv))
{
    zp_cli_options o;
    char **inputs = calloc((size_t)argc, sizeof *inputs);
    int n = 0;
    if (!inputs)
        return prog_usage("zipai: out of memory");
    int status = zp_read_options(argc, argv, &o, inputs, &n);
    if (status == 0)
        status = body(&o, n, inputs);
    free(inputs);
    return status;
}

static int corpus(const zp_cli_options *o, int argc, char **argv)
{
    if (argc != 2 || (strcmp(argv[0], "decompose") && strcmp(argv[0], "hu")))
        return prog_usage("zipai: corpus decompose|hu N [--seed S] [--size CARDS] [--ascii]");
    char *end;
    long n = strtol(argv[1], &end, 10);
    if (*end || n < 0 || n > 100000000)
        return prog_usage("zipai: corpus wants a count, not '%s'", argv[1]);
    qipai_rng rng;
    qipai_rng_seed(&rng, o->seed);
    for (long i = 0; i < n; i++) {
        if (!strcmp(argv[0], "hu")) {
            random_situation(&rng, &o->rules, o->flags);
            continue;
        }
        /* Mixed sizes by default: every size from 2 to 21 cards; hands
         * that leave 3k+1 cards beside their 坎 and 提 are drawn again. */
        int size = o->size ? o->size : 2 + (int)qipai_rng_below(&rng, 20);
        qipai_zp_hand hand;
        for (int tries = 0; tries < 100; tries++) {
            uint8_t used[QIPAI_ZP_KINDS] = {0};
            random_hand(&rng, &o->rules, used, size, &hand);
            if (free_cards(&hand) % 3 != 1)
                break;
        }
        print_hand(&hand, o->flags);
        putchar('\n');
    }
    return PROG_EXIT_OK;
}

/* ---- bench ---- */

static int count_one(const qipai_zp_decomposition *d, void *context)
{
    (void)d;
    ++*(long *)context;
    return 0;
}

static int corpus_command(int argc, char **argv)
{
    return with_options(argc, argv, corpus);
}

static int bench(const zp_cli_options *o, int argc, char **argv)
{
    if (argc != 2 || (strcmp(argv[0], "decompose") && strcmp(argv[0], "hu")))
        return prog_usage("zipai: bench decompose|hu FILE [--repeat N]");
    int hu = !strcmp(argv[0], "hu");
    char **lines;
    long n = prog_read_lines(argv[1], &lines);
    if (n < 0)
        return prog_usage("zipai: cannot read '%s'", argv[1]);
    if (n == 0) {
        prog_free_lines(lines, n);
        return prog_usage("zipai: '%s' holds no input", argv[1]);
    }
    qipai_zp_hand *hands = hu ? NULL : malloc((size_t)n * sizeof *hands);
    qipai_zp_situation *situations = hu ? malloc((size_t)n * sizeof *situations) : NULL;
    if (!hands && !situations) {
        prog_free_lines(lines, n);
        return prog_usage("zipai: out of memory");
    }
    for (long i = 0; i < n; i++) {
        qipai_error err;
        qipai_err e = hu ? qipai_zp_parse_situation(&o->rules, lines[i], &situations[i], &err)
                         : qipai_zp_parse_hand(lines[i], &hands[i], &err);
        if (!e && hu && situations[i].target < 0) {
            e = QIPAI_ERR_ARGUMENT;
            snprintf(err.message, sizeof err.message, "no target");
        }
        if (e) {
            int status = prog_usage("zipai: %s line %ld: %s", argv[1], i + 1, err.message);
            prog_free_lines(lines, n);
            free(hands);
            free(situations);
            return status;
        }
    }
    prog_free_lines(lines, n);

    double runs[101], walls[101];
    long found = 0; /* decompositions, or wins: also keeps the calls from being optimized out */
    for (int r = 0; r < o->repeat; r++) {
        found = 0;
        double start = prog_cpu_ns(), wall = prog_now_ns();
        if (hu) {
            for (long i = 0; i < n; i++) {
                qipai_zp_hu_result result;
                qipai_zp_hu(&o->rules, &situations[i], &result, NULL);
                found += result.win;
            }
        } else {
            for (long i = 0; i < n; i++)
                qipai_zp_decompose_each(&o->rules, &hands[i], count_one, &found, NULL);
        }
        runs[r] = (prog_cpu_ns() - start) / (double)n;
        walls[r] = (prog_now_ns() - wall) / (double)n;
    }
    prog_sort_times(runs, (size_t)o->repeat);
    prog_sort_times(walls, (size_t)o->repeat);
    qjson_writer out;
    qjson_writer_init(&out);
    qjson_object_begin(&out);
    qjson_key_string(&out, "bench", argv[0]);
    qjson_key(&out, "file");
    qjson_string_lossy(&out, argv[1], strlen(argv[1])); /* a path need not be UTF-8 */
    qjson_key_int(&out, hu ? "situations" : "hands", n);
    qjson_key_int(&out, hu ? "wins" : "decompositions", found);
    qjson_key_int(&out, "repeat", o->repeat);
    qjson_key_double(&out, "ns_per_call", runs[o->repeat / 2]);
    qjson_key_double(&out, "ns_min", runs[0]);
    qjson_key_double(&out, "ns_max", runs[o->repeat - 1]);
    qjson_key_double(&out, "ns_wall", walls[o->repeat / 2]);
    qjson_object_end(&out);
    prog_print_json(&out);
    qjson_writer_free(&out);
    free(hands);
    free(situations);
    return PROG_EXIT_OK;
}

static int bench_command(int argc, char **argv)
{
    return with_options(argc, argv, bench);
}

int bench_zipai(int argc, char **argv)
{
    return !strcmp(argv[0], "corpus") ? corpus_command(argc, argv) : bench_command(argc, argv);
}
