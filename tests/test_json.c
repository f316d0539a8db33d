/*
 * The JSON module (src/common/json.h): each rule of the writer and of the
 * strict RFC 8259 reader on hand-picked cases, the UTF-8 validator and the
 * lossy replacement against a reference decoder written from the bit
 * patterns (exhaustive over short sequences), numbers against strtod and a
 * digit-string reference for "is an int64 integer", and random trees
 * written, parsed back and compared with what was written.
 *
 * A failure prints the JSON text (escaped for the terminal) so it can be
 * pasted into a parser.
 */
#include "common/json.h"
#include "test.h"

#include <float.h>
#include <math.h>
#include <qipai/qipai.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

/* Bytes as C-escaped text for messages. */
static const char *shown(const char *s, size_t n)
{
    static char out[4][512];
    static int which;
    char *o = out[which++ % 4];
    size_t k = 0;
    for (size_t i = 0; i < n && k + 5 < sizeof out[0]; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c >= 0x20 && c < 0x7F && c != '\\')
            o[k++] = (char)c;
        else
            k += (size_t)snprintf(o + k, 5, "\\x%02X", c);
    }
    o[k] = '\0';
    return o;
}

static const char *text_of(const qjson_writer *w)
{
    const char *t = qjson_text(w, NULL);
    return t ? t : "(null)";
}

/* ---- the writer ---------------------------------------------------------- */

static void write_cli_example(qjson_writer *w)
{
    qjson_object_begin(w);
    qjson_key_string(w, "hand", "11123456789999m");
    qjson_key_bool(w, "win", true);
    qjson_key(w, "forms");
    qjson_array_begin(w);
    qjson_string(w, "standard");
    qjson_array_end(w);
    qjson_object_end(w);
}

static void writer_builds_the_cli_example(void)
{
    qjson_writer w;
    qjson_writer_init(&w);
    CHECK(w.data == NULL && w.capacity == 0, "init allocates nothing");
    write_cli_example(&w);
    size_t n = 0;
    const char *t = qjson_text(&w, &n);
    const char *want = "{\"hand\":\"11123456789999m\",\"win\":true,\"forms\":[\"standard\"]}";
    CHECK(t && !strcmp(t, want) && n == strlen(want), "got %s", text_of(&w));
    qjson_writer_free(&w);
    CHECK(w.data == NULL && w.length == 0, "free empties the writer");
}

static void writer_places_commas_and_colons(void)
{
    qjson_writer w;
    qjson_writer_init(&w);
    qjson_object_begin(&w);
    qjson_key(&w, "a");
    qjson_array_begin(&w);
    qjson_array_end(&w);
    qjson_key(&w, "b");
    qjson_object_begin(&w);
    qjson_object_end(&w);
    qjson_key(&w, "c");
    qjson_array_begin(&w);
    qjson_int(&w, 1);
    qjson_array_begin(&w);
    qjson_uint(&w, 2);
    qjson_double(&w, 3.5);
    qjson_array_end(&w);
    qjson_object_begin(&w);
    qjson_key(&w, "d");
    qjson_null(&w);
    qjson_key_int(&w, "e", -7);
    qjson_key_double(&w, "f", 0.25);
    qjson_object_end(&w);
    qjson_raw(&w, "{\"r\":[]}", 8);
    qjson_bool(&w, false);
    qjson_array_end(&w);
    qjson_object_end(&w);
    const char *want = "{\"a\":[],\"b\":{},\"c\":[1,[2,3.5],{\"d\":null,\"e\":-7,\"f\":0.25},"
                       "{\"r\":[]},false]}";
    CHECK(!strcmp(text_of(&w), want), "got %s", text_of(&w));
    qjson_writer_free(&w);

    /* Scalars stand alone as top-level values. */
    qjson_writer_init(&w);
    qjson_string(&w, "x");
    CHECK(!strcmp(text_of(&w), "\"x\""), "got %s", text_of(&w));
    qjson_writer_free(&w);
}

static const struct {
    const char *input;
    size_t length; /* 0: strlen */
    const char *json;
} escapes[] = {
    {"plain", 0, "\"plain\""},
    {"", 0, "\"\""},
    {"say \"hi\"", 0, "\"say \\\"hi\\\"\""},
    {"a\\b", 0, "\"a\\\\b\""},
    {"\n\t\r\b\f", 0, "\"\\n\\t\\r\\b\\f\""},
    {"\x01\x1f", 0, "\"\\u0001\\u001f\""},
    {"a\0b", 3, "\"a\\u0000b\""},
    {"/ and \x7f stay", 0, "\"/ and \x7f stay\""},
    {"\xE5\xB9\xBA\xE9\xB8\xA1", 0, "\"\xE5\xB9\xBA\xE9\xB8\xA1\""},     /* 幺鸡 */
    {"\xF0\x9F\x80\x84 \xC3\xA9", 0, "\"\xF0\x9F\x80\x84 \xC3\xA9\""}, /* 🀄 é */
    {"\xEF\xBF\xBF\xF4\x8F\xBF\xBF", 0, "\"\xEF\xBF\xBF\xF4\x8F\xBF\xBF\""},
};

static void writer_escapes_per_rfc8259(void)
{
    size_t cases = 0;
    qjson_writer w;
    qjson_writer_init(&w);
    for (size_t k = 0; k < COUNT(escapes); k++) {
        size_t n = escapes[k].length ? escapes[k].length : strlen(escapes[k].input);
        qjson_writer_reset(&w);
        qjson_string_n(&w, escapes[k].input, n);
        CHECK(!strcmp(text_of(&w), escapes[k].json), "%s: got %s want %s",
              shown(escapes[k].input, n), shown(text_of(&w), strlen(text_of(&w))),
              shown(escapes[k].json, strlen(escapes[k].json)));
        /* As a key, the same escaping. */
        qjson_writer_reset(&w);
        qjson_object_begin(&w);
        qjson_key_n(&w, escapes[k].input, n);
        qjson_int(&w, 1);
        qjson_object_end(&w);
        char want[128];
        snprintf(want, sizeof want, "{%s:1}", escapes[k].json);
        CHECK(!strcmp(text_of(&w), want), "key %s: got %s", shown(escapes[k].input, n),
              shown(text_of(&w), strlen(text_of(&w))));
        cases++;
    }
    qjson_writer_free(&w);
    CHECK(cases == COUNT(escapes) && cases == 11, "%zu escape cases", cases);
}

/* Ill-formed per Unicode Table 3-7, one case per way of being wrong. */
static const char *const invalid_utf8[] = {
    "\x80",             /* a lone continuation byte */
    "\xBF",             /* another */
    "\xC0\x80",         /* overlong NUL */
    "\xC1\xBF",         /* overlong U+007F */
    "\xE0\x80\x80",     /* overlong 3 bytes */
    "\xE0\x9F\xBF",     /* overlong U+07FF */
    "\xF0\x80\x80\x80", /* overlong 4 bytes */
    "\xF0\x8F\xBF\xBF", /* overlong U+FFFF */
    "\xED\xA0\x80",     /* surrogate U+D800 */
    "\xED\xBF\xBF",     /* surrogate U+DFFF */
    "\xF4\x90\x80\x80", /* U+110000 */
    "\xF5\x80\x80\x80", /* F5 never */
    "\xFE",             /* FE never */
    "\xFF",             /* FF never */
    "\xE4\xB8",         /* truncated 3-byte */
    "\xF0\x9F\x80",     /* truncated 4-byte */
    "\xC3",             /* truncated 2-byte */
    "\xC3\x41",         /* lead then ASCII */
    "ok\xE4\xB8 then", /* truncated in the middle */
};

/* Well-formed boundaries of the same table. */
static const char *const valid_utf8[] = {
    "\x7F",             /* U+007F */
    "\xC2\x80",         /* U+0080 */
    "\xDF\xBF",         /* U+07FF */
    "\xE0\xA0\x80",     /* U+0800 */
    "\xED\x9F\xBF",     /* U+D7FF */
    "\xEE\x80\x80",     /* U+E000 */
    "\xEF\xBF\xBF",     /* U+FFFF */
    "\xF0\x90\x80\x80", /* U+10000 */
    "\xF4\x8F\xBF\xBF", /* U+10FFFF */
};

static void writer_rejects_invalid_utf8_and_writes_nothing_for_it(void)
{
    size_t rejected = 0, accepted = 0;
    qjson_writer w;
    qjson_writer_init(&w);
    for (size_t k = 0; k < COUNT(invalid_utf8); k++) {
        for (int as_key = 0; as_key < 2; as_key++) {
            qjson_writer_reset(&w);
            qjson_array_begin(&w);
            qjson_object_begin(&w);
            qjson_key_int(&w, "n", 1);
            size_t before = w.length;
            if (as_key)
                qjson_key(&w, invalid_utf8[k]);
            else
                qjson_key_string(&w, "s", invalid_utf8[k]);
            size_t expected = as_key ? before : before + strlen(",\"s\":");
            CHECK(w.error == QJSON_ERR_UTF8 && w.length == expected &&
                      strlen(w.data) == expected,
                  "%s (as %s): error %d, %zu bytes written", shown(invalid_utf8[k],
                  strlen(invalid_utf8[k])), as_key ? "key" : "value", w.error,
                  w.length - before);
            qjson_object_end(&w);
            qjson_array_end(&w);
            CHECK(qjson_text(&w, NULL) == NULL, "text must be NULL after an error");
            rejected++;
        }
        CHECK(!qjson_utf8_valid(invalid_utf8[k], strlen(invalid_utf8[k])), "%s",
              shown(invalid_utf8[k], strlen(invalid_utf8[k])));
    }
    for (size_t k = 0; k < COUNT(valid_utf8); k++) {
        qjson_writer_reset(&w);
        qjson_string(&w, valid_utf8[k]);
        char want[16];
        snprintf(want, sizeof want, "\"%s\"", valid_utf8[k]);
        CHECK(w.error == QJSON_OK && !strcmp(text_of(&w), want), "%s rejected",
              shown(valid_utf8[k], strlen(valid_utf8[k])));
        accepted++;
    }
    qjson_writer_free(&w);
    CHECK(rejected == 2 * COUNT(invalid_utf8) && rejected == 38, "%zu rejections", rejected);
    CHECK(accepted == COUNT(valid_utf8) && accepted == 9, "%zu acceptances", accepted);
}

