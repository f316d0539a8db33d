/*
 * The Python binding's own C (compiled into qipai._native with the cffi
 * source): loops that must not run in Python — the numpy batches and the
 * environments' stepping with the bots in between — over the library's
 * public calls. No game logic lives here: every answer, legality check,
 * bot choice, mask and observation is the library's.
 */
#ifndef QIPAI_PY_H
#define QIPAI_PY_H

#include <qipai/mahjong.h>
#include <qipai/zhaotong.h>

#include <stddef.h>
#include <stdint.h>

/* ---- mahjong batches ---------------------------------------------------------
 * counts: n rows of `kinds` bytes (34, or 27 for suits only; the rest read
 * as 0), row after row; wilds: n wildcard counts, or NULL for none. Each
 * row is answered as qipai_mj_win / qipai_mj_shanten answer it (false,
 * QIPAI_MJ_NO_SHANTEN for a hand of the wrong size or breaking a limit). */
void qipy_mj_win_many(const qipai_mj_rules *rules, const uint8_t *counts, size_t kinds,
                      const uint8_t *wilds, size_t n, uint8_t *out);
void qipy_mj_shanten_many(const qipai_mj_rules *rules, const uint8_t *counts, size_t kinds,
                          const uint8_t *wilds, size_t n, int8_t *out);

/* ---- mahjong: hands from a buffer ----------------------------------------------
 * text (size bytes) holds n hands, each ended by a NUL byte: a list of
 * strings joined, or a text's lines with their line ends made NUL. Row i of
 * counts (34 bytes a row) and wilds[i] get hand i as qipai_mj_parse reads
 * it; a hand it refuses gets a zero row. With strict the loop stops at the
 * first hand refused, err saying why. Returns the index of that hand, or n
 * when none stopped it (also when the buffer holds fewer than n hands: the
 * rows past its end are left as they were). */
size_t qipy_mj_parse_many(const qipai_mj_rules *rules, const char *text, size_t size, size_t n,
                          uint8_t *counts, uint8_t *wilds, int strict, qipai_error *err);

/* ---- Zhaotong: the environments ------------------------------------------------
 * A game with the actions taken so far (so its log can be written again
 * from the wall and the actions), the seat a learning agent plays and the
 * bots of the other seats. */
enum { QIPY_ZT_MAX_HISTORY = 1024 };

typedef struct qipy_zt_env {
    qipai_zt_game game;
    int seat;                           /* the agent's seat (single-agent), else -1 */
    uint8_t bots[QIPAI_ZT_SEATS];       /* qipai_zt_bot for the other seats */
    int64_t reward_mark;                /* the agent's score when it was last rewarded */
    uint32_t history_count;
    qipai_zt_action history[QIPY_ZT_MAX_HISTORY];
} qipy_zt_env;

/* Deals a game (seed, dealer) and, when env->seat is a seat, lets the bots
 * play until that seat must act or the game is over. */
qipai_err qipy_zt_env_reset(qipy_zt_env *env, const qipai_zt_rules *rules, uint64_t seed,
                            int dealer, qipai_error *err);
/* Steps seat's action of number index (which must be in its mask: a number
 * that is not gives QIPAI_ERR_ILLEGAL naming it and changes nothing);
 * deltas (may be NULL) gets every seat's score change. */
qipai_err qipy_zt_env_act(qipy_zt_env *env, int seat, int index, int64_t deltas[QIPAI_ZT_SEATS],
                          qipai_error *err);
/* The single-agent step: the agent's action, then the bots until the agent
 * must act again or the game is over. *reward gets the agent's score change
 * since its last reward, *over whether the game has ended; obs and mask (may
 * be NULL) the agent's observation and mask after it all. */
qipai_err qipy_zt_single_step(qipy_zt_env *env, int index, float *obs, uint8_t *mask,
                              int64_t *reward, int *over, qipai_error *err);
/* The agent's observation and mask now. */
void qipy_zt_single_view(const qipy_zt_env *env, float *obs, uint8_t *mask);

/* ---- Zhaotong: stepping with the log's records ----------------------------------
 * Each event of a step is kept as the library's record (what the game showed
 * at that moment: a win's hand and score, the final scores), so its log line
 * can be written after the step. */
typedef struct qipy_zt_records {
    qipai_zt_record *records; /* room for capacity records */
    size_t capacity, count;
    int overflow;
} qipy_zt_records;

/* qipai_zt_step_events with each event recorded into out (count reset first). */
qipai_err qipy_zt_step_records(qipai_zt_game *game, const qipai_zt_action *action,
                               qipy_zt_records *out, qipai_error *err);
/* The log lines of count records, each ended by '\n', snprintf-style: the
 * length the whole text needs. */
size_t qipy_zt_log_records(const qipai_zt_record *records, size_t count, char *out, size_t size);

/* ---- Zhaotong: a shard of a sim run (qipai_py_shard.c) ------------------------
 * Games first .. first+count-1 of the run seeded run_seed, played exactly as
 * `qipai zhaotong sim --seed run_seed` plays them: game i dealt from
 * qipai_zt_game_seed(run_seed, i), the dealer i % 4 (or `dealer` when it
 * is a seat 0-3), each seat by its built-in bot through qipai_zt_play, and
 * counted into stats (qipai_zt_stats_add). With log_path, the shard's log
 * is written there: every game's header (numbered i + 1, with the names),
 * deal and events, the lines sim --log writes for those games. *cpu_seconds
 * gets the thread's CPU time for the shard. On a failure the error names the
 * game (or the file) and stats hold the games before it. */
qipai_err qipy_zt_sim_shard(const qipai_zt_rules *rules, uint64_t run_seed, uint64_t first,
                            uint64_t count, int dealer, const uint8_t bots[QIPAI_ZT_SEATS],
                            const char *const names[QIPAI_ZT_SEATS], const char *log_path,
                            qipai_zt_stats *stats, double *cpu_seconds, qipai_error *err);

#endif
