/*
 * The Guobiao line commands (docs/formats/gb.md): fan, ting (also named
 * waits) and shanten. Options: --rules NAME (qipai_gb_rules_named), --rule
 * NAME=VALUE (qipai_gb_rules_option) and the old single options, each one
 * of those values: --min N (min_fan=N), --knitted-waits, --mingangang,
 * --blessings. Every answer comes from the library; this file only writes
 * it as JSON.
 */
#include "query/query_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const query_option gb_options[] = {
    {"--min", true},
    {"--knitted-waits", false},
    {"--mingangang", false},
    {"--blessings", false},
    /* The corpus and bench options: the old command line took them with
     * every gb command, so a line command still accepts them (and refuses
     * a bad value as it did); they mean nothing to a line. */
    {"--seed", true},
    {"--repeat", true},
    {NULL, false},
};

/* --seed and --repeat, checked as the old command line did. */
static qipai_err check_ignored(const char *name, const char *value, qipai_error *err)
{
    char *end;
    unsigned long long x = strtoull(value, &end, 10);
    if (!*value || *end || *value == '-')
        return qipai_fail(err, QIPAI_ERR_ARGUMENT, -1, "%s wants a whole number, not '%.40s'",
                          name, value);
    if (!strcmp(name, "--repeat") && (x < 1 || x > 101))
        return qipai_fail(err, QIPAI_ERR_RANGE, -1, "--repeat wants 1..101, not '%.40s'", value);
    return QIPAI_OK;
}

/* The rule value an old single option sets ("knitted_waits=1"), written
 * into room; NULL for the options that set none. */
static const char *rule_of(const char *name, const char *value, char *room, size_t size)
{
    if (!strcmp(name, "--rule"))
        return value;
    if (!strcmp(name, "--min")) {
        int n = snprintf(room, size, "min_fan=%s", value);
        return n >= 0 && (size_t)n < size ? room : "min_fan=(too long)";
    }
    if (!strcmp(name, "--knitted-waits"))
        return "knitted_waits=1";
    if (!strcmp(name, "--mingangang"))
        return "mingangang=1";
    if (!strcmp(name, "--blessings"))
        return "blessings=1";
    return NULL;
}

/* The preset, then the rule values (--rule NAME=VALUE and the old single
 * options alike) in the order given: the last value given for a rule wins. */
static qipai_err prepare(qipai_query *q, qipai_error *err)
{
    query_gb *g = &q->game.gb;
    qipai_error why;
    if (qipai_gb_rules_named(&g->rules, q->rules_name, &why) != QIPAI_OK)
        return qipai_fail(err, why.code, -1, "--rules: %s", why.message);
    g->chinese = false;
    for (int i = 0; i < q->option_count; i++) {
        const char *name = q->option_names[i], *value = q->options[i];
        char room[64];
        const char *rule = rule_of(name, value, room, sizeof room);
        if (!rule) {
            qipai_err e = check_ignored(name, value, err);
            if (e != QIPAI_OK)
                return e;
        } else if (qipai_gb_rules_option(&g->rules, rule, &why) != QIPAI_OK) {
            return !strcmp(name, "--min")
                       ? qipai_fail(err, why.code, -1, "--min wants 0..255, not '%.40s'", value)
                       : qipai_fail(err, why.code, -1, "--rule %s: %s", value, why.message);
        }
    }
    return QIPAI_OK;
}

static void write_kind(qjson_writer *w, int kind)
{
    query_write_kind(w, kind, false, false);
}

/* ---- fan ---- */

static void write_fan(qjson_writer *w, const qipai_gb_result *r, const qipai_gb_fan_score *s)
{
    qjson_object_begin(w);
    qjson_key_string(w, "id", qipai_gb_fan_id_name(s->id));
    qjson_key_string(w, "name", qipai_gb_fan_name(s->id));
    qjson_key_int(w, "points", s->points);
    qjson_key_int(w, "count", s->count);
    qjson_key(w, "tiles");
    qjson_array_begin(w);
    for (int g = 0; g < r->group_count; g++)
        if (s->groups >> g & 1) {
            char text[16];
            size_t n = qipai_gb_format_group(&r->groups[g], text, sizeof text);
            qjson_string_n(w, text, n < sizeof text ? n : 0);
        }
    qjson_array_end(w);
    qjson_object_end(w);
}

