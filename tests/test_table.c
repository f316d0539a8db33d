/*
 * The table layer (include/qipai/table.h) on a game of the tests' own, small
 * enough to check by brute force: every state reachable from every deal, its
 * legal moves against its mask, every illegal action refused with the state
 * unchanged, zero-sum scores at every end; a duel of a bot with itself giving
 * exactly 0; runs split into shards merging into the whole; the summaries;
 * the log's framing.
 *
 * The game, "stones": a pile of 4-12 stones (the deal, from the seed). First
 * every seat stakes 1 or 2 at once (all seats act together, in any order, as
 * mahjong claims do); then the seats take 1 or 2 stones in turn from the
 * dealer on; who takes the last stone wins every other seat's stake. For
 * two seats the winning play is known (leave a multiple of 3), which gives a
 * bot whose duel against a random-ish one has a known sign.
 */
#include <qipai/table.h>

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/fail.h"
#include "common/json.h"
#include "test.h"

/* ---- the game ---- */

enum { TAKE_1, TAKE_2, STAKE_1, STAKE_2, ACTIONS };

typedef struct st_rules {
    int seats; /* 2 or 3 */
} st_rules;

typedef struct st_state {
    st_rules rules;
    uint64_t seed;
    int dealer, pile, start_pile, turn;
    int stake[3];  /* 0: not staked yet */
    int winner;    /* -1 while none */
    int64_t score[3];
} st_state;

typedef struct st_event {
    int kind; /* 0: an action, 1: the end */
    int seat, action;
} st_event;

typedef struct st_deal {
    int pile;
} st_deal;

static qipai_err st_rules_named(void *rules, const char *name, qipai_error *err)
{
    st_rules *r = rules;
    if (!strcmp(name, "default") || !strcmp(name, "two"))
        r->seats = 2;
    else if (!strcmp(name, "three"))
        r->seats = 3;
    else
        return qipai_fail(err, QIPAI_ERR_ARGUMENT, -1, "no rule set '%s'", name);
    return QIPAI_OK;
}

static qipai_err st_rules_option(void *rules, const char *option, qipai_error *err)
{
    if (!strcmp(option, "seats=2") || !strcmp(option, "seats=3")) {
        ((st_rules *)rules)->seats = option[6] - '0';
        return QIPAI_OK;
    }
    return qipai_fail(err, QIPAI_ERR_ARGUMENT, -1, "unknown option '%s'", option);
}

static qipai_err st_rules_check(const void *rules, qipai_error *err)
{
    const st_rules *r = rules;
    return r->seats == 2 || r->seats == 3
               ? QIPAI_OK
               : qipai_fail(err, QIPAI_ERR_RANGE, -1, "seats %d: 2 or 3", r->seats);
}

static void st_shape(const void *rules, qipai_table_shape *out)
{
    const st_rules *r = rules;
    qipai_table_shape s = {r->seats, ACTIONS, 2 + 3, 2, 1};
    *out = s;
}

static size_t st_rules_log(const void *rules, char *out, size_t size)
{
    return (size_t)snprintf(out, size, "{\"seats\":%d}", ((const st_rules *)rules)->seats);
}

static qipai_err st_init_deal(void *state, const void *rules, const void *deal, int dealer,
                              qipai_error *err)
{
    (void)err;
    st_state *g = state;
    memset(g, 0, sizeof *g);
    g->rules = *(const st_rules *)rules;
    g->dealer = g->turn = dealer;
    g->pile = g->start_pile = ((const st_deal *)deal)->pile;
    g->winner = -1;
    return QIPAI_OK;
}

static qipai_err st_init(void *state, const void *rules, uint64_t seed, int dealer,
                         qipai_error *err)
{
    st_deal d = {4 + (int)(seed % 9)};
    qipai_err e = st_init_deal(state, rules, &d, dealer, err);
    ((st_state *)state)->seed = seed;
    return e;
}

static void st_deal_of(const void *state, void *deal)
{
    ((st_deal *)deal)->pile = ((const st_state *)state)->start_pile;
}

