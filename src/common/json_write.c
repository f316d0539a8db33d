/*
 * The JSON writer of common/json.h: compact RFC 8259 text in a growing
 * buffer, commas and colons placed from a little nesting state, errors
 * sticky. Fast enough to print every CLI answer: a small object is a few
 * dozen nanoseconds, the buffer is reused, and strings are copied in runs
 * between the rare bytes that need attention.
 */
#include "common/json.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *qjson_strerror(int code)
{
    switch (code) {
    case QJSON_OK: return "ok";
    case QJSON_ERR_MEMORY: return "out of memory";
    case QJSON_ERR_UTF8: return "string is not valid UTF-8";
    case QJSON_ERR_NUMBER: return "number is NaN or infinite (JSON has neither)";
    case QJSON_ERR_NESTING:
        return "JSON writer misuse (misplaced key or value, unbalanced end, or nesting over 64)";
    }
    return "unknown JSON error";
}

bool qjson_utf8_valid(const char *s, size_t n)
{
    const unsigned char *p = (const unsigned char *)s;
    size_t i = 0, taken;
    while (i < n) {
        if (p[i] < 0x80) {
            i++;
            continue;
        }
        if (!qjson_utf8_sequence(p + i, n - i, &taken))
            return false;
        i += taken;
    }
    return true;
}

void qjson_writer_init(qjson_writer *w)
{
    memset(w, 0, sizeof *w);
}

void qjson_writer_free(qjson_writer *w)
{
    free(w->data);
    qjson_writer_init(w);
}

void qjson_writer_reset(qjson_writer *w)
{
    char *data = w->data;
    size_t capacity = w->capacity;
    qjson_writer_init(w);
    w->data = data;
    w->capacity = capacity;
    if (data)
        data[0] = '\0';
}

static void fail(qjson_writer *w, int code)
{
    if (!w->error)
        w->error = code;
}

/* Room for n more bytes and the NUL after them. */
static bool grow(qjson_writer *w, size_t n)
{
    size_t need = w->length + n + 1;
    if (need < n) {
        fail(w, QJSON_ERR_MEMORY);
        return false;
    }
    size_t capacity = w->capacity ? w->capacity : 256;
    while (capacity < need) {
        if (capacity > SIZE_MAX / 2) {
            capacity = need;
            break;
        }
        capacity *= 2;
    }
    char *data = realloc(w->data, capacity);
    if (!data) {
        fail(w, QJSON_ERR_MEMORY);
        return false;
    }
    w->data = data;
    w->capacity = capacity;
    return true;
}

static inline bool reserve(qjson_writer *w, size_t n)
{
    return w->capacity - w->length > n || grow(w, n);
}

static inline bool in_object(const qjson_writer *w)
{
    return w->depth > 0 && (w->objects >> (w->depth - 1) & 1);
}

/* Checks that a value may come now and reserves room for it (n bytes), its
 * comma and the NUL. Returns the separator to write before it (',' or 0),
 * or -1 when it may not come. Invariant: inside an object a value follows
 * its key (whose colon is written); inside an array a comma separates
 * values; at the top level there is one value. */
static inline int value_due(qjson_writer *w, size_t n)
{
    if (w->error)
        return -1;
    if (in_object(w) ? !w->after_key : (w->depth == 0 && w->need_comma)) {
        fail(w, QJSON_ERR_NESTING);
        return -1;
    }
    if (!reserve(w, n + 1))
        return -1;
    int separator = !w->after_key && w->need_comma ? ',' : 0;
    w->after_key = false;
    w->need_comma = true;
    return separator;
}

/* Appends the separator (if any) and n bytes, then the NUL, room being
 * reserved. Works on local copies: stores through char pointers could
 * alias *w, and would make the compiler reload its fields after each. */
static inline void put(qjson_writer *w, int separator, const char *s, size_t n)
{
    char *data = w->data;
    size_t length = w->length;
    if (separator > 0)
        data[length++] = (char)separator;
    memcpy(data + length, s, n);
    length += n;
    data[length] = '\0';
    w->length = length;
}

/* A scalar value of n bytes. */
static void put_value(qjson_writer *w, const char *s, size_t n)
{
    int separator = value_due(w, n);
    if (separator >= 0)
        put(w, separator, s, n);
}

