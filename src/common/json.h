/*
 * qjson: the library's own small, strict JSON writer and reader. Internal:
 * the CLI prints every answer with the writer and reads logs, the bot
 * protocol and test data with the reader; it is not part of the public API
 * (include/qipai/). Both follow RFC 8259 strictly.
 *
 *   qjson_writer w;
 *   qjson_writer_init(&w);
 *   qjson_object_begin(&w);
 *   qjson_key_string(&w, "hand", "11123456789999m");
 *   qjson_key_bool(&w, "win", true);
 *   qjson_key(&w, "forms");
 *   qjson_array_begin(&w);
 *   qjson_string(&w, "standard");
 *   qjson_array_end(&w);
 *   qjson_object_end(&w);
 *   size_t n;
 *   const char *text = qjson_text(&w, &n);   // NULL: print an error answer
 *   qjson_writer_free(&w);
 *
 *   qjson_doc doc;
 *   const qjson_value *root;
 *   char why[128];
 *   qjson_doc_init(&doc);
 *   if (qjson_parse(&doc, text, n, &root, why, sizeof why) != 0)
 *       ... why says "expected ',' or '}' at byte 17" ...
 *   int64_t seat;
 *   if (qjson_get_int(root, "seat", &seat)) ...
 *   qjson_doc_free(&doc);
 *
 * Neither side keeps global state; a writer or a doc belongs to one thread
 * at a time. Numbers are formatted and read with the C library under the
 * "C" LC_NUMERIC locale (the default of a program that never calls
 * setlocale): a locale with a decimal comma would break doubles.
 */
#ifndef QIPAI_COMMON_JSON_H
#define QIPAI_COMMON_JSON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "text.h"

/* The deepest nesting of arrays and objects either side accepts. */
#define QJSON_MAX_DEPTH 64

/* Writer errors; sticky in qjson_writer.error. */
enum {
    QJSON_OK = 0,
    QJSON_ERR_MEMORY,  /* an allocation failed */
    QJSON_ERR_UTF8,    /* a string argument is not valid UTF-8 */
    QJSON_ERR_NUMBER,  /* a double that is NaN or infinite */
    QJSON_ERR_NESTING  /* misuse: a key outside an object, a value where a key
                          is due, an end without its begin, a second top-level
                          value, depth over QJSON_MAX_DEPTH, a NULL string */
};

/* A short constant message for each code above. */
const char *qjson_strerror(int code);

/* ---- UTF-8 ---------------------------------------------------------------
 * The well-formed sequences of Unicode Table 3-7: no overlongs, no
 * surrogates (ED A0..BF), nothing above U+10FFFF (F4 90.., F5..FF).
 *
 * Looks at the sequence starting at s[0] (n >= 1 bytes available). Returns
 * its length (1..4) when well formed; otherwise 0, and *taken is the length
 * of its maximal subpart (Unicode 3.9, the WHATWG decoder's practice): the
 * longest prefix that could still begin a well-formed sequence, at least 1
 * byte, which one U+FFFD replaces. For a well-formed sequence *taken is its
 * length too. */
static inline size_t qjson_utf8_sequence(const unsigned char *s, size_t n, size_t *taken)
{
    unsigned char c = s[0], lo = 0x80, hi = 0xBF;
    size_t need;
    if (c < 0x80) {
        *taken = 1;
        return 1;
    }
    if (c >= 0xC2 && c <= 0xDF) {
        need = 1;
    } else if (c >= 0xE0 && c <= 0xEF) {
        need = 2;
        if (c == 0xE0)
            lo = 0xA0; /* E0 80..9F would be overlong */
        else if (c == 0xED)
            hi = 0x9F; /* ED A0..BF would be a surrogate */
    } else if (c >= 0xF0 && c <= 0xF4) {
        need = 3;
        if (c == 0xF0)
            lo = 0x90; /* overlong */
        else if (c == 0xF4)
            hi = 0x8F; /* above U+10FFFF */
    } else {
        *taken = 1; /* 80..C1, F5..FF never start a sequence */
        return 0;
    }
    size_t i = 1;
    while (i <= need && i < n && s[i] >= lo && s[i] <= hi) {
        i++;
        lo = 0x80;
        hi = 0xBF;
    }
    *taken = i;
    return i == need + 1 ? i : 0;
}

/* 1 for the bytes a JSON string holds as they are, 0 for those that need
 * a look: control characters, '"', '\\' and all of 0x80..0xFF. Shared by
 * the writer and the reader, so both scan runs of them alike. */
extern const unsigned char qjson_plain_byte[256];

/* Whether the n bytes at s are valid UTF-8 (NUL bytes included: U+0000 is a
 * character). */
bool qjson_utf8_valid(const char *s, size_t n);

/* ---- the writer ----------------------------------------------------------
 * Builds compact JSON text in a growing buffer. Structure calls insert commas
 * and colons. The first error sticks: every later call does nothing, and
 * qjson_text returns NULL, so the caller writes an error answer instead of
 * text with a key silently missing. The fields are read-only to callers. */