static const void *st_rules_of(const void *state)
{
    return &((const st_state *)state)->rules;
}

static uint64_t st_seed_of(const void *state)
{
    return ((const st_state *)state)->seed;
}

static int st_dealer_of(const void *state)
{
    return ((const st_state *)state)->dealer;
}

static bool staking(const st_state *g)
{
    for (int s = 0; s < g->rules.seats; s++)
        if (!g->stake[s])
            return true;
    return false;
}

static unsigned st_to_act(const void *state)
{
    const st_state *g = state;
    if (g->winner >= 0)
        return 0;
    unsigned seats = 0;
    if (staking(g)) {
        for (int s = 0; s < g->rules.seats; s++)
            if (!g->stake[s])
                seats |= 1u << s;
        return seats;
    }
    return 1u << g->turn;
}

static bool st_over(const void *state)
{
    return ((const st_state *)state)->winner >= 0;
}

static int st_legal(const void *state, int seat, int32_t *out)
{
    const st_state *g = state;
    if (!(st_to_act(g) >> seat & 1))
        return 0;
    int n = 0;
    if (staking(g)) {
        out[n++] = STAKE_1;
        out[n++] = STAKE_2;
    } else {
        out[n++] = TAKE_1;
        if (g->pile >= 2)
            out[n++] = TAKE_2;
    }
    return n;
}

static int st_mask(const void *state, int seat, uint8_t *mask)
{
    int32_t list[2];
    int n = st_legal(state, seat, list);
    memset(mask, 0, ACTIONS);
    for (int i = 0; i < n; i++)
        mask[list[i]] = 1;
    return n;
}

static qipai_err st_step(void *state, int seat, int32_t action, qipai_table_event_fn events,
                         void *context, qipai_error *err)
{
    st_state *g = state;
    uint8_t m[ACTIONS];
    st_mask(g, seat, m);
    if (action < 0 || action >= ACTIONS || !m[action])
        return qipai_fail(err, QIPAI_ERR_ILLEGAL, -1, "seat %d may not play %d now", seat,
                          (int)action);
    st_event e = {0, seat, action};
    if (action >= STAKE_1) {
        g->stake[seat] = action - STAKE_1 + 1;
    } else {
        g->pile -= action + 1;
        g->turn = (g->turn + 1) % g->rules.seats;
    }
    if (events)
        events(g, &e, context);
    if (g->pile == 0) {
        g->winner = seat;
        for (int s = 0; s < g->rules.seats; s++)
            if (s != seat) {
                g->score[s] -= g->stake[s];
                g->score[seat] += g->stake[s];
            }
        st_event end = {1, -1, -1};
        if (events)
            events(g, &end, context);
    }
    return QIPAI_OK;
}

static void st_observe(const void *state, int seat, float *out)
{
    const st_state *g = state;
    out[0] = (float)g->pile;
    out[1] = (float)g->stake[seat];
    for (int s = 0; s < 3; s++)
        out[2 + s] = (float)(s == g->turn);
}

static void st_scores(const void *state, int64_t *out)
{
    const st_state *g = state;
    for (int s = 0; s < g->rules.seats; s++)
        out[s] = g->score[s];
}

static int64_t st_score_unit(const void *rules)
{
    (void)rules;
    return 1;
}

static bool st_won(const void *state, int seat)
{
    return ((const st_state *)state)->winner == seat;
}

static int st_left(const void *state)
{
    return ((const st_state *)state)->pile;
}

static qipai_err st_check(const void *state, qipai_error *err)
{
    const st_state *g = state;
    int64_t sum = 0;
    for (int s = 0; s < g->rules.seats; s++)
        sum += g->score[s];
    if (g->pile < 0 || g->pile > g->start_pile || sum != 0)
        return qipai_fail(err, QIPAI_ERR_STATE, -1, "pile %d of %d, scores sum to %lld", g->pile,
                          g->start_pile, (long long)sum);
    return QIPAI_OK;
}

