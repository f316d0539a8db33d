/*
 * Which actions are legal now (docs/RULES.md, "Zhaotong", "Turn and
 * claims"): the one check the step function runs before it changes
 * anything, and the list of every legal action of a seat, built from the
 * same tests so that the two always agree.
 *
 * 坨 only fill missing copies: a 碰, 明杠 or 暗杠 uses as many real tiles of
 * its kind as the hand holds (up to what it needs) and 坨 for the rest, and
 * a 补杠 adds the real fourth tile when the hand holds it, else a 坨. Every
 * meld holds at least one real tile. A discarded 坨 is a plain tile of its
 * kind: the 坨 in a hand match it.
 */
#include "zt_internal.h"
#include "common/fail.h"

#include <stdio.h>

static void kind_name(int kind, char *out)
{
    qipai_mj_format_kind(kind, false, out, 8);
}

static bool wall_empty(const qipai_zt_game *g)
{
    return g->wall_next >= QIPAI_ZT_TILES;
}

/* Whether seat wins with its hand plus a plain tile of kind. */
static bool wins_with(const qipai_zt_game *g, int seat, int kind)
{
    qipai_zt_hand h = g->players[seat].hand;
    h.counts[kind]++;
    return zt_wins_core(&g->mj, g->tuo, &h);
}

/* Tiles that match kind in the hand: real ones, or the 坨 themselves when
 * kind is the 坨's (a discarded 坨 is a plain tile of that kind). */
static int matching(const qipai_zt_game *g, const qipai_zt_hand *h, int kind)
{
    return kind == g->tuo ? h->tuo : h->counts[kind];
}

/* 坨 a meld of `size` tiles from the hand needs, or -1 when impossible. */
static int tuo_needed(const qipai_zt_game *g, const qipai_zt_hand *h, int kind, int size)
{
    int real = matching(g, h, kind);
    if (real < 1)
        return -1;
    if (kind == g->tuo) /* the 坨 are the matching tiles: no filling */
        return real >= size ? size : -1;
    int need = real >= size ? 0 : size - real;
    return need <= h->tuo ? need : -1;
}

unsigned zt_claim_options(const qipai_zt_game *g, int seat, bool rob, uint8_t *peng_tuo,
                          uint8_t *gang_tuo)
{
    const qipai_zt_player *p = &g->players[seat];
    unsigned opts = 0;
    if (seat == g->turn || p->status != QIPAI_ZT_IN)
        return 0;
    int kind = g->claim_kind;
    if (!rob && kind == g->tuo && !g->rules.tuo_claim)
        return 0;
    if ((!p->hu_locked || !g->rules.pass_hu_lock) && wins_with(g, seat, kind))
        opts |= ZT_OPT(QIPAI_ZT_ACT_HU);
    if (!rob) {
        int t = tuo_needed(g, &p->hand, kind, 2);
        if (t >= 0) {
            opts |= ZT_OPT(QIPAI_ZT_ACT_PENG);
            if (peng_tuo)
                *peng_tuo = (uint8_t)t;
        }
        t = tuo_needed(g, &p->hand, kind, 3);
        if (t >= 0 && !wall_empty(g)) {
            opts |= ZT_OPT(QIPAI_ZT_ACT_MING_GANG);
            if (gang_tuo)
                *gang_tuo = (uint8_t)t;
        }
    }
    if (opts)
        opts |= ZT_OPT(QIPAI_ZT_ACT_PASS);
    return opts;
}

static int find_peng(const qipai_zt_hand *h, int kind)
{
    for (int i = 0; i < h->meld_count; i++)
        if (h->melds[i].type == QIPAI_ZT_PENG && h->melds[i].kind == kind)
            return i;
    return -1;
}

/* Whether a 坨 may be discarded: by the rules, or because nothing else is
 * left (a hand of 坨 only must still be able to discard). */
static bool may_discard_tuo(const qipai_zt_game *g, const qipai_zt_hand *h)
{
    if (g->rules.tuo_discard)
        return true;
    for (int k = 0; k < QIPAI_ZT_KINDS; k++)
        if (h->counts[k])
            return false;
    return true;
}