static qipai_err answer_fan(qipai_query *q, const char *line, qjson_writer *w, qipai_error *err)
{
    qipai_gb_hand hand;
    qipai_gb_result r;
    qipai_err e = qipai_gb_parse(line, &hand, err);
    if (e == QIPAI_OK)
        e = qipai_gb_fan(&q->game.gb.rules, &hand, &r, err);
    if (e != QIPAI_OK)
        return e;
    query_begin_answer(q, line, w);
    qjson_key_bool(w, "win", r.win);
    if (r.win) {
        qjson_key_int(w, "fan", r.total);
        qjson_key_int(w, "flowers", r.flowers);
        qjson_key_bool(w, "valid", r.valid);
        qjson_key(w, "fans");
        qjson_array_begin(w);
        for (int i = 0; i < r.fan_count; i++)
            write_fan(w, &r, &r.fans[i]);
        qjson_array_end(w);
    }
    qjson_object_end(w);
    return QIPAI_OK;
}

/* ---- ting ---- */

static qipai_err answer_ting(qipai_query *q, const char *line, qjson_writer *w, qipai_error *err)
{
    qipai_gb_hand hand;
    uint8_t waits[QIPAI_MJ_KINDS];
    size_t count;
    qipai_err e = qipai_gb_parse(line, &hand, err);
    if (e == QIPAI_OK)
        e = qipai_gb_waits(&hand, waits, &count, err);
    if (e != QIPAI_OK)
        return e;
    query_begin_answer(q, line, w);
    qjson_key(w, "waits");
    qjson_array_begin(w);
    for (size_t i = 0; i < count; i++)
        write_kind(w, waits[i]);
    qjson_array_end(w);
    qjson_object_end(w);
    return QIPAI_OK;
}

/* ---- shanten ---- */

static void key_shanten(qjson_writer *w, const char *key, int shanten)
{
    qjson_key(w, key);
    if (shanten == QIPAI_GB_NO_SHANTEN)
        qjson_null(w);
    else
        qjson_int(w, shanten);
}

static qipai_err answer_shanten(qipai_query *q, const char *line, qjson_writer *w,
                                qipai_error *err)
{
    qipai_gb_hand hand;
    qipai_err e = qipai_gb_parse(line, &hand, err);
    if (e != QIPAI_OK)
        return e;
    int tiles = hand.tile_count + 3 * hand.meld_count;
    if (tiles != 13 && tiles != 14)
        return qipai_fail(err, QIPAI_ERR_SIZE, -1,
                          "%d tiles; gb shanten takes 13 or 14 tiles (3 a meld)", tiles);
    if ((e = qipai_gb_check(&hand, tiles, err)) != QIPAI_OK)
        return e;
    qipai_gb_shanten_forms f;
    qipai_gb_shanten(&hand, &f);
    query_begin_answer(q, line, w);
    key_shanten(w, "shanten", f.shanten);
    qjson_key(w, "forms");
    qjson_object_begin(w);
    key_shanten(w, "standard", f.standard);
    key_shanten(w, "seven_pairs", f.seven_pairs);
    key_shanten(w, "thirteen_orphans", f.thirteen_orphans);
    key_shanten(w, "honors_knitted", f.honors_knitted);
    key_shanten(w, "knitted_straight", f.knitted_straight);
    qjson_object_end(w);
    qjson_object_end(w);
    return QIPAI_OK;
}

#define GB(name, answer) {"gb", name, "hand", "default", gb_options, prepare, answer, NULL}

const query_command query_gb_commands[] = {
    GB("fan", answer_fan),
    GB("ting", answer_ting),
    GB("waits", answer_ting), /* the old command line's other name for ting */
    GB("shanten", answer_shanten),
    {"gb", NULL, NULL, NULL, NULL, NULL, NULL, NULL},
};
