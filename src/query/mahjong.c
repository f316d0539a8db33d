/*
 * The mahjong core's line commands (docs/formats/mahjong.md): win, waits,
 * decompose, shanten, effective, discards. Options: --rules NAME, --wild
 * KIND (repeatable), --chinese, --seven-pairs-distinct, --visible TILES and
 * --rule NAME=VALUE (qipai_mj_rules_option). Every answer comes from the
 * library; this file only writes it as JSON.
 */
#include "query/query_internal.h"

#include <stdio.h>
#include <string.h>

static const query_option mahjong_options[] = {
    {"--wild", true},
    {"--chinese", false},
    {"--seven-pairs-distinct", false},
    {"--visible", true},
    {NULL, false},
};

static qipai_err prepare(qipai_query *q, qipai_error *err)
{
    query_mahjong *m = &q->game.mj;
    qipai_error why;
    if (qipai_mj_rules_named(&m->rules, q->rules_name, &why) != QIPAI_OK)
        return qipai_fail(err, why.code, -1, "--rules: %s", why.message);
    m->chinese = query_flag(q, "--chinese");
    if (query_flag(q, "--seven-pairs-distinct"))
        m->rules.seven_pairs_distinct = true;
    for (int i = 0; i < q->option_count; i++)
        if (!strcmp(q->option_names[i], "--rule") &&
            qipai_mj_rules_option(&m->rules, q->options[i], &why) != QIPAI_OK)
            return qipai_fail(err, why.code, -1, "--rule %s: %s", q->options[i], why.message);
    /* Wild kinds last: they are read in the finished rule set's tile set. */
    for (int i = 0; i < q->option_count; i++) {
        if (strcmp(q->option_names[i], "--wild"))
            continue;
        char option[64];
        snprintf(option, sizeof option, "wild=%s", q->options[i]);
        if (qipai_mj_rules_option(&m->rules, option, &why) != QIPAI_OK)
            return qipai_fail(err, why.code, -1, "--wild %s: %s", q->options[i],
                              strncmp(why.message, "wild=", 5) ? why.message
                                                               : strchr(why.message, ' ') + 1);
    }
    const char *visible = query_option_value(q, "--visible");
    if (visible) {
        /* Visible tiles are physical: read them without the wild kinds. */
        qipai_mj_rules plain = m->rules;
        qipai_mj_tiles seen;
        plain.wild_kinds = 0;
        if (qipai_mj_parse_tiles(&plain, visible, &seen, 4 * QIPAI_MJ_KINDS, &why) != QIPAI_OK)
            return qipai_fail(err, why.code, -1, "--visible: %s", why.message);
        memcpy(m->visible, seen.counts, sizeof m->visible);
        m->has_visible = true;
    }
    return QIPAI_OK;
}

/* Hand sizes a command takes, as bits of (tiles % 3). */
enum { WAITING = 1u << 1, WINNING = 1u << 2, EITHER = WAITING | WINNING };

/* Parses the line and checks its size for the command (named in the
 * message: "discards need a hand of 2, 5, 8, 11 or 14 tiles"). */
static qipai_err read_hand(const qipai_query *q, const char *line, unsigned sizes,
                           qipai_mj_hand *hand, qipai_mj_tiles *tiles, qipai_error *err)
{
    qipai_err e = qipai_mj_parse(&q->game.mj.rules, line, hand, tiles, err);
    if (e != QIPAI_OK)
        return e;
    int n = qipai_mj_hand_size(hand);
    if (sizes >> (n % 3) & 1)
        return QIPAI_OK;
    const char *which = sizes == WINNING ? "2, 5, 8, 11 or 14" : sizes == WAITING
                                                                   ? "1, 4, 7, 10 or 13"
                                                                   : "3k+1 or 3k+2";
    return qipai_fail(err, QIPAI_ERR_SIZE, -1, "%d tiles; mahjong %s takes a hand of %s tiles", n,
                      q->command->name, which);
}

static void write_kinds(qjson_writer *w, const uint8_t *kinds, size_t n, bool chinese)
{
    qjson_array_begin(w);
    for (size_t i = 0; i < n; i++)
        query_write_kind(w, kinds[i], false, chinese);
    qjson_array_end(w);
}

static qipai_err answer_win(qipai_query *q, const char *line, qjson_writer *w, qipai_error *err)
{
    qipai_mj_hand hand;
    qipai_err e = read_hand(q, line, WINNING, &hand, NULL, err);
    if (e != QIPAI_OK)
        return e;
    unsigned forms = qipai_mj_win_forms(&q->game.mj.rules, &hand);
    query_begin_answer(q, line, w);
    qjson_key_bool(w, "win", forms != 0);
    qjson_key(w, "forms");
    qjson_array_begin(w);
    for (unsigned f = 1; f <= QIPAI_MJ_FORM_THIRTEEN_ORPHANS; f <<= 1)
        if (forms & f)
            qjson_string(w, qipai_mj_form_name((qipai_mj_form)f));
    qjson_array_end(w);
    qjson_object_end(w);
    return QIPAI_OK;
}

