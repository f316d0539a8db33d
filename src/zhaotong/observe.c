/*
 * What a learning agent sees and chooses from (include/qipai/zhaotong.h,
 * "learning agents"; docs/formats/zhaotong.md, "Action numbers and
 * observations"): the fixed numbering of every action, the mask of a
 * seat's legal numbers, and the observation of a seat.
 *
 * The mask is built from qipai_zt_legal_actions alone, so it can never
 * disagree with the step function. The observation reads only what the
 * seat may know: its own concealed tiles, its own last draw and 过水 lock,
 * and the table (melds, rivers, winners' shown hands, scores, the 坨, the
 * claim under way). Another seat's concealed tiles, last draw, pending
 * claim decision and the wall's order never enter it: tests/test_zt_observe.c
 * changes them and checks that nothing moves.
 */
#include "zt_internal.h"
#include "common/fail.h"

_Static_assert(QIPAI_ZT_ACTION_DISCARD_TUO == QIPAI_ZT_ACTION_DISCARD + QIPAI_ZT_KINDS,
               "one discard number per kind, then the 坨");
_Static_assert(QIPAI_ZT_ACTION_MING_GANG == QIPAI_ZT_ACTION_PENG + 3, "碰 with 0-2 坨");
_Static_assert(QIPAI_ZT_ACTION_AN_GANG == QIPAI_ZT_ACTION_MING_GANG + 4, "明杠 with 0-3 坨");
_Static_assert(QIPAI_ZT_ACTION_BU_GANG == QIPAI_ZT_ACTION_AN_GANG + 4 * QIPAI_ZT_KINDS,
               "暗杠: 4 坨 counts per kind");
_Static_assert(QIPAI_ZT_ACTION_HU == QIPAI_ZT_ACTION_BU_GANG + 2 * QIPAI_ZT_KINDS,
               "补杠: 2 per kind");
_Static_assert(QIPAI_ZT_ACTION_SPACE == QIPAI_ZT_ACTION_PASS + 1, "pass is the last number");

/* Each block starts where the one before it ends. */
_Static_assert(QIPAI_ZT_OBS_HAND_TUO == QIPAI_ZT_OBS_HAND + QIPAI_ZT_KINDS, "layout");
_Static_assert(QIPAI_ZT_OBS_DRAWN == QIPAI_ZT_OBS_HAND_TUO + 1, "layout");
_Static_assert(QIPAI_ZT_OBS_HU_LOCKED == QIPAI_ZT_OBS_DRAWN + QIPAI_ZT_KINDS + 1, "layout");
_Static_assert(QIPAI_ZT_OBS_TUO_KIND == QIPAI_ZT_OBS_HU_LOCKED + 1, "layout");
_Static_assert(QIPAI_ZT_OBS_MELDS == QIPAI_ZT_OBS_TUO_KIND + QIPAI_ZT_KINDS, "layout");
_Static_assert(QIPAI_ZT_OBS_MELD_TUO == QIPAI_ZT_OBS_MELDS + 4 * 4 * QIPAI_ZT_KINDS, "layout");
_Static_assert(QIPAI_ZT_OBS_RIVER == QIPAI_ZT_OBS_MELD_TUO + 4 * QIPAI_ZT_KINDS, "layout");
_Static_assert(QIPAI_ZT_OBS_SHOWN == QIPAI_ZT_OBS_RIVER + 4 * QIPAI_ZT_KINDS, "layout");
_Static_assert(QIPAI_ZT_OBS_SHOWN_TUO == QIPAI_ZT_OBS_SHOWN + 4 * QIPAI_ZT_KINDS, "layout");
_Static_assert(QIPAI_ZT_OBS_WON == QIPAI_ZT_OBS_SHOWN_TUO + 4, "layout");
_Static_assert(QIPAI_ZT_OBS_SCORES == QIPAI_ZT_OBS_WON + 4, "layout");
_Static_assert(QIPAI_ZT_OBS_DEALER == QIPAI_ZT_OBS_SCORES + 4, "layout");
_Static_assert(QIPAI_ZT_OBS_TURN == QIPAI_ZT_OBS_DEALER + 4, "layout");
_Static_assert(QIPAI_ZT_OBS_PHASE == QIPAI_ZT_OBS_TURN + 4, "layout");
_Static_assert(QIPAI_ZT_OBS_CLAIM == QIPAI_ZT_OBS_PHASE + 3, "layout");
_Static_assert(QIPAI_ZT_OBS_CLAIM_TUO == QIPAI_ZT_OBS_CLAIM + QIPAI_ZT_KINDS, "layout");
_Static_assert(QIPAI_ZT_OBS_FLAGS == QIPAI_ZT_OBS_CLAIM_TUO + 1, "layout");
_Static_assert(QIPAI_ZT_OBS_VISIBLE == QIPAI_ZT_OBS_FLAGS + 6, "layout");
_Static_assert(QIPAI_ZT_OBS_WALL == QIPAI_ZT_OBS_VISIBLE + QIPAI_ZT_KINDS, "layout");
_Static_assert(QIPAI_ZT_OBSERVATION_SIZE == QIPAI_ZT_OBS_WALL + 1, "layout");