static qipai_err check_turn(const qipai_zt_game *g, const qipai_zt_action *a, qipai_error *err)
{
    const qipai_zt_hand *h = &g->players[a->seat].hand;
    char name[8];
    if (a->type != QIPAI_ZT_ACT_HU && a->type != QIPAI_ZT_ACT_PASS && a->kind >= QIPAI_ZT_KINDS)
        return qipai_fail(err, QIPAI_ERR_ARGUMENT, -1, "tile kind %d is not 0-26", a->kind);
    if (a->type != QIPAI_ZT_ACT_DISCARD && g->must_discard)
        return qipai_fail(err, QIPAI_ERR_ILLEGAL, -1, "after a 碰 the only move is a discard");
    switch (a->type) {
    case QIPAI_ZT_ACT_DISCARD:
        if (a->tuo)
            return qipai_fail(err, QIPAI_ERR_ARGUMENT, -1, "a discard takes no 坨 count");
        if (a->kind == g->tuo ? h->tuo && may_discard_tuo(g, h) : h->counts[a->kind] > 0)
            return QIPAI_OK;
        kind_name(a->kind, name);
        if (a->kind != g->tuo)
            return qipai_fail(err, QIPAI_ERR_ILLEGAL, -1, "no %s in hand", name);
        if (!h->tuo)
            return qipai_fail(err, QIPAI_ERR_ILLEGAL, -1, "no 坨 (%s) in hand", name);
        return qipai_fail(err, QIPAI_ERR_ILLEGAL, -1,
                          "the rules forbid discarding a 坨 while other tiles are held");
    case QIPAI_ZT_ACT_AN_GANG: {
        kind_name(a->kind, name);
        if (wall_empty(g))
            return qipai_fail(err, QIPAI_ERR_ILLEGAL, -1, "the wall is empty: no 杠");
        if (a->kind == g->tuo)
            return qipai_fail(err, QIPAI_ERR_ILLEGAL, -1,
                              "an 暗杠 needs a real tile; %s is the 坨", name);
        int need = tuo_needed(g, h, a->kind, 4);
        if (need < 0)
            return qipai_fail(err, QIPAI_ERR_ILLEGAL, -1,
                              "an 暗杠 of %s needs four: %d in hand and %d 坨", name,
                              h->counts[a->kind], h->tuo);
        if (a->tuo != need)
            return qipai_fail(err, QIPAI_ERR_ILLEGAL, -1,
                              "an 暗杠 of %s with %d in hand uses %d 坨, not %d", name,
                              h->counts[a->kind], need, a->tuo);
        return QIPAI_OK;
    }
    case QIPAI_ZT_ACT_BU_GANG:
        kind_name(a->kind, name);
        if (wall_empty(g))
            return qipai_fail(err, QIPAI_ERR_ILLEGAL, -1, "the wall is empty: no 杠");
        if (find_peng(h, a->kind) < 0)
            return qipai_fail(err, QIPAI_ERR_ILLEGAL, -1, "no 碰 of %s to add to", name);
        if (a->tuo > 1)
            return qipai_fail(err, QIPAI_ERR_ARGUMENT, -1, "a 补杠 adds one tile");
        if (a->tuo == 0) {
            if (a->kind == g->tuo || !h->counts[a->kind])
                return qipai_fail(err, QIPAI_ERR_ILLEGAL, -1, "no %s in hand for the 补杠",
                                  name);
        } else {
            if (!h->tuo)
                return qipai_fail(err, QIPAI_ERR_ILLEGAL, -1, "no 坨 in hand for the 补杠");
            if (a->kind != g->tuo && h->counts[a->kind])
                return qipai_fail(err, QIPAI_ERR_ILLEGAL, -1,
                                  "a %s is in hand: the 补杠 adds it, not a 坨", name);
        }
        return QIPAI_OK;
    case QIPAI_ZT_ACT_HU:
        if (!zt_wins_core(&g->mj, g->tuo, h)) {
            if (zt_popcount(qipai_zt_suits(h, g->tuo)) > 2)
                return qipai_fail(err, QIPAI_ERR_ILLEGAL, -1,
                                  "the hand shows all three suits (缺一门): no hu");
            return qipai_fail(err, QIPAI_ERR_ILLEGAL, -1, "the hand does not win");
        }
        return QIPAI_OK;
    case QIPAI_ZT_ACT_PASS:
        return qipai_fail(err, QIPAI_ERR_ILLEGAL, -1,
                          "nothing to pass: it is seat %d's turn to play", a->seat);
    default:
        return qipai_fail(err, QIPAI_ERR_ILLEGAL, -1, "no discard to claim: it is seat %d's turn",
                          a->seat);
    }
}