static qipai_err answer_waits(qipai_query *q, const char *line, qjson_writer *w, qipai_error *err)
{
    qipai_mj_hand hand;
    uint8_t waits[QIPAI_MJ_KINDS];
    size_t count;
    qipai_err e = read_hand(q, line, WAITING, &hand, NULL, err);
    if (e == QIPAI_OK)
        e = qipai_mj_waits(&q->game.mj.rules, &hand, waits, &count, err);
    if (e != QIPAI_OK)
        return e;
    query_begin_answer(q, line, w);
    qjson_key(w, "waits");
    write_kinds(w, waits, count, q->game.mj.chinese);
    qjson_object_end(w);
    return QIPAI_OK;
}

typedef struct {
    qjson_writer *w;
    bool chinese;
} decomposition_sink;

static void write_meld(qjson_writer *w, const qipai_mj_meld *m, bool chinese)
{
    qjson_object_begin(w);
    qjson_key_string(w, "type", qipai_mj_meld_type_name((qipai_mj_meld_type)m->type));
    qjson_key(w, "tiles");
    qjson_array_begin(w);
    for (int j = 0; j < m->size; j++) {
        if (m->type == QIPAI_MJ_MELD_ANY)
            qjson_string(w, "*");
        else
            query_write_kind(w, m->kinds[j], m->wild >> j & 1, chinese);
    }
    qjson_array_end(w);
    qjson_object_end(w);
}

static int write_decomposition(const qipai_mj_decomposition *d, void *context)
{
    decomposition_sink *sink = context;
    qjson_writer *w = sink->w;
    qjson_object_begin(w);
    qjson_key_string(w, "form", qipai_mj_form_name((qipai_mj_form)d->form));
    qjson_key(w, "melds");
    qjson_array_begin(w);
    for (int i = 0; i < d->meld_count; i++)
        write_meld(w, &d->melds[i], sink->chinese);
    qjson_array_end(w);
    qjson_object_end(w);
    return w->error != QJSON_OK; /* stop: the answer is lost anyway */
}

static qipai_err answer_decompose(qipai_query *q, const char *line, qjson_writer *w,
                                  qipai_error *err)
{
    qipai_mj_hand hand;
    qipai_err e = read_hand(q, line, WINNING, &hand, NULL, err);
    if (e != QIPAI_OK)
        return e;
    /* The count precedes the list in the answer (win, count,
     * decompositions), but is known only after it: the list is written
     * into the scratch writer first and copied in. */
    qjson_writer *list = &q->scratch;
    qjson_writer_reset(list);
    qjson_array_begin(list);
    decomposition_sink sink = {list, q->game.mj.chinese};
    size_t count = 0;
    e = qipai_mj_decompose(&q->game.mj.rules, &hand, write_decomposition, &sink, &count, err);
    if (e != QIPAI_OK)
        return e;
    qjson_array_end(list);
    size_t length;
    const char *text = qjson_text(list, &length);
    if (!text)
        return qipai_fail(err, QIPAI_ERR_MEMORY, -1, "the decompositions could not be written (%s)",
                          qjson_strerror(list->error));
    query_begin_answer(q, line, w);
    qjson_key_bool(w, "win", count > 0);
    qjson_key_int(w, "count", (int64_t)count);
    qjson_key(w, "decompositions");
    qjson_raw(w, text, length);
    qjson_object_end(w);
    return QIPAI_OK;
}

static void write_forms(qjson_writer *w, const qipai_mj_rules *rules,
                        const qipai_mj_shanten_forms *f)
{
    const struct {
        unsigned form;
        int8_t value;
    } each[] = {
        {QIPAI_MJ_FORM_STANDARD, f->standard},
        {QIPAI_MJ_FORM_SEVEN_PAIRS, f->seven_pairs},
        {QIPAI_MJ_FORM_THIRTEEN_ORPHANS, f->thirteen_orphans},
    };
    qjson_object_begin(w);
    for (size_t i = 0; i < sizeof each / sizeof each[0]; i++)
        if ((rules->forms & each[i].form) && each[i].value != QIPAI_MJ_NO_SHANTEN)
            qjson_key_int(w, qipai_mj_form_name((qipai_mj_form)each[i].form), each[i].value);
    qjson_object_end(w);
}

static qipai_err answer_shanten(qipai_query *q, const char *line, qjson_writer *w,
                                qipai_error *err)
{
    qipai_mj_hand hand;
    qipai_err e = read_hand(q, line, EITHER, &hand, NULL, err);
    if (e != QIPAI_OK)
        return e;
    qipai_mj_shanten_forms forms;
    qipai_mj_shanten(&q->game.mj.rules, &hand, &forms);
    query_begin_answer(q, line, w);
    qjson_key_int(w, "shanten", forms.shanten);
    qjson_key(w, "forms");
    write_forms(w, &q->game.mj.rules, &forms);
    qjson_object_end(w);
    return QIPAI_OK;
}

