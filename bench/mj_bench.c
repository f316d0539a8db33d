/*
 * `qipai mahjong bench CALL FILE [--rules NAME] [--wild KIND]...`: reads the
 * hands of FILE into memory (parsing is not timed), then times CALL over all
 * of them several times and prints the median:
 *   mahjong win: 60000 hands, 14.2 ns/hand, 12345 wins
 * Times are this thread's CPU time. On stderr it adds the spread and an
 * in-process reference run (a plain depth-first search) with the ratio,
 * since the machine is shared and noisy.
 */
#include <stdio.h>

#include "bench.h"
#include "mahjong_bench.h"
#include "mj_baseline.h"

#include <stdlib.h>
#include <string.h>

enum { RUNS = 9 };

typedef long (*bench_fn)(const qipai_mj_rules *rules, const qipai_mj_hand *hands, long n);

static long run_win(const qipai_mj_rules *rules, const qipai_mj_hand *hands, long n)
{
    long wins = 0;
    for (long i = 0; i < n; i++)
        wins += qipai_mj_win(rules, &hands[i]);
    return wins;
}

static long run_baseline_win(const qipai_mj_rules *rules, const qipai_mj_hand *hands, long n)
{
    (void)rules;
    long wins = 0;
    for (long i = 0; i < n; i++)
        wins += mj_baseline_win(&hands[i]);
    return wins;
}

static long run_waits(const qipai_mj_rules *rules, const qipai_mj_hand *hands, long n)
{
    long waits = 0;
    for (long i = 0; i < n; i++)
        waits += __builtin_popcountll(qipai_mj_wait_mask(rules, &hands[i]));
    return waits;
}

/* Waits the obvious way: a fast win check for each of the 34 kinds. */
static long run_probe_waits(const qipai_mj_rules *rules, const qipai_mj_hand *hands, long n)
{
    long waits = 0;
    for (long i = 0; i < n; i++) {
        qipai_mj_hand h = hands[i];
        for (int k = 0; k < rules->kinds; k++) {
            if (rules->wild_kinds >> k & 1) {
                h.wilds++;
                waits += qipai_mj_win(rules, &h);
                h.wilds--;
            } else if (h.counts[k] < 4) {
                h.counts[k]++;
                waits += qipai_mj_win(rules, &h);
                h.counts[k]--;
            }
        }
    }
    return waits;
}

static int count_decomposition(const qipai_mj_decomposition *d, void *context)
{
    (void)d;
    ++*(long *)context;
    return 0;
}

static long run_decompose(const qipai_mj_rules *rules, const qipai_mj_hand *hands, long n)
{
    long total = 0;
    for (long i = 0; i < n; i++)
        qipai_mj_decompose(rules, &hands[i], count_decomposition, &total, NULL, NULL);
    return total;
}

static long run_shanten(const qipai_mj_rules *rules, const qipai_mj_hand *hands, long n)
{
    long sum = 0;
    for (long i = 0; i < n; i++)
        sum += qipai_mj_shanten(rules, &hands[i], NULL);
    return sum;
}

static long run_effective(const qipai_mj_rules *rules, const qipai_mj_hand *hands, long n)
{
    long sum = 0;
    qipai_mj_effective e;
    for (long i = 0; i < n; i++)
        if (qipai_mj_effective_tiles(rules, &hands[i], NULL, &e, NULL) == QIPAI_OK)
            sum += e.count;
    return sum;
}

static long run_discards(const qipai_mj_rules *rules, const qipai_mj_hand *hands, long n)
{
    long sum = 0;
    qipai_mj_discard d[QIPAI_MJ_KINDS + 1];
    for (long i = 0; i < n; i++) {
        size_t count;
        if (qipai_mj_discards(rules, &hands[i], NULL, d, &count, NULL) == QIPAI_OK)
            sum += count;
    }
    return sum;
}

