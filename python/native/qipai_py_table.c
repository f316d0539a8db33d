/*
 * The table layer's step for Python (qipai_py_table.h): the events as log
 * lines, collected by the step's callback into the caller's buffer.
 */
#include "qipai_py_table.h"

#include <stdio.h>
#include <string.h>

typedef struct line_sink {
    const qipai_table_game *game;
    char *out;
    size_t size, length;
} line_sink;

static void collect(const void *state, const void *event, void *context)
{
    line_sink *sink = context;
    char line[QIPAI_TABLE_LOG_LINE];
    size_t n = qipai_table_log_event(sink->game, state, event, -1, line, sizeof line);
    if (n == 0)
        return;
    if (n >= sizeof line)
        n = sizeof line - 1; /* a line the log cannot hold either */
    if (sink->length + n + 1 < sink->size) {
        memcpy(sink->out + sink->length, line, n);
        sink->out[sink->length + n] = '\n';
    }
    sink->length += n + 1;
}

qipai_err qipy_table_step(const qipai_table_game *game, void *state, int seat, int32_t action,
                          char *out, size_t size, size_t *length, qipai_error *err)
{
    line_sink sink = {game, out, size, 0};
    qipai_err e = qipai_table_step(game, state, seat, action, collect, &sink, err);
    *length = sink.length;
    if (e == QIPAI_OK && sink.length >= size) {
        if (err) {
            err->code = QIPAI_ERR_BUFFER;
            err->position = -1;
            snprintf(err->message, sizeof err->message, "the step's events need %zu bytes",
                     sink.length);
        }
        return QIPAI_ERR_BUFFER;
    }
    return e;
}
