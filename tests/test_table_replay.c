/*
 * The table layer's replay check (src/table/replay.c) on Zhaotong's logs:
 * every game a run logs replays whole and valid; a log with one line changed
 * departs at that line or later (never earlier: the lines before it are the
 * game's), and a change that departs changes nothing (the line due is still
 * due); lines after the end, a header of another game, a line that is not
 * JSON and an illegal action are each refused with their own code; note
 * lines (a bot program's faults and debug texts) are skipped wherever they
 * stand in a game.
 */
#include <qipai/table.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test.h"

enum { GAMES = 120, MAX_LINES = 400 };

typedef struct logged {
    const qipai_table_game *game;
    char *lines[MAX_LINES];
    size_t lengths[MAX_LINES];
    int count;
} logged;

static void add_line(logged *l, const char *text, size_t n)
{
    CHECK(n < QIPAI_TABLE_LOG_LINE && l->count < MAX_LINES, "line %d of %zu bytes", l->count, n);
    if (l->count >= MAX_LINES)
        return;
    l->lines[l->count] = malloc(n + 1);
    memcpy(l->lines[l->count], text, n + 1);
    l->lengths[l->count++] = n;
}

static void on_start(const void *state, uint64_t number, void *context)
{
    logged *l = context;
    char line[QIPAI_TABLE_LOG_LINE];
    static const char *const bots[] = {"strong", "seed", "strong", "seed"};
    add_line(l, line, qipai_table_log_header(l->game, state, number, bots, line, sizeof line));
    add_line(l, line, qipai_table_log_deal(l->game, state, -1, line, sizeof line));
}

static void on_event(const void *state, const void *event, void *context)
{
    logged *l = context;
    char line[QIPAI_TABLE_LOG_LINE];
    add_line(l, line, qipai_table_log_event(l->game, state, event, -1, line, sizeof line));
}

static void free_log(logged *l)
{
    for (int i = 0; i < l->count; i++)
        free(l->lines[i]);
    l->count = 0;
}

/* Game number of the run seeded 9, logged. */
static void log_game(const qipai_table_game *g, const void *rules, uint64_t number, logged *l,
                     void *state)
{
    qipai_error err;
    qipai_table_agent agents[4];
    for (int s = 0; s < 4; s++)
        agents[s] = qipai_table_bot_agent(g, qipai_table_bot_index(g, s % 2 ? "seed" : "strong"));
    qipai_table_observer observer = {on_start, on_event, NULL, l};
    l->game = g;
    CHECK(qipai_table_run(g, rules, 9, number, 1, -1, agents, &observer, state, NULL, &err) ==
              QIPAI_OK,
          "%s", err.message);
}

/* Replays lines [0, count); the line that departs (or count), and its code. */
static int replay_lines(const qipai_table_game *g, qipai_table_replay *r, char *const *lines,
                        const size_t *lengths, int count, qipai_err *code)
{
    qipai_error err;
    *code = qipai_table_replay_start(r, g, lines[0], lengths[0], &err);
    if (*code != QIPAI_OK)
        return 0;
    for (int i = 1; i < count; i++)
        if ((*code = qipai_table_replay_line(r, lines[i], lengths[i], &err)) != QIPAI_OK)
            return i;
    return count;
}

static void logged_games_replay_and_changed_lines_depart(void)
{
    qipai_error err;
    const qipai_table_game *g = qipai_table_game_named("zhaotong", &err);
    static qipai_table_rules rules;
    static qipai_table_state state;
    static qipai_table_replay replay;
    CHECK(g && qipai_table_rules_named(g, &rules, NULL, &err) == QIPAI_OK &&
              qipai_table_rules_option(g, &rules, "base=2", &err) == QIPAI_OK,
          "%s", err.message);
    long valid = 0, changed = 0, departed = 0, lines = 0, at_change = 0, same_after = 0;
    uint64_t seed = 12345;
    for (uint64_t n = 0; n < GAMES; n++) {
        logged l = {0};
        log_game(g, &rules, n, &l, &state);
        lines += l.count;
        qipai_err code;
        int at = replay_lines(g, &replay, l.lines, l.lengths, l.count, &code);
        CHECK(at == l.count && qipai_table_replay_done(&replay), "game %llu departs at line %d",
              (unsigned long long)n, at + 1);
        valid += at == l.count;
        /* One digit of one line after the header changed. */
        seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
        int k = 1 + (int)((seed >> 33) % (uint64_t)(l.count - 1));
        char *line = l.lines[k];
        char *digit = NULL;
        for (char *p = line; *p; p++)
            if (*p >= '0' && *p <= '8')
                digit = p; /* the last, so that a number keeps its length */
        if (!digit) {
            free_log(&l);
            continue;
        }
        (*digit)++;
        changed++;
        at = replay_lines(g, &replay, l.lines, l.lengths, l.count, &code);
        CHECK(at >= k, "game %llu: the change at line %d departs earlier, at %d",
              (unsigned long long)n, k + 1, at + 1);
        if (at < l.count) {
            departed++;
            CHECK(code == QIPAI_ERR_ILLEGAL || code == QIPAI_ERR_SYNTAX,
                  "game %llu: code %d at line %d", (unsigned long long)n, (int)code, at + 1);
            /* Refused at the changed line itself, nothing changed: the
             * original line is accepted there, and the rest of the game. */
            if (at == k) {
                at_change++;
                (*digit)--;
                int rest = k;
                while (rest < l.count &&
                       qipai_table_replay_line(&replay, l.lines[rest], l.lengths[rest], &err) ==
                           QIPAI_OK)
                    rest++;
                same_after += rest == l.count && qipai_table_replay_done(&replay);
                (*digit)++;
            }
        }
        free_log(&l);
    }
    CHECK(valid == GAMES && lines > GAMES * 100, "%ld of %d games valid, %ld lines", valid, GAMES,
          lines);
    /* A changed digit may make another legal game only by chance (a tile
     * named that is also in the hand, and every line after it the same). */
    CHECK(changed > GAMES * 9 / 10 && departed * 100 >= changed * 95,
          "%ld changed, %ld departed", changed, departed);
    CHECK(same_after == at_change && at_change * 10 >= departed * 8,
          "%ld of %ld refused at the change then took the rest of the game (%ld departed)",
          same_after, at_change, departed);
    printf("replay: %d games of %ld lines valid; %ld changed lines, %ld departed (%ld at the "
           "change, each then taking the original and the rest of its game)\n",
           GAMES, lines, changed, departed, at_change);
}

