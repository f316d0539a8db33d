/*
 * `qipai zhaotong replay`: re-runs every game of a log through the library
 * and checks that each line is exactly what the library says happens. A
 * game's header sets up the wall, the dealer and the rules; after that a
 * line is either an action (fed to qipai_zt_step, which must accept it) or
 * one of the events the library reported (draws, melds, wins with their
 * decomposition and types, payments, the end), which must match them, in
 * order, field for field. The invariants are checked after every step.
 */
#include "zhaotong_cli.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

typedef struct replay {
    qipai_zt_game game;
    json_t **queue; /* events the library reported, not yet matched by a line */
    size_t head, count, capacity;
    bool active, failed, oom;
    long number, line;
    zt_replay_report_fn report;
    void *context;
    FILE *out;
    zt_replay_result *result;
} replay;

static void push(replay *r, json_t *o)
{
    if (r->count == r->capacity) {
        size_t capacity = r->capacity ? 2 * r->capacity : 64;
        json_t **grown = realloc(r->queue, capacity * sizeof *grown);
        if (!grown) {
            json_decref(o);
            r->oom = true;
            return;
        }
        r->queue = grown;
        r->capacity = capacity;
    }
    r->queue[r->count++] = o;
}

static void clear_queue(replay *r)
{
    for (size_t i = r->head; i < r->count; i++)
        json_decref(r->queue[i]);
    r->head = r->count = 0;
}

/* Every problem goes through here, so that it is counted. */
static void note(replay *r, long game, const char *message)
{
    r->result->errors++;
    r->report(game, r->line, message, r->context);
}

static void on_event(const qipai_zt_game *g, const qipai_zt_event *e, void *context)
{
    push(context, zt_json_event(g, e));
}

