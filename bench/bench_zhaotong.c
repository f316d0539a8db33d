/*
 * `qipai zhaotong corpus` and `qipai zhaotong bench`. Corpora are positions
 * taken from seeded bot games (so they look like play, not noise): winning
 * hands as scored (score), hands waiting for a tile (waits), hands about to
 * discard (advice, shanten), one position a line in the analyze notation.
 * The bench parses the file first, then times the library call over the
 * whole corpus several times and reports the median CPU time per call.
 * Both show progress on a terminal when they take a while (--quiet: not).
 */
#define _POSIX_C_SOURCE 200809L
#include <qipai/zhaotong.h>

#include <stdio.h>

#include "bench.h"
#include "program.h"
#include "progress.h"

#include <stdlib.h>
#include <string.h>

enum { SCORE, WAITS, ADVICE, SHANTEN, CALLS };
static const char *const call_names[CALLS] = {"score", "waits", "advice", "shanten"};

static int call_by_name(const char *name)
{
    for (int c = 0; c < CALLS; c++)
        if (!strcmp(name, call_names[c]))
            return c;
    return -1;
}

/* ---- corpus ---- */

typedef struct sampler {
    int call;
    long wanted, written;
    qipai_rng rng;
} sampler;

static void print_position(sampler *s, const qipai_zt_hand *h, int tuo, unsigned context)
{
    char text[256];
    qipai_zt_format_position(h, tuo, context, text, sizeof text);
    puts(text);
    s->written++;
}

/* score: every win, as it was scored (wins on a discarded or robbed 坨 are
 * left out: the notation reads every tile of the 坨's kind as a 坨). */
static void on_event(const qipai_zt_game *g, const qipai_zt_event *e, void *context)
{
    sampler *s = context;
    if (e->type != QIPAI_ZT_EV_WIN || s->written >= s->wanted)
        return;
    const qipai_zt_player *p = &g->players[e->player];
    bool self = p->win.context & QIPAI_ZT_CTX_SELF_DRAWN;
    if (p->win.tile_tuo && !self)
        return;
    qipai_zt_hand h = p->hand;
    if (!p->win.tile_held)
        h.counts[p->win.tile]++;
    print_position(s, &h, g->tuo, p->win.context);
}

static int corpus(int argc, char **argv)
{
    if (argc < 3)
        return prog_usage("zhaotong: corpus score|waits|advice|shanten N [--seed S] [--quiet]");
    sampler s;
    memset(&s, 0, sizeof s);
    s.call = call_by_name(argv[1]);
    char *end;
    s.wanted = strtol(argv[2], &end, 10);
    if (s.call < 0 || *end || s.wanted < 0 || s.wanted > 100000000)
        return prog_usage("zhaotong: corpus score|waits|advice|shanten N [--seed S] [--quiet]");
    uint64_t seed = 1;
    bool quiet = false;
    for (int i = 3; i < argc; i++) {
        const char *v;
        if (!strcmp(argv[i], "--quiet")) {
            quiet = true;
            continue;
        }
        if (strcmp(argv[i], "--seed") || !(v = prog_option_value(argc, argv, &i)))
            return prog_usage("zhaotong corpus: unexpected '%s'", argv[i]);
        seed = strtoull(v, &end, 10);
        if (*end || end == v)
            return prog_usage("--seed wants a number, not '%s'", v);
    }
    qipai_rng_seed(&s.rng, seed);
    qipai_zt_rules rules;
    qipai_zt_rules_default(&rules);
    static qipai_zt_game g;
    /* Strong bots in two seats of four make hands near the end as well as
     * the seed bots' rougher ones. */
    const qipai_zt_bot bots[QIPAI_ZT_SEATS] = {QIPAI_ZT_BOT_STRONG, QIPAI_ZT_BOT_SEED,
                                                QIPAI_ZT_BOT_STRONG, QIPAI_ZT_BOT_SEED};
    prog_progress progress;
    prog_progress_start(&progress, "zhaotong corpus", "positions", (uint64_t)s.wanted, quiet);
    for (long game = 0; s.written < s.wanted; game++) {
        prog_progress_update(&progress, (uint64_t)s.written);
        qipai_zt_game_init(&g, &rules, qipai_rng_next(&s.rng), (int)(game % 4), NULL);
        while (g.phase != QIPAI_ZT_PHASE_OVER && s.written < s.wanted) {
            unsigned to_act = qipai_zt_to_act(&g);
            int seat = 0;
            while (!(to_act >> seat & 1))
                seat++;
            if (s.call != SCORE && qipai_rng_below(&s.rng, 4) == 0) {
                if (s.call == WAITS) { /* a seat that is waiting for a tile */
                    int other = (int)qipai_rng_below(&s.rng, QIPAI_ZT_SEATS);
                    if (g.players[other].status == QIPAI_ZT_IN &&
                        !(g.phase == QIPAI_ZT_PHASE_TURN && other == g.turn))
                        print_position(&s, &g.players[other].hand, g.tuo, 0);
                } else if (g.phase == QIPAI_ZT_PHASE_TURN) {
                    print_position(&s, &g.players[seat].hand, g.tuo, 0);
                }
            }
            qipai_zt_action a;
            qipai_zt_bot_choose(&g, seat, bots[seat], &a, NULL);
            qipai_zt_step_events(&g, &a, s.call == SCORE ? on_event : NULL, &s, NULL);
        }
    }
    prog_progress_end(&progress);
    return PROG_EXIT_OK;
}