/* ---- UTF-8 against a reference -------------------------------------------
 * The reference decodes from the bit patterns (lead byte class, six payload
 * bits per continuation byte) and then checks the definition: shortest
 * form, no surrogate, at most U+10FFFF. The maximal subpart comes from the
 * set of proper prefixes of every encoded scalar value. */

static int ref_encode(uint32_t cp, unsigned char *out)
{
    if (cp < 0x80) {
        out[0] = (unsigned char)cp;
        return 1;
    }
    if (cp < 0x800) {
        out[0] = (unsigned char)(0xC0 + cp / 64);
        out[1] = (unsigned char)(0x80 + cp % 64);
        return 2;
    }
    if (cp < 0x10000) {
        out[0] = (unsigned char)(0xE0 + cp / 4096);
        out[1] = (unsigned char)(0x80 + cp / 64 % 64);
        out[2] = (unsigned char)(0x80 + cp % 64);
        return 3;
    }
    out[0] = (unsigned char)(0xF0 + cp / 262144);
    out[1] = (unsigned char)(0x80 + cp / 4096 % 64);
    out[2] = (unsigned char)(0x80 + cp / 64 % 64);
    out[3] = (unsigned char)(0x80 + cp % 64);
    return 4;
}

/* Proper prefixes of well-formed sequences: 1, 2 and 3 bytes long. */
static unsigned char *prefix1, *prefix2, *prefix3;

static void build_prefixes(void)
{
    if (prefix1)
        return;
    prefix1 = calloc(256, 1);
    prefix2 = calloc(1 << 16, 1);
    prefix3 = calloc(1 << 24, 1);
    for (uint32_t cp = 0; cp <= 0x10FFFF; cp++) {
        if (cp >= 0xD800 && cp <= 0xDFFF)
            continue;
        unsigned char b[4];
        int len = ref_encode(cp, b);
        if (len > 1)
            prefix1[b[0]] = 1;
        if (len > 2)
            prefix2[b[0] << 8 | b[1]] = 1;
        if (len > 3)
            prefix3[b[0] << 16 | b[1] << 8 | b[2]] = 1;
    }
}

static size_t ref_sequence(const unsigned char *s, size_t n, size_t *taken)
{
    size_t len = s[0] < 0x80 ? 1 : (s[0] >> 5) == 6 ? 2 : (s[0] >> 4) == 14 ? 3
                 : (s[0] >> 3) == 30 ? 4 : 0;
    bool ok = len && len <= n;
    uint32_t cp = len == 1 ? s[0] : len == 2 ? s[0] & 31u : len == 3 ? s[0] & 15u : s[0] & 7u;
    for (size_t k = 1; ok && k < len; k++) {
        ok = (s[k] >> 6) == 2;
        cp = cp << 6 | (s[k] & 63u);
    }
    static const uint32_t least[5] = {0, 0, 0x80, 0x800, 0x10000};
    if (ok && cp >= least[len] && cp <= 0x10FFFF && !(cp >= 0xD800 && cp <= 0xDFFF)) {
        *taken = len;
        return len;
    }
    *taken = 1;
    if (n >= 2 && prefix2[s[0] << 8 | s[1]])
        *taken = 2;
    if (n >= 3 && prefix3[s[0] << 16 | s[1] << 8 | s[2]])
        *taken = 3;
    return 0;
}

static bool ref_valid(const unsigned char *s, size_t n)
{
    size_t taken;
    for (size_t i = 0; i < n; i += taken)
        if (!ref_sequence(s + i, n - i, &taken))
            return false;
    return true;
}

static long compare_sequence(const unsigned char *s, size_t n)
{
    size_t taken = 99, ref_taken = 99;
    size_t got = qjson_utf8_sequence(s, n, &taken), want = ref_sequence(s, n, &ref_taken);
    CHECK(got == want && taken == ref_taken, "%s: length %zu taken %zu, reference %zu %zu",
          shown((const char *)s, n), got, taken, want, ref_taken);
    CHECK(qjson_utf8_valid((const char *)s, n) == ref_valid(s, n), "%s: valid differs",
          shown((const char *)s, n));
    return 1;
}

static void utf8_sequences_match_the_reference_exhaustively(void)
{
    build_prefixes();
    long cases = 0;
    unsigned char s[4];
    for (unsigned a = 0; a < 256; a++) {
        s[0] = (unsigned char)a;
        cases += compare_sequence(s, 1);
        for (unsigned b = 0; b < 256; b++) {
            s[1] = (unsigned char)b;
            cases += compare_sequence(s, 2);
        }
    }
    /* Three bytes: every lead that can begin a multi-byte sequence (the
     * others are decided by their first byte, checked above). */
    for (unsigned a = 0xC0; a < 256; a++)
        for (unsigned b = 0; b < 256; b++)
            for (unsigned c = 0; c < 256; c++) {
                s[0] = (unsigned char)a, s[1] = (unsigned char)b, s[2] = (unsigned char)c;
                cases += compare_sequence(s, 3);
            }
    /* Four bytes: the 4-byte leads and neighbours, every second and third
     * byte, the last at each class boundary. */
    static const unsigned char last[] = {0x00, 0x7F, 0x80, 0xBF, 0xC0, 0xFF};
    for (unsigned a = 0xEF; a < 0xF8; a++)
        for (unsigned b = 0; b < 256; b++)
            for (unsigned c = 0; c < 256; c++)
                for (size_t d = 0; d < COUNT(last); d++) {
                    s[0] = (unsigned char)a, s[1] = (unsigned char)b, s[2] = (unsigned char)c;
                    s[3] = last[d];
                    cases += compare_sequence(s, 4);
                }
    long expected = 256 + 65536 + 64L * 65536 + 9L * 65536 * 6;
    CHECK(cases == expected, "%ld sequences compared, expected %ld", cases, expected);
    fprintf(stderr, "  %ld byte sequences compared\n", cases);
}

/* Every encoded scalar value passes through the writer unchanged. */
static void writer_passes_every_scalar_value_through(void)
{
    qjson_writer w;
    qjson_writer_init(&w);
    long cases = 0;
    for (uint32_t cp = 0x20; cp <= 0x10FFFF; cp++) {
        if ((cp >= 0xD800 && cp <= 0xDFFF) || cp == '"' || cp == '\\')
            continue;
        unsigned char b[4];
        int len = ref_encode(cp, b);
        qjson_writer_reset(&w);
        qjson_string_n(&w, (const char *)b, (size_t)len);
        size_t n = 0;
        const char *t = qjson_text(&w, &n);
        CHECK(t && n == (size_t)len + 2 && !memcmp(t + 1, b, (size_t)len), "U+%04X", (unsigned)cp);
        cases++;
    }
    qjson_writer_free(&w);
    CHECK(cases == 0x10FFFF + 1 - 0x20 - 2048 - 2, "%ld scalar values", cases);
}

/* ---- lossy strings */

static const struct {
    const char *input;
    size_t length;
    const char *decoded; /* what the JSON string reads back as */
} lossy_cases[] = {
    /* Unicode 3.9, Table 3-8: U+FFFD for each maximal subpart. */
    {"\x61\xF1\x80\x80\xE1\x80\xC2\x62\x80\x63\x80\xBF\x64", 13,
     "a\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD" "b\xEF\xBF\xBD" "c\xEF\xBF\xBD\xEF\xBF\xBD" "d"},
    /* Overlongs and surrogates are not prefixes of anything: one per byte. */
    {"\xC0\xAF", 2, "\xEF\xBF\xBD\xEF\xBF\xBD"},
    {"\xE0\x80\xAF", 3, "\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD"},
    {"\xED\xA0\x80", 3, "\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD"},
    {"\xF4\x90\x80\x80", 4, "\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD"},
    /* A truncated sequence is one subpart. */
    {"\xF0\x9F\x80", 3, "\xEF\xBF\xBD"},
    {"\xE4\xB8x", 3, "\xEF\xBF\xBDx"},
    {"\xFF\xFE", 2, "\xEF\xBF\xBD\xEF\xBF\xBD"},
    /* NUL bytes become U+FFFD too; control characters stay (escaped). */
    {"a\0b\n", 4, "a\xEF\xBF\xBD" "b\n"},
    /* Valid text is unchanged. */
    {"\xE5\x92\x8C \"1\"", 7, "\xE5\x92\x8C \"1\""},
    {"", 0, ""},
};

