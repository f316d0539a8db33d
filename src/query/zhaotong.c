/* The zhaotong line commands (being moved here from cli/). */
#include "query/query_internal.h"

const query_command query_zhaotong_commands[] = {
    {"zhaotong", NULL, NULL, NULL, NULL, NULL, NULL, NULL},
};
