/*
 * Records: the deal and each event of a game as plain values, with what the
 * game showed at that moment, so that a stream can be written, read back and
 * compared without the game that made it (docs/formats/zhaotong.md, "The
 * log": one record a line). Equality looks at exactly the fields a log line
 * holds, so two records are equal exactly when their lines are.
 */
#include "zt_internal.h"

#include <stdio.h>

/* The physical tiles of a concealed hand: its 坨 as tiles of their kind. */
static void physical(const qipai_zt_hand *hand, int tuo_kind, uint8_t out[QIPAI_ZT_KINDS])
{
    memcpy(out, hand->counts, QIPAI_ZT_KINDS);
    if (tuo_kind >= 0 && tuo_kind < QIPAI_ZT_KINDS)
        out[tuo_kind] = (uint8_t)(out[tuo_kind] + hand->tuo);
}

void zt_win_hand(const qipai_zt_game *game, int seat, uint8_t out[QIPAI_ZT_KINDS])
{
    const qipai_zt_player *p = &game->players[seat];
    const qipai_zt_win *w = &p->win;
    physical(&p->hand, game->tuo, out);
    if (w->tile >= QIPAI_ZT_KINDS || (w->context & QIPAI_ZT_CTX_SELF_DRAWN))
        return; /* a drawn tile is in the hand as it is: a drawn 坨 is a wildcard */
    /* The tile won on from another player is a plain tile of its kind
     * (docs/RULES.md, "Winning"), whoever took it: in the hand of the winner
     * who took it a robbed 坨 lies as a 坨 and is written as the 碰's kind
     * instead (a discarded 坨 is of the 坨's kind either way); the others
     * get it added. */
    if (w->tile_held && w->tile_tuo && out[game->tuo])
        out[game->tuo]--;
    else if (w->tile_held)
        return;
    out[w->tile]++;
}

void qipai_zt_record_deal(const qipai_zt_game *game, qipai_zt_record *out)
{
    memset(out, 0, sizeof *out);
    out->type = QIPAI_ZT_RECORD_DEAL;
    out->event.player = out->event.from = -1;
    for (int s = 0; s < QIPAI_ZT_SEATS; s++)
        physical(&game->players[s].hand, game->tuo, out->dealt[s]);
}

void qipai_zt_record_event(const qipai_zt_game *game, const qipai_zt_event *event,
                           qipai_zt_record *out)
{
    memset(out, 0, sizeof *out);
    out->type = event->type;
    out->event = *event;
    if (event->type == QIPAI_ZT_EV_WIN && event->player >= 0 && event->player < QIPAI_ZT_SEATS) {
        /* A winner's hand and win never change once it has won, so this
         * reads the same whenever it is called after the win. */
        const qipai_zt_player *p = &game->players[event->player];
        out->win = p->win;
        zt_win_hand(game, event->player, out->shown);
        out->meld_count = p->hand.meld_count;
        memcpy(out->melds, p->hand.melds, sizeof out->melds);
    } else if (event->type == QIPAI_ZT_EV_END) {
        out->end = game->end;
        for (int s = 0; s < QIPAI_ZT_SEATS; s++)
            out->scores[s] = game->players[s].score;
    }
}

bool zt_action_has_tile(int type)
{
    return type != QIPAI_ZT_ACT_HU && type != QIPAI_ZT_ACT_PASS;
}

bool zt_action_has_tuo(int type)
{
    return type == QIPAI_ZT_ACT_PENG || type == QIPAI_ZT_ACT_MING_GANG ||
           type == QIPAI_ZT_ACT_AN_GANG || type == QIPAI_ZT_ACT_BU_GANG;
}

#define DIFFER(field, name) \
    do {                    \
        if (field)          \
            return name;    \
    } while (0)

static const char *decomposition_difference(const qipai_mj_decomposition *a,
                                            const qipai_mj_decomposition *b)
{
    DIFFER(a->form != b->form, "decomposition form");
    DIFFER(a->meld_count != b->meld_count, "decomposition");
    for (int i = 0; i < a->meld_count && i < QIPAI_MJ_MAX_TILES; i++) {
        const qipai_mj_meld *x = &a->melds[i], *y = &b->melds[i];
        DIFFER(x->type != y->type || x->size != y->size, "decomposition");
        for (int j = 0; j < x->size && j < 3; j++)
            DIFFER(x->kinds[j] != y->kinds[j] || (x->wild >> j & 1) != (y->wild >> j & 1),
                   "decomposition");
    }
    return NULL;
}

