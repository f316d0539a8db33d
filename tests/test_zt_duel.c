/*
 * Duplicate duels (include/qipai/zhaotong.h, "duplicate duels"): a bot
 * against itself differs by exactly 0 (every hand is played by both sides),
 * the halves of a run merge into the whole, the seats really are swapped
 * between the two replays of a deal with the same wall, the summary agrees
 * with a plain recomputation from games played one by one, and a failing
 * agent leaves the figures as they were.
 */
#include <qipai/zhaotong.h>

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "common/fail.h"
#include "test.h"

static qipai_zt_rules default_rules(void)
{
    qipai_zt_rules r;
    qipai_zt_rules_default(&r);
    return r;
}

static void a_bot_against_itself_differs_by_exactly_zero(void)
{
    qipai_zt_rules rules = default_rules();
    long deals = test_scaled(300), checked = 0;
    for (int bot = 0; bot < QIPAI_ZT_BOT_COUNT; bot++) {
        qipai_zt_agent agent = qipai_zt_bot_agent((qipai_zt_bot)bot);
        qipai_zt_duel_stats stats;
        qipai_zt_duel_stats_init(&stats);
        for (long i = 0; i < deals; i++) {
            qipai_error err;
            if (qipai_zt_duel_deal(&rules, 7, (uint64_t)i, agent, agent, &stats, &err) !=
                QIPAI_OK) {
                CHECK(0, "%s: %s", qipai_zt_bot_name((qipai_zt_bot)bot), err.message);
                return;
            }
        }
        qipai_zt_duel_summary m = qipai_zt_duel_summarize(&stats);
        CHECK(stats.deals == (uint64_t)deals && stats.games == 2 * stats.deals,
              "%s: %llu deals, %llu games", qipai_zt_bot_name((qipai_zt_bot)bot),
              (unsigned long long)stats.deals, (unsigned long long)stats.games);
        CHECK(stats.difference == 0 && stats.difference_squares == 0 && stats.score[0] == 0 &&
                  stats.score[1] == 0,
              "%s against itself: difference %lld (squares %llu)",
              qipai_zt_bot_name((qipai_zt_bot)bot), (long long)stats.difference,
              (unsigned long long)stats.difference_squares);
        CHECK(m.difference == 0 && m.low <= 0 && m.high >= 0,
              "%s against itself: %g [%g, %g]", qipai_zt_bot_name((qipai_zt_bot)bot),
              m.difference, m.low, m.high);
        CHECK(stats.wins[0] == stats.wins[1] && stats.wins[0] > 0,
              "the same bot wins as often on both sides: %llu, %llu",
              (unsigned long long)stats.wins[0], (unsigned long long)stats.wins[1]);
        checked += (long)stats.deals;
    }
    CHECK(checked == deals * QIPAI_ZT_BOT_COUNT, "%ld deals checked", checked);
}

static void the_halves_of_a_run_merge_into_the_whole(void)
{
    qipai_zt_rules rules = default_rules();
    rules.base = 3; /* the sums count bases */
    qipai_zt_agent strong = qipai_zt_bot_agent(QIPAI_ZT_BOT_STRONG);
    qipai_zt_agent seed = qipai_zt_bot_agent(QIPAI_ZT_BOT_SEED);
    long deals = test_scaled(200), cut = deals / 3;
    qipai_zt_duel_stats whole, first, second, merged, reversed;
    qipai_zt_duel_stats_init(&whole);
    qipai_zt_duel_stats_init(&first);
    qipai_zt_duel_stats_init(&second);
    for (long i = 0; i < deals; i++) {
        qipai_zt_duel_deal(&rules, 11, (uint64_t)i, strong, seed, &whole, NULL);
        qipai_zt_duel_deal(&rules, 11, (uint64_t)i, strong, seed, i < cut ? &first : &second,
                           NULL);
    }
    qipai_zt_duel_stats_init(&merged);
    qipai_zt_duel_stats_merge(&merged, &first);
    qipai_zt_duel_stats_merge(&merged, &second);
    qipai_zt_duel_stats_init(&reversed);
    qipai_zt_duel_stats_merge(&reversed, &second);
    qipai_zt_duel_stats_merge(&reversed, &first);
    CHECK(whole.deals == (uint64_t)deals, "%llu deals", (unsigned long long)whole.deals);
    CHECK(!memcmp(&whole, &merged, sizeof whole), "first + second differs from the whole");
    CHECK(!memcmp(&whole, &reversed, sizeof whole), "second + first differs from the whole");
    CHECK(whole.base == 3 && whole.difference != 0, "base %lld, difference %lld",
          (long long)whole.base, (long long)whole.difference);
}

