/*
 * Corpora and benchmarks for poker (docs/perf/poker.md).
 *
 *   qipai poker corpus minplays --rules ddz --size 20 --count 10000 --seed 1 > hands.txt
 *   qipai poker bench minplays hands.txt --rules ddz [--repeat 7]
 *   qipai poker bench moves hands.txt --rules ddz
 *
 * A corpus line is a hand dealt from a shuffled deck of the rule set (54
 * cards for ddz, 48 for pdk, 52 for seed). The bench reads the whole file
 * and parses it before the clock starts, then times the core call over every
 * hand, several times, and prints the median, fastest and slowest ns per call.
 */
#include <stdio.h>

#include "poker_bench.h"

#include "bench.h"
#include "program.h"
#include "common/json.h"

#include <stdlib.h>
#include <string.h>

/* Takes the rule options out of argv[1..] (in place, keeping the order of
 * the rest): --rules NAME (default ddz; the last one given counts), then
 * every --option or --rule NAME=VALUE in order, whatever their places.
 * --types and --limit N, minplays options the command line has always
 * accepted here too, are taken and ignored. Returns the new argc, or -1
 * after reporting a usage error. */
static int take_rules(int argc, char **argv, qipai_pk_rules *rules, const char **rules_text)
{
    qipai_error err;
    *rules_text = "ddz";
    for (int i = 1; i + 1 < argc; i++)
        if (!strcmp(argv[i], "--rules"))
            *rules_text = argv[++i];
    if (qipai_pk_rules_named(rules, *rules_text, &err) != QIPAI_OK)
        return prog_usage("%s", err.message), -1;
    int kept = 1;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        bool option = !strcmp(a, "--option") || !strcmp(a, "--rule");
        if (option || !strcmp(a, "--rules") || !strcmp(a, "--limit")) {
            const char *value = prog_option_value(argc, argv, &i);
            if (!value)
                return prog_usage("%s needs a value", a), -1;
            if (option && qipai_pk_rules_option(rules, value, &err) != QIPAI_OK)
                return prog_usage("%s", err.message), -1;
        } else if (strcmp(a, "--types")) {
            argv[kept++] = argv[i];
        }
    }
    return kept;
}

static int corpus(int argc, char **argv)
{
    qipai_pk_rules parsed;
    const char *rules_text;
    if ((argc = take_rules(argc, argv, &parsed, &rules_text)) < 0)
        return PROG_EXIT_USAGE;
    const qipai_pk_rules *rules = &parsed;
    long size = rules->game == QIPAI_PK_GAME_PDK ? 16 : 20, count = 10000;
    unsigned long long seed = 1;
    if (argc < 2 || (strcmp(argv[1], "minplays") && strcmp(argv[1], "hands") &&
                     strcmp(argv[1], "moves")))
        return prog_usage("usage: qipai poker corpus minplays|moves [--size N] [--count N] "
                         "[--seed S] [--rules R]");
    for (int i = 2; i < argc; i++) {
        const char *value = NULL;
        if (!strcmp(argv[i], "--size") && (value = prog_option_value(argc, argv, &i)))
            size = atol(value);
        else if (!strcmp(argv[i], "--count") && (value = prog_option_value(argc, argv, &i)))
            count = atol(value);
        else if (!strcmp(argv[i], "--seed") && (value = prog_option_value(argc, argv, &i)))
            seed = strtoull(value, NULL, 10);
        else
            return prog_usage("corpus: unknown or incomplete option '%s'", argv[i]);
    }
    uint8_t deck[QIPAI_PK_DECK_MAX];
    int cards = qipai_pk_deck(rules, deck);
    if (size < 0 || size > cards || count < 0)
        return prog_usage("corpus: --size must be 0..%d and --count at least 0", cards);
    qipai_rng rng;
    qipai_rng_seed(&rng, seed);
    for (long h = 0; h < count; h++) {
        qipai_rng_shuffle_bytes(&rng, deck, (size_t)cards);
        qipai_pk_cards hand;
        memset(&hand, 0, sizeof hand);
        for (long k = 0; k < size; k++)
            hand.counts[deck[k]]++;
        char text[QIPAI_PK_TEXT_MAX];
        qipai_pk_format(&hand, text, sizeof text);
        puts(text);
    }
    return PROG_EXIT_OK;
}

static int count_only(const qipai_pk_cards *groups, size_t n, void *context)
{
    (void)groups;
    (void)n;
    (void)context;
    return 0;
}

static int count_play(const qipai_pk_play *play, void *context)
{
    (void)play;
    (void)context;
    return 0;
}

enum { MODE_FRESH, MODE_WARM, MODE_COUNT, MODE_MOVES };

