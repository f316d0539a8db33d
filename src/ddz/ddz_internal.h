/*
 * What Dou Di Zhu's files share inside the library (include/qipai/ddz.h is
 * the contract): the play numbering tables (generated), the card helpers,
 * the event the game reports, and the calls the table descriptor wires.
 */
#ifndef QIPAI_DDZ_INTERNAL_H
#define QIPAI_DDZ_INTERNAL_H

#include <qipai/ddz.h>
#include <qipai/table.h>

#include "common/text.h"

/* build/gen/ddz_plays.c (tools/gen/gen_ddz_plays.c). */
extern const uint64_t ddz_play_cards[QIPAI_DDZ_PLAYS];
enum { DDZ_PLAY_SLOTS = 65536 };
extern const uint16_t ddz_play_hash[DDZ_PLAY_SLOTS]; /* number + 1, 0 free */

#define DDZ_ALL_CARDS ((1ull << QIPAI_DDZ_CARDS) - 1)

/* The rank (0..14) of card c. */
static inline int ddz_card_rank(int c)
{
    return c < 52 ? c / 4 : c - 39;
}

static inline int ddz_popcount(uint64_t x)
{
#if defined(__GNUC__)
    return __builtin_popcountll(x);
#else
    int n = 0;
    for (; x; x &= x - 1)
        n++;
    return n;
#endif
}

/* A card mask's ranks, packed as the play tables are (rank r's count in
 * bits 4r..4r+3): each suit nibble of ranks 3..2 counted in place, X's bit
 * (52 = 4 * 13) already where it belongs, D's moved to nibble 14. */
static inline uint64_t ddz_pack_mask(uint64_t cards)
{
    uint64_t x = cards & ((1ull << 52) - 1);
    x = x - ((x >> 1) & 0x5555555555555ull);
    x = (x & 0x3333333333333ull) + ((x >> 2) & 0x3333333333333ull);
    return x | (cards & (1ull << 52)) | ((cards >> 53) & 1ull) << 56;
}

void ddz_unpack(uint64_t packed, qipai_pk_cards *cards);
uint64_t ddz_pack(const qipai_pk_cards *cards);
/* The play number of packed ranks, or -1. */
int32_t ddz_play_of_packed(uint64_t packed);
/* The cards of hand a play of packed ranks takes: the lowest suits first. */
uint64_t ddz_pick_cards(uint64_t hand, uint64_t packed);

/* The poker analyser's Dou Di Zhu rules (a constant value). */
const qipai_pk_rules *ddz_pk_rules(void);

/* ---- events: what a step reports, the action first ---- */
typedef enum ddz_event_type {
    DDZ_EV_ACTION,   /* a bid, claim, pass or play (action, cards for a play) */
    DDZ_EV_LANDLORD, /* the bidding's end: seat takes the 底牌 */
    DDZ_EV_REDEAL,   /* every seat declined: a new deal */
    DDZ_EV_END       /* a hand emptied: the scores */
} ddz_event_type;

typedef struct ddz_event {
    int8_t type, seat;
    int32_t action;
    uint64_t cards;  /* a play's suited cards */
} ddz_event;

typedef void (*ddz_event_fn)(const qipai_ddz_game *game, const ddz_event *event, void *context);

/* ---- a game (deal.c, bid.c, play.c, score.c, step.c) ---- */
typedef struct ddz_deal {
    uint8_t deck[QIPAI_DDZ_CARDS];
    int8_t first_bidder;
    qipai_rng rng;
} ddz_deal;

qipai_err ddz_init(qipai_ddz_game *g, const qipai_ddz_rules *rules, uint64_t seed, int dealer,
                   qipai_error *err);
qipai_err ddz_init_deal(qipai_ddz_game *g, const qipai_ddz_rules *rules, const ddz_deal *deal,
                        int dealer, qipai_error *err);
