/*
 * The summary of a run, as `qipai GAME sim` prints it (docs/FORMATS.md,
 * "Tables: sim"): the text and the --json object, from the run's statistics,
 * the seats' names, the programs' faults and the timings. One formatter for
 * every program that runs games of every game, so a run split into shards on
 * other processes or machines (qipai.cluster) prints exactly what one process
 * prints. The game adds its own lines and members (game->sim_text,
 * game->sim_json) after the seats' and after the bots'.
 */
#include "table_internal.h"
#include "common/json.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

void tb_put_format(text_sink *t, const char *format, ...)
{
    char text[256];
    va_list args;
    va_start(args, format);
    int n = vsnprintf(text, sizeof text, format, args);
    va_end(args);
    if (n < 0)
        return;
    if ((size_t)n < sizeof text) {
        text_put(t, text, (size_t)n);
        return;
    }
    /* Longer than the scratch line (a program's long command): printed in
     * place, as much as fits. */
    size_t at = t->length;
    if (at + 1 < t->size) {
        va_start(args, format);
        vsnprintf(t->out + at, t->size - at, format, args);
        va_end(args);
    }
    t->length += (size_t)n;
}

/* ---- the bots: seats with one name ---- */

typedef struct bot_groups {
    int count;
    unsigned seats[QIPAI_TABLE_MAX_SEATS]; /* each bot's seats (bits), by its first seat */
} bot_groups;

static const char *name_of(const qipai_table_report *r, int seat)
{
    return r->bots[seat] ? r->bots[seat] : "";
}

static void group_bots(const qipai_table_report *r, int seats, bot_groups *g)
{
    g->count = 0;
    unsigned done = 0;
    for (int s = 0; s < seats; s++) {
        if (done >> s & 1)
            continue;
        unsigned group = 0;
        for (int t = s; t < seats; t++)
            if (!strcmp(name_of(r, s), name_of(r, t)))
                group |= 1u << t;
        done |= group;
        g->seats[g->count++] = group;
    }
}

static bool has_programs(const qipai_table_report *r)
{
    for (int s = 0; s < QIPAI_TABLE_MAX_SEATS; s++)
        if (r->faults_text[s] || r->faults_json[s])
            return true;
    return false;
}

/* The game's own lines at a place, written into the sink. */
static void game_text(const qipai_table_game *game, const qipai_table_stats *t, int place,
                      text_sink *sink)
{
    if (!game->sim_text)
        return;
    size_t room = sink->length < sink->size ? sink->size - sink->length : 0;
    size_t n = game->sim_text(t, place, room ? sink->out + sink->length : NULL, room);
    sink->length += n;
}

/* ---- the text ---- */

/* " [+1.123, +1.737]"; nothing below 2 games (no interval). */
static void score_interval(uint64_t games, const qipai_table_mean *x, char *out, size_t size)
{
    if (games >= 2)
        snprintf(out, size, " [%+.3f, %+.3f]", x->low, x->high);
    else
        out[0] = '\0';
}

static void rate_interval(uint64_t games, const qipai_table_mean *x, char *out, size_t size)
{
    if (games >= 2)
        snprintf(out, size, " [%.1f%%, %.1f%%]", 100 * x->low, 100 * x->high);
    else
        out[0] = '\0';
}

/* Each bot's figures in each role, for games whose seats have roles. */
static void role_lines(const qipai_table_game *game, const qipai_table_stats *t,
                       const qipai_table_report *r, const bot_groups *groups, int roles,
                       text_sink *sink)
{
    char a[64], b[64];
    for (int g = 0; g < groups->count; g++)
        for (int role = 0; role < roles; role++) {
            uint64_t n;
            qipai_table_mean score, rate;
            tb_role_figures(t, groups->seats[g], role, &n, &score, &rate);
            score_interval(n, &score, a, sizeof a);
            rate_interval(n, &rate, b, sizeof b);
            tb_put_format(sink,
                          "bot %s as %s: average score %+.3f%s, win rate %.1f%%%s (%" PRIu64
                          " seat-games)\n",
                          name_of(r, tb_lowest(groups->seats[g])), game->roles[role], score.mean,
                          a, 100 * rate.mean, b, n);
        }
}

