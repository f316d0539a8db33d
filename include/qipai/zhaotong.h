/*
 * qipai Zhaotong (Yunnan) mahjong: the whole game as a value a server can
 * drive — the rule set, the wall and the deal, a step function that takes one
 * action at a time, scoring with 坨 (wildcards), settlement, bots, a runner
 * for whole games and runs, and an event stream for logs and replays.
 *
 *   #include <qipai/zhaotong.h>
 *
 *   qipai_zt_rules rules;
 *   qipai_zt_game game;
 *   qipai_zt_agent agents[QIPAI_ZT_SEATS];
 *   qipai_error err;
 *
 *   qipai_zt_rules_default(&rules);
 *   for (int s = 0; s < QIPAI_ZT_SEATS; s++)              // four built-in bots
 *       agents[s] = qipai_zt_bot_agent(QIPAI_ZT_BOT_STRONG);
 *   // game 0 of the run with seed 42, seat 0 deals
 *   if (qipai_zt_game_init(&game, &rules, qipai_zt_game_seed(42, 0), 0, &err) != QIPAI_OK ||
 *       qipai_zt_play(&game, agents, NULL, NULL, NULL, &err) != QIPAI_OK)
 *       return fprintf(stderr, "%s\n", err.message), 1;
 *   long long sum = 0;
 *   for (int s = 0; s < QIPAI_ZT_SEATS; s++)
 *       sum += game.players[s].score;
 *   printf("over after %d wins; the scores sum to %lld\n", game.winners, sum);
 *   // output: over after 3 wins; the scores sum to 0
 *
 * A person's move goes through the same call: list what seat s may do with
 * qipai_zt_legal_actions(), pick one, qipai_zt_step(). A move that is not
 * legal now is rejected with a reason and changes nothing.
 *
 * The rules are in docs/RULES.md ("Zhaotong"); every number there is a field
 * of qipai_zt_rules. Tiles are the mahjong core's kinds 0-26 (1m-9m, 1p-9p,
 * 1s-9s); a 坨 is a physical tile of the round's 坨 kind (game.tuo).
 * Nothing here allocates, prints or keeps global state; a game is a plain
 * value (copy it to look ahead) and calls on different games are
 * independent, so they are safe from any number of threads.
 */
#ifndef QIPAI_ZHAOTONG_H
#define QIPAI_ZHAOTONG_H

#include <qipai/mahjong.h>
#include <qipai/qipai.h>

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

enum {
    QIPAI_ZT_KINDS = 27,      /* 1m-9m, 1p-9p, 1s-9s */
    QIPAI_ZT_TILES = 108,     /* four of each kind */
    QIPAI_ZT_SEATS = 4,
    QIPAI_ZT_MAX_MELDS = 4,
    QIPAI_ZT_MAX_ACTIONS = 48, /* room for every legal action of one seat */
    QIPAI_ZT_MAX_PAYMENTS = 320,
    QIPAI_ZT_FAN_CAP = 255    /* a fan value meaning "the cap" (天胡, 地胡) */
};

/* ---- hand types ------------------------------------------------------------
 * Each win lists exactly one shape (平胡, 大对子, 巧七对, 龙七对) and any of
 * the others. 根 and 勾胡 may count several times. */
typedef enum qipai_zt_type {
    QIPAI_ZT_PINGHU,       /* 平胡 (棒棒): melds + pair */
    QIPAI_ZT_DADUIZI,      /* 大对子: all triplets/kongs + pair */
    QIPAI_ZT_QIAOQIDUI,    /* 巧七对: seven pairs */
    QIPAI_ZT_LONGQIDUI,    /* 龙七对: seven pairs holding four of a kind */
    QIPAI_ZT_QINGYISE,     /* 清一色: one suit */
    QIPAI_ZT_GEN,          /* 根: four of a tile held or melded, not 杠'd (each) */
    QIPAI_ZT_GOUHU,        /* 勾胡: each 杠 of the winner */
    QIPAI_ZT_GANGSHANGHUA, /* 杠上花: self-drawn on a replacement tile */
    QIPAI_ZT_GANGSHANGPAO, /* 杠上炮: won on the discard right after a 杠 */
    QIPAI_ZT_QIANGGANG,    /* 抢杠: won by robbing a 补杠 */
    QIPAI_ZT_ZIMO,         /* 自摸: self-drawn */
    QIPAI_ZT_TIANHU,       /* 天胡: the dealer wins on the deal */
    QIPAI_ZT_DIHU,         /* 地胡: a player wins on the dealer's first discard */
    QIPAI_ZT_TYPE_COUNT
} qipai_zt_type;

/* "pinghu", ... (the log's names) or "平胡", ...; NULL for no type. */
QIPAI_API const char *qipai_zt_type_name(qipai_zt_type type, bool chinese);

/* ---- the rule set ----------------------------------------------------------
 * A plain value: qipai_zt_rules_default() fills docs/RULES.md's defaults;
 * change any field. Amounts are in units of base. */
typedef struct qipai_zt_rules {
    uint8_t fan[QIPAI_ZT_TYPE_COUNT]; /* fan of each type (根, 勾胡: per count);
                                         QIPAI_ZT_FAN_CAP: the win scores the cap */
    uint8_t cap;             /* 4: most fan a win scores (at most 20) */
    int32_t base;            /* 1: score of a 0-fan win; score = base * 2^fan */
    bool zimo_adds_base;     /* false: 自摸 is +fan[ZIMO]; true: +1 base instead */
    bool call_transfer;      /* true: 呼叫转移, 杠上炮 hands that 杠's income to the winner */
    bool tuo_discard;        /* true: a 坨 may be discarded */
    bool tuo_claim;          /* true: a discarded 坨 may be claimed, as a plain tile of its kind */
    bool seven_pairs;        /* true: seven pairs (巧七对, 龙七对) win */
    bool multiple_hu;        /* true: 一炮多响; false: only the first claimant from the discarder */
    bool rob_kong;           /* true: 抢杠 on a 补杠 */
    bool pass_hu_lock;       /* true: 过水不胡, who lets a hu pass cannot hu another's tile
                                until his next draw */
    bool hua_zhu;            /* true: 查花猪 at an empty wall */
    bool da_jiao;            /* true: 查大叫 at an empty wall */
    bool tui_shui;           /* true: 退税 at an empty wall */
    uint8_t ming_gang_pay;   /* 2: bases the discarder pays for a 明杠 */
    uint8_t bu_gang_pay;     /* 1: bases each other player still in pays for a 补杠 */
    uint8_t an_gang_pay;     /* 2: bases each other player still in pays for a 暗杠 */
} qipai_zt_rules;

QIPAI_API void qipai_zt_rules_default(qipai_zt_rules *rules);
/* "default" (the one preset; the variants are options). */
QIPAI_API qipai_err qipai_zt_rules_named(qipai_zt_rules *rules, const char *name, qipai_error *err);
/* "NAME=VALUE" with NAME a key of the log's rules object (cap, base,
 * zimo_adds_base, call_transfer, ..., fan.TYPE as fan.gen=2 or fan.tianhu=cap);
 * booleans as 0/1, true/false or on/off. The result must pass the check; a
 * failed option leaves the rules as they were. */
QIPAI_API qipai_err qipai_zt_rules_option(qipai_zt_rules *rules, const char *option, qipai_error *err);
/* Checks the values (cap at most 20, base 1..1000000, fans at most 20 or
 * QIPAI_ZT_FAN_CAP): a game may only start from valid rules. */
