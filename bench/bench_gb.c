/*
 * `qipai gb corpus` and `qipai gb bench`: seeded random corpora of winning
 * Guobiao hands (0-4 declared melds, any situation; or concealed full
 * flushes) and the timing of qipai_gb_fan on a corpus file, parsed before
 * the clock starts, the median of several runs reported.
 */
#define _POSIX_C_SOURCE 200809L
#include "bench.h"
#include "program.h"

#include <qipai/gb.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct gb_cli_options {
    qipai_gb_rules rules;
    uint64_t seed;  /* --seed, corpus */
    int repeat;     /* --repeat, bench: timing runs (median reported) */
} gb_cli_options;

/* ---- options ---- */

/* The rule options the line commands take (--rules, --rule, --min,
 * --knitted-waits, --mingangang, --blessings) and --seed, --repeat; the
 * other words go to inputs. As in the line commands, the rule set comes
 * first whatever its place, then the rule values in the order given.
 * Returns 0, or the usage status. */
static int read_options(int argc, char **argv, gb_cli_options *o, char **inputs, int *n_inputs)
{
    const char *rules_name = "default";
    char rule_values[16][64];
    int n_rules = 0, only_inputs = 0;
    o->seed = 1;
    o->repeat = 5;
    *n_inputs = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *rule = NULL;
        if (only_inputs || strncmp(a, "--", 2)) {
            inputs[(*n_inputs)++] = argv[i];
            continue;
        }
        if (!strcmp(a, "--")) {
            only_inputs = 1;
            continue;
        }
        if (!strcmp(a, "--knitted-waits")) {
            rule = "knitted_waits=1";
        } else if (!strcmp(a, "--mingangang")) {
            rule = "mingangang=1";
        } else if (!strcmp(a, "--blessings")) {
            rule = "blessings=1";
        } else if (!strcmp(a, "--rules") || !strcmp(a, "--rule")) {
            if (!(rule = prog_option_value(argc, argv, &i)))
                return prog_usage("gb: %s needs a value", a);
            if (!strcmp(a, "--rules")) {
                rules_name = rule;
                rule = NULL;
            }
        } else if (!strcmp(a, "--min") || !strcmp(a, "--repeat") || !strcmp(a, "--seed")) {
            const char *v = prog_option_value(argc, argv, &i);
            char *end;
            if (!v || !*v)
                return prog_usage("gb: %s needs a value", a);
            unsigned long long x = strtoull(v, &end, 10);
            if (*end || *v == '-')
                return prog_usage("gb: %s wants a whole number, not '%s'", a, v);
            if (!strcmp(a, "--seed")) {
                o->seed = x;
            } else if (!strcmp(a, "--min")) {
                if (x > 255)
                    return prog_usage("gb: --min wants 0..255, not '%s'", v);
                rule = v;
            } else {
                if (x < 1 || x > 101)
                    return prog_usage("gb: --repeat wants 1..101, not '%s'", v);
                o->repeat = (int)x;
            }
        } else {
            return prog_usage("gb: unknown option '%s' (options: --min, --knitted-waits, "
                             "--mingangang, --blessings, --rules, --rule, --seed, --repeat)", a);
        }
        if (!rule)
            continue;
        if (n_rules == 16)
            return prog_usage("gb: more than 16 rule options");
        snprintf(rule_values[n_rules++], sizeof rule_values[0], "%s%.50s",
                 !strcmp(a, "--min") ? "min_fan=" : "", rule);
    }
    qipai_error err;
    if (qipai_gb_rules_named(&o->rules, rules_name, &err) != QIPAI_OK)
        return prog_usage("gb: --rules: %s", err.message);
    for (int r = 0; r < n_rules; r++)
        if (qipai_gb_rules_option(&o->rules, rule_values[r], &err) != QIPAI_OK)
            return prog_usage("gb: %s", err.message);
    return 0;
}

/* Runs fn with the options and inputs of argv (argv[0] the command). */
static int with_options(int argc, char **argv,
                        int (*fn)(const gb_cli_options *o, int n, char **inputs))
{
    gb_cli_options options;
    char **inputs = calloc((size_t)argc + 1, sizeof *inputs);
    int n = 0;
    if (!inputs)
        return prog_usage("gb: out of memory");
    int status = read_options(argc, argv, &options, inputs, &n);
    if (!status)
        status = fn(&options, n, inputs);
    free(inputs);
    return status;
}

/* ---- corpus ---- */

typedef struct builder {
    qipai_rng *rng;
    uint8_t used[QIPAI_MJ_KINDS]; /* copies taken, melds included */
} builder;

static int below(builder *b, int n) { return (int)qipai_rng_below(b->rng, (uint32_t)n); }

static bool take(builder *b, int kind, int n)
{
    if (b->used[kind] + n > QIPAI_MJ_MAX_COPIES)
        return false;
    b->used[kind] = (uint8_t)(b->used[kind] + n);
    return true;
}

