/*
 * Zhaotong tables for the page: a game the person plays against three bots
 * (seeded as `qipai zhaotong play --seed S` deals it) and a log's game
 * replayed line by line through the library's replay check (every action
 * legal, every other line the event the rules give). The engine is the
 * library's (qipai_zt_step, qipai_zt_legal_actions, qipai_zt_bot_choose,
 * qipai_zt_replay_*, qipai_zt_log_*); this file keeps the game, collects
 * the events the step function reports and writes the table as JSON for
 * web/js/ztview.js to draw.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "web/qipai_web.h"
#include "web/zt_json.h"

struct web_zt {
    /* The game is replay.game: a log's game is checked by the replay; a
     * game against bots is stepped directly. */
    qipai_zt_replay replay;
    int human;                        /* the person's seat; -1 in a replay */
    qipai_zt_bot bots[QIPAI_ZT_SEATS];
    qjson_writer header;              /* [game line, deal line], written at the deal */
    qjson_writer events;              /* an open array: the events not yet shown */
    qjson_writer out;                 /* the last answer */
    char expected[QIPAI_ZT_LOG_LINE]; /* the line a replay wanted where the log departed */
};

static void set_message(char *message, const char *text)
{
    snprintf(message, QIPAI_WEB_MESSAGE, "%s", text);
}

/* rules: NAME=VALUE lines, applied in order. */
static qipai_err read_rules(qipai_zt_rules *rules, const char *text, char *message)
{
    qipai_zt_rules_default(rules);
    char option[128];
    while (text && *text) {
        size_t n = strcspn(text, "\n");
        if (n >= sizeof option) {
            set_message(message, "a rule option is too long");
            return QIPAI_ERR_ARGUMENT;
        }
        memcpy(option, text, n);
        option[n] = '\0';
        text += n + (text[n] == '\n');
        if (!n)
            continue;
        qipai_error err;
        if (qipai_zt_rules_option(rules, option, &err) != QIPAI_OK) {
            set_message(message, err.message);
            return err.code;
        }
    }
    return QIPAI_OK;
}

static web_zt *table_new(void)
{
    web_zt *t = calloc(1, sizeof *t);
    if (!t)
        return NULL;
    qjson_writer_init(&t->header);
    qjson_writer_init(&t->events);
    qjson_writer_init(&t->out);
    qjson_array_begin(&t->events);
    return t;
}

static void write_header(web_zt *t)
{
    qjson_array_begin(&t->header);
    zt_write_header(&t->header, &t->replay.game, 1);
    zt_write_deal(&t->header, &t->replay.game);
    qjson_array_end(&t->header);
}

web_zt *qipai_web_zt_new(const char *seed, int dealer, int human, const char *bots,
                         const char *rules, char message[QIPAI_WEB_MESSAGE])
{
    message[0] = '\0';
    char *end;
    uint64_t seed_value = strtoull(seed, &end, 10);
    if (!*seed || *end || *seed == '-') {
        snprintf(message, QIPAI_WEB_MESSAGE, "the seed is a whole number, not '%.40s'", seed);
        return NULL;
    }
    if (human < 0 || human >= QIPAI_ZT_SEATS || dealer < 0 || dealer >= QIPAI_ZT_SEATS) {
        set_message(message, "seats are 0-3");
        return NULL;
    }
    qipai_zt_rules r;
    if (read_rules(&r, rules, message) != QIPAI_OK)
        return NULL;
    web_zt *t = table_new();
    if (!t) {
        set_message(message, "out of memory");
        return NULL;
    }
    t->human = human;
    for (int s = 0; s < QIPAI_ZT_SEATS; s++) {
        char name[16];
        size_t n = bots ? strcspn(bots, ",") : 0;
        snprintf(name, sizeof name, "%.*s", (int)(n < sizeof name ? n : sizeof name - 1),
                 bots ? bots : "");
        qipai_error err;
        t->bots[s] = QIPAI_ZT_BOT_STRONG;
        if (n && s != human && qipai_zt_bot_named(&t->bots[s], name, &err) != QIPAI_OK) {
            set_message(message, err.message);
            qipai_web_zt_free(t);
            return NULL;
        }
        if (bots)
            bots += n + (bots[n] == ',');
    }
    qipai_error err;
    if (qipai_zt_game_init(&t->replay.game, &r, seed_value, dealer, &err) != QIPAI_OK) {
        set_message(message, err.message);
        qipai_web_zt_free(t);
        return NULL;
    }
    write_header(t);
    return t;
}

