/*
 * The summary of a run (zhaotong.h, qipai_zt_format_sim_text/_json;
 * docs/formats/zhaotong.md, "sim"): what `qipai zhaotong sim` prints and
 * qipai.cluster prints for a run played in shards.
 *
 * - a run's statistics merged from shards, split any way and merged in any
 *   order, give the same bytes as the run played in one loop;
 * - the JSON object reads back (qjson) to the statistics it was made from:
 *   counts, the seats' and the bots' averages recomputed here from the
 *   seats' sums, the intervals exactly the library's (reals are written as
 *   the shortest text that reads back to the same double);
 * - the text's lines, a bot's seats grouped by first seat, programs' faults
 *   and their speed line; names escaped in the JSON; no game gives zeros
 *   and no interval;
 * - both formatters are snprintf-style, a long bot name included.
 */
#include <qipai/zhaotong.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/json.h"
#include "test.h"

enum { GAMES = 120 };
static const uint64_t SEED = 11;

/* Games first..first+count-1 of the run (the dealer rotating, as sim deals),
 * added to stats. */
static void play_games(const qipai_zt_bot bots[QIPAI_ZT_SEATS], uint64_t first, uint64_t count,
                       qipai_zt_stats *stats)
{
    static qipai_zt_game game;
    qipai_zt_rules rules;
    qipai_zt_rules_default(&rules);
    qipai_zt_agent agents[QIPAI_ZT_SEATS];
    for (int s = 0; s < QIPAI_ZT_SEATS; s++)
        agents[s] = qipai_zt_bot_agent(bots[s]);
    for (uint64_t i = first; i < first + count; i++) {
        qipai_error err;
        uint64_t steps = 0;
        qipai_err e = qipai_zt_game_init(&game, &rules, qipai_zt_game_seed(SEED, i),
                                         (int)(i % QIPAI_ZT_SEATS), &err);
        if (e == QIPAI_OK)
            e = qipai_zt_play(&game, agents, NULL, NULL, &steps, &err);
        CHECK(e == QIPAI_OK, "game %llu: %s", (unsigned long long)i + 1, err.message);
        qipai_zt_stats_add(stats, &game, steps);
    }
}

static const qipai_zt_bot BOTS[QIPAI_ZT_SEATS] = {QIPAI_ZT_BOT_STRONG, QIPAI_ZT_BOT_SEED,
                                                  QIPAI_ZT_BOT_STRONG, QIPAI_ZT_BOT_EXPERT};

static qipai_zt_sim_report report_of(const qipai_zt_bot bots[QIPAI_ZT_SEATS])
{
    qipai_zt_sim_report r;
    memset(&r, 0, sizeof r);
    r.seed = SEED;
    for (int s = 0; s < QIPAI_ZT_SEATS; s++)
        r.bots[s] = qipai_zt_bot_name(bots[s]);
    r.cpu_seconds = 1.5;
    r.wall_seconds = 0.75;
    r.games_per_second = 160;
    return r;
}

static qipai_zt_stats whole_run;

static void play_whole_run(void)
{
    qipai_zt_stats_init(&whole_run);
    play_games(BOTS, 0, GAMES, &whole_run);
}

/* Both formats of a summary, in a buffer the caller frees. */
static char *format(bool json, const qipai_zt_stats *t, const qipai_zt_sim_report *r)
{
    size_t n = json ? qipai_zt_format_sim_json(t, r, NULL, 0)
                    : qipai_zt_format_sim_text(t, r, NULL, 0);
    char *text = malloc(n + 1);
    if (!text)
        exit(1);
    size_t again = json ? qipai_zt_format_sim_json(t, r, text, n + 1)
                        : qipai_zt_format_sim_text(t, r, text, n + 1);
    CHECK(again == n && strlen(text) == n, "the second call wrote %zu bytes, not %zu", again, n);
    return text;
}