static const char *const action_names[ACTIONS] = {"take 1", "take 2", "stake 1", "stake 2"};

static size_t st_action_text(const void *state, int seat, int32_t action, bool chinese,
                             char *out, size_t size)
{
    (void)state, (void)seat, (void)chinese;
    return (size_t)snprintf(out, size, "%s", action >= 0 && action < ACTIONS ? action_names[action] : "?");
}

static qipai_err st_action_parse(const void *state, int seat, const char *text, int32_t *action,
                                 qipai_error *err)
{
    (void)state, (void)seat;
    for (int a = 0; a < ACTIONS; a++)
        if (!strcmp(text, action_names[a])) {
            *action = a;
            return QIPAI_OK;
        }
    return qipai_fail(err, QIPAI_ERR_SYNTAX, -1, "'%s' is no action", text);
}

static size_t st_render(const void *state, int seat, bool chinese, char *out, size_t size)
{
    (void)seat, (void)chinese;
    return (size_t)snprintf(out, size, "pile %d\n", ((const st_state *)state)->pile);
}

static size_t st_log_header(const void *state, int seat, char *out, size_t size)
{
    const st_state *g = state;
    return seat < 0 ? (size_t)snprintf(out, size, "\"pile\":%d", g->start_pile)
                    : (size_t)snprintf(out, size, "\"pile\":%d,\"you\":%d", g->start_pile, seat);
}

static size_t st_log_event(const void *state, const void *event, int seat, char *out, size_t size)
{
    const st_event *e = event;
    const st_state *g = state;
    if (e->kind == 1)
        return (size_t)snprintf(out, size, "{\"type\":\"end\",\"winner\":%d}", g->winner);
    if (seat >= 0 && e->action >= STAKE_1 && seat != e->seat) /* stakes are secret */
        return (size_t)snprintf(out, size, "{\"type\":\"staked\",\"player\":%d}", e->seat);
    return (size_t)snprintf(out, size, "{\"type\":\"action\",\"player\":%d,\"action\":%d}", e->seat,
                            e->action);
}

static size_t st_log_deal(const void *state, int seat, char *out, size_t size)
{
    (void)seat;
    return (size_t)snprintf(out, size, "{\"type\":\"deal\",\"pile\":%d}",
                            ((const st_state *)state)->start_pile);
}

static size_t st_log_action(const void *state, int seat, int32_t action, char *out, size_t size)
{
    st_event e = {0, seat, action};
    return st_log_event(state, &e, -1, out, size);
}

static qipai_err st_bot(const void *state, int seat, int bot, int32_t *action, qipai_error *err)
{
    (void)err;
    const st_state *g = state;
    int32_t list[2];
    int n = st_legal(g, seat, list);
    if (!n)
        return qipai_fail(err, QIPAI_ERR_ILLEGAL, -1, "seat %d is not to act", seat);
    if (bot == 0) { /* "first": the first legal action */
        *action = list[0];
        return QIPAI_OK;
    }
    /* "nim": stake 2, then leave a multiple of 3 when it can */
    if (list[0] == STAKE_1) {
        *action = STAKE_2;
        return QIPAI_OK;
    }
    *action = g->pile % 3 == 2 && n > 1 ? TAKE_2 : TAKE_1;
    return QIPAI_OK;
}

static int st_duel_replays(const void *rules)
{
    return ((const st_rules *)rules)->seats; /* each side in every seat: rotations */
}

static int st_duel_side(const void *rules, int replay, int seat)
{
    (void)rules;
    return seat == replay % 3 ? 0 : 1; /* A in one seat, B in the others */
}

static const char *const st_bots[] = {"first", "nim", NULL};
static const char *const st_presets[] = {"default", "two", "three", NULL};

