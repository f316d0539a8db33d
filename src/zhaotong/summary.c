/*
 * The summary of a run of games, as `qipai zhaotong sim` prints it: the
 * text and the --json object (docs/formats/zhaotong.md, "sim"), from the
 * run's statistics, the seats' names and the run's timings. One formatter
 * for every program that runs games, so a run split into shards on other
 * processes or machines (the Python cluster runner) prints exactly what
 * one process prints. Written straight into the caller's buffer,
 * snprintf-style (common/text.h).
 */
#include "zt_internal.h"

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
    /* Longer than the scratch line (a long bot name): print it in place. */
    size_t at = t->length;
    if (at + 1 < t->size) {
        va_start(args, format);
        vsnprintf(t->out + at, t->size - at, format, args);
        va_end(args);
    }
    t->length += (size_t)n;
}

/* ---- the seats that share a bot ---- */

/* The seats played by one name, and where the name comes in the lists:
 * the built-in bots by their number, any other name after them by its
 * first seat. */
typedef struct bot_group {
    const char *name;
    unsigned seats;
    int rank;
} bot_group;

static int group_bots(const char *const names[QIPAI_ZT_SEATS], bot_group groups[QIPAI_ZT_SEATS])
{
    int count = 0;
    for (int s = 0; s < QIPAI_ZT_SEATS; s++) {
        int g = 0;
        while (g < count && strcmp(groups[g].name, names[s]))
            g++;
        if (g == count) {
            qipai_zt_bot bot;
            groups[count].name = names[s];
            groups[count].seats = 0;
            groups[count].rank = qipai_zt_bot_named(&bot, names[s], NULL) == QIPAI_OK
                                     ? (int)bot
                                     : QIPAI_ZT_BOT_COUNT + s;
            count++;
        }
        groups[g].seats |= 1u << s;
    }
    /* Insertion sort by rank (four at most). */
    for (int i = 1; i < count; i++)
        for (int j = i; j > 0 && groups[j - 1].rank > groups[j].rank; j--) {
            bot_group swap = groups[j];
            groups[j] = groups[j - 1];
            groups[j - 1] = swap;
        }
    return count;
}

/* A group's average score per seat per game, in points. */
static double group_average(const qipai_zt_stats *t, const bot_group *g, int *seats_of)
{
    long long sum = 0;
    int n_seats = 0;
    for (int s = 0; s < QIPAI_ZT_SEATS; s++)
        if (g->seats >> s & 1)
            sum += t->seat_score[s], n_seats++;
    *seats_of = n_seats;
    double n = t->games ? (double)t->games : 1;
    return (double)sum * (double)t->base / n_seats / n;
}

/* ---- the text ---- */

static const char *name_of(const qipai_zt_sim_report *r, int seat)
{
    return r->bots[seat] ? r->bots[seat] : "?";
}

size_t qipai_zt_format_sim_text(const qipai_zt_stats *t, const qipai_zt_sim_report *r, char *out,
                                size_t size)
{
    text_sink sink = text_sink_make(out, size);
    const char *names[QIPAI_ZT_SEATS];
    for (int s = 0; s < QIPAI_ZT_SEATS; s++)
        names[s] = name_of(r, s);
    double n = t->games ? (double)t->games : 1, w = t->wins ? (double)t->wins : 1;
    put_format(&sink, "zhaotong sim: %" PRIu64 " games, seed %" PRIu64 ", bots %s,%s,%s,%s\n",
               t->games, r->seed, names[0], names[1], names[2], names[3]);
    for (int s = 0; s < QIPAI_ZT_SEATS; s++)
        put_format(&sink, "seat %d (%s): win rate %.1f%% (%" PRIu64 "), average score %+.3f\n", s,
                   names[s], 100.0 * (double)t->seat_wins[s] / n, t->seat_wins[s],
                   (double)t->seat_score[s] * (double)t->base / n);
    put_format(&sink, "hand types (share of %" PRIu64 " wins):", t->wins);
    for (int k = 0; k < QIPAI_ZT_TYPE_COUNT; k++)
        if (t->types[k])
            put_format(&sink, " %s %.1f%%", qipai_zt_type_name((qipai_zt_type)k, true),
                       100.0 * (double)t->types[k] / w);
    text_putc(&sink, '\n');
    bot_group groups[QIPAI_ZT_SEATS];
    int count = group_bots(names, groups);
    /* The text lists the built-in bots strongest first (the JSON weakest
     * first), as the command line always printed them; other names come
     * after, by their first seat. */
    int builtin = 0;
    while (builtin < count && groups[builtin].rank < QIPAI_ZT_BOT_COUNT)
        builtin++;
    for (int i = 0; i < count; i++) {
        /* built-in groups in reverse, then the others in order */
        const bot_group *g = i < builtin ? &groups[builtin - 1 - i] : &groups[i];
        int seats_of;
        double average = group_average(t, g, &seats_of);
        put_format(&sink, "bot %s: average score %+.3f per seat per game (%d seat%s)\n", g->name,
                   average, seats_of, seats_of > 1 ? "s" : "");
    }
    put_format(&sink, "ends: wall %.1f%%, one left %.1f%%; %.2f wins and %.1f steps per game\n",
               100.0 * (double)t->ends[QIPAI_ZT_END_WALL] / n,
               100.0 * (double)t->ends[QIPAI_ZT_END_ONE_LEFT] / n, (double)t->wins / n,
               (double)t->steps / n);
    put_format(&sink, "speed: %" PRIu64 " games in %.3f s cpu (%.3f s wall)%s, %.0f games/s\n",
               t->games, r->cpu_seconds, r->wall_seconds, r->logged ? " with the log" : "",
               r->games_per_second);
    return sink.length;
}