web_zt *qipai_web_zt_new_log(const char *header, size_t length, char message[QIPAI_WEB_MESSAGE])
{
    message[0] = '\0';
    qipai_zt_rules rules;
    uint8_t wall[QIPAI_ZT_TILES];
    int dealer;
    qipai_error err;
    if (qipai_zt_log_read_header(header, length, &rules, wall, &dealer, NULL, &err) != QIPAI_OK) {
        set_message(message, err.message);
        return NULL;
    }
    web_zt *t = table_new();
    if (!t) {
        set_message(message, "out of memory");
        return NULL;
    }
    t->human = -1;
    if (qipai_zt_replay_start(&t->replay, &rules, wall, dealer, &err) != QIPAI_OK) {
        set_message(message, err.message);
        qipai_web_zt_free(t);
        return NULL;
    }
    write_header(t);
    return t;
}

int qipai_web_zt_replay_line(web_zt *t, const char *line, size_t length,
                             char message[QIPAI_WEB_MESSAGE])
{
    message[0] = '\0';
    t->expected[0] = '\0';
    qipai_zt_record record, due;
    qipai_error err;
    qipai_err e = qipai_zt_log_read_record(line, length, &record, &err);
    if (e == QIPAI_OK)
        e = qipai_zt_replay_record(&t->replay, &record, &err);
    if (e == QIPAI_OK)
        return 0;
    set_message(message, err.message);
    if (qipai_zt_replay_expected(&t->replay, &due) &&
        qipai_zt_log_record(&due, t->expected, sizeof t->expected) >= sizeof t->expected)
        t->expected[0] = '\0';
    return (int)e;
}

const char *qipai_web_zt_replay_expected(const web_zt *t)
{
    return t->expected;
}

int qipai_web_zt_replay_done(const web_zt *t)
{
    return qipai_zt_replay_done(&t->replay);
}

void qipai_web_zt_free(web_zt *t)
{
    if (!t)
        return;
    qjson_writer_free(&t->header);
    qjson_writer_free(&t->events);
    qjson_writer_free(&t->out);
    free(t);
}

const char *qipai_web_zt_header(web_zt *t)
{
    return qjson_text(&t->header, NULL);
}

static void collect_event(const qipai_zt_game *g, const qipai_zt_event *e, void *context)
{
    zt_write_event(&((web_zt *)context)->events, g, e);
}

int qipai_web_zt_step(web_zt *t, int seat, int type, int kind, int tuo,
                      char message[QIPAI_WEB_MESSAGE])
{
    message[0] = '\0';
    if (seat < 0 || seat >= QIPAI_ZT_SEATS || type < 0 || type >= QIPAI_ZT_ACT_COUNT ||
        kind < 0 || kind >= QIPAI_ZT_KINDS || tuo < 0 || tuo > 4) {
        set_message(message, "no such action");
        return QIPAI_ERR_ARGUMENT;
    }
    qipai_zt_action a = {(uint8_t)type, (uint8_t)seat, (uint8_t)kind, (uint8_t)tuo};
    qipai_error err;
    qipai_err e = qipai_zt_step_events(&t->replay.game, &a, collect_event, t, &err);
    if (e != QIPAI_OK)
        set_message(message, err.message);
    return (int)e;
}

int qipai_web_zt_advance(web_zt *t, int max_steps, char message[QIPAI_WEB_MESSAGE])
{
    message[0] = '\0';
    int steps = 0;
    while (steps < max_steps) {
        unsigned to_act = qipai_zt_to_act(&t->replay.game);
        if (t->human >= 0)
            to_act &= ~(1u << t->human);
        if (!to_act)
            break;
        int seat = 0;
        while (!(to_act >> seat & 1))
            seat++;
        qipai_zt_action a;
        qipai_error err;
        if (qipai_zt_bot_choose(&t->replay.game, seat, t->bots[seat], &a, &err) != QIPAI_OK ||
            qipai_zt_step_events(&t->replay.game, &a, collect_event, t, &err) != QIPAI_OK) {
            set_message(message, err.message);
            return -1;
        }
        steps++;
    }
    return steps;
}

/* ---- the table as JSON ---- */

static const char *phase_name(int phase)
{
    static const char *const names[] = {"turn", "claim", "rob", "over"};
    return phase >= 0 && phase < 4 ? names[phase] : "?";
}

/* The concealed tiles in kind order, each a string; 坨 counted apart. */
static void write_tiles(qjson_writer *w, const qipai_zt_hand *h)
{
    qjson_array_begin(w);
    for (int k = 0; k < QIPAI_ZT_KINDS; k++)
        for (int i = 0; i < h->counts[k]; i++)
            zt_write_tile(w, k, false);
    qjson_array_end(w);
}

