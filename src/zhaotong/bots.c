/*
 * The two bots (docs/RULES.md, "Zhaotong", "Bots"). Both look only at what
 * their seat may see: its own hand and the table.
 *
 * seed: the seed's algorithm. Hu, 杠 and 碰 whenever it can; otherwise it
 * discards the lowest tile of its shortest suit among the suits its melds do
 * not show (so as not to end a 花猪), 坨 kept to the last.
 *
 * strong: discards by the mahjong core's measure — the lowest shanten, then
 * the most effective tiles left (坨 as wildcards, 缺一门 counted with the
 * melds' suits: advice.c). It always hus; it makes a 杠 when the shanten
 * after it is no worse than its best discard's, and a 碰 when the best
 * discard after it lowers the shanten, or keeps it with more effective
 * tiles (counted with the 碰's tiles shown on the table).
 */
#include "zt_internal.h"
#include "common/fail.h"
#include "expert.h"

static qipai_zt_action act(int type, int seat, int kind, int tuo)
{
    return (qipai_zt_action){(uint8_t)type, (uint8_t)seat, (uint8_t)kind, (uint8_t)tuo};
}

/* The seed's discard: the shortest suit the melds do not show (any suit if
 * they show every suit held), its lowest tile. */
static qipai_zt_action seed_discard(const qipai_zt_game *g, int seat)
{
    const qipai_zt_hand *h = &g->players[seat].hand;
    unsigned shown = zt_meld_suits(h, g->tuo);
    int count[3] = {0, 0, 0};
    for (int k = 0; k < QIPAI_ZT_KINDS; k++)
        if (k != g->tuo)
            count[k / 9] += h->counts[k];
    int suit = -1;
    for (int pass = 0; pass < 2 && suit < 0; pass++)
        for (int s = 0; s < 3; s++)
            if (count[s] && (pass || !(shown >> s & 1)) && (suit < 0 || count[s] < count[suit]))
                suit = s;
    if (suit < 0)
        return act(QIPAI_ZT_ACT_DISCARD, seat, g->tuo, 0);
    for (int k = 9 * suit;; k++)
        if (h->counts[k] && k != g->tuo)
            return act(QIPAI_ZT_ACT_DISCARD, seat, k, 0);
}

static qipai_zt_action seed_choose(const qipai_zt_game *g, int seat)
{
    if (g->phase != QIPAI_ZT_PHASE_TURN) {
        uint8_t peng_tuo = 0, gang_tuo = 0;
        unsigned opts = zt_claim_options(g, seat, g->phase == QIPAI_ZT_PHASE_ROB, &peng_tuo,
                                         &gang_tuo);
        if (opts & ZT_OPT(QIPAI_ZT_ACT_HU))
            return act(QIPAI_ZT_ACT_HU, seat, 0, 0);
        if (opts & ZT_OPT(QIPAI_ZT_ACT_MING_GANG))
            return act(QIPAI_ZT_ACT_MING_GANG, seat, g->claim_kind, gang_tuo);
        if (opts & ZT_OPT(QIPAI_ZT_ACT_PENG))
            return act(QIPAI_ZT_ACT_PENG, seat, g->claim_kind, peng_tuo);
        return act(QIPAI_ZT_ACT_PASS, seat, 0, 0);
    }
    const qipai_zt_hand *h = &g->players[seat].hand;
    if (!g->must_discard) { /* hu, else the first 杠 of the legal list */
        if (zt_wins_core(&g->mj, g->tuo, h))
            return act(QIPAI_ZT_ACT_HU, seat, 0, 0);
        if (g->wall_next < QIPAI_ZT_TILES) {
            for (int k = 0; k < QIPAI_ZT_KINDS; k++)
                if (k != g->tuo && h->counts[k] && h->counts[k] + h->tuo >= 4)
                    return act(QIPAI_ZT_ACT_AN_GANG, seat, k,
                               h->counts[k] >= 4 ? 0 : 4 - h->counts[k]);
            for (int i = 0; i < h->meld_count; i++) {
                const qipai_zt_meld *m = &h->melds[i];
                if (m->type != QIPAI_ZT_PENG)
                    continue;
                if (m->kind != g->tuo && h->counts[m->kind])
                    return act(QIPAI_ZT_ACT_BU_GANG, seat, m->kind, 0);
                if (h->tuo)
                    return act(QIPAI_ZT_ACT_BU_GANG, seat, m->kind, 1);
            }
        }
    }
    return seed_discard(g, seat);
}