/* ---- the JSON object ---- */

static void put_key(text_sink *t, const char *key)
{
    zt_put_json_string(t, key);
    text_putc(t, ':');
}

static void put_uint(text_sink *t, const char *key, uint64_t value)
{
    put_key(t, key);
    put_format(t, "%" PRIu64, value);
}

/* A real as jansson writes it (the command line's JSON since its first
 * version): %.17g with a '.' or an exponent always there, the exponent
 * without its '+' and leading zeros: 0.0, 0.83666666666666667, 4.82e-6;
 * null for what JSON cannot hold. */
static void put_real(text_sink *t, const char *key, double value)
{
    char text[40];
    put_key(t, key);
    if (value != value || value > 1.7976931348623157e308 || value < -1.7976931348623157e308) {
        text_puts(t, "null");
        return;
    }
    int n = snprintf(text, sizeof text - 2, "%.17g", value);
    if (!strchr(text, '.') && !strchr(text, 'e')) {
        memcpy(text + n, ".0", 3);
        n += 2;
    }
    char *e = strchr(text, 'e');
    if (e) {
        char *to = e + 1, *from = to;
        if (*from == '+')
            from++;
        else if (*from == '-')
            to++, from++;
        while (*from == '0' && from[1])
            from++;
        memmove(to, from, strlen(from) + 1);
        n = (int)strlen(text);
    }
    text_put(t, text, (size_t)n);
}

size_t qipai_zt_format_sim_json(const qipai_zt_stats *t, const qipai_zt_sim_report *r, char *out,
                                size_t size)
{
    text_sink sink = text_sink_make(out, size);
    const char *names[QIPAI_ZT_SEATS];
    for (int s = 0; s < QIPAI_ZT_SEATS; s++)
        names[s] = name_of(r, s);
    double n = t->games ? (double)t->games : 1;
    text_putc(&sink, '{');
    put_uint(&sink, "games", t->games);
    text_putc(&sink, ',');
    put_uint(&sink, "seed", r->seed);
    text_puts(&sink, ",\"seats\":[");
    for (int s = 0; s < QIPAI_ZT_SEATS; s++) {
        text_puts(&sink, s ? ",{" : "{");
        put_key(&sink, "bot");
        zt_put_json_string(&sink, names[s]);
        text_putc(&sink, ',');
        put_uint(&sink, "wins", t->seat_wins[s]);
        text_putc(&sink, ',');
        put_real(&sink, "win_rate", (double)t->seat_wins[s] / n);
        text_putc(&sink, ',');
        put_real(&sink, "average_score", (double)t->seat_score[s] * (double)t->base / n);
        text_putc(&sink, '}');
    }
    text_puts(&sink, "],");
    put_uint(&sink, "wins", t->wins);
    text_puts(&sink, ",\"types\":{");
    for (int k = 0; k < QIPAI_ZT_TYPE_COUNT; k++) {
        if (k)
            text_putc(&sink, ',');
        put_uint(&sink, qipai_zt_type_name((qipai_zt_type)k, false), t->types[k]);
    }
    text_puts(&sink, "},\"average_score\":{");
    bot_group groups[QIPAI_ZT_SEATS];
    int count = group_bots(names, groups);
    for (int g = 0; g < count; g++) {
        int seats_of;
        if (g)
            text_putc(&sink, ',');
        put_real(&sink, groups[g].name, group_average(t, &groups[g], &seats_of));
    }
    text_puts(&sink, "},\"ends\":{");
    put_uint(&sink, "wall", t->ends[QIPAI_ZT_END_WALL]);
    text_putc(&sink, ',');
    put_uint(&sink, "one_left", t->ends[QIPAI_ZT_END_ONE_LEFT]);
    text_puts(&sink, "},");
    put_real(&sink, "cpu_seconds", r->cpu_seconds);
    text_putc(&sink, ',');
    put_real(&sink, "games_per_second", r->games_per_second);
    text_puts(&sink, "}\n");
    return sink.length;
}
