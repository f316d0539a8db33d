/* The poker line commands (being moved here from cli/). */
#include "query/query_internal.h"

const query_command query_poker_commands[] = {
    {"poker", NULL, NULL, NULL, NULL, NULL, NULL, NULL},
};