QIPAI_API qipai_err qipai_zt_rules_check(const qipai_zt_rules *rules, qipai_error *err);

/* ---- hands and melds ------------------------------------------------------- */
typedef enum qipai_zt_meld_type {
    QIPAI_ZT_PENG,      /* 碰 (飞碰 when a 坨 is in it) */
    QIPAI_ZT_MING_GANG, /* 明杠 on a discard */
    QIPAI_ZT_AN_GANG,   /* 暗杠 */
    QIPAI_ZT_BU_GANG    /* 补杠: a 碰 with its fourth tile added */
} qipai_zt_meld_type;

typedef struct qipai_zt_meld {
    uint8_t type; /* qipai_zt_meld_type */
    uint8_t kind; /* the tile it is made of */
    uint8_t tuo;  /* how many of its tiles are 坨 standing for kind (0 when kind is the 坨's) */
    uint8_t from; /* the seat whose tile was claimed (the owner's own seat for 暗杠) */
} qipai_zt_meld;

/* A player's tiles. counts[] are real tiles by kind; the 坨 held are in
 * tuo. counts[tuo kind] is 0 in a game, except in a winning hand completed
 * by a discarded 坨, which counts as a plain tile of its kind. */
typedef struct qipai_zt_hand {
    uint8_t counts[QIPAI_ZT_KINDS];
    uint8_t tuo;
    uint8_t meld_count;
    qipai_zt_meld melds[QIPAI_ZT_MAX_MELDS];
} qipai_zt_hand;

/* Checks the physical limits: at most four tiles of each kind over the
 * hand and its melds (the 坨 being tiles of their kind), at most four melds,
 * each with at least one real tile. */
QIPAI_API qipai_err qipai_zt_hand_check(int tuo_kind, const qipai_zt_hand *hand, qipai_error *err);
/* Concealed tiles (counts and tuo). */
QIPAI_API int qipai_zt_concealed_size(const qipai_zt_hand *hand);
/* Suits (bit 0 万, 1 筒, 2 条) among the real tiles of the hand and its
 * melds; tiles of the 坨's kind are never counted (缺一门, 花猪). */
QIPAI_API unsigned qipai_zt_suits(const qipai_zt_hand *hand, int tuo_kind);

/* ---- analysis ---------------------------------------------------------------
 * On a hand with its melds (the concealed part holds 3k+2 tiles for a win,
 * 3k+1 for waits), 缺一门 counted over the hand and its melds. */

/* Whether a hand of 3k+2 concealed tiles wins. */
QIPAI_API bool qipai_zt_wins(const qipai_zt_rules *rules, int tuo_kind, const qipai_zt_hand *hand);
/* The waits of a hand whose concealed part holds 13 - 3 per meld tiles: the
 * kinds k such that the hand plus a plain k wins, in kind order, less the
 * kinds whose four copies are all in the hand and its melds (a 坨, held or
 * in a meld, being a tile of its kind): no such tile can come. Fails on bad
 * rules, a bad hand or the wrong size. */
QIPAI_API qipai_err qipai_zt_waits(const qipai_zt_rules *rules, int tuo_kind, const qipai_zt_hand *hand,
                         uint8_t out[QIPAI_ZT_KINDS], size_t *count, qipai_error *err);
/* The fast form: bit k for each wait (0 for a hand it cannot answer). */
QIPAI_API uint32_t qipai_zt_wait_mask(const qipai_zt_rules *rules, int tuo_kind, const qipai_zt_hand *hand);
/* Whether the 3k+1 hand plus a 坨 wins (听牌: ready). */
QIPAI_API bool qipai_zt_ready(const qipai_zt_rules *rules, int tuo_kind, const qipai_zt_hand *hand);

/* How a win came about (bits), for the types that depend on it. 杠上花 and
 * 天胡 are self-drawn wins: scoring adds SELF_DRAWN (自摸) to either. */
enum {
    QIPAI_ZT_CTX_SELF_DRAWN = 1 << 0,   /* 自摸 */
    QIPAI_ZT_CTX_AFTER_KONG = 1 << 1,   /* self-drawn on a replacement tile: 杠上花 */
    QIPAI_ZT_CTX_KONG_DISCARD = 1 << 2, /* on the discard after a 杠: 杠上炮 */
    QIPAI_ZT_CTX_ROB_KONG = 1 << 3,     /* robbing a 补杠: 抢杠 */
    QIPAI_ZT_CTX_HEAVENLY = 1 << 4,     /* the dealer's 14 dealt tiles: 天胡 */
    QIPAI_ZT_CTX_EARTHLY = 1 << 5       /* on the dealer's first discard: 地胡 */
};

typedef struct qipai_zt_score {
    uint16_t types;      /* bit t for each qipai_zt_type that applies */
    uint8_t gen;         /* how many 根 */
    uint8_t gou;         /* how many 杠 (勾胡) */
    uint8_t fan;         /* total before the cap */
    uint8_t fan_capped;
    int64_t amount;      /* what each payer pays the winner */
    /* The concealed part as scored: every 坨 shown as the tile it stands
     * for (wild bit set), all-坨 melds resolved to a kind (never ANY). */
    qipai_mj_decomposition decomposition;
} qipai_zt_score;

/* Scores a winning hand (3k+2 concealed tiles, the winning tile included):
 * the decomposition and the roles of the 坨 that give the highest amount
 * (then the most fan; then the first in the core's listing order).
 * QIPAI_ERR_ILLEGAL if the hand does not win. */
QIPAI_API qipai_err qipai_zt_score_hand(const qipai_zt_rules *rules, int tuo_kind,
                              const qipai_zt_hand *hand, unsigned context,
                              qipai_zt_score *out, qipai_error *err);

/* Shanten (向听) of the concealed part (3k+1 or 3k+2 tiles) with 缺一门
 * counted over the melds: the suit to drop can only be one the melds do not
 * show. 坨 are wildcards, and drawing a 坨 counts as drawing a wildcard
 * (here counts[tuo kind] is read as 坨 too). QIPAI_MJ_NO_SHANTEN when the
 * melds already show three suits or the size does not fit the melds. */
QIPAI_API int qipai_zt_shanten(const qipai_zt_rules *rules, int tuo_kind, const qipai_zt_hand *hand);

/* Effective tiles of a 3k+1 hand (kinds whose draw lowers qipai_zt_shanten;
 * the 坨's kind when a 坨 does), with the copies left: 4, less the hand's
 * concealed tiles (its 坨 included), less visible[k] (tiles seen on the
 * table, the hand's own melds included, as qipai_zt_visible gives them; may
 * be NULL), counted as at least the tiles of k in the hand's melds. A kind
 * (but the 坨's) whose four tiles are all in the hand and its melds is never
 * effective: it cannot be drawn. Melds that show three suits: the hand can
 * never win, shanten QIPAI_MJ_NO_SHANTEN and no tile. */
QIPAI_API qipai_err qipai_zt_effective(const qipai_zt_rules *rules, int tuo_kind,
                             const qipai_zt_hand *hand, const uint8_t *visible,
                             qipai_mj_effective *out, qipai_error *err);

/* Discard advice for a 3k+2 hand: one entry per distinct tile (a 坨 is
 * QIPAI_MJ_WILDCARD), best first: lower shanten, more effective copies, a
 * real tile before a 坨, tile order; each entry's effective tiles as
 * qipai_zt_effective gives them, the discard being one more tile seen.
 * out needs QIPAI_MJ_MAX_DISCARDS entries. QIPAI_ERR_ARGUMENT when the melds
 * show three suits. */