/* ---- strong ---- */

typedef struct outlook {
    int shanten;
    int total; /* effective copies */
} outlook;

static bool worse(outlook a, outlook b)
{
    return a.shanten > b.shanten || (a.shanten == b.shanten && a.total < b.total);
}

/* The outlook of a 3k+2 hand: its best discard's. */
static bool best_discard(const qipai_zt_game *g, const qipai_zt_hand *h, const uint8_t *visible,
                         qipai_mj_discard *d, outlook *o)
{
    if (zt_best_discard(&g->rules, g->tuo, h, visible, d, NULL) != QIPAI_OK)
        return false;
    o->shanten = d->after.shanten;
    o->total = d->after.total;
    return true;
}

/* The outlook of a 3k+1 hand. */
static outlook waiting_outlook(const qipai_zt_game *g, const qipai_zt_hand *h,
                               const uint8_t *visible)
{
    qipai_mj_effective e;
    outlook o = {QIPAI_MJ_NO_SHANTEN, 0};
    if (qipai_zt_effective(&g->rules, g->tuo, h, visible, &e, NULL) == QIPAI_OK) {
        o.shanten = e.shanten;
        o.total = e.total;
    }
    return o;
}

static int shanten_of(const qipai_zt_game *g, const qipai_zt_hand *h)
{
    return qipai_zt_shanten(&g->rules, g->tuo, h);
}

/* The hand after a meld of kind from it: n tiles (tuo of them 坨) taken out. */
static qipai_zt_hand after_meld(const qipai_zt_game *g, const qipai_zt_hand *h, int type,
                                int kind, int n, int tuo)
{
    qipai_zt_hand a = *h;
    if (kind == g->tuo) {
        a.tuo = (uint8_t)(a.tuo - n);
    } else {
        a.counts[kind] = (uint8_t)(a.counts[kind] - (n - tuo));
        a.tuo = (uint8_t)(a.tuo - tuo);
    }
    a.melds[a.meld_count++] =
        (qipai_zt_meld){(uint8_t)type, (uint8_t)kind, (uint8_t)(kind == g->tuo ? 0 : tuo), 0};
    return a;
}

static qipai_zt_action strong_turn(const qipai_zt_game *g, int seat)
{
    const qipai_zt_hand *h = &g->players[seat].hand;
    uint8_t visible[QIPAI_ZT_KINDS];
    qipai_zt_visible(g, visible);
    qipai_mj_discard d;
    outlook now;
    if (!best_discard(g, h, visible, &d, &now)) /* the melds show three suits */
        return seed_discard(g, seat);
    qipai_zt_action out = d.tile == QIPAI_MJ_WILDCARD
                              ? act(QIPAI_ZT_ACT_DISCARD, seat, g->tuo, 0)
                              : act(QIPAI_ZT_ACT_DISCARD, seat, d.tile, 0);
    if (g->must_discard)
        return out;
    qipai_zt_action list[QIPAI_ZT_MAX_ACTIONS];
    int n = qipai_zt_legal_actions(g, seat, list);
    for (int i = 0; i < n; i++) {
        const qipai_zt_action *a = &list[i];
        if (a->type == QIPAI_ZT_ACT_HU)
            return *a;
        if (a->type != QIPAI_ZT_ACT_AN_GANG && a->type != QIPAI_ZT_ACT_BU_GANG)
            continue;
        qipai_zt_hand after = *h;
        if (a->type == QIPAI_ZT_ACT_AN_GANG) {
            after = after_meld(g, h, QIPAI_ZT_AN_GANG, a->kind, 4, a->tuo);
        } else {
            if (a->tuo)
                after.tuo--;
            else
                after.counts[a->kind]--;
        }
        if (shanten_of(g, &after) <= now.shanten)
            return *a;
    }
    return out;
}

