/*
 * The `qipai zhaotong` commands: the usage text and the dispatch, and
 * replay here; sim (zhaotong_sim.c), play (zhaotong_play.c), duel
 * (zhaotong_duel.c), bots that are programs (zhaotong_arena.c), the replay
 * check over the library's log reader (zhaotong_replay.c), bench and corpus
 * (bench/bench_zhaotong.c).
 * analyze is a line command of the library's query layer
 * (src/query/zhaotong.c). Formats: docs/formats/zhaotong.md. No game logic
 * here: options in, library calls, text or JSON out.
 */
#define _POSIX_C_SOURCE 200809L
#include "cli.h"
#include "zhaotong_cli.h"
#include "../bench/bench.h"

#include <stdlib.h>
#include <string.h>

static const char usage_text[] =
    "usage: qipai zhaotong sim --games N [--seed S] [--bots B,B,B,B] [--log FILE]\n"
    "                          [--dealer rotate|0-3] [--rule NAME=VALUE]... [--json] [--quiet]\n"
    "                          [--bot-timeout SECONDS]\n"
    "       qipai zhaotong duel --bots A,B --deals N [--seed S] [--rule NAME=VALUE]... [--json]\n"
    "                           [--quiet] [--bot-timeout SECONDS]\n"
    "       qipai zhaotong replay FILE [--verbose]\n"
    "       qipai zhaotong play [--seed S] [--seat 0-3] [--bots B,B,B,B] [--rule NAME=VALUE]...\n"
    "                           [--watch] [--chinese] [--bot-timeout SECONDS]\n"
    "       qipai zhaotong analyze [--tuo TILE] [--visible TILES] [--brief] [--rules NAME]\n"
    "                              [--rule NAME=VALUE]... [LINE...]\n"
    "       qipai zhaotong corpus score|waits|advice|shanten N [--seed S] [--quiet]\n"
    "       qipai zhaotong bench score|waits|advice|shanten FILE [--repeat N] [--quiet]\n"
    "bots: expert, strong, seed, or exec:COMMAND (a program: docs/formats/bot.md).\n"
    "Rules: docs/RULES.md \"Zhaotong\"; NAME as in the log's rules object (cap, base,\n"
    "zimo_adds_base, fan.gen, ...).\n";

int zt_cli_rule_option(qipai_zt_rules *rules, const char *option)
{
    qipai_error err;
    if (qipai_zt_rules_option(rules, option, &err) != QIPAI_OK)
        return prog_usage("--rule %s: %s", option, err.message);
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
    prog_print_json(w);
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
            return prog_usage("zhaotong replay: unexpected '%s'\n%s", argv[i], usage_text);
    }
    if (!path)
        return prog_usage("zhaotong replay: which FILE?\n%s", usage_text);
    FILE *f = strcmp(path, "-") ? fopen(path, "rb") : stdin;
    if (!f)
        return prog_usage("zhaotong replay: cannot read '%s'", path);
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
        return prog_usage("zhaotong replay: out of memory");
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
    prog_print_json(&w);
    qjson_writer_free(&w);
    return status ? PROG_EXIT_FAILED : PROG_EXIT_OK;
}

int cli_zhaotong(int argc, char **argv)
{
    if (argc < 2 || !strcmp(argv[1], "help") || !strcmp(argv[1], "--help")) {
        fputs(usage_text, argc < 2 ? stderr : stdout);
        return argc < 2 ? PROG_EXIT_USAGE : PROG_EXIT_OK;
    }
    const char *command = argv[1];
    if (!strcmp(command, "sim"))
        return zt_cli_sim(argc - 1, argv + 1);
    if (!strcmp(command, "replay"))
        return replay(argc - 1, argv + 1);
    if (!strcmp(command, "duel"))
        return zt_cli_duel(argc - 1, argv + 1);
    if (!strcmp(command, "play"))
        return zt_cli_play(argc - 1, argv + 1);
    if (!strcmp(command, "analyze"))
        return cli_query_run(argc, argv);
    if (!strcmp(command, "bench"))
        return bench_zhaotong(argc - 1, argv + 1);
    if (!strcmp(command, "corpus"))
        return bench_zhaotong(argc - 1, argv + 1);
    return prog_usage("zhaotong: unknown command '%s'\n%s", command, usage_text);
}