QIPAI_API qipai_err qipai_zt_discards(const qipai_zt_rules *rules, int tuo_kind,
                            const qipai_zt_hand *hand, const uint8_t *visible,
                            qipai_mj_discard out[QIPAI_MJ_MAX_DISCARDS], size_t *count,
                            qipai_error *err);

/* ---- actions ----------------------------------------------------------------- */
typedef enum qipai_zt_action_type {
    QIPAI_ZT_ACT_DISCARD,   /* kind: the tile (the 坨's kind discards a 坨) */
    QIPAI_ZT_ACT_PENG,      /* kind: the discard; tuo: 坨 from the hand (飞碰: 1) */
    QIPAI_ZT_ACT_MING_GANG, /* kind: the discard; tuo: 坨 from the hand (0-2) */
    QIPAI_ZT_ACT_AN_GANG,   /* kind; tuo: 坨 standing for missing copies */
    QIPAI_ZT_ACT_BU_GANG,   /* kind: one's own 碰; tuo: 1 when the added tile is a 坨 */
    QIPAI_ZT_ACT_HU,        /* self-drawn, on a discard, or robbing a 补杠 */
    QIPAI_ZT_ACT_PASS,      /* let a discard or a 补杠 go */
    QIPAI_ZT_ACT_COUNT
} qipai_zt_action_type;

typedef struct qipai_zt_action {
    uint8_t type; /* qipai_zt_action_type */
    uint8_t seat;
    uint8_t kind; /* 0 for HU and PASS */
    uint8_t tuo;  /* 0 unless stated above */
} qipai_zt_action;

/* "discard", "peng", "ming_gang", "an_gang", "bu_gang", "hu", "pass" (or
 * Chinese: 打, 碰, 明杠, 暗杠, 补杠, 胡, 过); NULL for no type. */
QIPAI_API const char *qipai_zt_action_name(qipai_zt_action_type type, bool chinese);

/* ---- the game ---------------------------------------------------------------- */
typedef enum qipai_zt_phase {
    QIPAI_ZT_PHASE_TURN,  /* game.turn holds 3k+2 tiles: hu, 杠 or discard */
    QIPAI_ZT_PHASE_CLAIM, /* a discard: the seats in game.pending say hu, 杠, 碰 or pass */
    QIPAI_ZT_PHASE_ROB,   /* a 补杠: the seats in game.pending may rob it (hu) or pass */
    QIPAI_ZT_PHASE_OVER
} qipai_zt_phase;

typedef enum qipai_zt_status {
    QIPAI_ZT_IN,  /* still playing */
    QIPAI_ZT_WON  /* has won and left (血战到底) */
} qipai_zt_status;

typedef struct qipai_zt_win {
    uint8_t from;       /* who pays: the discarder / the robbed; the winner when self-drawn */
    uint8_t tile;       /* the winning tile's kind (a drawn 坨: the 坨's kind) */
    bool tile_tuo;      /* the winning tile is a 坨 */
    bool tile_held;     /* the winner holds it (false for the 2nd/3rd winner on one tile) */
    uint8_t context;    /* QIPAI_ZT_CTX_* */
    uint8_t order;      /* 1 for the round's first winner, 2, 3 */
    qipai_zt_score score;
} qipai_zt_win;

typedef struct qipai_zt_player {
    qipai_zt_hand hand;   /* a winner's hand stays as shown (亮牌) */
    uint8_t status;       /* qipai_zt_status */
    bool hu_locked;       /* let a hu pass since the last draw (过水) */
    int64_t score;
    qipai_zt_win win;     /* when status is WON */
} qipai_zt_player;

typedef enum qipai_zt_pay_reason {
    QIPAI_ZT_PAY_WIN,       /* a win (the amount of its score) */
    QIPAI_ZT_PAY_MING_GANG,
    QIPAI_ZT_PAY_BU_GANG,
    QIPAI_ZT_PAY_AN_GANG,
    QIPAI_ZT_PAY_TRANSFER,  /* 呼叫转移 */
    QIPAI_ZT_PAY_HUA_ZHU,   /* 查花猪 */
    QIPAI_ZT_PAY_DA_JIAO,   /* 查大叫 */
    QIPAI_ZT_PAY_TUI_SHUI   /* 退税 */
} qipai_zt_pay_reason;

/* "win", "ming_gang", "bu_gang", "an_gang", "transfer", "hua_zhu",
 * "da_jiao", "tui_shui"; NULL for no reason. */
QIPAI_API const char *qipai_zt_pay_reason_name(qipai_zt_pay_reason reason);
/* "peng", "ming_gang", "an_gang", "bu_gang"; NULL for no type. */
QIPAI_API const char *qipai_zt_meld_name(qipai_zt_meld_type type);

typedef struct qipai_zt_payment {
    uint8_t from, to;
    uint8_t reason;  /* qipai_zt_pay_reason */
    uint8_t kong;    /* the 杠 it belongs to (1, 2, ...), 0 for none */
    int64_t amount;
} qipai_zt_payment;

typedef enum qipai_zt_end {
    QIPAI_ZT_END_NONE,
    QIPAI_ZT_END_WALL,      /* the wall is empty */
    QIPAI_ZT_END_ONE_LEFT   /* three players have won */
} qipai_zt_end;

/* A river tile: a discard, in order. claimed: taken by 碰, 杠 or a win. */
typedef struct qipai_zt_discard_tile {
    uint8_t kind;
    uint8_t seat;
    bool claimed;
} qipai_zt_discard_tile;

/* ---- events --------------------------------------------------------------
 * The step function reports what happens through an optional callback: the
 * action taken and everything that follows from it, in order. (The deal is
 * not an event: read it from the game after init.) qipai_zt_log_event
 * writes an event as a line of the log (docs/formats/zhaotong.md). */
typedef enum qipai_zt_event_type {
    QIPAI_ZT_EV_DRAW,    /* player drew tile; replacement: after a 杠 */
    QIPAI_ZT_EV_ACTION,  /* player's action (as given to qipai_zt_step) */
    QIPAI_ZT_EV_PENG,    /* a claim resolved: player 碰s tile from `from` */
    QIPAI_ZT_EV_GANG,    /* a 杠 made: meld type and kind, from */
    QIPAI_ZT_EV_ROBBED,  /* the 补杠 of `from` was robbed: the 碰 stays */
    QIPAI_ZT_EV_WIN,     /* player wins: read game->players[player].win */
    QIPAI_ZT_EV_PAY,     /* payment */
    QIPAI_ZT_EV_END      /* the game is over: game->end and the scores */
} qipai_zt_event_type;

struct qipai_zt_game;

typedef struct qipai_zt_event {
    uint8_t type;            /* qipai_zt_event_type */
    int8_t player;           /* -1 when none */
    int8_t from;             /* -1 when none */
    uint8_t tile;            /* kind, when the event has one */
    bool replacement;        /* DRAW */
    qipai_zt_action action;  /* ACTION */
    qipai_zt_meld meld;      /* PENG, GANG */
    qipai_zt_payment pay;    /* PAY */
} qipai_zt_event;

typedef void (*qipai_zt_event_fn)(const struct qipai_zt_game *game, const qipai_zt_event *event,
                                  void *context);

/* The state of one game. Every field may be read; change it only through
 * the calls below. */
