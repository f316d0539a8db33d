/*
 * The statistics of a run (zhaotong.h, "running games"): the average score
 * and the win rate of every set of seats, with their 95% confidence
 * intervals, agree with a plain recomputation from the games' own scores
 * and winners (one sample a game, the sample variance in two passes; the
 * win rate's interval is Wilson's, never a point at 0 or 100%); the
 * shards of a run merge, in any order, into exactly the figures of one run;
 * no game, one game and a rule set with base 3 give what the header says.
 */
#include <qipai/zhaotong.h>

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "test.h"

enum { GAMES_MAX = 600 };

typedef struct played {
    long games;
    double score[GAMES_MAX][QIPAI_ZT_SEATS]; /* in points */
    int won[GAMES_MAX][QIPAI_ZT_SEATS];
} played;

/* Plays games [from, to) of a run into stats, keeping each game's figures. */
static void play(const qipai_zt_rules *rules, long from, long to, qipai_zt_stats *stats,
                 played *p)
{
    static qipai_zt_game game;
    const qipai_zt_bot bots[] = {QIPAI_ZT_BOT_STRONG, QIPAI_ZT_BOT_SEED, QIPAI_ZT_BOT_EXPERT,
                                 QIPAI_ZT_BOT_SEED};
    qipai_zt_agent agents[QIPAI_ZT_SEATS];
    for (int s = 0; s < QIPAI_ZT_SEATS; s++)
        agents[s] = qipai_zt_bot_agent(bots[s]);
    for (long i = from; i < to; i++) {
        qipai_error err;
        uint64_t steps = 0;
        if (qipai_zt_game_init(&game, rules, qipai_zt_game_seed(3, (uint64_t)i), (int)(i % 4),
                               &err) != QIPAI_OK ||
            qipai_zt_play(&game, agents, NULL, NULL, &steps, &err) != QIPAI_OK) {
            CHECK(0, "game %ld: %s", i, err.message);
            return;
        }
        qipai_zt_stats_add(stats, &game, steps);
        if (p && p->games < GAMES_MAX) {
            for (int s = 0; s < QIPAI_ZT_SEATS; s++) {
                p->score[p->games][s] = (double)game.players[s].score;
                p->won[p->games][s] = game.players[s].status == QIPAI_ZT_WON;
            }
            p->games++;
        }
    }
}

/* The reference: the mean of x_g (the seats' mean that game) and the
 * normal interval with the sample variance computed in two passes. */
static qipai_zt_mean reference(const played *p, unsigned seats, bool wins)
{
    qipai_zt_mean m = {0, 0, 0};
    int k = 0;
    for (int s = 0; s < QIPAI_ZT_SEATS; s++)
        k += seats >> s & 1;
    double x[GAMES_MAX], sum = 0;
    for (long g = 0; g < p->games; g++) {
        x[g] = 0;
        for (int s = 0; s < QIPAI_ZT_SEATS; s++)
            if (seats >> s & 1)
                x[g] += wins ? p->won[g][s] : p->score[g][s];
        x[g] /= k;
        sum += x[g];
    }
    double n = (double)p->games, mean = sum / n, squares = 0, z = 1.959963984540054;
    for (long g = 0; g < p->games; g++)
        squares += (x[g] - mean) * (x[g] - mean);
    double variance_of_mean = squares / (n - 1) / n;
    m.mean = mean;
    if (!wins) {
        double half = z * sqrt(variance_of_mean);
        m.low = mean - half;
        m.high = mean + half;
        return m;
    }
    /* Wilson, written out from its textbook form with e trials:
     * (p + z²/2e ± z sqrt(p(1-p)/e + z²/4e²)) / (1 + z²/e). */
    double e = variance_of_mean > 0 ? mean * (1 - mean) / variance_of_mean : n;
    double a = mean + z * z / (2 * e), b = z * sqrt(mean * (1 - mean) / e + z * z / (4 * e * e));
    m.low = fmax(0, (a - b) / (1 + z * z / e));
    m.high = fmin(1, (a + b) / (1 + z * z / e));
    return m;
}

static bool close_to(double a, double b)
{
    return fabs(a - b) <= 1e-9 * (1 + fabs(b));
}

static void compare_every_set(const qipai_zt_stats *stats, const played *p, const char *what)
{
    long compared = 0;
    for (unsigned seats = 1; seats < 16; seats++)
        for (int wins = 0; wins < 2; wins++) {
            qipai_zt_mean got = wins ? qipai_zt_stats_win_rate(stats, seats)
                                     : qipai_zt_stats_mean(stats, seats);
            qipai_zt_mean want = reference(p, seats, wins);
            CHECK(close_to(got.mean, want.mean) && close_to(got.low, want.low) &&
                      close_to(got.high, want.high),
                  "%s, seats %#x, %s: %.12g [%.12g, %.12g], want %.12g [%.12g, %.12g]", what,
                  seats, wins ? "win rate" : "score", got.mean, got.low, got.high, want.mean,
                  want.low, want.high);
            CHECK(got.low <= got.mean && got.mean <= got.high, "%s: an interval without its mean",
                  what);
            compared++;
        }
    CHECK(compared == 30, "%ld sets compared", compared);
}

static played run; /* 600 games' figures: off the stack */

