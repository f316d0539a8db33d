/*
 * Zhaotong at the table (include/qipai/table.h): the game's descriptor, each
 * member a thin call into Zhaotong's own API. The state is a qipai_zt_game,
 * the rule set a qipai_zt_rules, an event a qipai_zt_event and a deal the
 * wall; actions are the numbers of include/qipai/zhaotong.h ("action
 * numbers", 199 of them) and the observation its 925 floats, so everything
 * the table layer does with Zhaotong equals what Zhaotong's own calls do.
 */
#include "zt_internal.h"
#include "common/fail.h"
#include "common/json.h"
#include "table/table_internal.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- the rule set ---- */

static qipai_err rules_named(void *rules, const char *name, qipai_error *err)
{
    return qipai_zt_rules_named(rules, name, err);
}

static qipai_err rules_option(void *rules, const char *option, qipai_error *err)
{
    return qipai_zt_rules_option(rules, option, err);
}

static qipai_err rules_check(const void *rules, qipai_error *err)
{
    return qipai_zt_rules_check(rules, err);
}

static const qipai_table_shape zt_shape = {QIPAI_ZT_SEATS, QIPAI_ZT_ACTION_SPACE,
                                           QIPAI_ZT_OBSERVATION_SIZE, QIPAI_ZT_MAX_ACTIONS, 1};

static void shape(const void *rules, qipai_table_shape *out)
{
    (void)rules;
    *out = zt_shape;
}

static size_t rules_log(const void *rules, char *out, size_t size)
{
    return qipai_zt_log_rules(rules, out, size);
}

/* ---- a game ---- */

typedef struct zt_deal {
    uint8_t wall[QIPAI_ZT_TILES];
} zt_deal;

static qipai_err init(void *state, const void *rules, uint64_t seed, int dealer, qipai_error *err)
{
    return qipai_zt_game_init(state, rules, seed, dealer, err);
}

static void deal_of(const void *state, void *deal)
{
    const qipai_zt_game *g = state;
    memcpy(((zt_deal *)deal)->wall, g->wall, QIPAI_ZT_TILES);
}

static qipai_err init_deal(void *state, const void *rules, const void *deal, int dealer,
                           qipai_error *err)
{
    return qipai_zt_game_init_wall(state, rules, ((const zt_deal *)deal)->wall, dealer, err);
}

static const void *rules_of(const void *state)
{
    return &((const qipai_zt_game *)state)->rules;
}

static uint64_t seed_of(const void *state)
{
    return ((const qipai_zt_game *)state)->seed;
}

static int dealer_of(const void *state)
{
    return ((const qipai_zt_game *)state)->dealer;
}

static unsigned to_act(const void *state)
{
    return qipai_zt_to_act(state);
}

static bool over(const void *state)
{
    return ((const qipai_zt_game *)state)->phase == QIPAI_ZT_PHASE_OVER;
}

static int legal(const void *state, int seat, int32_t *out)
{
    qipai_zt_action list[QIPAI_ZT_MAX_ACTIONS];
    const int n = qipai_zt_legal_actions(state, seat, list);
    for (int i = 0; i < n; i++)
        out[i] = qipai_zt_action_index(state, &list[i]);
    return n;
}

static int mask(const void *state, int seat, uint8_t *mask)
{
    return qipai_zt_action_mask(state, seat, mask);
}

/* Zhaotong's events handed on as the table's: the state is the game. */
typedef struct relay {
    qipai_table_event_fn events;
    void *context;
} relay;

static void relay_event(const qipai_zt_game *game, const qipai_zt_event *event, void *context)
{
    const relay *r = context;
    r->events(game, event, r->context);
}

static qipai_err step(void *state, int seat, int32_t action, qipai_table_event_fn events,
                      void *context, qipai_error *err)
{
    qipai_zt_action a;
    qipai_err e = qipai_zt_action_of_index(state, seat, action, &a, err);
    if (e != QIPAI_OK) {
        if (e == QIPAI_ERR_RANGE || !err)
            return e;
        char why[sizeof err->message]; /* qipai_fail writes err->message: not from itself */
        memcpy(why, err->message, sizeof why);
        return qipai_fail(err, QIPAI_ERR_ILLEGAL, -1, "%s", why);
    }
    relay r = {events, context};
    return qipai_zt_step_events(state, &a, events ? relay_event : NULL, events ? &r : NULL, err);
}