/* ---- action numbers ---------------------------------------------------------- */

int qipai_zt_action_index(const qipai_zt_game *game, const qipai_zt_action *action)
{
    const qipai_zt_action *a = action;
    if (a->type != QIPAI_ZT_ACT_HU && a->type != QIPAI_ZT_ACT_PASS && a->kind >= QIPAI_ZT_KINDS)
        return -1;
    switch (a->type) {
    case QIPAI_ZT_ACT_DISCARD:
        if (a->tuo)
            return -1;
        /* A discard of the 坨's kind is a discard of a 坨 (no real tile of
         * that kind is held in a game). */
        return a->kind == game->tuo ? QIPAI_ZT_ACTION_DISCARD_TUO
                                    : QIPAI_ZT_ACTION_DISCARD + a->kind;
    case QIPAI_ZT_ACT_PENG:
        return a->tuo <= 2 ? QIPAI_ZT_ACTION_PENG + a->tuo : -1;
    case QIPAI_ZT_ACT_MING_GANG:
        return a->tuo <= 3 ? QIPAI_ZT_ACTION_MING_GANG + a->tuo : -1;
    case QIPAI_ZT_ACT_AN_GANG:
        return a->tuo <= 3 ? QIPAI_ZT_ACTION_AN_GANG + 4 * a->kind + a->tuo : -1;
    case QIPAI_ZT_ACT_BU_GANG:
        return a->tuo <= 1 ? QIPAI_ZT_ACTION_BU_GANG + 2 * a->kind + a->tuo : -1;
    case QIPAI_ZT_ACT_HU:
    case QIPAI_ZT_ACT_PASS:
        if (a->kind || a->tuo)
            return -1;
        return a->type == QIPAI_ZT_ACT_HU ? QIPAI_ZT_ACTION_HU : QIPAI_ZT_ACTION_PASS;
    default:
        return -1;
    }
}

