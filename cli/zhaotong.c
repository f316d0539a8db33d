/*
 * The `qipai zhaotong` commands: the usage text and the dispatch, sim and
 * replay here; play (zhaotong_play.c), duel (zhaotong_duel.c), the replay
 * check over the library's log reader (zhaotong_replay.c), bench and corpus
 * (bench/bench_zhaotong.c).
 * analyze is a line command of the library's query layer
 * (src/query/zhaotong.c). Formats: docs/formats/zhaotong.md. No game logic
 * here: options in, library calls, text or JSON out.
 */
#define _POSIX_C_SOURCE 200809L
#include "cli.h"
#include "zhaotong_cli.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

static const char usage_text[] =
    "usage: qipai zhaotong sim --games N [--seed S] [--bots B,B,B,B] [--log FILE]\n"
    "                          [--dealer rotate|0-3] [--rule NAME=VALUE]... [--json]\n"
    "       qipai zhaotong duel --bots A,B --deals N [--seed S] [--rule NAME=VALUE]... [--json]\n"
    "       qipai zhaotong replay FILE [--verbose]\n"
    "       qipai zhaotong play [--seed S] [--seat 0-3] [--bots B,B,B,B] [--rule NAME=VALUE]...\n"
    "                           [--watch]\n"
    "       qipai zhaotong analyze [--tuo TILE] [--visible TILES] [--brief] [--rules NAME]\n"
    "                              [--rule NAME=VALUE]... [LINE...]\n"
    "       qipai zhaotong corpus score|waits|advice|shanten N [--seed S]\n"
    "       qipai zhaotong bench score|waits|advice|shanten FILE [--repeat N]\n"
    "bots: expert, strong, seed. Rules: docs/RULES.md \"Zhaotong\"; NAME as in the log's rules\n"
    "object (cap, base, zimo_adds_base, fan.gen, ...).\n";

