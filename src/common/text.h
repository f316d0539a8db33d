/*
 * Writing text into a caller's buffer the snprintf way, for every formatter
 * of the library (qipai.h, "Text"): whatever fits is written and always
 * NUL-terminated (when the buffer has room for anything), and the length the
 * whole text needs is counted on, so the caller learns how big to make it.
 * Invariant: length >= bytes written; out[min(length, size - 1)] == '\0'.
 */
#ifndef QIPAI_COMMON_TEXT_H
#define QIPAI_COMMON_TEXT_H

#include <stddef.h>
#include <string.h>

typedef struct text_sink {
    char *out;
    size_t size;   /* of out, NUL included */
    size_t length; /* of the whole text so far, written or not */
} text_sink;

static inline text_sink text_sink_make(char *out, size_t size)
{
    text_sink t = {out, size, 0};
    if (size)
        out[0] = '\0';
    return t;
}

static inline void text_put(text_sink *t, const char *s, size_t n)
{
    if (t->length + 1 < t->size) {
        size_t room = t->size - 1 - t->length;
        size_t take = n < room ? n : room;
        memcpy(t->out + t->length, s, take);
        t->out[t->length + take] = '\0';
    }
    t->length += n;
}

static inline void text_puts(text_sink *t, const char *s)
{
    text_put(t, s, strlen(s));
}

static inline void text_putc(text_sink *t, char c)
{
    text_put(t, &c, 1);
}

#endif