static void each_refusal_has_its_code(void)
{
    qipai_error err;
    const qipai_table_game *g = qipai_table_game_named("zhaotong", &err);
    static qipai_table_rules rules;
    static qipai_table_state state;
    static qipai_table_replay replay;
    CHECK(qipai_table_rules_named(g, &rules, NULL, &err) == QIPAI_OK, "%s", err.message);
    logged l = {0};
    log_game(g, &rules, 3, &l, &state);
    qipai_err code;
    /* The whole game, then one line more. */
    CHECK(replay_lines(g, &replay, l.lines, l.lengths, l.count, &code) == l.count, "valid");
    CHECK(qipai_table_replay_line(&replay, l.lines[2], l.lengths[2], &err) == QIPAI_ERR_STATE,
          "a line after the end: %s", err.message);
    /* Not JSON, then the right line: the bad one changed nothing. */
    CHECK(qipai_table_replay_start(&replay, g, l.lines[0], l.lengths[0], &err) == QIPAI_OK, "%s",
          err.message);
    CHECK(qipai_table_replay_line(&replay, "{\"type\":", 8, &err) == QIPAI_ERR_SYNTAX,
          "not JSON: %s", err.message);
    const char *due;
    size_t due_length;
    CHECK(qipai_table_replay_expected(&replay, &due, &due_length) &&
              due_length == l.lengths[1] && !memcmp(due, l.lines[1], due_length),
          "the deal is due");
    CHECK(qipai_table_replay_line(&replay, l.lines[1], l.lengths[1], &err) == QIPAI_OK, "%s",
          err.message);
    /* A header of another game, by name. */
    char other[QIPAI_TABLE_LOG_LINE];
    const char *name = strstr(l.lines[0], "\"name\":\"zhaotong\"");
    CHECK(name != NULL, "the header names the game: %s", l.lines[0]);
    if (name) {
        snprintf(other, sizeof other, "%.*s\"name\":\"sichuan\"%s", (int)(name - l.lines[0]),
                 l.lines[0], name + strlen("\"name\":\"zhaotong\""));
        CHECK(qipai_table_replay_start(&replay, g, other, strlen(other), &err) ==
                      QIPAI_ERR_ARGUMENT &&
                  strstr(err.message, "another game"),
              "%s", err.message);
        CHECK(qipai_table_replay_line(&replay, l.lines[1], l.lengths[1], &err) ==
                  QIPAI_ERR_STATE,
              "no game after a refused header: %s", err.message);
    }
    /* An added member in the header is refused; "bots" and "seed" are not read. */
    snprintf(other, sizeof other, "%.*s,\"extra\":1}", (int)l.lengths[0] - 1, l.lines[0]);
    CHECK(qipai_table_replay_start(&replay, g, other, strlen(other), &err) != QIPAI_OK,
          "an added member accepted");
    free_log(&l);
}

/* A note after every line of a game (the deal and the header's next line
 * included): the game still replays whole and valid, each note changing
 * nothing. */
static void notes_are_skipped(void)
{
    qipai_error err;
    const qipai_table_game *g = qipai_table_game_named("zhaotong", &err);
    static qipai_table_rules rules;
    static qipai_table_state state;
    static qipai_table_replay replay;
    CHECK(g && qipai_table_rules_named(g, &rules, NULL, &err) == QIPAI_OK, "%s", err.message);
    long games = 0, notes = 0;
    for (uint64_t n = 0; n < 20; n++) {
        static logged l;
        log_game(g, &rules, n, &l, &state);
        static char *lines[2 * MAX_LINES];
        static size_t lengths[2 * MAX_LINES];
        static const char fault[] = "{\"type\":\"note\",\"player\":1,\"fault\":\"late\"}";
        static const char debug[] = "{\"type\":\"note\",\"player\":2,\"debug\":\"why: 5p\"}";
        int count = 0;
        for (int i = 0; i < l.count; i++) {
            lines[count] = l.lines[i];
            lengths[count++] = l.lengths[i];
            if (i + 1 < l.count || n % 2) { /* after the end line too, in odd games */
                lines[count] = (char *)(i % 2 ? fault : debug);
                lengths[count] = strlen(lines[count]);
                count++;
                notes++;
            }
        }
        qipai_err code;
        int at = replay_lines(g, &replay, lines, lengths, count, &code);
        CHECK(at == count && code == QIPAI_OK && qipai_table_replay_done(&replay),
              "game %llu with notes departs at line %d (code %d)", (unsigned long long)n, at,
              (int)code);
        games++;
        free_log(&l);
    }
    CHECK(games == 20 && notes > 20 * 50, "%ld games, %ld notes", games, notes);
}

int main(void)
{
    RUN(logged_games_replay_and_changed_lines_depart);
    RUN(notes_are_skipped);
    RUN(each_refusal_has_its_code);
    return test_report();
}