static void shards_merged_any_way_print_the_run(void)
{
    static const uint64_t sizes[][6] = {
        {GAMES, 0}, {1, 1, 1, 117, 0}, {7, 50, 63, 0}, {60, 60, 0}, {40, 0, 40, 40, 0},
    };
    qipai_zt_sim_report r = report_of(BOTS);
    char *text = format(false, &whole_run, &r), *json = format(true, &whole_run, &r);
    int compared = 0;
    for (size_t split = 0; split < sizeof sizes / sizeof sizes[0]; split++) {
        qipai_zt_stats shards[6];
        int count = 0;
        uint64_t first = 0;
        for (int k = 0; first < GAMES; k++) {
            qipai_zt_stats_init(&shards[count]);
            play_games(BOTS, first, sizes[split][k], &shards[count]);
            first += sizes[split][k];
            count++;
        }
        /* merged last shard first: the order must not matter */
        qipai_zt_stats merged;
        qipai_zt_stats_init(&merged);
        for (int k = count - 1; k >= 0; k--)
            qipai_zt_stats_merge(&merged, &shards[k]);
        char *t = format(false, &merged, &r), *j = format(true, &merged, &r);
        CHECK(!strcmp(t, text), "split %zu: the text differs:\n%s\nnot\n%s", split, t, text);
        CHECK(!strcmp(j, json), "split %zu: the JSON differs:\n%s\nnot\n%s", split, j, json);
        compared++;
        free(t);
        free(j);
    }
    CHECK(compared == 5, "compared %d splits, not 5", compared);
    free(text);
    free(json);
}

static bool near(double a, double b)
{
    return fabs(a - b) <= 1e-12 * (1 + fabs(b));
}

/* An interval [low, high] of the JSON: exactly the library's, or null below 2 games. */
static bool interval_is(const qjson_value *object, const char *key, qipai_zt_mean m, bool known)
{
    const qjson_value *v = qjson_get(object, key);
    if (!known)
        return v && v->type == QJSON_NULL;
    double low, high;
    return v && qjson_size(v) == 2 && qjson_as_double(qjson_at(v, 0), &low) &&
           qjson_as_double(qjson_at(v, 1), &high) && low == m.low &&
           high == m.high;
}