typedef struct qjson_writer {
    char *data;      /* the text so far; data[length] == '\0' once allocated */
    size_t length, capacity;
    int error;       /* QJSON_OK or the first error */
    int depth;       /* containers open */
    bool need_comma; /* the open container (or the top level) has a value */
    bool after_key;  /* a key was written; its value is due */
    uint64_t objects; /* bit d-1: the container at depth d is an object */
} qjson_writer;

/* No allocation until the first write. */
void qjson_writer_init(qjson_writer *w);
/* Frees the buffer; the writer is then as after init. */
void qjson_writer_free(qjson_writer *w);
/* Empties the text and clears the error, keeping the buffer: a loop that
 * reuses one writer allocates only while the buffer grows. */
void qjson_writer_reset(qjson_writer *w);

void qjson_object_begin(qjson_writer *w);
void qjson_object_end(qjson_writer *w);
void qjson_array_begin(qjson_writer *w);
void qjson_array_end(qjson_writer *w);
/* A member's key (UTF-8, escaped as a string); its value comes next.
 * The calls taking a C string are inline so that strlen of a literal is
 * counted at compile time. A NULL string (even with n == 0) is misuse:
 * QJSON_ERR_NESTING. */
void qjson_key_n(qjson_writer *w, const char *key, size_t n);
static inline void qjson_key(qjson_writer *w, const char *key)
{
    qjson_key_n(w, key, key ? strlen(key) : 0);
}

/* Strings must be valid UTF-8 (else QJSON_ERR_UTF8 and nothing written);
 * they pass through unescaped except '"', '\\' and control characters
 * (\n \t \r \b \f, others \u00XX). qjson_string_n may hold NUL bytes
 * (written \u0000). */
void qjson_string_n(qjson_writer *w, const char *s, size_t n);
static inline void qjson_string(qjson_writer *w, const char *s)
{
    qjson_string_n(w, s, s ? strlen(s) : 0);
}
/* For echoing untrusted bytes: each ill-formed sequence (its maximal
 * subpart, see qjson_utf8_sequence) and each NUL byte becomes U+FFFD; never
 * fails on content. */
void qjson_string_lossy(qjson_writer *w, const char *s, size_t n);

void qjson_int(qjson_writer *w, int64_t value);
void qjson_uint(qjson_writer *w, uint64_t value);
/* The shortest of %.15g, %.16g, %.17g that reads back as the same double
 * (integers below 1e15 print without exponent: 3.0 is "3"); -0.0 is "-0".
 * NaN and infinities set QJSON_ERR_NUMBER. */
void qjson_double(qjson_writer *w, double value);
void qjson_bool(qjson_writer *w, bool value);
void qjson_null(qjson_writer *w);
/* n bytes of text that must already be one complete JSON value (say from
 * another writer); inserted unchecked. NULL or n == 0 is misuse. */
void qjson_raw(qjson_writer *w, const char *json, size_t n);

/* Key and value in one call. */
static inline void qjson_key_string(qjson_writer *w, const char *key, const char *value)
{
    qjson_key(w, key);
    qjson_string(w, value);
}

static inline void qjson_key_int(qjson_writer *w, const char *key, int64_t value)
{
    qjson_key(w, key);
    qjson_int(w, value);
}

static inline void qjson_key_bool(qjson_writer *w, const char *key, bool value)
{
    qjson_key(w, key);
    qjson_bool(w, value);
}

static inline void qjson_key_double(qjson_writer *w, const char *key, double value)
{
    qjson_key(w, key);
    qjson_double(w, value);
}

/* The finished text, NUL-terminated, its length in *length (may be NULL);
 * NULL when an error occurred or the value is incomplete (containers left
 * open, a key without value, nothing written). Valid until the next call on
 * the writer. */
const char *qjson_text(const qjson_writer *w, size_t *length);

/* ---- the reader ----------------------------------------------------------
 * qjson_parse builds a tree of qjson_value in memory the doc owns. */
typedef enum qjson_type {
    QJSON_NULL,
    QJSON_BOOL,
    QJSON_NUMBER,
    QJSON_STRING,
    QJSON_ARRAY,
    QJSON_OBJECT
} qjson_type;

typedef struct qjson_member qjson_member;
typedef struct qjson_value qjson_value;

struct qjson_value {
    qjson_type type;
    bool boolean; /* QJSON_BOOL */
    /* QJSON_NUMBER: true when the number is an integer in int64 range, then
     * exactly i. Decided on the value, not the spelling: 1.0, 1e2 and -0 are
     * integers (d keeps -0's sign), 9223372036854775808 and 0.5 are not. */
    bool is_int;
    /* QJSON_STRING: its bytes, without the NUL that ends them (a \u0000
     * inside makes it longer than strlen). QJSON_ARRAY: items.
     * QJSON_OBJECT: members. */
    size_t length;
    union {
        struct {
            int64_t i; /* meaningful when is_int */
            double d;  /* always: the nearest double (strtod's) */
        };
        const char *string;          /* QJSON_STRING, NUL-terminated */
        const qjson_value *items;    /* QJSON_ARRAY, contiguous */
        const qjson_member *members; /* QJSON_OBJECT, in document order */
    };
};