static void observe(const void *state, int seat, float *out)
{
    qipai_zt_observe(state, seat, out);
}

static void scores(const void *state, int64_t *out)
{
    const qipai_zt_game *g = state;
    for (int s = 0; s < QIPAI_ZT_SEATS; s++)
        out[s] = g->players[s].score;
}

static int64_t score_unit(const void *rules)
{
    const qipai_zt_rules *r = rules;
    return r->base > 0 ? r->base : 1;
}

static bool won(const void *state, int seat)
{
    return ((const qipai_zt_game *)state)->players[seat].status == QIPAI_ZT_WON;
}

static int left_to_draw(const void *state)
{
    return QIPAI_ZT_TILES - ((const qipai_zt_game *)state)->wall_next;
}

static qipai_err check(const void *state, qipai_error *err)
{
    return qipai_zt_check(state, err);
}

/* ---- text for people ---- */

static size_t format_action(const qipai_zt_game *g, const qipai_zt_action *a, bool chinese,
                            char *out, size_t size)
{
    char tile[8];
    qipai_mj_format_kind(a->kind, false, tile, sizeof tile);
    const char *name = qipai_zt_action_name((qipai_zt_action_type)a->type, chinese);
    const char *tuo = chinese ? "坨" : "tuo";
    int n;
    if (a->type == QIPAI_ZT_ACT_HU || a->type == QIPAI_ZT_ACT_PASS)
        n = snprintf(out, size, "%s", name);
    else if (a->type == QIPAI_ZT_ACT_DISCARD)
        n = snprintf(out, size, "%s %s%s%s%s", name, tile, a->kind == g->tuo ? "(" : "",
                     a->kind == g->tuo ? tuo : "", a->kind == g->tuo ? ")" : "");
    else if (a->tuo > 0)
        n = snprintf(out, size, "%s %s +%d %s", name, tile, a->tuo, tuo);
    else
        n = snprintf(out, size, "%s %s", name, tile);
    return n < 0 ? 0 : (size_t)n;
}

static size_t action_text(const void *state, int seat, int32_t action, bool chinese, char *out,
                          size_t size)
{
    qipai_zt_action a;
    if (qipai_zt_action_of_index(state, seat, action, &a, NULL) != QIPAI_OK) {
        int n = snprintf(out, size, "#%d", (int)action);
        return n < 0 ? 0 : (size_t)n;
    }
    return format_action(state, &a, chinese, out, size);
}

/* An action as typed: its number, or the label action_text writes (in
 * either language) of one of the seat's legal actions. */
static qipai_err action_parse(const void *state, int seat, const char *text, int32_t *action,
                              qipai_error *err)
{
    char *end;
    long number = strtol(text, &end, 10);
    if (end != text && !*end) {
        if (number < 0 || number >= QIPAI_ZT_ACTION_SPACE)
            return qipai_fail(err, QIPAI_ERR_RANGE, -1, "action %ld: the numbers are 0-%d",
                              number, QIPAI_ZT_ACTION_SPACE - 1);
        *action = (int32_t)number;
        return QIPAI_OK;
    }
    int32_t list[QIPAI_ZT_MAX_ACTIONS];
    const int n = legal(state, seat, list);
    char label[64];
    for (int i = 0; i < n; i++)
        for (int chinese = 0; chinese < 2; chinese++) {
            action_text(state, seat, list[i], chinese, label, sizeof label);
            if (!strcmp(label, text)) {
                *action = list[i];
                return QIPAI_OK;
            }
        }
    return qipai_fail(err, QIPAI_ERR_SYNTAX, -1,
                      "'%s' is not an action of seat %d now (a number, or a label such as "
                      "'discard 5m', 'peng 5m +1 tuo', 'hu', 'pass')",
                      text, seat);
}

static void render_hand(text_sink *t, const qipai_zt_game *g, int s)
{
    const qipai_zt_player *p = &g->players[s];
    zt_put_concealed(t, &p->hand, g->tuo);
}

