/* The zipai line commands (being moved here from cli/). */
#include "query/query_internal.h"

const query_command query_zipai_commands[] = {
    {"zipai", NULL, NULL, NULL, NULL, NULL, NULL, NULL},
};
