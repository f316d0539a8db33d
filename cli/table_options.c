/*
 * The options the table commands share: --rules NAME (a preset), --rule
 * NAME=VALUE (applied in order, after the preset whatever their place),
 * --games/--deals N, --seed S, --bots B,..., --dealer, --log FILE, --json,
 * --quiet, and for bots that are programs (exec:COMMAND, table_arena.h)
 * --bot-timeout, --bot-startup and --share-programs. Every problem is named with the option and the game's own words
 * (its presets, its bots).
 */
#include "cli.h"
#include "table_cli.h"

#include <stdlib.h>
#include <string.h>

static int parse_bots(table_options *o, const char *text, int want)
{
    const qipai_table_game *g = o->game;
    size_t length = strlen(text);
    if (length >= sizeof o->bot_text)
        return prog_usage("%s %s: --bots is longer than %zu bytes (put a long command in a script)",
                          g->name, o->command, sizeof o->bot_text - 1);
    if (!qjson_utf8_valid(text, length)) /* the names go into JSON: summaries, the log */
        return prog_usage("%s %s: --bots is not valid UTF-8", g->name, o->command);
    memcpy(o->bot_text, text, length + 1);
    o->bot_count = 0;
    for (char *item = o->bot_text, *next; item; item = next) {
        next = strchr(item, ',');
        if (next)
            *next++ = '\0';
        if (o->bot_count == want)
            return prog_usage("%s %s: --bots wants %d bots, not more", g->name, o->command, want);
        const char *exec = !strncmp(item, "exec:", 5) ? item + 5 : NULL;
        qipai_error err;
        int bot = -1;
        if (exec && !*exec)
            return prog_usage("%s %s: exec: wants a command (exec:./mybot)", g->name, o->command);
        if (!exec && qipai_table_bot_named(g, item, &bot, &err) != QIPAI_OK)
            return prog_usage("%s %s: --bots: %s, or exec:COMMAND", g->name, o->command,
                              err.message);
        o->programs |= exec != NULL;
        o->bots[o->bot_count] = bot;
        o->bot_names[o->bot_count++] = item;
    }
    if (o->bot_count != want)
        return prog_usage("%s %s: --bots wants %d bots separated by commas", g->name, o->command,
                          want);
    return 0;
}

static int parse_seconds(const char *option, const char *text, bool zero_ok, double *out)
{
    char *end;
    double v = strtod(text, &end);
    if (*end || end == text || !(v > 0 || (zero_ok && v == 0)) || !(v <= 3600))
        return prog_usage("%s wants seconds (%s 0, at most 3600), not '%s'", option,
                          zero_ok ? "from" : "more than", text);
    *out = v;
    return 0;
}

int table_parse_options(const qipai_table_game *game, int argc, char **argv, const char *command,
                        int want_bots, const char *count_option, table_options *o)
{
    memset(o, 0, sizeof *o);
    o->game = game;
    o->command = command;
    o->count = -1;
    o->seed = 1;
    o->dealer = -1;
    o->bot_timeout = 5;
    o->bot_startup = 10;
    const char *preset = game->default_rules;
    qipai_error err;
    /* The preset first, wherever it is given, then the options in order. */
    for (int i = 1; i + 1 < argc; i++)
        if (!strcmp(argv[i], "--rules"))
            preset = argv[i + 1];
    if (qipai_table_rules_named(game, &o->rules, preset, &err) != QIPAI_OK)
        return prog_usage("%s %s: --rules %s: %s", game->name, command, preset, err.message);
    const char *bots = NULL;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v;
        if (!strcmp(a, "--json") || !strcmp(a, "--quiet")) {
            *(!strcmp(a, "--json") ? &o->json : &o->quiet) = true;
            continue;
        }
        if (!strcmp(a, "--share-programs")) {
            o->share_programs = true;
            continue;
        }
        if (strncmp(a, "--", 2) || !(v = prog_option_value(argc, argv, &i)))
            return prog_usage("%s %s: unexpected '%s' (try: qipai %s %s --help)", game->name,
                              command, a, game->name, command);
        char *end;
        int status = 0;
        if (!strcmp(a, count_option)) {
            o->count = strtol(v, &end, 10);
            if (*end || end == v || o->count < 0 || o->count > 1000000000)
                return prog_usage("%s wants a count (0-1000000000), not '%s'", a, v);
        } else if (!strcmp(a, "--seed")) {
            o->seed = strtoull(v, &end, 10);
            if (*end || end == v || v[0] == '-')
                return prog_usage("--seed wants a number, not '%s'", v);
        } else if (!strcmp(a, "--bots")) {
            bots = v; /* read once the rules say how many seats */
        } else if (!strcmp(a, "--bot-timeout")) {
            status = parse_seconds(a, v, false, &o->bot_timeout);
        } else if (!strcmp(a, "--bot-startup")) {
            status = parse_seconds(a, v, true, &o->bot_startup);
        } else if (!strcmp(a, "--log")) {
            o->log_path = v;
        } else if (!strcmp(a, "--dealer")) {
            qipai_table_shape shape;
            qipai_table_shape_of(game, &o->rules, &shape);
            long d = strtol(v, &end, 10);
            if (!strcmp(v, "rotate"))
                o->dealer = -1;
            else if (!*end && end != v && d >= 0 && d < shape.seats)
                o->dealer = (int)d;
            else
                return prog_usage("--dealer wants rotate or a seat 0-%d, not '%s'",
                                  shape.seats - 1, v);
        } else if (!strcmp(a, "--rules")) {
            continue; /* applied first */
        } else if (!strcmp(a, "--rule")) {
            if (qipai_table_rules_option(game, &o->rules, v, &err) != QIPAI_OK)
                return prog_usage("--rule %s: %s", v, err.message);
        } else {
            return prog_usage("%s %s: unknown option '%s' (try: qipai %s %s --help)", game->name,
                              command, a, game->name, command);
        }
        if (status)
            return status;
    }
    if (qipai_table_rules_check(game, &o->rules, &err) != QIPAI_OK)
        return prog_usage("%s %s: the rules: %s", game->name, command, err.message);
    qipai_table_shape shape;
    qipai_table_shape_of(game, &o->rules, &shape);
    const int want = want_bots > 0 ? want_bots : shape.seats;
    if (bots) {
        int status = parse_bots(o, bots, want);
        if (status)
            return status;
    } else {
        o->bot_count = want;
        for (int s = 0; s < want; s++) {
            o->bots[s] = 0;
            o->bot_names[s] = game->bots[0];
        }
    }
    if (o->count < 0)
        return prog_usage("%s %s: %s N is needed (try: qipai %s %s --help)", game->name, command,
                          count_option, game->name, command);
    return 0;
}