static size_t render(const void *state, int seat, bool chinese, char *out, size_t size)
{
    const qipai_zt_game *g = state;
    text_sink t = text_sink_make(out, size);
    char tile[8];
    qipai_mj_format_kind(g->tuo, false, tile, sizeof tile);
    tb_put_format(&t, "%s %s, %s %d, %s %d\n", chinese ? "坨" : "tuo", tile,
                  chinese ? "庄家" : "dealer", g->dealer, chinese ? "余牌" : "wall",
                  left_to_draw(g));
    for (int s = 0; s < QIPAI_ZT_SEATS; s++) {
        const qipai_zt_player *p = &g->players[s];
        tb_put_format(&t, "%s %d%s: ", chinese ? "座位" : "seat", s,
                      p->status == QIPAI_ZT_WON ? (chinese ? " (胡)" : " (won)") : "");
        if (seat < 0 || seat == s || p->status == QIPAI_ZT_WON)
            render_hand(&t, g, s);
        else
            tb_put_format(&t, "%d %s", qipai_zt_concealed_size(&p->hand),
                          chinese ? "张" : "tiles");
        for (int m = 0; m < p->hand.meld_count; m++) {
            qipai_mj_format_kind(p->hand.melds[m].kind, false, tile, sizeof tile);
            tb_put_format(&t, " %s:%s%.*s", qipai_zt_meld_name(p->hand.melds[m].type), tile,
                          p->hand.melds[m].tuo, "++++");
        }
        tb_put_format(&t, ", %s %+" PRId64 "\n", chinese ? "分" : "score", p->score);
    }
    text_puts(&t, chinese ? "河:" : "river:");
    for (int i = 0; i < g->discard_count; i++) {
        qipai_mj_format_kind(g->river[i].kind, false, tile, sizeof tile);
        tb_put_format(&t, " %s", tile);
    }
    text_putc(&t, '\n');
    return t.length;
}

/* ---- the log's bodies ---- */

static size_t log_header(const void *state, int seat, char *out, size_t size)
{
    return zt_log_header_body(state, seat, out, size);
}

static qipai_err log_read_header(const char *text, size_t length, void *rules, void *deal,
                                 int *dealer, qipai_error *err)
{
    return qipai_zt_log_read_header(text, length, rules, ((zt_deal *)deal)->wall, dealer, NULL,
                                    err);
}

static size_t log_deal(const void *state, int seat, char *out, size_t size)
{
    return seat < 0 ? qipai_zt_log_deal(state, out, size)
                    : qipai_zt_log_deal_for(state, seat, out, size);
}

static size_t log_event(const void *state, const void *event, int seat, char *out, size_t size)
{
    return seat < 0 ? qipai_zt_log_event(state, event, out, size)
                    : qipai_zt_log_event_for(state, event, seat, out, size);
}

static size_t log_action(const void *state, int seat, int32_t action, char *out, size_t size)
{
    qipai_zt_event e;
    memset(&e, 0, sizeof e);
    e.type = QIPAI_ZT_EV_ACTION;
    e.player = (int8_t)seat;
    e.from = -1;
    if (qipai_zt_action_of_index(state, seat, action, &e.action, NULL) != QIPAI_OK) {
        text_sink_make(out, size);
        return 0;
    }
    return qipai_zt_log_event(state, &e, out, size);
}

static qipai_err log_read_action(const void *state, const char *text, size_t length, int *seat,
                                 int32_t *action, qipai_error *err)
{
    qipai_zt_action a;
    qipai_err e = qipai_zt_log_read_action(text, length, &a, err);
    if (e != QIPAI_OK)
        return e;
    const int index = qipai_zt_action_index(state, &a);
    if (index < 0)
        return qipai_fail(err, QIPAI_ERR_ILLEGAL, -1, "no action number stands for this action");
    *seat = a.seat;
    *action = index;
    return QIPAI_OK;
}

/* An old log's win line of the taker of a robbed 坨 (the 坨's kind in its
 * hand: docs/formats/zhaotong.md, "win"). */
static bool log_takes(const void *state, const char *due, size_t due_length, const char *line,
                      size_t length)
{
    const qipai_zt_game *g = state;
    qipai_zt_record want, got;
    return qipai_zt_log_read_record(due, due_length, &want, NULL) == QIPAI_OK &&
           qipai_zt_log_read_record(line, length, &got, NULL) == QIPAI_OK &&
           zt_win_legacy_hand(&want, &got, g->tuo);
}