static void lossy_strings_replace_maximal_subparts(void)
{
    size_t cases = 0;
    qjson_writer w;
    qjson_doc doc;
    qjson_writer_init(&w);
    qjson_doc_init(&doc);
    for (size_t k = 0; k < COUNT(lossy_cases); k++) {
        qjson_writer_reset(&w);
        qjson_string_lossy(&w, lossy_cases[k].input, lossy_cases[k].length);
        size_t n = 0;
        const char *t = qjson_text(&w, &n);
        const qjson_value *v = NULL;
        char why[128];
        bool parsed = t && qjson_parse(&doc, t, n, &v, why, sizeof why) == 0;
        const char *want = lossy_cases[k].decoded;
        CHECK(parsed && v->type == QJSON_STRING && v->length == strlen(want) &&
                  !memcmp(v->string, want, v->length),
              "%s: wrote %s", shown(lossy_cases[k].input, lossy_cases[k].length),
              t ? shown(t, n) : "(null)");
        cases++;
    }
    qjson_writer_free(&w);
    qjson_doc_free(&doc);
    CHECK(cases == COUNT(lossy_cases) && cases == 11, "%zu lossy cases", cases);
}

/* Random bytes, weighted toward UTF-8's interesting values, against the
 * reference: each NUL or ill-formed subpart becomes U+FFFD. */
static void lossy_strings_match_the_reference_on_random_bytes(void)
{
    build_prefixes();
    static const unsigned char alphabet[] = {
        0x00, 0x0A, 0x22, 0x41, 0x5C, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1,
        0xC2, 0xDF, 0xE0, 0xE1, 0xEC, 0xED, 0xEE, 0xEF, 0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xFF,
    };
    qipai_rng rng;
    qipai_rng_seed(&rng, 20240601);
    qjson_writer w;
    qjson_doc doc;
    qjson_writer_init(&w);
    qjson_doc_init(&doc);
    long cases = 0, limit = test_scaled(100000);
    for (long t = 0; t < limit; t++) {
        unsigned char in[16], want[64];
        size_t n = qipai_rng_below(&rng, 17), m = 0, taken;
        for (size_t i = 0; i < n; i++)
            in[i] = alphabet[qipai_rng_below(&rng, COUNT(alphabet))];
        for (size_t i = 0; i < n; i += taken) {
            size_t good = in[i] ? ref_sequence(in + i, n - i, &taken) : (taken = 1, 0);
            if (good) {
                memcpy(want + m, in + i, good);
                m += good;
            } else {
                memcpy(want + m, "\xEF\xBF\xBD", 3);
                m += 3;
            }
        }
        qjson_writer_reset(&w);
        qjson_string_lossy(&w, (const char *)in, n);
        size_t len = 0;
        const char *text = qjson_text(&w, &len);
        const qjson_value *v = NULL;
        bool parsed = text && qjson_parse(&doc, text, len, &v, NULL, 0) == 0;
        CHECK(parsed && v->length == m && !memcmp(v->string, want, m), "%s: wrote %s",
              shown((const char *)in, n), text ? shown(text, len) : "(null)");
        /* Strict writing fails exactly when the input is not UTF-8. */
        qjson_writer_reset(&w);
        qjson_string_n(&w, (const char *)in, n);
        CHECK((w.error == QJSON_ERR_UTF8) == !ref_valid(in, n), "%s: strict error %d",
              shown((const char *)in, n), w.error);
        cases++;
    }
    qjson_writer_free(&w);
    qjson_doc_free(&doc);
    CHECK(cases == limit && cases > 0, "%ld random strings", cases);
}

/* ---- writer misuse */

static void misuse_key_at_top(qjson_writer *w) { qjson_key(w, "a"); }
static void misuse_key_in_array(qjson_writer *w)
{
    qjson_array_begin(w);
    qjson_key(w, "a");
}
static void misuse_value_without_key(qjson_writer *w)
{
    qjson_object_begin(w);
    qjson_int(w, 1);
}
static void misuse_two_keys(qjson_writer *w)
{
    qjson_object_begin(w);
    qjson_key(w, "a");
    qjson_key(w, "b");
}
static void misuse_end_without_begin(qjson_writer *w) { qjson_array_end(w); }
static void misuse_wrong_end(qjson_writer *w)
{
    qjson_array_begin(w);
    qjson_object_end(w);
}
static void misuse_end_after_dangling_key(qjson_writer *w)
{
    qjson_object_begin(w);
    qjson_key(w, "a");
    qjson_object_end(w);
}
static void misuse_second_top_value(qjson_writer *w)
{
    qjson_int(w, 1);
    qjson_int(w, 2);
}
static void misuse_too_deep(qjson_writer *w)
{
    for (int d = 0; d <= QJSON_MAX_DEPTH; d++)
        qjson_array_begin(w);
}
static void misuse_null_string(qjson_writer *w) { qjson_string(w, NULL); }
static void misuse_null_key(qjson_writer *w)
{
    qjson_object_begin(w);
    qjson_key(w, NULL);
}
static void misuse_empty_raw(qjson_writer *w) { qjson_raw(w, "", 0); }

static void writer_misuse_is_a_nesting_error(void)
{
    static void (*const misuses[])(qjson_writer *) = {
        misuse_key_at_top,        misuse_key_in_array,     misuse_value_without_key,
        misuse_two_keys,          misuse_end_without_begin, misuse_wrong_end,
        misuse_end_after_dangling_key, misuse_second_top_value, misuse_too_deep,
        misuse_null_string,       misuse_null_key,         misuse_empty_raw,
    };
    size_t cases = 0;
    qjson_writer w;
    qjson_writer_init(&w);
    for (size_t k = 0; k < COUNT(misuses); k++) {
        qjson_writer_reset(&w);
        misuses[k](&w);
        CHECK(w.error == QJSON_ERR_NESTING, "misuse %zu: error %d (%s)", k, w.error,
              qjson_strerror(w.error));
        CHECK(qjson_text(&w, NULL) == NULL, "misuse %zu: text must be NULL", k);
        cases++;
    }
    /* Exactly QJSON_MAX_DEPTH levels are fine. */
    qjson_writer_reset(&w);
    for (int d = 0; d < QJSON_MAX_DEPTH; d++)
        qjson_array_begin(&w);
    for (int d = 0; d < QJSON_MAX_DEPTH; d++)
        qjson_array_end(&w);
    CHECK(w.error == QJSON_OK && w.length == 2 * QJSON_MAX_DEPTH, "64 levels: error %d",
          w.error);
    qjson_writer_free(&w);
    CHECK(cases == COUNT(misuses) && cases == 12, "%zu misuses", cases);
}

static void writer_text_is_null_until_complete(void)
{
    qjson_writer w;
    qjson_writer_init(&w);
    size_t n = 99;
    CHECK(qjson_text(&w, &n) == NULL && n == 99, "an empty writer has no text");
    qjson_object_begin(&w);
    CHECK(qjson_text(&w, NULL) == NULL, "open object");
    qjson_key(&w, "k");
    CHECK(qjson_text(&w, NULL) == NULL, "key without value");
    qjson_string(&w, "v");
    CHECK(qjson_text(&w, NULL) == NULL, "still open");
    qjson_object_end(&w);
    CHECK(qjson_text(&w, &n) && n == 9, "complete: %s", text_of(&w));
    qjson_writer_free(&w);
}

static void writer_errors_stick_until_reset(void)
{
    qjson_writer w;
    qjson_writer_init(&w);
    qjson_array_begin(&w);
    qjson_int(&w, 1);
    qjson_double(&w, NAN);
    CHECK(w.error == QJSON_ERR_NUMBER, "NaN: error %d", w.error);
    size_t length = w.length;
    qjson_int(&w, 2);
    qjson_string(&w, "\xFF");
    qjson_array_end(&w);
    CHECK(w.error == QJSON_ERR_NUMBER && w.length == length, "later calls do nothing");
    CHECK(qjson_text(&w, NULL) == NULL, "no text after an error");
    char *data = w.data;
    size_t capacity = w.capacity;
    qjson_writer_reset(&w);
    CHECK(w.error == QJSON_OK && w.length == 0 && w.data == data && w.capacity == capacity,
          "reset clears the error and keeps the buffer");
    qjson_double(&w, -INFINITY);
    CHECK(w.error == QJSON_ERR_NUMBER, "infinity: error %d", w.error);
    qjson_writer_reset(&w);
    qjson_double(&w, INFINITY);
    CHECK(w.error == QJSON_ERR_NUMBER, "infinity: error %d", w.error);
    qjson_writer_free(&w);
    for (int code = QJSON_OK; code <= QJSON_ERR_NESTING; code++)
        CHECK(qjson_strerror(code)[0] && strcmp(qjson_strerror(code), qjson_strerror(99)),
              "code %d has a message", code);
}

static void writer_reuse_allocates_only_while_growing(void)
{
    qjson_writer w;
    qjson_writer_init(&w);
    write_cli_example(&w);
    char *data = w.data;
    size_t capacity = w.capacity, rounds = 0;
    for (int k = 0; k < 1000; k++, rounds++) {
        qjson_writer_reset(&w);
        write_cli_example(&w);
    }
    CHECK(w.data == data && w.capacity == capacity && qjson_text(&w, NULL),
          "the buffer moved while reused");
    /* Growing: a long string reallocates, then the buffer stays. */
    char big[5000];
    memset(big, 'x', sizeof big - 1);
    big[sizeof big - 1] = '\0';
    qjson_writer_reset(&w);
    qjson_string(&w, big);
    CHECK(w.error == QJSON_OK && w.length == sizeof big + 1, "a long string: %zu", w.length);
    /* Escapes grow the buffer beyond the first estimate. */
    memset(big, '\x01', sizeof big - 1);
    qjson_writer_reset(&w);
    qjson_string(&w, big);
    CHECK(w.error == QJSON_OK && w.length == 6 * (sizeof big - 1) + 2, "escapes: %zu",
          w.length);
    qjson_writer_free(&w);
    CHECK(rounds == 1000, "%zu rounds", rounds);
}

