/*
 * The summary of a run of games, as `qipai zhaotong sim` prints it: the
 * text and the --json object (docs/formats/zhaotong.md, "sim"), from the
 * run's statistics, the seats' names, the programs' faults and the run's
 * timings. One formatter for every program that runs games, so a run split
 * into shards on other processes or machines (the Python cluster runner,
 * qipai.cluster) prints exactly what one process prints. Every figure is
 * read from the statistics through qipai_zt_stats_mean and
 * qipai_zt_stats_win_rate (run.c): the intervals take one sample a game.
 */
#include "zt_internal.h"
#include "common/json.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>

#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
static void put_format(text_sink *t, const char *format, ...)
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
    unsigned seats[QIPAI_ZT_SEATS]; /* each bot's seats (bits), by its first seat */
} bot_groups;

static const char *name_of(const qipai_zt_sim_report *r, int seat)
{
    return r->bots[seat] ? r->bots[seat] : "";
}

static void group_bots(const qipai_zt_sim_report *r, bot_groups *g)
{
    g->count = 0;
    unsigned done = 0;
    for (int s = 0; s < QIPAI_ZT_SEATS; s++) {
        if (done >> s & 1)
            continue;
        unsigned seats = 0;
        for (int t = s; t < QIPAI_ZT_SEATS; t++)
            if (!strcmp(name_of(r, s), name_of(r, t)))
                seats |= 1u << t;
        done |= seats;
        g->seats[g->count++] = seats;
    }
}

static int first_seat(unsigned seats)
{
    int s = 0;
    while (s < QIPAI_ZT_SEATS - 1 && !(seats >> s & 1))
        s++;
    return s;
}

static bool has_programs(const qipai_zt_sim_report *r)
{
    for (int s = 0; s < QIPAI_ZT_SEATS; s++)
        if (r->faults_text[s] || r->faults_json[s])
            return true;
    return false;
}

/* ---- the text ---- */

/* " [+1.123, +1.737]"; nothing below 2 games (no interval). */
static void score_interval(const qipai_zt_stats *t, const qipai_zt_mean *x, char *out, size_t size)
{
    if (t->games >= 2)
        snprintf(out, size, " [%+.3f, %+.3f]", x->low, x->high);
    else
        out[0] = '\0';
}

static void rate_interval(const qipai_zt_stats *t, const qipai_zt_mean *x, char *out, size_t size)
{
    if (t->games >= 2)
        snprintf(out, size, " [%.1f%%, %.1f%%]", 100 * x->low, 100 * x->high);
    else
        out[0] = '\0';
}

size_t qipai_zt_format_sim_text(const qipai_zt_stats *t, const qipai_zt_sim_report *r, char *out,
                                size_t size)
{
    text_sink sink = text_sink_make(out, size);
    double n = t->games ? (double)t->games : 1, w = t->wins ? (double)t->wins : 1;
    char a[64], b[64];
    put_format(&sink, "zhaotong sim: %" PRIu64 " games, seed %" PRIu64 ", bots %s,%s,%s,%s\n",
               t->games, r->seed, name_of(r, 0), name_of(r, 1), name_of(r, 2), name_of(r, 3));
    for (int s = 0; s < QIPAI_ZT_SEATS; s++) {
        qipai_zt_mean score = qipai_zt_stats_mean(t, 1u << s);
        qipai_zt_mean wins = qipai_zt_stats_win_rate(t, 1u << s);
        rate_interval(t, &wins, a, sizeof a);
        score_interval(t, &score, b, sizeof b);
        put_format(&sink, "seat %d (%s): win rate %.1f%%%s (%" PRIu64 "), average score %+.3f%s\n",
                   s, name_of(r, s), 100.0 * (double)t->seat_wins[s] / n, a, t->seat_wins[s],
                   score.mean, b);
    }
    put_format(&sink, "hand types (share of %" PRIu64 " wins):", t->wins);
    for (int k = 0; k < QIPAI_ZT_TYPE_COUNT; k++)
        if (t->types[k])
            put_format(&sink, " %s %.1f%%", qipai_zt_type_name((qipai_zt_type)k, true),
                       100.0 * (double)t->types[k] / w);
    text_putc(&sink, '\n');
    bot_groups groups;
    group_bots(r, &groups);
    for (int g = 0; g < groups.count; g++) {
        unsigned seats = groups.seats[g];
        int k = zt_popcount(seats);
        qipai_zt_mean score = qipai_zt_stats_mean(t, seats);
        qipai_zt_mean wins = qipai_zt_stats_win_rate(t, seats);
        score_interval(t, &score, a, sizeof a);
        rate_interval(t, &wins, b, sizeof b);
        put_format(&sink,
                   "bot %s: average score %+.3f%s per seat per game, win rate %.1f%%%s "
                   "(%d seat%s)\n",
                   name_of(r, first_seat(seats)), score.mean, a, 100 * wins.mean, b, k,
                   k > 1 ? "s" : "");
    }
    put_format(&sink, "ends: wall %.1f%%, one left %.1f%%; %.2f wins and %.1f steps per game\n",
               100.0 * (double)t->ends[QIPAI_ZT_END_WALL] / n,
               100.0 * (double)t->ends[QIPAI_ZT_END_ONE_LEFT] / n, (double)t->wins / n,
               (double)t->steps / n);
    for (int s = 0; s < QIPAI_ZT_SEATS; s++)
        if (r->faults_text[s])
            put_format(&sink, "faults of seat %d (%s): %s\n", s, name_of(r, s), r->faults_text[s]);
    if (has_programs(r))
        put_format(&sink,
                   "speed: %" PRIu64 " games in %.3f s wall (%.3f s cpu here, the programs' own "
                   "aside), %.0f games/s\n",
                   t->games, r->wall_seconds, r->cpu_seconds, r->games_per_second);
    else
        put_format(&sink, "speed: %" PRIu64 " games in %.3f s cpu (%.3f s wall)%s, %.0f games/s\n",
                   t->games, r->cpu_seconds, r->wall_seconds, r->logged ? " with the log" : "",
                   r->games_per_second);
    return sink.length;
}