static void write_action_object(qjson_writer *w, const qipai_zt_action *a)
{
    qjson_object_begin(w);
    qjson_key_string(w, "action", qipai_zt_action_name((qipai_zt_action_type)a->type, false));
    qjson_key_int(w, "type", a->type);
    qjson_key_int(w, "seat", a->seat);
    qjson_key(w, "tile");
    zt_write_tile(w, a->kind, false);
    qjson_key_int(w, "kind", a->kind);
    qjson_key_int(w, "tuo", a->tuo);
    qjson_object_end(w);
}

static void write_player(qjson_writer *w, const web_zt *t, int s, bool shown)
{
    const qipai_zt_game *g = &t->replay.game;
    const qipai_zt_player *p = &g->players[s];
    qjson_object_begin(w);
    qjson_key_int(w, "seat", s);
    qjson_key_bool(w, "person", s == t->human);
    qjson_key_int(w, "concealed", qipai_zt_concealed_size(&p->hand));
    qjson_key_bool(w, "shown", shown);
    if (shown) {
        qjson_key(w, "tiles");
        write_tiles(w, &p->hand);
        qjson_key_int(w, "tuo", p->hand.tuo);
        qjson_key(w, "hand");
        zt_write_concealed(w, &p->hand, g->tuo);
    }
    qjson_key(w, "melds");
    zt_write_melds(w, &p->hand);
    qjson_key_string(w, "status", p->status == QIPAI_ZT_WON ? "won" : "in");
    qjson_key_bool(w, "hu_locked", p->hu_locked);
    qjson_key_int(w, "score", p->score);
    if (p->status == QIPAI_ZT_WON) {
        qjson_key(w, "win");
        zt_write_win(w, g, s);
    }
    qjson_object_end(w);
}

const char *qipai_web_zt_state(web_zt *t, int reveal)
{
    const qipai_zt_game *g = &t->replay.game;
    qjson_writer *w = &t->out;
    qjson_writer_reset(w);
    qjson_object_begin(w);
    qjson_key(w, "seed");
    qjson_uint(w, g->seed);
    qjson_key_int(w, "dealer", g->dealer);
    qjson_key(w, "tuo");
    zt_write_tile(w, g->tuo, false);
    qjson_key_int(w, "turned_seat", g->turned_seat);
    qjson_key_int(w, "wall_left", QIPAI_ZT_TILES - g->wall_next);
    qjson_key_string(w, "phase", phase_name(g->phase));
    qjson_key_int(w, "turn", g->turn);
    qjson_key_int(w, "human", t->human);
    unsigned to_act = qipai_zt_to_act(g);
    qjson_key(w, "to_act");
    qjson_array_begin(w);
    for (int s = 0; s < QIPAI_ZT_SEATS; s++)
        if (to_act >> s & 1)
            qjson_int(w, s);
    qjson_array_end(w);
    if (g->phase == QIPAI_ZT_PHASE_CLAIM || g->phase == QIPAI_ZT_PHASE_ROB) {
        qjson_key(w, "claim");
        zt_write_tile(w, g->claim_kind, false);
    }
    if (g->phase == QIPAI_ZT_PHASE_TURN) {
        qjson_key(w, "last_draw");
        zt_write_tile(w, g->last_draw, false);
        qjson_key_bool(w, "must_discard", g->must_discard);
    }
    qjson_key(w, "end");
    if (g->end == QIPAI_ZT_END_NONE)
        qjson_null(w);
    else
        qjson_string(w, g->end == QIPAI_ZT_END_WALL ? "wall" : "one_left");
    bool over = g->phase == QIPAI_ZT_PHASE_OVER;
    qjson_key(w, "players");
    qjson_array_begin(w);
    for (int s = 0; s < QIPAI_ZT_SEATS; s++)
        write_player(w, t, s,
                     reveal || over || s == t->human || g->players[s].status == QIPAI_ZT_WON);
    qjson_array_end(w);
    qjson_key(w, "river");
    qjson_array_begin(w);
    for (int i = 0; i < g->discard_count; i++) {
        qjson_object_begin(w);
        qjson_key(w, "tile");
        zt_write_tile(w, g->river[i].kind, false);
        qjson_key_int(w, "seat", g->river[i].seat);
        qjson_key_bool(w, "claimed", g->river[i].claimed);
        qjson_object_end(w);
    }
    qjson_array_end(w);
    qjson_key(w, "payments");
    qjson_array_begin(w);
    for (int i = 0; i < g->payment_count; i++) {
        const qipai_zt_payment *p = &g->payments[i];
        qjson_object_begin(w);
        qjson_key_int(w, "from", p->from);
        qjson_key_int(w, "to", p->to);
        qjson_key_int(w, "amount", p->amount);
        qjson_key_string(w, "reason", qipai_zt_pay_reason_name((qipai_zt_pay_reason)p->reason));
        if (p->kong)
            qjson_key_int(w, "kong", p->kong);
        qjson_object_end(w);
    }
    qjson_array_end(w);
    qjson_key(w, "legal");
    qjson_array_begin(w);
    if (t->human >= 0) {
        qipai_zt_action actions[QIPAI_ZT_MAX_ACTIONS];
        int n = qipai_zt_legal_actions(g, t->human, actions);
        for (int i = 0; i < n; i++)
            write_action_object(w, &actions[i]);
    }
    qjson_array_end(w);
    /* The events since the last state, then a fresh list. */
    qjson_array_end(&t->events);
    size_t n;
    const char *events = qjson_text(&t->events, &n);
    qjson_key(w, "events");
    if (events)
        qjson_raw(w, events, n);
    else
        qjson_string(w, qjson_strerror(t->events.error));
    qjson_writer_reset(&t->events);
    qjson_array_begin(&t->events);
    qjson_object_end(w);
    const char *text = qjson_text(w, NULL);
    return text ? text : "{\"error\":\"the table could not be written\"}";
}

