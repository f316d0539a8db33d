/*
 * The `qipai gb` commands: fan, ting, shanten (one JSON line per hand) and
 * bench / corpus (bench/bench_gb.c). Formats: docs/formats/gb.md. No game
 * logic here: text in, library calls, JSON out.
 */
#include "cli.h"
#include "gb_cli.h"

#include <qipai/gb.h>
#include <stdlib.h>
#include <string.h>

static const char usage_text[] =
    "usage: qipai gb fan [OPTIONS] [HAND...]      a winning hand: its fans\n"
    "       qipai gb ting [HAND...]               a hand of 13: its waits\n"
    "       qipai gb shanten [HAND...]            13 or 14 tiles: shanten per form\n"
    "       qipai gb bench fan FILE [--repeat N]\n"
    "       qipai gb corpus fan|flush N [--seed S]\n"
    "HAND: [EEE,2][SSSS,1]WWWNN55pN|EE1000|8  (melds, concealed tiles with the winning\n"
    "      tile last, |prevalent seat self-drawn 和绝张 海底 kong [blessing], |flowers)\n"
    "options: --min N (fans to win, 8)  --knitted-waits  --mingangang  --blessings\n"
    "With no HAND, one hand a line is read from standard input.\n";

static json_t *kind_text(int kind)
{
    char text[8];
    qipai_mj_format_kind(kind, false, text, sizeof text);
    return json_string(text);
}

static json_t *answer_object(const char *line)
{
    json_t *o = json_object();
    json_object_set_new(o, "hand", json_string(line));
    return o;
}

/* ---- fan ---- */

static json_t *answer_fan(const char *line, void *context)
{
    const gb_cli_options *o = context;
    qipai_gb_hand hand;
    qipai_gb_result r;
    qipai_error err;
    if (qipai_gb_parse(line, &hand, &err) || qipai_gb_fan(&o->rules, &hand, &r, &err))
        return cli_error("hand", line, err.message);
    json_t *out = answer_object(line);
    json_object_set_new(out, "win", json_boolean(r.win));
    if (!r.win)
        return out;
    json_object_set_new(out, "fan", json_integer(r.total));
    json_object_set_new(out, "flowers", json_integer(r.flowers));
    json_object_set_new(out, "valid", json_boolean(r.valid));
    json_t *fans = json_array();
    for (int i = 0; i < r.fan_count; i++) {
        const qipai_gb_fan_score *s = &r.fans[i];
        json_t *f = json_object();
        json_object_set_new(f, "id", json_string(qipai_gb_fan_id_name(s->id)));
        json_object_set_new(f, "name", json_string(qipai_gb_fan_name(s->id)));
        json_object_set_new(f, "points", json_integer(s->points));
        json_object_set_new(f, "count", json_integer(s->count));
        json_t *tiles = json_array();
        for (int g = 0; g < r.group_count; g++)
            if (s->groups >> g & 1) {
                char text[16];
                qipai_gb_format_group(&r.groups[g], text, sizeof text);
                json_array_append_new(tiles, json_string(text));
            }
        json_object_set_new(f, "tiles", tiles);
        json_array_append_new(fans, f);
    }
    json_object_set_new(out, "fans", fans);
    return out;
}

/* ---- ting ---- */

static json_t *answer_ting(const char *line, void *context)
{
    (void)context;
    qipai_gb_hand hand;
    qipai_error err;
    uint8_t waits[QIPAI_MJ_KINDS];
    size_t n;
    if (qipai_gb_parse(line, &hand, &err) || qipai_gb_waits(&hand, waits, &n, &err))
        return cli_error("hand", line, err.message);
    json_t *out = answer_object(line), *list = json_array();
    for (size_t i = 0; i < n; i++)
        json_array_append_new(list, kind_text(waits[i]));
    json_object_set_new(out, "waits", list);
    return out;
}

/* ---- shanten ---- */

static json_t *shanten_value(int s)
{
    return s == QIPAI_GB_NO_SHANTEN ? json_null() : json_integer(s);
}

