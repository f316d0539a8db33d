"""The cffi description of qipai._native (API mode).

The extension is compiled from python/native/qipai_py.c (the binding's loops)
and linked with the project's static library, build/libqipai.a, so it needs
no libqipai.so at run time. Used two ways:

- by setup.py (``pip install --no-build-isolation ./python``), through
  ``cffi_modules=["qipai_build.py:ffibuilder"]``;
- by ``make python``: ``python3 python/qipai_build.py OUTDIR`` compiles the
  extension into OUTDIR/qipai/.

QIPAI_BUILD names the C build directory (default: build/ at the top of the
source tree), QIPAI_ROOT the source tree (default: the parent of python/).
"""

import os
import sys

from cffi import FFI

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.environ.get("QIPAI_ROOT", os.path.dirname(HERE))
BUILD = os.environ.get("QIPAI_BUILD", os.path.join(ROOT, "build"))
if not os.path.isabs(BUILD):
    BUILD = os.path.join(ROOT, BUILD)
STATIC_LIBRARY = os.path.join(BUILD, "libqipai.a")

# Only what the binding calls. Struct layouts the binding does not read are
# left to the compiler ("...;"); constants come from the headers ("...").
CDEF = r"""
typedef enum qipai_err {
    QIPAI_OK, QIPAI_ERR_SYNTAX, QIPAI_ERR_RANGE, QIPAI_ERR_TOO_MANY, QIPAI_ERR_SIZE,
    QIPAI_ERR_BUFFER, QIPAI_ERR_ARGUMENT, QIPAI_ERR_ILLEGAL, QIPAI_ERR_STATE,
    QIPAI_ERR_LIMIT, QIPAI_ERR_MEMORY, ...
} qipai_err;

typedef struct qipai_error {
    qipai_err code;
    int position;
    char message[160];
} qipai_error;

const char *qipai_version(void);
const char *qipai_strerror(qipai_err code);

/* ---- queries: the command line's answers ---- */
typedef struct qipai_query qipai_query;
qipai_err qipai_query_new(qipai_query **query, int argc, const char *const *argv,
                          qipai_error *err);
qipai_err qipai_query_answer(qipai_query *query, const char *line, size_t length,
                             const char **json, size_t *json_length);
size_t qipai_query_inputs(const qipai_query *query, const char *const **inputs);
void qipai_query_free(qipai_query *query);

/* ---- mahjong core ---- */
#define QIPAI_MJ_KINDS ...
#define QIPAI_MJ_WILDCARD ...
#define QIPAI_MJ_MAX_COPIES ...
#define QIPAI_MJ_NO_SHANTEN ...
typedef struct qipai_mj_rules {
    uint8_t kinds;
    uint64_t wild_kinds;
    ...;
} qipai_mj_rules;
typedef struct qipai_mj_hand {
    uint8_t counts[34];
    uint8_t wilds;
} qipai_mj_hand;
typedef struct qipai_mj_tiles {
    uint8_t counts[34];
    uint8_t jokers;
} qipai_mj_tiles;
qipai_err qipai_mj_rules_named(qipai_mj_rules *rules, const char *name, qipai_error *err);
qipai_err qipai_mj_rules_option(qipai_mj_rules *rules, const char *option, qipai_error *err);
qipai_err qipai_mj_parse(const qipai_mj_rules *rules, const char *text, qipai_mj_hand *hand,
                         qipai_mj_tiles *tiles, qipai_error *err);
size_t qipai_mj_format_kind(int kind, bool chinese, char *out, size_t size);
size_t qipai_mj_format_hand(const qipai_mj_hand *hand, bool chinese, char *out, size_t size);

/* ---- Zhaotong ---- */
#define QIPAI_ZT_KINDS ...
#define QIPAI_ZT_TILES ...
#define QIPAI_ZT_SEATS ...
#define QIPAI_ZT_MAX_ACTIONS ...
#define QIPAI_ZT_ACTION_SPACE ...
#define QIPAI_ZT_OBSERVATION_SIZE ...
#define QIPAI_ZT_OBS_HAND ...
#define QIPAI_ZT_OBS_HAND_TUO ...
#define QIPAI_ZT_OBS_DRAWN ...
#define QIPAI_ZT_OBS_HU_LOCKED ...
#define QIPAI_ZT_OBS_TUO_KIND ...
#define QIPAI_ZT_OBS_MELDS ...
#define QIPAI_ZT_OBS_MELD_TUO ...
#define QIPAI_ZT_OBS_RIVER ...
#define QIPAI_ZT_OBS_SHOWN ...
#define QIPAI_ZT_OBS_SHOWN_TUO ...
#define QIPAI_ZT_OBS_WON ...
#define QIPAI_ZT_OBS_SCORES ...
#define QIPAI_ZT_OBS_DEALER ...
#define QIPAI_ZT_OBS_TURN ...
#define QIPAI_ZT_OBS_PHASE ...
#define QIPAI_ZT_OBS_CLAIM ...
#define QIPAI_ZT_OBS_CLAIM_TUO ...
#define QIPAI_ZT_OBS_FLAGS ...
#define QIPAI_ZT_OBS_VISIBLE ...
#define QIPAI_ZT_OBS_WALL ...
#define QIPAI_ZT_ACT_COUNT ...
#define QIPAI_ZT_TYPE_COUNT ...

typedef struct qipai_zt_rules {
    int32_t base;
    ...;
} qipai_zt_rules;

typedef struct qipai_zt_meld {
    uint8_t type;
    uint8_t kind;
    uint8_t tuo;
    uint8_t from;
} qipai_zt_meld;

typedef struct qipai_zt_hand {
    uint8_t counts[27];
    uint8_t tuo;
    uint8_t meld_count;
    qipai_zt_meld melds[4];
} qipai_zt_hand;

typedef struct qipai_mj_meld {
    uint8_t type;
    uint8_t size;
    uint8_t kinds[3];
    uint8_t wild;
} qipai_mj_meld;

typedef struct qipai_mj_decomposition {
    uint8_t form;
    uint8_t meld_count;
    qipai_mj_meld melds[14];
} qipai_mj_decomposition;

typedef struct qipai_zt_score {
    uint16_t types;
    uint8_t gen;
    uint8_t gou;
    uint8_t fan;
    uint8_t fan_capped;
    int64_t amount;
    qipai_mj_decomposition decomposition;
} qipai_zt_score;

typedef struct qipai_zt_win {
    uint8_t from;
    uint8_t tile;
    bool tile_tuo;
    bool tile_held;
    uint8_t context;
    uint8_t order;
    qipai_zt_score score;
} qipai_zt_win;

typedef struct qipai_zt_player {
    qipai_zt_hand hand;
    uint8_t status;
    bool hu_locked;
    int64_t score;
    qipai_zt_win win;
} qipai_zt_player;

typedef struct qipai_zt_discard_tile {
    uint8_t kind;
    uint8_t seat;
    bool claimed;
} qipai_zt_discard_tile;

typedef struct qipai_zt_payment {
    uint8_t from, to;
    uint8_t reason;
    uint8_t kong;
    int64_t amount;
} qipai_zt_payment;

typedef struct qipai_zt_action {
    uint8_t type;
    uint8_t seat;
    uint8_t kind;
    uint8_t tuo;
} qipai_zt_action;

typedef struct qipai_zt_event {
    uint8_t type;
    int8_t player;
    int8_t from;
    uint8_t tile;
    bool replacement;
    qipai_zt_action action;
    qipai_zt_meld meld;
    qipai_zt_payment pay;
} qipai_zt_event;

typedef struct qipai_zt_game {
    qipai_zt_rules rules;
    uint64_t seed;
    uint8_t wall[108];
    uint8_t wall_next;
    uint8_t dealer;
    uint8_t tuo;
    uint8_t turned_seat;
    uint8_t phase;
    uint8_t turn;
    uint8_t pending;
    uint8_t claim_kind;
    uint8_t winners;
    uint8_t end;
    uint16_t discard_count;
    qipai_zt_discard_tile river[108];
    qipai_zt_player players[4];
    ...;
} qipai_zt_game;

void qipai_zt_rules_default(qipai_zt_rules *rules);
qipai_err qipai_zt_rules_option(qipai_zt_rules *rules, const char *option, qipai_error *err);
qipai_err qipai_zt_game_init(qipai_zt_game *game, const qipai_zt_rules *rules, uint64_t seed,
                             int dealer, qipai_error *err);
qipai_err qipai_zt_game_init_wall(qipai_zt_game *game, const qipai_zt_rules *rules,
                                  const uint8_t wall[108], int dealer, qipai_error *err);
unsigned qipai_zt_to_act(const qipai_zt_game *game);
int qipai_zt_legal_actions(const qipai_zt_game *game, int seat, qipai_zt_action out[48]);
qipai_err qipai_zt_step(qipai_zt_game *game, const qipai_zt_action *action, qipai_error *err);
qipai_err qipai_zt_check(const qipai_zt_game *game, qipai_error *err);
void qipai_zt_visible(const qipai_zt_game *game, uint8_t visible[27]);
const char *qipai_zt_action_name(int type, bool chinese);
const char *qipai_zt_type_name(int type, bool chinese);
const char *qipai_zt_meld_name(int type);
const char *qipai_zt_pay_reason_name(int reason);
typedef enum qipai_zt_bot { QIPAI_ZT_BOT_SEED, QIPAI_ZT_BOT_STRONG, QIPAI_ZT_BOT_COUNT, ... } qipai_zt_bot;
const char *qipai_zt_bot_name(qipai_zt_bot bot);
qipai_err qipai_zt_bot_named(qipai_zt_bot *bot, const char *name, qipai_error *err);
qipai_err qipai_zt_bot_choose(const qipai_zt_game *game, int seat, qipai_zt_bot bot,
                              qipai_zt_action *out, qipai_error *err);
uint64_t qipai_zt_game_seed(uint64_t run_seed, uint64_t number);
int qipai_zt_action_index(const qipai_zt_game *game, const qipai_zt_action *action);
qipai_err qipai_zt_action_of_index(const qipai_zt_game *game, int seat, int index,
                                   qipai_zt_action *out, qipai_error *err);
int qipai_zt_action_mask(const qipai_zt_game *game, int seat, uint8_t mask[199]);
void qipai_zt_observe(const qipai_zt_game *game, int seat, float out[925]);

/* the log and the replay check */
#define QIPAI_ZT_LOG_LINE ...
#define QIPAI_ZT_REPLAY_EVENTS ...
#define QIPAI_ZT_RECORD_DEAL ...
#define QIPAI_ZT_EV_ACTION ...
typedef struct qipai_zt_record {
    uint8_t type;
    qipai_zt_event event;
    ...;
} qipai_zt_record;
typedef struct qipai_zt_replay {
    qipai_zt_game game;
    ...;
} qipai_zt_replay;
size_t qipai_zt_log_header(const qipai_zt_game *game, uint64_t number,
                           const char *const bots[4], char *out, size_t size);
size_t qipai_zt_log_deal(const qipai_zt_game *game, char *out, size_t size);
size_t qipai_zt_log_record(const qipai_zt_record *record, char *out, size_t size);
qipai_err qipai_zt_log_read_header(const char *text, size_t length, qipai_zt_rules *rules,
                                   uint8_t wall[108], int *dealer, int64_t *number,
                                   qipai_error *err);
qipai_err qipai_zt_log_read_record(const char *text, size_t length, qipai_zt_record *record,
                                   qipai_error *err);
qipai_err qipai_zt_replay_start(qipai_zt_replay *replay, const qipai_zt_rules *rules,
                                const uint8_t wall[108], int dealer, qipai_error *err);
bool qipai_zt_replay_expected(const qipai_zt_replay *replay, qipai_zt_record *next);
qipai_err qipai_zt_replay_record(qipai_zt_replay *replay, const qipai_zt_record *record,
                                 qipai_error *err);
bool qipai_zt_replay_done(const qipai_zt_replay *replay);

/* running games: the statistics of a run and its summary. The struct is
   declared whole (no "...;"): cffi checks each field's offset when it
   compiles, and qipai.cluster (work.py) refuses to load when the fields do
   not cover the whole struct, so a field the library adds must be added
   here, where qipai.cluster reads the statistics as integers. */
typedef struct qipai_zt_stats {
    uint64_t games, wins, steps;
    uint64_t ends[3];
    uint64_t seat_wins[4];
    int64_t base;
    int64_t seat_score[4];
    int64_t score_products[4][4];
    uint64_t types[...];
    uint64_t seat_win_pairs[4][4];
} qipai_zt_stats;
void qipai_zt_stats_init(qipai_zt_stats *stats);
void qipai_zt_stats_merge(qipai_zt_stats *into, const qipai_zt_stats *from);
typedef struct qipai_zt_sim_report {
    uint64_t seed;
    const char *bots[4];
    double cpu_seconds, wall_seconds;
    double games_per_second;
    bool logged;
    const char *faults_text[4];
    const char *faults_json[4];
} qipai_zt_sim_report;
size_t qipai_zt_format_sim_text(const qipai_zt_stats *stats, const qipai_zt_sim_report *report,
                                char *out, size_t size);
size_t qipai_zt_format_sim_json(const qipai_zt_stats *stats, const qipai_zt_sim_report *report,
                                char *out, size_t size);
size_t qipai_zt_log_rules(const qipai_zt_rules *rules, char *out, size_t size);

/* ---- the binding's loops (native/qipai_py.h) ---- */
void qipy_mj_win_many(const qipai_mj_rules *rules, const uint8_t *counts, size_t kinds,
                      const uint8_t *wilds, size_t n, uint8_t *out);
size_t qipy_mj_parse_many(const qipai_mj_rules *rules, const char *text, size_t size, size_t n,
                          uint8_t *counts, uint8_t *wilds, int strict, qipai_error *err);
void qipy_mj_shanten_many(const qipai_mj_rules *rules, const uint8_t *counts, size_t kinds,
                          const uint8_t *wilds, size_t n, int8_t *out);

#define QIPY_ZT_MAX_HISTORY ...
typedef struct qipy_zt_env {
    qipai_zt_game game;
    int seat;
    uint8_t bots[4];
    int64_t reward_mark;
    uint32_t history_count;
    qipai_zt_action history[...];
} qipy_zt_env;
qipai_err qipy_zt_env_reset(qipy_zt_env *env, const qipai_zt_rules *rules, uint64_t seed,
                            int dealer, qipai_error *err);
qipai_err qipy_zt_env_act(qipy_zt_env *env, int seat, int index, int64_t deltas[4],
                          qipai_error *err);
qipai_err qipy_zt_single_step(qipy_zt_env *env, int index, float *obs, uint8_t *mask,
                              int64_t *reward, int *over, qipai_error *err);
void qipy_zt_single_view(const qipy_zt_env *env, float *obs, uint8_t *mask);

typedef struct qipy_zt_records {
    qipai_zt_record *records;
    size_t capacity, count;
    int overflow;
} qipy_zt_records;
qipai_err qipy_zt_step_records(qipai_zt_game *game, const qipai_zt_action *action,
                               qipy_zt_records *out, qipai_error *err);
size_t qipy_zt_log_records(const qipai_zt_record *records, size_t count, char *out, size_t size);

qipai_err qipy_zt_sim_shard(const qipai_zt_rules *rules, uint64_t run_seed, uint64_t first,
                            uint64_t count, int dealer, const uint8_t bots[4],
                            const char *const names[4], const char *log_path,
                            qipai_zt_stats *stats, double *cpu_seconds, qipai_error *err);

/* ---- the table layer (include/qipai/table.h): every game that can be played ---- */
#define QIPAI_TABLE_MAX_SEATS ...
#define QIPAI_TABLE_RULES_SIZE ...
#define QIPAI_TABLE_STATE_SIZE ...
#define QIPAI_TABLE_LOG_LINE ...
typedef struct qipai_table_shape {
    int seats;
    int action_space;
    int observation_size;
    int max_legal;
    int roles;
} qipai_table_shape;
typedef struct qipai_table_game {
    const char *name;
    const char *title;
    const char *default_rules;
    const char *const *presets;
    const char *const *bots;
    const char *const *roles;
    size_t rules_size, state_size, event_size, deal_size;
    qipai_table_shape max_shape;
    size_t (*rules_log)(const void *rules, char *out, size_t size);
    const void *(*rules_of)(const void *state);
    uint64_t (*seed_of)(const void *state);
    int (*dealer_of)(const void *state);
    bool (*over)(const void *state);
    void (*observe)(const void *state, int seat, float *out);
    void (*scores)(const void *state, int64_t *out);
    bool (*won)(const void *state, int seat);
    int (*left_to_draw)(const void *state);
    qipai_err (*check)(const void *state, qipai_error *err);
    size_t (*action_text)(const void *state, int seat, int32_t action, bool chinese, char *out,
                          size_t size);
    qipai_err (*action_parse)(const void *state, int seat, const char *text, int32_t *action,
                              qipai_error *err);
    size_t (*render)(const void *state, int seat, bool chinese, char *out, size_t size);
    ...;
} qipai_table_game;
int qipai_table_game_count(void);
const qipai_table_game *qipai_table_game_at(int index);
const qipai_table_game *qipai_table_game_named(const char *name, qipai_error *err);
int qipai_table_bot_index(const qipai_table_game *game, const char *name);
qipai_err qipai_table_bot_named(const qipai_table_game *game, const char *name, int *bot,
                                qipai_error *err);
qipai_err qipai_table_rules_named(const qipai_table_game *game, void *rules, const char *name,
                                  qipai_error *err);
qipai_err qipai_table_rules_option(const qipai_table_game *game, void *rules,
                                   const char *option, qipai_error *err);
qipai_err qipai_table_rules_check(const qipai_table_game *game, const void *rules,
                                  qipai_error *err);
void qipai_table_shape_of(const qipai_table_game *game, const void *rules, qipai_table_shape *out);
qipai_err qipai_table_init(const qipai_table_game *game, void *state, const void *rules,
                           uint64_t seed, int dealer, qipai_error *err);
unsigned qipai_table_to_act(const qipai_table_game *game, const void *state);
int qipai_table_legal(const qipai_table_game *game, const void *state, int seat, int32_t *out);
int qipai_table_mask(const qipai_table_game *game, const void *state, int seat, uint8_t *mask);
qipai_err qipai_table_bot_choose(const qipai_table_game *game, const void *state, int seat,
                                 int bot, int32_t *action, qipai_error *err);
uint64_t qipai_table_game_seed(uint64_t run_seed, uint64_t number);
size_t qipai_table_log_header(const qipai_table_game *game, const void *state, uint64_t number,
                              const char *const *bots, char *out, size_t size);
size_t qipai_table_log_deal(const qipai_table_game *game, const void *state, int seat,
                            char *out, size_t size);
typedef struct qipai_table_vec {
    uint64_t seed;
    uint64_t next_game;
    int count;
    uint64_t games_done;
    ...;
} qipai_table_vec;
qipai_err qipai_table_vec_init(qipai_table_vec *vec, const qipai_table_game *game,
                               const void *rules, uint64_t seed, int count, void *states,
                               size_t bytes, qipai_error *err);
void qipai_table_vec_observe(const qipai_table_vec *vec, int *seats, float *observations,
                             uint8_t *masks);
qipai_err qipai_table_vec_step_bots(qipai_table_vec *vec, const int32_t *actions,
                                    const int *bots, int64_t *scores, uint8_t *done,
                                    float *final_observations, qipai_error *err);
qipai_err qipy_table_step(const qipai_table_game *game, void *state, int seat, int32_t action,
                          char *out, size_t size, size_t *length, qipai_error *err);
"""

