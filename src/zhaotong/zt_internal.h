/*
 * What the Zhaotong files share inside the library: the core rule value for
 * a Zhaotong rule set, conversions to the core's hand value, and the small
 * helpers of the game state. Not part of the public API.
 */
#ifndef QIPAI_ZT_INTERNAL_H
#define QIPAI_ZT_INTERNAL_H

#include <qipai/zhaotong.h>

#include <string.h>

#include "common/text.h"

/* Bits of the kinds of suit s (0 万, 1 筒, 2 条). */
#define ZT_SUIT_KINDS(s) ((uint32_t)0x1FF << (9 * (s)))
#define ZT_ALL_KINDS ((uint32_t)0x7FFFFFF)

static inline int zt_popcount(unsigned x)
{
    int n = 0;
    for (; x; x &= x - 1)
        n++;
    return n;
}

static inline int zt_meld_size(const qipai_zt_meld *m)
{
    return m->type == QIPAI_ZT_PENG ? 3 : 4;
}

static inline bool zt_is_gang(const qipai_zt_meld *m)
{
    return m->type != QIPAI_ZT_PENG;
}

/* The core rule value for deciding wins: 27 kinds, the forms of the rule
 * set, and no 缺一门 in the core (max_suits 3), because the core sees only
 * the concealed tiles: zt_wins_core adds the melds' suits itself. No wild
 * kind either: the 坨 held go in as jokers, so a discarded 坨 can still
 * complete a hand as a plain tile of its kind. */
void zt_core_rules(const qipai_zt_rules *rules, qipai_mj_rules *mj);

/* The concealed part as the core's value: real counts, 坨 as jokers. */
static inline void zt_core_hand(const qipai_zt_hand *h, qipai_mj_hand *out)
{
    memcpy(out->counts, h->counts, QIPAI_ZT_KINDS);
    memset(out->counts + QIPAI_ZT_KINDS, 0, QIPAI_MJ_KINDS - QIPAI_ZT_KINDS);
    out->wilds = h->tuo;
}

/* Suits of the concealed real tiles (the 坨's kind left out). */
unsigned zt_concealed_suits(const qipai_zt_hand *h, int tuo_kind);
/* Suits of the melds' real tiles. */
unsigned zt_meld_suits(const qipai_zt_hand *h, int tuo_kind);

/* Tiles of each kind in the melds, as the wall holds them: a 坨 in a meld
 * is a tile of the 坨's kind. */
void zt_meld_tiles(int tuo_kind, const qipai_zt_hand *h, int tiles[QIPAI_ZT_KINDS]);
/* Kinds (bit k) whose four copies are all in the hand and its melds, the 坨
 * held counting as tiles of their kind: no plain tile of them can come.
 * Only the melds' kinds and the 坨's are looked at: a kind held four times
 * in the concealed part alone the core leaves out itself. */
uint32_t zt_exhausted_kinds(int tuo_kind, const qipai_zt_hand *h);

bool zt_wins_core(const qipai_mj_rules *mj, int tuo_kind, const qipai_zt_hand *h);
uint32_t zt_wait_mask_core(const qipai_mj_rules *mj, int tuo_kind, const qipai_zt_hand *h);
bool zt_ready_core(const qipai_mj_rules *mj, int tuo_kind, const qipai_zt_hand *h);

/* Scoring with a prepared core rule value (score.c). */
qipai_err zt_score_core(const qipai_zt_rules *rules, const qipai_mj_rules *mj, int tuo_kind,
                        const qipai_zt_hand *hand, unsigned context, qipai_zt_score *out,
                        qipai_error *err);

/* The best amount a 3k+1 hand could win on one of its waits, as a win on a
 * discard (查大叫); 0 when it is not ready (settle.c). */
int64_t zt_best_wait_amount(const qipai_zt_rules *rules, const qipai_mj_rules *mj, int tuo_kind,
                            const qipai_zt_hand *h);

/* The first entry of qipai_zt_discards, worked out faster (advice.c). */
qipai_err zt_best_discard(const qipai_zt_rules *rules, int tuo_kind, const qipai_zt_hand *hand,
                          const uint8_t *visible, qipai_mj_discard *best, qipai_error *err);

/* ---- rule options (rules_option.c): the log's rules object and the
 * command line's --rule share these names ---- */