static size_t log_result(const void *state, char *out, size_t size)
{
    const qipai_zt_game *g = state;
    int n = snprintf(out, size, "\"end\":\"%s\",\"winners\":%d",
                     g->end == QIPAI_ZT_END_WALL ? "wall" : "one_left", g->winners);
    return n < 0 ? 0 : (size_t)n;
}

/* ---- bots ---- */

static qipai_err bot_choose(const void *state, int seat, int bot, int32_t *action,
                            qipai_error *err)
{
    qipai_zt_action a;
    qipai_err e = qipai_zt_bot_choose(state, seat, (qipai_zt_bot)bot, &a, err);
    if (e == QIPAI_OK)
        *action = qipai_zt_action_index(state, &a);
    return e;
}

/* A program's missed decision: pass a claim, otherwise the strong bot's choice. */
static qipai_err fallback(const void *state, int seat, int32_t *action, qipai_error *err)
{
    uint8_t m[QIPAI_ZT_ACTION_SPACE];
    qipai_zt_action_mask(state, seat, m);
    if (m[QIPAI_ZT_ACTION_PASS]) {
        *action = QIPAI_ZT_ACTION_PASS;
        return QIPAI_OK;
    }
    return bot_choose(state, seat, QIPAI_ZT_BOT_STRONG, action, err);
}

/* ---- duplicate duels: A B A B, then B A B A ---- */

static int duel_replays(const void *rules)
{
    (void)rules;
    return QIPAI_ZT_DUEL_GAMES;
}

static int duel_side(const void *rules, int replay, int seat)
{
    (void)rules;
    return qipai_zt_duel_side(replay, seat);
}

/* ---- a run's own figures ---- */

/* tallies: the wins with each hand type, then the games by how they ended. */
enum { TALLY_TYPES = 0, TALLY_ENDS = QIPAI_ZT_TYPE_COUNT, TALLIES = TALLY_ENDS + 3 };

static void tally(const void *state, int64_t *tallies)
{
    const qipai_zt_game *g = state;
    if (g->end < 3)
        tallies[TALLY_ENDS + g->end]++;
    for (int s = 0; s < QIPAI_ZT_SEATS; s++)
        if (g->players[s].status == QIPAI_ZT_WON)
            for (int k = 0; k < QIPAI_ZT_TYPE_COUNT; k++)
                tallies[TALLY_TYPES + k] += g->players[s].win.score.types >> k & 1;
}

/* A duel side's: 自摸, wins paid on its discards, what its wins, its 杠 and
 * the wall's settlements brought, and its wins by hand type. */
enum {
    DUEL_SELF_DRAWN,
    DUEL_DEALT_IN,
    DUEL_WON,
    DUEL_KONG_MONEY,
    DUEL_WALL_MONEY,
    DUEL_TYPES,
    DUEL_TALLIES = DUEL_TYPES + QIPAI_ZT_TYPE_COUNT
};

static void duel_tally(const void *state, const int *side,
                       int64_t (*tallies)[QIPAI_TABLE_MAX_DUEL_TALLIES])
{
    const qipai_zt_game *g = state;
    const int64_t base = g->rules.base > 0 ? g->rules.base : 1;
    for (int s = 0; s < QIPAI_ZT_SEATS; s++) {
        const qipai_zt_player *p = &g->players[s];
        if (p->status != QIPAI_ZT_WON)
            continue;
        if (p->win.context & QIPAI_ZT_CTX_SELF_DRAWN)
            tallies[side[s]][DUEL_SELF_DRAWN]++;
        else
            tallies[side[p->win.from]][DUEL_DEALT_IN]++;
        for (int k = 0; k < QIPAI_ZT_TYPE_COUNT; k++)
            tallies[side[s]][DUEL_TYPES + k] += p->win.score.types >> k & 1;
    }
    for (int i = 0; i < g->payment_count; i++) {
        const qipai_zt_payment *pay = &g->payments[i];
        const int64_t units = pay->amount / base;
        if (pay->reason == QIPAI_ZT_PAY_WIN) {
            tallies[side[pay->to]][DUEL_WON] += units;
            continue;
        }
        const int slot = pay->reason == QIPAI_ZT_PAY_HUA_ZHU || pay->reason == QIPAI_ZT_PAY_DA_JIAO
                             ? DUEL_WALL_MONEY
                             : DUEL_KONG_MONEY; /* 杠 money, 呼叫转移, 退税 */
        tallies[side[pay->to]][slot] += units;
        tallies[side[pay->from]][slot] -= units;
    }
}