static const qipai_table_game stones = {
    .name = "stones",
    .title = "stones",
    .default_rules = "default",
    .presets = st_presets,
    .bots = st_bots,
    .rules_size = sizeof(st_rules),
    .state_size = sizeof(st_state),
    .event_size = sizeof(st_event),
    .deal_size = sizeof(st_deal),
    .max_shape = {3, ACTIONS, 5, 2, 1},
    .rules_named = st_rules_named,
    .rules_option = st_rules_option,
    .rules_check = st_rules_check,
    .shape = st_shape,
    .rules_log = st_rules_log,
    .init = st_init,
    .deal_of = st_deal_of,
    .init_deal = st_init_deal,
    .rules_of = st_rules_of,
    .seed_of = st_seed_of,
    .dealer_of = st_dealer_of,
    .to_act = st_to_act,
    .over = st_over,
    .legal = st_legal,
    .mask = st_mask,
    .step = st_step,
    .observe = st_observe,
    .scores = st_scores,
    .score_unit = st_score_unit,
    .won = st_won,
    .left_to_draw = st_left,
    .check = st_check,
    .action_text = st_action_text,
    .action_parse = st_action_parse,
    .render = st_render,
    .log_header = st_log_header,
    .log_deal = st_log_deal,
    .log_event = st_log_event,
    .log_action = st_log_action,
    .bot_choose = st_bot,
    .duel_replays = st_duel_replays,
    .duel_side = st_duel_side,
};

static st_rules rules_of_seats(int seats)
{
    st_rules r;
    qipai_error err;
    CHECK(qipai_table_rules_named(&stones, &r, seats == 2 ? "two" : "three", &err) == QIPAI_OK,
          "%s", err.message);
    return r;
}

/* ---- brute force: every state reachable from every deal ---- */

typedef struct sweep {
    long states, ends, illegal_refused;
} sweep;

static void visit(const st_state *g, sweep *w)
{
    const qipai_table_game *game = &stones;
    qipai_error err;
    w->states++;
    CHECK(qipai_table_to_act(game, g) == 0 || !st_over(g), "to_act while over");
    CHECK(st_check(g, &err) == QIPAI_OK, "%s", err.message);
    unsigned to_act = qipai_table_to_act(game, g);
    if (!to_act) {
        w->ends++;
        int64_t sum = 0, scores[3] = {0, 0, 0};
        st_scores(g, scores);
        for (int s = 0; s < g->rules.seats; s++)
            sum += scores[s];
        CHECK(sum == 0 && g->winner >= 0, "an end: scores sum to %lld", (long long)sum);
        return;
    }
    for (int seat = 0; seat < g->rules.seats; seat++) {
        int32_t list[QIPAI_TABLE_MAX_SEATS * 2];
        uint8_t mask[ACTIONS];
        int n = qipai_table_legal(game, g, seat, list), m = qipai_table_mask(game, g, seat, mask);
        int in_mask = 0;
        for (int a = 0; a < ACTIONS; a++)
            in_mask += mask[a];
        CHECK(n == m && m == in_mask, "legal %d, mask %d (%d set)", n, m, in_mask);
        CHECK((n > 0) == (to_act >> seat & 1), "seat %d: %d actions, to act %d", seat, n,
              to_act >> seat & 1);
        for (int a = -1; a <= ACTIONS; a++) {
            st_state next = *g;
            qipai_err e = qipai_table_step(game, &next, seat, a, NULL, NULL, &err);
            if (a >= 0 && a < ACTIONS && mask[a]) {
                CHECK(e == QIPAI_OK, "legal action %d refused: %s", a, err.message);
                visit(&next, w);
            } else {
                CHECK(e != QIPAI_OK && !memcmp(&next, g, sizeof next) && err.message[0],
                      "illegal action %d of seat %d: %d, state changed %d", a, seat, (int)e,
                      memcmp(&next, g, sizeof next) != 0);
                w->illegal_refused++;
            }
        }
    }
}