size_t qipai_table_format_sim_text(const qipai_table_game *game, const void *rules,
                                   const qipai_table_stats *t, const qipai_table_report *r,
                                   char *out, size_t size)
{
    text_sink sink = text_sink_make(out, size);
    const qipai_table_shape shape = tb_shape(game, rules);
    const double n = t->games ? (double)t->games : 1;
    char a[64], b[64];
    tb_put_format(&sink, "%s sim: %" PRIu64 " games, seed %" PRIu64 ", bots ", game->name,
                  t->games, r->seed);
    for (int s = 0; s < shape.seats; s++)
        tb_put_format(&sink, "%s%s", s ? "," : "", name_of(r, s));
    text_putc(&sink, '\n');
    for (int s = 0; s < shape.seats; s++) {
        qipai_table_mean score = qipai_table_stats_mean(t, 1u << s);
        qipai_table_mean wins = qipai_table_stats_win_rate(t, 1u << s);
        rate_interval(t->games, &wins, a, sizeof a);
        score_interval(t->games, &score, b, sizeof b);
        tb_put_format(&sink,
                      "seat %d (%s): win rate %.1f%%%s (%" PRIu64 "), average score %+.3f%s\n",
                      s, name_of(r, s), 100.0 * (double)t->seat_wins[s] / n, a, t->seat_wins[s],
                      score.mean, b);
    }
    game_text(game, t, 0, &sink);
    bot_groups groups;
    group_bots(r, shape.seats, &groups);
    for (int g = 0; g < groups.count; g++) {
        unsigned seats = groups.seats[g];
        int k = tb_popcount(seats);
        qipai_table_mean score = qipai_table_stats_mean(t, seats);
        qipai_table_mean wins = qipai_table_stats_win_rate(t, seats);
        score_interval(t->games, &score, a, sizeof a);
        rate_interval(t->games, &wins, b, sizeof b);
        tb_put_format(&sink,
                      "bot %s: average score %+.3f%s per seat per game, win rate %.1f%%%s "
                      "(%d seat%s)\n",
                      name_of(r, tb_lowest(seats)), score.mean, a, 100 * wins.mean, b, k,
                      k > 1 ? "s" : "");
    }
    if (shape.roles > 1 && game->roles)
        role_lines(game, t, r, &groups, shape.roles, &sink);
    game_text(game, t, 1, &sink);
    for (int s = 0; s < shape.seats; s++)
        if (r->faults_text[s])
            tb_put_format(&sink, "faults of seat %d (%s): %s\n", s, name_of(r, s),
                          r->faults_text[s]);
    if (has_programs(r))
        tb_put_format(&sink,
                      "speed: %" PRIu64 " games in %.3f s wall (%.3f s cpu here, the programs' "
                      "own aside), %.0f games/s\n",
                      t->games, r->wall_seconds, r->cpu_seconds, r->games_per_second);
    else
        tb_put_format(&sink,
                      "speed: %" PRIu64 " games in %.3f s cpu (%.3f s wall)%s, %.0f games/s\n",
                      t->games, r->cpu_seconds, r->wall_seconds,
                      r->logged ? " with the log" : "", r->games_per_second);
    return sink.length;
}

/* ---- the JSON object ---- */

/* [low, high], or null when there are too few games for an interval. */
static void json_interval(qjson_writer *w, const char *key, const qipai_table_mean *m,
                          bool known)
{
    qjson_key(w, key);
    if (!known) {
        qjson_null(w);
        return;
    }
    qjson_array_begin(w);
    qjson_double(w, m->low);
    qjson_double(w, m->high);
    qjson_array_end(w);
}

static void json_figures(qjson_writer *w, const qipai_table_stats *t, unsigned seats)
{
    const bool known = t->games >= 2;
    qipai_table_mean score = qipai_table_stats_mean(t, seats);
    qipai_table_mean wins = qipai_table_stats_win_rate(t, seats);
    json_interval(w, "average_score_ci95", &score, known);
    json_interval(w, "win_rate_ci95", &wins, known);
}

static void json_name(qjson_writer *w, const char *name)
{
    qjson_string_lossy(w, name, strlen(name));
}

/* The members of the object the game writes at a place (game->sim_json),
 * inserted as they are. A text the reader refuses is a library fault: it
 * spoils the writer, so the caller prints an error rather than a summary
 * with members missing. */
static void game_json(const qipai_table_game *game, const qipai_table_stats *t, int place,
                      qjson_writer *w)
{
    if (!game->sim_json)
        return;
    size_t n = game->sim_json(t, place, NULL, 0);
    char *text = malloc(n + 1);
    qjson_doc doc;
    const qjson_value *root;
    qjson_doc_init(&doc);
    if (!text || game->sim_json(t, place, text, n + 1) != n ||
        qjson_parse(&doc, text, n, &root, NULL, 0) != 0 || root->type != QJSON_OBJECT) {
        qjson_raw(w, NULL, 0); /* misuse: the writer's error sticks */
    } else {
        for (size_t i = 0; i < root->length; i++) {
            qjson_key_n(w, root->members[i].key, root->members[i].key_length);
            qjson_write_value(w, &root->members[i].value);
        }
    }
    qjson_doc_free(&doc);
    free(text);
}