static void json_reads_back_to_the_statistics(void)
{
    const qipai_zt_stats *t = &whole_run;
    qipai_zt_sim_report r = report_of(BOTS);
    char *json = format(true, t, &r);
    size_t n = strlen(json);
    CHECK(n > 0 && json[n - 1] == '\n', "the JSON line ends in a newline");
    qjson_doc doc;
    const qjson_value *root;
    char why[128];
    qjson_doc_init(&doc);
    CHECK(qjson_parse(&doc, json, n, &root, why, sizeof why) == 0, "%s: %s", why, json);
    int64_t x;
    double d;
    CHECK(qjson_get_int(root, "games", &x) && x == GAMES, "games %lld", (long long)x);
    CHECK(qjson_get_int(root, "seed", &x) && (uint64_t)x == SEED, "seed");
    CHECK(qjson_get_int(root, "wins", &x) && (uint64_t)x == t->wins, "wins");
    const qjson_value *seats = qjson_get(root, "seats");
    int checked = 0;
    for (int s = 0; s < QIPAI_ZT_SEATS; s++) {
        const qjson_value *seat = qjson_at(seats, (size_t)s);
        const char *bot = qjson_get_string(seat, "bot");
        CHECK(bot && !strcmp(bot, r.bots[s]), "seat %d's bot %s", s, bot ? bot : "(none)");
        CHECK(qjson_get_int(seat, "wins", &x) && (uint64_t)x == t->seat_wins[s], "seat %d wins", s);
        CHECK(qjson_get_double(seat, "win_rate", &d) && near(d, (double)t->seat_wins[s] / GAMES),
              "seat %d win rate %.17g", s, d);
        CHECK(qjson_get_double(seat, "average_score", &d) &&
                  near(d, (double)(t->seat_score[s] * t->base) / GAMES),
              "seat %d average %.17g", s, d);
        CHECK(interval_is(seat, "average_score_ci95", qipai_zt_stats_mean(t, 1u << s), true) &&
                  interval_is(seat, "win_rate_ci95", qipai_zt_stats_win_rate(t, 1u << s), true),
              "seat %d's intervals: %s", s, json);
        CHECK(!qjson_get(seat, "faults"), "a built-in bot has no faults");
        checked++;
    }
    const qjson_value *types = qjson_get(root, "types");
    for (int k = 0; k < QIPAI_ZT_TYPE_COUNT; k++) {
        const char *name = qipai_zt_type_name((qipai_zt_type)k, false);
        CHECK(qjson_get_int(types, name, &x) && (uint64_t)x == t->types[k], "type %s", name);
        checked++;
    }
    const qjson_value *ends = qjson_get(root, "ends");
    CHECK(qjson_get_int(ends, "wall", &x) && (uint64_t)x == t->ends[QIPAI_ZT_END_WALL], "wall");
    CHECK(qjson_get_int(ends, "one_left", &x) && (uint64_t)x == t->ends[QIPAI_ZT_END_ONE_LEFT],
          "one left");
    /* The bots, by first seat: strong (seats 0 and 2), seed (1), expert (3). */
    const qjson_value *averages = qjson_get(root, "average_score");
    double strong = (double)((t->seat_score[0] + t->seat_score[2]) * t->base) / 2 / GAMES;
    double seed = (double)(t->seat_score[1] * t->base) / GAMES;
    double expert = (double)(t->seat_score[3] * t->base) / GAMES;
    CHECK(qjson_get_double(averages, "strong", &d) && near(d, strong), "strong %.17g", d);
    CHECK(qjson_get_double(averages, "seed", &d) && near(d, seed), "seed %.17g", d);
    CHECK(qjson_get_double(averages, "expert", &d) && near(d, expert), "expert %.17g", d);
    CHECK(strstr(json, "\"average_score\":{\"strong\":") != NULL, "by first seat: %s", json);
    static const char *const names[] = {"strong", "seed", "expert"};
    static const unsigned seats_of[] = {0x5, 0x2, 0x8};
    const qjson_value *bots = qjson_get(root, "bots");
    for (size_t g = 0; g < 3; g++) {
        const qjson_value *bot = qjson_at(bots, g);
        const char *name = qjson_get_string(bot, "bot");
        unsigned listed = 0;
        const qjson_value *list = qjson_get(bot, "seats");
        for (size_t i = 0; i < 4 && qjson_at(list, i); i++) {
            int64_t seat;
            if (qjson_as_int(qjson_at(list, i), &seat) && seat >= 0 && seat < 4)
                listed |= 1u << seat;
        }
        CHECK(name && !strcmp(name, names[g]) && listed == seats_of[g], "bot %zu: %s", g, json);
        CHECK(qjson_get_double(bot, "average_score", &d) &&
                  d == qipai_zt_stats_mean(t, seats_of[g]).mean &&
                  qjson_get_double(bot, "win_rate", &d) &&
                  d == qipai_zt_stats_win_rate(t, seats_of[g]).mean,
              "bot %s's figures", names[g]);
        CHECK(interval_is(bot, "average_score_ci95", qipai_zt_stats_mean(t, seats_of[g]), true) &&
                  interval_is(bot, "win_rate_ci95", qipai_zt_stats_win_rate(t, seats_of[g]), true),
              "bot %s's intervals", names[g]);
        checked++;
    }
    CHECK(!qjson_at(bots, 3), "three bots: %s", json);
    CHECK(qjson_get_double(root, "cpu_seconds", &d) && d == 1.5, "cpu seconds");
    CHECK(qjson_get_double(root, "wall_seconds", &d) && d == 0.75, "wall seconds");
    CHECK(qjson_get_double(root, "games_per_second", &d) && d == 160, "games/s");
    CHECK(checked == QIPAI_ZT_SEATS + QIPAI_ZT_TYPE_COUNT + 3, "checked %d figures", checked);
    qjson_doc_free(&doc);
    free(json);
}