static qipai_zt_action strong_claim(const qipai_zt_game *g, int seat)
{
    uint8_t peng_tuo = 0, gang_tuo = 0;
    bool rob = g->phase == QIPAI_ZT_PHASE_ROB;
    unsigned opts = zt_claim_options(g, seat, rob, &peng_tuo, &gang_tuo);
    if (opts & ZT_OPT(QIPAI_ZT_ACT_HU))
        return act(QIPAI_ZT_ACT_HU, seat, 0, 0);
    const qipai_zt_hand *h = &g->players[seat].hand;
    int kind = g->claim_kind;
    if (opts & (ZT_OPT(QIPAI_ZT_ACT_MING_GANG) | ZT_OPT(QIPAI_ZT_ACT_PENG))) {
        uint8_t visible[QIPAI_ZT_KINDS];
        qipai_zt_visible(g, visible);
        int before = shanten_of(g, h);
        if (opts & ZT_OPT(QIPAI_ZT_ACT_MING_GANG)) {
            qipai_zt_hand a = after_meld(g, h, QIPAI_ZT_MING_GANG, kind, 3, gang_tuo);
            if (shanten_of(g, &a) <= before)
                return act(QIPAI_ZT_ACT_MING_GANG, seat, kind, gang_tuo);
        }
        if (opts & ZT_OPT(QIPAI_ZT_ACT_PENG)) {
            qipai_zt_hand a = after_meld(g, h, QIPAI_ZT_PENG, kind, 2, peng_tuo);
            /* The table after the 碰 shows the two tiles it takes from the
             * hand too (the discard only moves from the river to the meld):
             * without them the copies left of kind would count tiles that
             * sit in the 碰. */
            uint8_t shown[QIPAI_ZT_KINDS];
            memcpy(shown, visible, sizeof shown);
            if (kind == g->tuo) {
                shown[kind] = (uint8_t)(shown[kind] + 2);
            } else {
                shown[kind] = (uint8_t)(shown[kind] + 2 - peng_tuo);
                shown[g->tuo] = (uint8_t)(shown[g->tuo] + peng_tuo);
            }
            qipai_mj_discard d;
            outlook after;
            if (best_discard(g, &a, shown, &d, &after) && after.shanten <= before) {
                outlook now = waiting_outlook(g, h, visible);
                if (worse(now, after))
                    return act(QIPAI_ZT_ACT_PENG, seat, kind, peng_tuo);
            }
        }
    }
    return act(QIPAI_ZT_ACT_PASS, seat, 0, 0);
}

qipai_err qipai_zt_bot_choose(const qipai_zt_game *game, int seat, qipai_zt_bot bot,
                              qipai_zt_action *out, qipai_error *err)
{
    if (seat < 0 || seat >= QIPAI_ZT_SEATS || !(qipai_zt_to_act(game) >> seat & 1))
        return qipai_fail(err, QIPAI_ERR_ILLEGAL, -1, "seat %d is not to act now", seat);
    switch (bot) {
    case QIPAI_ZT_BOT_SEED:
        *out = seed_choose(game, seat);
        return QIPAI_OK;
    case QIPAI_ZT_BOT_STRONG:
        *out = game->phase == QIPAI_ZT_PHASE_TURN ? strong_turn(game, seat)
                                                  : strong_claim(game, seat);
        return QIPAI_OK;
    case QIPAI_ZT_BOT_EXPERT: /* expert*.c */
        return zt_expert_choose(game, seat, &zt_expert_defaults, out, err);
    default:
        return qipai_fail(err, QIPAI_ERR_ARGUMENT, -1, "bot %d is unknown", (int)bot);
    }
}
