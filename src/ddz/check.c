/*
 * The game's invariants (the table layer's check after every action): the
 * 54 cards are each in exactly one place, the counts agree with the phase,
 * the turn and the trick are consistent, and a finished game's scores are
 * the ones its figures give and sum to zero.
 */
#include "ddz_internal.h"
#include "common/fail.h"

#include <string.h>

qipai_err ddz_check(const qipai_ddz_game *g, qipai_error *err)
{
#define FAIL(...) return qipai_fail(err, QIPAI_ERR_STATE, -1, __VA_ARGS__)
    uint64_t all = 0;
    int total = 0;
    const bool bottom_apart = g->phase == QIPAI_DDZ_PHASE_BID;
    for (int s = 0; s < QIPAI_DDZ_SEATS; s++) {
        if ((g->hand[s] & g->played[s]) || (all & (g->hand[s] | g->played[s])))
            FAIL("seat %d holds or played a card that is elsewhere", s);
        all |= g->hand[s] | g->played[s];
        total += ddz_popcount(g->hand[s]) + ddz_popcount(g->played[s]);
    }
    if (ddz_popcount(g->bottom) != QIPAI_DDZ_BOTTOM)
        FAIL("the 底牌 are %d cards", ddz_popcount(g->bottom));
    if (bottom_apart) {
        if (all & g->bottom)
            FAIL("a 底牌 card is in a hand while bidding");
        all |= g->bottom;
        total += QIPAI_DDZ_BOTTOM;
    }
    if (all != DDZ_ALL_CARDS || total != QIPAI_DDZ_CARDS)
        FAIL("the cards are not the 54, each once");
    if (g->phase == QIPAI_DDZ_PHASE_BID) {
        if (g->landlord >= 0 || g->turn < 0 || g->turn >= QIPAI_DDZ_SEATS)
            FAIL("a bidding with a landlord or no seat to bid");
        for (int s = 0; s < QIPAI_DDZ_SEATS; s++)
            if (ddz_popcount(g->hand[s]) != QIPAI_DDZ_HAND || g->played[s])
                FAIL("seat %d has not 17 unplayed cards while bidding", s);
        if (g->bids >= QIPAI_DDZ_SEATS && !g->regrab)
            FAIL("the bidding went on after every seat spoke");
        return QIPAI_OK;
    }
    const int l = g->landlord;
    if (l < 0 || l >= QIPAI_DDZ_SEATS)
        FAIL("no landlord in the play");
    if ((g->bottom & (g->hand[l] | g->played[l])) != g->bottom)
        FAIL("the landlord did not take the 底牌");
    if (g->factor < 1)
        FAIL("no bid factor in the play");
    for (int s = 0; s < QIPAI_DDZ_SEATS; s++) {
        const int dealt = s == l ? 20 : 17;
        if (ddz_popcount(g->hand[s]) + ddz_popcount(g->played[s]) != dealt)
            FAIL("seat %d's cards do not add up to %d", s, dealt);
    }
    if (g->phase == QIPAI_DDZ_PHASE_PLAY) {
        if (g->turn < 0 || g->turn >= QIPAI_DDZ_SEATS)
            FAIL("no seat to play");
        for (int s = 0; s < QIPAI_DDZ_SEATS; s++)
            if (!g->hand[s])
                FAIL("seat %d's hand is empty but the game goes on", s);
        if ((g->leader < 0) != (g->last_action < 0) || g->passes > 1 ||
            (g->leader >= 0 && (g->leader + g->passes + 1) % QIPAI_DDZ_SEATS != g->turn))
            FAIL("the trick's leader, passes and turn disagree");
        if (g->score[0] || g->score[1] || g->score[2])
            FAIL("scores before the end");
        return QIPAI_OK;
    }
    if (g->phase != QIPAI_DDZ_PHASE_OVER)
        FAIL("an unknown phase %d", g->phase);
    if (g->winner < 0 || g->hand[g->winner])
        FAIL("a finished game whose winner still holds cards");
    const int64_t s = (int64_t)g->rules.base * g->multiple;
    const int sign = g->winner == l ? 1 : -1;
    if (g->score[l] != 2 * s * sign || g->score[(l + 1) % 3] != -s * sign ||
        g->score[(l + 2) % 3] != -s * sign)
        FAIL("the scores are not ±2S and ∓S of S = %lld", (long long)s);
    return QIPAI_OK;
#undef FAIL
}
