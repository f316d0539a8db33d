/* The data files of tests/support/data_file.h. */
#include "data_file.h"

#include <stdio.h>
#include <stdlib.h>

#include "test.h"

char *test_data_read(const char *relative, size_t *length)
{
    char path[512];
    *length = 0;
    if (!test_data(relative, path, sizeof path))
        return NULL;
    FILE *f = fopen(path, "rb");
    char *text = NULL;
    size_t size = 0, capacity = 0;
    if (f) {
        for (;;) {
            if (capacity - size < 2) {
                capacity = capacity ? 2 * capacity : 1 << 16;
                char *grown = realloc(text, capacity);
                if (!grown)
                    break;
                text = grown;
            }
            size_t got = fread(text + size, 1, capacity - size - 1, f);
            size += got;
            if (got == 0)
                break;
        }
    }
    int failed = !f || !text || ferror(f) || !feof(f);
    if (f)
        fclose(f);
    CHECK(!failed, "cannot read the test data %s", path);
    if (failed) {
        free(text);
        return NULL;
    }
    text[size] = '\0';
    *length = size;
    return text;
}

const qjson_value *test_data_json(const char *relative, qjson_doc *doc)
{
    size_t length;
    char *text = test_data_read(relative, &length);
    if (!text)
        return NULL;
    const qjson_value *root = NULL;
    char why[128] = "";
    qjson_doc_reject_duplicates(doc, true);
    int parsed = qjson_parse(doc, text, length, &root, why, sizeof why);
    /* The doc holds copies of the strings, so the text can go now. */
    free(text);
    if (parsed != 0) /* one check per file, the read's */
        CHECK(0, "test data %s is not JSON: %s", relative, why);
    return parsed == 0 ? root : NULL;
}
