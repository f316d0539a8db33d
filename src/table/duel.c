/*
 * Duplicate duels (include/qipai/table.h, "duplicate duels"): one deal
 * played in every seating the game names (game->duel_replays,
 * game->duel_side), so every hand dealt is played by each side, and the
 * figures of whole deals kept as integer sums so that shards of a run merge
 * into exactly the figures of one run.
 *
 * The sample of a deal is x = A * b - B * a, A and B the sides' units over
 * the deal's replays and a and b their seat-games in it: x / (a * b) is the
 * difference of the two sides' averages in that deal, and staying in
 * integers keeps shards exact. When a = b (Zhaotong: 4 and 4) every figure
 * is the one the deal's plain difference A - B gives, to the last bit: the
 * scale a is a power of two there, and scaling by one is exact in floating
 * point.
 */
#include "table_internal.h"
#include "common/fail.h"
#include "common/json.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

void qipai_table_duel_stats_init(qipai_table_duel_stats *stats)
{
    memset(stats, 0, sizeof *stats);
}

void qipai_table_duel_stats_merge(qipai_table_duel_stats *into, const qipai_table_duel_stats *from)
{
    if (!into->unit)
        into->unit = from->unit;
    into->deals += from->deals;
    into->games += from->games;
    into->steps += from->steps;
    into->difference += from->difference;
    into->difference_squares += from->difference_squares;
    for (int b = 0; b < 2; b++) {
        into->seat_games[b] += from->seat_games[b];
        into->score[b] += from->score[b];
        into->wins[b] += from->wins[b];
        for (int r = 0; r < QIPAI_TABLE_MAX_ROLES; r++) {
            into->role_games[b][r] += from->role_games[b][r];
            into->role_wins[b][r] += from->role_wins[b][r];
            into->role_score[b][r] += from->role_score[b][r];
        }
        for (int k = 0; k < QIPAI_TABLE_MAX_DUEL_TALLIES; k++)
            into->tallies[b][k] += from->tallies[b][k];
    }
}

/* Counts one finished replay into the deal's figures. */
static void count_replay(const qipai_table_game *game, qipai_table_duel_stats *d,
                         const void *state, const int side[QIPAI_TABLE_MAX_SEATS], int seats,
                         uint64_t steps, int64_t deal_units[2])
{
    int64_t units[QIPAI_TABLE_MAX_SEATS];
    tb_units(game, state, seats, d->unit, units);
    d->games++;
    d->steps += steps;
    for (int s = 0; s < seats; s++) {
        const int b = side[s];
        const bool won = game->won(state, s);
        int role = game->role ? game->role(state, s) : 0;
        if (role < 0 || role >= QIPAI_TABLE_MAX_ROLES)
            role = 0;
        deal_units[b] += units[s];
        d->seat_games[b]++;
        d->wins[b] += won;
        d->role_games[b][role]++;
        d->role_wins[b][role] += won;
        d->role_score[b][role] += units[s];
    }
    if (game->duel_tally)
        game->duel_tally(state, side, d->tallies);
}

qipai_err qipai_table_duel_deal(const qipai_table_game *game, const void *rules,
                                uint64_t run_seed, uint64_t deal, qipai_table_agent a,
                                qipai_table_agent b, const qipai_table_duel_observer *observer,
                                void *state, qipai_table_duel_stats *stats, qipai_error *err)
{
    static const qipai_table_duel_observer none = {NULL, NULL, NULL, NULL};
    const qipai_table_duel_observer *o = observer ? observer : &none;
    if (!game || !rules || !state || !stats)
        return qipai_fail(err, QIPAI_ERR_ARGUMENT, -1, "no game, rules, state or statistics");
    qipai_err e = game->rules_check(rules, err);
    if (e != QIPAI_OK)
        return e;
    const int seats = tb_shape(game, rules).seats;
    const int replays = game->duel_replays(rules);
    qipai_table_duel_stats d;
    qipai_table_duel_stats_init(&d);
    d.unit = game->score_unit(rules) > 0 ? game->score_unit(rules) : 1;
    int64_t deal_units[2] = {0, 0};
    const uint64_t seed = qipai_table_game_seed(run_seed, deal);
    for (int replay = 0; replay < replays; replay++) {
        int side[QIPAI_TABLE_MAX_SEATS] = {0, 0, 0, 0};
        qipai_table_agent agents[QIPAI_TABLE_MAX_SEATS];
        for (int s = 0; s < seats; s++) {
            side[s] = game->duel_side(rules, replay, s) ? 1 : 0;
            agents[s] = side[s] ? b : a;
        }
        uint64_t steps = 0;
        qipai_error why;
        e = game->init(state, rules, seed, 0, &why);
        if (e == QIPAI_OK && o->replay_start)
            o->replay_start(state, deal, replay, side, o->context);
        if (e == QIPAI_OK)
            e = qipai_table_play(game, state, agents, o->event, o->context, &steps, &why);
        if (e != QIPAI_OK)
            return qipai_fail(err, e, -1, "deal %" PRIu64 ", replay %d: %.120s", deal,
                              replay + 1, why.message);
        count_replay(game, &d, state, side, seats, steps, deal_units);
        if (o->replay_end)
            o->replay_end(state, deal, replay, o->context);
    }
    d.deals = 1;
    d.score[0] = deal_units[0];
    d.score[1] = deal_units[1];
    const int64_t x = deal_units[0] * (int64_t)d.seat_games[1] -
                      deal_units[1] * (int64_t)d.seat_games[0];
    d.difference = x;
    d.difference_squares = (uint64_t)(x * x);
    qipai_table_duel_stats_merge(stats, &d);
    return QIPAI_OK;
}