typedef enum { ZT_RULE_BOOL, ZT_RULE_U8, ZT_RULE_I32 } zt_rule_type;
typedef struct zt_rule_field {
    const char *name;
    zt_rule_type type;
    size_t offset;
} zt_rule_field;
enum { ZT_RULE_FIELDS = 16 };
extern const zt_rule_field zt_rule_fields[ZT_RULE_FIELDS];
int64_t zt_rule_get(const qipai_zt_rules *rules, int field);
qipai_err zt_rule_set(qipai_zt_rules *rules, int field, int64_t value, qipai_error *err);
/* The field or hand type of that name (length bytes), or -1. */
int zt_rule_field_named(const char *name, size_t length);
int zt_type_named(const char *name, size_t length);

/* ---- text (position.c, log_write.c, log_read.c) ---- */

/* The kind of one tile written in length bytes ("5m", "五万"), or -1. */
int zt_parse_kind(const char *text, size_t length);
/* "5m"; nothing for a kind out of range. */
void zt_put_kind(text_sink *t, int kind);
/* The header's members after "rules" (log_write.c): the wall (seat -1 only),
 * the 坨 and the turned tile's seat, without braces; snprintf-style. */
/* Zhaotong's statistics as the table layer's (table.c): the same figures. */
struct qipai_table_stats;
void zt_table_stats(const qipai_zt_stats *zt, struct qipai_table_stats *t);
size_t zt_log_header_body(const qipai_zt_game *game, int seat, char *out, size_t size);
/* The concealed tiles in compact notation, the 坨 held written as tiles of
 * tuo_kind (-1: counts only). */
void zt_put_concealed(text_sink *t, const qipai_zt_hand *hand, int tuo_kind);

/* ---- records (record.c) ---- */

/* Whether an action of that type names a tile / a count of 坨 (the log's
 * "tile" and "tuo" keys). */
bool zt_action_has_tile(int type);
bool zt_action_has_tuo(int type);
/* The log's names of the QIPAI_ZT_CTX_* bits, by bit. */
enum { ZT_CONTEXTS = 6 };
extern const char *const zt_context_names[ZT_CONTEXTS];
/* The name of the first field (as the log names it) in which the records
 * differ, or NULL when they are equal. */
const char *zt_record_difference(const qipai_zt_record *a, const qipai_zt_record *b);
/* A short description for messages ("seat 1 draws 7p"); snprintf-style. */
size_t zt_record_describe(const qipai_zt_record *r, char *out, size_t size);
/* A winner's concealed hand as scored, in physical tiles (坨 as their
 * kind): the winning tile in it, and a tile won on from another player as
 * a plain tile of its kind even when it is a robbed 坨 (the log's "hand"). */
void zt_win_hand(const qipai_zt_game *game, int seat, uint8_t out[QIPAI_ZT_KINDS]);
/* Whether two win records differ only in the way logs written before the
 * robbed-坨 fix gave the hand of the winner who took a robbed 坨 (the 坨's
 * kind for the 碰's): the replay check accepts those old logs. */
bool zt_win_legacy_hand(const qipai_zt_record *a, const qipai_zt_record *b, int tuo_kind);

/* ---- game internals (game.c, actions.c, step.c, settle.c) ---- */

/* Bits of qipai_zt_game.claim_options. */
#define ZT_OPT(type) (1u << (type))

static inline void zt_emit(qipai_zt_game *g, const qipai_zt_event *e)
{
    if (g->observer)
        g->observer(g, e, g->observer_context);
}

/* The next seat after s still in, or -1. */
int zt_next_in(const qipai_zt_game *g, int s);
int zt_players_in(const qipai_zt_game *g);

/* Whether action a (its seat included) is legal now; NULL err is fine.
 * The one gate of the step function (actions.c). */
qipai_err zt_check_action(const qipai_zt_game *g, const qipai_zt_action *a, qipai_error *err);

/* What seat may claim on the current discard (CLAIM) or 补杠 (ROB): bits
 * ZT_OPT(type); the 坨 each would use go to *peng_tuo / *gang_tuo. */
unsigned zt_claim_options(const qipai_zt_game *g, int seat, bool rob, uint8_t *peng_tuo,
                          uint8_t *gang_tuo);

/* Payments (settle.c): records, applies and reports one. */
void zt_pay(qipai_zt_game *g, int from, int to, int64_t amount, qipai_zt_pay_reason reason,
            int kong);
/* The 杠 money of a new 杠 by seat (its id given): paid at once. */
void zt_pay_kong(qipai_zt_game *g, int seat, qipai_zt_meld_type type, int from, int kong);
/* 呼叫转移: the income of kong moves from seat to winner. */
void zt_transfer_kong(qipai_zt_game *g, int seat, int winner, int kong);
/* Settles an empty wall: 查花猪, 查大叫, 退税 among the players still in. */
void zt_settle_wall(qipai_zt_game *g);

#endif