/* ---- hints ---- */

static void write_effective(qjson_writer *w, const qipai_mj_effective *e, int tuo_kind)
{
    qjson_key(w, "shanten");
    if (e->shanten == QIPAI_MJ_NO_SHANTEN)
        qjson_null(w);
    else
        qjson_int(w, e->shanten);
    qjson_key(w, "effective");
    qjson_array_begin(w);
    for (int i = 0; i < e->count; i++) {
        qjson_object_begin(w);
        qjson_key(w, "tile");
        zt_write_tile(w, e->tiles[i].kind, false);
        qjson_key_bool(w, "tuo", e->tiles[i].kind == tuo_kind);
        qjson_key_int(w, "left", e->tiles[i].left);
        qjson_object_end(w);
    }
    qjson_array_end(w);
    qjson_key_int(w, "total", e->total);
}

const char *qipai_web_zt_hint(web_zt *t, int seat)
{
    const qipai_zt_game *g = &t->replay.game;
    qjson_writer *w = &t->out;
    qjson_writer_reset(w);
    if (seat < 0 || seat >= QIPAI_ZT_SEATS)
        return "{\"error\":\"seats are 0-3\"}";
    const qipai_zt_hand *h = &g->players[seat].hand;
    uint8_t visible[QIPAI_ZT_KINDS];
    qipai_zt_visible(g, visible);
    int size = qipai_zt_concealed_size(h), full = 3 * (4 - h->meld_count) + 2;
    qjson_object_begin(w);
    qjson_key_int(w, "seat", seat);
    if (size == full) {
        qipai_mj_discard list[QIPAI_MJ_MAX_DISCARDS];
        size_t n = 0;
        int shanten = qipai_zt_shanten(&g->rules, g->tuo, h);
        qjson_key(w, "shanten");
        if (shanten == QIPAI_MJ_NO_SHANTEN)
            qjson_null(w);
        else
            qjson_int(w, shanten);
        qjson_key(w, "discards");
        qjson_array_begin(w);
        if (qipai_zt_discards(&g->rules, g->tuo, h, visible, list, &n, NULL) == QIPAI_OK)
            for (size_t i = 0; i < n; i++) {
                qjson_object_begin(w);
                qjson_key(w, "tile");
                if (list[i].tile == QIPAI_MJ_WILDCARD)
                    qjson_string(w, "tuo");
                else
                    zt_write_tile(w, list[i].tile, false);
                write_effective(w, &list[i].after, g->tuo);
                qjson_object_end(w);
            }
        qjson_array_end(w);
    } else {
        qipai_mj_effective e;
        if (qipai_zt_effective(&g->rules, g->tuo, h, visible, &e, NULL) == QIPAI_OK)
            write_effective(w, &e, g->tuo);
        uint32_t waits = qipai_zt_wait_mask(&g->rules, g->tuo, h);
        qjson_key(w, "waits");
        qjson_array_begin(w);
        for (int k = 0; k < QIPAI_ZT_KINDS; k++)
            if (waits >> k & 1)
                zt_write_tile(w, k, false);
        qjson_array_end(w);
        qjson_key_bool(w, "ready", qipai_zt_ready(&g->rules, g->tuo, h));
    }
    qipai_zt_action a;
    if (qipai_zt_to_act(g) >> seat & 1 &&
        qipai_zt_bot_choose(g, seat, QIPAI_ZT_BOT_STRONG, &a, NULL) == QIPAI_OK) {
        qjson_key(w, "strong");
        write_action_object(w, &a);
    }
    qjson_object_end(w);
    const char *text = qjson_text(w, NULL);
    return text ? text : "{\"error\":\"the hint could not be written\"}";
}
