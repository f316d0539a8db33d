/*
 * Zhaotong's line command (docs/formats/zhaotong.md, "analyze"): one
 * position a line (qipai_zt_parse_position's notation) answered with its
 * suits, shanten with the melds' suits, and then for 3k+2 tiles whether it
 * wins, its best score and the discard advice, for 3k+1 tiles its waits and
 * effective tiles. Options: --tuo TILE (the 坨 when a line names none),
 * --visible TILES, --brief, and the uniform --rules NAME and --rule
 * NAME=VALUE (qipai_zt_rules_option). Every answer comes from the library;
 * this file only writes it as JSON.
 */
#include "query/query_internal.h"

#include <stdio.h>
#include <string.h>

static const query_option zhaotong_options[] = {
    {"--tuo", true},
    {"--visible", true},
    {"--brief", false},
    {NULL, false},
};

/* Tiles in the core's notation with the Zhaotong tile set (no honours),
 * at most max of them. */
static qipai_err read_tiles(const char *text, int max, qipai_mj_tiles *tiles, qipai_error *err)
{
    qipai_mj_rules rules;
    qipai_mj_rules_preset(&rules, QIPAI_MJ_PRESET_ZHAOTONG);
    return qipai_mj_parse_tiles(&rules, text, tiles, max, err);
}

static qipai_err prepare(qipai_query *q, qipai_error *err)
{
    query_zhaotong *z = &q->game.zt;
    qipai_error why;
    if (qipai_zt_rules_named(&z->rules, q->rules_name, &why) != QIPAI_OK)
        return qipai_fail(err, why.code, -1, "--rules: %s", why.message);
    for (int i = 0; i < q->option_count; i++)
        if (!strcmp(q->option_names[i], "--rule") &&
            qipai_zt_rules_option(&z->rules, q->options[i], &why) != QIPAI_OK)
            return qipai_fail(err, why.code, -1, "--rule %s: %s", q->options[i], why.message);
    z->tuo = -1;
    const char *tuo = query_option_value(q, "--tuo");
    if (tuo) {
        qipai_mj_tiles tile;
        if (read_tiles(tuo, 1, &tile, NULL) != QIPAI_OK || tile.jokers)
            return qipai_fail(err, QIPAI_ERR_ARGUMENT, -1, "--tuo wants a tile like 5s, not '%s'",
                              tuo);
        for (int k = 0; k < QIPAI_ZT_KINDS && z->tuo < 0; k++)
            if (tile.counts[k])
                z->tuo = k;
        if (z->tuo < 0)
            return qipai_fail(err, QIPAI_ERR_ARGUMENT, -1, "--tuo wants a tile like 5s, not '%s'",
                              tuo);
    }
    const char *visible = query_option_value(q, "--visible");
    if (visible) {
        qipai_mj_tiles seen;
        if (read_tiles(visible, QIPAI_ZT_TILES, &seen, &why) != QIPAI_OK)
            return qipai_fail(err, why.code, -1, "--visible: %s", why.message);
        memcpy(z->visible, seen.counts, sizeof z->visible);
        z->has_visible = true;
    }
    z->brief = query_flag(q, "--brief");
    return QIPAI_OK;
}

static void write_tile(qjson_writer *w, int kind, bool wild)
{
    query_write_kind(w, kind, wild, false);
}

static void write_effective(qjson_writer *w, const qipai_mj_effective *e)
{
    qjson_array_begin(w);
    for (int i = 0; i < e->count; i++) {
        qjson_object_begin(w);
        qjson_key(w, "tile");
        write_tile(w, e->tiles[i].kind, false);
        qjson_key_int(w, "left", e->tiles[i].left);
        qjson_object_end(w);
    }
    qjson_array_end(w);
}

static void write_score(qjson_writer *w, const qipai_zt_score *s)
{
    qjson_object_begin(w);
    qjson_key(w, "types");
    qjson_array_begin(w);
    for (int t = 0; t < QIPAI_ZT_TYPE_COUNT; t++)
        if (s->types >> t & 1)
            qjson_string(w, qipai_zt_type_name((qipai_zt_type)t, false));
    qjson_array_end(w);
    qjson_key_int(w, "gen", s->gen);
    qjson_key_int(w, "gou", s->gou);
    qjson_key_int(w, "fan", s->fan);
    qjson_key_int(w, "fan_capped", s->fan_capped);
    qjson_key_int(w, "amount", s->amount);
    qjson_key(w, "decomposition");
    qjson_object_begin(w);
    qjson_key_string(w, "form", qipai_mj_form_name((qipai_mj_form)s->decomposition.form));
    qjson_key(w, "melds");
    qjson_array_begin(w);
    for (int i = 0; i < s->decomposition.meld_count; i++) {
        const qipai_mj_meld *m = &s->decomposition.melds[i];
        qjson_object_begin(w);
        qjson_key_string(w, "type", qipai_mj_meld_type_name((qipai_mj_meld_type)m->type));
        qjson_key(w, "tiles");
        qjson_array_begin(w);
        for (int j = 0; j < m->size; j++)
            write_tile(w, m->kinds[j], m->wild >> j & 1);
        qjson_array_end(w);
        qjson_object_end(w);
    }
    qjson_array_end(w);
    qjson_object_end(w);
    qjson_object_end(w);
}