static void every_state_of_every_deal(void)
{
    sweep w = {0, 0, 0};
    for (int seats = 2; seats <= 3; seats++) {
        st_rules r = rules_of_seats(seats);
        for (int pile = 4; pile <= 12; pile++)
            for (int dealer = 0; dealer < seats; dealer++) {
                st_state g;
                st_deal d = {pile};
                qipai_error err;
                CHECK(qipai_table_init_deal(&stones, &g, &r, &d, dealer, &err) == QIPAI_OK, "%s",
                      err.message);
                visit(&g, &w);
            }
    }
    CHECK(w.states > 100000 && w.ends > 10000 && w.illegal_refused > w.states,
          "%ld states, %ld ends, %ld illegal actions refused", w.states, w.ends,
          w.illegal_refused);
}

static void checked_calls_refuse_nonsense(void)
{
    st_rules r = rules_of_seats(2), bad = {5};
    st_state g;
    qipai_error err;
    CHECK(qipai_table_init(&stones, &g, &bad, 1, 0, &err) == QIPAI_ERR_RANGE, "bad rules");
    CHECK(qipai_table_init(&stones, &g, &r, 1, 2, &err) == QIPAI_ERR_RANGE &&
              strstr(err.message, "dealer"),
          "dealer 2 of 2 seats: %s", err.message);
    CHECK(qipai_table_init(NULL, &g, &r, 1, 0, &err) == QIPAI_ERR_ARGUMENT, "no game");
    CHECK(qipai_table_init(&stones, &g, &r, 1, 0, &err) == QIPAI_OK, "%s", err.message);
    st_state before = g;
    CHECK(qipai_table_step(&stones, &g, 2, STAKE_1, NULL, NULL, &err) == QIPAI_ERR_RANGE &&
              !memcmp(&g, &before, sizeof g),
          "seat 2 of 2: %s", err.message);
    CHECK(qipai_table_step(&stones, &g, 0, ACTIONS, NULL, NULL, &err) == QIPAI_ERR_RANGE,
          "an action outside the space: %s", err.message);
    int bot = -1;
    CHECK(qipai_table_bot_named(&stones, "nim", &bot, &err) == QIPAI_OK && bot == 1, "nim");
    CHECK(qipai_table_bot_named(&stones, "nope", &bot, &err) == QIPAI_ERR_ARGUMENT &&
              strstr(err.message, "first, nim"),
          "the bots listed: %s", err.message);
    CHECK(qipai_table_game_named("stones", &err) == NULL && strstr(err.message, "zhaotong"),
          "a test's game is not in the library's list: %s", err.message);
    CHECK(qipai_table_game_named("zhaotong", &err) == qipai_table_game_at(0) &&
              qipai_table_game_count() >= 1,
          "zhaotong is listed");
}

/* ---- runs and duels ---- */

static void shards_merge_into_the_whole(void)
{
    for (int seats = 2; seats <= 3; seats++) {
        st_rules r = rules_of_seats(seats);
        qipai_table_agent agents[QIPAI_TABLE_MAX_SEATS];
        for (int s = 0; s < QIPAI_TABLE_MAX_SEATS; s++)
            agents[s] = qipai_table_bot_agent(&stones, s & 1);
        qipai_table_stats whole, parts[3];
        qipai_table_stats_init(&whole);
        st_state g;
        qipai_error err;
        CHECK(qipai_table_run(&stones, &r, 5, 0, 900, -1, agents, NULL, &g, &whole, &err) ==
                  QIPAI_OK,
              "%s", err.message);
        qipai_table_stats merged;
        qipai_table_stats_init(&merged);
        for (int k = 2; k >= 0; k--) { /* merged in another order than played */
            qipai_table_stats_init(&parts[k]);
            CHECK(qipai_table_run(&stones, &r, 5, (uint64_t)k * 300, 300, -1, agents, NULL, &g,
                                  &parts[k], &err) == QIPAI_OK,
                  "%s", err.message);
            qipai_table_stats_merge(&merged, &parts[k]);
        }
        CHECK(!memcmp(&merged, &whole, sizeof whole), "%d seats: 3 shards equal the run", seats);
        CHECK(whole.games == 900 && whole.wins == 900, "%llu games, %llu wins",
              (unsigned long long)whole.games, (unsigned long long)whole.wins);
        int64_t sum = 0;
        for (int s = 0; s < seats; s++)
            sum += whole.seat_score[s];
        CHECK(sum == 0, "zero-sum over the run: %lld", (long long)sum);
        qipai_table_report report;
        memset(&report, 0, sizeof report);
        report.seed = 5;
        for (int s = 0; s < seats; s++)
            report.bots[s] = st_bots[s & 1];
        char a[4096], b[4096];
        size_t n = qipai_table_format_sim_text(&stones, &r, &whole, &report, a, sizeof a);
        CHECK(n < sizeof a && strstr(a, "stones sim: 900 games, seed 5, bots first,nim") &&
                  strstr(a, "bot nim: average score"),
              "%s", a);
        qipai_table_format_sim_text(&stones, &r, &merged, &report, b, sizeof b);
        CHECK(!strcmp(a, b), "the shards print what the run prints");
        n = qipai_table_format_sim_json(&stones, &r, &whole, &report, a, sizeof a);
        qjson_doc doc;
        const qjson_value *root;
        qjson_doc_init(&doc);
        CHECK(n > 0 && qjson_parse(&doc, a, n, &root, NULL, 0) == 0 &&
                  qjson_get(root, "bots") && qjson_get(root, "games_per_second"),
              "the JSON summary: %s", a);
        qjson_doc_free(&doc);
    }
}

