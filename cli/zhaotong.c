/*
 * The `qipai zhaotong` commands: sim and replay here; play
 * (zhaotong_play.c), duel (zhaotong_duel.c), analyze (zhaotong_analyze.c), bench and corpus
 * (bench/bench_zhaotong.c). Formats: docs/formats/zhaotong.md. No game logic
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
    "       qipai zhaotong analyze --tuo TILE [--visible TILES] [--brief] [--rule NAME=VALUE]...\n"
    "                              [LINE...]\n"
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

int zt_cli_rule_option(qipai_zt_rules *rules, const char *text)
{
    char name[64], why[160];
    const char *eq = strchr(text, '=');
    if (!eq || (size_t)(eq - text) >= sizeof name)
        return cli_usage("--rule wants NAME=VALUE, not '%s'", text);
    memcpy(name, text, (size_t)(eq - text));
    name[eq - text] = '\0';
    if (zt_rule_set_text(rules, name, eq + 1, why, sizeof why))
        return cli_usage("--rule %s: %s", text, why);
    qipai_error err;
    if (qipai_zt_rules_check(rules, &err) != QIPAI_OK)
        return cli_usage("--rule %s: %s", text, err.message);
    return 0;
}

static double cpu_now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

/* ---- sim ---- */

static void write_line(FILE *f, json_t *o)
{
    json_dumpf(o, f, JSON_COMPACT);
    fputc('\n', f);
    json_decref(o);
}

static void log_event(const qipai_zt_game *g, const qipai_zt_event *e, void *context)
{
    write_line(context, zt_json_event(g, e));
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
    FILE *log = NULL;
    if (log_path && !(log = fopen(log_path, "w")))
        return cli_usage("zhaotong sim: cannot write '%s'", log_path);
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
            write_line(log, zt_json_header(&game, i + 1, names));
            write_line(log, zt_json_deal(&game));
        }
        uint64_t steps;
        if (qipai_zt_play(&game, agents, log ? log_event : NULL, log, &steps, &err) != QIPAI_OK) {
            fprintf(stderr, "qipai: zhaotong sim: game %ld: %s\n", i + 1, err.message);
            return CLI_EXIT_FAILED;
        }
        qipai_zt_stats_add(&t, &game, steps);
    }
    double cpu_s = (cpu_now_ns() - cpu) / 1e9, wall_s = (cli_now_ns() - wall) / 1e9;
    if (log && fclose(log) != 0)
        return cli_usage("zhaotong sim: cannot finish writing '%s'", log_path);
    double per_s = cpu_s > 0 ? (double)t.games / cpu_s : 0;
    double n = t.games ? (double)t.games : 1, w = t.wins ? (double)t.wins : 1;

    if (json) {
        json_t *seats = json_array(), *types = json_object(), *by_bot = json_object();
        for (int s = 0; s < QIPAI_ZT_SEATS; s++)
            json_array_append_new(seats, json_pack("{s:s,s:I,s:f,s:f}", "bot", names[s], "wins",
                                                   (json_int_t)t.seat_wins[s], "win_rate",
                                                   (double)t.seat_wins[s] / n, "average_score",
                                                   (double)t.seat_score[s] * (double)t.base / n));
        for (int k = 0; k < QIPAI_ZT_TYPE_COUNT; k++)
            json_object_set_new(types, qipai_zt_type_name((qipai_zt_type)k, false),
                                json_integer(t.types[k]));
        for (int b = 0; b < QIPAI_ZT_BOT_COUNT; b++) {
            long long sum = 0;
            int seats_of = 0;
            for (int s = 0; s < QIPAI_ZT_SEATS; s++)
                if ((int)bots[s] == b)
                    sum += t.seat_score[s], seats_of++;
            if (seats_of)
                json_object_set_new(by_bot, qipai_zt_bot_name((qipai_zt_bot)b),
                                    json_real((double)sum * (double)t.base / seats_of / n));
        }
        json_t *o = json_pack("{s:I,s:I,s:o,s:I,s:o,s:o,s:{s:I,s:I},s:f,s:f}", "games",
                              (json_int_t)t.games, "seed", (json_int_t)seed, "seats", seats,
                              "wins", (json_int_t)t.wins, "types", types, "average_score",
                              by_bot, "ends", "wall", (json_int_t)t.ends[QIPAI_ZT_END_WALL],
                              "one_left", (json_int_t)t.ends[QIPAI_ZT_END_ONE_LEFT], "cpu_seconds",
                              cpu_s, "games_per_second", per_s);
        cli_print(o);
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
    (void)context;
    json_t *o = json_object();
    if (game)
        json_object_set_new(o, "game", json_integer(game));
    json_object_set_new(o, "line", json_integer(line));
    json_object_set_new(o, "error", json_string(message));
    cli_print(o);
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
    int status = zt_replay_text(text, size, print_problem, NULL, verbose ? stdout : NULL, &r);
    free(text);
    cli_print(json_pack("{s:s,s:I,s:I,s:I,s:I,s:b}", "file", path, "games", (json_int_t)r.games,
                        "valid", (json_int_t)r.valid, "lines", (json_int_t)r.lines, "errors",
                        (json_int_t)r.errors, "ok", status == 0));
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
        return zt_cli_analyze(argc - 1, argv + 1);
    if (!strcmp(command, "bench"))
        return zt_cli_bench(argc - 1, argv + 1);
    if (!strcmp(command, "corpus"))
        return zt_cli_corpus(argc - 1, argv + 1);
    return cli_usage("zhaotong: unknown command '%s'\n%s", command, usage_text);
}