/* The line of text starting with prefix, or NULL. */
static const char *line_of(const char *text, const char *prefix)
{
    for (const char *at = text; at && *at; at = strchr(at, '\n') ? strchr(at, '\n') + 1 : NULL)
        if (!strncmp(at, prefix, strlen(prefix)))
            return at;
    return NULL;
}

static int count_lines(const char *text)
{
    int lines = 0;
    for (const char *c = text; *c; c++)
        lines += *c == '\n';
    return lines;
}

static void text_has_its_lines(void)
{
    const qipai_zt_stats *t = &whole_run;
    qipai_zt_sim_report r = report_of(BOTS);
    r.logged = true;
    char *text = format(false, t, &r);
    CHECK(count_lines(text) == 1 + 4 + 1 + 3 + 1 + 1, "%d lines:\n%s", count_lines(text), text);
    CHECK(line_of(text, "zhaotong sim: 120 games, seed 11, bots strong,seed,strong,expert\n"),
          "the first line:\n%s", text);
    for (int s = 0; s < QIPAI_ZT_SEATS; s++) {
        char prefix[64];
        snprintf(prefix, sizeof prefix, "seat %d (%s): win rate ", s, r.bots[s]);
        const char *line = line_of(text, prefix);
        double rate = -1, low = -1, high = -1, score = 0;
        unsigned long long wins = 0;
        qipai_zt_mean m = qipai_zt_stats_mean(t, 1u << s);
        CHECK(line &&
                  sscanf(line + strlen(prefix), "%lf%% [%lf%%, %lf%%] (%llu), average score %lf",
                         &rate, &low, &high, &wins, &score) == 5 &&
                  wins == t->seat_wins[s] &&
                  fabs(rate - 100.0 * (double)t->seat_wins[s] / GAMES) <= 0.05 && low <= rate &&
                  rate <= high && fabs(score - m.mean) <= 0.0005,
              "seat %d's line:\n%s", s, text);
    }
    const char *strong = line_of(text, "bot strong: "), *seed = line_of(text, "bot seed: "),
               *expert = line_of(text, "bot expert: ");
    CHECK(strong && seed && expert && strong < seed && seed < expert, "bots by first seat:\n%s",
          text);
    const char *two = strong ? strstr(strong, "(2 seats)\n") : NULL;
    CHECK(two && two < strchr(strong, '\n'), "strong plays two seats:\n%s", text);
    CHECK(line_of(text,
                  "speed: 120 games in 1.500 s cpu (0.750 s wall) with the log, 160 games/s\n"),
          "the speed line:\n%s", text);
    CHECK(!strstr(text, "faults"), "no program, no faults:\n%s", text);
    free(text);
}

static void programs_faults_and_speed(void)
{
    qipai_zt_sim_report r = report_of(BOTS);
    r.bots[1] = "exec:./bot \"x\"";
    r.bots[3] = "exec:./bot \"x\"";
    r.faults_text[1] = "1 late, 0 illegal, 0 invalid, 0 gone in 9 decisions";
    r.faults_json[1] = "{\"late\":1,\"total\":1}";
    r.faults_text[3] = "0 late, 0 illegal, 0 invalid, 0 gone in 7 decisions";
    r.faults_json[3] = "{\"late\":0,\"total\":0}";
    char *text = format(false, &whole_run, &r), *json = format(true, &whole_run, &r);
    CHECK(count_lines(text) == 1 + 4 + 1 + 2 + 1 + 2 + 1, "%d lines:\n%s", count_lines(text), text);
    const char *one = line_of(text, "faults of seat 1 (exec:./bot \"x\"): 1 late, 0 illegal, "
                                    "0 invalid, 0 gone in 9 decisions\n"),
               *three = line_of(text, "faults of seat 3 (exec:./bot \"x\"): 0 late"),
               *speed = line_of(text, "speed: 120 games in 0.750 s wall (1.500 s cpu here, the "
                                      "programs' own aside), 160 games/s\n");
    CHECK(one && three && speed && one < three && three < speed, "faults, then speed:\n%s", text);
    CHECK(line_of(text, "bot exec:./bot \"x\": ") && strstr(text, "(2 seats)\n"), "%s", text);
    qjson_doc doc;
    const qjson_value *root;
    char why[128];
    qjson_doc_init(&doc);
    CHECK(qjson_parse(&doc, json, strlen(json), &root, why, sizeof why) == 0, "%s: %s", why, json);
    const qjson_value *seat = qjson_at(qjson_get(root, "seats"), 1);
    const char *name = qjson_get_string(seat, "bot");
    int64_t late = -1;
    CHECK(name && !strcmp(name, r.bots[1]), "the name read back: %s", name ? name : "(none)");
    CHECK(qjson_get_int(qjson_get(seat, "faults"), "late", &late) && late == 1, "%s", json);
    CHECK(!qjson_get(qjson_at(qjson_get(root, "seats"), 0), "faults"), "%s", json);
    CHECK(strstr(json, "\"average_score\":{\"strong\":") &&
              strstr(json, "\"exec:./bot \\\"x\\\"\":"),
          "the bots' keys, escaped: %s", json);
    qjson_doc_free(&doc);
    free(text);
    free(json);
}

