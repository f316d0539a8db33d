/*
 * The statistics of a run (include/qipai/table.h): integer sums over its
 * finished games, so that runs split into shards merge into exactly the
 * figures of one run, and the means and win rates with their 95% intervals,
 * which take one sample a game (the seats of one game are not independent).
 */
#include "table_internal.h"

#include <math.h>
#include <string.h>

void qipai_table_stats_init(qipai_table_stats *stats)
{
    memset(stats, 0, sizeof *stats);
}

void tb_units(const qipai_table_game *game, const void *state, int seats, int64_t unit,
              int64_t units[QIPAI_TABLE_MAX_SEATS])
{
    int64_t scores[QIPAI_TABLE_MAX_SEATS] = {0, 0, 0, 0};
    game->scores(state, scores);
    for (int s = 0; s < QIPAI_TABLE_MAX_SEATS; s++)
        units[s] = s < seats ? scores[s] / unit : 0;
}

void qipai_table_stats_add(const qipai_table_game *game, qipai_table_stats *stats,
                           const void *state, uint64_t steps)
{
    const void *rules = game->rules_of(state);
    const int seats = tb_shape(game, rules).seats;
    int64_t unit = game->score_unit(rules);
    if (unit <= 0)
        unit = 1;
    if (!stats->unit)
        stats->unit = unit;
    stats->games++;
    stats->steps += steps;
    /* Every score is a multiple of the unit (the game says so), so the sums
     * count units and stay exact in integers. */
    int64_t units[QIPAI_TABLE_MAX_SEATS];
    bool won[QIPAI_TABLE_MAX_SEATS] = {false, false, false, false};
    tb_units(game, state, seats, unit, units);
    for (int s = 0; s < seats; s++) {
        won[s] = game->won(state, s);
        stats->seat_score[s] += units[s];
        stats->wins += won[s];
        stats->seat_wins[s] += won[s];
        int role = game->role ? game->role(state, s) : 0;
        if (role < 0 || role >= QIPAI_TABLE_MAX_ROLES)
            role = 0;
        stats->role_games[s][role]++;
        stats->role_wins[s][role] += won[s];
        stats->role_score[s][role] += units[s];
        stats->role_squares[s][role] += units[s] * units[s];
    }
    for (int s = 0; s < seats; s++)
        for (int t = 0; t < seats; t++) {
            stats->score_products[s][t] += units[s] * units[t];
            stats->seat_win_pairs[s][t] += won[s] && won[t];
        }
    if (game->tally)
        game->tally(state, stats->tallies);
}

void qipai_table_stats_merge(qipai_table_stats *into, const qipai_table_stats *from)
{
    if (!into->unit)
        into->unit = from->unit;
    into->games += from->games;
    into->wins += from->wins;
    into->steps += from->steps;
    for (int s = 0; s < QIPAI_TABLE_MAX_SEATS; s++) {
        into->seat_wins[s] += from->seat_wins[s];
        into->seat_score[s] += from->seat_score[s];
        for (int t = 0; t < QIPAI_TABLE_MAX_SEATS; t++) {
            into->score_products[s][t] += from->score_products[s][t];
            into->seat_win_pairs[s][t] += from->seat_win_pairs[s][t];
        }
        for (int r = 0; r < QIPAI_TABLE_MAX_ROLES; r++) {
            into->role_games[s][r] += from->role_games[s][r];
            into->role_wins[s][r] += from->role_wins[s][r];
            into->role_score[s][r] += from->role_score[s][r];
            into->role_squares[s][r] += from->role_squares[s][r];
        }
    }
    for (int k = 0; k < QIPAI_TABLE_MAX_TALLIES; k++)
        into->tallies[k] += from->tallies[k];
}

/* The sums over the chosen seats (bit s) of a per-seat total and of the
 * pairwise products of the per-game values; returns how many seats. */
static int seat_sums(unsigned seats, const double total[QIPAI_TABLE_MAX_SEATS],
                     const double pairs[QIPAI_TABLE_MAX_SEATS][QIPAI_TABLE_MAX_SEATS],
                     double *sum, double *products)
{
    int n_seats = 0;
    *sum = *products = 0;
    for (int s = 0; s < QIPAI_TABLE_MAX_SEATS; s++) {
        if (!(seats >> s & 1))
            continue;
        n_seats++;
        *sum += total[s];
        for (int t = 0; t < QIPAI_TABLE_MAX_SEATS; t++)
            if (seats >> t & 1)
                *products += pairs[s][t];
    }
    return n_seats;
}

/* The mean and the sample variance over games of a per-game sample x =
 * (sum over the seats of a per-seat value) / seats, from the sums of the
 * values and of their pairwise products. The sample is one value a game, so
 * the seats of one game (which are not independent) count once. False when
 * there is no seat or no game. */
