/*
 * libFuzzer target for the JSON module (src/common/json.h). Any bytes:
 * - parse them; a rejection must carry a message naming a byte offset, in
 *   valid UTF-8 (the CLI echoes it inside JSON);
 * - when they parse, write the tree back with the writer, parse that text
 *   again, and both trees must be equal (doubles to the bit, integers
 *   exactly); one more round trip gives the very same text (the writer's
 *   output is canonical from the second writing on);
 * - parsing again with duplicates rejected fails exactly when some object
 *   repeats a key (checked here by brute force);
 * - the bytes as a string: strict writing fails exactly when they are not
 *   UTF-8, lossy writing never fails, and both read back as written (lossy:
 *   valid UTF-8 with no NUL, unchanged when the input was clean).
 * The input buffer is exactly `size` bytes, so AddressSanitizer catches any
 * read past the end.
 */
#include "common/json.h"

#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static bool has_duplicate_key(const qjson_value *v)
{
    if (v->type == QJSON_ARRAY) {
        for (size_t i = 0; i < v->length; i++)
            if (has_duplicate_key(&v->items[i]))
                return true;
    } else if (v->type == QJSON_OBJECT) {
        for (size_t i = 0; i < v->length; i++) {
            const qjson_member *a = &v->members[i];
            for (size_t j = 0; j < i; j++) {
                const qjson_member *b = &v->members[j];
                if (a->key_length == b->key_length && !memcmp(a->key, b->key, a->key_length))
                    return true;
            }
            if (has_duplicate_key(&a->value))
                return true;
        }
    }
    return false;
}

/* Equal trees (qjson_equal) and more: the writer keeps each double's bits
 * (the sign of -0 included) and each integer exactly; a number that was
 * not an integer may read back as one only when its double is integral. */
static bool same_numbers(const qjson_value *a, const qjson_value *b)
{
    if (a->type != b->type)
        return false;
    if (a->type == QJSON_NUMBER)
        return !memcmp(&a->d, &b->d, sizeof a->d) &&
               (a->is_int ? b->is_int && a->i == b->i
                          : !b->is_int || (double)b->i == b->d);
    size_t n = a->type == QJSON_ARRAY || a->type == QJSON_OBJECT ? a->length : 0;
    for (size_t i = 0; i < n; i++)
        if (!same_numbers(a->type == QJSON_ARRAY ? &a->items[i] : &a->members[i].value,
                          b->type == QJSON_ARRAY ? &b->items[i] : &b->members[i].value))
            return false;
    return true;
}

static void check_message(const char *why)
{
    if (!why[0] || !strstr(why, " at byte ") || !qjson_utf8_valid(why, strlen(why)))
        abort();
}

static void check_string(const char *text, size_t size, qjson_doc *doc)
{
    qjson_writer w;
    const qjson_value *v;
    size_t n;
    qjson_writer_init(&w);

    qjson_string_n(&w, text, size);
    bool valid = qjson_utf8_valid(text, size);
    if ((w.error == QJSON_ERR_UTF8) == valid || (w.error && w.error != QJSON_ERR_UTF8))
        abort();
    const char *out = qjson_text(&w, &n);
    if (valid && (!out || qjson_parse(doc, out, n, &v, NULL, 0) != 0 || v->length != size ||
                  memcmp(v->string, text, size)))
        abort();

    qjson_writer_reset(&w);
    qjson_string_lossy(&w, text, size);
    out = qjson_text(&w, &n);
    if (!out || qjson_parse(doc, out, n, &v, NULL, 0) != 0 || v->type != QJSON_STRING ||
        memchr(v->string, 0, v->length) || !qjson_utf8_valid(v->string, v->length))
        abort();
    if (valid && !memchr(text, 0, size) && (v->length != size || memcmp(v->string, text, size)))
        abort();
    qjson_writer_free(&w);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *text = (const char *)data;
    qjson_doc doc, again, doc3;
    qjson_writer w, w2;
    const qjson_value *root, *root2, *root3;
    char why[160];
    qjson_doc_init(&doc);
    qjson_doc_init(&again);
    qjson_doc_init(&doc3);
    qjson_writer_init(&w);
    qjson_writer_init(&w2);

    if (qjson_parse(&doc, text, size, &root, why, sizeof why) != 0) {
        if (root)
            abort();
        check_message(why);
    } else {
        qjson_write_value(&w, root);
        size_t n, n2;
        const char *out = qjson_text(&w, &n);
        if (!out || qjson_parse(&again, out, n, &root2, why, sizeof why) != 0 ||
            !qjson_equal(root, root2) || !same_numbers(root, root2))
            abort();
        /* The second writing is canonical: it reads back to a tree that
         * writes the same text. (The first may differ from it: a number
         * like 123456789012367890.1 is written from its double as
         * 1.2345678901236789e+17, which reads back as an integer.) */
        qjson_write_value(&w2, root2);
        const char *out2 = qjson_text(&w2, &n2);
        qjson_writer_reset(&w);
        if (!out2 || qjson_parse(&doc3, out2, n2, &root3, why, sizeof why) != 0 ||
            !qjson_equal(root2, root3))
            abort();
        qjson_write_value(&w, root3);
        out = qjson_text(&w, &n);
        if (!out || n2 != n || memcmp(out, out2, n))
            abort();

        bool duplicates = has_duplicate_key(root);
        qjson_doc_reject_duplicates(&again, true);
        int status = qjson_parse(&again, text, size, &root2, why, sizeof why);
        if ((status != 0) != duplicates)
            abort();
        if (status != 0)
            check_message(why);
        else if (!qjson_equal(root, root2))
            abort();
    }
    check_string(text, size, &doc);

    qjson_writer_free(&w);
    qjson_writer_free(&w2);
    qjson_doc_free(&doc);
    qjson_doc_free(&again);
    qjson_doc_free(&doc3);
    return 0;
}
