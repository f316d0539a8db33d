/*
 * libFuzzer target for the query layer (include/qipai/query.h): any bytes as
 * an input line of any line command, under a few option sets. Every answer
 * must be one valid JSON object that echoes the line under its key and holds
 * "error" exactly when the call reports one; nothing may crash or leak. The
 * first input byte picks the command; commands not (yet) in the query layer
 * are skipped.
 */
#include <qipai/query.h>

#include <stdlib.h>
#include <string.h>

#include "common/json.h"

static const char *const commands[][8] = {
    {"mahjong", "win", NULL},
    {"mahjong", "waits", "--rules", "laizi", "--wild", "7z", NULL},
    {"mahjong", "decompose", "--rules", "zhaotong", "--wild", "5m", NULL},
    {"mahjong", "shanten", "--rules", "gb", NULL},
    {"mahjong", "effective", "--visible", "1m2m3m", "--chinese", NULL},
    {"mahjong", "discards", "--rules", "laizi", "--wild", "1z", NULL},
    {"gb", "fan", NULL},
    {"gb", "ting", NULL},
    {"gb", "shanten", NULL},
    {"zipai", "decompose", NULL},
    {"zipai", "hu", NULL},
    {"zipai", "waits", "--rules", "10huxi", NULL},
    {"poker", "minplays", "--rules", "ddz", NULL},
    {"poker", "classify", "--rules", "pdk", NULL},
    {"poker", "moves", NULL},
    {"zhaotong", "analyze", "--tuo", "5s", NULL},
};
enum { COMMANDS = sizeof commands / sizeof commands[0] };

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size == 0 || size > 512)
        return 0;
    const char *const *argv = commands[data[0] % COMMANDS];
    int argc = 0;
    while (argv[argc])
        argc++;
    qipai_query *q;
    if (qipai_query_new(&q, argc, argv, NULL) != QIPAI_OK)
        return 0; /* a command not ported yet */
    const char *json;
    size_t n;
    qipai_err e = qipai_query_answer(q, (const char *)data + 1, size - 1, &json, &n);
    qjson_doc doc;
    qjson_doc_init(&doc);
    const qjson_value *root;
    if (!json || strlen(json) != n || qjson_parse(&doc, json, n, &root, NULL, 0) != 0 ||
        root->type != QJSON_OBJECT || qjson_size(root) < 2 ||
        (e != QIPAI_OK) != (qjson_get(root, "error") != NULL))
        abort();
    qjson_doc_free(&doc);
    qipai_query_free(q);
    return 0;
}
