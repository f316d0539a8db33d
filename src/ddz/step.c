/*
 * One action of one seat: whose turn it is, then the bidding's or the
 * play's own check and step. An action refused changes nothing.
 */
#include "ddz_internal.h"
#include "common/fail.h"

int ddz_legal(const qipai_ddz_game *g, int seat, int32_t *out)
{
    if (g->phase == QIPAI_DDZ_PHASE_OVER || seat != g->turn)
        return 0;
    return g->phase == QIPAI_DDZ_PHASE_BID ? ddz_legal_bids(g, out) : ddz_legal_plays(g, out);
}

qipai_err ddz_step(qipai_ddz_game *g, int seat, int32_t action, ddz_event_fn events,
                   void *context, qipai_error *err)
{
    if (g->phase == QIPAI_DDZ_PHASE_OVER)
        return qipai_fail(err, QIPAI_ERR_ILLEGAL, -1, "the game is over");
    if (seat != g->turn)
        return qipai_fail(err, QIPAI_ERR_ILLEGAL, -1, "it is seat %d's turn, not seat %d's",
                          g->turn, seat);
    if (action < 0 || action >= QIPAI_DDZ_ACTION_SPACE)
        return qipai_fail(err, QIPAI_ERR_RANGE, -1, "action %d: the numbers are 0-%d",
                          (int)action, QIPAI_DDZ_ACTION_SPACE - 1);
    return g->phase == QIPAI_DDZ_PHASE_BID ? ddz_step_bid(g, seat, action, events, context, err)
                                           : ddz_step_play(g, seat, action, events, context, err);
}