void zt_table_stats(const qipai_zt_stats *zt, qipai_table_stats *t)
{
    qipai_table_stats_init(t);
    t->games = zt->games;
    t->wins = zt->wins;
    t->steps = zt->steps;
    t->unit = zt->base;
    for (int s = 0; s < QIPAI_ZT_SEATS; s++) {
        t->seat_wins[s] = zt->seat_wins[s];
        t->seat_score[s] = zt->seat_score[s];
        t->role_games[s][0] = zt->games;
        t->role_wins[s][0] = zt->seat_wins[s];
        t->role_score[s][0] = zt->seat_score[s];
        t->role_squares[s][0] = zt->score_products[s][s];
        for (int u = 0; u < QIPAI_ZT_SEATS; u++) {
            t->score_products[s][u] = zt->score_products[s][u];
            t->seat_win_pairs[s][u] = zt->seat_win_pairs[s][u];
        }
    }
    for (int k = 0; k < QIPAI_ZT_TYPE_COUNT; k++)
        t->tallies[TALLY_TYPES + k] = (int64_t)zt->types[k];
    for (int e = 0; e < 3; e++)
        t->tallies[TALLY_ENDS + e] = (int64_t)zt->ends[e];
}

static size_t sim_text(const qipai_table_stats *t, int place, char *out, size_t size)
{
    text_sink sink = text_sink_make(out, size);
    const double n = t->games ? (double)t->games : 1, w = t->wins ? (double)t->wins : 1;
    if (place == 0) {
        tb_put_format(&sink, "hand types (share of %" PRIu64 " wins):", t->wins);
        for (int k = 0; k < QIPAI_ZT_TYPE_COUNT; k++)
            if (t->tallies[TALLY_TYPES + k])
                tb_put_format(&sink, " %s %.1f%%", qipai_zt_type_name((qipai_zt_type)k, true),
                              100.0 * (double)t->tallies[TALLY_TYPES + k] / w);
        text_putc(&sink, '\n');
    } else {
        tb_put_format(&sink,
                      "ends: wall %.1f%%, one left %.1f%%; %.2f wins and %.1f steps per game\n",
                      100.0 * (double)t->tallies[TALLY_ENDS + QIPAI_ZT_END_WALL] / n,
                      100.0 * (double)t->tallies[TALLY_ENDS + QIPAI_ZT_END_ONE_LEFT] / n,
                      (double)t->wins / n, (double)t->steps / n);
    }
    return sink.length;
}

static size_t sim_json(const qipai_table_stats *t, int place, char *out, size_t size)
{
    text_sink sink = text_sink_make(out, size);
    if (place == 0) {
        text_puts(&sink, "{\"types\":{");
        for (int k = 0; k < QIPAI_ZT_TYPE_COUNT; k++)
            tb_put_format(&sink, "%s\"%s\":%" PRId64, k ? "," : "",
                          qipai_zt_type_name((qipai_zt_type)k, false),
                          t->tallies[TALLY_TYPES + k]);
        text_puts(&sink, "}}");
    } else {
        tb_put_format(&sink, "{\"ends\":{\"wall\":%" PRId64 ",\"one_left\":%" PRId64 "}}",
                      t->tallies[TALLY_ENDS + QIPAI_ZT_END_WALL],
                      t->tallies[TALLY_ENDS + QIPAI_ZT_END_ONE_LEFT]);
    }
    return sink.length;
}

