/*
 * The expert bot's parts (docs/RULES.md, "Zhaotong", "Bots"). Only
 * expert_view.c reads the game: it copies what the bot's seat may see into
 * an ex_view (its own hand, every meld, the rivers, the scores, the wall
 * count, the 坨, who has won, its own legal actions), and every decision is
 * made from that view alone, so no other seat's concealed tile, no claim
 * another seat has made, and nothing of the wall's order can reach it.
 *
 * Files: expert_view.c (the view), expert_shape.c (how far a hand is from
 * each hand type), expert_value.c (what a hand is worth: plans, waits),
 * expert_danger.c (how dangerous a discard is), expert_kong.c (what a 杠
 * is expected to bring), expert_discard.c (the best discard),
 * expert_turn.c (hu, 杠 or discard on one's turn), expert_claim.c (hu, 杠,
 * 碰 or pass on another's tile), expert.c (the entry and the weights).
 */
#ifndef QIPAI_ZT_EXPERT_H
#define QIPAI_ZT_EXPERT_H

#include "zt_internal.h"

/* The weights of the expert's judgement: one const value in expert.c; a
 * tuning program may pass others to zt_expert_choose. */
typedef struct ex_params {
    double step;          /* worth of a hand one shanten further, relative */
    double plan_step;     /* the same for a plan that needs a hand type */
    double width;         /* K in the speed factor e / (e + K) of e effective copies */
    double plan_copies;   /* effective copies of a plan the hand's own do not measure */
    unsigned plans;       /* weigh (bits) 1 大对子, 2 七对, 4 清一色 against speed */
    bool wait_value;      /* ready hands: weigh each wait by what it scores */
    double kong_bonus;    /* 杠 money (ex_kong_money) counted as this share of its bases */
    double peng_margin;   /* a 碰 must raise the worth by this factor */
} ex_params;

extern const ex_params zt_expert_defaults;

/* ---- the view: what one seat may see ---- */

typedef struct ex_seat {
    uint8_t status;                       /* qipai_zt_status */
    uint8_t meld_count;
    qipai_zt_meld melds[QIPAI_ZT_MAX_MELDS];
    uint8_t discards;                     /* its river's length, claimed tiles included */
    uint8_t discarded[QIPAI_ZT_KINDS];    /* kinds it discarded */
    uint8_t order[QIPAI_ZT_TILES / 2];    /* its discards in order (the first ones) */
} ex_seat;

/* What the decisions read; the game's other public facts (scores, the
 * dealer, the claim's context) are not needed by them. */
typedef struct ex_view {
    qipai_zt_rules rules;
    qipai_mj_rules win_mj;     /* the core's rules for wins (zt_core_rules) */
    qipai_mj_rules shape_mj;   /* for shanten: 缺一门 in the core, the 坨 wild */
    int seat, tuo;
    int phase;                 /* as the game's: my turn, or a tile to claim */
    int wall_left;             /* tiles still to draw */
    int in;                    /* seats still in, mine included */
    int64_t kong_income;       /* bases of 杠 money I hold (退税 if not ready at the end) */
    qipai_zt_hand hand;        /* mine */
    ex_seat seats[QIPAI_ZT_SEATS];
    uint8_t visible[QIPAI_ZT_KINDS]; /* seen on the table (qipai_zt_visible) */
    uint8_t unseen[QIPAI_ZT_KINDS];  /* neither seen nor mine: in others' hands or the wall */
    int unseen_total;
    int legal_count;
    qipai_zt_action legal[QIPAI_ZT_MAX_ACTIONS];
} ex_view;

void ex_view_init(ex_view *v, const qipai_zt_game *game, int seat);

/* ---- shapes: how far a hand is from each type (3k+1 or 3k+2 concealed) ---- */

enum { EX_FAR = 99 }; /* a shape the hand cannot reach */

typedef struct ex_shape {
    int any;        /* shanten over every form with 缺一门 (qipai_zt_shanten) */
    int pairs;      /* 七对 */
    int triplets;   /* 大对子 */
    int suit[3];    /* 清一色 of each suit */
    int suit_pairs[3];
    int suit_triplets[3];
} ex_shape;

/* All of them (the 清一色 ones only for suits with tiles enough to matter
 * when quick is set). */
void ex_shape_of(const ex_view *v, const qipai_zt_hand *h, bool quick, ex_shape *out);
/* The shanten over every form only. */
int ex_shanten(const ex_view *v, const qipai_zt_hand *h);

/* ---- value ---- */

/* Fan the hand has already whatever it wins with: 勾胡 of its 杠 and the 根
 * it holds (four of a kind among the concealed tiles and its 碰). */
int ex_known_fan(const ex_view *v, const qipai_zt_hand *h);
/* The amount (bases) of a win with fan. */
double ex_amount(const ex_view *v, int fan);

/* A ready 3k+1 hand: the sum over the tiles that complete it of the copies
 * unseen times the amount a win on it scores (a drawn 坨 as a 坨). */
double ex_wait_value(const ex_view *v, const qipai_zt_hand *h, int *copies);

/* The worth of a 3k+1 hand (after a discard, a 杠 or when passing): its
 * value times the speed factor of its effective copies, or for a ready
 * hand its winning copies weighed by what each scores. discarded: the kind
 * just let go (one copy fewer to draw), or -1. */
double ex_worth(const ex_view *v, const ex_params *p, const qipai_zt_hand *h, int discarded,
                int *shanten, int *effective);

/* The same in two steps, so that a caller comparing many hands can skip
 * the costly part (the effective tiles, the waits' scores) of those whose
 * bound cannot reach the best so far. */
typedef struct ex_estimate {
    int known;      /* ex_known_fan */
    ex_shape shape;
    double bound;   /* the worth is at most this */
} ex_estimate;
void ex_estimate_hand(const ex_view *v, const ex_params *p, const qipai_zt_hand *h,
                      ex_estimate *out);
double ex_worth_estimated(const ex_view *v, const ex_params *p, const qipai_zt_hand *h,
                          int discarded, const ex_estimate *est, int *effective);

/* The hand after a meld of kind made of n tiles from it, tuo of them 坨. */
qipai_zt_hand ex_after_meld(const ex_view *v, const qipai_zt_hand *h, int type, int kind, int n,
                            int tuo);

/* ---- danger ---- */

/* The expected loss (bases) of discarding kind now: for each seat still in,
 * how likely it is ready, that kind completes it, and what it would cost. */
double ex_danger(const ex_view *v, int kind);
/* The chance that seat o (still in) wins on kind if it is discarded now. */
double ex_win_chance(const ex_view *v, int o, int kind);

/* ---- 杠 ---- */

/* The money a 杠 of type (qipai_zt_meld_type) of kind is expected to bring,
 * in bases, the hand being `after` with shanten_after: its payments less
 * the chances of 抢杠, 呼叫转移 and 退税 (expert_kong.c). */
double ex_kong_money(const ex_view *v, const qipai_zt_hand *after, int type, int kind,
                     int shanten_after);

/* ---- decisions ---- */

qipai_zt_action ex_turn(const ex_view *v, const ex_params *p);
qipai_zt_action ex_claim(const ex_view *v, const ex_params *p);

/* The best discard of a 3k+2 hand h (mine, or mine after a 碰), with its
 * worth; kind is a kind (the 坨's for a 坨). */
int ex_best_discard(const ex_view *v, const ex_params *p, const qipai_zt_hand *h,
                    double *worth);

/* The expert's action for seat, with other weights. */
qipai_err zt_expert_choose(const qipai_zt_game *game, int seat, const ex_params *params,
                           qipai_zt_action *out, qipai_error *err);

#endif