/* A meld of four: type 0 chow, 1 pung; kind its lowest tile. suit < 0: any. */
typedef struct meld4 {
    int type, kind;
} meld4;

static bool random_meld(builder *b, int suit, meld4 *m)
{
    for (int tries = 0; tries < 50; tries++) {
        bool chow = below(b, 100) < 60;
        int s = suit >= 0 ? suit : below(b, chow ? 3 : 4);
        if (chow && s < 3) {
            int k = 9 * s + below(b, 7);
            if (b->used[k] < 4 && b->used[k + 1] < 4 && b->used[k + 2] < 4) {
                take(b, k, 1), take(b, k + 1, 1), take(b, k + 2, 1);
                *m = (meld4){0, k};
                return true;
            }
        } else {
            int k = s < 3 ? 9 * s + below(b, 9) : 27 + below(b, 7);
            if (take(b, k, 3)) {
                *m = (meld4){1, k};
                return true;
            }
        }
    }
    return false;
}

static bool random_pair(builder *b, int suit, int *kind)
{
    for (int tries = 0; tries < 50; tries++) {
        int k = suit >= 0 ? 9 * suit + below(b, 9) : below(b, QIPAI_MJ_KINDS);
        if (take(b, k, 2)) {
            *kind = k;
            return true;
        }
    }
    return false;
}