/* ---- strings */

const unsigned char qjson_plain_byte[256] = {
    ['\x20'] = 1, 1, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, /* 0x20-0x2F, '"' */
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,             /* 0x30-0x3F */
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,             /* 0x40-0x4F */
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 1, 1, 1,             /* 0x50-0x5F, '\\' */
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,             /* 0x60-0x6F */
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,             /* 0x70-0x7F */
};

static const char hex_digits[16] = "0123456789abcdef";

/* Whether none of the 8 bytes in x needs a look: no byte below 0x20, none
 * equal to '"' or '\\', none with the high bit set. The classic exact
 * tests "some byte < k" ((x - k*ones) & ~x & highs, for k <= 0x80) and
 * "some byte zero", ORed. */
static inline bool plain_word(uint64_t x)
{
    const uint64_t ones = 0x0101010101010101u, highs = 0x8080808080808080u;
    uint64_t quote = x ^ (ones * '"'), backslash = x ^ (ones * '\\');
    uint64_t special = ((x - ones * 0x20) & ~x) | ((quote - ones) & ~quote) |
                       ((backslash - ones) & ~backslash) | x;
    return !(special & highs);
}

/* The same for 4 bytes. */
static inline bool plain_half(uint32_t x)
{
    const uint32_t ones = 0x01010101u, highs = 0x80808080u;
    uint32_t quote = x ^ (ones * '"'), backslash = x ^ (ones * '\\');
    uint32_t special = ((x - ones * 0x20) & ~x) | ((quote - ones) & ~quote) |
                       ((backslash - ones) & ~backslash) | x;
    return !(special & highs);
}

/* Copies a plain string of at most 16 bytes, which is how most keys and
 * short values go: from 4 bytes on with two overlapping loads and stores
 * (the overlap holds the same bytes twice). Returns false, copying
 * nothing, when some byte needs a look or n is over 16. */
static inline bool copy_short_plain(char *out, const unsigned char *s, size_t n)
{
    if (n < 4) {
        for (size_t k = 0; k < n; k++)
            if (!qjson_plain_byte[s[k]])
                return false;
        for (size_t k = 0; k < n; k++)
            out[k] = (char)s[k];
        return true;
    }
    if (n >= 8 && n <= 16) {
        uint64_t head, tail;
        memcpy(&head, s, 8);
        memcpy(&tail, s + n - 8, 8);
        if (!plain_word(head) || !plain_word(tail))
            return false;
        memcpy(out, &head, 8);
        memcpy(out + n - 8, &tail, 8);
        return true;
    }
    if (n >= 4 && n < 8) {
        uint32_t head, tail;
        memcpy(&head, s, 4);
        memcpy(&tail, s + n - 4, 4);
        if (!plain_half(head) || !plain_half(tail))
            return false;
        memcpy(out, &head, 4);
        memcpy(out + n - 4, &tail, 4);
        return true;
    }
    return false;
}

/* Writes s as a quoted string from w->data[at], then the suffix byte (a
 * key's ':') unless 0, then the NUL, and sets w->length; room for all of it
 * at one output byte per input byte is reserved, so the buffer grows only
 * for escapes and replacements. Returns false on bad UTF-8 (strict) or
 * memory, the caller then rolls back. */