typedef struct qipai_zt_game {
    qipai_zt_rules rules;
    qipai_mj_rules mj;          /* the core rule value for wins: 27 kinds, forms */
    uint64_t seed;              /* the deal's seed (0 when the wall was given) */
    qipai_rng rng;              /* the game's own generator, seeded with seed; it shuffled
                                   the wall and is there for any later random choice */
    uint8_t wall[QIPAI_ZT_TILES];
    uint8_t wall_next;          /* index of the next tile to draw (108: empty) */
    uint8_t dealer;
    uint8_t tuo;                /* the 坨's kind */
    uint8_t turned_seat;        /* whose discard area the turned tile (墙子) lies in */
    uint8_t phase;              /* qipai_zt_phase */
    uint8_t turn;               /* TURN: who acts; CLAIM: the discarder; ROB: the 补杠 player */
    bool after_kong;            /* TURN: the last tile drawn was a replacement */
    bool must_discard;          /* TURN: after a 碰, only a discard */
    bool first_turn;            /* TURN: the dealer's first move (天胡 possible) */
    uint8_t last_draw;          /* TURN: the tile drawn last (the dealer's 14th at first) */
    /* the claim window (CLAIM, ROB) */
    uint8_t pending;            /* seats still to decide (bits) */
    uint8_t claim_kind;         /* the discard / the 补杠's kind */
    bool claim_tuo;             /* ROB: the tile added to the 碰 is a 坨 */
    uint8_t claim_context;      /* QIPAI_ZT_CTX_KONG_DISCARD, _EARTHLY, _ROB_KONG */
    uint8_t claim_kong;         /* the 杠 the discarder made just before (呼叫转移) */
    uint8_t claim_options[QIPAI_ZT_SEATS]; /* per seat: bit per action type it may take */
    qipai_zt_action decisions[QIPAI_ZT_SEATS];
    uint8_t last_kong;          /* id of the 杠 the turn player made right before */
    uint8_t kongs;              /* 杠 made so far (ids 1..kongs) */
    uint8_t winners;            /* wins so far */
    uint8_t end;                /* qipai_zt_end */
    uint16_t discard_count;     /* river length */
    uint16_t payment_count;
    qipai_zt_discard_tile river[QIPAI_ZT_TILES];
    qipai_zt_payment payments[QIPAI_ZT_MAX_PAYMENTS];
    qipai_zt_player players[QIPAI_ZT_SEATS];
    /* Set only while qipai_zt_step_events runs (NULL at every other time),
     * so a copy of the game never carries the caller's callback. */
    qipai_zt_event_fn observer;
    void *observer_context;
} qipai_zt_game;

/* Shuffles the wall with qipai_rng seeded by seed and deals: seats take 13
 * tiles each from the front of the wall, the dealer first, then the dealer
 * one more; the next tile is turned and names the 坨. */
QIPAI_API qipai_err qipai_zt_game_init(qipai_zt_game *game, const qipai_zt_rules *rules, uint64_t seed,
                             int dealer, qipai_error *err);
/* The same from a given wall order (108 kinds, four of each). */
QIPAI_API qipai_err qipai_zt_game_init_wall(qipai_zt_game *game, const qipai_zt_rules *rules,
                                  const uint8_t wall[QIPAI_ZT_TILES], int dealer,
                                  qipai_error *err);

/* Seats that must act now (bit s); 0 when the game is over. */
QIPAI_API unsigned qipai_zt_to_act(const qipai_zt_game *game);
/* Every legal action of seat now, written to out; returns how many (0 when
 * the seat is not to act). */
QIPAI_API int qipai_zt_legal_actions(const qipai_zt_game *game, int seat,
                           qipai_zt_action out[QIPAI_ZT_MAX_ACTIONS]);
/* Applies one action. An action that is not legal now fails with
 * QIPAI_ERR_ILLEGAL (or QIPAI_ERR_ARGUMENT for nonsense) and a reason, and
 * leaves the game as it was. */
QIPAI_API qipai_err qipai_zt_step(qipai_zt_game *game, const qipai_zt_action *action, qipai_error *err);
/* The same, reporting the action and everything that follows from it to
 * events (may be NULL), in order, before it returns. */
QIPAI_API qipai_err qipai_zt_step_events(qipai_zt_game *game, const qipai_zt_action *action,
                               qipai_zt_event_fn events, void *context, qipai_error *err);

/* Tiles seen on the table (rivers, melds, the turned tile, winners' shown
 * hands) by physical kind: what any player may count. */
QIPAI_API void qipai_zt_visible(const qipai_zt_game *game, uint8_t visible[QIPAI_ZT_KINDS]);

/* Checks the invariants: every tile in exactly one place, hand sizes, scores
 * summing to zero, a consistent phase. QIPAI_ERR_STATE names the first
 * broken one. */
QIPAI_API qipai_err qipai_zt_check(const qipai_zt_game *game, qipai_error *err);

/* ---- bots ---------------------------------------------------------------- */
typedef enum qipai_zt_bot {
    QIPAI_ZT_BOT_SEED,   /* "seed", the seed's: drop the shortest suit, discard its lowest
                            tile; hu, 杠, 碰 whenever it can */
    QIPAI_ZT_BOT_STRONG, /* "strong": discards and claims by shanten and effective tiles
                            (with 坨), 缺一门 counted with the melds */
    QIPAI_ZT_BOT_EXPERT, /* "expert": plays for money: hand value against speed, danger,
                            杠 and 碰 by expected value (docs/RULES.md, "Bots") */
    QIPAI_ZT_BOT_COUNT
} qipai_zt_bot;

/* "seed", "strong", "expert"; NULL for no bot. */
QIPAI_API const char *qipai_zt_bot_name(qipai_zt_bot bot);
/* The bot of that name; the error lists the names. */
QIPAI_API qipai_err qipai_zt_bot_named(qipai_zt_bot *bot, const char *name, qipai_error *err);

/* The bot's action for seat (which must be to act). Uses only what the seat
 * may see. */
QIPAI_API qipai_err qipai_zt_bot_choose(const qipai_zt_game *game, int seat, qipai_zt_bot bot,
                              qipai_zt_action *out, qipai_error *err);

/* ---- running games ----------------------------------------------------------
 * A run of N games with a seed S plays game i (0-based) from the seed
 * qipai_zt_game_seed(S, i), which depends on S and i alone: any range of a
 * run's games can be played on its own (on another thread, process or
 * machine) and gives the same games. */
QIPAI_API uint64_t qipai_zt_game_seed(uint64_t run_seed, uint64_t number);

/* Whatever chooses a seat's actions: a built-in bot, a person, a program, a
 * learning agent. choose gets a seat that must act now and writes one of
 * its legal actions; an error stops the game (qipai_zt_play returns it). */
typedef qipai_err (*qipai_zt_choose_fn)(const qipai_zt_game *game, int seat, void *context,
                                        qipai_zt_action *out, qipai_error *err);
typedef struct qipai_zt_agent {
    qipai_zt_choose_fn choose;
    void *context;
} qipai_zt_agent;

/* The agent that plays a built-in bot. */
QIPAI_API qipai_zt_agent qipai_zt_bot_agent(qipai_zt_bot bot);

/* Plays a game to its end: while someone must act, the lowest such seat's
 * agent chooses and the action is stepped, reporting to events (may be
 * NULL). *steps (may be NULL) gets the number of actions taken. Stops at
 * the first failure (an agent's error, an illegal or misdirected action)
 * and returns it, the game left as it was before that action. */
QIPAI_API qipai_err qipai_zt_play(qipai_zt_game *game, const qipai_zt_agent agents[QIPAI_ZT_SEATS],
                        qipai_zt_event_fn events, void *context, uint64_t *steps,
                        qipai_error *err);

