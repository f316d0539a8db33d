/*
 * The page's way into the query layer (include/qipai/query.h): the page
 * (web/js/qipai.js) asks for a query with the words of a command line and
 * answers lines with qipai_query_answer, which it calls directly, so
 * window.qipai.run gives exactly the JSON text the CLI prints.
 *
 * JavaScript cannot hand C an array of strings cheaply, so the words come
 * packed: argc strings back to back, each ended by its NUL byte.
 */
#include <qipai/query.h>

#include <stdlib.h>
#include <string.h>

#include "web/qipai_web.h"

qipai_query *qipai_web_query_new(int argc, const char *packed, char message[QIPAI_WEB_MESSAGE])
{
    message[0] = '\0';
    if (argc < 0 || argc > 4096) {
        strcpy(message, "too many words");
        return NULL;
    }
    const char **argv = malloc(sizeof *argv * (size_t)(argc + 1));
    if (!argv) {
        strcpy(message, "out of memory");
        return NULL;
    }
    for (int i = 0; i < argc; i++) {
        argv[i] = packed;
        packed += strlen(packed) + 1;
    }
    argv[argc] = NULL;
    qipai_query *query = NULL;
    qipai_error err;
    memset(&err, 0, sizeof err);
    if (qipai_query_new(&query, argc, argv, &err) != QIPAI_OK) {
        query = NULL;
        memcpy(message, err.message, sizeof err.message);
        message[sizeof err.message - 1] = '\0';
    }
    free(argv);
    return query;
}

const char *qipai_web_version(void)
{
    return qipai_version();
}