static void the_intervals_match_a_recomputation_from_the_games(void)
{
    qipai_zt_rules rules;
    qipai_zt_rules_default(&rules);
    for (int variant = 0; variant < 2; variant++) {
        if (variant)
            qipai_zt_rules_option(&rules, "base=3", NULL);
        qipai_zt_stats stats;
        qipai_zt_stats_init(&stats);
        memset(&run, 0, sizeof run);
        long games = test_scaled(400);
        if (games > GAMES_MAX)
            games = GAMES_MAX;
        if (games < 50)
            games = 50;
        play(&rules, 0, games, &stats, &run);
        CHECK(run.games == games && stats.games == (uint64_t)games, "%ld games kept, %llu counted",
              run.games, (unsigned long long)stats.games);
        compare_every_set(&stats, &run, variant ? "base 3" : "default rules");
        /* Four seats: the scores sum to 0 every game, so the mean and its
         * interval are exactly 0. */
        qipai_zt_mean all = qipai_zt_stats_mean(&stats, 15);
        CHECK(all.mean == 0 && all.low == 0 && all.high == 0, "all seats: %g [%g, %g]", all.mean,
              all.low, all.high);
        qipai_zt_mean wins = qipai_zt_stats_win_rate(&stats, 1);
        CHECK(wins.mean > 0 && wins.low < wins.mean && wins.high > wins.mean,
              "seat 0's win rate %g [%g, %g]", wins.mean, wins.low, wins.high);
    }
}

static void shards_merge_into_the_whole_run(void)
{
    qipai_zt_rules rules;
    qipai_zt_rules_default(&rules);
    qipai_zt_stats whole, a, b, c, abc, cba;
    qipai_zt_stats_init(&whole);
    qipai_zt_stats_init(&a);
    qipai_zt_stats_init(&b);
    qipai_zt_stats_init(&c);
    qipai_zt_stats_init(&abc);
    qipai_zt_stats_init(&cba);
    play(&rules, 0, 90, &whole, NULL);
    play(&rules, 0, 17, &a, NULL);
    play(&rules, 17, 60, &b, NULL);
    play(&rules, 60, 90, &c, NULL);
    qipai_zt_stats_merge(&abc, &a);
    qipai_zt_stats_merge(&abc, &b);
    qipai_zt_stats_merge(&abc, &c);
    qipai_zt_stats_merge(&cba, &c);
    qipai_zt_stats_merge(&cba, &b);
    qipai_zt_stats_merge(&cba, &a);
    CHECK(!memcmp(&whole, &abc, sizeof whole), "three shards merged differ from the whole run");
    CHECK(!memcmp(&whole, &cba, sizeof whole), "the shards merged in reverse differ");
    CHECK(whole.games == 90, "%llu games", (unsigned long long)whole.games);
    for (int s = 0; s < QIPAI_ZT_SEATS; s++)
        CHECK(whole.seat_win_pairs[s][s] == whole.seat_wins[s], "seat %d: %llu wins, pairs %llu", s,
              (unsigned long long)whole.seat_wins[s],
              (unsigned long long)whole.seat_win_pairs[s][s]);
}

/* 0 wins in 20 games: the interval reaches up to Wilson's 16.1%, not 0. */
static void no_win_is_not_a_certainty(void)
{
    qipai_zt_stats stats;
    qipai_zt_stats_init(&stats);
    stats.games = 20;
    stats.base = 1;
    qipai_zt_mean w = qipai_zt_stats_win_rate(&stats, 1);
    CHECK(w.mean == 0 && w.low == 0 && fabs(w.high - 0.16112) < 1e-4, "0 of 20: %g [%g, %g]",
          w.mean, w.low, w.high);
    stats.seat_wins[0] = stats.seat_win_pairs[0][0] = 20;
    w = qipai_zt_stats_win_rate(&stats, 1);
    CHECK(w.mean == 1 && w.high == 1 && fabs(w.low - 0.83888) < 1e-4, "20 of 20: %g [%g, %g]",
          w.mean, w.low, w.high);
}

static void no_game_and_one_game(void)
{
    qipai_zt_rules rules;
    qipai_zt_rules_default(&rules);
    qipai_zt_stats stats;
    qipai_zt_stats_init(&stats);
    for (unsigned seats = 0; seats < 16; seats++) {
        qipai_zt_mean m = qipai_zt_stats_mean(&stats, seats), w = qipai_zt_stats_win_rate(&stats, seats);
        CHECK(m.mean == 0 && m.low == 0 && m.high == 0 && w.mean == 0 && w.low == 0 && w.high == 0,
              "no game, seats %#x: %g [%g, %g], wins %g [%g, %g]", seats, m.mean, m.low, m.high,
              w.mean, w.low, w.high);
    }
    played one;
    memset(&one, 0, sizeof one);
    play(&rules, 5, 6, &stats, &one);
    for (int s = 0; s < QIPAI_ZT_SEATS; s++) {
        qipai_zt_mean m = qipai_zt_stats_mean(&stats, 1u << s), w = qipai_zt_stats_win_rate(&stats, 1u << s);
        CHECK(m.mean == one.score[0][s] && m.low == m.mean && m.high == m.mean,
              "one game, seat %d: %g [%g, %g], scored %g", s, m.mean, m.low, m.high, one.score[0][s]);
        /* One game: Wilson's interval of one trial, never a point. */
        CHECK(w.mean == one.won[0][s] && w.low >= 0 && w.high <= 1 && w.high - w.low > 0.5 &&
                  w.low <= w.mean && w.mean <= w.high,
              "one game, seat %d wins %g [%g, %g]", s, w.mean, w.low, w.high);
    }
}

int main(void)
{
    RUN(the_intervals_match_a_recomputation_from_the_games);
    RUN(shards_merge_into_the_whole_run);
    RUN(no_win_is_not_a_certainty);
    RUN(no_game_and_one_game);
    return test_report();
}