/* 3k+2 tiles: whether it wins (and its score), then the discard advice. */
static void write_winning_size(const query_zhaotong *z, int tuo, const qipai_zt_hand *h,
                               unsigned context, qjson_writer *w)
{
    qipai_zt_score score;
    bool win = qipai_zt_score_hand(&z->rules, tuo, h, context, &score, NULL) == QIPAI_OK;
    qjson_key_bool(w, "win", win);
    if (win) {
        qjson_key(w, "score");
        write_score(w, &score);
    }
    if (z->brief)
        return;
    qipai_mj_discard list[QIPAI_MJ_MAX_DISCARDS];
    size_t n = 0;
    /* Melds that show three suits: no advice, an empty list. */
    if (qipai_zt_discards(&z->rules, tuo, h, z->has_visible ? z->visible : NULL, list, &n,
                          NULL) != QIPAI_OK)
        n = 0;
    qjson_key(w, "discards");
    qjson_array_begin(w);
    for (size_t i = 0; i < n; i++) {
        qjson_object_begin(w);
        qjson_key(w, "tile");
        if (list[i].tile == QIPAI_MJ_WILDCARD)
            qjson_string(w, "tuo");
        else
            write_tile(w, list[i].tile, false);
        qjson_key_int(w, "shanten", list[i].after.shanten);
        qjson_key(w, "effective");
        write_effective(w, &list[i].after);
        qjson_key_int(w, "total", list[i].after.total);
        qjson_object_end(w);
    }
    qjson_array_end(w);
}

/* 3k+1 tiles: ready, the waits, and the effective tiles. */
static void write_waiting_size(const query_zhaotong *z, int tuo, const qipai_zt_hand *h,
                               qjson_writer *w)
{
    uint32_t mask = qipai_zt_wait_mask(&z->rules, tuo, h);
    qjson_key_bool(w, "ready", qipai_zt_ready(&z->rules, tuo, h));
    qjson_key(w, "waits");
    qjson_array_begin(w);
    for (int kind = 0; kind < QIPAI_ZT_KINDS; kind++)
        if (mask >> kind & 1)
            write_tile(w, kind, false);
    qjson_array_end(w);
    qipai_mj_effective e;
    if (!z->brief && qipai_zt_effective(&z->rules, tuo, h, z->has_visible ? z->visible : NULL, &e,
                                        NULL) == QIPAI_OK) {
        qjson_key(w, "effective");
        write_effective(w, &e);
        qjson_key_int(w, "total", e.total);
    }
}

static qipai_err answer_analyze(qipai_query *q, const char *line, qjson_writer *w,
                                qipai_error *err)
{
    const query_zhaotong *z = &q->game.zt;
    qipai_zt_hand h;
    int tuo;
    unsigned context;
    qipai_err e = qipai_zt_parse_position(line, z->tuo, &h, &tuo, &context, err);
    if (e != QIPAI_OK)
        return e;
    int size = qipai_zt_concealed_size(&h), k = QIPAI_ZT_MAX_MELDS - h.meld_count;
    if (size != 3 * k + 1 && size != 3 * k + 2)
        return qipai_fail(err, QIPAI_ERR_SIZE, -1,
                          "%d concealed tiles with %d melds: expected %d or %d", size,
                          h.meld_count, 3 * k + 1, 3 * k + 2);
    if ((e = qipai_zt_hand_check(tuo, &h, err)) != QIPAI_OK)
        return e;
    query_begin_answer(q, line, w);
    qjson_key(w, "tuo");
    write_tile(w, tuo, false);
    qjson_key(w, "suits");
    qjson_array_begin(w);
    unsigned suits = qipai_zt_suits(&h, tuo);
    for (int i = 0; i < 3; i++)
        if (suits >> i & 1)
            qjson_string(w, i == 0 ? "m" : i == 1 ? "p" : "s");
    qjson_array_end(w);
    int shanten = qipai_zt_shanten(&z->rules, tuo, &h);
    qjson_key(w, "shanten");
    if (shanten == QIPAI_MJ_NO_SHANTEN)
        qjson_null(w);
    else
        qjson_int(w, shanten);
    if (size == 3 * k + 2)
        write_winning_size(z, tuo, &h, context, w);
    else
        write_waiting_size(z, tuo, &h, w);
    qjson_object_end(w);
    return QIPAI_OK;
}

const query_command query_zhaotong_commands[] = {
    {"zhaotong", "analyze", "line", "default", zhaotong_options, prepare, answer_analyze, NULL},
    {"zhaotong", NULL, NULL, NULL, NULL, NULL, NULL, NULL},
};
