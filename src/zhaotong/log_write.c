/*
 * Writing the Zhaotong log (docs/formats/zhaotong.md, "The log"): a game's
 * header and each of its records as one compact JSON line. The format is a
 * contract: keys in the order given here, integers as integers, tiles as
 * "5m" ("7p*" for a 坨 standing for 7p in a decomposition), and the same
 * game always writes the same bytes. Written straight into the caller's
 * buffer (snprintf-style, common/text.h), so the sim's log allocates
 * nothing; log_read.c reads these lines back with qjson.
 */
#include "zt_internal.h"
#include "common/json.h"
#include "common/text.h"

#include <inttypes.h>
#include <stdio.h>

static void put_int(text_sink *t, int64_t value)
{
    char text[24];
    int n = snprintf(text, sizeof text, "%" PRId64, value);
    text_put(t, text, (size_t)n);
}

static void put_uint(text_sink *t, uint64_t value)
{
    char text[24];
    int n = snprintf(text, sizeof text, "%" PRIu64, value);
    text_put(t, text, (size_t)n);
}

/* A JSON string (common/json.h): a caller's text, the bots' names, escaped. */
static void put_string(text_sink *t, const char *s)
{
    qjson_sink_string(t, s);
}

/* ,"key": (or "key": first in its object) */
static void put_key(text_sink *t, const char *key, bool first)
{
    if (!first)
        text_putc(t, ',');
    text_putc(t, '"');
    text_puts(t, key);
    text_puts(t, "\":");
}

static void put_bool(text_sink *t, bool value)
{
    text_puts(t, value ? "true" : "false");
}

static void put_tile(text_sink *t, int kind, bool wild)
{
    text_putc(t, '"');
    zt_put_kind(t, kind);
    if (wild)
        text_putc(t, '*');
    text_putc(t, '"');
}

static void put_name(text_sink *t, const char *name)
{
    text_putc(t, '"');
    text_puts(t, name ? name : "");
    text_putc(t, '"');
}

static void put_physical(text_sink *t, const uint8_t tiles[QIPAI_ZT_KINDS])
{
    qipai_zt_hand hand;
    memset(&hand, 0, sizeof hand);
    memcpy(hand.counts, tiles, QIPAI_ZT_KINDS);
    text_putc(t, '"');
    zt_put_concealed(t, &hand, -1);
    text_putc(t, '"');
}

static size_t put_rules(text_sink *t, const qipai_zt_rules *rules)
{
    size_t start = t->length;
    text_puts(t, "{\"fan\":{");
    for (int k = 0; k < QIPAI_ZT_TYPE_COUNT; k++) {
        put_key(t, qipai_zt_type_name((qipai_zt_type)k, false), k == 0);
        if (rules->fan[k] == QIPAI_ZT_FAN_CAP)
            text_puts(t, "\"cap\"");
        else
            put_int(t, rules->fan[k]);
    }
    text_putc(t, '}');
    for (int i = 0; i < ZT_RULE_FIELDS; i++) {
        put_key(t, zt_rule_fields[i].name, false);
        if (zt_rule_fields[i].type == ZT_RULE_BOOL)
            put_bool(t, zt_rule_get(rules, i) != 0);
        else
            put_int(t, zt_rule_get(rules, i));
    }
    text_putc(t, '}');
    return t->length - start;
}

size_t qipai_zt_log_rules(const qipai_zt_rules *rules, char *out, size_t size)
{
    text_sink t = text_sink_make(out, size);
    return put_rules(&t, rules);
}

size_t zt_log_header_body(const qipai_zt_game *game, int seat, char *out, size_t size)
{
    text_sink t = text_sink_make(out, size);
    if (seat < 0) {
        text_puts(&t, "\"wall\":[");
        for (int i = 0; i < QIPAI_ZT_TILES; i++) {
            if (i)
                text_putc(&t, ',');
            put_tile(&t, game->wall[i], false);
        }
        text_puts(&t, "],");
    }
    put_key(&t, "tuo", true);
    put_tile(&t, game->tuo, false);
    put_key(&t, "turned_seat", false);
    put_int(&t, game->turned_seat);
    return t.length;
}

