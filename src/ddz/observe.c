/*
 * What one seat may know, as floats (include/qipai/ddz.h, "the
 * observation"; docs/FORMATS.md "Dou Di Zhu: the observation"): its own
 * hand, the 底牌 once shown, what each seat played, the cards left, the play
 * to beat and who made it, the bidding, the landlord, the phase, the factor
 * and the bombs so far; other seats relative to the observer.
 */
#include "ddz_internal.h"

#include <string.h>

static void put_cards(float *out, uint64_t cards)
{
    for (int c = 0; c < QIPAI_DDZ_CARDS; c++)
        out[c] = (float)(cards >> c & 1);
}

void ddz_observe(const qipai_ddz_game *g, int seat, float *out)
{
    memset(out, 0, sizeof(float) * QIPAI_DDZ_OBSERVATION_SIZE);
    put_cards(out + QIPAI_DDZ_OBS_HAND, g->hand[seat]);
    if (g->landlord >= 0)
        put_cards(out + QIPAI_DDZ_OBS_BOTTOM, g->bottom);
    for (int k = 0; k < QIPAI_DDZ_SEATS; k++) {
        const int s = (seat + k) % QIPAI_DDZ_SEATS;
        put_cards(out + QIPAI_DDZ_OBS_PLAYED + 54 * k, g->played[s]);
        out[QIPAI_DDZ_OBS_LEFT + k] = (float)ddz_popcount(g->hand[s]) / 20.0f;
        if (g->bid_state[s] >= 0 && g->bid_state[s] < 5)
            out[QIPAI_DDZ_OBS_BIDS + 5 * k + g->bid_state[s]] = 1;
        if (g->landlord == s)
            out[QIPAI_DDZ_OBS_LANDLORD + k] = 1;
        if (g->leader == s && g->phase == QIPAI_DDZ_PHASE_PLAY)
            out[QIPAI_DDZ_OBS_LAST_SEAT + k] = 1;
    }
    if (g->phase == QIPAI_DDZ_PHASE_PLAY && g->last_action >= 0) {
        /* the play to beat, as its ranks: card blocks count suits alike, so
         * the play's cards are the lowest suits of each rank (the rank
         * counts are what matters; the suited cards are in PLAYED). */
        const uint64_t packed = ddz_play_cards[g->last_action];
        for (int r = 0; r < QIPAI_PK_RANKS; r++) {
            const unsigned n = (unsigned)(packed >> (4 * r) & 0xF);
            for (unsigned i = 0; i < n; i++)
                out[QIPAI_DDZ_OBS_LAST + (r < 13 ? 4 * r + (int)i : 39 + r)] = 1;
        }
    }
    out[QIPAI_DDZ_OBS_PHASE + 0] = g->phase == QIPAI_DDZ_PHASE_BID;
    out[QIPAI_DDZ_OBS_PHASE + 1] = g->phase == QIPAI_DDZ_PHASE_PLAY;
    const int factor = g->phase == QIPAI_DDZ_PHASE_BID
                           ? (g->rules.bidding == QIPAI_DDZ_BID_SCORE ? g->high
                              : g->caller < 0                        ? 0
                                                                     : 1 << g->grabs)
                           : g->factor;
    out[QIPAI_DDZ_OBS_FACTOR] = (float)factor / 3.0f;
    out[QIPAI_DDZ_OBS_BOMBS] = (float)(g->bombs + g->rockets) / 4.0f;
}
