/*
 * The bidding (docs/RULES.md "Dou Di Zhu", "Bidding"): 叫分 (bidding=score),
 * 叫地主/抢地主 (bidding=grab); everyone declining throws the deal in
 * (all_pass=redeal) or makes the first bidder landlord at 1 (all_pass=first).
 * Nothing changes before the action has passed its check.
 */
#include "ddz_internal.h"
#include "common/fail.h"

int ddz_legal_bids(const qipai_ddz_game *g, int32_t *out)
{
    int n = 0;
    out[n++] = QIPAI_DDZ_ACTION_NO_BID;
    if (g->rules.bidding == QIPAI_DDZ_BID_SCORE) {
        for (int k = g->high + 1; k <= 3; k++)
            out[n++] = QIPAI_DDZ_ACTION_BID_1 + k - 1;
    } else {
        out[n++] = g->caller < 0 ? QIPAI_DDZ_ACTION_CALL : QIPAI_DDZ_ACTION_GRAB;
    }
    return n;
}

void ddz_start_play(qipai_ddz_game *g, int landlord, int factor)
{
    g->landlord = (int8_t)landlord;
    g->factor = (int8_t)factor;
    g->hand[landlord] |= g->bottom;
    g->phase = QIPAI_DDZ_PHASE_PLAY;
    g->turn = (int8_t)landlord;
    g->leader = -1;
    g->passes = 0;
}

static void emit(qipai_ddz_game *g, ddz_event_fn events, void *context, int type, int seat,
                 int32_t action)
{
    if (!events)
        return;
    ddz_event e = {(int8_t)type, (int8_t)seat, action, 0};
    events(g, &e, context);
}

/* The bidding is over: a landlord, or every seat declined. */
static void finish(qipai_ddz_game *g, int landlord, int factor, ddz_event_fn events,
                   void *context)
{
    if (landlord < 0 && g->rules.all_pass == 0) {
        ddz_redeal(g);
        emit(g, events, context, DDZ_EV_REDEAL, -1, -1);
        return;
    }
    if (landlord < 0) {
        landlord = g->first_bidder;
        factor = 1;
    }
    ddz_start_play(g, landlord, factor);
    emit(g, events, context, DDZ_EV_LANDLORD, landlord, -1);
}

qipai_err ddz_step_bid(qipai_ddz_game *g, int seat, int32_t action, ddz_event_fn events,
                       void *context, qipai_error *err)
{
    int32_t legal[8];
    const int n = ddz_legal_bids(g, legal);
    bool ok = false;
    for (int i = 0; i < n; i++)
        ok |= legal[i] == action;
    if (!ok) {
        if (action == QIPAI_DDZ_ACTION_PASS || action < QIPAI_DDZ_PLAYS)
            return qipai_fail(err, QIPAI_ERR_ILLEGAL, -1,
                              "seat %d must bid now, not play or pass a trick", seat);
        if (g->rules.bidding == QIPAI_DDZ_BID_SCORE)
            return qipai_fail(err, QIPAI_ERR_ILLEGAL, -1,
                              action >= QIPAI_DDZ_ACTION_BID_1 && action <= QIPAI_DDZ_ACTION_BID_3
                                  ? "a bid must be higher than the highest so far (%d)"
                                  : "the bidding is by score: bid 1, 2, 3 or decline (highest so far %d)",
                              g->high);
        return qipai_fail(err, QIPAI_ERR_ILLEGAL, -1,
                          g->caller < 0 ? "nobody has called yet: call or decline"
                                        : "the landlord was called: grab or decline");
    }
    const int next = (seat + 1) % QIPAI_DDZ_SEATS;
    g->moves++;
    if (g->rules.bidding == QIPAI_DDZ_BID_SCORE) {
        const int bid = action == QIPAI_DDZ_ACTION_NO_BID ? 0 : action - QIPAI_DDZ_ACTION_BID_1 + 1;
        g->bid_state[seat] = (int8_t)(bid ? bid + 1 : 1);
        if (bid) {
            g->high = (int8_t)bid;
            g->high_seat = (int8_t)seat;
        }
        g->bids++;
        emit(g, events, context, DDZ_EV_ACTION, seat, action);
        if (bid == 3 || g->bids == QIPAI_DDZ_SEATS)
            finish(g, g->high ? g->high_seat : -1, g->high, events, context);
        else
            g->turn = (int8_t)next;
        return QIPAI_OK;
    }
    /* 叫地主 / 抢地主 */
    if (g->regrab) {
        if (action == QIPAI_DDZ_ACTION_GRAB) {
            g->grabs++;
            g->high++;
            g->high_seat = (int8_t)seat;
            g->bid_state[seat] = 3;
        }
        g->regrab = 2;
        emit(g, events, context, DDZ_EV_ACTION, seat, action);
        finish(g, g->high_seat, 1 << g->grabs, events, context);
        return QIPAI_OK;
    }
    if (action == QIPAI_DDZ_ACTION_CALL) {
        g->caller = (int8_t)seat;
        g->high++;
        g->high_seat = (int8_t)seat;
        g->bid_state[seat] = 2;
    } else if (action == QIPAI_DDZ_ACTION_GRAB) {
        g->grabs++;
        g->high++;
        g->high_seat = (int8_t)seat;
        g->bid_state[seat] = 3;
    } else {
        g->bid_state[seat] = 1;
    }
    g->bids++;
    emit(g, events, context, DDZ_EV_ACTION, seat, action);
    if (g->bids < QIPAI_DDZ_SEATS) {
        g->turn = (int8_t)next;
    } else if (g->caller >= 0 && g->grabs > 0 && g->rules.caller_regrab) {
        g->regrab = 1;
        g->turn = g->caller;
    } else {
        finish(g, g->caller >= 0 ? g->high_seat : -1, 1 << g->grabs, events, context);
    }
    return QIPAI_OK;
}