/* Strings that grow the buffer part way, at every length around its first
 * sizes: escapes (6 bytes for 1), replacements (3 for 1), as keys (with
 * their colon after) and values, each in a fresh writer so the growth
 * happens at a different byte each time; and keys of plain bytes ending in
 * one escape, so that for one length the escape fills the buffer to its
 * last byte. AddressSanitizer watches the edges; the text must read back. */
static void writer_grows_mid_string(void)
{
    qjson_doc doc;
    qjson_doc_init(&doc);
    char s[700];
    long cases = 0;
    for (size_t n = 0; n < sizeof s; n++) {
        for (size_t k = 0; k < n; k++)
            s[k] = k % 3 == 0 ? '\x01' : k % 3 == 1 ? 'a' : '\xFF';
        for (int variant = 0; variant < 4; variant++) {
            qjson_writer w;
            qjson_writer_init(&w);
            qjson_object_begin(&w);
            if (variant == 0) {
                qjson_key_n(&w, s, n); /* strict: \xFF is an error unless absent */
                qjson_int(&w, 1);
            } else if (variant == 1) {
                qjson_key(&w, "k");
                qjson_string_lossy(&w, s, n);
            } else if (variant == 2) {
                for (size_t k = 0; k < n; k++)
                    if (s[k] == '\xFF')
                        s[k] = '"';
                qjson_key_n(&w, s, n);
                qjson_string_n(&w, s, n);
            } else {
                memset(s, 'a', n);
                if (n)
                    s[n - 1] = '\x1F';
                qjson_key_n(&w, s, n);
                qjson_null(&w);
            }
            qjson_object_end(&w);
            size_t len = 0;
            const char *text = qjson_text(&w, &len);
            const qjson_value *v = NULL;
            bool strict_error = variant == 0 && n >= 3;
            bool ok = strict_error ? w.error == QJSON_ERR_UTF8
                                   : text && qjson_parse(&doc, text, len, &v, NULL, 0) == 0 &&
                                         qjson_size(v) == 1;
            if (ok && variant >= 2)
                ok = qjson_member_at(v, 0)->key_length == n &&
                     !memcmp(qjson_member_at(v, 0)->key, s, n) &&
                     (variant == 3 || !memcmp(qjson_member_at(v, 0)->value.string, s, n));
            CHECK(ok, "length %zu variant %d: error %d", n, variant, w.error);
            qjson_writer_free(&w);
            cases++;
        }
    }
    qjson_doc_free(&doc);
    CHECK(cases == 4 * 700, "%ld cases", cases);
}

/* ---- numbers -------------------------------------------------------------- */

static const struct {
    int64_t value;
    const char *text;
} int_texts[] = {
    {0, "0"},
    {-1, "-1"},
    {INT64_MAX, "9223372036854775807"},
    {INT64_MIN, "-9223372036854775808"},
    {(int64_t)1 << 53, "9007199254740992"},
};

static const struct {
    double value;
    const char *text;
} double_texts[] = {
    {0.1, "0.1"},
    {-0.0, "-0"},
    {0.0, "0"},
    {3.0, "3"},
    {1e308, "1e+308"},
    {1e15, "1e+15"},
    {123456789012345.0, "123456789012345"},
    {9007199254740992.0, "9007199254740992"},
    {1.0 / 3, "0.3333333333333333"},
    {2.0 / 3, "0.6666666666666666"},
    {5e-324, "4.94065645841247e-324"},
    {DBL_MAX, "1.7976931348623157e+308"},
    {-2.5e-7, "-2.5e-07"},
};

static void writer_numbers_read_back_exactly(void)
{
    size_t cases = 0;
    qjson_writer w;
    qjson_writer_init(&w);
    for (size_t k = 0; k < COUNT(int_texts); k++, cases++) {
        qjson_writer_reset(&w);
        qjson_int(&w, int_texts[k].value);
        CHECK(!strcmp(text_of(&w), int_texts[k].text), "got %s want %s", text_of(&w),
              int_texts[k].text);
    }
    qjson_writer_reset(&w);
    qjson_uint(&w, UINT64_MAX);
    CHECK(!strcmp(text_of(&w), "18446744073709551615"), "got %s", text_of(&w));
    for (size_t k = 0; k < COUNT(double_texts); k++, cases++) {
        qjson_writer_reset(&w);
        qjson_double(&w, double_texts[k].value);
        CHECK(!strcmp(text_of(&w), double_texts[k].text), "got %s want %s", text_of(&w),
              double_texts[k].text);
        double back = strtod(text_of(&w), NULL);
        CHECK(!memcmp(&back, &double_texts[k].value, sizeof back), "%s does not read back",
              text_of(&w));
    }
    qjson_writer_free(&w);
    CHECK(cases == COUNT(int_texts) + COUNT(double_texts) && cases == 18, "%zu numbers", cases);
}

/* The reference for "the number is an integer in int64 range": on the digit
 * string, with no arithmetic that could overflow. */
static bool ref_int(const char *text, int64_t *out)
{
    const char *p = text;
    bool negative = *p == '-';
    p += negative;
    char digits[1100];
    size_t n = 0;
    long exponent = 0;
    bool fraction = false;
    for (; (*p >= '0' && *p <= '9') || *p == '.'; p++) {
        if (*p == '.') {
            fraction = true;
            continue;
        }
        if (n < sizeof digits - 1)
            digits[n++] = *p;
        else if (!fraction)
            exponent++; /* only for absurdly long tests; digits beyond are dropped */
        exponent -= fraction;
    }
    if (*p == 'e' || *p == 'E')
        exponent += strtol(p + 1, NULL, 10);
    size_t lead = 0;
    while (lead < n && digits[lead] == '0')
        lead++;
    if (lead == n) {
        *out = 0;
        return true;
    }
    while (n > lead && digits[n - 1] == '0' && exponent < 0)
        n--, exponent++;
    if (exponent < 0 || n - lead + (size_t)exponent > 19)
        return false;
    char number[24];
    size_t len = 0;
    for (size_t k = lead; k < n; k++)
        number[len++] = digits[k];
    for (long k = 0; k < exponent; k++)
        number[len++] = '0';
    number[len] = '\0';
    const char *limit = negative ? "9223372036854775808" : "9223372036854775807";
    if (len == 19 && strcmp(number, limit) > 0)
        return false;
    if (negative && !strcmp(number, limit)) {
        *out = INT64_MIN;
        return true;
    }
    int64_t v = 0;
    for (size_t k = 0; k < len; k++)
        v = v * 10 + (number[k] - '0');
    *out = negative ? -v : v;
    return true;
}

/* Parses text as one number and compares with strtod and ref_int. */
static bool check_number(qjson_doc *doc, const char *text)
{
    const qjson_value *v = NULL;
    char why[128];
    if (qjson_parse(doc, text, strlen(text), &v, why, sizeof why) != 0) {
        CHECK(false, "%s: %s", text, why);
        return false;
    }
    double d = strtod(text, NULL);
    int64_t i = 0;
    bool is_int = ref_int(text, &i);
    bool ok = v->type == QJSON_NUMBER && !memcmp(&v->d, &d, sizeof d) && v->is_int == is_int &&
              (!is_int || v->i == i);
    CHECK(ok, "%s: is_int %d i %lld d %.17g; want %d %lld %.17g", text, v->is_int,
          (long long)v->i, v->d, is_int, (long long)i, d);
    return ok;
}

static const char *const number_edges[] = {
    "0", "-0", "0.0", "-0.0", "0e5", "0.000e-99999999999",
    "1", "-1", "1.0", "1e2", "1E+2", "1.5e1", "100e-2", "1.25", "0.5", "-0.5",
    "9223372036854775807", "-9223372036854775808", "9223372036854775808",
    "-9223372036854775809", "92233720368547758.07e2", "922337203685477580.8e1",
    "9007199254740992", "9007199254740993", "-9007199254740993", "18446744073709551615",
    "12345678901234567890e-1", "1234567890123456789.0", "12345678901234567891e-1",
    "1e308", "-1e308", "1.7976931348623157e308", "2.2250738585072014e-308",
    "4.9e-324", "1e-400", "-1e-400", "0.1", "0.30000000000000004",
    "0.1000000000000000055511151231257827021181583404541015625",
    "123456789012345678901234567890", "1e18", "1e19", "-1e18",
    "0.0000000000000000000000000000000000000001e40", "1e22", "1e23", "9007199254740993e-3",
    "1.00000000000000000000000000000000000000001",
};

