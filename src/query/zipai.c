/*
 * The zipai line commands (docs/formats/zipai.md): decompose, hu, waits.
 * Options: --rules NAME (qipai_zp_rules_named), --rule NAME=VALUE
 * (qipai_zp_rules_option), the single rule values --threshold, --yiwushi,
 * --tun-base, --tun-step, --hong-min, --mult-hong, --mult-dian, --mult-wu,
 * and --ascii. Every answer comes from the library; this file only writes
 * it as JSON.
 */
#include "query/query_internal.h"

#include <stdio.h>
#include <string.h>

/* The single rule values and the qipai_zp_rules_option field each sets. */
static const struct {
    const char *option;
    const char *field;
} rule_values[] = {
    {"--threshold", "threshold"}, {"--yiwushi", "yiwushi"},     {"--tun-base", "tun_base"},
    {"--tun-step", "tun_step"},   {"--hong-min", "hong_min"},   {"--mult-hong", "mult_hong"},
    {"--mult-dian", "mult_dian"}, {"--mult-wu", "mult_wu"},
};

static const query_option zipai_options[] = {
    {"--ascii", false},
    {"--threshold", true},
    {"--yiwushi", true},
    {"--tun-base", true},
    {"--tun-step", true},
    {"--hong-min", true},
    {"--mult-hong", true},
    {"--mult-dian", true},
    {"--mult-wu", true},
    /* The corpus and bench options: the old command line took them with
     * every zipai command, so a line command still accepts them; they mean
     * nothing to a line and are ignored. */
    {"--seed", true},
    {"--size", true},
    {"--repeat", true},
    {NULL, false},
};

static const char *rule_field(const char *option)
{
    for (size_t i = 0; i < sizeof rule_values / sizeof rule_values[0]; i++)
        if (!strcmp(option, rule_values[i].option))
            return rule_values[i].field;
    return NULL;
}

/* The preset, then the rule values (--rule NAME=VALUE and the single-value
 * options alike) in the order given, so the last value given for a field
 * wins. qipai_zp_rules_option checks every value, and leaves the rules as
 * they were when one fails. */
static qipai_err prepare(qipai_query *q, qipai_error *err)
{
    query_zipai *z = &q->game.zp;
    qipai_error why;
    if (qipai_zp_rules_named(&z->rules, q->rules_name, &why) != QIPAI_OK)
        return qipai_fail(err, why.code, -1, "--rules: %s", why.message);
    z->flags = query_flag(q, "--ascii") ? QIPAI_ZP_ASCII : 0;
    for (int i = 0; i < q->option_count; i++) {
        const char *name = q->option_names[i], *value = q->options[i];
        /* The library's messages name the field and the value. */
        if (!strcmp(name, "--rule")) {
            if (qipai_zp_rules_option(&z->rules, value, &why) != QIPAI_OK)
                return qipai_fail(err, why.code, -1, "--rule: %s", why.message);
            continue;
        }
        const char *field = rule_field(name);
        if (!field)
            continue;
        char option[64];
        int n = snprintf(option, sizeof option, "%s=%s", field, value);
        if (n < 0 || (size_t)n >= sizeof option)
            return qipai_fail(err, QIPAI_ERR_ARGUMENT, -1,
                              "%s wants a whole number, not %zu bytes of text", name,
                              strlen(value));
        if (qipai_zp_rules_option(&z->rules, option, &why) != QIPAI_OK)
            return qipai_fail(err, why.code, -1, "%s: %s", name, why.message);
    }
    return QIPAI_OK;
}

static void write_card(qjson_writer *w, int card, unsigned flags)
{
    char text[QIPAI_ZP_CARD_TEXT];
    qipai_zp_format_card(card, flags, text, sizeof text);
    qjson_string(w, text);
}

/* A meld's cards as one string: "三三三". */
static void write_meld_cards(qjson_writer *w, const qipai_zp_meld *m, unsigned flags)
{
    char text[4 * QIPAI_ZP_CARD_TEXT];
    qipai_zp_format_cards(m->cards, m->n, flags, text, sizeof text);
    qjson_string(w, text);
}

/* {"cards":"三三三","type":"坎","huxi":3} */
static void write_meld(qjson_writer *w, const qipai_zp_meld *m, unsigned flags)
{
    qjson_object_begin(w);
    qjson_key(w, "cards");
    write_meld_cards(w, m, flags);
    qjson_key_string(w, "type", qipai_zp_meld_name(m->type, flags));
    qjson_key_int(w, "huxi", m->huxi);
    qjson_object_end(w);
}

/* ---- decompose ---- */

typedef struct {
    qjson_writer *w;
    unsigned flags;
} decomposition_sink;

static int write_decomposition(const qipai_zp_decomposition *d, void *context)
{
    const decomposition_sink *sink = context;
    qjson_writer *w = sink->w;
    qjson_object_begin(w);
    qjson_key(w, "melds");
    qjson_array_begin(w);
    for (int i = 0; i < d->n_melds; i++)
        write_meld_cards(w, &d->melds[i], sink->flags);
    qjson_array_end(w);
    qjson_key_int(w, "huxi", d->huxi);
    qjson_object_end(w);
    return w->error != QJSON_OK; /* stop: the answer is lost anyway */
}