/* "strong,strong,seed,seed" into four bots; 0 on success. */
static int parse_bots(const char *text, qipai_zt_bot bots[QIPAI_ZT_SEATS])
{
    char copy[128];
    snprintf(copy, sizeof copy, "%s", text);
    int n = 0;
    for (char *save = NULL, *t = strtok_r(copy, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
        if (n == QIPAI_ZT_SEATS || qipai_zt_bot_named(&bots[n], t, NULL) != QIPAI_OK)
            return -1;
        n++;
    }
    return n == QIPAI_ZT_SEATS ? 0 : -1;
}

int zt_cli_rule_option(qipai_zt_rules *rules, const char *option)
{
    qipai_error err;
    if (qipai_zt_rules_option(rules, option, &err) != QIPAI_OK)
        return cli_usage("--rule %s: %s", option, err.message);
    return 0;
}

int zt_tile_kind(const char *text)
{
    qipai_mj_rules rules;
    qipai_mj_tiles tiles;
    qipai_mj_rules_preset(&rules, QIPAI_MJ_PRESET_ZHAOTONG);
    if (!text || qipai_mj_parse_tiles(&rules, text, &tiles, 1, NULL) != QIPAI_OK || tiles.jokers)
        return -1;
    for (int k = 0; k < QIPAI_ZT_KINDS; k++)
        if (tiles.counts[k])
            return k;
    return -1;
}

void zt_print_json(const qjson_writer *w)
{
    size_t n;
    const char *text = qjson_text(w, &n);
    if (text) {
        fwrite(text, 1, n, stdout);
        fputc('\n', stdout);
    } else {
        fputs("{\"error\":\"out of memory\"}\n", stdout);
    }
}

static double cpu_now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

/* ---- sim ---- */

/* The log of a run: every line through the library's log writer. */
typedef struct log_file {
    FILE *file;
    bool cut; /* a line did not fit (cannot happen: the bots' names are short) */
} log_file;

static void write_line(log_file *log, const char *line, size_t n)
{
    if (n >= QIPAI_ZT_LOG_LINE) {
        log->cut = true;
        return;
    }
    fwrite(line, 1, n, log->file);
    fputc('\n', log->file);
}

static void log_event(const qipai_zt_game *g, const qipai_zt_event *e, void *context)
{
    char line[QIPAI_ZT_LOG_LINE];
    write_line(context, line, qipai_zt_log_event(g, e, line, sizeof line));
}

/* sim --json: the figures of the run as one JSON line. */
static void print_json(const qipai_zt_stats *t, uint64_t seed, const char *const names[],
                       const qipai_zt_bot bots[], double cpu_s, double per_s)
{
    double n = t->games ? (double)t->games : 1;
    qjson_writer w;
    qjson_writer_init(&w);
    qjson_object_begin(&w);
    qjson_key(&w, "games");
    qjson_uint(&w, t->games);
    qjson_key(&w, "seed");
    qjson_uint(&w, seed);
    qjson_key(&w, "seats");
    qjson_array_begin(&w);
    for (int s = 0; s < QIPAI_ZT_SEATS; s++) {
        qjson_object_begin(&w);
        qjson_key_string(&w, "bot", names[s]);
        qjson_key(&w, "wins");
        qjson_uint(&w, t->seat_wins[s]);
        qjson_key_double(&w, "win_rate", (double)t->seat_wins[s] / n);
        qjson_key_double(&w, "average_score", (double)t->seat_score[s] * (double)t->base / n);
        qjson_object_end(&w);
    }
    qjson_array_end(&w);
    qjson_key(&w, "wins");
    qjson_uint(&w, t->wins);
    qjson_key(&w, "types");
    qjson_object_begin(&w);
    for (int k = 0; k < QIPAI_ZT_TYPE_COUNT; k++) {
        qjson_key(&w, qipai_zt_type_name((qipai_zt_type)k, false));
        qjson_uint(&w, t->types[k]);
    }
    qjson_object_end(&w);
    qjson_key(&w, "average_score");
    qjson_object_begin(&w);
    for (int b = 0; b < QIPAI_ZT_BOT_COUNT; b++) {
        long long sum = 0;
        int seats_of = 0;
        for (int s = 0; s < QIPAI_ZT_SEATS; s++)
            if ((int)bots[s] == b)
                sum += t->seat_score[s], seats_of++;
        if (seats_of)
            qjson_key_double(&w, qipai_zt_bot_name((qipai_zt_bot)b),
                             (double)sum * (double)t->base / seats_of / n);
    }
    qjson_object_end(&w);
    qjson_key(&w, "ends");
    qjson_object_begin(&w);
    qjson_key(&w, "wall");
    qjson_uint(&w, t->ends[QIPAI_ZT_END_WALL]);
    qjson_key(&w, "one_left");
    qjson_uint(&w, t->ends[QIPAI_ZT_END_ONE_LEFT]);
    qjson_object_end(&w);
    qjson_key_double(&w, "cpu_seconds", cpu_s);
    qjson_key_double(&w, "games_per_second", per_s);
    qjson_object_end(&w);
    zt_print_json(&w);
    qjson_writer_free(&w);
}

static int sim(int argc, char **argv)
{
    long games = -1;
    uint64_t seed = 1;
    qipai_zt_bot bots[QIPAI_ZT_SEATS] = {QIPAI_ZT_BOT_STRONG, QIPAI_ZT_BOT_STRONG,
                                         QIPAI_ZT_BOT_SEED, QIPAI_ZT_BOT_SEED};
    const char *log_path = NULL;
    int dealer = -1; /* rotate */
    bool json = false;
    qipai_zt_rules rules;
    qipai_zt_rules_default(&rules);
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v;
        if (!strcmp(a, "--json")) {
            json = true;
            continue;
        }
        if (strncmp(a, "--", 2) || !(v = cli_option_value(argc, argv, &i)))
            return cli_usage("zhaotong sim: unexpected '%s'\n%s", a, usage_text);
        char *end;
        if (!strcmp(a, "--games")) {
            games = strtol(v, &end, 10);
            if (*end || games < 0 || games > 1000000000)
                return cli_usage("--games wants a count, not '%s'", v);
        } else if (!strcmp(a, "--seed")) {
            seed = strtoull(v, &end, 10);
            if (*end || end == v)
                return cli_usage("--seed wants a number, not '%s'", v);
        } else if (!strcmp(a, "--bots")) {
            if (parse_bots(v, bots))
                return cli_usage("--bots wants four of expert, strong, seed (like strong,strong,seed,seed)");
        } else if (!strcmp(a, "--log")) {
            log_path = v;
        } else if (!strcmp(a, "--dealer")) {
            if (!strcmp(v, "rotate"))
                dealer = -1;
            else if (v[0] >= '0' && v[0] <= '3' && !v[1])
                dealer = v[0] - '0';
            else
                return cli_usage("--dealer wants rotate or a seat 0-3");
        } else if (!strcmp(a, "--rule")) {
            int status = zt_cli_rule_option(&rules, v);
            if (status)
                return status;
        } else {
            return cli_usage("zhaotong sim: unknown option '%s'\n%s", a, usage_text);
        }
    }
    if (games < 0)
        return cli_usage("zhaotong sim: --games N is needed\n%s", usage_text);
    log_file file = {NULL, false}, *log = NULL;
    if (log_path) {
        if (!(file.file = fopen(log_path, "w")))
            return cli_usage("zhaotong sim: cannot write '%s'", log_path);
        log = &file;
    }
    const char *names[QIPAI_ZT_SEATS];
    qipai_zt_agent agents[QIPAI_ZT_SEATS];
    for (int s = 0; s < QIPAI_ZT_SEATS; s++) {
        names[s] = qipai_zt_bot_name(bots[s]);
        agents[s] = qipai_zt_bot_agent(bots[s]);
    }

    static qipai_zt_game game; /* 6 KB: kept off the stack */
    qipai_zt_stats t;
    qipai_zt_stats_init(&t);
    double cpu = cpu_now_ns(), wall = cli_now_ns();
    for (long i = 0; i < games; i++) {
        qipai_error err;
        int d = dealer < 0 ? (int)(i % QIPAI_ZT_SEATS) : dealer;
        if (qipai_zt_game_init(&game, &rules, qipai_zt_game_seed(seed, (uint64_t)i), d, &err) !=
            QIPAI_OK) {
            fprintf(stderr, "qipai: zhaotong sim: %s\n", err.message);
            return CLI_EXIT_FAILED;
        }
        if (log) {
            char line[QIPAI_ZT_LOG_LINE];
            write_line(log, line, qipai_zt_log_header(&game, (uint64_t)i + 1, names, line,
                                                      sizeof line));
            write_line(log, line, qipai_zt_log_deal(&game, line, sizeof line));
        }
        uint64_t steps;
        if (qipai_zt_play(&game, agents, log ? log_event : NULL, log, &steps, &err) != QIPAI_OK) {
            fprintf(stderr, "qipai: zhaotong sim: game %ld: %s\n", i + 1, err.message);
            return CLI_EXIT_FAILED;
        }
        qipai_zt_stats_add(&t, &game, steps);
    }
    double cpu_s = (cpu_now_ns() - cpu) / 1e9, wall_s = (cli_now_ns() - wall) / 1e9;
    if (log && (fclose(log->file) != 0 || log->cut))
        return cli_usage("zhaotong sim: cannot finish writing '%s'", log_path);
    double per_s = cpu_s > 0 ? (double)t.games / cpu_s : 0;
    double n = t.games ? (double)t.games : 1, w = t.wins ? (double)t.wins : 1;

    if (json) {
        print_json(&t, seed, names, bots, cpu_s, per_s);
        return CLI_EXIT_OK;
    }
    printf("zhaotong sim: %ld games, seed %llu, bots %s,%s,%s,%s\n", t.games,
           (unsigned long long)seed, names[0], names[1], names[2], names[3]);
    for (int s = 0; s < QIPAI_ZT_SEATS; s++)
        printf("seat %d (%s): win rate %.1f%% (%ld), average score %+.3f\n", s, names[s],
               100.0 * t.seat_wins[s] / n, t.seat_wins[s], (double)t.seat_score[s] * (double)t.base / n);
    printf("hand types (share of %ld wins):", t.wins);
    for (int k = 0; k < QIPAI_ZT_TYPE_COUNT; k++)
        if (t.types[k])
            printf(" %s %.1f%%", qipai_zt_type_name((qipai_zt_type)k, true),
                   100.0 * t.types[k] / w);
    printf("\n");
    for (int b = QIPAI_ZT_BOT_COUNT - 1; b >= 0; b--) {
        long long sum = 0;
        int seats_of = 0;
        for (int s = 0; s < QIPAI_ZT_SEATS; s++)
            if ((int)bots[s] == b)
                sum += t.seat_score[s], seats_of++;
        if (seats_of)
            printf("bot %s: average score %+.3f per seat per game (%d seat%s)\n", qipai_zt_bot_name((qipai_zt_bot)b),
                   (double)sum * (double)t.base / seats_of / n, seats_of, seats_of > 1 ? "s" : "");
    }
    printf("ends: wall %.1f%%, one left %.1f%%; %.2f wins and %.1f steps per game\n",
           100.0 * t.ends[QIPAI_ZT_END_WALL] / n, 100.0 * t.ends[QIPAI_ZT_END_ONE_LEFT] / n,
           t.wins / n, t.steps / n);
    printf("speed: %ld games in %.3f s cpu (%.3f s wall)%s, %.0f games/s\n", t.games, cpu_s,
           wall_s, log ? " with the log" : "", per_s);
    return CLI_EXIT_OK;
}