static const struct {
    const char *call, *unit;
    bench_fn fast, reference;
    const char *reference_name;
} calls[] = {
    {"win", "wins", run_win, run_baseline_win, "plain depth-first search"},
    {"waits", "waits", run_waits, run_probe_waits, "34 probes of the fast win check"},
    {"decompose", "decompositions", run_decompose, NULL, NULL},
    {"shanten", "shanten", run_shanten, NULL, NULL},
    {"effective", "effective tiles", run_effective, NULL, NULL},
    {"discards", "discards", run_discards, NULL, NULL},
};

/* Median CPU ns per hand over RUNS passes (after one warm-up pass). */
static double time_call(bench_fn fn, const qipai_mj_rules *rules, const qipai_mj_hand *hands,
                        long n, long *result, double *low, double *high)
{
    double ns[RUNS];
    *result = fn(rules, hands, n);
    for (int r = 0; r < RUNS; r++) {
        double start = prog_cpu_ns();
        long again = fn(rules, hands, n);
        ns[r] = (prog_cpu_ns() - start) / (double)n;
        if (again != *result)
            fprintf(stderr, "bench: runs disagree (%ld vs %ld)\n", again, *result);
    }
    prog_sort_times(ns, RUNS);
    *low = ns[0];
    *high = ns[RUNS - 1];
    return ns[RUNS / 2];
}

static int bench(int argc, char **argv)
{
    if (argc < 3)
        return prog_usage("usage: qipai mahjong bench win|waits|decompose|shanten|effective|"
                         "discards FILE [--rules NAME] [--wild KIND]...");
    size_t c = 0;
    while (c < sizeof calls / sizeof calls[0] && strcmp(calls[c].call, argv[1]))
        c++;
    if (c == sizeof calls / sizeof calls[0])
        return prog_usage("bench: unknown call '%s'", argv[1]);
    mj_options o;
    int extra = mj_parse_options(argc, argv, 3, &o);
    if (extra < 0)
        return PROG_EXIT_USAGE;
    if (extra > 0)
        return prog_usage("bench: unexpected argument '%s'", argv[3]);

    char **lines;
    long n = prog_read_lines(argv[2], &lines);
    if (n < 0)
        return prog_usage("bench: cannot read %s", argv[2]);
    if (n == 0)
        return prog_usage("bench: %s holds no hands", argv[2]);
    qipai_mj_hand *hands = malloc((size_t)n * sizeof *hands);
    if (!hands)
        return prog_usage("bench: out of memory");
    for (long i = 0; i < n; i++) {
        qipai_error err;
        if (qipai_mj_parse(&o.rules, lines[i], &hands[i], NULL, &err)) {
            fprintf(stderr, "bench: %s line %ld: %s\n", argv[2], i + 1, err.message);
            free(hands);
            prog_free_lines(lines, n);
            return PROG_EXIT_FAILED;
        }
    }
    prog_free_lines(lines, n);

    long result, reference_result;
    double low, high, rlow, rhigh;
    double ns = time_call(calls[c].fast, &o.rules, hands, n, &result, &low, &high);
    printf("mahjong %s: %ld hands, %.1f ns/hand, %ld %s\n", calls[c].call, n, ns, result,
           calls[c].unit);
    fprintf(stderr, "  median of %d runs; fastest %.1f, slowest %.1f ns/hand\n", RUNS, low, high);
    if (calls[c].reference && !o.rules.wild_kinds) {
        double rns = time_call(calls[c].reference, &o.rules, hands, n, &reference_result, &rlow,
                               &rhigh);
        fprintf(stderr, "  reference (%s): %.1f ns/hand, %ld %s; ratio %.1fx\n",
                calls[c].reference_name, rns, reference_result, calls[c].unit, rns / ns);
    }
    free(hands);
    return PROG_EXIT_OK;
}

int bench_mahjong(int argc, char **argv)
{
    return !strcmp(argv[0], "corpus") ? mj_corpus(argc, argv) : bench(argc, argv);
}