static const double z95 = 1.959963984540054;

qipai_table_duel_summary qipai_table_duel_summarize(const qipai_table_duel_stats *stats)
{
    qipai_table_duel_summary m;
    memset(&m, 0, sizeof m);
    if (!stats->deals || !stats->seat_games[0] || !stats->seat_games[1])
        return m;
    const double unit = stats->unit ? (double)stats->unit : 1;
    const double n = (double)stats->deals;
    for (int b = 0; b < 2; b++) {
        const double seat_games = (double)stats->seat_games[b];
        m.average[b] = (double)stats->score[b] / seat_games * unit;
        m.win_rate[b] = (double)stats->wins[b] / seat_games;
        for (int r = 0; r < QIPAI_TABLE_MAX_ROLES; r++)
            if (stats->role_games[b][r]) {
                const double g = (double)stats->role_games[b][r];
                m.role_average[b][r] = (double)stats->role_score[b][r] / g * unit;
                m.role_win_rate[b][r] = (double)stats->role_wins[b][r] / g;
            }
    }
    /* Each deal gives the sides the same seat-games (a and b), so the
     * sample's scale a * b is the same in every deal. */
    const double scale = (double)stats->seat_games[0] / n * ((double)stats->seat_games[1] / n);
    const double mean = (double)stats->difference / n;
    const double mean_square = (double)stats->difference_squares / n;
    double variance = n > 1 ? (mean_square - mean * mean) * n / (n - 1) : 0;
    if (variance < 0)
        variance = 0;
    const double half = n > 1 ? z95 * sqrt(variance / n) : 0;
    m.difference = mean / scale * unit;
    m.low = (mean - half) / scale * unit;
    m.high = (mean + half) / scale * unit;
    return m;
}

/* ---- what `qipai GAME duel` prints ---- */

static const char *side_name(const qipai_table_duel_report *r, int side)
{
    return r->names[side] ? r->names[side] : "";
}

static bool any_program(const qipai_table_duel_report *r)
{
    return r->faults_text[0] || r->faults_text[1] || r->faults_json[0] || r->faults_json[1];
}

size_t qipai_table_format_duel_text(const qipai_table_game *game,
                                    const qipai_table_duel_stats *t,
                                    const qipai_table_duel_report *r, char *out, size_t size)
{
    text_sink sink = text_sink_make(out, size);
    const qipai_table_duel_summary m = qipai_table_duel_summarize(t);
    const char *names[2] = {side_name(r, 0), side_name(r, 1)};
    tb_put_format(&sink, "%s duel: %s vs %s, %" PRIu64 " deals (%" PRIu64 " games, %s), seed %" PRIu64 "\n",
                  game->name, names[0], names[1], t->deals, t->games,
                  t->games == 2 * t->deals ? "seats swapped" : "seats permuted",
                  r->seed);
    for (int side = 0; side < 2; side++) {
        if (game->duel_text) {
            size_t room = sink.length < sink.size ? sink.size - sink.length : 0;
            sink.length += game->duel_text(t, side, names, room ? sink.out + sink.length : NULL,
                                           room);
        } else {
            tb_put_format(&sink, "%-7s average %+.4f per seat per game, win rate %.1f%%\n",
                          names[side], m.average[side], 100 * m.win_rate[side]);
        }
        for (int role = 0; game->roles && role < QIPAI_TABLE_MAX_ROLES && game->roles[role];
             role++)
            if (t->role_games[side][role] && game->roles[1])
                tb_put_format(&sink, "        as %s: average %+.4f, win rate %.1f%% (%" PRIu64
                                     " seat-games)\n",
                              game->roles[role], m.role_average[side][role],
                              100 * m.role_win_rate[side][role], t->role_games[side][role]);
    }
    tb_put_format(&sink,
                  "difference %s - %s: %+.4f per seat per game, 95%% CI [%+.4f, %+.4f] over deals\n",
                  names[0], names[1], m.difference, m.low, m.high);
    for (int side = 0; side < 2; side++)
        if (r->faults_text[side])
            tb_put_format(&sink, "faults of %s (%s): %s\n", side ? "B" : "A", names[side],
                          r->faults_text[side]);
    if (any_program(r))
        tb_put_format(&sink,
                      "speed: %" PRIu64 " games in %.3f s wall (%.3f s cpu here, the programs' "
                      "own aside), %.0f games/s\n",
                      t->games, r->wall_seconds, r->cpu_seconds, r->games_per_second);
    else
        tb_put_format(&sink, "speed: %" PRIu64 " games in %.3f s cpu (%.3f s wall), %.0f games/s\n",
                      t->games, r->cpu_seconds, r->wall_seconds, r->games_per_second);
    return sink.length;
}