static void no_game_gives_zeros_and_no_interval(void)
{
    qipai_zt_stats t;
    qipai_zt_stats_init(&t);
    qipai_zt_sim_report r = report_of(BOTS);
    r.cpu_seconds = r.wall_seconds = r.games_per_second = 0;
    char *text = format(false, &t, &r), *json = format(true, &t, &r);
    CHECK(line_of(text, "seat 1 (seed): win rate 0.0% (0), average score +0.000\n"), "%s", text);
    CHECK(line_of(text, "ends: wall 0.0%, one left 0.0%; 0.00 wins and 0.0 steps per game\n"),
          "%s", text);
    CHECK(!strstr(text, "nan") && !strstr(text, "[") && !strstr(json, "nan"), "%s%s", text, json);
    CHECK(strstr(json, "\"win_rate\":0,\"average_score\":0,\"average_score_ci95\":null,"
                       "\"win_rate_ci95\":null}") != NULL,
          "%s", json);
    free(text);
    free(json);
}

static void formatters_are_snprintf_style(void)
{
    char name[400];
    memset(name, 'b', sizeof name - 1);
    name[sizeof name - 1] = '\0';
    qipai_zt_sim_report r = report_of(BOTS);
    r.bots[2] = name; /* longer than any scratch line */
    int sizes = 0;
    for (int json = 0; json < 2; json++) {
        char *whole = format(json, &whole_run, &r);
        size_t n = strlen(whole);
        CHECK(strstr(whole, name) != NULL, "the long name is written whole");
        char *buffer = malloc(n + 2);
        for (size_t size = 0; size <= n + 1; size++) {
            memset(buffer, '#', n + 2);
            size_t got = json ? qipai_zt_format_sim_json(&whole_run, &r, buffer, size)
                              : qipai_zt_format_sim_text(&whole_run, &r, buffer, size);
            size_t written = size ? size - 1 < n ? size - 1 : n : 0;
            CHECK(got == n, "size %zu: %zu, not %zu", size, got, n);
            if (size)
                CHECK(buffer[written] == '\0' && !memcmp(buffer, whole, written),
                      "size %zu: not the text's first %zu bytes", size, written);
            CHECK(buffer[size] == '#', "size %zu: wrote past the buffer", size);
            sizes++;
        }
        free(buffer);
        free(whole);
    }
    CHECK(sizes > 2000, "tried %d sizes", sizes);
}

int main(void)
{
    play_whole_run();
    RUN(shards_merged_any_way_print_the_run);
    RUN(json_reads_back_to_the_statistics);
    RUN(text_has_its_lines);
    RUN(programs_faults_and_speed);
    RUN(no_game_gives_zeros_and_no_interval);
    RUN(formatters_are_snprintf_style);
    return test_report();
}