size_t qipai_zt_log_header(const qipai_zt_game *game, uint64_t number,
                           const char *const bots[QIPAI_ZT_SEATS], char *out, size_t size)
{
    text_sink t = text_sink_make(out, size);
    text_puts(&t, "{\"type\":\"game\"");
    put_key(&t, "game", false);
    put_uint(&t, number);
    /* The seed only when it was dealt from one, and as a signed JSON
     * integer that every reader holds (the run's seeds are below 2^53). */
    if (game->seed && game->seed <= (uint64_t)INT64_MAX) {
        put_key(&t, "seed", false);
        put_uint(&t, game->seed);
    }
    put_key(&t, "dealer", false);
    put_int(&t, game->dealer);
    put_key(&t, "rules", false);
    put_rules(&t, &game->rules);
    text_putc(&t, ',');
    size_t room = t.length < t.size ? t.size - t.length : 0;
    t.length += zt_log_header_body(game, -1, room ? t.out + t.length : NULL, room);
    if (bots) {
        put_key(&t, "bots", false);
        text_putc(&t, '[');
        for (int s = 0; s < QIPAI_ZT_SEATS; s++) {
            if (s)
                text_putc(&t, ',');
            put_string(&t, bots[s] ? bots[s] : "");
        }
        text_putc(&t, ']');
    }
    text_putc(&t, '}');
    return t.length;
}

static void put_action(text_sink *t, const qipai_zt_action *a)
{
    text_puts(t, "{\"type\":\"action\"");
    put_key(t, "player", false);
    put_int(t, a->seat);
    put_key(t, "action", false);
    put_name(t, qipai_zt_action_name((qipai_zt_action_type)a->type, false));
    if (zt_action_has_tile(a->type)) {
        put_key(t, "tile", false);
        put_tile(t, a->kind, false);
    }
    if (zt_action_has_tuo(a->type)) {
        put_key(t, "tuo", false);
        put_int(t, a->tuo);
    }
    text_putc(t, '}');
}

static void put_decomposition(text_sink *t, const qipai_mj_decomposition *d)
{
    text_puts(t, "{\"form\":");
    put_name(t, qipai_mj_form_name((qipai_mj_form)d->form));
    text_puts(t, ",\"melds\":[");
    for (int i = 0; i < d->meld_count && i < QIPAI_MJ_MAX_TILES; i++) {
        const qipai_mj_meld *m = &d->melds[i];
        text_puts(t, i ? ",{\"type\":" : "{\"type\":");
        put_name(t, qipai_mj_meld_type_name((qipai_mj_meld_type)m->type));
        text_puts(t, ",\"tiles\":[");
        for (int j = 0; j < m->size && j < 3; j++) {
            if (j)
                text_putc(t, ',');
            put_tile(t, m->kinds[j], m->wild >> j & 1);
        }
        text_puts(t, "]}");
    }
    text_puts(t, "]}");
}

/* How a win came about, by QIPAI_ZT_CTX_* bit. */
const char *const zt_context_names[ZT_CONTEXTS] = {"self_drawn", "after_kong", "kong_discard",
                                                   "rob_kong",   "heavenly",   "earthly"};

static void put_win(text_sink *t, const qipai_zt_record *r)
{
    const qipai_zt_win *w = &r->win;
    text_puts(t, "{\"type\":\"win\"");
    put_key(t, "player", false);
    put_int(t, r->event.player);
    put_key(t, "from", false);
    put_int(t, w->from);
    put_key(t, "tile", false);
    put_tile(t, w->tile, false);
    put_key(t, "tile_tuo", false);
    put_bool(t, w->tile_tuo);
    put_key(t, "tile_held", false);
    put_bool(t, w->tile_held);
    put_key(t, "order", false);
    put_int(t, w->order);
    put_key(t, "context", false);
    text_putc(t, '[');
    for (int i = 0, n = 0; i < ZT_CONTEXTS; i++)
        if (w->context >> i & 1) {
            if (n++)
                text_putc(t, ',');
            put_name(t, zt_context_names[i]);
        }
    text_putc(t, ']');
    put_key(t, "hand", false);
    put_physical(t, r->shown);
    put_key(t, "melds", false);
    text_putc(t, '[');
    for (int i = 0; i < r->meld_count && i < QIPAI_ZT_MAX_MELDS; i++) {
        const qipai_zt_meld *m = &r->melds[i];
        text_puts(t, i ? ",{\"type\":" : "{\"type\":");
        put_name(t, qipai_zt_meld_name((qipai_zt_meld_type)m->type));
        put_key(t, "tile", false);
        put_tile(t, m->kind, false);
        put_key(t, "tuo", false);
        put_int(t, m->tuo);
        put_key(t, "from", false);
        put_int(t, m->from);
        text_putc(t, '}');
    }
    text_putc(t, ']');
    put_key(t, "decomposition", false);
    put_decomposition(t, &w->score.decomposition);
    put_key(t, "types", false);
    text_putc(t, '[');
    for (int k = 0, n = 0; k < QIPAI_ZT_TYPE_COUNT; k++)
        if (w->score.types >> k & 1) {
            if (n++)
                text_putc(t, ',');
            put_name(t, qipai_zt_type_name((qipai_zt_type)k, false));
        }
    text_putc(t, ']');
    put_key(t, "gen", false);
    put_int(t, w->score.gen);
    put_key(t, "gou", false);
    put_int(t, w->score.gou);
    put_key(t, "fan", false);
    put_int(t, w->score.fan);
    put_key(t, "fan_capped", false);
    put_int(t, w->score.fan_capped);
    put_key(t, "amount", false);
    put_int(t, w->score.amount);
    text_putc(t, '}');
}