/* The nine kinds of a knitted straight: 147, 258, 369 in suits perm[a]. */
static uint64_t knitted_mask(int a)
{
    static const uint8_t perm[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2},
                                       {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
    uint64_t m = 0;
    for (int j = 0; j < 3; j++)
        for (int r = j; r < 9; r += 3)
            m |= (uint64_t)1 << (9 * perm[a][j] + r);
    return m;
}

/* Concealed tiles of a special form into counts; false if none drawn. */
static bool special_form(builder *b, uint8_t *counts)
{
    int roll = below(b, 100);
    if (roll < 50) { /* seven pairs */
        for (int i = 0; i < 7; i++) {
            int k;
            if (!random_pair(b, -1, &k))
                return false;
            counts[k] += 2;
        }
        return true;
    }
    if (roll < 60) { /* thirteen orphans */
        static const uint8_t orphans[13] = {0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33};
        for (int i = 0; i < 13; i++)
            counts[orphans[i]]++;
        counts[orphans[below(b, 13)]]++;
        return true;
    }
    int a = below(b, 6);
    uint64_t mask = knitted_mask(a);
    if (roll < 80) { /* 全不靠: 14 of the 16 */
        int kinds[16], n = 0;
        for (int k = 0; k < QIPAI_MJ_KINDS; k++)
            if ((mask >> k & 1) || k >= 27)
                kinds[n++] = k;
        int skip1 = below(b, 16), skip2 = (skip1 + 1 + below(b, 15)) % 16;
        for (int i = 0; i < 16; i++)
            if (i != skip1 && i != skip2)
                counts[kinds[i]]++;
        return true;
    }
    /* 组合龙 with a meld and a pair */
    for (int k = 0; k < QIPAI_MJ_KINDS; k++)
        if (mask >> k & 1) {
            take(b, k, 1);
            counts[k]++;
        }
    meld4 m;
    int pair;
    if (!random_meld(b, -1, &m) || !random_pair(b, -1, &pair))
        return false;
    for (int i = 0; i < 3; i++)
        counts[m.type ? m.kind : m.kind + i]++;
    counts[pair] += 2;
    return true;
}

static bool random_hand(builder *b, bool flush, qipai_gb_hand *h)
{
    memset(h, 0, sizeof *h);
    memset(b->used, 0, sizeof b->used);
    int suit = flush ? below(b, 3) : -1;
    int declared = flush ? 0 : below(b, 5);
    if (!flush && declared == 0 && below(b, 100) < 10) {
        if (!special_form(b, h->counts))
            return false;
    } else if (flush && below(b, 100) < 10) {
        for (int i = 0; i < 7; i++) {
            int k;
            if (!random_pair(b, suit, &k))
                return false;
            h->counts[k] += 2;
        }
    } else {
        meld4 melds[4];
        int pair;
        for (int i = 0; i < 4; i++)
            if (!random_meld(b, suit, &melds[i]))
                return false;
        if (!random_pair(b, suit, &pair))
            return false;
        h->counts[pair] += 2;
        for (int i = 0; i < 4; i++) {
            meld4 *m = &melds[i];
            if (i >= declared) {
                for (int j = 0; j < 3; j++)
                    h->counts[m->type ? m->kind : m->kind + j]++;
                continue;
            }
            qipai_gb_meld *d = &h->melds[h->meld_count++];
            d->kind = (uint8_t)m->kind;
            if (!m->type) {
                d->type = QIPAI_GB_MELD_CHOW;
                d->from = 1;
                d->claimed = (uint8_t)(1 + below(b, 3));
            } else if (below(b, 100) < 25 && take(b, m->kind, 1)) {
                d->type = QIPAI_GB_MELD_KONG;
                d->from = (uint8_t)below(b, 4);
                d->claimed = d->from && below(b, 3) == 0;
            } else {
                d->type = QIPAI_GB_MELD_PUNG;
                d->from = (uint8_t)(1 + below(b, 3));
            }
        }
    }
    int n = 0;
    for (int k = 0; k < QIPAI_MJ_KINDS; k++)
        n += h->counts[k];
    h->tile_count = (uint8_t)n;
    int pick = below(b, n);
    for (int k = 0; k < QIPAI_MJ_KINDS; k++) {
        if (pick < h->counts[k]) {
            h->win_tile = (uint8_t)k;
            break;
        }
        pick -= h->counts[k];
    }
    if (flush)
        return true;
    h->prevalent_wind = (uint8_t)below(b, 4);
    h->seat_wind = (uint8_t)below(b, 4);
    if (below(b, 2))
        h->flags |= QIPAI_GB_SELF_DRAWN;
    if (below(b, 100) < 5)
        h->flags |= QIPAI_GB_LAST_COPY;
    if (below(b, 100) < 5)
        h->flags |= QIPAI_GB_LAST_TILE;
    if (below(b, 100) < 5)
        h->flags |= QIPAI_GB_KONG;
    h->flowers = (uint8_t)(below(b, 3) ? 0 : below(b, 4));
    /* Drop the flags the tiles make impossible. */
    qipai_error err;
    if (qipai_gb_check(h, 14, &err))
        h->flags &= (uint8_t)~(QIPAI_GB_LAST_COPY | QIPAI_GB_KONG);
    return qipai_gb_check(h, 14, &err) == QIPAI_OK;
}

static int corpus(const gb_cli_options *o, int argc, char **argv)
{
    if (argc != 2 || (strcmp(argv[0], "fan") && strcmp(argv[0], "flush")))
        return prog_usage("gb: corpus fan|flush N [--seed S]");
    char *end;
    long n = strtol(argv[1], &end, 10);
    if (*end || n < 0 || n > 100000000)
        return prog_usage("gb: corpus wants a count, not '%s'", argv[1]);
    bool flush = !strcmp(argv[0], "flush");
    qipai_rng rng;
    qipai_rng_seed(&rng, o->seed);
    builder b = {&rng, {0}};
    qipai_gb_rules rules = o->rules;
    for (long i = 0; i < n; i++) {
        qipai_gb_hand h;
        qipai_gb_result r;
        /* Every line a winning hand: shapes that do not win (a 组合龙 whose
         * meld took a knitted tile twice ...) are drawn again. */
        while (!random_hand(&b, flush, &h) || qipai_gb_fan(&rules, &h, &r, NULL) || !r.win)
            ;
        char text[96];
        qipai_gb_format_hand(&h, text, sizeof text);
        puts(text);
    }
    return PROG_EXIT_OK;
}

/* ---- bench ---- */

static int bench(const gb_cli_options *o, int argc, char **argv)
{
    if (argc != 2 || strcmp(argv[0], "fan"))
        return prog_usage("gb: bench fan FILE [--repeat N]");
    char **lines;
    long n = prog_read_lines(argv[1], &lines);
    if (n < 0)
        return prog_usage("gb: cannot read '%s'", argv[1]);
    if (n == 0) {
        prog_free_lines(lines, n);
        return prog_usage("gb: '%s' holds no hands", argv[1]);
    }
    qipai_gb_hand *hands = malloc((size_t)n * sizeof *hands);
    if (!hands) {
        prog_free_lines(lines, n);
        return prog_usage("gb: out of memory");
    }
    for (long i = 0; i < n; i++) {
        qipai_error err;
        if (qipai_gb_parse(lines[i], &hands[i], &err) || qipai_gb_check(&hands[i], 14, &err)) {
            int status = prog_usage("gb: %s line %ld: %s", argv[1], i + 1, err.message);
            prog_free_lines(lines, n);
            free(hands);
            return status;
        }
    }
    prog_free_lines(lines, n);

    double runs[101];
    long total = 0; /* the sum of the totals: also keeps the calls from being optimized out */
    for (int r = 0; r < o->repeat; r++) {
        total = 0;
        double start = prog_cpu_ns();
        for (long i = 0; i < n; i++) {
            qipai_gb_result result;
            qipai_gb_fan(&o->rules, &hands[i], &result, NULL);
            total += result.win ? result.total : 0;
        }
        runs[r] = (prog_cpu_ns() - start) / (double)n;
    }
    prog_sort_times(runs, (size_t)o->repeat);
    printf("gb fan: %ld hands, %.1f ns/hand, %ld fan\n", n, runs[o->repeat / 2], total);
    free(hands);
    return PROG_EXIT_OK;
}

static int corpus_command(int argc, char **argv)
{
    return with_options(argc, argv, corpus);
}

static int bench_command(int argc, char **argv)
{
    return with_options(argc, argv, bench);
}

int bench_gb(int argc, char **argv)
{
    return !strcmp(argv[0], "corpus") ? corpus_command(argc, argv) : bench_command(argc, argv);
}
