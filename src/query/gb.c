/* The gb line commands (being moved here from cli/). */
#include "query/query_internal.h"

const query_command query_gb_commands[] = {
    {"gb", NULL, NULL, NULL, NULL, NULL, NULL, NULL},
};