void ddz_deal_of(const qipai_ddz_game *g, ddz_deal *deal);
/* Deals g->deck to the seats and starts the bidding (or the play). */
void ddz_deal_hands(qipai_ddz_game *g);
/* Throws the deal in and deals again from the game's generator. */
void ddz_redeal(qipai_ddz_game *g);

int ddz_legal_bids(const qipai_ddz_game *g, int32_t *out);
qipai_err ddz_step_bid(qipai_ddz_game *g, int seat, int32_t action, ddz_event_fn events,
                       void *context, qipai_error *err);
/* The bidding ended with this landlord and factor: the 底牌 join its hand. */
void ddz_start_play(qipai_ddz_game *g, int landlord, int factor);

/* Each legal action of the seat to act in the play (pass first when it may
 * pass); at most QIPAI_DDZ_MAX_LEGAL. */
int ddz_legal_plays(const qipai_ddz_game *g, int32_t *out);
/* Why action is not legal now (NULL when it is), and the play's reading. */
const char *ddz_play_refusal(const qipai_ddz_game *g, int32_t action, qipai_pk_play *play);
qipai_err ddz_step_play(qipai_ddz_game *g, int seat, int32_t action, ddz_event_fn events,
                        void *context, qipai_error *err);
void ddz_settle(qipai_ddz_game *g);

int ddz_legal(const qipai_ddz_game *g, int seat, int32_t *out);
qipai_err ddz_step(qipai_ddz_game *g, int seat, int32_t action, ddz_event_fn events,
                   void *context, qipai_error *err);
qipai_err ddz_check(const qipai_ddz_game *g, qipai_error *err);
void ddz_observe(const qipai_ddz_game *g, int seat, float *out);

/* ---- bots (bots.c) ---- */
enum { DDZ_BOT_RANDOM, DDZ_BOT_GREEDY, DDZ_BOTS };
qipai_err ddz_bot_choose(const qipai_ddz_game *g, int seat, int bot, int32_t *action,
                         qipai_error *err);
/* The greedy bot's play by a minimum-plays search after every candidate:
 * the definition the fast choice (over the hand's minimal solutions) must
 * equal; tests compare them. */
qipai_err ddz_greedy_plain(const qipai_ddz_game *g, int seat, int32_t *action, qipai_error *err);
/* The greedy bot's bidding count of a hand (bots.c). */
int ddz_hand_strength(uint64_t hand);

/* ---- text (text.c) and the log (log_write.c, log_read.c) ---- */
size_t ddz_action_text(const qipai_ddz_game *g, int32_t action, bool chinese, char *out,
                       size_t size);
qipai_err ddz_action_parse(const qipai_ddz_game *g, int seat, const char *text, int32_t *action,
                           qipai_error *err);
size_t ddz_render(const qipai_ddz_game *g, int seat, bool chinese, char *out, size_t size);

size_t ddz_rules_log(const qipai_ddz_rules *rules, char *out, size_t size);
size_t ddz_log_header(const qipai_ddz_game *g, int seat, char *out, size_t size);
size_t ddz_log_deal(const qipai_ddz_game *g, int seat, char *out, size_t size);
size_t ddz_log_event(const qipai_ddz_game *g, const ddz_event *e, int seat, char *out,
                     size_t size);
size_t ddz_log_action(const qipai_ddz_game *g, int seat, int32_t action, char *out, size_t size);
qipai_err ddz_log_read_header(const char *text, size_t length, qipai_ddz_rules *rules,
                              ddz_deal *deal, int *dealer, qipai_error *err);
qipai_err ddz_log_read_action(const qipai_ddz_game *g, const char *text, size_t length,
                              int *seat, int32_t *action, qipai_error *err);
/* Suited card text in the given order ("3s4hXD"), for the header's deck. */
void ddz_put_cards(text_sink *t, uint64_t cards);
void ddz_put_deck(text_sink *t, const uint8_t *deck, int n);
/* Reads n cards in order; QIPAI_ERR_SYNTAX naming the position. */
qipai_err ddz_parse_card_list(const char *text, size_t length, uint8_t *cards, int *n, int most,
                              qipai_error *err);

#endif
