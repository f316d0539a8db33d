/*
 * `qipai GAME replay FILE [--verbose]` (and `qipai table GAME replay`): reads
 * the log, checks every game through table_replay.c, prints each problem and
 * the summary as JSON lines (docs/FORMATS.md, "Tables: the commands").
 */
#include "cli.h"
#include "table_cli.h"

#include <stdlib.h>
#include <string.h>

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