static bool moments(double games, int n_seats, double sum, double products, double *mean,
                    double *variance)
{
    if (!n_seats || games <= 0)
        return false;
    *mean = sum / n_seats / games;
    double mean_square = products / ((double)n_seats * n_seats) / games;
    *variance = games > 1 ? (mean_square - *mean * *mean) * games / (games - 1) : 0;
    if (*variance < 0)
        *variance = 0;
    return true;
}

static const double z95 = 1.959963984540054;

qipai_table_mean qipai_table_stats_mean(const qipai_table_stats *stats, unsigned seats)
{
    double total[QIPAI_TABLE_MAX_SEATS], pairs[QIPAI_TABLE_MAX_SEATS][QIPAI_TABLE_MAX_SEATS];
    double sum, products;
    for (int s = 0; s < QIPAI_TABLE_MAX_SEATS; s++) {
        total[s] = (double)stats->seat_score[s];
        for (int t = 0; t < QIPAI_TABLE_MAX_SEATS; t++)
            pairs[s][t] = (double)stats->score_products[s][t];
    }
    int n_seats = seat_sums(seats, total, pairs, &sum, &products);
    const double games = (double)stats->games;
    qipai_table_mean m = {0, 0, 0};
    double mean, variance;
    if (!moments(games, n_seats, sum, products, &mean, &variance))
        return m;
    double half = games > 1 ? z95 * sqrt(variance / games) : 0;
    /* Sums count units: back to points. */
    double unit = stats->unit ? (double)stats->unit : 1;
    m.mean = mean * unit;
    m.low = (mean - half) * unit;
    m.high = (mean + half) * unit;
    return m;
}

/* Wilson's score interval for a share p over an effective count e: unlike
 * the plain normal one it stays honest near 0% and 100%. */
static qipai_table_mean wilson(double p, double e)
{
    const double z = z95;
    const double shrink = 1 + z * z / e;
    const double centre = (p + z * z / (2 * e)) / shrink;
    const double half = z * sqrt(p * (1 - p) / e + z * z / (4 * e * e)) / shrink;
    qipai_table_mean m;
    m.mean = p;
    m.low = centre - half < 0 ? 0 : centre - half;
    m.high = centre + half > 1 ? 1 : centre + half;
    return m;
}

qipai_table_mean qipai_table_stats_win_rate(const qipai_table_stats *stats, unsigned seats)
{
    double total[QIPAI_TABLE_MAX_SEATS], pairs[QIPAI_TABLE_MAX_SEATS][QIPAI_TABLE_MAX_SEATS];
    double sum, products;
    for (int s = 0; s < QIPAI_TABLE_MAX_SEATS; s++) {
        total[s] = (double)stats->seat_wins[s];
        for (int t = 0; t < QIPAI_TABLE_MAX_SEATS; t++)
            pairs[s][t] = (double)stats->seat_win_pairs[s][t];
    }
    int n_seats = seat_sums(seats, total, pairs, &sum, &products);
    const double n = (double)stats->games;
    qipai_table_mean m = {0, 0, 0};
    double p, variance;
    if (!moments(n, n_seats, sum, products, &p, &variance))
        return m;
    /* The effective count: the binomial size whose share would vary as much
     * as this mean over games does; the games themselves when every game
     * gave the same. */
    const double e = variance > 0 ? p * (1 - p) / (variance / n) : n;
    return wilson(p, e);
}

/* A role's figures over a set of seats: each seat-game in the role is one
 * sample (a seat holds one role a game, so a game gives the set at most one
 * sample of each role unless two of its seats share it: then they count as
 * two, which the interval states). */
void tb_role_figures(const qipai_table_stats *stats, unsigned seats, int role,
                     uint64_t *seat_games, qipai_table_mean *score, qipai_table_mean *rate)
{
    double n = 0, sum = 0, squares = 0, wins = 0;
    for (int s = 0; s < QIPAI_TABLE_MAX_SEATS; s++)
        if (seats >> s & 1) {
            n += (double)stats->role_games[s][role];
            sum += (double)stats->role_score[s][role];
            squares += (double)stats->role_squares[s][role];
            wins += (double)stats->role_wins[s][role];
        }
    *seat_games = (uint64_t)n;
    memset(score, 0, sizeof *score);
    memset(rate, 0, sizeof *rate);
    if (n <= 0)
        return;
    const double unit = stats->unit ? (double)stats->unit : 1;
    const double mean = sum / n;
    double variance = n > 1 ? (squares / n - mean * mean) * n / (n - 1) : 0;
    if (variance < 0)
        variance = 0;
    const double half = n > 1 ? z95 * sqrt(variance / n) : 0;
    score->mean = mean * unit;
    score->low = (mean - half) * unit;
    score->high = (mean + half) * unit;
    *rate = wilson(wins / n, n);
}