/* ---- the JSON object ---- */

/* [low, high], or null when there are too few games for an interval. */
static void json_interval(qjson_writer *w, const char *key, const qipai_zt_mean *m, bool known)
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

static void json_figures(qjson_writer *w, const qipai_zt_stats *t, unsigned seats)
{
    const bool known = t->games >= 2;
    qipai_zt_mean score = qipai_zt_stats_mean(t, seats), wins = qipai_zt_stats_win_rate(t, seats);
    json_interval(w, "average_score_ci95", &score, known);
    json_interval(w, "win_rate_ci95", &wins, known);
}

static void json_name(qjson_writer *w, const char *name)
{
    qjson_string_lossy(w, name, strlen(name));
}

static void write_json(qjson_writer *w, const qipai_zt_stats *t, const qipai_zt_sim_report *r)
{
    double n = t->games ? (double)t->games : 1;
    qjson_object_begin(w);
    qjson_key(w, "games");
    qjson_uint(w, t->games);
    qjson_key(w, "seed");
    qjson_uint(w, r->seed);
    qjson_key(w, "seats");
    qjson_array_begin(w);
    for (int s = 0; s < QIPAI_ZT_SEATS; s++) {
        qjson_object_begin(w);
        qjson_key(w, "bot");
        json_name(w, name_of(r, s));
        qjson_key(w, "wins");
        qjson_uint(w, t->seat_wins[s]);
        qjson_key_double(w, "win_rate", (double)t->seat_wins[s] / n);
        qjson_key_double(w, "average_score", (double)t->seat_score[s] * (double)t->base / n);
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
    qjson_key(w, "types");
    qjson_object_begin(w);
    for (int k = 0; k < QIPAI_ZT_TYPE_COUNT; k++) {
        qjson_key(w, qipai_zt_type_name((qipai_zt_type)k, false));
        qjson_uint(w, t->types[k]);
    }
    qjson_object_end(w);
    bot_groups groups;
    group_bots(r, &groups);
    qjson_key(w, "average_score");
    qjson_object_begin(w);
    for (int g = 0; g < groups.count; g++) {
        const char *name = name_of(r, first_seat(groups.seats[g]));
        qjson_key(w, name);
        qjson_double(w, qipai_zt_stats_mean(t, groups.seats[g]).mean);
    }
    qjson_object_end(w);
    qjson_key(w, "bots");
    qjson_array_begin(w);
    for (int g = 0; g < groups.count; g++) {
        unsigned seats = groups.seats[g];
        qjson_object_begin(w);
        qjson_key(w, "bot");
        json_name(w, name_of(r, first_seat(seats)));
        qjson_key(w, "seats");
        qjson_array_begin(w);
        for (int s = 0; s < QIPAI_ZT_SEATS; s++)
            if (seats >> s & 1)
                qjson_int(w, s);
        qjson_array_end(w);
        qjson_key_double(w, "average_score", qipai_zt_stats_mean(t, seats).mean);
        qjson_key_double(w, "win_rate", qipai_zt_stats_win_rate(t, seats).mean);
        json_figures(w, t, seats);
        qjson_object_end(w);
    }
    qjson_array_end(w);
    qjson_key(w, "ends");
    qjson_object_begin(w);
    qjson_key(w, "wall");
    qjson_uint(w, t->ends[QIPAI_ZT_END_WALL]);
    qjson_key(w, "one_left");
    qjson_uint(w, t->ends[QIPAI_ZT_END_ONE_LEFT]);
    qjson_object_end(w);
    qjson_key_double(w, "cpu_seconds", r->cpu_seconds);
    qjson_key_double(w, "wall_seconds", r->wall_seconds);
    qjson_key_double(w, "games_per_second", r->games_per_second);
    qjson_object_end(w);
}

size_t qipai_zt_format_sim_json(const qipai_zt_stats *t, const qipai_zt_sim_report *r, char *out,
                                size_t size)
{
    text_sink sink = text_sink_make(out, size);
    qjson_writer w;
    qjson_writer_init(&w);
    write_json(&w, t, r);
    size_t n;
    const char *text = qjson_text(&w, &n);
    if (text) {
        text_put(&sink, text, n);
        text_putc(&sink, '\n');
    }
    qjson_writer_free(&w);
    return sink.length; /* 0 when the writer failed: out of memory */
}
