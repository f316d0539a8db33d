/*
 * The replay check of a whole log for every game on the table layer:
 * each line goes to the library's replay check (qipai_table_replay_*, which
 * reads the game's lines and writes what the rules give); this file splits
 * the text into lines, numbers them, and words the problems as `qipai
 * zhaotong replay` does (docs/FORMATS.md, "Tables: replay").
 */
#include "table_cli.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

typedef struct checker {
    qipai_table_replay replay;
    const qipai_table_game *game;
    bool active, failed;
    long number, line;
    table_replay_report_fn report;
    void *context;
    FILE *out;
    table_replay_result *result;
} checker;

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
    char message[1200];
    va_list args;
    va_start(args, format);
    vsnprintf(message, sizeof message, format, args);
    va_end(args);
    size_t n = strlen(message); /* a message cut short ends on a whole character */
    for (int drop = 0; drop < 3 && n && !qjson_utf8_valid(message, n); drop++)
        message[--n] = '\0';
    note(c, c->number, message);
    c->failed = true;
}

/* A line for messages, cut to about 300 bytes on a character's start. */
static int excerpt_length(const char *text, size_t n)
{
    if (n <= 300)
        return (int)n;
    size_t cut = 296;
    while (cut > 0 && ((unsigned char)text[cut] & 0xC0) == 0x80)
        cut--;
    return (int)cut;
}

static void game_done(checker *c)
{
    const qipai_table_game *g = c->game;
    c->active = false;
    c->result->valid++;
    if (!c->out)
        return;
    qipai_table_shape shape;
    qipai_table_shape_of(g, g->rules_of(&c->replay.state), &shape);
    char extra[1024] = "";
    if (g->log_result)
        g->log_result(&c->replay.state, extra, sizeof extra);
    int64_t scores[QIPAI_TABLE_MAX_SEATS];
    g->scores(&c->replay.state, scores);
    fprintf(c->out, "{\"game\":%ld,\"valid\":true%s%s,\"scores\":[", c->number, *extra ? "," : "",
            extra);
    for (int s = 0; s < shape.seats; s++)
        fprintf(c->out, "%s%lld", s ? "," : "", (long long)scores[s]);
    fputs("]}\n", c->out);
}

static void start_game(checker *c, const char *text, size_t size)
{
    if (c->active && !c->failed)
        note(c, c->number, "the log ends before the game is over");
    c->result->games++;
    c->active = true;
    c->failed = false;
    qipai_error err;
    qipai_err e = qipai_table_replay_start(&c->replay, c->game, text, size, &err);
    c->number = c->replay.number > 0 ? (long)c->replay.number : c->result->games;
    if (e != QIPAI_OK)
        fail(c, "bad game header: %s", err.message);
}

static void play_line(checker *c, const char *text, size_t size)
{
    qipai_error err;
    qipai_err e = qipai_table_replay_line(&c->replay, text, size, &err);
    const char *want;
    size_t want_length;
    if (e == QIPAI_OK) {
        if (qipai_table_replay_done(&c->replay))
            game_done(c);
    } else if (e == QIPAI_ERR_ILLEGAL && qipai_table_replay_wanted(&c->replay, &want, &want_length)) {
        fail(c, "expected %.*s, found %.*s", excerpt_length(want, want_length), want,
             excerpt_length(text, size), text);
    } else if (e == QIPAI_ERR_SYNTAX) {
        unsigned to_act = qipai_table_to_act(c->game, &c->replay.state);
        char seats[40] = "";
        for (int s = 0; s < QIPAI_TABLE_MAX_SEATS; s++)
            if (to_act >> s & 1)
                snprintf(seats + strlen(seats), sizeof seats - strlen(seats), "%d ", s);
        fail(c, "%s (seats to act: %s): %.*s", err.message, seats, excerpt_length(text, size),
             text);
    } else {
        fail(c, "%s", err.message);
    }
}

static bool is_header(const char *text, size_t size)
{
    /* The framing's first member; a header written otherwise is still read
     * as one when it says "type":"game" anywhere at its top. */
    static const char head[] = "{\"type\":\"game\"";
    if (size >= sizeof head - 1 && !memcmp(text, head, sizeof head - 1))
        return true;
    qjson_doc doc;
    const qjson_value *root;
    qjson_doc_init(&doc);
    bool yes = false;
    if (qjson_parse(&doc, text, size, &root, NULL, 0) == 0 && root->type == QJSON_OBJECT) {
        const char *type = qjson_get_string(root, "type");
        yes = type && !strcmp(type, "game");
    }
    qjson_doc_free(&doc);
    return yes;
}

/* A bot program's note (docs/formats/bot.md): skipped wherever it stands,
 * after a game's end too (the library skips it within a game). */
static bool is_note(const char *text, size_t size)
{
    qjson_doc doc;
    const qjson_value *root;
    qjson_doc_init(&doc);
    bool yes = false;
    if (qjson_parse(&doc, text, size, &root, NULL, 0) == 0 && root->type == QJSON_OBJECT) {
        const char *type = qjson_get_string(root, "type");
        yes = type && !strcmp(type, "note");
    }
    qjson_doc_free(&doc);
    return yes;
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
    if (is_header(text, size))
        start_game(c, text, size);
    else if (!c->active && !is_note(text, size))
        note(c, 0, "a line outside any game (before a header, or after a game's end)");
    else if (!c->failed)
        play_line(c, text, size);
}

int table_replay_text(const qipai_table_game *game, const char *text, size_t size,
                      table_replay_report_fn report, void *context, FILE *out,
                      table_replay_result *result)
{
    memset(result, 0, sizeof *result);
    checker *c = calloc(1, sizeof *c); /* the replay is about 100 KB */
    if (!c) {
        report(0, 0, "out of memory", context);
        result->errors++;
        return 1;
    }
    c->game = game;
    c->report = report;
    c->context = context;
    c->out = out;
    c->result = result;
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
    free(c);
    return result->errors == 0 && result->valid == result->games ? 0 : 1;
}