SOURCE = r"""
#include <qipai/qipai.h>
#include <qipai/mahjong.h>
#include <qipai/query.h>
#include <qipai/zhaotong.h>
#include <qipai/table.h>
#include "qipai_py.h"
#include "qipai_py_table.h"
"""

ffibuilder = FFI()
ffibuilder.cdef(CDEF)
ffibuilder.set_source(
    "qipai._native",
    SOURCE,
    sources=[os.path.join(HERE, "native", "qipai_py.c"),
             os.path.join(HERE, "native", "qipai_py_shard.c"),
             os.path.join(HERE, "native", "qipai_py_table.c")],
    # src/ for the library's one error helper (common/fail.h), linked from the
    # static library with everything else.
    include_dirs=[os.path.join(ROOT, "include"), os.path.join(ROOT, "src"),
                  os.path.join(HERE, "native")],
    extra_objects=[STATIC_LIBRARY],
    extra_compile_args=["-std=gnu11", "-O2"],
    libraries=["m"],
)

if __name__ == "__main__":
    # python3 qipai_build.py OUTDIR: the extension into OUTDIR/qipai/.
    out = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else os.path.join(BUILD, "python"))
    if not os.path.exists(STATIC_LIBRARY):
        sys.exit(f"{STATIC_LIBRARY} is missing: run `make lib` first")
    os.makedirs(os.path.join(out, "qipai"), exist_ok=True)
    ffibuilder.compile(tmpdir=os.path.join(BUILD, "python-tmp"), verbose=False,
                       target=os.path.join(out, "qipai", "_native.*"))