static void a_bot_against_itself_differs_by_exactly_zero(void)
{
    long deals = 0;
    for (int seats = 2; seats <= 3; seats++)
        for (int bot = 0; bot < 2; bot++) {
            st_rules r = rules_of_seats(seats);
            qipai_table_agent agent = qipai_table_bot_agent(&stones, bot);
            qipai_table_duel_stats d;
            qipai_table_duel_stats_init(&d);
            st_state g;
            qipai_error err;
            for (uint64_t i = 0; i < 500; i++, deals++)
                CHECK(qipai_table_duel_deal(&stones, &r, 3, i, agent, agent, NULL, &g, &d,
                                            &err) == QIPAI_OK,
                      "%s", err.message);
            qipai_table_duel_summary m = qipai_table_duel_summarize(&d);
            CHECK(d.difference == 0 && d.difference_squares == 0 && m.difference == 0 &&
                      m.low == 0 && m.high == 0,
                  "%d seats, %s against itself: %g [%g, %g]", seats, st_bots[bot], m.difference,
                  m.low, m.high);
            CHECK(d.games == 500u * (unsigned)seats &&
                      d.seat_games[0] == 500u * (unsigned)seats &&
                      d.seat_games[1] == 500u * (unsigned)seats * (unsigned)(seats - 1),
                  "%d seats: %llu games, seat-games %llu and %llu", seats,
                  (unsigned long long)d.games, (unsigned long long)d.seat_games[0],
                  (unsigned long long)d.seat_games[1]);
        }
    CHECK(deals == 2000, "%ld deals", deals);
}

static void the_better_bot_wins_its_duel(void)
{
    /* Two seats: "nim" plays the pile perfectly; "first" always takes one.
     * Over deals where the mover can win, nim is ahead: the interval is
     * above zero. */
    st_rules r = rules_of_seats(2);
    qipai_table_duel_stats d;
    qipai_table_duel_stats_init(&d);
    st_state g;
    qipai_error err;
    for (uint64_t i = 0; i < 400; i++)
        CHECK(qipai_table_duel_deal(&stones, &r, 11, i, qipai_table_bot_agent(&stones, 1),
                                    qipai_table_bot_agent(&stones, 0), NULL, &g, &d, &err) ==
                  QIPAI_OK,
              "%s", err.message);
    qipai_table_duel_summary m = qipai_table_duel_summarize(&d);
    CHECK(m.low > 0 && m.average[0] > 0 && m.average[1] < 0, "nim - first: %g [%g, %g]",
          m.difference, m.low, m.high);
    qipai_table_duel_report report;
    memset(&report, 0, sizeof report);
    report.names[0] = "nim";
    report.names[1] = "first";
    char text[2048];
    qipai_table_format_duel_text(&stones, &d, &report, text, sizeof text);
    CHECK(strstr(text, "stones duel: nim vs first, 400 deals (800 games, seats swapped)") &&
              strstr(text, "difference nim - first: +"),
          "%s", text);
    qipai_table_format_duel_json(&stones, &d, &report, text, sizeof text);
    CHECK(strstr(text, "\"deals\":400") && strstr(text, "\"ci95\":["), "%s", text);
}