static bool put_string(qjson_writer *w, size_t at, const unsigned char *s, size_t n, bool lossy,
                       char suffix)
{
    char *data = w->data, *out = data + at;
    *out++ = '"';
    size_t i = 0;
    while (i < n) {
        /* Plain bytes are copied 8 at a time, then one at a time up to the
         * next byte that needs a look (or the end). Input and output stay in
         * step until then, so the n + 2 reserved bytes suffice. */
        for (uint64_t word; i + 8 <= n; i += 8, out += 8) {
            memcpy(&word, s + i, 8);
            if (!plain_word(word))
                break;
            memcpy(out, &word, 8);
        }
        if (i < n && n - i < 8 && n >= 8) {
            /* The tail as the last 8 bytes of s, overlapping copied ones. */
            uint64_t word;
            memcpy(&word, s + n - 8, 8);
            if (plain_word(word)) {
                memcpy(out + (n - i) - 8, &word, 8);
                out += n - i;
                break;
            }
        }
        while (i < n && qjson_plain_byte[s[i]])
            *out++ = (char)s[i++];
        if (i == n)
            break;
        unsigned char c = s[i];
        size_t taken = 1, good = 1;
        if (c >= 0x80)
            good = qjson_utf8_sequence(s + i, n - i, &taken);
        if (c >= 0x80 && good) {
            memcpy(out, s + i, good);
            out += good;
            i += good;
            continue;
        }
        if (c >= 0x80 && !lossy)
            return false;
        /* An escape (up to 6 bytes) or U+FFFD (3) for `taken` input bytes:
         * make room for it, the rest of the string, quote, suffix and NUL. */
        w->length = (size_t)(out - data);
        if (!reserve(w, 6 + (n - i - taken) + 2))
            return false;
        data = w->data;
        out = data + w->length;
        if (c >= 0x80 || (c == 0 && lossy)) {
            memcpy(out, "\xEF\xBF\xBD", 3);
            out += 3;
        } else {
            *out++ = '\\';
            switch (c) {
            case '"': *out++ = '"'; break;
            case '\\': *out++ = '\\'; break;
            case '\n': *out++ = 'n'; break;
            case '\t': *out++ = 't'; break;
            case '\r': *out++ = 'r'; break;
            case '\b': *out++ = 'b'; break;
            case '\f': *out++ = 'f'; break;
            default:
                memcpy(out, "u00", 3);
                out[3] = hex_digits[c >> 4];
                out[4] = hex_digits[c & 15];
                out += 5;
            }
        }
        i += taken;
    }
    *out++ = '"';
    if (suffix)
        *out++ = suffix;
    *out = '\0';
    w->length = (size_t)(out - data);
    return true;
}

/* A string value (or, with key, a member's key and its colon). Inline, so
 * each caller gets a copy with lossy and key known and the short plain
 * case done in place; put_string takes the rest. */
static inline void string_item(qjson_writer *w, const char *s, size_t n, bool lossy, bool key)
{
    if (w->error)
        return;
    if (!s) {
        fail(w, QJSON_ERR_NESTING);
        return;
    }
    if (n > SIZE_MAX / 8) { /* no room computation below may wrap */
        fail(w, QJSON_ERR_MEMORY);
        return;
    }
    size_t start = w->length, at = start;
    int separator;
    if (key) {
        if (!in_object(w) || w->after_key) {
            fail(w, QJSON_ERR_NESTING);
            return;
        }
        if (!reserve(w, n + 4)) /* comma, quotes, colon */
            return;
        separator = w->need_comma ? ',' : 0;
    } else if ((separator = value_due(w, n + 2)) < 0) {
        return;
    }
    char *data = w->data;
    if (separator > 0)
        data[at++] = (char)separator;
    if (copy_short_plain(data + at + 1, (const unsigned char *)s, n)) {
        char *out = data + at;
        *out = '"';
        out += 1 + n;
        *out++ = '"';
        if (key)
            *out++ = ':';
        *out = '\0';
        w->length = (size_t)(out - data);
    } else if (!put_string(w, at, (const unsigned char *)s, n, lossy, key ? ':' : 0)) {
        w->length = start;
        w->data[start] = '\0';
        fail(w, QJSON_ERR_UTF8); /* unless memory failed first */
        return;
    }
    if (key)
        w->after_key = true;
}

void qjson_key_n(qjson_writer *w, const char *key, size_t n)
{
    string_item(w, key, n, false, true);
}

void qjson_string_n(qjson_writer *w, const char *s, size_t n)
{
    string_item(w, s, n, false, false);
}

void qjson_string_lossy(qjson_writer *w, const char *s, size_t n)
{
    string_item(w, s, n, true, false);
}

/* ---- structure */

static void begin(qjson_writer *w, bool object)
{
    if (w->depth == QJSON_MAX_DEPTH && !w->error)
        fail(w, QJSON_ERR_NESTING);
    int separator = value_due(w, 1);
    if (separator < 0)
        return;
    w->objects = (w->objects & ~((uint64_t)1 << w->depth)) | (uint64_t)object << w->depth;
    w->depth++;
    w->need_comma = false;
    put(w, separator, object ? "{" : "[", 1);
}

