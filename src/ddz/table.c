/*
 * Dou Di Zhu at the table (include/qipai/table.h): the game's descriptor,
 * each member a thin call into src/ddz/. The state is a qipai_ddz_game, the
 * rule set a qipai_ddz_rules, an event a ddz_event and a deal the deck, the
 * first bidder and the generator for redeals; actions and the observation
 * are those of include/qipai/ddz.h.
 */
#include "ddz_internal.h"
#include "common/fail.h"
#include "table/table_internal.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

/* ---- the rule set ---- */

static qipai_err rules_named(void *rules, const char *name, qipai_error *err)
{
    return qipai_ddz_rules_named(rules, name, err);
}

static qipai_err rules_option(void *rules, const char *option, qipai_error *err)
{
    return qipai_ddz_rules_option(rules, option, err);
}

static qipai_err rules_check(const void *rules, qipai_error *err)
{
    return qipai_ddz_rules_check(rules, err);
}

static const qipai_table_shape ddz_shape = {QIPAI_DDZ_SEATS, QIPAI_DDZ_ACTION_SPACE,
                                            QIPAI_DDZ_OBSERVATION_SIZE, QIPAI_DDZ_MAX_LEGAL, 2};

static void shape(const void *rules, qipai_table_shape *out)
{
    (void)rules;
    *out = ddz_shape;
}

static size_t rules_log(const void *rules, char *out, size_t size)
{
    return ddz_rules_log(rules, out, size);
}

/* ---- a game ---- */

static qipai_err init(void *state, const void *rules, uint64_t seed, int dealer, qipai_error *err)
{
    return ddz_init(state, rules, seed, dealer, err);
}

static void deal_of(const void *state, void *deal)
{
    ddz_deal_of(state, deal);
}

static qipai_err init_deal(void *state, const void *rules, const void *deal, int dealer,
                           qipai_error *err)
{
    return ddz_init_deal(state, rules, deal, dealer, err);
}

static const void *rules_of(const void *state)
{
    return &((const qipai_ddz_game *)state)->rules;
}

static uint64_t seed_of(const void *state)
{
    return ((const qipai_ddz_game *)state)->seed;
}

static int dealer_of(const void *state)
{
    return ((const qipai_ddz_game *)state)->dealer;
}

static unsigned to_act(const void *state)
{
    const qipai_ddz_game *g = state;
    return g->phase == QIPAI_DDZ_PHASE_OVER || g->turn < 0 ? 0u : 1u << g->turn;
}

static bool over(const void *state)
{
    return ((const qipai_ddz_game *)state)->phase == QIPAI_DDZ_PHASE_OVER;
}

static int legal(const void *state, int seat, int32_t *out)
{
    return ddz_legal(state, seat, out);
}

static int mask(const void *state, int seat, uint8_t *mask)
{
    int32_t list[QIPAI_DDZ_MAX_LEGAL];
    const int n = ddz_legal(state, seat, list);
    memset(mask, 0, QIPAI_DDZ_ACTION_SPACE);
    for (int i = 0; i < n; i++)
        mask[list[i]] = 1;
    return n;
}

typedef struct relay {
    qipai_table_event_fn events;
    void *context;
} relay;

static void relay_event(const qipai_ddz_game *game, const ddz_event *event, void *context)
{
    const relay *r = context;
    r->events(game, event, r->context);
}

static qipai_err step(void *state, int seat, int32_t action, qipai_table_event_fn events,
                      void *context, qipai_error *err)
{
    relay r = {events, context};
    return ddz_step(state, seat, action, events ? relay_event : NULL, events ? &r : NULL, err);
}

static void observe(const void *state, int seat, float *out)
{
    ddz_observe(state, seat, out);
}

static void scores(const void *state, int64_t *out)
{
    const qipai_ddz_game *g = state;
    for (int s = 0; s < QIPAI_DDZ_SEATS; s++)
        out[s] = g->score[s];
}

static int64_t score_unit(const void *rules)
{
    const qipai_ddz_rules *r = rules;
    return r->base > 0 ? r->base : 1;
}

/* A peasant's empty hand is a win for both peasants. */
static bool won(const void *state, int seat)
{
    const qipai_ddz_game *g = state;
    if (g->phase != QIPAI_DDZ_PHASE_OVER)
        return false;
    return (seat == g->landlord) == (g->winner == g->landlord);
}

static int role(const void *state, int seat)
{
    return ((const qipai_ddz_game *)state)->landlord == seat ? 0 : 1;
}

static int left_to_draw(const void *state)
{
    (void)state;
    return -1;
}

static qipai_err check(const void *state, qipai_error *err)
{
    return ddz_check(state, err);
}