/* ---- which agent plays which seat ---- */

typedef struct recorder {
    int games;                   /* games begun (the dealer's first move) */
    unsigned asked[2][2];        /* [replay][agent]: seats the agent was asked for */
    uint8_t wall[2][QIPAI_ZT_TILES];
    long calls;
} recorder;

typedef struct recording_agent {
    recorder *shared;
    int side;
} recording_agent;

static qipai_err record_and_play(const qipai_zt_game *g, int seat, void *context,
                                 qipai_zt_action *out, qipai_error *err)
{
    recording_agent *me = context;
    recorder *r = me->shared;
    /* Exactly one decision a game has first_turn set: the dealer's first. */
    if (g->first_turn && g->discard_count == 0) {
        if (r->games < 2)
            memcpy(r->wall[r->games], g->wall, QIPAI_ZT_TILES);
        r->games++;
    }
    if (r->games >= 1 && r->games <= 2)
        r->asked[r->games - 1][me->side] |= 1u << seat;
    r->calls++;
    return qipai_zt_bot_choose(g, seat, QIPAI_ZT_BOT_STRONG, out, err);
}

static void the_replays_swap_the_seats_on_the_same_wall(void)
{
    qipai_zt_rules rules = default_rules();
    long deals = test_scaled(20), checked = 0;
    for (long i = 0; i < deals; i++) {
        recorder shared;
        memset(&shared, 0, sizeof shared);
        recording_agent a = {&shared, 0}, b = {&shared, 1};
        qipai_zt_agent agent_a = {record_and_play, &a}, agent_b = {record_and_play, &b};
        qipai_zt_duel_stats stats;
        qipai_zt_duel_stats_init(&stats);
        qipai_error err;
        if (qipai_zt_duel_deal(&rules, 5, (uint64_t)i, agent_a, agent_b, &stats, &err) !=
            QIPAI_OK) {
            CHECK(0, "deal %ld: %s", i, err.message);
            return;
        }
        CHECK(shared.games == 2, "deal %ld: %d games", i, shared.games);
        CHECK(!memcmp(shared.wall[0], shared.wall[1], QIPAI_ZT_TILES),
              "deal %ld: the replays have different walls", i);
        /* A at seats 0 and 2, B at 1 and 3; then the other way round. */
        CHECK(shared.asked[0][0] == 0x5 && shared.asked[0][1] == 0xA &&
                  shared.asked[1][0] == 0xA && shared.asked[1][1] == 0x5,
              "deal %ld: seats asked: replay 1 A %x B %x, replay 2 A %x B %x", i,
              shared.asked[0][0], shared.asked[0][1], shared.asked[1][0], shared.asked[1][1]);
        for (int replay = 0; replay < 2; replay++)
            for (int s = 0; s < 4; s++)
                CHECK(qipai_zt_duel_side(replay, s) == (int)((shared.asked[replay][1] >> s) & 1),
                      "qipai_zt_duel_side(%d, %d) disagrees with the play", replay, s);
        checked++;
    }
    CHECK(checked == deals, "%ld of %ld deals checked", checked, deals);
}

/* ---- the summary against a plain recomputation ---- */

