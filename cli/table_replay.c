/*
 * `qipai GAME replay FILE [--verbose]` for every game on the table layer:
 * each line goes to the library's replay check (qipai_table_replay_*, which
 * reads the game's lines and writes what the rules give); this file splits
 * the text into lines, numbers them, and words the problems as `qipai
 * zhaotong replay` does (docs/FORMATS.md, "Tables: replay").
 */
#include "cli.h"
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
    else if (!c->active)
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

static void print_problem(long game, long line, const char *message, void *context)
{
    qjson_writer *w = context;
    qjson_writer_reset(w);
    qjson_object_begin(w);
    if (game)
        qjson_key_int(w, "game", game);
    qjson_key_int(w, "line", line);
    qjson_key(w, "error");
    qjson_string_lossy(w, message, strlen(message));
    qjson_object_end(w);
    prog_print_json(w);
}

int table_cli_replay(const qipai_table_game *game, int argc, char **argv)
{
    const char *path = NULL;
    bool verbose = false;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--verbose"))
            verbose = true;
        else if (!path && (strncmp(argv[i], "--", 2) || !strcmp(argv[i], "-")))
            path = argv[i];
        else
            return prog_usage("%s replay: unexpected '%s' (try: qipai %s replay --help)",
                              game->name, argv[i], game->name);
    }
    if (!path)
        return prog_usage("%s replay: which FILE? (try: qipai %s replay --help)", game->name,
                          game->name);
    FILE *f = strcmp(path, "-") ? fopen(path, "rb") : stdin;
    if (!f)
        return prog_usage("%s replay: cannot read '%s'", game->name, path);
    size_t size = 0, capacity = 1 << 16;
    char *text = malloc(capacity);
    for (size_t got; text && (got = fread(text + size, 1, capacity - size, f)) > 0;) {
        size += got;
        if (size == capacity) {
            char *grown = realloc(text, capacity *= 2);
            if (!grown)
                free(text);
            text = grown;
        }
    }
    if (f != stdin)
        fclose(f);
    if (!text)
        return prog_usage("%s replay: out of memory", game->name);
    table_replay_result r;
    qjson_writer w;
    qjson_writer_init(&w);
    int status = table_replay_text(game, text, size, print_problem, &w, verbose ? stdout : NULL, &r);
    free(text);
    qjson_writer_reset(&w);
    qjson_object_begin(&w);
    qjson_key(&w, "file");
    qjson_string_lossy(&w, path, strlen(path));
    qjson_key_int(&w, "games", r.games);
    qjson_key_int(&w, "valid", r.valid);
    qjson_key_int(&w, "lines", r.lines);
    qjson_key_int(&w, "errors", r.errors);
    qjson_key_bool(&w, "ok", status == 0);
    qjson_object_end(&w);
    prog_print_json(&w);
    qjson_writer_free(&w);
    return status ? PROG_EXIT_FAILED : PROG_EXIT_OK;
}