bool zt_win_legacy_hand(const qipai_zt_record *a, const qipai_zt_record *b, int tuo_kind)
{
    const qipai_zt_win *w = &a->win;
    if (a->type != QIPAI_ZT_EV_WIN || !w->tile_held || !w->tile_tuo ||
        !(w->context & QIPAI_ZT_CTX_ROB_KONG) || w->tile >= QIPAI_ZT_KINDS ||
        tuo_kind < 0 || tuo_kind >= QIPAI_ZT_KINDS || tuo_kind == w->tile || !a->shown[w->tile])
        return false;
    qipai_zt_record old = *a;
    old.shown[w->tile]--;
    old.shown[tuo_kind]++;
    return zt_record_difference(&old, b) == NULL;
}

static const char *win_difference(const qipai_zt_record *a, const qipai_zt_record *b)
{
    const qipai_zt_win *x = &a->win, *y = &b->win;
    DIFFER(a->event.player != b->event.player, "player");
    DIFFER(x->from != y->from, "from");
    DIFFER(x->tile != y->tile, "tile");
    DIFFER(!x->tile_tuo != !y->tile_tuo, "tile_tuo");
    DIFFER(!x->tile_held != !y->tile_held, "tile_held");
    DIFFER(x->order != y->order, "order");
    DIFFER(x->context != y->context, "context");
    DIFFER(memcmp(a->shown, b->shown, sizeof a->shown), "hand");
    DIFFER(a->meld_count != b->meld_count, "melds");
    for (int i = 0; i < a->meld_count && i < QIPAI_ZT_MAX_MELDS; i++) {
        const qipai_zt_meld *m = &a->melds[i], *n = &b->melds[i];
        DIFFER(m->type != n->type || m->kind != n->kind || m->tuo != n->tuo || m->from != n->from,
               "melds");
    }
    const char *d = decomposition_difference(&x->score.decomposition, &y->score.decomposition);
    if (d)
        return d;
    DIFFER(x->score.types != y->score.types, "types");
    DIFFER(x->score.gen != y->score.gen, "gen");
    DIFFER(x->score.gou != y->score.gou, "gou");
    DIFFER(x->score.fan != y->score.fan, "fan");
    DIFFER(x->score.fan_capped != y->score.fan_capped, "fan_capped");
    DIFFER(x->score.amount != y->score.amount, "amount");
    return NULL;
}

const char *zt_record_difference(const qipai_zt_record *a, const qipai_zt_record *b)
{
    const qipai_zt_event *x = &a->event, *y = &b->event;
    DIFFER(a->type != b->type, "type");
    switch (a->type) {
    case QIPAI_ZT_RECORD_DEAL:
        DIFFER(a->hidden != b->hidden, "hands");
        for (int s = 0; s < QIPAI_ZT_SEATS; s++)
            DIFFER(!(a->hidden >> s & 1) && memcmp(a->dealt[s], b->dealt[s], QIPAI_ZT_KINDS),
                   "hands");
        return NULL;
    case QIPAI_ZT_EV_DRAW: {
        DIFFER(x->player != y->player, "player");
        bool hidden = x->player >= 0 && x->player < QIPAI_ZT_SEATS && a->hidden >> x->player & 1;
        DIFFER(hidden != (x->player >= 0 && x->player < QIPAI_ZT_SEATS && b->hidden >> x->player & 1),
               "tile");
        DIFFER(!hidden && x->tile != y->tile, "tile");
        DIFFER(!x->replacement != !y->replacement, "replacement");
        return NULL;
    }
    case QIPAI_ZT_EV_ACTION:
        DIFFER(x->action.seat != y->action.seat, "player");
        DIFFER(x->action.type != y->action.type, "action");
        DIFFER(zt_action_has_tile(x->action.type) && x->action.kind != y->action.kind, "tile");
        DIFFER(zt_action_has_tuo(x->action.type) && x->action.tuo != y->action.tuo, "tuo");
        return NULL;
    case QIPAI_ZT_EV_PENG:
    case QIPAI_ZT_EV_GANG:
        DIFFER(x->player != y->player, "player");
        DIFFER(a->type == QIPAI_ZT_EV_GANG && x->meld.type != y->meld.type, "gang");
        DIFFER(x->from != y->from, "from");
        DIFFER(x->tile != y->tile, "tile");
        DIFFER(x->meld.tuo != y->meld.tuo, "tuo");
        return NULL;
    case QIPAI_ZT_EV_ROBBED:
        DIFFER(x->from != y->from, "player");
        DIFFER(x->tile != y->tile, "tile");
        return NULL;
    case QIPAI_ZT_EV_WIN:
        return win_difference(a, b);
    case QIPAI_ZT_EV_PAY:
        DIFFER(x->pay.from != y->pay.from, "from");
        DIFFER(x->pay.to != y->pay.to, "to");
        DIFFER(x->pay.amount != y->pay.amount, "amount");
        DIFFER(x->pay.reason != y->pay.reason, "reason");
        DIFFER(x->pay.kong != y->pay.kong, "kong");
        return NULL;
    case QIPAI_ZT_EV_END:
        DIFFER((a->end == QIPAI_ZT_END_WALL) != (b->end == QIPAI_ZT_END_WALL), "reason");
        for (int s = 0; s < QIPAI_ZT_SEATS; s++)
            DIFFER(a->scores[s] != b->scores[s], "scores");
        return NULL;
    default:
        return NULL; /* no such type: nothing of it is written */
    }
}