/* What a run tells its caller: each game as it starts (dealt, before its
 * first event) with its number (1-based, as in the log), each event, and
 * each game as it ends. Any member may be NULL. */
typedef struct qipai_zt_run_observer {
    void (*game_start)(const qipai_zt_game *game, uint64_t number, void *context);
    qipai_zt_event_fn event;
    void (*game_end)(const qipai_zt_game *game, uint64_t number, void *context);
    void *context;
} qipai_zt_run_observer;

/* The figures of a run: sums over its finished games, in integers, so the
 * statistics of shards merged (in any order) equal those of one run. Scores
 * are counted in units of the rules' base (every amount is a multiple). */
typedef struct qipai_zt_stats {
    uint64_t games, wins, steps;
    uint64_t ends[3];                     /* by qipai_zt_end */
    uint64_t seat_wins[QIPAI_ZT_SEATS];
    int64_t base;                         /* the rules' base (0 before the first game) */
    int64_t seat_score[QIPAI_ZT_SEATS];   /* in bases */
    int64_t score_products[QIPAI_ZT_SEATS][QIPAI_ZT_SEATS]; /* sum of score_s * score_t */
    uint64_t types[QIPAI_ZT_TYPE_COUNT];  /* wins with each hand type */
    uint64_t seat_win_pairs[QIPAI_ZT_SEATS][QIPAI_ZT_SEATS]; /* games both s and t won
                                                               ([s][s]: seat_wins[s]) */
} qipai_zt_stats;

QIPAI_API void qipai_zt_stats_init(qipai_zt_stats *stats);
/* Counts a finished game that took steps actions. */
QIPAI_API void qipai_zt_stats_add(qipai_zt_stats *stats, const qipai_zt_game *game, uint64_t steps);
QIPAI_API void qipai_zt_stats_merge(qipai_zt_stats *into, const qipai_zt_stats *from);

/* Plays games first .. first + count - 1 (0-based) of the run with seed
 * run_seed: game i from qipai_zt_game_seed(run_seed, i), dealt by dealer, or
 * by seat i % 4 when dealer is -1 (rotate), played by agents, each finished
 * game added to stats (may be NULL). game is the caller's scratch (6 KB;
 * it holds the last game played). Any range gives the games of one run
 * (`qipai zhaotong sim`, a cluster's shards). Stops at the first failure,
 * naming the game. */
QIPAI_API qipai_err qipai_zt_run(const qipai_zt_rules *rules, uint64_t run_seed, uint64_t first,
                                 uint64_t count, int dealer,
                                 const qipai_zt_agent agents[QIPAI_ZT_SEATS],
                                 const qipai_zt_run_observer *observer, qipai_zt_game *game,
                                 qipai_zt_stats *stats, qipai_error *err);

/* The average score per game of a set of seats (bit s), with its 95%
 * confidence interval: one sample a game (the seats' mean that game), so
 * seats of one game are never counted as independent. */
typedef struct qipai_zt_mean {
    double mean, low, high;
} qipai_zt_mean;
QIPAI_API qipai_zt_mean qipai_zt_stats_mean(const qipai_zt_stats *stats, unsigned seats);
/* The win rate of a set of seats (the share of its seat-games won, 0-1)
 * with its 95% confidence interval: Wilson's score interval, for a count
 * made effective by how much the share varies from game to game (one sample
 * a game, the share of the set's seats that won it, so the seats of one
 * game are not counted as independent; the games' count when every game
 * gave the same). Unlike the normal interval it does not shrink to a point
 * at 0% or 100%. */
QIPAI_API qipai_zt_mean qipai_zt_stats_win_rate(const qipai_zt_stats *stats, unsigned seats);

/* The summary of a run, as `qipai zhaotong sim` prints it (docs/formats/
 * zhaotong.md, "sim"): the text, and the --json object on one line, each
 * line ended by '\n'. Formatters (snprintf-style) over the run's statistics
 * and what the statistics do not hold: the seed, the seats' names (seats
 * with one name are one bot in the per-bot figures), the faults of seats
 * played by programs (docs/formats/bot.md) and the timings. A run played in
 * shards anywhere, merged with qipai_zt_stats_merge, prints exactly what one
 * process prints, the timings aside. The JSON is built in memory the call
 * allocates and frees: it returns 0 when that fails. */
typedef struct qipai_zt_sim_report {
    uint64_t seed;
    const char *bots[QIPAI_ZT_SEATS]; /* each seat's player's name */
    double cpu_seconds, wall_seconds;
    double games_per_second;
    bool logged;                      /* the run wrote a log (the speed line says so) */
    /* For a seat played by a program, its faults (NULL for a built-in bot):
     * as text ("0 late, 2 illegal, 0 invalid, 0 gone in 416 decisions") and
     * as a JSON object, written as given (the caller's to make valid). With a program at the table the
     * speed line gives the wall time first (the programs' CPU is not ours). */
    const char *faults_text[QIPAI_ZT_SEATS];
    const char *faults_json[QIPAI_ZT_SEATS];
} qipai_zt_sim_report;
QIPAI_API size_t qipai_zt_format_sim_text(const qipai_zt_stats *stats,
                                          const qipai_zt_sim_report *report, char *out,
                                          size_t size);
QIPAI_API size_t qipai_zt_format_sim_json(const qipai_zt_stats *stats,
                                          const qipai_zt_sim_report *report, char *out,
                                          size_t size);

/* ---- positions: the analyze notation ----------------------------------------
 * One hand as text (docs/formats/zhaotong.md, "analyze"), as `qipai zhaotong
 * analyze` reads it and the bench corpora hold it:
 *
 *   12345m5566p5s5s peng:9p angang:1s+ tuo:5s zimo
 *
 * The concealed tiles in the mahjong core's notation (every tile of the 坨's
 * kind is a 坨; the hand may be split by blanks), melds as TYPE:TILE with a
 * + for each 坨 in them (peng, minggang, angang, bugang, or 碰 明杠 暗杠
 * 补杠), the 坨 as tuo:TILE (or 坨:TILE), and how a win came about: zimo,
 * gangshanghua, gangshangpao, qianggang, tianhu, dihu (or 自摸 杠上花 杠上炮
 * 抢杠 天胡 地胡), giving QIPAI_ZT_CTX_* bits (gangshanghua and tianhu are
 * self-drawn: SELF_DRAWN with them). */

/* Reads a position: the hand (melds with from = 0), its 坨 kind (tuo:TILE,
 * else default_tuo; -1 for none is an error) and the context bits. Reads
 * the notation only: the caller checks the size (qipai_zt_concealed_size)
 * and the four-copy limit over the melds (qipai_zt_hand_check). */
QIPAI_API qipai_err qipai_zt_parse_position(const char *text, int default_tuo, qipai_zt_hand *hand,
                                            int *tuo, unsigned *context, qipai_error *err);
/* Writes a position in that notation ("12345m55p peng:9p tuo:5s zimo"):
 * what qipai_zt_parse_position reads back to the same hand, 坨 and context
 * (melds' from aside). snprintf-style. */
QIPAI_API size_t qipai_zt_format_position(const qipai_zt_hand *hand, int tuo, unsigned context,
                                          char *out, size_t size);

/* ---- records: a game's stream as values ------------------------------------
 * After its header a game is a stream of records: the deal, then every event
 * the step function reports, each with what the game showed at that moment
 * (a win's hand, melds, decomposition and score; the final scores). A log
 * line is one record (below); the replay check compares records. */