static void end(qjson_writer *w, bool object)
{
    if (w->error)
        return;
    if (w->depth == 0 || in_object(w) != object || w->after_key) {
        fail(w, QJSON_ERR_NESTING);
        return;
    }
    if (!reserve(w, 1))
        return;
    w->depth--;
    w->need_comma = true;
    put(w, 0, object ? "}" : "]", 1);
}

void qjson_object_begin(qjson_writer *w) { begin(w, true); }
void qjson_object_end(qjson_writer *w) { end(w, true); }
void qjson_array_begin(qjson_writer *w) { begin(w, false); }
void qjson_array_end(qjson_writer *w) { end(w, false); }

/* ---- scalars */

/* The decimal digits of v, written backwards ending at end; returns the
 * first. */
static char *digits_before(char *end, uint64_t v)
{
    do {
        *--end = (char)('0' + v % 10);
        v /= 10;
    } while (v);
    return end;
}

void qjson_uint(qjson_writer *w, uint64_t value)
{
    char buffer[24], *end = buffer + sizeof buffer;
    char *first = digits_before(end, value);
    put_value(w, first, (size_t)(end - first));
}

void qjson_int(qjson_writer *w, int64_t value)
{
    char buffer[24], *end = buffer + sizeof buffer;
    /* The magnitude in unsigned arithmetic, so INT64_MIN needs no care. */
    uint64_t magnitude = value < 0 ? 0 - (uint64_t)value : (uint64_t)value;
    char *first = digits_before(end, magnitude);
    if (value < 0)
        *--first = '-';
    put_value(w, first, (size_t)(end - first));
}

void qjson_double(qjson_writer *w, double value)
{
    if (!isfinite(value)) {
        if (!w->error)
            fail(w, QJSON_ERR_NUMBER);
        return;
    }
    /* Integers below 1e15 are what %.15g prints anyway, without its cost. */
    if (value == floor(value) && fabs(value) < 1e15 && !(value == 0 && signbit(value))) {
        qjson_int(w, (int64_t)value);
        return;
    }
    char text[32];
    int n = 0;
    for (int precision = 15; precision <= 17; precision++) {
        n = snprintf(text, sizeof text, "%.*g", precision, value);
        if (strtod(text, NULL) == value)
            break;
    }
    put_value(w, text, (size_t)n);
}

void qjson_bool(qjson_writer *w, bool value)
{
    put_value(w, value ? "true" : "false", value ? 4 : 5);
}

void qjson_null(qjson_writer *w)
{
    put_value(w, "null", 4);
}

void qjson_raw(qjson_writer *w, const char *json, size_t n)
{
    if (!json || !n) {
        fail(w, QJSON_ERR_NESTING);
        return;
    }
    if (n > SIZE_MAX / 2) {
        fail(w, QJSON_ERR_MEMORY);
        return;
    }
    put_value(w, json, n);
}

const char *qjson_text(const qjson_writer *w, size_t *length)
{
    if (w->error || w->depth != 0 || !w->need_comma)
        return NULL;
    if (length)
        *length = w->length;
    return w->data;
}

/* ---- parsed values */

void qjson_write_value(qjson_writer *w, const qjson_value *v)
{
    if (!v) {
        fail(w, QJSON_ERR_NESTING);
        return;
    }
    /* Recursion is bounded: parsed trees are at most QJSON_MAX_DEPTH deep. */
    switch (v->type) {
    case QJSON_NULL: qjson_null(w); break;
    case QJSON_BOOL: qjson_bool(w, v->boolean); break;
    case QJSON_NUMBER:
        if (v->is_int && !(v->i == 0 && signbit(v->d)))
            qjson_int(w, v->i);
        else
            qjson_double(w, v->d);
        break;
    case QJSON_STRING: qjson_string_n(w, v->string, v->length); break;
    case QJSON_ARRAY:
        qjson_array_begin(w);
        for (size_t i = 0; i < v->length && !w->error; i++)
            qjson_write_value(w, &v->items[i]);
        qjson_array_end(w);
        break;
    case QJSON_OBJECT:
        qjson_object_begin(w);
        for (size_t i = 0; i < v->length && !w->error; i++) {
            qjson_key_n(w, v->members[i].key, v->members[i].key_length);
            qjson_write_value(w, &v->members[i].value);
        }
        qjson_object_end(w);
        break;
    }
}