static void the_summary_matches_games_played_one_by_one(void)
{
    qipai_zt_rules rules = default_rules();
    rules.base = 2;
    const qipai_zt_bot bots[2] = {QIPAI_ZT_BOT_STRONG, QIPAI_ZT_BOT_SEED};
    long deals = test_scaled(150);
    qipai_zt_duel_stats stats;
    qipai_zt_duel_stats_init(&stats);
    double sum = 0, square = 0, total[2] = {0, 0}, wins[2] = {0, 0};
    static qipai_zt_game g;
    for (long i = 0; i < deals; i++) {
        qipai_zt_duel_deal(&rules, 3, (uint64_t)i, qipai_zt_bot_agent(bots[0]),
                           qipai_zt_bot_agent(bots[1]), &stats, NULL);
        double deal[2] = {0, 0};
        for (int replay = 0; replay < 2; replay++) {
            qipai_zt_agent agents[4];
            int side[4];
            for (int s = 0; s < 4; s++) {
                side[s] = replay == 0 ? s % 2 : 1 - s % 2; /* ABAB, then BABA */
                agents[s] = qipai_zt_bot_agent(bots[side[s]]);
            }
            qipai_zt_game_init(&g, &rules, qipai_zt_game_seed(3, (uint64_t)i), 0, NULL);
            qipai_zt_play(&g, agents, NULL, NULL, NULL, NULL);
            for (int s = 0; s < 4; s++) {
                deal[side[s]] += (double)g.players[s].score;
                wins[side[s]] += g.players[s].status == QIPAI_ZT_WON;
            }
        }
        double x = (deal[0] - deal[1]) / 4; /* per seat per game */
        sum += x;
        square += x * x;
        total[0] += deal[0];
        total[1] += deal[1];
    }
    double n = (double)deals, mean = sum / n;
    double sd = sqrt((square / n - mean * mean) * n / (n - 1));
    double half = 1.959963984540054 * sd / sqrt(n);
    qipai_zt_duel_summary m = qipai_zt_duel_summarize(&stats);
    CHECK(stats.deals == (uint64_t)deals, "%llu deals", (unsigned long long)stats.deals);
    CHECK(fabs(m.difference - mean) < 1e-9 && fabs(m.low - (mean - half)) < 1e-9 &&
              fabs(m.high - (mean + half)) < 1e-9,
          "summary %g [%g, %g], recomputed %g [%g, %g]", m.difference, m.low, m.high, mean,
          mean - half, mean + half);
    for (int b = 0; b < 2; b++) {
        CHECK(fabs(m.average[b] - total[b] / (4 * n)) < 1e-9, "average %d: %g, recomputed %g",
              b, m.average[b], total[b] / (4 * n));
        CHECK(fabs(m.win_rate[b] - wins[b] / (4 * n)) < 1e-12, "win rate %d: %g, recomputed %g",
              b, m.win_rate[b], wins[b] / (4 * n));
    }
    CHECK(fabs(m.difference - (m.average[0] - m.average[1])) < 1e-9,
          "the difference is not the difference of the averages");
    CHECK(m.low < m.difference && m.difference < m.high, "an empty interval");
}

/* ---- failures ---- */

typedef struct failing {
    long calls, fail_at;
} failing;

static qipai_err fail_later(const qipai_zt_game *g, int seat, void *context,
                            qipai_zt_action *out, qipai_error *err)
{
    failing *f = context;
    if (++f->calls == f->fail_at)
        return qipai_fail(err, QIPAI_ERR_STATE, -1, "the agent gave up");
    return qipai_zt_bot_choose(g, seat, QIPAI_ZT_BOT_SEED, out, err);
}