struct qjson_member {
    const char *key; /* NUL-terminated, key_length bytes */
    size_t key_length;
    qjson_value value;
};

/* Owner of the values of one parse. The fields are private. */
typedef struct qjson_doc {
    struct qjson_block *blocks; /* the arena: values and string bytes */
    size_t keep;                /* bytes to give the arena's next single block */
    struct qjson_entry *stack;  /* values parsed whose container is still open */
    size_t stack_size, stack_capacity;
    char *scratch;              /* a long number's text for strtod, key sorting */
    size_t scratch_capacity;
    bool reject_duplicates;
} qjson_doc;

void qjson_doc_init(qjson_doc *doc);
/* Frees everything; the doc is then as after init. */
void qjson_doc_free(qjson_doc *doc);
/* Off by default: an object with a repeated key parses, and qjson_get
 * returns the LAST value given. On: such an object is a parse error naming
 * the first key that repeats an earlier one, at the offset of the repeat
 * ("duplicate key \"seat\" at byte 23"). */
void qjson_doc_reject_duplicates(qjson_doc *doc, bool reject);

/* Parses exactly length bytes (no NUL needed, never read past): one JSON
 * value, with optional whitespace around it. Returns 0 and sets *root, or
 * -1 with *root = NULL and a message in why (when why_size > 0) naming the
 * problem and its byte offset, counted from 0: "expected ',' or '}' at
 * byte 17". Valid UTF-8 is required in strings; nesting deeper than
 * QJSON_MAX_DEPTH is an error. Parsing again with the same doc reuses its
 * memory and invalidates the values of the previous parse. */
int qjson_parse(qjson_doc *doc, const char *text, size_t length, const qjson_value **root,
                char *why, size_t why_size);

/* Accessors take NULL or a value of the wrong type and answer NULL, 0 or
 * false, so chains like qjson_get_int(qjson_get(root, "a"), "b", &x) need
 * no checks in between. */

/* The value of the member named key; with duplicate keys, the last one.
 * Linear in the object's size. */
const qjson_value *qjson_get(const qjson_value *object, const char *key);
const qjson_value *qjson_get_n(const qjson_value *object, const char *key, size_t n);
/* Item i of an array, NULL when out of range. */
const qjson_value *qjson_at(const qjson_value *array, size_t i);
/* Member i of an object in document order, NULL when out of range. */
const qjson_member *qjson_member_at(const qjson_value *object, size_t i);
/* Items of an array or members of an object; 0 for anything else. */
size_t qjson_size(const qjson_value *v);

/* The value as a C type: false (NULL) when it has another type. A string
 * holding a NUL byte (written \u0000) is NULL too, since as a C string it
 * would silently end early; v->string and v->length still hold it all. */
const char *qjson_as_string(const qjson_value *v);
bool qjson_as_int(const qjson_value *v, int64_t *out);     /* is_int numbers only */
bool qjson_as_double(const qjson_value *v, double *out);   /* any number */
bool qjson_as_bool(const qjson_value *v, bool *out);

/* The same for the member named key. */
const char *qjson_get_string(const qjson_value *object, const char *key);
bool qjson_get_int(const qjson_value *object, const char *key, int64_t *out);
bool qjson_get_double(const qjson_value *object, const char *key, double *out);
bool qjson_get_bool(const qjson_value *object, const char *key, bool *out);

/* Same tree: same types, same string bytes, the same items, and the same
 * members with the same keys in the same order. Numbers are equal when
 * their doubles are (==, so 0 equals -0) and, if both are integers, their
 * int64 values too: 9007199254740993 differs from 9007199254740992, while
 * 4503599627370496.5 equals 4503599627370496 (its nearest double), as it
 * must for a tree written back from its doubles to equal the original. */
bool qjson_equal(const qjson_value *a, const qjson_value *b);

/* The same value as a log line means it: objects compared as sets of
 * members (their order is free; duplicate keys must have been refused),
 * numbers by value and kind (2.0 is the integer 2; 0.5 never equals an
 * integer), everything else as qjson_equal. With skip (NULL-ended, may be
 * NULL), the top-level members so named are left out on both sides. */
bool qjson_same(const qjson_value *a, const qjson_value *b, const char *const *skip);

/* Writes a parsed value (compact, members in document order, duplicates
 * kept); numbers that are integers print as integers (but -0 as "-0"),
 * others as qjson_double. */
void qjson_write_value(qjson_writer *w, const qjson_value *v);

/* Writes s (NUL-terminated) as a JSON string into the sink: the characters
 * JSON needs escaped are, and bytes that are not UTF-8 become U+FFFD. */
void qjson_sink_string(text_sink *t, const char *s);

#endif