size_t qipai_zt_log_record(const qipai_zt_record *r, char *out, size_t size)
{
    text_sink t = text_sink_make(out, size);
    const qipai_zt_event *e = &r->event;
    switch (r->type) {
    case QIPAI_ZT_RECORD_DEAL:
        text_puts(&t, "{\"type\":\"deal\",\"hands\":[");
        for (int s = 0; s < QIPAI_ZT_SEATS; s++) {
            if (s)
                text_putc(&t, ',');
            if (r->hidden >> s & 1)
                text_puts(&t, "null");
            else
                put_physical(&t, r->dealt[s]);
        }
        text_puts(&t, "]}");
        break;
    case QIPAI_ZT_EV_DRAW:
        text_puts(&t, "{\"type\":\"draw\"");
        put_key(&t, "player", false);
        put_int(&t, e->player);
        if (!(e->player >= 0 && e->player < QIPAI_ZT_SEATS && r->hidden >> e->player & 1)) {
            put_key(&t, "tile", false);
            put_tile(&t, e->tile, false);
        }
        if (e->replacement)
            text_puts(&t, ",\"replacement\":true");
        text_putc(&t, '}');
        break;
    case QIPAI_ZT_EV_ACTION:
        put_action(&t, &e->action);
        break;
    case QIPAI_ZT_EV_PENG:
    case QIPAI_ZT_EV_GANG:
        text_puts(&t, r->type == QIPAI_ZT_EV_PENG ? "{\"type\":\"peng\"" : "{\"type\":\"gang\"");
        put_key(&t, "player", false);
        put_int(&t, e->player);
        if (r->type == QIPAI_ZT_EV_GANG) {
            put_key(&t, "gang", false);
            put_name(&t, qipai_zt_meld_name((qipai_zt_meld_type)e->meld.type));
        }
        put_key(&t, "from", false);
        put_int(&t, e->from);
        put_key(&t, "tile", false);
        put_tile(&t, e->tile, false);
        put_key(&t, "tuo", false);
        put_int(&t, e->meld.tuo);
        text_putc(&t, '}');
        break;
    case QIPAI_ZT_EV_ROBBED:
        text_puts(&t, "{\"type\":\"robbed\"");
        put_key(&t, "player", false);
        put_int(&t, e->from);
        put_key(&t, "tile", false);
        put_tile(&t, e->tile, false);
        text_putc(&t, '}');
        break;
    case QIPAI_ZT_EV_WIN:
        put_win(&t, r);
        break;
    case QIPAI_ZT_EV_PAY:
        text_puts(&t, "{\"type\":\"pay\"");
        put_key(&t, "from", false);
        put_int(&t, e->pay.from);
        put_key(&t, "to", false);
        put_int(&t, e->pay.to);
        put_key(&t, "amount", false);
        put_int(&t, e->pay.amount);
        put_key(&t, "reason", false);
        put_name(&t, qipai_zt_pay_reason_name((qipai_zt_pay_reason)e->pay.reason));
        if (e->pay.kong) {
            put_key(&t, "kong", false);
            put_int(&t, e->pay.kong);
        }
        text_putc(&t, '}');
        break;
    case QIPAI_ZT_EV_END:
        text_puts(&t, "{\"type\":\"end\",\"reason\":");
        put_name(&t, r->end == QIPAI_ZT_END_WALL ? "wall" : "one_left");
        text_puts(&t, ",\"scores\":[");
        for (int s = 0; s < QIPAI_ZT_SEATS; s++) {
            if (s)
                text_putc(&t, ',');
            put_int(&t, r->scores[s]);
        }
        text_puts(&t, "]}");
        break;
    default:
        text_puts(&t, "{\"type\":\"unknown\"}");
        break;
    }
    return t.length;
}

size_t qipai_zt_log_deal(const qipai_zt_game *game, char *out, size_t size)
{
    qipai_zt_record r;
    qipai_zt_record_deal(game, &r);
    return qipai_zt_log_record(&r, out, size);
}

size_t qipai_zt_log_event(const qipai_zt_game *game, const qipai_zt_event *event, char *out,
                          size_t size)
{
    qipai_zt_record r;
    qipai_zt_record_event(game, event, &r);
    return qipai_zt_log_record(&r, out, size);
}