qipai_err qipai_zt_action_of_index(const qipai_zt_game *game, int seat, int index,
                                   qipai_zt_action *out, qipai_error *err)
{
    if (seat < 0 || seat >= QIPAI_ZT_SEATS)
        return qipai_fail(err, QIPAI_ERR_RANGE, -1, "seat %d: seats are 0-3", seat);
    if (index < 0 || index >= QIPAI_ZT_ACTION_SPACE)
        return qipai_fail(err, QIPAI_ERR_RANGE, -1, "action number %d: numbers are 0-%d", index,
                          QIPAI_ZT_ACTION_SPACE - 1);
    int type, kind = 0, tuo = 0;
    if (index < QIPAI_ZT_ACTION_DISCARD_TUO) {
        if (index == game->tuo) {
            char name[8];
            qipai_mj_format_kind(index, false, name, sizeof name);
            return qipai_fail(err, QIPAI_ERR_ILLEGAL, -1,
                              "action number %d discards a real %s, but every %s is a 坨 this "
                              "game (a 坨 is number %d)",
                              index, name, name, QIPAI_ZT_ACTION_DISCARD_TUO);
        }
        type = QIPAI_ZT_ACT_DISCARD;
        kind = index;
    } else if (index == QIPAI_ZT_ACTION_DISCARD_TUO) {
        type = QIPAI_ZT_ACT_DISCARD;
        kind = game->tuo;
    } else if (index < QIPAI_ZT_ACTION_MING_GANG) {
        type = QIPAI_ZT_ACT_PENG;
        kind = game->claim_kind;
        tuo = index - QIPAI_ZT_ACTION_PENG;
    } else if (index < QIPAI_ZT_ACTION_AN_GANG) {
        type = QIPAI_ZT_ACT_MING_GANG;
        kind = game->claim_kind;
        tuo = index - QIPAI_ZT_ACTION_MING_GANG;
    } else if (index < QIPAI_ZT_ACTION_BU_GANG) {
        type = QIPAI_ZT_ACT_AN_GANG;
        kind = (index - QIPAI_ZT_ACTION_AN_GANG) / 4;
        tuo = (index - QIPAI_ZT_ACTION_AN_GANG) % 4;
    } else if (index < QIPAI_ZT_ACTION_HU) {
        type = QIPAI_ZT_ACT_BU_GANG;
        kind = (index - QIPAI_ZT_ACTION_BU_GANG) / 2;
        tuo = (index - QIPAI_ZT_ACTION_BU_GANG) % 2;
    } else {
        type = index == QIPAI_ZT_ACTION_HU ? QIPAI_ZT_ACT_HU : QIPAI_ZT_ACT_PASS;
    }
    *out = (qipai_zt_action){(uint8_t)type, (uint8_t)seat, (uint8_t)kind, (uint8_t)tuo};
    return QIPAI_OK;
}

int qipai_zt_action_mask(const qipai_zt_game *game, int seat, uint8_t mask[QIPAI_ZT_ACTION_SPACE])
{
    qipai_zt_action legal[QIPAI_ZT_MAX_ACTIONS];
    memset(mask, 0, QIPAI_ZT_ACTION_SPACE);
    int n = qipai_zt_legal_actions(game, seat, legal);
    for (int i = 0; i < n; i++) {
        int index = qipai_zt_action_index(game, &legal[i]);
        if (index >= 0) /* every legal action has a number: the table covers them */
            mask[index] = 1;
    }
    return n;
}

/* ---- the observation --------------------------------------------------------- */