/* One timed pass over every hand; returns ns per hand. */
static double run_once(int mode, const qipai_pk_rules *rules, const qipai_pk_cards *hands,
                       long n, qipai_pk_memo *memo, double *checksum)
{
    double sum = 0;
    double start = prog_now_ns();
    for (long i = 0; i < n; i++) {
        qipai_pk_min_result result = {0, 0};
        int min = 0;
        size_t moves = 0;
        switch (mode) {
        case MODE_FRESH:
            qipai_pk_memo_clear(memo);
            qipai_pk_min_plays(rules, &hands[i], memo, count_only, NULL, &result, NULL);
            sum += result.min + (double)result.solutions;
            break;
        case MODE_WARM:
            qipai_pk_min_plays(rules, &hands[i], memo, count_only, NULL, &result, NULL);
            sum += result.min + (double)result.solutions;
            break;
        case MODE_COUNT:
            qipai_pk_memo_clear(memo);
            qipai_pk_min_count(rules, &hands[i], memo, &min, NULL);
            sum += min;
            break;
        default:
            qipai_pk_moves(rules, &hands[i], NULL, count_play, NULL, &moves, NULL);
            sum += (double)moves;
            break;
        }
    }
    double elapsed = prog_now_ns() - start;
    *checksum = sum;
    return n ? elapsed / (double)n : 0;
}

/* One bench line: the timings of a mode (docs/perf/poker.md). */
static void print_timings(const char *bench, const char *rules_text, const char *mode, long hands,
                          double cards_per_hand, int repeat, const double *times, double checksum)
{
    qjson_writer w;
    qjson_writer_init(&w);
    qjson_object_begin(&w);
    qjson_key_string(&w, "bench", bench);
    qjson_key_string(&w, "rules", rules_text);
    qjson_key_string(&w, "mode", mode);
    qjson_key_int(&w, "hands", hands);
    qjson_key_double(&w, "cards_per_hand", cards_per_hand);
    qjson_key_int(&w, "repeats", repeat);
    qjson_key_double(&w, "median_ns", (double)(long long)times[repeat / 2]);
    qjson_key_double(&w, "fastest_ns", (double)(long long)times[0]);
    qjson_key_double(&w, "slowest_ns", (double)(long long)times[repeat - 1]);
    qjson_key_double(&w, "checksum", checksum);
    qjson_object_end(&w);
    prog_print_json(&w);
    qjson_writer_free(&w);
}

static int bench(int argc, char **argv)
{
    qipai_pk_rules parsed;
    const char *rules_text;
    if ((argc = take_rules(argc, argv, &parsed, &rules_text)) < 0)
        return PROG_EXIT_USAGE;
    const qipai_pk_rules *rules = &parsed;
    if (argc < 3 || (strcmp(argv[1], "minplays") && strcmp(argv[1], "moves")))
        return prog_usage("usage: qipai poker bench minplays|moves FILE [--rules R] [--repeat N]");
    const char *path = argv[2];
    int repeat = 7;
    for (int i = 3; i < argc; i++) {
        const char *value = NULL;
        if (!strcmp(argv[i], "--repeat") && (value = prog_option_value(argc, argv, &i)))
            repeat = atoi(value);
        else
            return prog_usage("bench: unknown or incomplete option '%s'", argv[i]);
    }
    if (repeat < 1 || repeat > 1000)
        return prog_usage("bench: --repeat must be 1..1000");
    char **lines;
    long n = prog_read_lines(path, &lines);
    if (n < 0)
        return prog_usage("bench: cannot read %s", path);
    qipai_pk_cards *hands = malloc((size_t)(n ? n : 1) * sizeof *hands);
    long good = 0, cards = 0;
    for (long i = 0; i < n; i++) {
        qipai_error err;
        if (qipai_pk_parse(rules, lines[i], &hands[good], &err) == QIPAI_OK) {
            cards += qipai_pk_total(&hands[good]);
            good++;
        } else {
            fprintf(stderr, "bench: skipping line %ld: %s\n", i + 1, err.message);
        }
    }
    prog_free_lines(lines, n);
    size_t bytes = qipai_pk_memo_bytes(14); /* 384 KiB: within L2 */
    void *memory = malloc(bytes);
    qipai_pk_memo *memo = qipai_pk_memo_init(memory, bytes);
    int moves = !strcmp(argv[1], "moves");
    static const int minplay_modes[] = {MODE_FRESH, MODE_WARM, MODE_COUNT};
    static const char *const mode_names[] = {"all solutions, memo cleared per hand",
                                             "all solutions, memo kept across hands",
                                             "minimum only, memo cleared per hand",
                                             "every legal lead"};
    double *times = malloc((size_t)repeat * sizeof *times);
    int modes = moves ? 1 : 3;
    for (int m = 0; m < modes; m++) {
        int mode = moves ? MODE_MOVES : minplay_modes[m];
        double checksum = 0;
        qipai_pk_memo_clear(memo);
        run_once(mode, rules, hands, good < 200 ? good : 200, memo, &checksum); /* warm caches */
        for (int r = 0; r < repeat; r++) {
            if (mode == MODE_WARM)
                qipai_pk_memo_clear(memo);
            times[r] = run_once(mode, rules, hands, good, memo, &checksum);
        }
        prog_sort_times(times, (size_t)repeat);
        print_timings(argv[1], rules_text, mode_names[mode], good,
                      good ? (double)cards / (double)good : 0, repeat, times, checksum);
    }
    free(times);
    free(memory);
    free(hands);
    return PROG_EXIT_OK;
}

int bench_poker(int argc, char **argv)
{
    return !strcmp(argv[0], "corpus") ? corpus(argc, argv) : bench(argc, argv);
}
