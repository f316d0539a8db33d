/*
 * Money (docs/RULES.md, "Zhaotong", "Payments"): every payment goes through
 * zt_pay, which records it in the game's ledger, moves it between the two
 * scores (so they always sum to zero) and reports it. 杠 money is paid at
 * once and carries the 杠's id, so that 呼叫转移 and 退税 can find it again.
 * At an empty wall: 查花猪, then 查大叫, then 退税, among the players still in.
 */
#include "zt_internal.h"

void zt_pay(qipai_zt_game *g, int from, int to, int64_t amount, qipai_zt_pay_reason reason,
            int kong)
{
    if (amount <= 0 || from == to)
        return;
    qipai_zt_payment p;
    memset(&p, 0, sizeof p); /* no stray bytes in the padding: games compare with memcmp */
    p.from = (uint8_t)from;
    p.to = (uint8_t)to;
    p.reason = (uint8_t)reason;
    p.kong = (uint8_t)kong;
    p.amount = amount;
    /* The ledger has room for the most payments a round can make (see
     * QIPAI_ZT_MAX_PAYMENTS in docs/RULES.md); the scores stay right even
     * if it were full. */
    if (g->payment_count < QIPAI_ZT_MAX_PAYMENTS)
        g->payments[g->payment_count++] = p;
    g->players[from].score -= amount;
    g->players[to].score += amount;
    if (g->observer) {
        qipai_zt_event e;
        memset(&e, 0, sizeof e);
        e.type = QIPAI_ZT_EV_PAY;
        e.player = (int8_t)to;
        e.from = (int8_t)from;
        e.pay = p;
        zt_emit(g, &e);
    }
}

void zt_pay_kong(qipai_zt_game *g, int seat, qipai_zt_meld_type type, int from, int kong)
{
    const qipai_zt_rules *r = &g->rules;
    if (type == QIPAI_ZT_MING_GANG) {
        zt_pay(g, from, seat, (int64_t)r->ming_gang_pay * r->base, QIPAI_ZT_PAY_MING_GANG, kong);
        return;
    }
    bool bu = type == QIPAI_ZT_BU_GANG;
    int64_t amount = (int64_t)(bu ? r->bu_gang_pay : r->an_gang_pay) * r->base;
    for (int s = 0; s < QIPAI_ZT_SEATS; s++)
        if (s != seat && g->players[s].status == QIPAI_ZT_IN)
            zt_pay(g, s, seat, amount, bu ? QIPAI_ZT_PAY_BU_GANG : QIPAI_ZT_PAY_AN_GANG, kong);
}

static bool kong_money(const qipai_zt_payment *p)
{
    return p->reason == QIPAI_ZT_PAY_MING_GANG || p->reason == QIPAI_ZT_PAY_BU_GANG ||
           p->reason == QIPAI_ZT_PAY_AN_GANG;
}

void zt_transfer_kong(qipai_zt_game *g, int seat, int winner, int kong)
{
    int64_t income = 0;
    for (int i = 0; i < g->payment_count; i++)
        if (g->payments[i].kong == kong && g->payments[i].to == seat &&
            kong_money(&g->payments[i]))
            income += g->payments[i].amount;
    zt_pay(g, seat, winner, income, QIPAI_ZT_PAY_TRANSFER, kong);
}

static bool transferred(const qipai_zt_game *g, int kong)
{
    for (int i = 0; i < g->payment_count; i++)
        if (g->payments[i].kong == kong && g->payments[i].reason == QIPAI_ZT_PAY_TRANSFER)
            return true;
    return false;
}

int64_t zt_best_wait_amount(const qipai_zt_rules *rules, const qipai_mj_rules *mj, int tuo_kind,
                            const qipai_zt_hand *h)
{
    int64_t best = 0;
    uint32_t waits = zt_wait_mask_core(mj, tuo_kind, h);
    for (int k = 0; k < QIPAI_ZT_KINDS; k++) {
        if (!(waits >> k & 1))
            continue;
        qipai_zt_hand full = *h;
        full.counts[k]++;
        qipai_zt_score s;
        if (zt_score_core(rules, mj, tuo_kind, &full, 0, &s, NULL) == QIPAI_OK &&
            s.amount > best)
            best = s.amount;
    }
    if (best == 0 && zt_ready_core(mj, tuo_kind, h)) {
        /* Only a 坨 completes it (say, as a fifth copy): score that. */
        qipai_zt_hand full = *h;
        full.tuo++;
        qipai_zt_score s;
        if (zt_score_core(rules, mj, tuo_kind, &full, 0, &s, NULL) == QIPAI_OK)
            best = s.amount;
    }
    return best;
}

void zt_settle_wall(qipai_zt_game *g)
{
    const qipai_zt_rules *r = &g->rules;
    bool in[QIPAI_ZT_SEATS], pig[QIPAI_ZT_SEATS], ready[QIPAI_ZT_SEATS];
    int64_t value[QIPAI_ZT_SEATS] = {0};
    for (int s = 0; s < QIPAI_ZT_SEATS; s++) {
        const qipai_zt_hand *h = &g->players[s].hand;
        in[s] = g->players[s].status == QIPAI_ZT_IN;
        pig[s] = in[s] && zt_popcount(qipai_zt_suits(h, g->tuo)) == 3;
        ready[s] = in[s] && !pig[s] && zt_ready_core(&g->mj, g->tuo, h);
        if (ready[s] && r->da_jiao)
            value[s] = zt_best_wait_amount(r, &g->mj, g->tuo, h);
    }
    if (r->hua_zhu)
        for (int s = 0; s < QIPAI_ZT_SEATS; s++)
            for (int t = 0; pig[s] && t < QIPAI_ZT_SEATS; t++)
                if (t != s && in[t])
                    zt_pay(g, s, t, (int64_t)r->base << r->cap, QIPAI_ZT_PAY_HUA_ZHU, 0);
    if (r->da_jiao)
        for (int s = 0; s < QIPAI_ZT_SEATS; s++)
            for (int t = 0; in[s] && !pig[s] && !ready[s] && t < QIPAI_ZT_SEATS; t++)
                if (ready[t])
                    zt_pay(g, s, t, value[t], QIPAI_ZT_PAY_DA_JIAO, 0);
    if (r->tui_shui) {
        int recorded = g->payment_count; /* refunds are not refunded again */
        for (int s = 0; s < QIPAI_ZT_SEATS; s++) {
            if (!in[s] || ready[s])
                continue;
            for (int i = 0; i < recorded; i++) {
                qipai_zt_payment p = g->payments[i];
                if (p.to == s && kong_money(&p) && !transferred(g, p.kong))
                    zt_pay(g, s, p.from, p.amount, QIPAI_ZT_PAY_TUI_SHUI, p.kong);
            }
        }
    }
}