bool qipai_zt_record_equal(const qipai_zt_record *a, const qipai_zt_record *b)
{
    return zt_record_difference(a, b) == NULL;
}

static const char *tile_name(int kind, char text[8])
{
    if (qipai_mj_format_kind(kind, false, text, 8) == 0 || kind >= QIPAI_ZT_KINDS)
        snprintf(text, 8, "?");
    return text;
}

static const char *name_or(const char *name)
{
    return name ? name : "?";
}

size_t zt_record_describe(const qipai_zt_record *r, char *out, size_t size)
{
    const qipai_zt_event *e = &r->event;
    char tile[8];
    int n;
    switch (r->type) {
    case QIPAI_ZT_RECORD_DEAL:
        n = snprintf(out, size, "the deal");
        break;
    case QIPAI_ZT_EV_DRAW:
        n = snprintf(out, size, "seat %d draws %s%s", e->player,
                     r->hidden ? "a tile" : tile_name(e->tile, tile),
                     e->replacement ? " (replacement)" : "");
        break;
    case QIPAI_ZT_EV_ACTION:
        n = snprintf(out, size, "seat %d: %s%s%s", e->action.seat,
                     name_or(qipai_zt_action_name((qipai_zt_action_type)e->action.type, false)),
                     zt_action_has_tile(e->action.type) ? " " : "",
                     zt_action_has_tile(e->action.type) ? tile_name(e->action.kind, tile) : "");
        break;
    case QIPAI_ZT_EV_PENG:
    case QIPAI_ZT_EV_GANG:
        n = snprintf(out, size, "seat %d: %s of %s from seat %d", e->player,
                     r->type == QIPAI_ZT_EV_PENG
                         ? "peng"
                         : name_or(qipai_zt_meld_name((qipai_zt_meld_type)e->meld.type)),
                     tile_name(e->tile, tile), e->from);
        break;
    case QIPAI_ZT_EV_ROBBED:
        n = snprintf(out, size, "the robbed bu_gang of seat %d (%s)", e->from,
                     tile_name(e->tile, tile));
        break;
    case QIPAI_ZT_EV_WIN:
        n = snprintf(out, size, "the win of seat %d", e->player);
        break;
    case QIPAI_ZT_EV_PAY:
        n = snprintf(out, size, "seat %d pays seat %d %lld (%s)", e->pay.from, e->pay.to,
                     (long long)e->pay.amount,
                     name_or(qipai_zt_pay_reason_name((qipai_zt_pay_reason)e->pay.reason)));
        break;
    case QIPAI_ZT_EV_END:
        n = snprintf(out, size, "the end (%s)", r->end == QIPAI_ZT_END_WALL ? "wall" : "one_left");
        break;
    default:
        n = snprintf(out, size, "a record of no type");
        break;
    }
    return n < 0 ? 0 : (size_t)n;
}