enum { QIPAI_ZT_RECORD_DEAL = QIPAI_ZT_EV_END + 1 }; /* a record type besides the events' */

typedef struct qipai_zt_record {
    uint8_t type;            /* a qipai_zt_event_type, or QIPAI_ZT_RECORD_DEAL */
    /* The event (all but the deal). What each type holds: DRAW player, tile,
     * replacement; ACTION action (its kind unless hu or pass, its tuo for
     * 碰 and 杠); PENG player, from, tile, meld.tuo; GANG player, from,
     * tile, meld.type, meld.tuo; ROBBED from (the robbed), tile; WIN player;
     * PAY pay. */
    qipai_zt_event event;
    /* Physical tiles by kind, a 坨 counted as a tile of its kind. */
    uint8_t dealt[QIPAI_ZT_SEATS][QIPAI_ZT_KINDS]; /* DEAL: each seat's tiles */
    uint8_t shown[QIPAI_ZT_KINDS];  /* WIN: the concealed tiles as scored (the winning tile in) */
    uint8_t meld_count;             /* WIN: the winner's melds */
    qipai_zt_meld melds[QIPAI_ZT_MAX_MELDS];
    qipai_zt_win win;               /* WIN: from, tile, tile_tuo, tile_held, order, context and
                                       the score (types, gen, gou, fan, fan_capped, amount,
                                       decomposition) */
    uint8_t end;                    /* END: qipai_zt_end */
    int64_t scores[QIPAI_ZT_SEATS]; /* END */
    /* 0 in a full record. In a seat's view (qipai_zt_record_for_seat), the
     * seats whose concealed tiles it leaves out (bit s): DEAL: their rows of
     * dealt are zero; DRAW: the drawer's bit, and tile is 0. */
    uint8_t hidden;
} qipai_zt_record;

/* The deal of a game just made (its players' concealed tiles). */
QIPAI_API void qipai_zt_record_deal(const qipai_zt_game *game, qipai_zt_record *out);
/* An event as reported, with what the game shows of it: call it from the
 * event callback (a win's record reads the winner; an end's, the scores). */
QIPAI_API void qipai_zt_record_event(const qipai_zt_game *game, const qipai_zt_event *event,
                                     qipai_zt_record *out);
/* Whether two records say the same: exactly when their log lines are equal
 * (the fields listed above, nothing else). */
QIPAI_API bool qipai_zt_record_equal(const qipai_zt_record *a, const qipai_zt_record *b);

/* ---- a seat's view: what one player may see of the stream ---------------------
 * A player (a bot over a pipe, a person at a table) sees every record but
 * what is concealed from it: the other seats' dealt hands, the tiles they
 * draw, and the claims they make or let go (their hu, 碰, 明杠 and pass in
 * a claim window: a claim that comes to something shows in the records that
 * follow it, its win, 碰 or 杠; one that loses to another or is let go
 * would tell what that seat holds). Everything else is on the table: every
 * discard, every meld (暗杠 too: qipai_zt_visible counts it), a winner's
 * shown hand, every payment, the scores. A self-drawn hu of another seat
 * leaves no action either; its win record says it all.
 *
 * qipai_zt_record_for_seat gives seat's view of a record: false when the
 * seat sees nothing of it (another seat's hu, 碰, 明杠 or pass), else true
 * with *out the record less what seat cannot see (hidden says what is left
 * out; the bytes are zeroed, not just flagged). A seat out of 0-3 sees
 * nothing. */
QIPAI_API bool qipai_zt_record_for_seat(const qipai_zt_record *record, int seat,
                                        qipai_zt_record *out);

/* ---- the game log (docs/formats/zhaotong.md, "The log") -----------------------
 * JSON lines: a game's header, then its records (the deal, every event).
 * The writers are formatters, snprintf-style (qipai.h, "Text"), without the
 * newline; every line but a header with long bot names fits in
 * QIPAI_ZT_LOG_LINE bytes. The same game writes the same bytes, and the
 * format is a contract: a line is read back to the record it was written
 * from. The readers take one line (length bytes, no NUL needed, a line
 * ending not included), build its JSON tree in memory they allocate and free
 * before returning (QIPAI_ERR_MEMORY when they cannot), and fail naming the
 * key that is wrong. */
enum { QIPAI_ZT_LOG_LINE = 4096 };

/* The rules object: every field, "fan" first. */
QIPAI_API size_t qipai_zt_log_rules(const qipai_zt_rules *rules, char *out, size_t size);
/* The game line: number, the seed (when the game was dealt from one), the
 * dealer, the rules, the wall, the 坨, the turned tile's seat, and the bots'
 * names when bots is not NULL. */
QIPAI_API size_t qipai_zt_log_header(const qipai_zt_game *game, uint64_t number,
                                     const char *const bots[QIPAI_ZT_SEATS], char *out,
                                     size_t size);
/* The deal line of a game just made. */
QIPAI_API size_t qipai_zt_log_deal(const qipai_zt_game *game, char *out, size_t size);
/* An event's line: call it from the event callback. */
QIPAI_API size_t qipai_zt_log_event(const qipai_zt_game *game, const qipai_zt_event *event,
                                    char *out, size_t size);
/* Any record's line. A seat's view (hidden not 0) writes null for each
 * hidden hand of the deal and a draw without "tile". */
QIPAI_API size_t qipai_zt_log_record(const qipai_zt_record *record, char *out, size_t size);

/* What seat sees, as lines (docs/formats/bot.md): the game line with the
 * number, the seat, the dealer, the 坨 and the turned seat (no wall, no
 * seed, no bots); the deal with only seat's own hand; an event's line as
 * qipai_zt_record_for_seat gives it, or nothing (0, out left empty) when
 * the seat sees nothing of it. A seat out of 0-3 gets nothing from any. */
QIPAI_API size_t qipai_zt_log_header_for(const qipai_zt_game *game, uint64_t number, int seat,
                                         char *out, size_t size);
QIPAI_API size_t qipai_zt_log_deal_for(const qipai_zt_game *game, int seat, char *out, size_t size);
QIPAI_API size_t qipai_zt_log_event_for(const qipai_zt_game *game, const qipai_zt_event *event,
                                        int seat, char *out, size_t size);

/* Reads a game line: the rules, the wall and the dealer, and checks that
 * the line is the header they give: every rule, its 坨 and turned seat as
 * the wall says, no keys besides the header's ("game", "seed" and "bots"
 * are for information and may hold anything). *number
 * (may be NULL) gets "game" when that is an integer, before anything else is
 * checked, and is left alone otherwise, so a caller can still number a bad
 * header. */
QIPAI_API qipai_err qipai_zt_log_read_header(const char *text, size_t length, qipai_zt_rules *rules,
                                             uint8_t wall[QIPAI_ZT_TILES], int *dealer,
                                             int64_t *number, qipai_error *err);
/* Reads the action of an action line (type, player, action, and tile and
 * tuo where the action has them; other keys are not looked at: compare the
 * line's record for that). */
QIPAI_API qipai_err qipai_zt_log_read_action(const char *text, size_t length,
                                             qipai_zt_action *action, qipai_error *err);
/* Reads any line but a header as its record. Strict: the line must be
 * exactly what qipai_zt_log_record writes for that record (keys in any
 * order), no key missing or added. A seat's view reads back too (a null
 * hand, a draw without its tile: the hidden bits). */
QIPAI_API qipai_err qipai_zt_log_read_record(const char *text, size_t length,
                                             qipai_zt_record *record, qipai_error *err);

