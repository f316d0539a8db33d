/*
 * The JSON reader of common/json.h: strict RFC 8259 into a tree of
 * qjson_value in an arena the doc owns.
 *
 * The parser is iterative: an explicit frame per open container (at most
 * QJSON_MAX_DEPTH), so no input can exhaust the C stack. Values whose
 * container is still open wait on doc->stack; when the container closes its
 * children are copied into the arena in one contiguous run, so a tree costs
 * one copy per value. It reads only inside [text, text + length).
 */
#include "common/json.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A value waiting for its container to close; for an object member, where
 * its key began (to name a duplicate). */
struct qjson_entry {
    qjson_member member;
    size_t key_offset;
};

/* Arena blocks, newest first; only the newest has free space in use. */
struct qjson_block {
    struct qjson_block *next;
    size_t size, used;
    max_align_t data[];
};

enum { FIRST_BLOCK = 4096 };

void qjson_doc_init(qjson_doc *doc)
{
    memset(doc, 0, sizeof *doc);
}

static void free_blocks(qjson_doc *doc)
{
    for (struct qjson_block *b = doc->blocks, *next; b; b = next) {
        next = b->next;
        free(b);
    }
    doc->blocks = NULL;
}

void qjson_doc_free(qjson_doc *doc)
{
    free_blocks(doc);
    free(doc->stack);
    free(doc->scratch);
    qjson_doc_init(doc);
}

void qjson_doc_reject_duplicates(qjson_doc *doc, bool reject)
{
    doc->reject_duplicates = reject;
}

/* Makes the arena empty for a new parse. One block is simply emptied; more
 * are freed, and the next block allocated gets their total size, so a doc
 * parsing similar texts soon works in a single block. */
static void arena_reset(qjson_doc *doc)
{
    if (doc->blocks && !doc->blocks->next) {
        doc->blocks->used = 0;
        return;
    }
    size_t total = 0;
    for (const struct qjson_block *b = doc->blocks; b; b = b->next)
        total += b->size;
    if (total > doc->keep)
        doc->keep = total;
    free_blocks(doc);
}

static size_t round_up(size_t n)
{
    return (n + 7) & ~(size_t)7;
}

static void *arena_alloc(qjson_doc *doc, size_t n)
{
    if (n > SIZE_MAX / 4)
        return NULL;
    n = round_up(n);
    struct qjson_block *b = doc->blocks;
    if (!b || b->size - b->used < n) {
        size_t size = b ? 2 * b->size : FIRST_BLOCK;
        if (size < doc->keep)
            size = doc->keep;
        if (size < n)
            size = n;
        struct qjson_block *fresh = malloc(sizeof *fresh + size);
        if (!fresh)
            return NULL;
        fresh->next = b;
        fresh->size = size;
        fresh->used = 0;
        doc->blocks = b = fresh;
        doc->keep = 0;
    }
    void *p = (unsigned char *)b->data + b->used;
    b->used += n;
    return p;
}

/* Gives back the tail of the newest allocation p, keeping its first n
 * bytes (strings are allocated at their escaped length, an upper bound). */
static void arena_trim(qjson_doc *doc, const void *p, size_t n)
{
    struct qjson_block *b = doc->blocks;
    b->used = (size_t)((const unsigned char *)p - (unsigned char *)b->data) + round_up(n);
}

static bool scratch_reserve(qjson_doc *doc, size_t n)
{
    if (doc->scratch_capacity >= n)
        return true;
    size_t capacity = doc->scratch_capacity ? doc->scratch_capacity : 256;
    while (capacity < n)
        capacity *= 2;
    char *scratch = realloc(doc->scratch, capacity);
    if (!scratch)
        return false;
    doc->scratch = scratch;
    doc->scratch_capacity = capacity;
    return true;
}

typedef struct parser {
    qjson_doc *doc;
    const unsigned char *start, *end;
    char *why;
    size_t why_size;
} parser;

/* Fills why with the message, " at byte N" and, when the problem is the
 * end of the text, " (end of input)"; cut on a UTF-8 boundary if too long,
 * so the message can be echoed into JSON. Returns false for the caller to
 * pass on. */
