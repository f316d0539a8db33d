/*
 * Zhaotong log lines (docs/formats/zhaotong.md) written with the library's
 * JSON writer, for the page: the play pane shows the events of a game as
 * they happen and the replay viewer compares the library's events with a
 * log's lines, so both need the very objects `qipai zhaotong sim --log`
 * writes (same keys, same values; the key order is the CLI's too).
 */
#include <stdio.h>
#include <string.h>

#include "web/zt_json.h"

void zt_write_tile(qjson_writer *w, int kind, bool wild)
{
    char text[12];
    size_t n = qipai_mj_format_kind(kind, false, text, sizeof text - 1);
    if (n >= sizeof text - 1)
        n = 0;
    if (wild)
        text[n++] = '*';
    qjson_string_n(w, text, n);
}

void zt_write_concealed(qjson_writer *w, const qipai_zt_hand *hand, int tuo_kind)
{
    qipai_mj_hand h;
    memset(&h, 0, sizeof h);
    memcpy(h.counts, hand->counts, QIPAI_ZT_KINDS);
    h.counts[tuo_kind] = (uint8_t)(h.counts[tuo_kind] + hand->tuo);
    char text[64];
    qipai_mj_format_hand(&h, false, text, sizeof text);
    qjson_string(w, text);
}

void zt_write_melds(qjson_writer *w, const qipai_zt_hand *hand)
{
    qjson_array_begin(w);
    for (int i = 0; i < hand->meld_count; i++) {
        const qipai_zt_meld *m = &hand->melds[i];
        qjson_object_begin(w);
        qjson_key_string(w, "type", qipai_zt_meld_name((qipai_zt_meld_type)m->type));
        qjson_key(w, "tile");
        zt_write_tile(w, m->kind, false);
        qjson_key_int(w, "tuo", m->tuo);
        qjson_key_int(w, "from", m->from);
        qjson_object_end(w);
    }
    qjson_array_end(w);
}

static void write_rules(qjson_writer *w, const qipai_zt_rules *r)
{
    qjson_object_begin(w);
    qjson_key(w, "fan");
    qjson_object_begin(w);
    for (int t = 0; t < QIPAI_ZT_TYPE_COUNT; t++) {
        qjson_key(w, qipai_zt_type_name((qipai_zt_type)t, false));
        if (r->fan[t] == QIPAI_ZT_FAN_CAP)
            qjson_string(w, "cap");
        else
            qjson_int(w, r->fan[t]);
    }
    qjson_object_end(w);
    qjson_key_int(w, "cap", r->cap);
    qjson_key_int(w, "base", r->base);
    qjson_key_bool(w, "zimo_adds_base", r->zimo_adds_base);
    qjson_key_bool(w, "call_transfer", r->call_transfer);
    qjson_key_bool(w, "tuo_discard", r->tuo_discard);
    qjson_key_bool(w, "tuo_claim", r->tuo_claim);
    qjson_key_bool(w, "seven_pairs", r->seven_pairs);
    qjson_key_bool(w, "multiple_hu", r->multiple_hu);
    qjson_key_bool(w, "rob_kong", r->rob_kong);
    qjson_key_bool(w, "pass_hu_lock", r->pass_hu_lock);
    qjson_key_bool(w, "hua_zhu", r->hua_zhu);
    qjson_key_bool(w, "da_jiao", r->da_jiao);
    qjson_key_bool(w, "tui_shui", r->tui_shui);
    qjson_key_int(w, "ming_gang_pay", r->ming_gang_pay);
    qjson_key_int(w, "bu_gang_pay", r->bu_gang_pay);
    qjson_key_int(w, "an_gang_pay", r->an_gang_pay);
    qjson_object_end(w);
}