/* ---- the replay check ---------------------------------------------------------
 * Given a game's start (rules, wall, dealer) and then its stream of records,
 * says where the stream departs from the rules: each action must be legal
 * when it comes, and every other record must be exactly the one the rules
 * give at that point (the deal first; after each action, the events the step
 * reports, in order, before the next action). Independent of any format:
 * the log reader above turns lines into records; a server can feed its own.
 *
 *   static qipai_zt_replay replay;             // 17 KB: not for a small stack
 *   qipai_zt_record record, due;
 *   qipai_error err;
 *   if (qipai_zt_replay_start(&replay, &rules, wall, dealer, &err) != QIPAI_OK)
 *       return fprintf(stderr, "%s\n", err.message), 1;
 *   while (next_record(stream, &record))       // yours: the log reader, a socket...
 *       if (qipai_zt_replay_record(&replay, &record, &err) != QIPAI_OK) {
 *           if (qipai_zt_replay_expected(&replay, &due))
 *               ...                            // the rules gave `due` there
 *           return fprintf(stderr, "%s\n", err.message), 1;
 *       }
 *   if (!qipai_zt_replay_done(&replay))
 *       return fprintf(stderr, "the stream stops before the game ends\n"), 1;
 *
 * The replay holds the game as played so far (read replay->game freely) and
 * the events reported by the last action and not yet shown. A record that
 * departs changes nothing, so the caller may report it and go on. */
enum { QIPAI_ZT_REPLAY_EVENTS = QIPAI_ZT_MAX_PAYMENTS + 32 }; /* most events one action reports */

typedef struct qipai_zt_replay {
    qipai_zt_game game;
    bool deal_due;          /* the deal has not been shown yet */
    uint16_t next, count;   /* events[next..count): reported, not yet shown */
    qipai_zt_event events[QIPAI_ZT_REPLAY_EVENTS];
} qipai_zt_replay;

/* Starts a game from its wall (qipai_zt_game_init_wall); the deal is due.
 * After a failed start the replay is done and refuses every record. */
QIPAI_API qipai_err qipai_zt_replay_start(qipai_zt_replay *replay, const qipai_zt_rules *rules,
                                          const uint8_t wall[QIPAI_ZT_TILES], int dealer,
                                          qipai_error *err);
/* The record the stream must show next: true with *next set, or false when
 * an action is due (qipai_zt_to_act(&replay->game) says whose) or the game
 * is done. */
QIPAI_API bool qipai_zt_replay_expected(const qipai_zt_replay *replay, qipai_zt_record *next);
/* The stream's next record. When an action is due it must be an ACTION
 * record whose action is legal now: it is played (QIPAI_ERR_ILLEGAL or
 * QIPAI_ERR_ARGUMENT with the step's reason when it is not), and the game
 * must then keep its invariants (QIPAI_ERR_STATE: a library fault). Otherwise
 * it must equal the record due (QIPAI_ERR_ILLEGAL naming the difference;
 * qipai_zt_replay_expected gives the record due). After the game is done,
 * every record is refused (QIPAI_ERR_STATE). */
QIPAI_API qipai_err qipai_zt_replay_record(qipai_zt_replay *replay, const qipai_zt_record *record,
                                           qipai_error *err);
/* The same for an action (its ACTION record). */
QIPAI_API qipai_err qipai_zt_replay_action(qipai_zt_replay *replay, const qipai_zt_action *action,
                                           qipai_error *err);
/* Whether the stream has shown the whole game: it is over and every event
 * up to its end was shown. */
QIPAI_API bool qipai_zt_replay_done(const qipai_zt_replay *replay);

/* ---- learning agents: a fixed action space and what a seat may know -------
 * For agents that choose by index (reinforcement learning, search over a
 * policy's outputs) every action a seat can take has a number in
 * 0..QIPAI_ZT_ACTION_SPACE-1 that means the same in every game:
 *
 *     0-26     discard a real tile of kind k (never the 坨's kind: those are 坨)
 *     27       discard a 坨
 *     28-30    碰 the claimed tile with t = 0-2 坨 from the hand
 *     31-34    明杠 the claimed tile with t = 0-3 坨
 *     35-142   暗杠 of kind k with t = 0-3 坨: 35 + 4k + t
 *     143-196  补杠 of one's 碰 of kind k, t = 1 when the tile added is a 坨: 143 + 2k + t
 *     197      hu (self-drawn, on a discard, or robbing a 补杠)
 *     198      pass
 *
 * (A 碰 or 明杠 takes the tile being claimed, so its kind is the game's
 * claim_kind and only its 坨 count is in the number; t = 2 for a 碰 and 3
 * for a 明杠 happen when the claimed tile is a discarded 坨.) In any
 * position two legal actions never share a number. docs/formats/zhaotong.md
 * has the same table. */
enum {
    QIPAI_ZT_ACTION_DISCARD = 0,
    QIPAI_ZT_ACTION_DISCARD_TUO = 27,
    QIPAI_ZT_ACTION_PENG = 28,
    QIPAI_ZT_ACTION_MING_GANG = 31,
    QIPAI_ZT_ACTION_AN_GANG = 35,
    QIPAI_ZT_ACTION_BU_GANG = 143,
    QIPAI_ZT_ACTION_HU = 197,
    QIPAI_ZT_ACTION_PASS = 198,
    QIPAI_ZT_ACTION_SPACE = 199
};

/* The number of an action (its seat is not part of it); -1 for an action
 * no number stands for (an unknown type, a kind over 26, a 坨 count the
 * table has no room for, hu or pass with a tile). Whether the action is
 * legal now is not looked at. */
QIPAI_API int qipai_zt_action_index(const qipai_zt_game *game, const qipai_zt_action *action);
/* The action of number index for seat in this game (a 碰's or 明杠's kind
 * is the tile being claimed). QIPAI_ERR_RANGE for an index outside the
 * space or a seat outside 0-3; QIPAI_ERR_ILLEGAL for the number of a real
 * tile of the 坨's kind (no such tile is ever held). Whether the action is
 * legal now is for qipai_zt_step to say, or the mask. */
QIPAI_API qipai_err qipai_zt_action_of_index(const qipai_zt_game *game, int seat, int index,
                                   qipai_zt_action *out, qipai_error *err);
/* mask[i] = 1 when number i is a legal action of seat now, else 0;
 * returns how many are (qipai_zt_legal_actions' count: 0 when the seat is
 * not to act). */
QIPAI_API int qipai_zt_action_mask(const qipai_zt_game *game, int seat,
                         uint8_t mask[QIPAI_ZT_ACTION_SPACE]);