static qipai_err check_claim(const qipai_zt_game *g, const qipai_zt_action *a, qipai_error *err)
{
    bool rob = g->phase == QIPAI_ZT_PHASE_ROB;
    uint8_t peng_tuo = 0, gang_tuo = 0;
    unsigned opts = zt_claim_options(g, a->seat, rob, &peng_tuo, &gang_tuo);
    if (a->type == QIPAI_ZT_ACT_PASS ||
        (a->type == QIPAI_ZT_ACT_HU && (opts & ZT_OPT(QIPAI_ZT_ACT_HU))))
        return QIPAI_OK;
    if (rob && a->type != QIPAI_ZT_ACT_HU)
        return qipai_fail(err, QIPAI_ERR_ILLEGAL, -1,
                          "a 补杠 of seat %d may be robbed: hu or pass", g->turn);
    char name[8];
    kind_name(g->claim_kind, name);
    const char *what = rob ? "the 补杠" : "the discard";
    if ((a->type == QIPAI_ZT_ACT_PENG || a->type == QIPAI_ZT_ACT_MING_GANG) &&
        a->kind != g->claim_kind) {
        char given[8] = "?";
        if (a->kind < QIPAI_ZT_KINDS)
            kind_name(a->kind, given);
        return qipai_fail(err, QIPAI_ERR_ILLEGAL, -1, "%s is %s, not %s", what, name, given);
    }
    switch (a->type) {
    case QIPAI_ZT_ACT_HU:
        if (opts & ZT_OPT(QIPAI_ZT_ACT_HU))
            return QIPAI_OK;
        if (g->players[a->seat].hu_locked && g->rules.pass_hu_lock &&
            wins_with(g, a->seat, g->claim_kind))
            return qipai_fail(err, QIPAI_ERR_ILLEGAL, -1,
                              "过水不胡: a hu was let pass since your last draw");
        return qipai_fail(err, QIPAI_ERR_ILLEGAL, -1, "%s (%s) does not complete your hand",
                          what, name);
    case QIPAI_ZT_ACT_PENG:
        if (!(opts & ZT_OPT(QIPAI_ZT_ACT_PENG)))
            return qipai_fail(err, QIPAI_ERR_ILLEGAL, -1, "cannot 碰 %s: a 碰 needs a %s in hand "
                              "and a second one or a 坨", name, name);
        if (a->tuo != peng_tuo)
            return qipai_fail(err, QIPAI_ERR_ILLEGAL, -1, "this 碰 of %s uses %d 坨, not %d",
                              name, peng_tuo, a->tuo);
        return QIPAI_OK;
    case QIPAI_ZT_ACT_MING_GANG:
        if (!(opts & ZT_OPT(QIPAI_ZT_ACT_MING_GANG)) && wall_empty(g))
            return qipai_fail(err, QIPAI_ERR_ILLEGAL, -1, "the wall is empty: no 杠");
        if (!(opts & ZT_OPT(QIPAI_ZT_ACT_MING_GANG)))
            return qipai_fail(err, QIPAI_ERR_ILLEGAL, -1,
                              "cannot 杠 %s: a 明杠 needs a %s in hand and two more or 坨", name,
                              name);
        if (a->tuo != gang_tuo)
            return qipai_fail(err, QIPAI_ERR_ILLEGAL, -1, "this 杠 of %s uses %d 坨, not %d",
                              name, gang_tuo, a->tuo);
        return QIPAI_OK;
    default:
        return qipai_fail(err, QIPAI_ERR_ILLEGAL, -1,
                          "%s of seat %d is waiting for claims: hu%s or pass",
                          rob ? "a 补杠" : "a discard", g->turn, rob ? "" : ", 杠, 碰");
    }
}