void zt_write_header(qjson_writer *w, const qipai_zt_game *g, long number)
{
    qjson_object_begin(w);
    qjson_key_string(w, "type", "game");
    qjson_key_int(w, "game", number);
    if (g->seed) {
        qjson_key(w, "seed");
        qjson_uint(w, g->seed);
    }
    qjson_key_int(w, "dealer", g->dealer);
    qjson_key(w, "rules");
    write_rules(w, &g->rules);
    qjson_key(w, "wall");
    qjson_array_begin(w);
    for (int i = 0; i < QIPAI_ZT_TILES; i++)
        zt_write_tile(w, g->wall[i], false);
    qjson_array_end(w);
    qjson_key(w, "tuo");
    zt_write_tile(w, g->tuo, false);
    qjson_key_int(w, "turned_seat", g->turned_seat);
    qjson_object_end(w);
}

/* Right after the deal: the hands as they are now. */
void zt_write_deal(qjson_writer *w, const qipai_zt_game *g)
{
    qjson_object_begin(w);
    qjson_key_string(w, "type", "deal");
    qjson_key(w, "hands");
    qjson_array_begin(w);
    for (int s = 0; s < QIPAI_ZT_SEATS; s++)
        zt_write_concealed(w, &g->players[s].hand, g->tuo);
    qjson_array_end(w);
    qjson_object_end(w);
}

void zt_write_action(qjson_writer *w, const qipai_zt_action *a)
{
    qjson_object_begin(w);
    qjson_key_string(w, "type", "action");
    qjson_key_int(w, "player", a->seat);
    qjson_key_string(w, "action", qipai_zt_action_name((qipai_zt_action_type)a->type, false));
    if (a->type != QIPAI_ZT_ACT_HU && a->type != QIPAI_ZT_ACT_PASS) {
        qjson_key(w, "tile");
        zt_write_tile(w, a->kind, false);
    }
    if (a->type == QIPAI_ZT_ACT_PENG || a->type == QIPAI_ZT_ACT_MING_GANG ||
        a->type == QIPAI_ZT_ACT_AN_GANG || a->type == QIPAI_ZT_ACT_BU_GANG)
        qjson_key_int(w, "tuo", a->tuo);
    qjson_object_end(w);
}

static void write_decomposition(qjson_writer *w, const qipai_mj_decomposition *d)
{
    qjson_object_begin(w);
    qjson_key_string(w, "form", qipai_mj_form_name((qipai_mj_form)d->form));
    qjson_key(w, "melds");
    qjson_array_begin(w);
    for (int i = 0; i < d->meld_count; i++) {
        const qipai_mj_meld *m = &d->melds[i];
        qjson_object_begin(w);
        qjson_key_string(w, "type", qipai_mj_meld_type_name((qipai_mj_meld_type)m->type));
        qjson_key(w, "tiles");
        qjson_array_begin(w);
        for (int j = 0; j < m->size; j++)
            zt_write_tile(w, m->kinds[j], m->wild >> j & 1);
        qjson_array_end(w);
        qjson_object_end(w);
    }
    qjson_array_end(w);
    qjson_object_end(w);
}

void zt_write_win(qjson_writer *w, const qipai_zt_game *g, int seat)
{
    static const char *const contexts[] = {"self_drawn", "after_kong", "kong_discard",
                                           "rob_kong",   "heavenly",   "earthly"};
    const qipai_zt_player *p = &g->players[seat];
    const qipai_zt_win *win = &p->win;
    /* The hand as scored: the winning tile in it even when another winner
     * took the tile itself. */
    qipai_zt_hand shown = p->hand;
    if (!win->tile_held) {
        if (win->tile_tuo)
            shown.tuo++;
        else
            shown.counts[win->tile]++;
    }
    qjson_object_begin(w);
    qjson_key_string(w, "type", "win");
    qjson_key_int(w, "player", seat);
    qjson_key_int(w, "from", win->from);
    qjson_key(w, "tile");
    zt_write_tile(w, win->tile, false);
    qjson_key_bool(w, "tile_tuo", win->tile_tuo);
    qjson_key_bool(w, "tile_held", win->tile_held);
    qjson_key_int(w, "order", win->order);
    qjson_key(w, "context");
    qjson_array_begin(w);
    for (int i = 0; i < 6; i++)
        if (win->context >> i & 1)
            qjson_string(w, contexts[i]);
    qjson_array_end(w);
    qjson_key(w, "hand");
    zt_write_concealed(w, &shown, g->tuo);
    qjson_key(w, "melds");
    zt_write_melds(w, &p->hand);
    qjson_key(w, "decomposition");
    write_decomposition(w, &win->score.decomposition);
    qjson_key(w, "types");
    qjson_array_begin(w);
    for (int t = 0; t < QIPAI_ZT_TYPE_COUNT; t++)
        if (win->score.types >> t & 1)
            qjson_string(w, qipai_zt_type_name((qipai_zt_type)t, false));
    qjson_array_end(w);
    qjson_key_int(w, "gen", win->score.gen);
    qjson_key_int(w, "gou", win->score.gou);
    qjson_key_int(w, "fan", win->score.fan);
    qjson_key_int(w, "fan_capped", win->score.fan_capped);
    qjson_key_int(w, "amount", win->score.amount);
    qjson_object_end(w);
}

