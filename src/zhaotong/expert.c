/*
 * The expert bot (docs/RULES.md, "Zhaotong", "Bots"; expert.h for its
 * parts): the weights it plays with, and the entry that builds the seat's
 * view and asks the turn or the claim logic. Deterministic, no allocation,
 * no state between calls.
 */
#include "expert.h"
#include "common/fail.h"

const ex_params zt_expert_defaults = {
    .step = 0.1,
    .plan_step = 0.1,
    .width = 6,
    .plan_copies = 10,
    .plans = 7,
    .wait_value = true,
    .kong_bonus = 0.5,
    .peng_margin = 1.2,
};

qipai_err zt_expert_choose(const qipai_zt_game *game, int seat, const ex_params *params,
                           qipai_zt_action *out, qipai_error *err)
{
    if (seat < 0 || seat >= QIPAI_ZT_SEATS || !(qipai_zt_to_act(game) >> seat & 1))
        return qipai_fail(err, QIPAI_ERR_ILLEGAL, -1, "seat %d is not to act now", seat);
    ex_view v;
    ex_view_init(&v, game, seat);
    if (v.legal_count == 0)
        return qipai_fail(err, QIPAI_ERR_STATE, -1, "seat %d has no legal action", seat);
    *out = v.phase == QIPAI_ZT_PHASE_TURN ? ex_turn(&v, params) : ex_claim(&v, params);
    return QIPAI_OK;
}
