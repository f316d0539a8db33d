/*
 * The Python binding's loops over the table layer (python/qipai/table.py):
 * a step that hands back its events as the log's lines, so Python reads
 * every game's events in the one shape the log and the bot protocol use.
 */
#ifndef QIPAI_PY_TABLE_H
#define QIPAI_PY_TABLE_H

#include <qipai/table.h>

/* Plays seat's action (checked: an illegal one changes nothing) and writes
 * each event's log line (seat -1: everything) followed by '\n' into out.
 * *length gets the bytes written; QIPAI_ERR_BUFFER (the action played) when
 * the lines did not fit, *length then being what they need. */
qipai_err qipy_table_step(const qipai_table_game *game, void *state, int seat, int32_t action,
                          char *out, size_t size, size_t *length, qipai_error *err);

#endif
