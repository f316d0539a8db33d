/*
 * The project's test data read whole (tests/data/, found with test_data()
 * from test.h), and its JSON files parsed with the library's own reader
 * (src/common/json.h). A file that is missing, unreadable or not JSON is a
 * failed check naming it, so a test never passes for want of its data.
 */
#ifndef QIPAI_TEST_DATA_FILE_H
#define QIPAI_TEST_DATA_FILE_H

#include <stddef.h>

#include "common/json.h"

/* The bytes of tests/data/<relative>, NUL-terminated (the NUL not counted
 * in *length), in memory the caller frees; NULL after a failed check. */
char *test_data_read(const char *relative, size_t *length);

/* tests/data/<relative> parsed into doc (initialised by the caller, who
 * frees it): the root value, or NULL after a failed check. A key repeated
 * in an object is an error too: the data is meant to list each key once. */
const qjson_value *test_data_json(const char *relative, qjson_doc *doc);

#endif