static void reader_numbers_match_strtod_and_the_int_reference(void)
{
    qjson_doc doc;
    qjson_doc_init(&doc);
    size_t cases = 0;
    for (size_t k = 0; k < COUNT(number_edges); k++)
        cases += check_number(&doc, number_edges[k]);
    CHECK(cases == COUNT(number_edges) && cases == 48, "%zu edge numbers", cases);

    /* A few by name, beyond the references. */
    const qjson_value *v;
    qjson_parse(&doc, "-0", 2, &v, NULL, 0);
    CHECK(v->is_int && v->i == 0 && signbit(v->d), "-0 keeps its sign in d");
    qjson_parse(&doc, "9007199254740993", 16, &v, NULL, 0);
    CHECK(v->is_int && v->i == 9007199254740993LL && v->d == 9007199254740992.0,
          "2^53+1 is exact in i, rounded in d");
    const char *too_big[] = {"1e309", "-1.8e308", "1e999999999999999999999"};
    for (size_t k = 0; k < COUNT(too_big); k++) {
        char why[128];
        CHECK(qjson_parse(&doc, too_big[k], strlen(too_big[k]), &v, why, sizeof why) == -1 &&
                  !strcmp(why, "number too large for a double at byte 0"),
              "%s: %s", too_big[k], why);
    }

    /* Random spellings: integers written in several ways, then random
     * decimals of every length and exponent. */
    qipai_rng rng;
    qipai_rng_seed(&rng, 7);
    long random_cases = 0, limit = test_scaled(200000);
    for (long t = 0; t < limit; t++) {
        char text[96];
        uint64_t bits = qipai_rng_next(&rng);
        int style = (int)qipai_rng_below(&rng, 6);
        int64_t value = (int64_t)(bits >> qipai_rng_below(&rng, 64));
        if (bits & 1)
            value = -value;
        switch (style) {
        case 0: snprintf(text, sizeof text, "%lld", (long long)value); break;
        case 1: snprintf(text, sizeof text, "%lld.000", (long long)value); break;
        case 2: snprintf(text, sizeof text, value ? "%lld00e-2" : "0e-2", (long long)value); break;
        case 3: snprintf(text, sizeof text, "%.3e", (double)value); break;
        case 4: {
            double d;
            do {
                uint64_t raw = qipai_rng_next(&rng);
                memcpy(&d, &raw, sizeof d);
            } while (!isfinite(d));
            snprintf(text, sizeof text, "%.*g", 1 + (int)qipai_rng_below(&rng, 20), d);
            break;
        }
        default: {
            /* digits.digits e exponent, each part random in length */
            size_t n = 0;
            if (bits & 2)
                text[n++] = '-';
            int whole = 1 + (int)qipai_rng_below(&rng, 25), frac = (int)qipai_rng_below(&rng, 25);
            for (int k = 0; k < whole; k++)
                text[n++] = (char)('0' + (k == 0 && whole > 1 ? 1 + qipai_rng_below(&rng, 9)
                                                              : qipai_rng_below(&rng, 10)));
            if (frac) {
                text[n++] = '.';
                for (int k = 0; k < frac; k++)
                    text[n++] = (char)('0' + qipai_rng_below(&rng, 10));
            }
            if (bits & 4)
                n += (size_t)snprintf(text + n, sizeof text - n, "e%d",
                                      (int)qipai_rng_below(&rng, 700) - 350);
            text[n] = '\0';
        }
        }
        if (isfinite(strtod(text, NULL))) {
            random_cases += check_number(&doc, text);
        } else {
            char why[128];
            bool rejected = qjson_parse(&doc, text, strlen(text), &v, why, sizeof why) == -1 &&
                            strstr(why, "number too large for a double at byte 0");
            CHECK(rejected, "%s overflows: %s", text, why);
            random_cases += rejected;
        }
    }
    qjson_doc_free(&doc);
    CHECK(random_cases == limit && random_cases > 0, "%ld of %ld random numbers", random_cases,
          limit);
}

/* ---- the reader: acceptance ---------------------------------------------- */

static const struct {
    const char *input;
    const char *canonical; /* written back by qjson_write_value */
} accepted[] = {
    {"{\"a\":[1,2.5,\"x\",true,false,null]}", "{\"a\":[1,2.5,\"x\",true,false,null]}"},
    {" \t\r\n{ \"a\" :\n[ 1 , 2 ] } \n", "{\"a\":[1,2]}"},
    {"1", "1"},
    {"-0", "-0"},
    {"\"s\"", "\"s\""},
    {"null", "null"},
    {"true", "true"},
    {"[]", "[]"},
    {"{}", "{}"},
    {"[[[]],{}]", "[[[]],{}]"},
    {"\"\\u00e9\\u00E9\"", "\"\xC3\xA9\xC3\xA9\""},
    {"\"\\ud83d\\ude00\"", "\"\xF0\x9F\x98\x80\""},
    {"\"\\uD834\\uDD1E\"", "\"\xF0\x9D\x84\x9E\""},
    {"\"\\\" \\\\ \\/ \\b \\f \\n \\r \\t\"", "\"\\\" \\\\ / \\b \\f \\n \\r \\t\""},
    {"\"\\u0000\"", "\"\\u0000\""},
    {"\"\\u4e2d\xE6\x96\x87\"", "\"\xE4\xB8\xAD\xE6\x96\x87\""},
    {"1E+2", "100"},
    {"1.5e-3", "0.0015"},
    {"{\"a\":1,\"a\":2}", "{\"a\":1,\"a\":2}"},
    {"\"\x7F\"", "\"\x7F\""},
};

static void reader_accepts_rfc8259_documents(void)
{
    qjson_doc doc;
    qjson_writer w;
    qjson_doc_init(&doc);
    qjson_writer_init(&w);
    size_t cases = 0;
    for (size_t k = 0; k < COUNT(accepted); k++) {
        const qjson_value *v = NULL;
        char why[128] = "";
        int status = qjson_parse(&doc, accepted[k].input, strlen(accepted[k].input), &v, why,
                                 sizeof why);
        CHECK(status == 0 && v && !why[0], "%s: %s", shown(accepted[k].input,
              strlen(accepted[k].input)), why);
        if (status)
            continue;
        qjson_writer_reset(&w);
        qjson_write_value(&w, v);
        CHECK(!strcmp(text_of(&w), accepted[k].canonical), "%s: wrote %s",
              shown(accepted[k].input, strlen(accepted[k].input)),
              shown(text_of(&w), strlen(text_of(&w))));
        cases++;
    }
    qjson_writer_free(&w);
    qjson_doc_free(&doc);
    CHECK(cases == COUNT(accepted) && cases == 20, "%zu documents", cases);
}

static void reader_keeps_embedded_nul_and_key_order(void)
{
    qjson_doc doc;
    qjson_doc_init(&doc);
    const qjson_value *v;
    const char *text = "{\"z\":\"a\\u0000b\",\"a\":1,\"m\":[true]}";
    CHECK(qjson_parse(&doc, text, strlen(text), &v, NULL, 0) == 0, "parse");
    const qjson_value *z = qjson_get(v, "z");
    CHECK(z && z->type == QJSON_STRING && z->length == 3 && z->string[1] == '\0' &&
              z->string[3] == '\0' && strlen(z->string) == 1,
          "embedded NUL: length %zu", z ? z->length : 0);
    CHECK(!qjson_get_string(v, "z") && !qjson_as_string(z), "no C string for a string with NUL");
    CHECK(qjson_size(v) == 3 && !strcmp(qjson_member_at(v, 0)->key, "z") &&
              !strcmp(qjson_member_at(v, 1)->key, "a") && !strcmp(qjson_member_at(v, 2)->key, "m"),
          "keys in document order");
    qjson_doc_free(&doc);
}

/* ---- the reader: rejection with messages ---------------------------------- */

static const struct {
    const char *input;
    const char *message;
} rejected[] = {
    /* the value and what may follow it */
    {"", "expected a value at byte 0 (end of input)"},
    {"   ", "expected a value at byte 3 (end of input)"},
    {"1 2", "unexpected text after the value at byte 2"},
    {"[1]]", "unexpected text after the value at byte 3"},
    {"nulll", "unexpected text after the value at byte 4"},
    {"\xEF\xBB\xBF{}", "expected a value at byte 0"}, /* no byte order mark */
    /* no trailing commas, no empty elements */
    {"[1,2,]", "trailing comma before ']' at byte 4"},
    {"{\"a\":1,}", "trailing comma before '}' at byte 6"},
    {"[,1]", "expected a value at byte 1"},
    {"[1,,2]", "expected a value at byte 3"},
    {"{,}", "expected a string key at byte 1"},
    /* structure */
    {"[1 2]", "expected ',' or ']' at byte 3"},
    {"[1,2", "expected ',' or ']' at byte 4 (end of input)"},
    {"{\"a\":1 \"b\":2}", "expected ',' or '}' at byte 7"},
    {"{\"a\" 1}", "expected ':' at byte 5"},
    {"{\"a\"", "expected ':' at byte 4 (end of input)"},
    {"{a:1}", "expected a string key at byte 1"},
    {"{1:2}", "expected a string key at byte 1"},
    {"{\"a\":}", "expected a value at byte 5"},
    /* no comments, no JavaScript */
    {"// c\n1", "expected a value at byte 0"},
    {"[1]/*x*/", "unexpected text after the value at byte 3"},
    {"'a'", "expected a value at byte 0"},
    {"NaN", "expected a value at byte 0"},
    {"Infinity", "expected a value at byte 0"},
    {"-Infinity", "expected a digit after '-' at byte 1"},
    {"True", "expected a value at byte 0"},
    {"tru", "invalid literal (expected true) at byte 0"},
    {"nul", "invalid literal (expected null) at byte 0"},
    {"[fals]", "invalid literal (expected false) at byte 1"},
    /* numbers */
    {"01", "leading zero in number at byte 0"},
    {"-01", "leading zero in number at byte 1"},
    {"[00]", "leading zero in number at byte 1"},
    {"-", "expected a digit after '-' at byte 1 (end of input)"},
    {"1.", "expected a digit after '.' at byte 2 (end of input)"},
    {"1.e5", "expected a digit after '.' at byte 2"},
    {"1e", "expected a digit in the exponent at byte 2 (end of input)"},
    {"1e+", "expected a digit in the exponent at byte 3 (end of input)"},
    {"1ex", "expected a digit in the exponent at byte 2"},
    {".5", "expected a value at byte 0"},
    {"+1", "expected a value at byte 0"},
    {"0x10", "unexpected text after the value at byte 1"},
    {"1e400", "number too large for a double at byte 0"},
    /* strings */
    {"\"abc", "unterminated string starting at byte 0"},
    {"[\"a\\\"]", "unterminated string starting at byte 1"},
    {"\"a\nb\"", "control character U+000A must be escaped in a string at byte 2"},
    {"\"\t\"", "control character U+0009 must be escaped in a string at byte 1"},
    {"\"\x1F\"", "control character U+001F must be escaped in a string at byte 1"},
    {"\"\\x\"", "invalid escape '\\x' at byte 1"},
    {"\"\\\x01\"", "invalid escape at byte 1"},
    {"\"\\u12\"", "\\u needs 4 hex digits at byte 1"},
    {"\"\\u12G4\"", "\\u needs 4 hex digits at byte 1"},
    {"\"\\ud800\"", "lone high surrogate \\uD800 at byte 1"},
    {"\"\\udc00\"", "lone low surrogate \\uDC00 at byte 1"},
    {"\"\\ud800\\u0041\"", "lone high surrogate \\uD800 at byte 1"},
    {"\"\\ud800\\ud800\"", "lone high surrogate \\uD800 at byte 1"},
    {"\"x\\ud83d\"", "lone high surrogate \\uD83D at byte 2"},
    {"\"\xC0\x80\"", "invalid UTF-8 in string at byte 1"},
    {"\"\xED\xA0\x80\"", "invalid UTF-8 in string at byte 1"},
    {"\"\xF5\x80\x80\x80\"", "invalid UTF-8 in string at byte 1"},
    {"\"ab\xE4\xB8\"", "invalid UTF-8 in string at byte 3"},
    {"{\"\xFF\":1}", "invalid UTF-8 in string at byte 2"},
};