/* A side's value under its name; a bot against itself has one name, and
 * the second value stands (both are equal then). */
static void named_pair(qjson_writer *w, const char *key, const char *a, const char *b,
                       const double value[2])
{
    qjson_key(w, key);
    qjson_object_begin(w);
    if (strcmp(a, b)) {
        qjson_key_n(w, a, strlen(a));
        qjson_double(w, value[0]);
    }
    qjson_key_n(w, b, strlen(b));
    qjson_double(w, value[1]);
    qjson_object_end(w);
}

/* By side and role, for games whose seats have roles. */
static void json_roles(const qipai_table_game *game, qjson_writer *w,
                       const qipai_table_duel_stats *t, const qipai_table_duel_summary *m)
{
    qjson_key(w, "roles");
    qjson_array_begin(w);
    for (int side = 0; side < 2; side++) {
        qjson_object_begin(w);
        for (int role = 0; role < QIPAI_TABLE_MAX_ROLES && game->roles[role]; role++) {
            qjson_key(w, game->roles[role]);
            qjson_object_begin(w);
            qjson_key(w, "seat_games");
            qjson_uint(w, t->role_games[side][role]);
            qjson_key_double(w, "average", m->role_average[side][role]);
            qjson_key_double(w, "win_rate", m->role_win_rate[side][role]);
            qjson_object_end(w);
        }
        qjson_object_end(w);
    }
    qjson_array_end(w);
}

size_t qipai_table_format_duel_json(const qipai_table_game *game,
                                    const qipai_table_duel_stats *t,
                                    const qipai_table_duel_report *r, char *out, size_t size)
{
    text_sink sink = text_sink_make(out, size);
    const qipai_table_duel_summary m = qipai_table_duel_summarize(t);
    const char *a = side_name(r, 0), *b = side_name(r, 1);
    qjson_writer w;
    qjson_writer_init(&w);
    qjson_object_begin(&w);
    qjson_key(&w, "deals");
    qjson_uint(&w, t->deals);
    qjson_key(&w, "games");
    qjson_uint(&w, t->games);
    qjson_key(&w, "seed");
    qjson_uint(&w, r->seed);
    qjson_key(&w, "bots");
    qjson_array_begin(&w);
    qjson_string_lossy(&w, a, strlen(a));
    qjson_string_lossy(&w, b, strlen(b));
    qjson_array_end(&w);
    named_pair(&w, "average", a, b, m.average);
    qjson_key_double(&w, "difference", m.difference);
    qjson_key(&w, "ci95");
    qjson_array_begin(&w);
    qjson_double(&w, m.low);
    qjson_double(&w, m.high);
    qjson_array_end(&w);
    named_pair(&w, "win_rate", a, b, m.win_rate);
    if (game->roles && game->roles[0] && game->roles[1])
        json_roles(game, &w, t, &m);
    if (any_program(r)) { /* by side, as "bots": the two may share a name */
        qjson_key(&w, "faults");
        qjson_array_begin(&w);
        for (int side = 0; side < 2; side++)
            if (r->faults_json[side])
                qjson_raw(&w, r->faults_json[side], strlen(r->faults_json[side]));
            else
                qjson_null(&w);
        qjson_array_end(&w);
    }
    qjson_key_double(&w, "cpu_seconds", r->cpu_seconds);
    qjson_key_double(&w, "wall_seconds", r->wall_seconds);
    qjson_key_double(&w, "games_per_second", r->games_per_second);
    qjson_object_end(&w);
    size_t n;
    const char *text = qjson_text(&w, &n);
    if (text) {
        text_put(&sink, text, n);
        text_putc(&sink, '\n');
    }
    qjson_writer_free(&w);
    return sink.length; /* 0 when the writer failed: out of memory */
}