/* Reads the line as read_hand does, with the tiles seen outside the hand's
 * real tiles: the table (--visible) and the copies of wild kinds in the hand. */
static qipai_err read_hand_seen(const qipai_query *q, const char *line, unsigned sizes,
                                qipai_mj_hand *hand, qipai_mj_tiles *tiles,
                                uint8_t seen[QIPAI_MJ_KINDS], qipai_error *err)
{
    const query_mahjong *m = &q->game.mj;
    qipai_err e = read_hand(q, line, sizes, hand, tiles, err);
    if (e != QIPAI_OK)
        return e;
    for (int k = 0; k < QIPAI_MJ_KINDS; k++) {
        int n = m->has_visible ? m->visible[k] : 0;
        if (m->rules.wild_kinds >> k & 1)
            n += tiles->counts[k];
        seen[k] = (uint8_t)(n > 255 ? 255 : n);
    }
    return QIPAI_OK;
}

static void write_effective(qjson_writer *w, const qipai_mj_effective *e, bool chinese)
{
    qjson_key(w, "effective");
    qjson_array_begin(w);
    for (int i = 0; i < e->count; i++) {
        qjson_object_begin(w);
        qjson_key(w, "tile");
        query_write_kind(w, e->tiles[i].kind, false, chinese);
        qjson_key_int(w, "left", e->tiles[i].left);
        qjson_object_end(w);
    }
    qjson_array_end(w);
    qjson_key_int(w, "total", e->total);
}

static qipai_err answer_effective(qipai_query *q, const char *line, qjson_writer *w,
                                  qipai_error *err)
{
    const query_mahjong *m = &q->game.mj;
    qipai_mj_hand hand;
    qipai_mj_tiles tiles;
    uint8_t visible[QIPAI_MJ_KINDS];
    qipai_err e = read_hand_seen(q, line, WAITING, &hand, &tiles, visible, err);
    if (e != QIPAI_OK)
        return e;
    qipai_mj_effective effective;
    if ((e = qipai_mj_effective_tiles(&m->rules, &hand, visible, &effective, err)) != QIPAI_OK)
        return e;
    query_begin_answer(q, line, w);
    qjson_key_int(w, "shanten", effective.shanten);
    write_effective(w, &effective, m->chinese);
    qjson_object_end(w);
    return QIPAI_OK;
}

/* How a discarded wildcard is named: its wild kind when the hand holds
 * copies of one, else the joker. */
static void write_wildcard(qjson_writer *w, const query_mahjong *m, const qipai_mj_tiles *tiles)
{
    for (int k = 0; k < QIPAI_MJ_KINDS; k++)
        if ((m->rules.wild_kinds >> k & 1) && tiles->counts[k]) {
            query_write_kind(w, k, false, m->chinese);
            return;
        }
    qjson_string(w, "*");
}

static qipai_err answer_discards(qipai_query *q, const char *line, qjson_writer *w,
                                 qipai_error *err)
{
    const query_mahjong *m = &q->game.mj;
    qipai_mj_hand hand;
    qipai_mj_tiles tiles;
    uint8_t visible[QIPAI_MJ_KINDS];
    qipai_err e = read_hand_seen(q, line, WINNING, &hand, &tiles, visible, err);
    if (e != QIPAI_OK)
        return e;
    qipai_mj_discard discards[QIPAI_MJ_MAX_DISCARDS];
    size_t count;
    if ((e = qipai_mj_discards(&m->rules, &hand, visible, discards, &count, err)) != QIPAI_OK)
        return e;
    query_begin_answer(q, line, w);
    qjson_key(w, "discards");
    qjson_array_begin(w);
    for (size_t i = 0; i < count; i++) {
        qjson_object_begin(w);
        qjson_key(w, "tile");
        if (discards[i].tile == QIPAI_MJ_WILDCARD)
            write_wildcard(w, m, &tiles);
        else
            query_write_kind(w, discards[i].tile, false, m->chinese);
        qjson_key_int(w, "shanten", discards[i].after.shanten);
        write_effective(w, &discards[i].after, m->chinese);
        qjson_object_end(w);
    }
    qjson_array_end(w);
    qjson_object_end(w);
    return QIPAI_OK;
}

#define MAHJONG(name, answer) \
    {"mahjong", name, "hand", "basic", mahjong_options, prepare, answer, NULL}

const query_command query_mahjong_commands[] = {
    MAHJONG("win", answer_win),
    MAHJONG("waits", answer_waits),
    MAHJONG("decompose", answer_decompose),
    MAHJONG("shanten", answer_shanten),
    MAHJONG("effective", answer_effective),
    MAHJONG("discards", answer_discards),
    {"mahjong", NULL, NULL, NULL, NULL, NULL, NULL, NULL},
};