static void reader_rejects_with_the_problem_and_its_offset(void)
{
    qjson_doc doc;
    qjson_doc_init(&doc);
    size_t cases = 0;
    for (size_t k = 0; k < COUNT(rejected); k++) {
        const qjson_value *v = (const qjson_value *)&doc; /* must become NULL */
        char why[128];
        int status = qjson_parse(&doc, rejected[k].input, strlen(rejected[k].input), &v, why,
                                 sizeof why);
        CHECK(status == -1 && v == NULL && !strcmp(why, rejected[k].message),
              "%s: status %d, message \"%s\", want \"%s\"",
              shown(rejected[k].input, strlen(rejected[k].input)), status, why,
              rejected[k].message);
        cases++;
    }
    /* A NUL byte is not whitespace. */
    char why[128];
    const qjson_value *v;
    CHECK(qjson_parse(&doc, "1\0", 2, &v, why, sizeof why) == -1 &&
              !strcmp(why, "unexpected text after the value at byte 1"),
          "NUL after a value: %s", why);
    CHECK(qjson_parse(&doc, "\"a\0\"", 4, &v, why, sizeof why) == -1 &&
              !strcmp(why, "control character U+0000 must be escaped in a string at byte 2"),
          "NUL in a string: %s", why);
    CHECK(qjson_parse(&doc, NULL, 0, &v, why, sizeof why) == -1 &&
              !strcmp(why, "expected a value at byte 0 (end of input)"),
          "NULL text, length 0: %s", why);
    CHECK(qjson_parse(&doc, NULL, 5, &v, why, sizeof why) == -1 &&
              !strcmp(why, "no text (NULL) at byte 0 (end of input)"),
          "NULL text, length 5: %s", why);
    /* Errors leave the doc usable. */
    CHECK(qjson_parse(&doc, "[1]", 3, &v, why, sizeof why) == 0 && qjson_size(v) == 1,
          "parse after errors");
    qjson_doc_free(&doc);
    CHECK(cases == COUNT(rejected) && cases == 61, "%zu rejections", cases);
}

static void reader_limits_nesting_to_64(void)
{
    qjson_doc doc;
    qjson_doc_init(&doc);
    char text[8 * QJSON_MAX_DEPTH], why[128];
    const qjson_value *v;
    for (int object = 0; object < 2; object++) {
        /* [[...[]...]] or {"":{"":...{}...}} exactly 64 deep parses */
        size_t n = 0;
        for (int d = 0; d < QJSON_MAX_DEPTH; d++) {
            if (object && d)
                n += (size_t)snprintf(text + n, sizeof text - n, "{\"\":");
            else if (!object)
                text[n++] = '[';
        }
        if (object)
            text[n++] = '{';
        for (int d = 0; d < QJSON_MAX_DEPTH; d++)
            text[n++] = object ? '}' : ']';
        int status = qjson_parse(&doc, text, n, &v, why, sizeof why);
        CHECK(status == 0, "%d deep (%s): %s", QJSON_MAX_DEPTH, object ? "objects" : "arrays",
              why);
        size_t depth = 0;
        for (const qjson_value *x = v; x && qjson_size(x); depth++)
            x = object ? &qjson_member_at(x, 0)->value : qjson_at(x, 0);
        CHECK(status == 0 && depth == QJSON_MAX_DEPTH - 1, "depth %zu", depth);
    }
    memset(text, '[', QJSON_MAX_DEPTH + 1);
    CHECK(qjson_parse(&doc, text, QJSON_MAX_DEPTH + 1, &v, why, sizeof why) == -1 &&
              !strcmp(why, "nesting deeper than 64 at byte 64"),
          "65 deep: %s", why);
    /* Deep input far beyond the limit fails the same way, fast. */
    size_t n = 1 << 20;
    char *deep = malloc(n);
    memset(deep, '[', n);
    CHECK(qjson_parse(&doc, deep, n, &v, why, sizeof why) == -1 &&
              !strcmp(why, "nesting deeper than 64 at byte 64"),
          "a million [: %s", why);
    free(deep);
    qjson_doc_free(&doc);
}

/* Every proper prefix of each document, parsed from a heap copy of exactly
 * that many bytes (AddressSanitizer catches any read past it). */
static void reader_never_reads_past_length(void)
{
    static const char *const documents[] = {
        "{\"hand\":\"11123456789999m\",\"win\":true,\"forms\":[\"standard\"]}",
        "[1,-2.5e+3,\"\\u00e9\\ud83d\\ude00\\\\\",null,false,{\"a\":{}}]",
        "\"\xE5\xB9\xBA\xE9\xB8\xA1\"",
        "-12345.678e-9",
        "true",
    };
    qjson_doc doc;
    qjson_doc_init(&doc);
    long prefixes = 0, parsed = 0;
    for (size_t k = 0; k < COUNT(documents); k++) {
        size_t n = strlen(documents[k]);
        for (size_t cut = 0; cut <= n; cut++) {
            char *copy = malloc(cut ? cut : 1);
            memcpy(copy, documents[k], cut);
            const qjson_value *v;
            char why[128];
            int status = qjson_parse(&doc, copy, cut, &v, why, sizeof why);
            /* Only a number's prefixes (and the whole text) are documents. */
            bool number_prefix = documents[k][0] == '-' && cut > 1 && documents[k][cut - 1] >= '0' &&
                                 documents[k][cut - 1] <= '9';
            CHECK((status == 0) == (cut == n || number_prefix), "%s cut at %zu: %s",
                  documents[k], cut, status ? why : "parsed");
            parsed += status == 0;
            free(copy);
            prefixes++;
        }
    }
    qjson_doc_free(&doc);
    /* 58 + 54 + 8 + 13 + 4 bytes, each with its empty prefix */
    CHECK(prefixes == 142, "%ld prefixes", prefixes);
    /* the 5 documents and 8 proper prefixes of -12345.678e-9: -1 ... -12345.678 */
    CHECK(parsed == 5 + 8, "%ld prefixes parsed", parsed);
}

static void reader_duplicate_keys_last_wins_or_are_rejected(void)
{
    qjson_doc doc;
    qjson_doc_init(&doc);
    const qjson_value *v;
    char why[128];
    const char *text = "{\"a\":1,\"b\":2,\"a\":3}";
    int64_t a = 0;
    CHECK(qjson_parse(&doc, text, strlen(text), &v, why, sizeof why) == 0 &&
              qjson_size(v) == 3 && qjson_get_int(v, "a", &a) && a == 3,
          "the last duplicate wins: a = %lld", (long long)a);
    qjson_doc_reject_duplicates(&doc, true);
    CHECK(qjson_parse(&doc, text, strlen(text), &v, why, sizeof why) == -1 &&
              !strcmp(why, "duplicate key \"a\" at byte 13"),
          "rejected: %s", why);
    /* Nested objects are checked; equal keys in different objects are fine. */
    const char *nested = "{\"a\":{\"a\":1},\"b\":[{\"x\":1,\"y\":2},{\"x\":3,\"y\\u0000\":4,\"y\":5}]}";
    CHECK(qjson_parse(&doc, nested, strlen(nested), &v, why, sizeof why) == 0, "%s", why);

    /* A large object (the sorting path): no duplicates, then two pairs; the
     * first key to repeat an earlier one, in text order, is named. */
    char big[4096];
    size_t cases = 0;
    for (int variant = 0; variant < 3; variant++) {
        size_t n = 0;
        n += (size_t)snprintf(big + n, sizeof big - n, "{");
        for (int k = 0; k < 100; k++) {
            int key = k;
            if (variant >= 1 && k == 80)
                key = 7; /* repeats key 7 */
            if (variant == 2 && k == 95)
                key = 1; /* repeats a key that sorts first, but later in the text */
            n += (size_t)snprintf(big + n, sizeof big - n, "%s\"k%d\":%d", k ? "," : "", key, k);
        }
        n += (size_t)snprintf(big + n, sizeof big - n, "}");
        int status = qjson_parse(&doc, big, n, &v, why, sizeof why);
        if (variant == 0) {
            CHECK(status == 0 && qjson_size(v) == 100, "no duplicates: %s", why);
        } else {
            /* k7 again at member 80 comes before k1 again at member 95. */
            const char *where = strstr(big, "\"k7\":80");
            char want[96];
            snprintf(want, sizeof want, "duplicate key \"k7\" at byte %zu", (size_t)(where - big));
            CHECK(status == -1 && !strcmp(why, want), "got \"%s\" want \"%s\"", why, want);
        }
        cases++;
    }
    /* A long Chinese key is cut on a character boundary in the message. */
    char longkey[512];
    size_t n = (size_t)snprintf(longkey, sizeof longkey, "{\"");
    for (int k = 0; k < 20; k++)
        n += (size_t)snprintf(longkey + n, sizeof longkey - n, "\xE9\xB8\xA1");
    n += (size_t)snprintf(longkey + n, sizeof longkey - n, "\":1,\"");
    for (int k = 0; k < 20; k++)
        n += (size_t)snprintf(longkey + n, sizeof longkey - n, "\xE9\xB8\xA1");
    n += (size_t)snprintf(longkey + n, sizeof longkey - n, "\":2}");
    CHECK(qjson_parse(&doc, longkey, n, &v, why, sizeof why) == -1 &&
              qjson_utf8_valid(why, strlen(why)) && strstr(why, "\xE9\xB8\xA1\" at byte 66"),
          "long key: %s", why);
    qjson_doc_free(&doc);
    CHECK(cases == 3, "%zu large objects", cases);
}