void zt_write_event(qjson_writer *w, const qipai_zt_game *g, const qipai_zt_event *e)
{
    switch (e->type) {
    case QIPAI_ZT_EV_DRAW:
        qjson_object_begin(w);
        qjson_key_string(w, "type", "draw");
        qjson_key_int(w, "player", e->player);
        qjson_key(w, "tile");
        zt_write_tile(w, e->tile, false);
        if (e->replacement)
            qjson_key_bool(w, "replacement", true);
        qjson_object_end(w);
        return;
    case QIPAI_ZT_EV_ACTION:
        zt_write_action(w, &e->action);
        return;
    case QIPAI_ZT_EV_PENG:
    case QIPAI_ZT_EV_GANG:
        qjson_object_begin(w);
        qjson_key_string(w, "type", e->type == QIPAI_ZT_EV_PENG ? "peng" : "gang");
        qjson_key_int(w, "player", e->player);
        if (e->type == QIPAI_ZT_EV_GANG)
            qjson_key_string(w, "gang", qipai_zt_meld_name((qipai_zt_meld_type)e->meld.type));
        qjson_key_int(w, "from", e->from);
        qjson_key(w, "tile");
        zt_write_tile(w, e->tile, false);
        qjson_key_int(w, "tuo", e->meld.tuo);
        qjson_object_end(w);
        return;
    case QIPAI_ZT_EV_ROBBED:
        qjson_object_begin(w);
        qjson_key_string(w, "type", "robbed");
        qjson_key_int(w, "player", e->from);
        qjson_key(w, "tile");
        zt_write_tile(w, e->tile, false);
        qjson_object_end(w);
        return;
    case QIPAI_ZT_EV_WIN:
        zt_write_win(w, g, e->player);
        return;
    case QIPAI_ZT_EV_PAY:
        qjson_object_begin(w);
        qjson_key_string(w, "type", "pay");
        qjson_key_int(w, "from", e->pay.from);
        qjson_key_int(w, "to", e->pay.to);
        qjson_key_int(w, "amount", e->pay.amount);
        qjson_key_string(w, "reason", qipai_zt_pay_reason_name((qipai_zt_pay_reason)e->pay.reason));
        if (e->pay.kong)
            qjson_key_int(w, "kong", e->pay.kong);
        qjson_object_end(w);
        return;
    case QIPAI_ZT_EV_END:
        qjson_object_begin(w);
        qjson_key_string(w, "type", "end");
        qjson_key_string(w, "reason", g->end == QIPAI_ZT_END_WALL ? "wall" : "one_left");
        qjson_key(w, "scores");
        qjson_array_begin(w);
        for (int s = 0; s < QIPAI_ZT_SEATS; s++)
            qjson_int(w, g->players[s].score);
        qjson_array_end(w);
        qjson_object_end(w);
        return;
    default:
        qjson_object_begin(w);
        qjson_key_string(w, "type", "unknown");
        qjson_object_end(w);
    }
}
