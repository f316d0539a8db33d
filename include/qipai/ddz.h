/*
 * qipai ddz: Dou Di Zhu (斗地主) for three players as a whole game — the
 * deal, the bidding, the trick play over the poker classifier and the
 * score — played through the table layer (include/qipai/table.h: the game
 * "ddz"), which gives it the runner, duels, logs and replay. docs/RULES.md
 * "Dou Di Zhu" states the rules as implemented; docs/FORMATS.md "Dou Di Zhu"
 * the log lines and the action numbers.
 *
 *   #include <qipai/ddz.h>
 *   #include <qipai/table.h>
 *
 *   const qipai_table_game *game = qipai_table_game_named("ddz", NULL);
 *   qipai_table_rules rules;
 *   qipai_table_rules_named(game, &rules, "classic", NULL);
 *   qipai_table_rules_option(game, &rules, "bidding=grab", NULL);
 *   static qipai_table_state state;
 *   qipai_table_init(game, &state, &rules, 42, 0, NULL);
 *   const qipai_ddz_game *g = (const qipai_ddz_game *)&state;  // the game's own view
 *   qipai_table_shape shape;
 *   qipai_table_shape_of(game, &rules, &shape);
 *   printf("%d seats, %d actions, phase %d\n", shape.seats, shape.action_space, (int)g->phase);
 *   // output: 3 seats, 27478 actions, phase 0
 *
 * Cards keep their suits inside a game: card c (0..53) is rank c / 4 of
 * suit c % 4 for c < 52 (ranks 3 4 5 6 7 8 9 T J Q K A 2 as 0..12, suits
 * ♠ ♥ ♣ ♦ as 0..3), 52 the small joker X, 53 the big joker D; a set of cards
 * is a 54-bit mask (bit c). An action names ranks only (a multiset, as the
 * poker analyser's qipai_pk_cards); the engine picks the suited cards: of
 * each rank, the held cards of the lowest suits (♠ first, ♦ last).
 */
#ifndef QIPAI_DDZ_H
#define QIPAI_DDZ_H

#include <qipai/poker.h>
#include <qipai/qipai.h>

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

enum {
    QIPAI_DDZ_SEATS = 3,
    QIPAI_DDZ_CARDS = 54,
    QIPAI_DDZ_HAND = 17,             /* cards dealt to each seat */
    QIPAI_DDZ_BOTTOM = 3,            /* 底牌 */
    QIPAI_DDZ_CARD_X = 52,
    QIPAI_DDZ_CARD_D = 53,

    /* ---- action numbers ----
     * 0..27470: play number i is the i-th key of tests/data/ddz/card_type.json
     * (RLCard's table of every Dou Di Zhu card set, in the file's key order);
     * then pass, then the bidding's own numbers. */
    QIPAI_DDZ_PLAYS = 27471,
    QIPAI_DDZ_ACTION_PASS = 27471,   /* 不出: pass in the trick play */
    QIPAI_DDZ_ACTION_NO_BID = 27472, /* 不叫 / 不抢: decline in the bidding */
    QIPAI_DDZ_ACTION_BID_1 = 27473,  /* 叫分 1, 2, 3 (bidding=score) */
    QIPAI_DDZ_ACTION_BID_2 = 27474,
    QIPAI_DDZ_ACTION_BID_3 = 27475,
    QIPAI_DDZ_ACTION_CALL = 27476,   /* 叫地主 (bidding=grab, the first claim) */
    QIPAI_DDZ_ACTION_GRAB = 27477,   /* 抢地主 (bidding=grab, every later claim) */
    QIPAI_DDZ_ACTION_SPACE = 27478,
    /* The most legal actions one seat has at once (a lead from 20 cards). */
    QIPAI_DDZ_MAX_LEGAL = 4096,

    /* ---- the observation: floats, blocks in this order, seats relative to
     * the observer (k = 0 the observer, 1 the next seat to play, 2 the one
     * after); card blocks are 54 floats, 1 for each card (bit c) held. */
    QIPAI_DDZ_OBS_HAND = 0,          /* the observer's hand */
    QIPAI_DDZ_OBS_BOTTOM = 54,       /* the 底牌, once shown (zeros before) */
    QIPAI_DDZ_OBS_PLAYED = 108,      /* 3 blocks: the cards each seat k played */
    QIPAI_DDZ_OBS_LEFT = 270,        /* 3: cards left in seat k's hand / 20 */
    QIPAI_DDZ_OBS_LAST = 273,        /* the play to beat (zeros when leading) */
    QIPAI_DDZ_OBS_LAST_SEAT = 327,   /* 3: one-hot, seat k made it */
    QIPAI_DDZ_OBS_BIDS = 330,        /* 3 x 5: seat k's bidding: one-hot of not yet,
                                        declined, bid 1 (or called), bid 2 (or
                                        grabbed), bid 3 */
    QIPAI_DDZ_OBS_LANDLORD = 345,    /* 3: one-hot, seat k is the landlord (zeros while bidding) */
    QIPAI_DDZ_OBS_PHASE = 348,       /* 2: bidding, playing */
    QIPAI_DDZ_OBS_FACTOR = 350,      /* the bid or grab factor so far / 3 */
    QIPAI_DDZ_OBS_BOMBS = 351,       /* bombs and rockets played so far / 4 */
    QIPAI_DDZ_OBSERVATION_SIZE = 352
};