/* ---- replay ---- */

static void print_problem(long game, long line, const char *message, void *context)
{
    qjson_writer *w = context;
    qjson_writer_reset(w);
    qjson_object_begin(w);
    if (game)
        qjson_key_int(w, "game", game);
    qjson_key_int(w, "line", line);
    qjson_key(w, "error");
    qjson_string_lossy(w, message, strlen(message));
    qjson_object_end(w);
    zt_print_json(w);
}

static int replay(int argc, char **argv)
{
    const char *path = NULL;
    bool verbose = false;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--verbose"))
            verbose = true;
        else if (!path && strncmp(argv[i], "--", 2))
            path = argv[i];
        else
            return cli_usage("zhaotong replay: unexpected '%s'\n%s", argv[i], usage_text);
    }
    if (!path)
        return cli_usage("zhaotong replay: which FILE?\n%s", usage_text);
    FILE *f = strcmp(path, "-") ? fopen(path, "rb") : stdin;
    if (!f)
        return cli_usage("zhaotong replay: cannot read '%s'", path);
    size_t size = 0, capacity = 1 << 16;
    char *text = malloc(capacity);
    for (size_t got; text && (got = fread(text + size, 1, capacity - size, f)) > 0;) {
        size += got;
        if (size == capacity) {
            char *grown = realloc(text, capacity *= 2);
            if (!grown)
                free(text);
            text = grown;
        }
    }
    if (f != stdin)
        fclose(f);
    if (!text)
        return cli_usage("zhaotong replay: out of memory");
    zt_replay_result r;
    qjson_writer w;
    qjson_writer_init(&w);
    int status = zt_replay_text(text, size, print_problem, &w, verbose ? stdout : NULL, &r);
    free(text);
    qjson_writer_reset(&w);
    qjson_object_begin(&w);
    qjson_key(&w, "file");
    qjson_string_lossy(&w, path, strlen(path));
    qjson_key_int(&w, "games", r.games);
    qjson_key_int(&w, "valid", r.valid);
    qjson_key_int(&w, "lines", r.lines);
    qjson_key_int(&w, "errors", r.errors);
    qjson_key_bool(&w, "ok", status == 0);
    qjson_object_end(&w);
    zt_print_json(&w);
    qjson_writer_free(&w);
    return status ? CLI_EXIT_FAILED : CLI_EXIT_OK;
}

int cli_zhaotong(int argc, char **argv)
{
    if (argc < 2 || !strcmp(argv[1], "help") || !strcmp(argv[1], "--help")) {
        fputs(usage_text, argc < 2 ? stderr : stdout);
        return argc < 2 ? CLI_EXIT_USAGE : CLI_EXIT_OK;
    }
    const char *command = argv[1];
    if (!strcmp(command, "sim"))
        return sim(argc - 1, argv + 1);
    if (!strcmp(command, "replay"))
        return replay(argc - 1, argv + 1);
    if (!strcmp(command, "duel"))
        return zt_cli_duel(argc - 1, argv + 1);
    if (!strcmp(command, "play"))
        return zt_cli_play(argc - 1, argv + 1);
    if (!strcmp(command, "analyze"))
        return cli_query_run(argc, argv);
    if (!strcmp(command, "bench"))
        return zt_cli_bench(argc - 1, argv + 1);
    if (!strcmp(command, "corpus"))
        return zt_cli_corpus(argc - 1, argv + 1);
    return cli_usage("zhaotong: unknown command '%s'\n%s", command, usage_text);
}