static void reader_messages_stay_utf8_when_cut(void)
{
    qjson_doc doc;
    qjson_doc_init(&doc);
    qjson_doc_reject_duplicates(&doc, true);
    const char *text = "{\"\xE5\x92\x8C\xE5\x92\x8C\":1,\"\xE5\x92\x8C\xE5\x92\x8C\":2}";
    const qjson_value *v;
    size_t cases = 0;
    for (size_t size = 1; size < 64; size++) {
        char why[64];
        memset(why, 'x', sizeof why);
        int status = qjson_parse(&doc, text, strlen(text), &v, why, size);
        CHECK(status == -1 && strlen(why) < size && qjson_utf8_valid(why, strlen(why)),
              "why_size %zu: %s", size, shown(why, strlen(why)));
        cases++;
    }
    CHECK(qjson_parse(&doc, text, strlen(text), &v, NULL, 0) == -1, "no message buffer");
    qjson_doc_free(&doc);
    CHECK(cases == 63, "%zu sizes", cases);
}

static void accessors_answer_null_for_the_wrong_type(void)
{
    qjson_doc doc;
    qjson_doc_init(&doc);
    const qjson_value *v;
    const char *text = "{\"n\":1.5,\"i\":-3,\"f\":2.0,\"s\":\"str\",\"b\":false,\"a\":[10,20],"
                       "\"o\":{\"x\":null}}";
    CHECK(qjson_parse(&doc, text, strlen(text), &v, NULL, 0) == 0, "parse");
    int64_t i = 0;
    double d = 0;
    bool b = true;
    CHECK(!qjson_get_int(v, "n", &i), "1.5 is not an int");
    CHECK(qjson_get_double(v, "n", &d) && d == 1.5, "1.5 as double");
    CHECK(qjson_get_int(v, "i", &i) && i == -3, "-3");
    CHECK(qjson_get_int(v, "f", &i) && i == 2, "2.0 is the integer 2");
    CHECK(qjson_get_double(v, "i", &d) && d == -3, "-3 as double");
    CHECK(!strcmp(qjson_get_string(v, "s"), "str") && !qjson_get_string(v, "n"), "strings");
    CHECK(qjson_get_bool(v, "b", &b) && !b && !qjson_get_bool(v, "i", &b), "bools");
    CHECK(!qjson_get_int(v, "missing", &i) && !qjson_get(v, "missing"), "absent key");
    const qjson_value *a = qjson_get(v, "a");
    CHECK(qjson_size(a) == 2 && qjson_as_int(qjson_at(a, 1), &i) && i == 20, "array item");
    CHECK(!qjson_at(a, 2) && !qjson_at(v, 0) && !qjson_member_at(a, 0), "out of range or wrong type");
    CHECK(!qjson_get(a, "x") && !qjson_get(NULL, "x") && !qjson_get(v, NULL), "get on non-objects");
    CHECK(qjson_get(qjson_get(v, "o"), "x")->type == QJSON_NULL, "nested null");
    CHECK(qjson_size(qjson_get(v, "s")) == 0 && qjson_size(NULL) == 0, "size of scalars");
    CHECK(!qjson_as_string(NULL) && !qjson_as_int(NULL, &i) && !qjson_as_double(NULL, &d) &&
              !qjson_as_bool(NULL, &b),
          "NULL values");
    CHECK(qjson_get_n(v, "str", 1) == qjson_get(v, "s"), "get_n compares n bytes");
    CHECK(qjson_equal(v, v) && !qjson_equal(v, qjson_get(v, "o")) && qjson_equal(NULL, NULL) &&
              !qjson_equal(v, NULL),
          "equal");
    qjson_doc_free(&doc);
    /* Numbers compare by double, and by int64 when both are integers. */
    static const struct {
        const char *a, *b;
        bool equal;
    } numbers[] = {
        {"[4503599627370496.5]", "[4503599627370496]", true},
        {"[9007199254740993]", "[9007199254740992]", false},
        {"[0]", "[-0]", true},
        {"[1.0]", "[1]", true},
        {"[0.1]", "[0.10000000000000001]", true},
        {"[1]", "[1,2]", false},
        {"{\"a\":1}", "{\"b\":1}", false},
    };
    qjson_doc left, right;
    qjson_doc_init(&left);
    qjson_doc_init(&right);
    size_t compared = 0;
    for (size_t k = 0; k < COUNT(numbers); k++) {
        const qjson_value *x, *y;
        bool parsed = qjson_parse(&left, numbers[k].a, strlen(numbers[k].a), &x, NULL, 0) == 0 &&
                      qjson_parse(&right, numbers[k].b, strlen(numbers[k].b), &y, NULL, 0) == 0;
        CHECK(parsed && qjson_equal(x, y) == numbers[k].equal, "%s vs %s", numbers[k].a,
              numbers[k].b);
        compared++;
    }
    qjson_doc_free(&left);
    qjson_doc_free(&right);
    CHECK(compared == 7, "%zu comparisons", compared);
}

/* Reusing a doc: small, large (the arena grows in blocks), small again (one
 * block of the total), with every value checked each time. */
static void reader_reuses_the_doc(void)
{
    qjson_doc doc;
    qjson_doc_init(&doc);
    size_t n = 0, capacity = 1 << 20;
    char *big = malloc(capacity);
    n += (size_t)snprintf(big + n, capacity - n, "[");
    for (int k = 0; k < 20000; k++)
        n += (size_t)snprintf(big + n, capacity - n, "%s{\"k\":%d,\"s\":\"\\u4e2d%d\"}",
                              k ? "," : "", k, k);
    n += (size_t)snprintf(big + n, capacity - n, "]");
    long checked = 0;
    for (int round = 0; round < 4; round++) {
        const qjson_value *v;
        char why[128];
        if (round % 2 == 0) {
            CHECK(qjson_parse(&doc, "{\"x\":[1,2,3]}", 13, &v, why, sizeof why) == 0 &&
                      qjson_size(qjson_get(v, "x")) == 3,
                  "small: %s", why);
            checked++;
            continue;
        }
        CHECK(qjson_parse(&doc, big, n, &v, why, sizeof why) == 0, "big: %s", why);
        CHECK(qjson_size(v) == 20000, "size %zu", qjson_size(v));
        for (size_t k = 0; k < qjson_size(v); k++) {
            int64_t key = -1;
            char want[32];
            snprintf(want, sizeof want, "\xE4\xB8\xAD%zu", k);
            const char *s = qjson_get_string(qjson_at(v, k), "s");
            bool ok = qjson_get_int(qjson_at(v, k), "k", &key) && key == (int64_t)k && s &&
                      !strcmp(s, want);
            CHECK(ok, "item %zu", k);
            checked += ok;
        }
    }
    free(big);
    qjson_doc_free(&doc);
    qjson_doc_free(&doc); /* a freed doc is an empty one */
    CHECK(checked == 2 + 2 * 20000, "%ld values checked", checked);
}

/* ---- round trips of random trees ------------------------------------------
 * A random tree is written with the writer while the same tree is recorded
 * as a list of events in pre-order; the parsed DOM, walked in pre-order,
 * must give the same events. */

enum { EVENT_KEY = 100 };

typedef struct event {
    int kind; /* a qjson_type or EVENT_KEY */
    bool boolean, is_int;
    int64_t i;
    double d;
    size_t length; /* string bytes, or children */
    char bytes[48];
} event;

typedef struct events {
    event items[4096];
    size_t n;
} events;

static event *add(events *e, int kind)
{
    event *x = &e->items[e->n++];
    memset(x, 0, sizeof *x);
    x->kind = kind;
    return x;
}

/* A random valid UTF-8 string: ASCII (quotes, backslashes and controls
 * included), Latin, CJK, astral, and NUL bytes. */