static void fail(replay *r, const char *format, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

static void fail(replay *r, const char *format, ...)
{
    char message[512];
    va_list args;
    va_start(args, format);
    vsnprintf(message, sizeof message, format, args);
    va_end(args);
    note(r, r->number, message);
    r->failed = true;
    clear_queue(r);
}

/* A line as compact text for messages, cut short. */
static void excerpt(const json_t *o, char *out, size_t size)
{
    char *text = json_dumps(o, JSON_COMPACT | JSON_SORT_KEYS);
    snprintf(out, size, "%s", text ? text : "?");
    if (text && strlen(text) >= size && size > 4)
        strcpy(out + size - 4, "...");
    free(text);
}

static void game_done(replay *r)
{
    r->active = false;
    r->result->valid++;
    if (!r->out)
        return;
    json_t *scores = json_array();
    for (int s = 0; s < QIPAI_ZT_SEATS; s++)
        json_array_append_new(scores, json_integer(r->game.players[s].score));
    json_t *o = json_pack("{s:i,s:b,s:s,s:i,s:o}", "game", (int)r->number, "valid", 1, "end",
                          r->game.end == QIPAI_ZT_END_WALL ? "wall" : "one_left", "winners",
                          (int)r->game.winners, "scores", scores);
    char *text = json_dumps(o, JSON_COMPACT);
    if (text)
        fprintf(r->out, "%s\n", text);
    free(text);
    json_decref(o);
}

static void start_game(replay *r, const json_t *line)
{
    if (r->active && !r->failed)
        note(r, r->number, "the log ends before the game is over");
    clear_queue(r);
    r->result->games++;
    json_t *n = json_object_get(line, "game");
    r->number = json_is_integer(n) ? (long)json_integer_value(n) : r->result->games;
    r->active = true;
    r->failed = false;
    qipai_zt_rules rules;
    uint8_t wall[QIPAI_ZT_TILES];
    int dealer;
    char why[256];
    qipai_error err;
    if (zt_parse_header(line, &rules, wall, &dealer, why, sizeof why)) {
        fail(r, "bad game header: %s", why);
        return;
    }
    if (qipai_zt_game_init_wall(&r->game, &rules, wall, dealer, &err) != QIPAI_OK) {
        fail(r, "bad game header: %s", err.message);
        return;
    }
    /* The header must say what the library derives from the wall. */
    json_t *mine = zt_json_header(&r->game, r->number, NULL);
    const char *informative[] = {"game", "seed", "bots"};
    for (int i = 0; i < 3; i++) {
        json_t *v = json_object_get(line, informative[i]);
        if (v)
            json_object_set(mine, informative[i], v);
        else
            json_object_del(mine, informative[i]);
    }
    if (!json_equal(mine, (json_t *)line)) {
        char want[200];
        excerpt(json_object_get(mine, "tuo"), want, sizeof want);
        fail(r, "the header does not match its wall: the 坨 is %s, the turned tile lies with "
                "seat %d, and no other keys are allowed", want, r->game.turned_seat);
    } else {
        push(r, zt_json_deal(&r->game));
    }
    json_decref(mine);
}

static void play_line(replay *r, json_t *line)
{
    char seen[300], want[300];
    if (r->head == r->count) { /* nothing pending: the line must be an action */
        if (r->game.phase == QIPAI_ZT_PHASE_OVER) {
            fail(r, "a line after the end of the game");
            return;
        }
        qipai_zt_action a;
        char why[256];
        if (zt_parse_action(line, &a, why, sizeof why)) {
            excerpt(line, seen, sizeof seen);
            unsigned to_act = qipai_zt_to_act(&r->game);
            fail(r, "%s (seats to act: %s%s%s%s): %s", why, to_act & 1 ? "0 " : "",
                 to_act & 2 ? "1 " : "", to_act & 4 ? "2 " : "", to_act & 8 ? "3 " : "", seen);
            return;
        }
        qipai_error err;
        if (qipai_zt_step_events(&r->game, &a, on_event, r, &err) != QIPAI_OK) {
            excerpt(line, seen, sizeof seen);
            fail(r, "illegal action %s: %s", seen, err.message);
            return;
        }
        if (qipai_zt_check(&r->game, &err) != QIPAI_OK) {
            fail(r, "after this action the game breaks an invariant: %s", err.message);
            return;
        }
        if (r->oom) {
            fail(r, "out of memory");
            return;
        }
    }
    json_t *expected = r->queue[r->head];
    if (!json_equal(expected, line)) {
        excerpt(expected, want, sizeof want);
        excerpt(line, seen, sizeof seen);
        fail(r, "expected %s, found %s", want, seen);
        return;
    }
    json_decref(expected);
    r->head++;
    if (r->head == r->count)
        r->head = r->count = 0;
    if (r->head == r->count && r->game.phase == QIPAI_ZT_PHASE_OVER)
        game_done(r);
}

static void one_line(replay *r, const char *text, size_t size)
{
    while (size && (text[size - 1] == '\r' || text[size - 1] == ' ' || text[size - 1] == '\t'))
        size--;
    size_t blank = 0;
    while (blank < size && (text[blank] == ' ' || text[blank] == '\t'))
        blank++;
    if (blank == size)
        return;
    r->result->lines++;
    json_error_t jerr;
    json_t *line = json_loadb(text, size, JSON_REJECT_DUPLICATES, &jerr);
    if (!line || !json_is_object(line)) {
        if (!r->active) {
            note(r, 0, line ? "not a JSON object" : jerr.text);
        } else if (!r->failed) {
            fail(r, "not a JSON object: %s", line ? "another JSON value" : jerr.text);
        }
        json_decref(line);
        return;
    }
    json_t *type = json_object_get(line, "type");
    if (json_is_string(type) && !strcmp(json_string_value(type), "game"))
        start_game(r, line);
    else if (!r->active)
        note(r, 0, "a line outside any game (before a header, or after a game's end)");
    else if (!r->failed)
        play_line(r, line);
    json_decref(line);
}

int zt_replay_text(const char *text, size_t size, zt_replay_report_fn report, void *context,
                   FILE *out, zt_replay_result *result)
{
    memset(result, 0, sizeof *result);
    replay *r = calloc(1, sizeof *r);
    if (!r) {
        report(0, 0, "out of memory", context);
        result->errors++;
        return 1;
    }
    r->report = report;
    r->context = context;
    r->out = out;
    r->result = result;
    size_t start = 0;
    for (size_t i = 0; i <= size; i++) {
        if (i < size && text[i] != '\n')
            continue;
        r->line++;
        one_line(r, text + start, i - start);
        start = i + 1;
    }
    if (r->active && !r->failed)
        note(r, r->number, "the log ends before the game is over");
    clear_queue(r);
    free(r->queue);
    free(r);
    return result->errors == 0 && result->valid == result->games ? 0 : 1;
}
