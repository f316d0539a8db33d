/*
 * `qipai zhaotong replay FILE [--verbose]`: reads the log, checks every game
 * through zhaotong_replay.c (the library's log reader and replay check),
 * prints each problem and the summary as JSON lines (docs/formats/zhaotong.md).
 */
#include "cli.h"
#include "zhaotong_cli.h"

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

int zt_cli_replay(int argc, char **argv)
{
    const char *path = NULL;
    bool verbose = false;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--verbose"))
            verbose = true;
        else if (!path && strncmp(argv[i], "--", 2))
            path = argv[i];
        else
            return prog_usage("zhaotong replay: unexpected '%s' (try: qipai zhaotong replay --help)", argv[i]);
    }
    if (!path)
        return prog_usage("zhaotong replay: which FILE? (try: qipai zhaotong replay --help)");
    FILE *f = strcmp(path, "-") ? fopen(path, "rb") : stdin;
    if (!f)
        return prog_usage("zhaotong replay: cannot read '%s'", path);
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
        return prog_usage("zhaotong replay: out of memory");
    zt_replay_result r;
    qjson_writer w;
    qjson_writer_init(&w);
    int status = zt_replay_text(text, size, print_problem, &w, verbose ? stdout : NULL, &r);
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