/* ---- text ---- */

static size_t action_text(const void *state, int seat, int32_t action, bool chinese, char *out,
                          size_t size)
{
    (void)seat;
    return ddz_action_text(state, action, chinese, out, size);
}

static qipai_err action_parse(const void *state, int seat, const char *text, int32_t *action,
                              qipai_error *err)
{
    return ddz_action_parse(state, seat, text, action, err);
}

static size_t render(const void *state, int seat, bool chinese, char *out, size_t size)
{
    return ddz_render(state, seat, chinese, out, size);
}

/* ---- the log ---- */

static size_t log_header(const void *state, int seat, char *out, size_t size)
{
    return ddz_log_header(state, seat, out, size);
}

static qipai_err log_read_header(const char *text, size_t length, void *rules, void *deal,
                                 int *dealer, qipai_error *err)
{
    return ddz_log_read_header(text, length, rules, deal, dealer, err);
}

static size_t log_deal(const void *state, int seat, char *out, size_t size)
{
    return ddz_log_deal(state, seat, out, size);
}

static size_t log_event(const void *state, const void *event, int seat, char *out, size_t size)
{
    return ddz_log_event(state, event, seat, out, size);
}

static size_t log_action(const void *state, int seat, int32_t action, char *out, size_t size)
{
    return ddz_log_action(state, seat, action, out, size);
}

static qipai_err log_read_action(const void *state, const char *text, size_t length, int *seat,
                                 int32_t *action, qipai_error *err)
{
    return ddz_log_read_action(state, text, length, seat, action, err);
}

static size_t log_result(const void *state, char *out, size_t size)
{
    const qipai_ddz_game *g = state;
    int n = snprintf(out, size, "\"landlord\":%d,\"winner\":%d,\"multiple\":%d", g->landlord,
                     g->winner, (int)g->multiple);
    return n < 0 ? 0 : (size_t)n;
}

/* ---- bots ---- */

static qipai_err bot_choose(const void *state, int seat, int bot, int32_t *action,
                            qipai_error *err)
{
    return ddz_bot_choose(state, seat, bot, action, err);
}

/* A program's missed decision: pass or decline when allowed, else greedy's. */
static qipai_err fallback(const void *state, int seat, int32_t *action, qipai_error *err)
{
    int32_t list[QIPAI_DDZ_MAX_LEGAL];
    const int n = ddz_legal(state, seat, list);
    if (n > 0 && (list[0] == QIPAI_DDZ_ACTION_PASS || list[0] == QIPAI_DDZ_ACTION_NO_BID)) {
        *action = list[0];
        return QIPAI_OK;
    }
    return ddz_bot_choose(state, seat, DDZ_BOT_GREEDY, action, err);
}

/* ---- duplicate duels: each side alone at each seat, then the pair ----
 * Replays 0-2: A at seat r, B at the two others; replays 3-5: B at seat
 * r - 3, A at the others. Every hand of a deal is played by each side alone
 * and in the pair, so whoever the bidding makes landlord, both sides play
 * every hand as landlord and as peasant. */
static int duel_replays(const void *rules)
{
    (void)rules;
    return 6;
}

static int duel_side(const void *rules, int replay, int seat)
{
    (void)rules;
    return replay < 3 ? (seat == replay ? 0 : 1) : (seat == replay - 3 ? 1 : 0);
}

/* ---- a run's own figures ---- */
enum {
    TALLY_LANDLORD_WINS,
    TALLY_SPRINGS,
    TALLY_ANTI_SPRINGS,
    TALLY_BOMBS,
    TALLY_ROCKETS,
    TALLY_REDEALS,
    TALLY_MULTIPLE,
    TALLY_FACTOR1, /* games by the bid (or grab factor) 1, 2, 3, 4+ */
    TALLIES = TALLY_FACTOR1 + 4
};

static void tally(const void *state, int64_t *t)
{
    const qipai_ddz_game *g = state;
    t[TALLY_LANDLORD_WINS] += g->winner == g->landlord;
    t[TALLY_SPRINGS] += g->spring;
    t[TALLY_ANTI_SPRINGS] += g->anti_spring;
    t[TALLY_BOMBS] += g->bombs;
    t[TALLY_ROCKETS] += g->rockets;
    t[TALLY_REDEALS] += g->redeals;
    t[TALLY_MULTIPLE] += g->multiple;
    t[TALLY_FACTOR1 + (g->factor >= 4 ? 3 : g->factor - 1)]++;
}