static void json_roles(const qipai_table_game *game, qjson_writer *w, const qipai_table_stats *t,
                       const qipai_table_report *r, const bot_groups *groups, int roles)
{
    qjson_key(w, "roles");
    qjson_array_begin(w);
    for (int g = 0; g < groups->count; g++)
        for (int role = 0; role < roles; role++) {
            uint64_t n;
            qipai_table_mean score, rate;
            tb_role_figures(t, groups->seats[g], role, &n, &score, &rate);
            qjson_object_begin(w);
            qjson_key(w, "bot");
            json_name(w, name_of(r, tb_lowest(groups->seats[g])));
            qjson_key_string(w, "role", game->roles[role]);
            qjson_key(w, "seat_games");
            qjson_uint(w, n);
            qjson_key_double(w, "average_score", score.mean);
            qjson_key_double(w, "win_rate", rate.mean);
            json_interval(w, "average_score_ci95", &score, n >= 2);
            json_interval(w, "win_rate_ci95", &rate, n >= 2);
            qjson_object_end(w);
        }
    qjson_array_end(w);
}

static void write_json(const qipai_table_game *game, const qipai_table_shape *shape,
                       qjson_writer *w, const qipai_table_stats *t, const qipai_table_report *r)
{
    const double n = t->games ? (double)t->games : 1;
    const double unit = (double)(t->unit ? t->unit : 1);
    qjson_object_begin(w);
    qjson_key(w, "games");
    qjson_uint(w, t->games);
    qjson_key(w, "seed");
    qjson_uint(w, r->seed);
    qjson_key(w, "seats");
    qjson_array_begin(w);
    for (int s = 0; s < shape->seats; s++) {
        qjson_object_begin(w);
        qjson_key(w, "bot");
        json_name(w, name_of(r, s));
        qjson_key(w, "wins");
        qjson_uint(w, t->seat_wins[s]);
        qjson_key_double(w, "win_rate", (double)t->seat_wins[s] / n);
        qjson_key_double(w, "average_score", (double)t->seat_score[s] * unit / n);
        json_figures(w, t, 1u << s);
        if (r->faults_json[s]) {
            qjson_key(w, "faults");
            qjson_raw(w, r->faults_json[s], strlen(r->faults_json[s]));
        }
        qjson_object_end(w);
    }
    qjson_array_end(w);
    qjson_key(w, "wins");
    qjson_uint(w, t->wins);
    game_json(game, t, 0, w);
    bot_groups groups;
    group_bots(r, shape->seats, &groups);
    qjson_key(w, "average_score");
    qjson_object_begin(w);
    for (int g = 0; g < groups.count; g++) {
        qjson_key(w, name_of(r, tb_lowest(groups.seats[g])));
        qjson_double(w, qipai_table_stats_mean(t, groups.seats[g]).mean);
    }
    qjson_object_end(w);
    qjson_key(w, "bots");
    qjson_array_begin(w);
    for (int g = 0; g < groups.count; g++) {
        unsigned seats = groups.seats[g];
        qjson_object_begin(w);
        qjson_key(w, "bot");
        json_name(w, name_of(r, tb_lowest(seats)));
        qjson_key(w, "seats");
        qjson_array_begin(w);
        for (int s = 0; s < shape->seats; s++)
            if (seats >> s & 1)
                qjson_int(w, s);
        qjson_array_end(w);
        qjson_key_double(w, "average_score", qipai_table_stats_mean(t, seats).mean);
        qjson_key_double(w, "win_rate", qipai_table_stats_win_rate(t, seats).mean);
        json_figures(w, t, seats);
        qjson_object_end(w);
    }
    qjson_array_end(w);
    if (shape->roles > 1 && game->roles)
        json_roles(game, w, t, r, &groups, shape->roles);
    game_json(game, t, 1, w);
    qjson_key_double(w, "cpu_seconds", r->cpu_seconds);
    qjson_key_double(w, "wall_seconds", r->wall_seconds);
    qjson_key_double(w, "games_per_second", r->games_per_second);
    qjson_object_end(w);
}

size_t qipai_table_format_sim_json(const qipai_table_game *game, const void *rules,
                                   const qipai_table_stats *t, const qipai_table_report *r,
                                   char *out, size_t size)
{
    text_sink sink = text_sink_make(out, size);
    const qipai_table_shape shape = tb_shape(game, rules);
    qjson_writer w;
    qjson_writer_init(&w);
    write_json(game, &shape, &w, t, r);
    size_t n;
    const char *text = qjson_text(&w, &n);
    if (text) {
        text_put(&sink, text, n);
        text_putc(&sink, '\n');
    }
    qjson_writer_free(&w);
    return sink.length; /* 0 when the writer failed: out of memory */
}