static size_t duel_text(const qipai_table_duel_stats *t, int b, const char *const names[2],
                        char *out, size_t size)
{
    text_sink sink = text_sink_make(out, size);
    const qipai_table_duel_summary m = qipai_table_duel_summarize(t);
    const double seat_games = (double)t->seat_games[b];
    const double unit = t->unit ? (double)t->unit : 1;
    const double wins = t->wins[b] ? (double)t->wins[b] : 1;
    const int64_t *x = t->tallies[b];
    tb_put_format(&sink,
                  "%-7s average %+.4f per seat per game, win rate %.1f%% (自摸 %.0f%%), "
                  "dealt in %.3f, won %+.3f, 杠 %+.3f, wall %+.3f per seat-game\n",
                  names[b], m.average[b], 100 * m.win_rate[b],
                  100.0 * (double)x[DUEL_SELF_DRAWN] / wins,
                  (double)x[DUEL_DEALT_IN] / seat_games, (double)x[DUEL_WON] * unit / seat_games,
                  (double)x[DUEL_KONG_MONEY] * unit / seat_games,
                  (double)x[DUEL_WALL_MONEY] * unit / seat_games);
    text_puts(&sink, "        hand types (share of wins):");
    for (int k = 0; k < QIPAI_ZT_TYPE_COUNT; k++)
        if (x[DUEL_TYPES + k])
            tb_put_format(&sink, " %s %.1f%%", qipai_zt_type_name((qipai_zt_type)k, true),
                          100.0 * (double)x[DUEL_TYPES + k] / wins);
    text_putc(&sink, '\n');
    return sink.length;
}

static const char *const presets[] = {"default", NULL};
static const char *const bots[] = {"seed", "strong", "expert", NULL};

const qipai_table_game qipai_table_zhaotong = {
    .name = "zhaotong",
    .title = "昭通麻将",
    .default_rules = "default",
    .presets = presets,
    .bots = bots,
    .roles = NULL,
    .rules_size = sizeof(qipai_zt_rules),
    .state_size = sizeof(qipai_zt_game),
    .event_size = sizeof(qipai_zt_event),
    .deal_size = sizeof(zt_deal),
    .max_shape = {QIPAI_ZT_SEATS, QIPAI_ZT_ACTION_SPACE, QIPAI_ZT_OBSERVATION_SIZE,
                  QIPAI_ZT_MAX_ACTIONS, 1},
    .rules_named = rules_named,
    .rules_option = rules_option,
    .rules_check = rules_check,
    .shape = shape,
    .rules_log = rules_log,
    .init = init,
    .deal_of = deal_of,
    .init_deal = init_deal,
    .rules_of = rules_of,
    .seed_of = seed_of,
    .dealer_of = dealer_of,
    .to_act = to_act,
    .over = over,
    .legal = legal,
    .mask = mask,
    .step = step,
    .observe = observe,
    .scores = scores,
    .score_unit = score_unit,
    .won = won,
    .role = NULL,
    .left_to_draw = left_to_draw,
    .check = check,
    .action_text = action_text,
    .action_parse = action_parse,
    .render = render,
    .log_header = log_header,
    .log_read_header = log_read_header,
    .log_deal = log_deal,
    .log_event = log_event,
    .log_action = log_action,
    .log_read_action = log_read_action,
    .log_takes = log_takes,
    .log_result = log_result,
    .bot_choose = bot_choose,
    .fallback = fallback,
    .duel_replays = duel_replays,
    .duel_side = duel_side,
    .tallies = TALLIES,
    .duel_tallies = DUEL_TALLIES,
    .tally = tally,
    .duel_tally = duel_tally,
    .sim_text = sim_text,
    .sim_json = sim_json,
    .duel_text = duel_text,
};

_Static_assert(sizeof(qipai_zt_game) <= QIPAI_TABLE_STATE_SIZE, "a Zhaotong game fits a state");
_Static_assert(sizeof(qipai_zt_rules) <= QIPAI_TABLE_RULES_SIZE, "Zhaotong's rules fit");
_Static_assert(sizeof(qipai_zt_event) <= QIPAI_TABLE_EVENT_SIZE, "an event fits");
_Static_assert(sizeof(zt_deal) <= QIPAI_TABLE_DEAL_SIZE, "a wall fits a deal");
_Static_assert((int)TALLIES <= (int)QIPAI_TABLE_MAX_TALLIES, "the tallies fit");
_Static_assert((int)DUEL_TALLIES <= (int)QIPAI_TABLE_MAX_DUEL_TALLIES, "the duel tallies fit");
