/*
 * What the page's WebAssembly module exports besides the public API it
 * calls directly (qipai_query_answer, qipai_query_free, ...): the glue of
 * C files of web/. Every answer is JSON text owned by the object it came from and
 * valid until the next call on that object; a failure returns NULL with a
 * message in the caller's buffer of QIPAI_WEB_MESSAGE bytes.
 */
#ifndef QIPAI_WEB_H
#define QIPAI_WEB_H

#include <qipai/query.h>

#include <stddef.h>

enum { QIPAI_WEB_MESSAGE = 160 };

/* ---- queries (qipai_web.c) ---- */

/* qipai_query_new over argc words packed back to back, each ended by NUL. */
qipai_query *qipai_web_query_new(int argc, const char *packed, char message[QIPAI_WEB_MESSAGE]);
const char *qipai_web_version(void);

/* ---- Zhaotong tables (zt_web.c): a game played by a person and bots, or a
 * log's game through the library's replay check ---- */

typedef struct web_zt web_zt;

/* A game from a seed as `qipai zhaotong play --seed SEED --dealer DEALER`
 * deals it: the person at seat human, bots (four names, comma-separated;
 * the person's entry unused), rules one NAME=VALUE a line (may be empty). */
web_zt *qipai_web_zt_new(const char *seed, int dealer, int human, const char *bots,
                         const char *rules, char message[QIPAI_WEB_MESSAGE]);
/* A log's game from its header line (qipai_zt_log_read_header): the rest
 * of its lines go to qipai_web_zt_replay_line, the deal first. */
web_zt *qipai_web_zt_new_log(const char *header, size_t length, char message[QIPAI_WEB_MESSAGE]);
/* The log's next line through the replay check: 0 when it holds (an action
 * line is played), else the code with the reason in message, and
 * qipai_web_zt_replay_expected gives the line the rules wanted there ("" when
 * an action was due). */
int qipai_web_zt_replay_line(web_zt *table, const char *line, size_t length,
                             char message[QIPAI_WEB_MESSAGE]);
const char *qipai_web_zt_replay_expected(const web_zt *table);
/* Whether the lines so far are the whole game. */
int qipai_web_zt_replay_done(const web_zt *table);
void qipai_web_zt_free(web_zt *table);

/* The table as JSON: phase, the 坨, the wall, each seat (hands shown for
 * the person, the winners, and every seat when reveal is nonzero or the
 * game is over), rivers, payments, the person's legal actions, and the
 * events (log lines, docs/formats/zhaotong.md) since the last call. */
const char *qipai_web_zt_state(web_zt *table, int reveal);
/* One action of seat (type qipai_zt_action_type, kind, tuo): 0 when done,
 * else the code with the reason in message. */
int qipai_web_zt_step(web_zt *table, int seat, int type, int kind, int tuo,
                      char message[QIPAI_WEB_MESSAGE]);
/* Lets the bots act, at most max_steps actions, until the person must act
 * or the game is over; returns the actions taken, or -1 on a bot's failure
 * (message says why). */
int qipai_web_zt_advance(web_zt *table, int max_steps, char message[QIPAI_WEB_MESSAGE]);
/* The analysis for seat's hand: shanten; with 3k+2 tiles the discard
 * advice, else the effective tiles and waits; and the strong bot's choice
 * when the seat is to act. */
const char *qipai_web_zt_hint(web_zt *table, int seat);
/* The game's header and deal as log lines (a JSON array of two objects). */
const char *qipai_web_zt_header(web_zt *table);

#endif