qipai_err zt_check_action(const qipai_zt_game *g, const qipai_zt_action *a, qipai_error *err)
{
    if (!a)
        return qipai_fail(err, QIPAI_ERR_ARGUMENT, -1, "no action");
    if (g->phase == QIPAI_ZT_PHASE_OVER)
        return qipai_fail(err, QIPAI_ERR_ILLEGAL, -1, "the game is over");
    if (a->seat >= QIPAI_ZT_SEATS)
        return qipai_fail(err, QIPAI_ERR_ARGUMENT, -1, "seat %d: seats are 0-3", a->seat);
    if (a->type >= QIPAI_ZT_ACT_COUNT)
        return qipai_fail(err, QIPAI_ERR_ARGUMENT, -1, "action type %d is unknown", a->type);
    if ((a->type == QIPAI_ZT_ACT_HU || a->type == QIPAI_ZT_ACT_PASS) && (a->kind || a->tuo))
        return qipai_fail(err, QIPAI_ERR_ARGUMENT, -1, "hu and pass take no tile (kind 0, tuo 0)");
    unsigned to_act = qipai_zt_to_act(g);
    if (!(to_act >> a->seat & 1)) {
        if (g->players[a->seat].status != QIPAI_ZT_IN)
            return qipai_fail(err, QIPAI_ERR_ILLEGAL, -1, "seat %d has won and left the round",
                              a->seat);
        if (g->phase == QIPAI_ZT_PHASE_TURN)
            return qipai_fail(err, QIPAI_ERR_ILLEGAL, -1, "it is seat %d's turn, not seat %d's",
                              g->turn, a->seat);
        return qipai_fail(err, QIPAI_ERR_ILLEGAL, -1, "seat %d has nothing to claim now",
                          a->seat);
    }
    return g->phase == QIPAI_ZT_PHASE_TURN ? check_turn(g, a, err) : check_claim(g, a, err);
}

static void put(qipai_zt_action *out, int *n, int type, int seat, int kind, int tuo)
{
    out[(*n)++] = (qipai_zt_action){(uint8_t)type, (uint8_t)seat, (uint8_t)kind, (uint8_t)tuo};
}

int qipai_zt_legal_actions(const qipai_zt_game *game, int seat,
                           qipai_zt_action out[QIPAI_ZT_MAX_ACTIONS])
{
    const qipai_zt_game *g = game;
    int n = 0;
    if (seat < 0 || seat >= QIPAI_ZT_SEATS || !(qipai_zt_to_act(g) >> seat & 1))
        return 0;
    const qipai_zt_hand *h = &g->players[seat].hand;
    if (g->phase != QIPAI_ZT_PHASE_TURN) {
        uint8_t peng_tuo = 0, gang_tuo = 0;
        unsigned opts = zt_claim_options(g, seat, g->phase == QIPAI_ZT_PHASE_ROB, &peng_tuo,
                                         &gang_tuo);
        if (opts & ZT_OPT(QIPAI_ZT_ACT_HU))
            put(out, &n, QIPAI_ZT_ACT_HU, seat, 0, 0);
        if (opts & ZT_OPT(QIPAI_ZT_ACT_MING_GANG))
            put(out, &n, QIPAI_ZT_ACT_MING_GANG, seat, g->claim_kind, gang_tuo);
        if (opts & ZT_OPT(QIPAI_ZT_ACT_PENG))
            put(out, &n, QIPAI_ZT_ACT_PENG, seat, g->claim_kind, peng_tuo);
        put(out, &n, QIPAI_ZT_ACT_PASS, seat, 0, 0);
        return n;
    }
    if (!g->must_discard) {
        if (zt_wins_core(&g->mj, g->tuo, h))
            put(out, &n, QIPAI_ZT_ACT_HU, seat, 0, 0);
        if (!wall_empty(g)) {
            for (int k = 0; k < QIPAI_ZT_KINDS; k++) {
                if (k == g->tuo)
                    continue;
                int need = tuo_needed(g, h, k, 4);
                if (need >= 0)
                    put(out, &n, QIPAI_ZT_ACT_AN_GANG, seat, k, need);
            }
            for (int i = 0; i < h->meld_count; i++) {
                const qipai_zt_meld *m = &h->melds[i];
                if (m->type != QIPAI_ZT_PENG)
                    continue;
                if (m->kind != g->tuo && h->counts[m->kind])
                    put(out, &n, QIPAI_ZT_ACT_BU_GANG, seat, m->kind, 0);
                else if (h->tuo)
                    put(out, &n, QIPAI_ZT_ACT_BU_GANG, seat, m->kind, 1);
            }
        }
    }
    for (int k = 0; k < QIPAI_ZT_KINDS; k++)
        if (k != g->tuo && h->counts[k])
            put(out, &n, QIPAI_ZT_ACT_DISCARD, seat, k, 0);
    if (h->tuo && may_discard_tuo(g, h))
        put(out, &n, QIPAI_ZT_ACT_DISCARD, seat, g->tuo, 0);
    return n;
}