/* ---- the log's framing ---- */

typedef struct lines {
    char text[64][256];
    int count;
    const qipai_table_game *game;
    int seat;
} lines;

static void keep_line(const void *state, const void *event, void *context)
{
    lines *l = context;
    if (l->count < 64 &&
        qipai_table_log_event(l->game, state, event, l->seat, l->text[l->count], 256) > 0)
        l->count++;
}

static void the_log_framing(void)
{
    st_rules r = rules_of_seats(3);
    st_state g;
    qipai_error err;
    CHECK(qipai_table_init(&stones, &g, &r, 77, 1, &err) == QIPAI_OK, "%s", err.message);
    const char *bots[3] = {"first", "nim", "a \"quoted\" name"};
    char line[512];
    qipai_table_log_header(&stones, &g, 4, bots, line, sizeof line);
    char want[512];
    snprintf(want, sizeof want,
             "{\"type\":\"game\",\"game\":4,\"name\":\"stones\",\"seed\":77,\"dealer\":1,"
             "\"rules\":{\"seats\":3},\"pile\":%d,\"bots\":[\"first\",\"nim\",\"a \\\"quoted\\\" "
             "name\"]}",
             g.start_pile);
    CHECK(!strcmp(line, want), "the header: %s", line);
    qipai_table_log_header_for(&stones, &g, 4, 2, line, sizeof line);
    snprintf(want, sizeof want, "{\"type\":\"game\",\"game\":4,\"seat\":2,\"dealer\":1,\"pile\":%d,\"you\":2}",
             g.start_pile);
    CHECK(!strcmp(line, want), "a seat's header: %s", line);
    CHECK(qipai_table_log_header_for(&stones, &g, 4, 3, line, sizeof line) == 0, "no seat 3");
    size_t need = qipai_table_log_header(&stones, &g, 4, bots, line, 10);
    CHECK(need > 100 && strlen(line) == 9, "snprintf-style: %zu", need);
    /* a seat's view of the events keeps the others' stakes secret */
    lines all = {.game = &stones, .seat = -1}, seat0 = {.game = &stones, .seat = 0};
    qipai_table_agent agents[3];
    for (int s = 0; s < 3; s++)
        agents[s] = qipai_table_bot_agent(&stones, 1);
    CHECK(qipai_table_play(&stones, &g, agents, keep_line, &all, NULL, &err) == QIPAI_OK, "%s",
          err.message);
    CHECK(qipai_table_init(&stones, &g, &r, 77, 1, &err) == QIPAI_OK, "%s", err.message);
    CHECK(qipai_table_play(&stones, &g, agents, keep_line, &seat0, NULL, &err) == QIPAI_OK, "%s",
          err.message);
    CHECK(all.count == seat0.count && all.count > 4, "%d and %d lines", all.count, seat0.count);
    CHECK(strstr(all.text[1], "\"action\":3") && !strcmp(seat0.text[1], "{\"type\":\"staked\",\"player\":1}"),
          "the log shows seat 1's stake, seat 0 sees only that it staked: %s / %s", all.text[1],
          seat0.text[1]);
}

int main(void)
{
    RUN(every_state_of_every_deal);
    RUN(checked_calls_refuse_nonsense);
    RUN(shards_merge_into_the_whole);
    RUN(a_bot_against_itself_differs_by_exactly_zero);
    RUN(the_better_bot_wins_its_duel);
    RUN(the_log_framing);
    return test_report();
}