/* ---- bench ---- */

typedef struct position {
    qipai_zt_hand hand;
    int tuo;
    unsigned context;
} position;

/* One pass over the corpus; returns a number that depends on every answer. */
static long run(int call, const qipai_zt_rules *rules, const position *p, long n)
{
    long sum = 0;
    for (long i = 0; i < n; i++) {
        switch (call) {
        case SCORE: {
            qipai_zt_score s;
            if (qipai_zt_score_hand(rules, p[i].tuo, &p[i].hand, p[i].context, &s, NULL) ==
                QIPAI_OK)
                sum += s.amount;
            break;
        }
        case WAITS:
            sum += (long)qipai_zt_wait_mask(rules, p[i].tuo, &p[i].hand) % 1000 +
                   qipai_zt_ready(rules, p[i].tuo, &p[i].hand);
            break;
        case ADVICE: {
            qipai_mj_discard list[QIPAI_MJ_KINDS + 1];
            size_t count = 0;
            if (qipai_zt_discards(rules, p[i].tuo, &p[i].hand, NULL, list, &count, NULL) ==
                    QIPAI_OK &&
                count)
                sum += list[0].after.total;
            break;
        }
        default:
            sum += qipai_zt_shanten(rules, p[i].tuo, &p[i].hand);
            break;
        }
    }
    return sum;
}

static int bench(int argc, char **argv)
{
    if (argc < 3)
        return prog_usage("zhaotong: bench score|waits|advice|shanten FILE [--repeat N] [--quiet]");
    int call = call_by_name(argv[1]), repeat = 9;
    bool quiet = false;
    if (call < 0)
        return prog_usage("zhaotong bench: no call '%s' (score, waits, advice, shanten)", argv[1]);
    for (int i = 3; i < argc; i++) {
        const char *v;
        if (!strcmp(argv[i], "--quiet")) {
            quiet = true;
            continue;
        }
        if (strcmp(argv[i], "--repeat") || !(v = prog_option_value(argc, argv, &i)) ||
            (repeat = atoi(v)) < 1 || repeat > 101)
            return prog_usage("zhaotong bench: --repeat 1-101");
    }
    char **lines;
    long n = prog_read_lines(argv[2], &lines);
    if (n <= 0)
        return prog_usage("zhaotong bench: cannot read positions from '%s'", argv[2]);
    position *p = malloc((size_t)n * sizeof *p);
    if (!p) {
        prog_free_lines(lines, n);
        return prog_usage("zhaotong bench: out of memory");
    }
    for (long i = 0; i < n; i++) {
        qipai_error err;
        if (qipai_zt_parse_position(lines[i], -1, &p[i].hand, &p[i].tuo, &p[i].context, &err) !=
            QIPAI_OK) {
            int status = prog_usage("zhaotong bench: %s line %ld: %s", argv[2], i + 1, err.message);
            prog_free_lines(lines, n);
            free(p);
            return status;
        }
    }
    prog_free_lines(lines, n);
    qipai_zt_rules rules;
    qipai_zt_rules_default(&rules);
    double runs[101], walls[101];
    long check = 0;
    prog_progress progress; /* drawn between the passes, outside the timings */
    prog_progress_start(&progress, "zhaotong bench", "passes", (uint64_t)repeat, quiet);
    for (int r = 0; r < repeat; r++) {
        double start = prog_cpu_ns(), wall = prog_now_ns();
        check = run(call, &rules, p, n);
        runs[r] = (prog_cpu_ns() - start) / (double)n;
        walls[r] = (prog_now_ns() - wall) / (double)n;
        prog_progress_update(&progress, (uint64_t)r + 1);
    }
    prog_progress_end(&progress);
    prog_sort_times(runs, (size_t)repeat);
    prog_sort_times(walls, (size_t)repeat);
    qjson_writer w;
    qjson_writer_init(&w);
    qjson_object_begin(&w);
    qjson_key_string(&w, "bench", call_names[call]);
    qjson_key(&w, "file");
    qjson_string_lossy(&w, argv[2], strlen(argv[2]));
    qjson_key_int(&w, "positions", n);
    qjson_key_int(&w, "repeat", repeat);
    qjson_key_double(&w, "ns_per_call", runs[repeat / 2]);
    qjson_key_double(&w, "ns_min", runs[0]);
    qjson_key_double(&w, "ns_max", runs[repeat - 1]);
    qjson_key_double(&w, "ns_wall", walls[repeat / 2]);
    qjson_key_int(&w, "check", check);
    qjson_object_end(&w);
    prog_print_json(&w);
    qjson_writer_free(&w);
    free(p);
    return PROG_EXIT_OK;
}

int bench_zhaotong(int argc, char **argv)
{
    if (!strcmp(argv[0], "corpus"))
        return corpus(argc, argv);
    if (argc >= 2 && !strcmp(argv[1], "table"))
        return bench_table(argc - 1, argv + 1);
    return bench(argc, argv);
}