/* ---- rule sets: the preset "classic" and options NAME=VALUE ---- */
typedef enum qipai_ddz_bidding {
    QIPAI_DDZ_BID_SCORE, /* 叫分: 1, 2 or 3, each seat once, a 3 ends it */
    QIPAI_DDZ_BID_GRAB,  /* 叫地主 / 抢地主 */
    QIPAI_DDZ_BID_NONE   /* DouZero's: seat 0 is the landlord */
} qipai_ddz_bidding;

enum {
    QIPAI_DDZ_FIRST_RANDOM = -1, /* first_bidder=random: drawn from the game's generator */
    QIPAI_DDZ_FIRST_DEALER = -2  /* first_bidder=dealer: the dealer the game was made with */
};

typedef struct qipai_ddz_rules {
    int32_t bidding;       /* qipai_ddz_bidding; option bidding=score|grab|none */
    int32_t all_pass;      /* 0 all_pass=redeal (throw in, deal again), 1 all_pass=first */
    int32_t first_bidder;  /* QIPAI_DDZ_FIRST_*, or a seat 0..2 */
    int32_t caller_regrab; /* grab: the first caller may grab once more (1) */
    int32_t base;          /* the unit of every score, 1..1000000 */
    int32_t spring;        /* 春天 / 反春 factor, 1..64 (1: no spring) */
    int32_t cap;           /* the largest multiple S / base (0: none) */
} qipai_ddz_rules;

QIPAI_API void qipai_ddz_rules_classic(qipai_ddz_rules *rules);
/* "classic" (also "default"). */
QIPAI_API qipai_err qipai_ddz_rules_named(qipai_ddz_rules *rules, const char *name,
                                          qipai_error *err);
/* "bidding=grab", "all_pass=first", "first_bidder=1", "base=2", "spring=1",
 * "cap=64", "caller_regrab=0": the names are the keys of the log's rules. */
QIPAI_API qipai_err qipai_ddz_rules_option(qipai_ddz_rules *rules, const char *option,
                                           qipai_error *err);
QIPAI_API qipai_err qipai_ddz_rules_check(const qipai_ddz_rules *rules, qipai_error *err);

/* ---- a game: a plain value (no pointers), copied by its bytes ---- */
typedef enum qipai_ddz_phase {
    QIPAI_DDZ_PHASE_BID,
    QIPAI_DDZ_PHASE_PLAY,
    QIPAI_DDZ_PHASE_OVER
} qipai_ddz_phase;

typedef struct qipai_ddz_game {
    qipai_ddz_rules rules;
    uint64_t seed;             /* 0 when made from a deal */
    qipai_rng rng;             /* draws the redeals */
    uint8_t deck[QIPAI_DDZ_CARDS]; /* the current deal, in dealing order */
    uint8_t deal_deck[QIPAI_DDZ_CARDS]; /* the game's first deal (the log's header) */
    qipai_rng deal_rng;        /* and the generator as it was after it */
    int8_t dealer, first_bidder, phase, turn; /* turn: the seat to act, -1 when over */
    int8_t landlord;           /* -1 while bidding */
    int8_t winner;             /* the seat that emptied its hand, -1 */
    uint16_t redeals;          /* deals thrown in so far */
    uint64_t hand[QIPAI_DDZ_SEATS];   /* card masks */
    uint64_t bottom;                  /* the 底牌 */
    uint64_t played[QIPAI_DDZ_SEATS]; /* cards each seat played */
    /* bidding */
    int8_t bid_state[QIPAI_DDZ_SEATS]; /* 0 not yet, 1 declined, 2..4: bid 1..3 / called, grabbed */
    int8_t bids;               /* bidding turns taken */
    int8_t high;               /* score: the highest bid (0 none); grab: claims made */
    int8_t high_seat;          /* the highest bidder / last claimer, -1 */
    int8_t caller;             /* grab: the first caller, -1 */
    int8_t grabs;              /* grab: grabs made */
    int8_t regrab;             /* grab: 1 once the caller's last word is due or taken */
    int8_t factor;             /* the bid (1..3) or 2^grabs; 0 while bidding */
    /* play */
    int8_t leader;             /* the seat whose play stands (the last non-pass), -1 leading */
    int8_t passes;             /* passes since it */
    int16_t last_action;       /* the play to beat (its number), -1 when leading */
    qipai_pk_play last;        /* and its reading */
    uint16_t plays[QIPAI_DDZ_SEATS]; /* plays (not passes) of each seat */
    uint16_t bombs, rockets;
    uint32_t moves;            /* actions taken */
    int32_t multiple;          /* S / base once over */
    int8_t spring, anti_spring;
    int64_t score[QIPAI_DDZ_SEATS];
} qipai_ddz_game;

/* ---- actions ---- */
/* Play number `action`'s ranks; false for a number that is not a play. */
QIPAI_API bool qipai_ddz_play_cards(int32_t action, qipai_pk_cards *cards);
/* The play number of a card set, or -1 when it is no Dou Di Zhu play. */
QIPAI_API int32_t qipai_ddz_play_of(const qipai_pk_cards *cards);
/* A set of suited cards as text: "3s" ... "2d" (rank then suit letter s h c d
 * for ♠ ♥ ♣ ♦), "X" and "D" for the jokers, in card order ("3s3hTd2cXD"). */
QIPAI_API size_t qipai_ddz_format_cards(uint64_t cards, char *out, size_t size);
/* Reads that text (ranks 3-9 T J Q K A 2, suit letters, X, D); an error
 * names the position. A card twice is an error. */
QIPAI_API qipai_err qipai_ddz_parse_cards(const char *text, uint64_t *cards, qipai_error *err);

#ifdef __cplusplus
}
#endif

#endif