void qipai_zt_observe(const qipai_zt_game *game, int seat, float out[QIPAI_ZT_OBSERVATION_SIZE])
{
    const qipai_zt_game *g = game;
    memset(out, 0, QIPAI_ZT_OBSERVATION_SIZE * sizeof *out);
    if (seat < 0 || seat >= QIPAI_ZT_SEATS)
        return;
    const qipai_zt_player *me = &g->players[seat];
    bool over = g->phase == QIPAI_ZT_PHASE_OVER;
    bool turn = g->phase == QIPAI_ZT_PHASE_TURN;
    bool claim = g->phase == QIPAI_ZT_PHASE_CLAIM || g->phase == QIPAI_ZT_PHASE_ROB;

    /* What the seat alone knows. */
    for (int k = 0; k < QIPAI_ZT_KINDS; k++)
        out[QIPAI_ZT_OBS_HAND + k] = me->hand.counts[k];
    out[QIPAI_ZT_OBS_HAND_TUO] = me->hand.tuo;
    /* last_draw is the turn player's own draw only before a 碰 moved the
     * turn; after one it is the tile some other seat drew. */
    if (turn && g->turn == seat && !g->must_discard)
        out[QIPAI_ZT_OBS_DRAWN + (g->last_draw == g->tuo ? QIPAI_ZT_KINDS : g->last_draw)] = 1;
    out[QIPAI_ZT_OBS_HU_LOCKED] = me->hu_locked;

    /* The table, seat by seat relative to the observer. */
    out[QIPAI_ZT_OBS_TUO_KIND + g->tuo] = 1;
    for (int r = 0; r < QIPAI_ZT_SEATS; r++) {
        int s = (seat + r) % QIPAI_ZT_SEATS;
        const qipai_zt_player *p = &g->players[s];
        for (int i = 0; i < p->hand.meld_count; i++) {
            const qipai_zt_meld *m = &p->hand.melds[i];
            /* Counted, not flagged: two 碰 of one kind can happen (each with
             * a 坨 and two real tiles). */
            out[QIPAI_ZT_OBS_MELDS + r * 4 * QIPAI_ZT_KINDS + m->type * QIPAI_ZT_KINDS + m->kind] += 1;
            out[QIPAI_ZT_OBS_MELD_TUO + r * QIPAI_ZT_KINDS + m->kind] += m->tuo;
        }
        if (p->status == QIPAI_ZT_WON) { /* 亮牌 */
            for (int k = 0; k < QIPAI_ZT_KINDS; k++)
                out[QIPAI_ZT_OBS_SHOWN + r * QIPAI_ZT_KINDS + k] = p->hand.counts[k];
            out[QIPAI_ZT_OBS_SHOWN_TUO + r] = p->hand.tuo;
            out[QIPAI_ZT_OBS_WON + r] = 1;
        }
        out[QIPAI_ZT_OBS_SCORES + r] = (float)((double)p->score / (g->rules.base > 0 ? g->rules.base : 1));
        if (s == g->dealer)
            out[QIPAI_ZT_OBS_DEALER + r] = 1;
        if (!over && s == g->turn)
            out[QIPAI_ZT_OBS_TURN + r] = 1;
    }
    for (int i = 0; i < g->discard_count; i++) {
        const qipai_zt_discard_tile *d = &g->river[i];
        int r = (d->seat - seat + QIPAI_ZT_SEATS) % QIPAI_ZT_SEATS;
        out[QIPAI_ZT_OBS_RIVER + r * QIPAI_ZT_KINDS + d->kind] += 1;
    }

    /* Where the game stands. */
    if (!over)
        out[QIPAI_ZT_OBS_PHASE + g->phase] = 1;
    if (claim) {
        out[QIPAI_ZT_OBS_CLAIM + g->claim_kind] = 1;
        out[QIPAI_ZT_OBS_CLAIM_TUO] = g->phase == QIPAI_ZT_PHASE_ROB && g->claim_tuo;
        out[QIPAI_ZT_OBS_FLAGS + 3] = (g->claim_context & QIPAI_ZT_CTX_KONG_DISCARD) != 0;
        out[QIPAI_ZT_OBS_FLAGS + 4] = (g->claim_context & QIPAI_ZT_CTX_EARTHLY) != 0;
        out[QIPAI_ZT_OBS_FLAGS + 5] = (g->claim_context & QIPAI_ZT_CTX_ROB_KONG) != 0;
    }
    if (turn) {
        out[QIPAI_ZT_OBS_FLAGS + 0] = g->must_discard;
        out[QIPAI_ZT_OBS_FLAGS + 1] = g->after_kong;
        out[QIPAI_ZT_OBS_FLAGS + 2] = g->first_turn;
    }
    uint8_t visible[QIPAI_ZT_KINDS];
    qipai_zt_visible(g, visible);
    for (int k = 0; k < QIPAI_ZT_KINDS; k++)
        out[QIPAI_ZT_OBS_VISIBLE + k] = visible[k];
    out[QIPAI_ZT_OBS_WALL] = (float)(QIPAI_ZT_TILES - g->wall_next);
}
