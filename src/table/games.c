/*
 * The games that can be played (include/qipai/table.h, "the games"): one
 * list, so a new game joins the table, the command line, the bindings and the
 * page by one line here.
 */
#include "table_internal.h"
#include "common/fail.h"

#include <string.h>

static const qipai_table_game *const games[] = {
    &qipai_table_zhaotong,
    &qipai_table_ddz,
};

enum { GAMES = (int)(sizeof games / sizeof games[0]) };

int qipai_table_game_count(void)
{
    return GAMES;
}

const qipai_table_game *qipai_table_game_at(int index)
{
    return index >= 0 && index < GAMES ? games[index] : NULL;
}

const qipai_table_game *qipai_table_game_named(const char *name, qipai_error *err)
{
    for (int g = 0; g < GAMES; g++)
        if (name && !strcmp(name, games[g]->name))
            return games[g];
    char known[160] = "";
    for (int g = 0; g < GAMES; g++) {
        strncat(known, g ? ", " : "", sizeof known - strlen(known) - 1);
        strncat(known, games[g]->name, sizeof known - strlen(known) - 1);
    }
    qipai_fail(err, QIPAI_ERR_ARGUMENT, -1, "no game is named '%s' (games: %s)",
               name ? name : "(null)", known);
    return NULL;
}

int qipai_table_bot_index(const qipai_table_game *game, const char *name)
{
    if (!game || !name)
        return -1;
    for (int b = 0; game->bots[b]; b++)
        if (!strcmp(name, game->bots[b]))
            return b;
    return -1;
}

qipai_err qipai_table_bot_named(const qipai_table_game *game, const char *name, int *bot,
                                qipai_error *err)
{
    if (!game)
        return qipai_fail(err, QIPAI_ERR_ARGUMENT, -1, "no game");
    int b = qipai_table_bot_index(game, name);
    if (b >= 0) {
        *bot = b;
        return QIPAI_OK;
    }
    char known[160] = "";
    for (int k = 0; game->bots[k]; k++) {
        strncat(known, k ? ", " : "", sizeof known - strlen(known) - 1);
        strncat(known, game->bots[k], sizeof known - strlen(known) - 1);
    }
    return qipai_fail(err, QIPAI_ERR_ARGUMENT, -1, "no bot is named '%s' (bots: %s)",
                      name ? name : "(null)", known);
}