static qipai_err answer_decompose(qipai_query *q, const char *line, qjson_writer *w,
                                  qipai_error *err)
{
    const query_zipai *z = &q->game.zp;
    qipai_zp_hand hand;
    qipai_err e = qipai_zp_parse_hand(line, &hand, err);
    if (e != QIPAI_OK)
        return e;
    int cards = 0;
    for (int k = 0; k < QIPAI_ZP_KINDS; k++)
        cards += hand.counts[k];
    if (cards == 0)
        return qipai_fail(err, QIPAI_ERR_SIZE, -1,
                          "no cards; zipai decompose takes a hand holding its target card");
    /* The list is the answer's last member: written in place. A failure
     * comes before any decomposition, and query.c answers it afresh. */
    query_begin_answer(q, line, w);
    qjson_key(w, "decompositions");
    qjson_array_begin(w);
    decomposition_sink sink = {w, z->flags};
    if ((e = qipai_zp_decompose_each(&z->rules, &hand, write_decomposition, &sink, err)) !=
        QIPAI_OK)
        return e;
    qjson_array_end(w);
    qjson_object_end(w);
    return QIPAI_OK;
}

/* ---- hu ---- */

static void write_mingtang(qjson_writer *w, unsigned bits, unsigned flags)
{
    const bool ascii = flags & QIPAI_ZP_ASCII;
    qjson_array_begin(w);
    if (bits & QIPAI_ZP_HONGHU)
        qjson_string(w, ascii ? "honghu" : "红胡");
    if (bits & QIPAI_ZP_DIANHU)
        qjson_string(w, ascii ? "dianhu" : "点胡");
    if (bits & QIPAI_ZP_WUHU)
        qjson_string(w, ascii ? "wuhu" : "乌胡");
    qjson_array_end(w);
}

static qipai_err answer_hu(qipai_query *q, const char *line, qjson_writer *w, qipai_error *err)
{
    const query_zipai *z = &q->game.zp;
    qipai_zp_situation s;
    qipai_zp_hu_result hu;
    qipai_err e = qipai_zp_parse_situation(&z->rules, line, &s, err);
    if (e != QIPAI_OK)
        return e;
    if (s.target < 0)
        return qipai_fail(err, QIPAI_ERR_ARGUMENT, -1,
                          "no target: end the line with 摸 CARD (draw) or 打 CARD (discard)");
    if ((e = qipai_zp_hu(&z->rules, &s, &hu, err)) != QIPAI_OK)
        return e;
    query_begin_answer(q, line, w);
    qjson_key_bool(w, "win", hu.win);
    qjson_key_int(w, "huxi", hu.huxi);
    qjson_key_int(w, "tun", hu.tun);
    qjson_key(w, "mingtang");
    write_mingtang(w, hu.mingtang, z->flags);
    qjson_key_int(w, "multiplier", hu.multiplier);
    qjson_key_int(w, "score", hu.score);
    qjson_key_int(w, "red", hu.red);
    qjson_key(w, "melds");
    qjson_array_begin(w);
    for (int i = 0; i < hu.n_melds; i++)
        write_meld(w, &hu.melds[i], z->flags);
    qjson_array_end(w);
    /* The open melds as they stand after the target (a 偎/碰 it upgraded). */
    qjson_key(w, "open");
    qjson_array_begin(w);
    for (int i = 0; i < s.n_open; i++)
        write_meld(w, i == hu.upgraded ? &hu.upgraded_to : &s.open[i], z->flags);
    qjson_array_end(w);
    qjson_object_end(w);
    return QIPAI_OK;
}

/* ---- waits ---- */

/* "draw" or "discard": the winning cards from that source, in order. */
static void write_source(qjson_writer *w, const char *key, int source,
                         const qipai_zp_wait *waits, size_t n, unsigned flags)
{
    qjson_key(w, key);
    qjson_array_begin(w);
    for (size_t i = 0; i < n; i++) {
        if (waits[i].source != source)
            continue;
        qjson_object_begin(w);
        qjson_key(w, "card");
        write_card(w, waits[i].card, flags);
        qjson_key_int(w, "huxi", waits[i].huxi);
        qjson_key_int(w, "tun", waits[i].tun);
        qjson_key_int(w, "score", waits[i].score);
        qjson_object_end(w);
    }
    qjson_array_end(w);
}

static qipai_err answer_waits(qipai_query *q, const char *line, qjson_writer *w,
                              qipai_error *err)
{
    const query_zipai *z = &q->game.zp;
    qipai_zp_situation s;
    qipai_zp_wait waits[QIPAI_ZP_MAX_WAITS];
    size_t n;
    qipai_err e = qipai_zp_parse_situation(&z->rules, line, &s, err);
    if (e != QIPAI_OK)
        return e;
    if (s.target >= 0)
        return qipai_fail(err, QIPAI_ERR_ARGUMENT, -1,
                          "waits takes no target card (only 摸 or 打, or neither)");
    if ((e = qipai_zp_waits(&z->rules, &s, waits, &n, err)) != QIPAI_OK)
        return e;
    query_begin_answer(q, line, w);
    /* The list is card by card (draw before discard): each card once. */
    qjson_key(w, "waits");
    qjson_array_begin(w);
    for (size_t i = 0; i < n; i++)
        if (i == 0 || waits[i].card != waits[i - 1].card)
            write_card(w, waits[i].card, z->flags);
    qjson_array_end(w);
    /* The sources tried: the one given, or both. */
    if (s.source != QIPAI_ZP_DISCARD)
        write_source(w, "draw", QIPAI_ZP_DRAW, waits, n, z->flags);
    if (s.source != QIPAI_ZP_DRAW)
        write_source(w, "discard", QIPAI_ZP_DISCARD, waits, n, z->flags);
    qjson_object_end(w);
    return QIPAI_OK;
}

#define ZIPAI(name, echo_key, answer) \
    {"zipai", name, echo_key, "default", zipai_options, prepare, answer, NULL}

const query_command query_zipai_commands[] = {
    ZIPAI("decompose", "hand", answer_decompose),
    ZIPAI("hu", "input", answer_hu),
    ZIPAI("waits", "input", answer_waits),
    {"zipai", NULL, NULL, NULL, NULL, NULL, NULL, NULL},
};