static json_t *answer_shanten(const char *line, void *context)
{
    (void)context;
    qipai_gb_hand hand;
    qipai_error err;
    if (qipai_gb_parse(line, &hand, &err))
        return cli_error("hand", line, err.message);
    int tiles = hand.tile_count + 3 * hand.meld_count;
    if ((tiles != 13 && tiles != 14) || qipai_gb_check(&hand, tiles, &err))
        return cli_error("hand", line,
                         tiles != 13 && tiles != 14 ? "shanten needs 13 or 14 tiles (3 a meld)"
                                                    : err.message);
    qipai_gb_shanten_forms f;
    qipai_gb_shanten(&hand, &f);
    json_t *out = answer_object(line), *forms = json_object();
    json_object_set_new(out, "shanten", shanten_value(f.shanten));
    json_object_set_new(forms, "standard", shanten_value(f.standard));
    json_object_set_new(forms, "seven_pairs", shanten_value(f.seven_pairs));
    json_object_set_new(forms, "thirteen_orphans", shanten_value(f.thirteen_orphans));
    json_object_set_new(forms, "honors_knitted", shanten_value(f.honors_knitted));
    json_object_set_new(forms, "knitted_straight", shanten_value(f.knitted_straight));
    json_object_set_new(out, "forms", forms);
    return out;
}

/* ---- options ---- */

static int read_options(int argc, char **argv, gb_cli_options *o, char **inputs, int *n_inputs)
{
    qipai_gb_rules_default(&o->rules);
    o->seed = 1;
    o->repeat = 5;
    *n_inputs = 0;
    int only_inputs = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (only_inputs || strncmp(a, "--", 2)) {
            inputs[(*n_inputs)++] = argv[i];
        } else if (!strcmp(a, "--")) {
            only_inputs = 1;
        } else if (!strcmp(a, "--knitted-waits")) {
            o->rules.knitted_waits = true;
        } else if (!strcmp(a, "--mingangang")) {
            o->rules.mingangang = true;
        } else if (!strcmp(a, "--blessings")) {
            o->rules.blessings = true;
        } else if (!strcmp(a, "--min") || !strcmp(a, "--repeat") || !strcmp(a, "--seed")) {
            const char *v = cli_option_value(argc, argv, &i);
            char *end;
            if (!v || !*v)
                return cli_usage("gb: %s needs a value", a);
            unsigned long long x = strtoull(v, &end, 10);
            if (*end || *v == '-')
                return cli_usage("gb: %s wants a whole number, not '%s'", a, v);
            if (!strcmp(a, "--seed")) {
                o->seed = x;
            } else if (!strcmp(a, "--min")) {
                if (x > 255)
                    return cli_usage("gb: --min wants 0..255, not '%s'", v);
                o->rules.min_fan = (uint8_t)x;
            } else {
                if (x < 1 || x > 101)
                    return cli_usage("gb: --repeat wants 1..101, not '%s'", v);
                o->repeat = (int)x;
            }
        } else {
            return cli_usage("gb: unknown option '%s'\n%s", a, usage_text);
        }
    }
    return 0;
}

int cli_gb(int argc, char **argv)
{
    if (argc < 2 || !strcmp(argv[1], "help") || !strcmp(argv[1], "--help")) {
        fputs(usage_text, argc < 2 ? stderr : stdout);
        return argc < 2 ? CLI_EXIT_USAGE : CLI_EXIT_OK;
    }
    const char *command = argv[1];
    gb_cli_options options;
    char **inputs = calloc((size_t)argc, sizeof *inputs);
    int n = 0;
    if (!inputs)
        return cli_usage("gb: out of memory");
    int status = read_options(argc - 1, argv + 1, &options, inputs, &n);
    if (status) {
        free(inputs);
        return status;
    }
    if (!strcmp(command, "fan"))
        status = cli_batch(n, inputs, answer_fan, &options);
    else if (!strcmp(command, "ting") || !strcmp(command, "waits"))
        status = cli_batch(n, inputs, answer_ting, &options);
    else if (!strcmp(command, "shanten"))
        status = cli_batch(n, inputs, answer_shanten, &options);
    else if (!strcmp(command, "bench"))
        status = gb_bench(&options, n, inputs);
    else if (!strcmp(command, "corpus"))
        status = gb_corpus(&options, n, inputs);
    else
        status = cli_usage("gb: unknown command '%s'\n%s", command, usage_text);
    free(inputs);
    return status;
}
