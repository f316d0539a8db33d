/*
 * The expert's view of the game (expert.h): the only code of the expert
 * that reads the game. It copies what the seat may see, and of that what
 * the decisions use: its own hand, every seat's melds and status, the
 * rivers, the tiles seen on the table, the wall's count, the 杠 money in
 * the public ledger, the 坨, and the seat's own legal actions (which depend
 * on its hand and the table only). Other seats' concealed tiles, the
 * wall's order, the seed, the generator, the last tile another seat drew,
 * and the claims other seats have made or may make are left out.
 */
#include "expert.h"

void ex_view_init(ex_view *v, const qipai_zt_game *g, int seat)
{
    memset(v, 0, sizeof *v);
    v->rules = g->rules;
    zt_core_rules(&g->rules, &v->win_mj);
    qipai_mj_rules_preset(&v->shape_mj, QIPAI_MJ_PRESET_ZHAOTONG);
    v->shape_mj.forms =
        QIPAI_MJ_FORM_STANDARD | (g->rules.seven_pairs ? QIPAI_MJ_FORM_SEVEN_PAIRS : 0);
    qipai_mj_rules_add_wild(&v->shape_mj, g->tuo, NULL);
    v->seat = seat;
    v->tuo = g->tuo;
    v->phase = g->phase;
    v->wall_left = QIPAI_ZT_TILES - g->wall_next;
    v->hand = g->players[seat].hand;
    for (int s = 0; s < QIPAI_ZT_SEATS; s++) {
        const qipai_zt_player *p = &g->players[s];
        ex_seat *e = &v->seats[s];
        e->status = p->status;
        e->meld_count = p->hand.meld_count;
        memcpy(e->melds, p->hand.melds, sizeof e->melds);
        v->in += p->status == QIPAI_ZT_IN;
    }
    for (int i = 0; i < g->discard_count; i++) {
        ex_seat *e = &v->seats[g->river[i].seat];
        e->discarded[g->river[i].kind]++;
        if (e->discards < sizeof e->order)
            e->order[e->discards] = g->river[i].kind;
        e->discards++;
    }
    for (int i = 0; i < g->payment_count; i++) { /* the ledger is public */
        const qipai_zt_payment *pay = &g->payments[i];
        bool kong = pay->reason == QIPAI_ZT_PAY_MING_GANG || pay->reason == QIPAI_ZT_PAY_BU_GANG ||
                    pay->reason == QIPAI_ZT_PAY_AN_GANG;
        if (kong && pay->to == seat)
            v->kong_income += pay->amount / (g->rules.base > 0 ? g->rules.base : 1);
        else if (pay->reason == QIPAI_ZT_PAY_TRANSFER && pay->from == seat)
            v->kong_income -= pay->amount / (g->rules.base > 0 ? g->rules.base : 1);
    }
    qipai_zt_visible(g, v->visible);
    for (int k = 0; k < QIPAI_ZT_KINDS; k++) {
        int mine = k == g->tuo ? v->hand.tuo + v->hand.counts[k] : v->hand.counts[k];
        int left = QIPAI_MJ_MAX_COPIES - v->visible[k] - mine;
        v->unseen[k] = (uint8_t)(left > 0 ? left : 0);
        v->unseen_total += v->unseen[k];
    }
    v->legal_count = qipai_zt_legal_actions(g, seat, v->legal);
}
