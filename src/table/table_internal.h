/*
 * What the table layer's files share inside the library (include/qipai/
 * table.h is the contract): the game list, small helpers over the seats, and
 * the text helpers the summaries and the log framing write with. Not part of
 * the public API.
 */
#ifndef QIPAI_TABLE_INTERNAL_H
#define QIPAI_TABLE_INTERNAL_H

#include <qipai/table.h>

#include "common/text.h"

/* The games the library plays, in the order qipai_table_game_at lists them
 * (games.c); each is defined in its own src/<game>/ directory. */
extern const qipai_table_game qipai_table_zhaotong;
extern const qipai_table_game qipai_table_ddz;

static inline int tb_popcount(unsigned x)
{
    int n = 0;
    for (; x; x &= x - 1)
        n++;
    return n;
}

/* The lowest seat in a set (bit s), or -1 for none. */
static inline int tb_lowest(unsigned seats)
{
    for (int s = 0; s < QIPAI_TABLE_MAX_SEATS; s++)
        if (seats >> s & 1)
            return s;
    return -1;
}

/* The rule set's shape, from the game. */
static inline qipai_table_shape tb_shape(const qipai_table_game *game, const void *rules)
{
    qipai_table_shape shape;
    game->shape(rules, &shape);
    return shape;
}

/* printf into a sink; a text longer than the scratch line is written in
 * place, as much as fits (summary.c). */
void tb_put_format(text_sink *t, const char *format, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* The units of each seat's score in a finished game (scores / unit). */
void tb_units(const qipai_table_game *game, const void *state, int seats, int64_t unit,
              int64_t units[QIPAI_TABLE_MAX_SEATS]);

/* A role's figures over a set of seats (stats.c): its seat-games, the
 * average score with a normal interval and the win rate with Wilson's, each
 * seat-game in the role one sample. */
void tb_role_figures(const qipai_table_stats *stats, unsigned seats, int role,
                     uint64_t *seat_games, qipai_table_mean *score, qipai_table_mean *rate);

#endif
