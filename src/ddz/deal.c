/*
 * Making a game: the shuffle from the game's generator, the first bidder,
 * the deal to the seats (17 each and the 底牌; bidding=none: DouZero's 20 to
 * seat 0) and a redeal when every seat declined. A game made from a deal
 * (the log's header) is the same as the one its seed made.
 */
#include "ddz_internal.h"
#include "common/fail.h"

#include <string.h>

static uint64_t mask_of(const uint8_t *cards, int from, int to)
{
    uint64_t m = 0;
    for (int i = from; i < to; i++)
        m |= 1ull << cards[i];
    return m;
}

void ddz_deal_hands(qipai_ddz_game *g)
{
    memset(g->played, 0, sizeof g->played);
    memset(g->bid_state, 0, sizeof g->bid_state);
    memset(g->plays, 0, sizeof g->plays);
    g->bids = g->high = g->grabs = g->regrab = g->factor = 0;
    g->high_seat = g->caller = -1;
    g->leader = -1;
    g->passes = 0;
    g->last_action = -1;
    memset(&g->last, 0, sizeof g->last);
    g->bombs = g->rockets = 0;
    g->landlord = g->winner = -1;
    if (g->rules.bidding == QIPAI_DDZ_BID_NONE) {
        /* DouZero's deal: seat 0 the first 20 cards, the 底牌 the last
         * three of them; seat 1 the next 17, seat 2 the last 17. */
        g->hand[0] = mask_of(g->deck, 0, 20);
        g->hand[1] = mask_of(g->deck, 20, 37);
        g->hand[2] = mask_of(g->deck, 37, 54);
        g->bottom = mask_of(g->deck, 17, 20);
        g->landlord = 0;
        g->factor = 1;
        g->phase = QIPAI_DDZ_PHASE_PLAY;
        g->turn = 0;
        return;
    }
    for (int s = 0; s < QIPAI_DDZ_SEATS; s++)
        g->hand[s] = mask_of(g->deck, QIPAI_DDZ_HAND * s, QIPAI_DDZ_HAND * (s + 1));
    g->bottom = mask_of(g->deck, 51, 54);
    g->phase = QIPAI_DDZ_PHASE_BID;
    g->turn = g->first_bidder;
}

void ddz_redeal(qipai_ddz_game *g)
{
    qipai_rng_shuffle_bytes(&g->rng, g->deck, QIPAI_DDZ_CARDS);
    g->redeals++;
    ddz_deal_hands(g);
}

static void start(qipai_ddz_game *g, const qipai_ddz_rules *rules, uint64_t seed, int dealer)
{
    memset(g, 0, sizeof *g);
    g->rules = *rules;
    g->seed = seed;
    g->dealer = (int8_t)dealer;
    g->turn = -1;
}

qipai_err ddz_init(qipai_ddz_game *g, const qipai_ddz_rules *rules, uint64_t seed, int dealer,
                   qipai_error *err)
{
    if (dealer < 0 || dealer >= QIPAI_DDZ_SEATS)
        return qipai_fail(err, QIPAI_ERR_RANGE, -1, "dealer %d: the seats are 0-2", dealer);
    start(g, rules, seed, dealer);
    qipai_rng_seed(&g->rng, seed);
    for (int c = 0; c < QIPAI_DDZ_CARDS; c++)
        g->deck[c] = (uint8_t)c;
    qipai_rng_shuffle_bytes(&g->rng, g->deck, QIPAI_DDZ_CARDS);
    /* The first bidder is drawn after the shuffle, whatever the rule, so
     * one seed deals the same cards under every first_bidder option. */
    const int drawn = (int)qipai_rng_below(&g->rng, QIPAI_DDZ_SEATS);
    g->first_bidder = (int8_t)(rules->bidding == QIPAI_DDZ_BID_NONE ? 0
                               : rules->first_bidder == QIPAI_DDZ_FIRST_RANDOM ? drawn
                               : rules->first_bidder == QIPAI_DDZ_FIRST_DEALER ? dealer
                                                                               : rules->first_bidder);
    memcpy(g->deal_deck, g->deck, sizeof g->deck);
    g->deal_rng = g->rng;
    ddz_deal_hands(g);
    return QIPAI_OK;
}

void ddz_deal_of(const qipai_ddz_game *g, ddz_deal *deal)
{
    memset(deal, 0, sizeof *deal);
    memcpy(deal->deck, g->deal_deck, sizeof deal->deck);
    deal->first_bidder = g->first_bidder;
    deal->rng = g->deal_rng;
}

qipai_err ddz_init_deal(qipai_ddz_game *g, const qipai_ddz_rules *rules, const ddz_deal *deal,
                        int dealer, qipai_error *err)
{
    if (dealer < 0 || dealer >= QIPAI_DDZ_SEATS)
        return qipai_fail(err, QIPAI_ERR_RANGE, -1, "dealer %d: the seats are 0-2", dealer);
    uint64_t seen = 0;
    for (int i = 0; i < QIPAI_DDZ_CARDS; i++) {
        if (deal->deck[i] >= QIPAI_DDZ_CARDS || (seen >> deal->deck[i] & 1))
            return qipai_fail(err, QIPAI_ERR_ARGUMENT, -1,
                              "the deck is not the 54 cards, each once (card %d)", i);
        seen |= 1ull << deal->deck[i];
    }
    const int f = deal->first_bidder;
    const int wanted = rules->bidding == QIPAI_DDZ_BID_NONE ? 0
                       : rules->first_bidder == QIPAI_DDZ_FIRST_RANDOM ? f
                       : rules->first_bidder == QIPAI_DDZ_FIRST_DEALER ? dealer
                                                                       : rules->first_bidder;
    if (f < 0 || f >= QIPAI_DDZ_SEATS || f != wanted)
        return qipai_fail(err, QIPAI_ERR_ARGUMENT, -1,
                          "the first bidder %d is not the one the rules give (%d)", f, wanted);
    start(g, rules, 0, dealer);
    memcpy(g->deck, deal->deck, sizeof g->deck);
    memcpy(g->deal_deck, deal->deck, sizeof g->deck);
    g->rng = g->deal_rng = deal->rng;
    g->first_bidder = (int8_t)f;
    ddz_deal_hands(g);
    return QIPAI_OK;
}