static bool fail_at(const parser *ps, const unsigned char *at, const char *format, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

static bool fail_at(const parser *ps, const unsigned char *at, const char *format, ...)
{
    if (!ps->why_size)
        return false;
    char message[160];
    va_list args;
    va_start(args, format);
    vsnprintf(message, sizeof message, format, args);
    va_end(args);
    snprintf(ps->why, ps->why_size, "%s at byte %zu%s", message, (size_t)(at - ps->start),
             at == ps->end ? " (end of input)" : "");
    /* A cut in the middle of a sequence leaves a lead byte and fewer than
     * its continuation bytes at the end: drop them. */
    size_t n = strlen(ps->why), back = 0;
    while (back < n && back < 3 && ((unsigned char)ps->why[n - 1 - back] & 0xC0) == 0x80)
        back++;
    if (back < n && (unsigned char)ps->why[n - 1 - back] >= 0xC0) {
        unsigned char lead = (unsigned char)ps->why[n - 1 - back];
        size_t want = lead >= 0xF0 ? 3 : lead >= 0xE0 ? 2 : 1;
        if (back < want)
            ps->why[n - 1 - back] = '\0';
    }
    return false;
}

static const unsigned char *skip_space(const unsigned char *p, const unsigned char *end)
{
    while (p < end && (*p == ' ' || *p == '\n' || *p == '\r' || *p == '\t'))
        p++;
    return p;
}

/* ---- strings */

static int hex_value(unsigned char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    c |= 0x20;
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    return -1;
}

/* The code unit of the 4 hex digits at s (4 bytes available), or -1. */
static long hex4(const unsigned char *s)
{
    long unit = 0;
    for (int k = 0; k < 4; k++) {
        int h = hex_value(s[k]);
        if (h < 0)
            return -1;
        unit = unit << 4 | h;
    }
    return unit;
}

static unsigned char *put_utf8(unsigned char *o, unsigned long cp)
{
    if (cp < 0x80) {
        *o++ = (unsigned char)cp;
    } else if (cp < 0x800) {
        *o++ = (unsigned char)(0xC0 | cp >> 6);
        *o++ = (unsigned char)(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
        *o++ = (unsigned char)(0xE0 | cp >> 12);
        *o++ = (unsigned char)(0x80 | (cp >> 6 & 0x3F));
        *o++ = (unsigned char)(0x80 | (cp & 0x3F));
    } else {
        *o++ = (unsigned char)(0xF0 | cp >> 18);
        *o++ = (unsigned char)(0x80 | (cp >> 12 & 0x3F));
        *o++ = (unsigned char)(0x80 | (cp >> 6 & 0x3F));
        *o++ = (unsigned char)(0x80 | (cp & 0x3F));
    }
    return o;
}

/* The string whose opening quote is at *at: its unescaped bytes go into
 * the arena, NUL-terminated; *at moves past the closing quote. Escapes only
 * shrink text, so the escaped length bounds the unescaped one. */
static bool parse_string(parser *ps, const unsigned char **at, const char **string, size_t *length)
{
    const unsigned char *open = *at, *end = ps->end, *close, *from = open + 1;
    /* The closing quote: the first '"' after an even run of backslashes. */
    for (;;) {
        close = memchr(from, '"', (size_t)(end - from));
        if (!close)
            return fail_at(ps, open, "unterminated string starting");
        size_t backslashes = 0;
        while (close - backslashes > open + 1 && close[-1 - (ptrdiff_t)backslashes] == '\\')
            backslashes++;
        if (backslashes % 2 == 0)
            break;
        from = close + 1;
    }
    unsigned char *out = arena_alloc(ps->doc, (size_t)(close - open));
    if (!out)
        return fail_at(ps, open, "out of memory reading the string starting");
    unsigned char *o = out;
    const unsigned char *s = open + 1;
    while (s < close) {
        const unsigned char *run = s;
        while (run < close && qjson_plain_byte[*run])
            run++;
        memcpy(o, s, (size_t)(run - s));
        o += run - s;
        s = run;
        if (s == close)
            break;
        unsigned char c = *s;
        if (c < 0x20)
            return fail_at(ps, s, "control character U+%04X must be escaped in a string", c);
        if (c >= 0x80) {
            size_t taken, n = qjson_utf8_sequence(s, (size_t)(close - s), &taken);
            if (!n)
                return fail_at(ps, s, "invalid UTF-8 in string");
            memcpy(o, s, n);
            o += n;
            s += n;
            continue;
        }
        /* A backslash; the closing quote lies beyond the escaped byte. */
        unsigned char e = s + 1 < close ? s[1] : 0;
        static const char simple_from[] = "\"\\/bfnrt", simple_to[] = "\"\\/\b\f\n\r\t";
        const char *simple = e ? strchr(simple_from, e) : NULL;
        if (simple) {
            *o++ = (unsigned char)simple_to[simple - simple_from];
            s += 2;
            continue;
        }
        if (e != 'u') {
            if (e > 0x20 && e < 0x7F)
                return fail_at(ps, s, "invalid escape '\\%c'", e);
            return fail_at(ps, s, "invalid escape");
        }
        long unit = close - s >= 6 ? hex4(s + 2) : -1;
        if (unit < 0)
            return fail_at(ps, s, "\\u needs 4 hex digits");
        unsigned long cp = (unsigned long)unit;
        if (unit >= 0xDC00 && unit <= 0xDFFF)
            return fail_at(ps, s, "lone low surrogate \\u%04lX", cp);
        if (unit >= 0xD800 && unit <= 0xDBFF) {
            long low = close - s >= 12 && s[6] == '\\' && s[7] == 'u' ? hex4(s + 8) : -1;
            if (low < 0xDC00 || low > 0xDFFF)
                return fail_at(ps, s, "lone high surrogate \\u%04lX", cp);
            cp = 0x10000 + ((cp - 0xD800) << 10) + ((unsigned long)low - 0xDC00);
            s += 6;
        }
        o = put_utf8(o, cp);
        s += 6;
    }
    *o = '\0';
    arena_trim(ps->doc, out, (size_t)(o - out) + 1);
    *string = (const char *)out;
    *length = (size_t)(o - out);
    *at = close + 1;
    return true;
}

/* ---- numbers */

static bool is_digit(const unsigned char *p, const unsigned char *end)
{
    return p < end && *p >= '0' && *p <= '9';
}

/* Exact powers of ten as doubles (10^22 is the last exact one). */
static const double exact_powers[] = {
    1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,  1e8,  1e9,  1e10, 1e11,
    1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
};

/* The number at *at (a '-' or a digit) as is_int/i and d; *at moves past
 * it. The digits give a significand of at most 19 significant digits
 * (anything beyond is only counted, and noted if not zero) and a decimal
 * exponent, which decide exactly whether the value is an int64 integer. d
 * comes from i, from one exact multiplication or division (Clinger's fast
 * path: both operands exact, so the one rounding is the correct one), or
 * else from strtod. */
static bool parse_number(parser *ps, const unsigned char **at, qjson_value *v)
{
    const unsigned char *first = *at, *p = first, *end = ps->end;
    bool negative = *p == '-';
    uint64_t significand = 0;
    int digits = 0;                 /* significant digits in significand */
    int64_t exponent = 0;           /* value = significand * 10^exponent, give or take */
    bool inexact = false;           /* a nonzero digit beyond the 19th */
    if (negative)
        p++;
    if (!is_digit(p, end))
        return fail_at(ps, p, "expected a digit after '-'");
    if (*p == '0') {
        p++;
        if (is_digit(p, end))
            return fail_at(ps, p - 1, "leading zero in number");
    }
    for (bool fraction = false;; p++) {
        if (!is_digit(p, end)) {
            if (fraction || p == end || *p != '.')
                break;
            fraction = true;
            if (!is_digit(p + 1, end))
                return fail_at(ps, p + 1, "expected a digit after '.'");
            continue;
        }
        int d = *p - '0';
        if (digits < 19) {
            if (digits || d) {
                significand = significand * 10 + (uint64_t)d;
                digits++;
            }
            exponent -= fraction;
        } else {
            exponent += !fraction;
            inexact |= d != 0;
        }
    }
    if (p < end && (*p == 'e' || *p == 'E')) {
        p++;
        bool below = p < end && *p == '-';
        if (p < end && (*p == '-' || *p == '+'))
            p++;
        if (!is_digit(p, end))
            return fail_at(ps, p, "expected a digit in the exponent");
        int64_t e = 0;
        for (; is_digit(p, end); p++)
            if (e < 1000000000) /* far beyond any double; saturate */
                e = e * 10 + (*p - '0');
        exponent += below ? -e : e;
    }
    *at = p;

    v->type = QJSON_NUMBER;
    v->is_int = false;
    v->i = 0;
    if (!inexact) {
        /* Strip trailing zeros into the exponent, then scale up within
         * range: 2^63 for a negative number, 2^63 - 1 otherwise. */
        uint64_t m = significand, limit = (uint64_t)INT64_MAX + negative;
        int64_t e = exponent;
        while (m && e < 0 && m % 10 == 0) {
            m /= 10;
            e++;
        }
        if (!m) {
            v->is_int = true;
        } else if (e >= 0) {
            while (e > 0 && m <= limit / 10) {
                m *= 10;
                e--;
            }
            if (e == 0 && m <= limit) {
                v->is_int = true;
                v->i = !negative ? (int64_t)m
                       : m == (uint64_t)INT64_MAX + 1 ? INT64_MIN
                                                      : -(int64_t)m;
            }
        }
    }
    if (v->is_int) {
        v->d = v->i ? (double)v->i : negative ? -0.0 : 0.0;
        return true;
    }
    if (!inexact && significand <= (uint64_t)1 << 53 && exponent >= -22 && exponent <= 22) {
        double d = (double)significand;
        d = exponent < 0 ? d / exact_powers[-exponent] : d * exact_powers[exponent];
        v->d = negative ? -d : d;
        return true;
    }
    size_t n = (size_t)(p - first);
    char small[64], *text = small;
    if (n >= sizeof small) {
        if (!scratch_reserve(ps->doc, n + 1))
            return fail_at(ps, first, "out of memory reading the number");
        text = ps->doc->scratch;
    }
    memcpy(text, first, n);
    text[n] = '\0';
    v->d = strtod(text, NULL);
    if (isinf(v->d))
        return fail_at(ps, first, "number too large for a double");
    return true;
}

/* ---- duplicate keys */

static bool same_key(const qjson_member *a, const qjson_member *b)
{
    return a->key_length == b->key_length && !memcmp(a->key, b->key, a->key_length);
}

static int by_key_then_offset(const void *x, const void *y)
{
    const struct qjson_entry *a = *(const struct qjson_entry *const *)x;
    const struct qjson_entry *b = *(const struct qjson_entry *const *)y;
    size_t n = a->member.key_length < b->member.key_length ? a->member.key_length
                                                           : b->member.key_length;
    int c = memcmp(a->member.key, b->member.key, n);
    if (c)
        return c;
    if (a->member.key_length != b->member.key_length)
        return a->member.key_length < b->member.key_length ? -1 : 1;
    return a->key_offset < b->key_offset ? -1 : a->key_offset > b->key_offset;
}

/* The member whose key repeats an earlier one, the first such in the
 * text; NULL when all differ. Small objects compare pairwise, large ones
 * sort pointers in the scratch buffer. *failed on out of memory. */
static const struct qjson_entry *duplicate(qjson_doc *doc, const struct qjson_entry *m,
                                           size_t count, bool *failed)
{
    *failed = false;
    if (count <= 16) {
        for (size_t j = 1; j < count; j++)
            for (size_t i = 0; i < j; i++)
                if (same_key(&m[i].member, &m[j].member))
                    return &m[j];
        return NULL;
    }
    if (!scratch_reserve(doc, count * sizeof(const struct qjson_entry *))) {
        *failed = true;
        return NULL;
    }
    const struct qjson_entry **sorted = (const struct qjson_entry **)(void *)doc->scratch;
    for (size_t i = 0; i < count; i++)
        sorted[i] = &m[i];
    qsort(sorted, count, sizeof *sorted, by_key_then_offset);
    const struct qjson_entry *found = NULL;
    for (size_t i = 1; i < count; i++)
        if (same_key(&sorted[i - 1]->member, &sorted[i]->member) &&
            (!found || sorted[i]->key_offset < found->key_offset))
            found = sorted[i];
    return found;
}

/* The key for a message: at most 40 bytes, cut on a UTF-8 boundary. */
static int key_excerpt(const qjson_member *m)
{
    size_t n = m->key_length;
    if (n > 40) {
        n = 40;
        while (n && ((unsigned char)m->key[n] & 0xC0) == 0x80)
            n--;
    }
    return (int)n;
}

/* ---- the parser */

static bool push(qjson_doc *doc, const struct qjson_entry *entry)
{
    if (doc->stack_size == doc->stack_capacity) {
        size_t capacity = doc->stack_capacity ? 2 * doc->stack_capacity : 64;
        struct qjson_entry *stack = realloc(doc->stack, capacity * sizeof *stack);
        if (!stack)
            return false;
        doc->stack = stack;
        doc->stack_capacity = capacity;
    }
    doc->stack[doc->stack_size++] = *entry;
    return true;
}

int qjson_parse(qjson_doc *doc, const char *text, size_t length, const qjson_value **root,
                char *why, size_t why_size)
{
    bool missing = !text && length;
    if (!text) { /* NULL + 0 is undefined even for length 0 */
        text = "";
        length = 0;
    }
    parser ps = {doc, (const unsigned char *)text, (const unsigned char *)text + length, why,
                 why_size};
    struct frame {
        size_t base;                /* its first child on doc->stack */
        const unsigned char *start; /* its '{' or '[' */
        bool object;
    } frames[QJSON_MAX_DEPTH];
    int depth = 0;
    const unsigned char *p = ps.start, *end = ps.end;
    qjson_value v;

    *root = NULL;
    if (why_size)
        why[0] = '\0';
    arena_reset(doc);
    doc->stack_size = 0;
    if (missing)
        return fail_at(&ps, p, "no text (NULL)"), -1;

value: /* a value is due at p (space allowed before it) */
    p = skip_space(p, end);
    if (p == end)
        return fail_at(&ps, p, "expected a value"), -1;
    memset(&v, 0, sizeof v);
    switch (*p) {
    case '{':
    case '[':
        if (depth == QJSON_MAX_DEPTH)
            return fail_at(&ps, p, "nesting deeper than %d", QJSON_MAX_DEPTH), -1;
        frames[depth++] = (struct frame){doc->stack_size, p, *p == '{'};
        p = skip_space(p + 1, end);
        if (p < end && *p == (frames[depth - 1].object ? '}' : ']')) {
            p++;
            goto close;
        }
        if (frames[depth - 1].object)
            goto key;
        goto value;
    case '"':
        if (!parse_string(&ps, &p, &v.string, &v.length))
            return -1;
        v.type = QJSON_STRING;
        break;
    case 't':
    case 'f':
    case 'n': {
        static const char *const words[] = {"true", "false", "null"};
        const char *word = words[*p == 't' ? 0 : *p == 'f' ? 1 : 2];
        size_t n = strlen(word);
        if ((size_t)(end - p) < n || memcmp(p, word, n))
            return fail_at(&ps, p, "invalid literal (expected %s)", word), -1;
        v.type = *p == 'n' ? QJSON_NULL : QJSON_BOOL;
        v.boolean = *p == 't';
        p += n;
        break;
    }
    default:
        if (*p != '-' && !(*p >= '0' && *p <= '9'))
            return fail_at(&ps, p, "expected a value"), -1;
        if (!parse_number(&ps, &p, &v))
            return -1;
    }

have_value: /* v is complete and p just past it */
    if (depth == 0)
        goto done;
    {
        const struct frame *f = &frames[depth - 1];
        if (f->object) {
            doc->stack[doc->stack_size - 1].member.value = v;
        } else {
            struct qjson_entry item = {{NULL, 0, v}, 0};
            if (!push(doc, &item))
                return fail_at(&ps, p, "out of memory"), -1;
        }
        char close_char = f->object ? '}' : ']';
        p = skip_space(p, end);
        if (p < end && *p == ',') {
            const unsigned char *comma = p;
            p = skip_space(p + 1, end);
            if (p < end && *p == close_char)
                return fail_at(&ps, comma, "trailing comma before '%c'", close_char), -1;
            if (f->object)
                goto key;
            goto value;
        }
        if (p < end && *p == close_char) {
            p++;
            goto close;
        }
        return fail_at(&ps, p, "expected ',' or '%c'", close_char), -1;
    }

key: /* a member's key is due at p (space skipped) */
    if (p == end || *p != '"')
        return fail_at(&ps, p, "expected a string key"), -1;
    {
        struct qjson_entry member = {{NULL, 0, {0}}, (size_t)(p - ps.start)};
        if (!parse_string(&ps, &p, &member.member.key, &member.member.key_length))
            return -1;
        if (!push(doc, &member))
            return fail_at(&ps, p, "out of memory"), -1;
    }
    p = skip_space(p, end);
    if (p == end || *p != ':')
        return fail_at(&ps, p, "expected ':'"), -1;
    p++;
    goto value;

close: /* the container of frames[depth - 1] ended just before p */
    {
        const struct frame *f = &frames[--depth];
        size_t count = doc->stack_size - f->base;
        const struct qjson_entry *children = count ? doc->stack + f->base : NULL;
        memset(&v, 0, sizeof v);
        v.length = count;
        if (f->object) {
            if (doc->reject_duplicates && count > 1) {
                bool failed;
                const struct qjson_entry *again = duplicate(doc, children, count, &failed);
                if (failed)
                    return fail_at(&ps, f->start, "out of memory checking the object"), -1;
                if (again)
                    return fail_at(&ps, ps.start + again->key_offset, "duplicate key \"%.*s\"",
                                   key_excerpt(&again->member), again->member.key),
                           -1;
            }
            qjson_member *members = count ? arena_alloc(doc, count * sizeof *members) : NULL;
            if (count && !members)
                return fail_at(&ps, f->start, "out of memory"), -1;
            for (size_t k = 0; k < count; k++)
                members[k] = children[k].member;
            v.type = QJSON_OBJECT;
            v.members = members;
        } else {
            qjson_value *items = count ? arena_alloc(doc, count * sizeof *items) : NULL;
            if (count && !items)
                return fail_at(&ps, f->start, "out of memory"), -1;
            for (size_t k = 0; k < count; k++)
                items[k] = children[k].member.value;
            v.type = QJSON_ARRAY;
            v.items = items;
        }
        doc->stack_size = f->base;
        goto have_value;
    }

done:
    p = skip_space(p, end);
    if (p != end)
        return fail_at(&ps, p, "unexpected text after the value"), -1;
    qjson_value *top = arena_alloc(doc, sizeof *top);
    if (!top)
        return fail_at(&ps, p, "out of memory"), -1;
    *top = v;
    *root = top;
    return 0;
}

/* ---- accessors */

const qjson_value *qjson_get_n(const qjson_value *object, const char *key, size_t n)
{
    if (!object || object->type != QJSON_OBJECT || (!key && n))
        return NULL;
    for (size_t k = object->length; k-- > 0;) {
        const qjson_member *m = &object->members[k];
        if (m->key_length == n && (n == 0 || !memcmp(m->key, key, n)))
            return &m->value;
    }
    return NULL;
}

const qjson_value *qjson_get(const qjson_value *object, const char *key)
{
    return key ? qjson_get_n(object, key, strlen(key)) : NULL;
}

const qjson_value *qjson_at(const qjson_value *array, size_t i)
{
    if (!array || array->type != QJSON_ARRAY || i >= array->length)
        return NULL;
    return &array->items[i];
}

const qjson_member *qjson_member_at(const qjson_value *object, size_t i)
{
    if (!object || object->type != QJSON_OBJECT || i >= object->length)
        return NULL;
    return &object->members[i];
}

size_t qjson_size(const qjson_value *v)
{
    return v && (v->type == QJSON_ARRAY || v->type == QJSON_OBJECT) ? v->length : 0;
}

const char *qjson_as_string(const qjson_value *v)
{
    if (!v || v->type != QJSON_STRING || strlen(v->string) != v->length)
        return NULL;
    return v->string;
}

bool qjson_as_int(const qjson_value *v, int64_t *out)
{
    if (!v || v->type != QJSON_NUMBER || !v->is_int)
        return false;
    *out = v->i;
    return true;
}

bool qjson_as_double(const qjson_value *v, double *out)
{
    if (!v || v->type != QJSON_NUMBER)
        return false;
    *out = v->d;
    return true;
}

bool qjson_as_bool(const qjson_value *v, bool *out)
{
    if (!v || v->type != QJSON_BOOL)
        return false;
    *out = v->boolean;
    return true;
}

const char *qjson_get_string(const qjson_value *object, const char *key)
{
    return qjson_as_string(qjson_get(object, key));
}

bool qjson_get_int(const qjson_value *object, const char *key, int64_t *out)
{
    return qjson_as_int(qjson_get(object, key), out);
}

bool qjson_get_double(const qjson_value *object, const char *key, double *out)
{
    return qjson_as_double(qjson_get(object, key), out);
}

bool qjson_get_bool(const qjson_value *object, const char *key, bool *out)
{
    return qjson_as_bool(qjson_get(object, key), out);
}

bool qjson_equal(const qjson_value *a, const qjson_value *b)
{
    if (!a || !b || a->type != b->type)
        return a == b;
    switch (a->type) {
    case QJSON_NULL: return true;
    case QJSON_BOOL: return a->boolean == b->boolean;
    case QJSON_NUMBER:
        return a->d == b->d && (!a->is_int || !b->is_int || a->i == b->i);
    case QJSON_STRING:
        return a->length == b->length && !memcmp(a->string, b->string, a->length);
    case QJSON_ARRAY:
        if (a->length != b->length)
            return false;
        /* Recursion is bounded by QJSON_MAX_DEPTH in parsed trees. */
        for (size_t k = 0; k < a->length; k++)
            if (!qjson_equal(&a->items[k], &b->items[k]))
                return false;
        return true;
    case QJSON_OBJECT:
        if (a->length != b->length)
            return false;
        for (size_t k = 0; k < a->length; k++)
            if (!same_key(&a->members[k], &b->members[k]) ||
                !qjson_equal(&a->members[k].value, &b->members[k].value))
                return false;
        return true;
    }
    return false;
}

static bool skipped(const qjson_member *m, const char *const *skip)
{
    for (const char *const *k = skip; k && *k; k++)
        if (strlen(*k) == m->key_length && !memcmp(*k, m->key, m->key_length))
            return true;
    return false;
}

static bool same_value(const qjson_value *a, const qjson_value *b, const char *const *skip)
{
    if (!a || !b || a->type != b->type)
        return a == b;
    switch (a->type) {
    case QJSON_NUMBER:
        return a->is_int == b->is_int && (a->is_int ? a->i == b->i : a->d == b->d);
    case QJSON_ARRAY:
        if (a->length != b->length)
            return false;
        for (size_t k = 0; k < a->length; k++)
            if (!same_value(&a->items[k], &b->items[k], NULL))
                return false;
        return true;
    case QJSON_OBJECT: {
        /* Every kept member of each side is in the other, with the same
         * value: with keys unique, that makes the two sets equal. */
        for (int side = 0; side < 2; side++) {
            const qjson_value *o = side ? b : a, *other = side ? a : b;
            for (size_t k = 0; k < o->length; k++) {
                const qjson_member *m = &o->members[k];
                if (skipped(m, skip))
                    continue;
                const qjson_value *v = qjson_get_n(other, m->key, m->key_length);
                if (!v || (!side && !same_value(&m->value, v, NULL)))
                    return false;
            }
        }
        return true;
    }
    default:
        return qjson_equal(a, b);
    }
}

bool qjson_same(const qjson_value *a, const qjson_value *b, const char *const *skip)
{
    return same_value(a, b, skip);
}