static void a_failing_agent_leaves_the_figures_as_they_were(void)
{
    qipai_zt_rules rules = default_rules();
    qipai_zt_agent strong = qipai_zt_bot_agent(QIPAI_ZT_BOT_STRONG);
    qipai_zt_duel_stats stats, before;
    qipai_zt_duel_stats_init(&stats);
    qipai_zt_duel_deal(&rules, 1, 0, strong, strong, &stats, NULL);
    before = stats;
    long cases = 0;
    for (long at = 1; at < 60; at += 8) { /* in the first replay, then in the second */
        failing f = {0, at};
        qipai_zt_agent bad = {fail_later, &f};
        qipai_error err;
        qipai_err e = qipai_zt_duel_deal(&rules, 1, 1, strong, bad, &stats, &err);
        CHECK(e == QIPAI_ERR_STATE && strstr(err.message, "the agent gave up") &&
                  strstr(err.message, "deal 1, replay "),
              "failing at call %ld: %d '%s'", at, (int)e, err.message);
        CHECK(!memcmp(&stats, &before, sizeof stats), "a failed deal changed the figures");
        cases++;
    }
    qipai_zt_rules bad_rules = default_rules();
    bad_rules.cap = 99;
    qipai_error err;
    CHECK(qipai_zt_duel_deal(&bad_rules, 1, 0, strong, strong, &stats, &err) != QIPAI_OK &&
              !memcmp(&stats, &before, sizeof stats),
          "bad rules are refused and change nothing");
    CHECK(cases == 8, "%ld failure cases", cases);
    qipai_zt_duel_stats empty;
    qipai_zt_duel_stats_init(&empty);
    qipai_zt_duel_summary m = qipai_zt_duel_summarize(&empty);
    CHECK(m.difference == 0 && m.low == 0 && m.high == 0 && m.average[0] == 0,
          "an empty duel sums to zeros");
}

typedef struct watched {
    int starts, replays[4], ends;
    long events;
    bool fresh;        /* every start saw a game before its first action */
    bool end_last;     /* no event came after an end before the next start */
    bool after_end;
} watched;

static void watch_start(const qipai_zt_game *game, int replay, void *context)
{
    watched *w = context;
    if (w->starts < 4)
        w->replays[w->starts] = replay;
    w->starts++;
    w->fresh &= game->phase == QIPAI_ZT_PHASE_TURN && game->discard_count == 0 &&
                game->winners == 0 && game->turn == 0;
    w->after_end = false;
}

static void watch_event(const qipai_zt_game *game, const qipai_zt_event *event, void *context)
{
    watched *w = context;
    (void)game;
    w->events++;
    w->end_last &= !w->after_end;
    if (event->type == QIPAI_ZT_EV_END) {
        w->ends++;
        w->after_end = true;
    }
}

static void a_watched_duel_reports_each_replay_and_counts_the_same(void)
{
    qipai_zt_rules rules = default_rules();
    qipai_zt_agent a = qipai_zt_bot_agent(QIPAI_ZT_BOT_STRONG), b = qipai_zt_bot_agent(QIPAI_ZT_BOT_SEED);
    long checked = 0;
    for (uint64_t deal = 0; deal < 20; deal++) {
        qipai_zt_duel_stats plain, seen;
        qipai_zt_duel_stats_init(&plain);
        qipai_zt_duel_stats_init(&seen);
        watched w;
        memset(&w, 0, sizeof w);
        w.fresh = w.end_last = true;
        qipai_error err;
        CHECK(qipai_zt_duel_deal(&rules, 4, deal, a, b, &plain, &err) == QIPAI_OK, "%s", err.message);
        CHECK(qipai_zt_duel_deal_events(&rules, 4, deal, a, b, watch_start, watch_event, &w, &seen,
                                        &err) == QIPAI_OK,
              "%s", err.message);
        CHECK(!memcmp(&plain, &seen, sizeof plain), "deal %llu: watching changed the figures",
              (unsigned long long)deal);
        CHECK(w.starts == 2 && w.replays[0] == 0 && w.replays[1] == 1 && w.ends == 2 && w.fresh &&
                  w.end_last && w.events > 40,
              "deal %llu: %d starts (replays %d, %d), %d ends, %ld events, fresh %d, end last %d",
              (unsigned long long)deal, w.starts, w.replays[0], w.replays[1], w.ends, w.events,
              w.fresh, w.end_last);
        checked++;
    }
    CHECK(checked == 20, "%ld deals", checked);
}

int main(void)
{
    RUN(a_watched_duel_reports_each_replay_and_counts_the_same);
    RUN(a_bot_against_itself_differs_by_exactly_zero);
    RUN(the_halves_of_a_run_merge_into_the_whole);
    RUN(the_replays_swap_the_seats_on_the_same_wall);
    RUN(the_summary_matches_games_played_one_by_one);
    RUN(a_failing_agent_leaves_the_figures_as_they_were);
    return test_report();
}