static size_t sim_text(const qipai_table_stats *s, int place, char *out, size_t size)
{
    text_sink t = text_sink_make(out, size);
    const double n = s->games ? (double)s->games : 1;
    const int64_t *x = s->tallies;
    if (place == 0)
        tb_put_format(&t,
                      "landlord wins %.1f%%, 春天 %.2f%%, 反春 %.2f%%; bombs %.3f, rockets %.3f "
                      "per game; average multiple %.2f\n",
                      100.0 * (double)x[TALLY_LANDLORD_WINS] / n, 100.0 * (double)x[TALLY_SPRINGS] / n,
                      100.0 * (double)x[TALLY_ANTI_SPRINGS] / n, (double)x[TALLY_BOMBS] / n,
                      (double)x[TALLY_ROCKETS] / n, (double)x[TALLY_MULTIPLE] / n);
    else
        tb_put_format(&t,
                      "bids (or grab factors) 1/2/3/4+: %.1f%%/%.1f%%/%.1f%%/%.1f%%; %.3f redeals "
                      "and %.1f steps per game\n",
                      100.0 * (double)x[TALLY_FACTOR1] / n, 100.0 * (double)x[TALLY_FACTOR1 + 1] / n,
                      100.0 * (double)x[TALLY_FACTOR1 + 2] / n,
                      100.0 * (double)x[TALLY_FACTOR1 + 3] / n, (double)x[TALLY_REDEALS] / n,
                      (double)s->steps / n);
    return t.length;
}

static size_t sim_json(const qipai_table_stats *s, int place, char *out, size_t size)
{
    text_sink t = text_sink_make(out, size);
    const int64_t *x = s->tallies;
    if (place == 0)
        tb_put_format(&t,
                      "{\"landlord_wins\":%" PRId64 ",\"springs\":%" PRId64
                      ",\"anti_springs\":%" PRId64 ",\"bombs\":%" PRId64 ",\"rockets\":%" PRId64
                      ",\"multiples\":%" PRId64 "}",
                      x[TALLY_LANDLORD_WINS], x[TALLY_SPRINGS], x[TALLY_ANTI_SPRINGS],
                      x[TALLY_BOMBS], x[TALLY_ROCKETS], x[TALLY_MULTIPLE]);
    else
        tb_put_format(&t,
                      "{\"factors\":[%" PRId64 ",%" PRId64 ",%" PRId64 ",%" PRId64
                      "],\"redeals\":%" PRId64 "}",
                      x[TALLY_FACTOR1], x[TALLY_FACTOR1 + 1], x[TALLY_FACTOR1 + 2],
                      x[TALLY_FACTOR1 + 3], x[TALLY_REDEALS]);
    return t.length;
}

static const char *const presets[] = {"classic", NULL};
static const char *const bots[] = {"random", "greedy", NULL};
static const char *const roles[] = {"landlord", "peasant", NULL};

const qipai_table_game qipai_table_ddz = {
    .name = "ddz",
    .title = "斗地主",
    .default_rules = "classic",
    .presets = presets,
    .bots = bots,
    .roles = roles,
    .rules_size = sizeof(qipai_ddz_rules),
    .state_size = sizeof(qipai_ddz_game),
    .event_size = sizeof(ddz_event),
    .deal_size = sizeof(ddz_deal),
    .max_shape = {QIPAI_DDZ_SEATS, QIPAI_DDZ_ACTION_SPACE, QIPAI_DDZ_OBSERVATION_SIZE,
                  QIPAI_DDZ_MAX_LEGAL, 2},
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
    .role = role,
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
    .log_result = log_result,
    .bot_choose = bot_choose,
    .fallback = fallback,
    .duel_replays = duel_replays,
    .duel_side = duel_side,
    .tallies = TALLIES,
    .duel_tallies = 0,
    .tally = tally,
    .duel_tally = NULL,
    .sim_text = sim_text,
    .sim_json = sim_json,
    .duel_text = NULL,
};

_Static_assert(sizeof(qipai_ddz_game) <= QIPAI_TABLE_STATE_SIZE, "a game fits a state");
_Static_assert(sizeof(qipai_ddz_rules) <= QIPAI_TABLE_RULES_SIZE, "the rules fit");
_Static_assert(sizeof(ddz_event) <= QIPAI_TABLE_EVENT_SIZE, "an event fits");
_Static_assert(sizeof(ddz_deal) <= QIPAI_TABLE_DEAL_SIZE, "a deal fits");
_Static_assert((int)TALLIES <= (int)QIPAI_TABLE_MAX_TALLIES, "the tallies fit");
_Static_assert(QIPAI_DDZ_MAX_LEGAL <= QIPAI_TABLE_STATE_SIZE / 4, "a vector's step holds the legal list");