static size_t random_string(qipai_rng *rng, char *out, size_t room)
{
    size_t n = 0, chars = qipai_rng_below(rng, 8);
    for (size_t c = 0; c < chars && n + 4 <= room; c++) {
        uint32_t cp;
        switch (qipai_rng_below(rng, 6)) {
        case 0: cp = qipai_rng_below(rng, 0x20); break;
        case 1: cp = "\"\\/ az"[qipai_rng_below(rng, 6)]; break;
        case 2: cp = 0x20 + qipai_rng_below(rng, 0x60); break;
        case 3: cp = 0x80 + qipai_rng_below(rng, 0x780); break;
        case 4: cp = 0x4E00 + qipai_rng_below(rng, 0x5000); break;
        default: cp = 0x10000 + qipai_rng_below(rng, 0x100000); break;
        }
        n += (size_t)ref_encode(cp, (unsigned char *)out + n);
    }
    return n;
}

static double random_double(qipai_rng *rng)
{
    static const double specials[] = {0.0, -0.0, 0.1, 1e308, -1e308, 5e-324, DBL_MAX,
                                      9007199254740992.0, 9223372036854775808.0, -9223372036854775808.0,
                                      1e15, 0.5, 1e-7};
    uint64_t raw = qipai_rng_next(rng);
    double d;
    switch (qipai_rng_below(rng, 4)) {
    case 0: return specials[qipai_rng_below(rng, COUNT(specials))];
    case 1: return (double)(int32_t)raw / 8;
    case 2: return (double)(int64_t)raw;
    default:
        do {
            memcpy(&d, &raw, sizeof d);
            raw = qipai_rng_next(rng);
        } while (!isfinite(d));
        return d;
    }
}

static void generate(qipai_rng *rng, qjson_writer *w, events *e, int depth)
{
    int kind = (int)qipai_rng_below(rng, depth < 6 ? 9 : 6);
    if (e->n > 4000)
        kind = 0;
    event *x;
    switch (kind) {
    case 0:
        add(e, QJSON_NULL);
        qjson_null(w);
        break;
    case 1:
        x = add(e, QJSON_BOOL);
        x->boolean = qipai_rng_next(rng) & 1;
        qjson_bool(w, x->boolean);
        break;
    case 2: {
        x = add(e, QJSON_NUMBER);
        uint64_t raw = qipai_rng_next(rng) >> qipai_rng_below(rng, 64);
        if (qipai_rng_next(rng) & 1) {
            x->is_int = true;
            x->i = (int64_t)(raw >> 1);
            if (qipai_rng_next(rng) & 1)
                x->i = -x->i;
            if (qipai_rng_below(rng, 50) == 0)
                x->i = INT64_MIN;
            x->d = (double)x->i;
            qjson_int(w, x->i);
        } else if (raw > INT64_MAX) {
            x->d = (double)raw; /* a uint64 beyond int64: not an int */
            qjson_uint(w, raw);
        } else {
            x->d = random_double(rng);
            /* what the reader must say follows from the text written */
            qjson_writer one;
            qjson_writer_init(&one);
            qjson_double(&one, x->d);
            x->is_int = ref_int(qjson_text(&one, NULL), &x->i);
            qjson_writer_free(&one);
            qjson_double(w, x->d);
        }
        break;
    }
    case 3:
    case 4:
    case 5:
        x = add(e, QJSON_STRING);
        x->length = random_string(rng, x->bytes, sizeof x->bytes);
        qjson_string_n(w, x->bytes, x->length);
        break;
    case 6:
    case 7: {
        size_t count = qipai_rng_below(rng, 6);
        add(e, QJSON_ARRAY)->length = count;
        qjson_array_begin(w);
        for (size_t k = 0; k < count; k++)
            generate(rng, w, e, depth + 1);
        qjson_array_end(w);
        break;
    }
    default: {
        size_t count = qipai_rng_below(rng, 6);
        add(e, QJSON_OBJECT)->length = count;
        qjson_object_begin(w);
        for (size_t k = 0; k < count; k++) {
            x = add(e, EVENT_KEY);
            x->length = random_string(rng, x->bytes, sizeof x->bytes);
            qjson_key_n(w, x->bytes, x->length);
            generate(rng, w, e, depth + 1);
        }
        qjson_object_end(w);
    }
    }
}

static void walk(const qjson_value *v, events *e)
{
    event *x = add(e, (int)v->type);
    switch (v->type) {
    case QJSON_NULL: break;
    case QJSON_BOOL: x->boolean = v->boolean; break;
    case QJSON_NUMBER:
        x->is_int = v->is_int;
        x->i = v->is_int ? v->i : 0;
        x->d = v->d;
        break;
    case QJSON_STRING:
        x->length = v->length;
        memcpy(x->bytes, v->string, v->length < sizeof x->bytes ? v->length : sizeof x->bytes);
        break;
    case QJSON_ARRAY:
        x->length = v->length;
        for (size_t k = 0; k < v->length; k++)
            walk(&v->items[k], e);
        break;
    case QJSON_OBJECT:
        x->length = v->length;
        for (size_t k = 0; k < v->length; k++) {
            event *key = add(e, EVENT_KEY);
            key->length = v->members[k].key_length;
            memcpy(key->bytes, v->members[k].key,
                   key->length < sizeof key->bytes ? key->length : sizeof key->bytes);
            walk(&v->members[k].value, e);
        }
        break;
    }
}

static bool same_event(const event *a, const event *b)
{
    if (a->kind != b->kind || a->length != b->length)
        return false;
    switch (a->kind) {
    case QJSON_BOOL: return a->boolean == b->boolean;
    case QJSON_NUMBER:
        return a->is_int == b->is_int && (!a->is_int || a->i == b->i) &&
               !memcmp(&a->d, &b->d, sizeof a->d);
    case QJSON_STRING:
    case EVENT_KEY: return !memcmp(a->bytes, b->bytes, a->length);
    }
    return true;
}

static void random_trees_round_trip(void)
{
    static events written, read;
    qipai_rng rng;
    qipai_rng_seed(&rng, 99);
    qjson_writer w, again;
    qjson_doc doc, doc2;
    qjson_writer_init(&w);
    qjson_writer_init(&again);
    qjson_doc_init(&doc);
    qjson_doc_init(&doc2);
    long trees = 0, values = 0, limit = test_scaled(20000);
    for (long t = 0; t < limit; t++) {
        written.n = read.n = 0;
        qjson_writer_reset(&w);
        generate(&rng, &w, &written, 0);
        size_t n = 0;
        const char *text = qjson_text(&w, &n);
        CHECK(text, "writer error %d", w.error);
        if (!text)
            continue;
        const qjson_value *v, *v2;
        char why[128];
        if (qjson_parse(&doc, text, n, &v, why, sizeof why) != 0) {
            CHECK(false, "%s: %s", shown(text, n), why);
            continue;
        }
        walk(v, &read);
        bool same = read.n == written.n;
        size_t k = 0;
        for (; same && k < read.n; k++)
            same = same_event(&written.items[k], &read.items[k]);
        CHECK(same, "%s: event %zu of %zu differs (kind %d vs %d)", shown(text, n), k - 1,
              written.n, written.items[k ? k - 1 : 0].kind, read.items[k ? k - 1 : 0].kind);
        /* Writing the DOM gives a text that parses to an equal DOM, and
         * writing that again gives the same text. */
        qjson_writer_reset(&again);
        qjson_write_value(&again, v);
        size_t n2 = 0;
        const char *text2 = qjson_text(&again, &n2);
        CHECK(text2 && qjson_parse(&doc2, text2, n2, &v2, why, sizeof why) == 0 &&
                  qjson_equal(v, v2),
              "%s rewritten as %s", shown(text, n), text2 ? shown(text2, n2) : "(null)");
        trees++;
        values += (long)written.n;
    }
    qjson_writer_free(&w);
    qjson_writer_free(&again);
    qjson_doc_free(&doc);
    qjson_doc_free(&doc2);
    CHECK(trees == limit && values > limit, "%ld trees, %ld values", trees, values);
    fprintf(stderr, "  %ld random trees, %ld values\n", trees, values);
}

int main(void)
{
    RUN(writer_builds_the_cli_example);
    RUN(writer_places_commas_and_colons);
    RUN(writer_escapes_per_rfc8259);
    RUN(writer_rejects_invalid_utf8_and_writes_nothing_for_it);
    RUN(utf8_sequences_match_the_reference_exhaustively);
    RUN(writer_passes_every_scalar_value_through);
    RUN(lossy_strings_replace_maximal_subparts);
    RUN(lossy_strings_match_the_reference_on_random_bytes);
    RUN(writer_misuse_is_a_nesting_error);
    RUN(writer_text_is_null_until_complete);
    RUN(writer_errors_stick_until_reset);
    RUN(writer_reuse_allocates_only_while_growing);
    RUN(writer_grows_mid_string);
    RUN(writer_numbers_read_back_exactly);
    RUN(reader_numbers_match_strtod_and_the_int_reference);
    RUN(reader_accepts_rfc8259_documents);
    RUN(reader_keeps_embedded_nul_and_key_order);
    RUN(reader_rejects_with_the_problem_and_its_offset);
    RUN(reader_limits_nesting_to_64);
    RUN(reader_never_reads_past_length);
    RUN(reader_duplicate_keys_last_wins_or_are_rejected);
    RUN(reader_messages_stay_utf8_when_cut);
    RUN(accessors_answer_null_for_the_wrong_type);
    RUN(reader_reuses_the_doc);
    RUN(random_trees_round_trip);
    free(prefix1);
    free(prefix2);
    free(prefix3);
    return test_report();
}