/* The observation of a seat: QIPAI_ZT_OBSERVATION_SIZE numbers encoding
 * exactly what that seat may know, never another seat's concealed tiles,
 * the wall's order, another's last draw or another's pending claim. Blocks
 * marked "x4" hold one part per seat, relative to the observer: part r is
 * seat (seat + r) % 4, so part 0 is the observer's own. Counts are plain
 * numbers (0-4), flags 0 or 1, one-hot blocks all zero when nothing applies.
 *
 *   offset  size  block
 *      0     27   HAND: own concealed real tiles by kind
 *     27      1   HAND_TUO: own 坨 held
 *     28     28   DRAWN: the tile own seat just drew, one-hot (27: a 坨); only
 *                 in its own turn before any other move (not after a 碰)
 *     56      1   HU_LOCKED: own seat let a hu pass since its last draw (过水)
 *     57     27   TUO_KIND: the 坨's kind, one-hot
 *     84    432   MELDS x4: 4 types (碰, 明杠, 暗杠, 补杠) x 27 kinds, how many
 *                 melds of that type and kind the seat has (r * 108 + type * 27
 *                 + kind; 1, rarely 2)
 *    516    108   MELD_TUO x4: 27 kinds, the 坨 in that seat's melds of the kind
 *    624    108   RIVER x4: 27 kinds, the tiles that seat discarded (claimed ones
 *                 too; a discarded 坨 under the 坨's kind)
 *    732    108   SHOWN x4: 27 kinds, a winner's concealed real tiles (亮牌); 0
 *                 for a seat still in
 *    840      4   SHOWN_TUO x4: a winner's concealed 坨
 *    844      4   WON x4: the seat has won and left
 *    848      4   SCORES x4: the seat's score in units of the rules' base
 *    852      4   DEALER x4: one-hot
 *    856      4   TURN x4: one-hot, the seat whose turn it is, or the discarder
 *                 (claims), or the 补杠 player (rob); zero when the game is over
 *    860      3   PHASE: one-hot turn, claim, rob; zero when the game is over
 *    863     27   CLAIM: the tile being claimed (discard or 补杠), one-hot
 *    890      1   CLAIM_TUO: the tile being added to a 碰 is a 坨 (rob)
 *    891      6   FLAGS: must discard (after a 碰), replacement drawn (after a
 *                 杠), the dealer's first turn (turn phase); discard after a 杠,
 *                 the dealer's first discard, a 补杠 being robbed (claims)
 *    897     27   VISIBLE: tiles seen on the table by kind (qipai_zt_visible)
 *    924      1   WALL: tiles left to draw
 */
enum {
    QIPAI_ZT_OBS_HAND = 0,
    QIPAI_ZT_OBS_HAND_TUO = 27,
    QIPAI_ZT_OBS_DRAWN = 28,
    QIPAI_ZT_OBS_HU_LOCKED = 56,
    QIPAI_ZT_OBS_TUO_KIND = 57,
    QIPAI_ZT_OBS_MELDS = 84,
    QIPAI_ZT_OBS_MELD_TUO = 516,
    QIPAI_ZT_OBS_RIVER = 624,
    QIPAI_ZT_OBS_SHOWN = 732,
    QIPAI_ZT_OBS_SHOWN_TUO = 840,
    QIPAI_ZT_OBS_WON = 844,
    QIPAI_ZT_OBS_SCORES = 848,
    QIPAI_ZT_OBS_DEALER = 852,
    QIPAI_ZT_OBS_TURN = 856,
    QIPAI_ZT_OBS_PHASE = 860,
    QIPAI_ZT_OBS_CLAIM = 863,
    QIPAI_ZT_OBS_CLAIM_TUO = 890,
    QIPAI_ZT_OBS_FLAGS = 891,
    QIPAI_ZT_OBS_VISIBLE = 897,
    QIPAI_ZT_OBS_WALL = 924,
    QIPAI_ZT_OBSERVATION_SIZE = 925
};

/* Writes seat's observation (the layout above) to out. */
QIPAI_API void qipai_zt_observe(const qipai_zt_game *game, int seat,
                      float out[QIPAI_ZT_OBSERVATION_SIZE]);

/* ---- duplicate duels ----------------------------------------------------------
 * Two agents, A and B, compared without the luck of the deal: each deal (the
 * wall of qipai_zt_game_seed(S, deal), seat 0 dealing) is played
 * QIPAI_ZT_DUEL_GAMES times, A at seats 0 and 2 and B at 1 and 3, then the
 * other way round, so every hand dealt is played once by each. Rotating the
 * dealer within a deal would add nothing: with a fixed wall, dealing from
 * seat 1 is the same game as dealing from seat 0 with every seat moved on by
 * one, which swaps A and B, so it replays the same two games.
 *
 * The replays of one deal are not independent (their hands are the same), so
 * the confidence interval of the difference takes one sample a deal: the
 * deal's score of A less B's. A bot against itself differs by exactly 0 in
 * every deal (its four seats' scores of one game sum to zero). */
enum { QIPAI_ZT_DUEL_GAMES = 2 };

/* Which agent plays seat in game `replay` (0 or 1) of a deal: 0 (A) or 1 (B). */
QIPAI_API int qipai_zt_duel_side(int replay, int seat);

/* Sums over whole deals, in integers (scores in units of the rules' base), so
 * the figures of shards merged in any order equal those of one run. Index 0
 * is A, 1 is B; "seat-games" count each seat of each game once (a deal gives
 * each agent 4). */
typedef struct qipai_zt_duel_stats {
    uint64_t deals, games, steps;
    int64_t base;                     /* the rules' base (0 before the first deal) */
    int64_t score[2];                 /* over the agent's seat-games, in bases */
    int64_t difference;               /* sum over deals of (A's score - B's) in the deal */
    uint64_t difference_squares;      /* sum over deals of its square */
    uint64_t wins[2];                 /* seat-games won */
    uint64_t self_drawn[2];           /* of those, 自摸 */
    uint64_t dealt_in[2];             /* wins paid on the agent's discard or robbed 补杠 */
    int64_t won[2];                   /* bases received for wins (杠, settlements aside) */
    int64_t kong_money[2];            /* net 杠 money, 呼叫转移 and 退税 included */
    int64_t wall_money[2];            /* net 查花猪 and 查大叫 money */
    uint64_t types[2][QIPAI_ZT_TYPE_COUNT]; /* wins with each hand type */
} qipai_zt_duel_stats;

QIPAI_API void qipai_zt_duel_stats_init(qipai_zt_duel_stats *stats);
QIPAI_API void qipai_zt_duel_stats_merge(qipai_zt_duel_stats *into, const qipai_zt_duel_stats *from);

/* Plays deal number `deal` of the run seeded run_seed, every replay, and
 * adds it to stats. On a failure (an agent's error or illegal action, bad
 * rules) stats are left as they were and the error names the replay. */
QIPAI_API qipai_err qipai_zt_duel_deal(const qipai_zt_rules *rules, uint64_t run_seed, uint64_t deal,
                             qipai_zt_agent a, qipai_zt_agent b, qipai_zt_duel_stats *stats,
                             qipai_error *err);

/* The same for agents that watch the table (a program over a pipe) and for
 * logs: start (may be NULL) gets each replay's game once dealt, before its
 * first action, with its replay number (qipai_zt_duel_side says who sits
 * where), and events (may be NULL) every event of it. */
typedef void (*qipai_zt_duel_start_fn)(const qipai_zt_game *game, int replay, void *context);
QIPAI_API qipai_err qipai_zt_duel_deal_events(const qipai_zt_rules *rules, uint64_t run_seed,
                                              uint64_t deal, qipai_zt_agent a, qipai_zt_agent b,
                                              qipai_zt_duel_start_fn start,
                                              qipai_zt_event_fn events, void *context,
                                              qipai_zt_duel_stats *stats, qipai_error *err);

/* The figures of a duel, in points (bases times base). */
typedef struct qipai_zt_duel_summary {
    double average[2];  /* each agent's average score per seat per game */
    double difference;  /* average[0] - average[1] */
    double low, high;   /* its 95% confidence interval, over deals */
    double win_rate[2]; /* share of the agent's seat-games it won */
} qipai_zt_duel_summary;

QIPAI_API qipai_zt_duel_summary qipai_zt_duel_summarize(const qipai_zt_duel_stats *stats);

#ifdef __cplusplus
}
#endif

#endif
