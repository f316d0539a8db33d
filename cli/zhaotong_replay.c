/*
 * `qipai zhaotong replay`'s check of a log file: each line is read by the
 * library's log reader and given to its replay check (zhaotong.h), which
 * says where the game departs from the rules. A game's header starts a
 * replay; after that a line is an action (played, and it must be legal) or
 * one of the records the rules give at that point (the deal, then the
 * events each action reports), which it must equal, in order. This file
 * only splits the text into lines, keeps count, and words the problems
 * (docs/formats/zhaotong.md, "replay").
 */
#include "zhaotong_cli.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

typedef struct checker {
    qipai_zt_replay replay; /* the game being checked */
    bool active, failed;
    long number, line;
    zt_replay_report_fn report;
    void *context;
    FILE *out;
    zt_replay_result *result;
    qjson_doc doc;          /* the current line, parsed */
    qjson_writer writer;    /* excerpts */
} checker;

/* Every problem goes through here, so that it is counted. */
static void note(checker *c, long game, const char *message)
{
    c->result->errors++;
    c->report(game, c->line, message, c->context);
}

static void fail(checker *c, const char *format, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

static void fail(checker *c, const char *format, ...)
{
    char message[512];
    va_list args;
    va_start(args, format);
    vsnprintf(message, sizeof message, format, args);
    va_end(args);
    /* A message cut short ends on a whole UTF-8 character. */
    size_t n = strlen(message);
    for (int drop = 0; drop < 3 && n && !qjson_utf8_valid(message, n); drop++)
        message[--n] = '\0';
    note(c, c->number, message);
    c->failed = true;
}

static int compare_members(const void *a, const void *b)
{
    const qjson_member *x = *(const qjson_member *const *)a, *y = *(const qjson_member *const *)b;
    size_t n = x->key_length < y->key_length ? x->key_length : y->key_length;
    int order = memcmp(x->key, y->key, n);
    return order ? order : (x->key_length > y->key_length) - (x->key_length < y->key_length);
}

/* A value as compact JSON with every object's keys sorted, so that a line
 * and the line expected in its place read alike whatever their key order. */
static void write_sorted(qjson_writer *w, const qjson_value *v)
{
    if (v->type == QJSON_ARRAY) {
        qjson_array_begin(w);
        for (size_t i = 0; i < v->length; i++)
            write_sorted(w, &v->items[i]);
        qjson_array_end(w);
        return;
    }
    if (v->type != QJSON_OBJECT) {
        qjson_write_value(w, v);
        return;
    }
    const qjson_member **members = malloc((v->length ? v->length : 1) * sizeof *members);
    if (!members) {
        qjson_null(w);
        return;
    }
    for (size_t i = 0; i < v->length; i++)
        members[i] = &v->members[i];
    qsort(members, v->length, sizeof *members, compare_members);
    qjson_object_begin(w);
    for (size_t i = 0; i < v->length; i++) {
        qjson_key_n(w, members[i]->key, members[i]->key_length);
        write_sorted(w, &members[i]->value);
    }
    qjson_object_end(w);
    free(members);
}

/* A line for messages: sorted, cut to fit size with "..." (never inside a
 * UTF-8 sequence). */
static void excerpt(checker *c, const qjson_value *v, char *out, size_t size)
{
    qjson_writer_reset(&c->writer);
    write_sorted(&c->writer, v);
    size_t n;
    const char *text = qjson_text(&c->writer, &n);
    if (!text) {
        snprintf(out, size, "?");
        return;
    }
    if (n < size) {
        memcpy(out, text, n + 1);
        return;
    }
    size_t cut = size - 4;
    while (cut > 0 && ((unsigned char)text[cut] & 0xC0) == 0x80)
        cut--;
    memcpy(out, text, cut);
    memcpy(out + cut, "...", 4);
}

/* The excerpt of a record as the log writes it. */
static void record_excerpt(checker *c, const qipai_zt_record *r, char *out, size_t size)
{
    char line[QIPAI_ZT_LOG_LINE];
    size_t n = qipai_zt_log_record(r, line, sizeof line);
    qjson_doc doc;
    const qjson_value *root;
    qjson_doc_init(&doc);
    if (n < sizeof line && qjson_parse(&doc, line, n, &root, NULL, 0) == 0)
        excerpt(c, root, out, size);
    else
        snprintf(out, size, "?");
    qjson_doc_free(&doc);
}

static void mismatch(checker *c, const qipai_zt_record *want, const qjson_value *line)
{
    char expected[300], found[300];
    record_excerpt(c, want, expected, sizeof expected);
    excerpt(c, line, found, sizeof found);
    fail(c, "expected %s, found %s", expected, found);
}

static void game_done(checker *c)
{
    const qipai_zt_game *g = &c->replay.game;
    c->active = false;
    c->result->valid++;
    if (!c->out)
        return;
    qjson_writer *w = &c->writer;
    qjson_writer_reset(w);
    qjson_object_begin(w);
    qjson_key_int(w, "game", c->number);
    qjson_key_bool(w, "valid", true);
    qjson_key_string(w, "end", g->end == QIPAI_ZT_END_WALL ? "wall" : "one_left");
    qjson_key_int(w, "winners", g->winners);
    qjson_key(w, "scores");
    qjson_array_begin(w);
    for (int s = 0; s < QIPAI_ZT_SEATS; s++)
        qjson_int(w, g->players[s].score);
    qjson_array_end(w);
    qjson_object_end(w);
    const char *text = qjson_text(w, NULL);
    if (text)
        fprintf(c->out, "%s\n", text);
}

static void start_game(checker *c, const char *text, size_t size)
{
    if (c->active && !c->failed)
        note(c, c->number, "the log ends before the game is over");
    c->result->games++;
    c->active = true;
    c->failed = false;
    int64_t number = c->result->games;
    qipai_zt_rules rules;
    uint8_t wall[QIPAI_ZT_TILES];
    int dealer;
    qipai_error err;
    qipai_err e = qipai_zt_log_read_header(text, size, &rules, wall, &dealer, &number, &err);
    c->number = (long)number;
    if (e != QIPAI_OK) {
        fail(c, "%s", err.message);
        return;
    }
    if (qipai_zt_replay_start(&c->replay, &rules, wall, dealer, &err) != QIPAI_OK)
        fail(c, "bad game header: %s", err.message);
}

/* A line where an action is due: it is read as an action and played, and
 * must then be exactly that action's line. */
static void action_line(checker *c, const char *text, size_t size, const qjson_value *line)
{
    char seen[300];
    qipai_zt_action a;
    qipai_error err;
    if (qipai_zt_log_read_action(text, size, &a, &err) != QIPAI_OK) {
        unsigned to_act = qipai_zt_to_act(&c->replay.game);
        excerpt(c, line, seen, sizeof seen);
        fail(c, "%s (seats to act: %s%s%s%s): %s", err.message, to_act & 1 ? "0 " : "",
             to_act & 2 ? "1 " : "", to_act & 4 ? "2 " : "", to_act & 8 ? "3 " : "", seen);
        return;
    }
    qipai_err e = qipai_zt_replay_action(&c->replay, &a, &err);
    if (e == QIPAI_ERR_STATE || e == QIPAI_ERR_LIMIT) {
        fail(c, "%s", err.message);
        return;
    }
    if (e != QIPAI_OK) {
        excerpt(c, line, seen, sizeof seen);
        fail(c, "illegal action %s: %s", seen, err.message);
        return;
    }
    qipai_zt_event event;
    qipai_zt_record want, record;
    memset(&event, 0, sizeof event);
    event.type = QIPAI_ZT_EV_ACTION;
    event.player = (int8_t)a.seat;
    event.from = -1;
    event.tile = a.kind;
    event.action = a;
    qipai_zt_record_event(&c->replay.game, &event, &want);
    if (qipai_zt_log_read_record(text, size, &record, NULL) != QIPAI_OK ||
        !qipai_zt_record_equal(&want, &record))
        mismatch(c, &want, line);
}

static void play_line(checker *c, const char *text, size_t size, const qjson_value *line)
{
    qipai_zt_record want, record;
    if (!qipai_zt_replay_expected(&c->replay, &want)) {
        if (c->replay.game.phase == QIPAI_ZT_PHASE_OVER)
            fail(c, "a line after the end of the game");
        else
            action_line(c, text, size, line);
    } else if (qipai_zt_log_read_record(text, size, &record, NULL) != QIPAI_OK ||
               qipai_zt_replay_record(&c->replay, &record, NULL) != QIPAI_OK) {
        mismatch(c, &want, line);
    }
    if (!c->failed && qipai_zt_replay_done(&c->replay))
        game_done(c);
}

static bool is_game(const qjson_value *type)
{
    return type && type->type == QJSON_STRING && type->length == 4 &&
           !memcmp(type->string, "game", 4);
}

static void one_line(checker *c, const char *text, size_t size)
{
    while (size && (text[size - 1] == '\r' || text[size - 1] == ' ' || text[size - 1] == '\t'))
        size--;
    while (size && (*text == ' ' || *text == '\t'))
        text++, size--;
    if (!size)
        return;
    c->result->lines++;
    const qjson_value *root;
    char why[128];
    bool parsed = qjson_parse(&c->doc, text, size, &root, why, sizeof why) == 0;
    if (!parsed || root->type != QJSON_OBJECT) {
        if (!c->active)
            note(c, 0, parsed ? "not a JSON object" : why);
        else if (!c->failed)
            fail(c, "not a JSON object: %s", parsed ? "another JSON value" : why);
        return;
    }
    if (is_game(qjson_get(root, "type")))
        start_game(c, text, size);
    else if (!c->active)
        note(c, 0, "a line outside any game (before a header, or after a game's end)");
    else if (!c->failed)
        play_line(c, text, size, root);
}

int zt_replay_text(const char *text, size_t size, zt_replay_report_fn report, void *context,
                   FILE *out, zt_replay_result *result)
{
    memset(result, 0, sizeof *result);
    checker *c = calloc(1, sizeof *c); /* the replay is 17 KB */
    if (!c) {
        report(0, 0, "out of memory", context);
        result->errors++;
        return 1;
    }
    c->report = report;
    c->context = context;
    c->out = out;
    c->result = result;
    qjson_doc_init(&c->doc);
    qjson_doc_reject_duplicates(&c->doc, true);
    qjson_writer_init(&c->writer);
    size_t start = 0;
    for (size_t i = 0; i <= size; i++) {
        if (i < size && text[i] != '\n')
            continue;
        c->line++;
        one_line(c, text + start, i - start);
        start = i + 1;
    }
    if (c->active && !c->failed)
        note(c, c->number, "the log ends before the game is over");
    qjson_doc_free(&c->doc);
    qjson_writer_free(&c->writer);
    free(c);
    return result->errors == 0 && result->valid == result->games ? 0 : 1;
}
