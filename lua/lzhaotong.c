/*
 * qipai.zhaotong.game (docs/BINDINGS.md): the Zhaotong engine for servers.
 * A game is a userdata holding qipai_zt_game; :step gives the action to
 * qipai_zt_step_events and answers with the events it reported, each a
 * table shaped like its line of the game log (docs/formats/zhaotong.md), so
 * a server can write them out as they are. Actions in and out have the
 * shape of the log's action lines.
 *
 * The events are copied into the userdata while the step runs and turned
 * into tables after it returns: no Lua call (which may raise an error and
 * jump) happens inside the library.
 */
#include "lqipai.h"

#include <qipai/zhaotong.h>

#include <string.h>

#define GAME "qipai.zhaotong.game"

/* Events one step can report: every payment of a game at most, and a few
 * more (the action, a draw, a meld, up to three wins, the end). */
enum { MAX_EVENTS = QIPAI_ZT_MAX_PAYMENTS + 32 };

typedef struct session {
    qipai_zt_game game;
    size_t event_count;
    bool overflow;
    qipai_zt_event events[MAX_EVENTS];
} session;

static session *check_game(lua_State *L)
{
    return luaL_checkudata(L, 1, GAME);
}

static int check_seat(lua_State *L, int arg)
{
    lua_Integer s = luaL_checkinteger(L, arg);
    luaL_argcheck(L, s >= 0 && s < QIPAI_ZT_SEATS, arg, "a seat is 0-3");
    return (int)s;
}

/* ---- tiles and hands as the log writes them ---------------------------------- */

static void push_tile(lua_State *L, int kind, bool wild)
{
    char text[12];
    size_t n = qipai_mj_format_kind(kind, false, text, sizeof text - 1);
    if (wild && n > 0)
        text[n++] = '*';
    lua_pushlstring(L, text, n);
}

static void set_tile(lua_State *L, const char *key, int kind)
{
    push_tile(L, kind, false);
    lua_setfield(L, -2, key);
}

static void set_int(lua_State *L, const char *key, lua_Integer value)
{
    lua_pushinteger(L, value);
    lua_setfield(L, -2, key);
}

static void set_bool(lua_State *L, const char *key, bool value)
{
    lua_pushboolean(L, value);
    lua_setfield(L, -2, key);
}

static void set_string(lua_State *L, const char *key, const char *value)
{
    lua_pushstring(L, value);
    lua_setfield(L, -2, key);
}

/* The concealed tiles, 坨 written as their kind. */
static void push_concealed(lua_State *L, const qipai_zt_hand *hand, int tuo_kind)
{
    qipai_mj_hand h;
    memset(&h, 0, sizeof h);
    memcpy(h.counts, hand->counts, QIPAI_ZT_KINDS);
    h.counts[tuo_kind] = (uint8_t)(h.counts[tuo_kind] + hand->tuo);
    char text[64];
    size_t n = qipai_mj_format_hand(&h, false, text, sizeof text);
    lua_pushlstring(L, text, n < sizeof text ? n : sizeof text - 1);
}

static void push_melds(lua_State *L, const qipai_zt_hand *hand)
{
    lua_createtable(L, hand->meld_count, 0);
    for (int i = 0; i < hand->meld_count; i++) {
        const qipai_zt_meld *m = &hand->melds[i];
        lua_createtable(L, 0, 4);
        set_string(L, "type", qipai_zt_meld_name((qipai_zt_meld_type)m->type));
        set_tile(L, "tile", m->kind);
        set_int(L, "tuo", m->tuo);
        set_int(L, "from", m->from);
        lua_rawseti(L, -2, i + 1);
    }
}

static void push_decomposition(lua_State *L, const qipai_mj_decomposition *d)
{
    lua_createtable(L, 0, 2);
    set_string(L, "form", qipai_mj_form_name((qipai_mj_form)d->form));
    lua_createtable(L, d->meld_count, 0);
    for (int i = 0; i < d->meld_count; i++) {
        const qipai_mj_meld *m = &d->melds[i];
        lua_createtable(L, 0, 2);
        set_string(L, "type", qipai_mj_meld_type_name((qipai_mj_meld_type)m->type));
        lua_createtable(L, m->size, 0);
        for (int j = 0; j < m->size; j++) {
            push_tile(L, m->kinds[j], m->wild >> j & 1);
            lua_rawseti(L, -2, j + 1);
        }
        lua_setfield(L, -2, "tiles");
        lua_rawseti(L, -2, i + 1);
    }
    lua_setfield(L, -2, "melds");
}

/* ---- actions ----------------------------------------------------------------- */

static bool action_has_tile(int type)
{
    return type != QIPAI_ZT_ACT_HU && type != QIPAI_ZT_ACT_PASS;
}

static bool action_has_tuo(int type)
{
    return type == QIPAI_ZT_ACT_PENG || type == QIPAI_ZT_ACT_MING_GANG ||
           type == QIPAI_ZT_ACT_AN_GANG || type == QIPAI_ZT_ACT_BU_GANG;
}

/* {type="action", player=0, action="discard", tile="5m"} as the log has it. */
static void push_action(lua_State *L, const qipai_zt_action *a)
{
    lua_createtable(L, 0, 5);
    set_string(L, "type", "action");
    set_int(L, "player", a->seat);
    set_string(L, "action", qipai_zt_action_name((qipai_zt_action_type)a->type, false));
    if (action_has_tile(a->type))
        set_tile(L, "tile", a->kind);
    if (action_has_tuo(a->type))
        set_int(L, "tuo", a->tuo);
}

/* A tile of the game: "5m" (or 五万) or a tile number 0-26; -1 if neither. */
static int tile_kind(lua_State *L, int index)
{
    if (lua_type(L, index) == LUA_TNUMBER) {
        int isnum;
        lua_Integer k = lua_tointegerx(L, index, &isnum);
        return isnum && k >= 0 && k < QIPAI_ZT_KINDS ? (int)k : -1;
    }
    const char *text = lua_tostring(L, index);
    qipai_mj_rules rules;
    qipai_mj_tiles tiles;
    qipai_mj_rules_preset(&rules, QIPAI_MJ_PRESET_ZHAOTONG);
    if (lua_type(L, index) != LUA_TSTRING ||
        qipai_mj_parse_tiles(&rules, text, &tiles, 1, NULL) != QIPAI_OK || tiles.jokers)
        return -1;
    for (int k = 0; k < QIPAI_ZT_KINDS; k++)
        if (tiles.counts[k])
            return k;
    return -1;
}

/* Reads an action table (the shape push_action makes; "type" is not
 * read). Returns NULL, or the message of what is wrong with it. */
static const char *read_action(lua_State *L, int index, qipai_zt_action *a)
{
    memset(a, 0, sizeof *a);
    int isnum;
    lua_getfield(L, index, "player");
    lua_Integer player = lua_tointegerx(L, -1, &isnum);
    lua_pop(L, 1);
    if (!isnum || player < 0 || player >= QIPAI_ZT_SEATS)
        return "the action's player must be a seat 0-3";
    a->seat = (uint8_t)player;
    lua_getfield(L, index, "action");
    const char *name = lua_tostring(L, -1);
    int type = -1;
    for (int t = 0; name && t < QIPAI_ZT_ACT_COUNT && type < 0; t++)
        if (!strcmp(name, qipai_zt_action_name((qipai_zt_action_type)t, false)) ||
            !strcmp(name, qipai_zt_action_name((qipai_zt_action_type)t, true)))
            type = t;
    lua_pop(L, 1);
    if (type < 0)
        return "the action must be discard, peng, ming_gang, an_gang, bu_gang, hu or pass";
    a->type = (uint8_t)type;
    if (action_has_tile(type)) {
        lua_getfield(L, index, "tile");
        int k = tile_kind(L, -1);
        lua_pop(L, 1);
        if (k < 0)
            return "the action's tile must be one tile of 1m-9s (or its number 0-26)";
        a->kind = (uint8_t)k;
    }
    if (action_has_tuo(type)) {
        lua_getfield(L, index, "tuo");
        lua_Integer tuo = lua_isnil(L, -1) ? 0 : lua_tointegerx(L, -1, &isnum);
        bool ok = lua_isnil(L, -1) || isnum;
        lua_pop(L, 1);
        if (!ok || tuo < 0 || tuo > 4)
            return "the action's tuo must be 0-4";
        a->tuo = (uint8_t)tuo;
    }
    return NULL;
}

/* ---- events ------------------------------------------------------------------ */

static void on_event(const qipai_zt_game *game, const qipai_zt_event *event, void *context)
{
    (void)game;
    session *s = context;
    if (s->event_count < MAX_EVENTS)
        s->events[s->event_count++] = *event;
    else
        s->overflow = true;
}

static void push_win(lua_State *L, const qipai_zt_game *g, int seat)
{
    static const char *const contexts[] = {"self_drawn", "after_kong", "kong_discard",
                                           "rob_kong",   "heavenly",   "earthly"};
    const qipai_zt_player *p = &g->players[seat];
    const qipai_zt_win *w = &p->win;
    lua_createtable(L, 0, 18);
    set_string(L, "type", "win");
    set_int(L, "player", seat);
    set_int(L, "from", w->from);
    set_tile(L, "tile", w->tile);
    set_bool(L, "tile_tuo", w->tile_tuo);
    set_bool(L, "tile_held", w->tile_held);
    set_int(L, "order", w->order);
    lua_newtable(L);
    for (int i = 0, n = 0; i < 6; i++)
        if (w->context >> i & 1) {
            lua_pushstring(L, contexts[i]);
            lua_rawseti(L, -2, ++n);
        }
    lua_setfield(L, -2, "context");
    /* the hand as scored, as the log's win line gives it: the winning tile
     * in it even when another winner took the tile itself, a robbed 坨 as
     * the 碰's kind */
    qipai_zt_event ev;
    qipai_zt_record rec;
    memset(&ev, 0, sizeof ev);
    ev.type = QIPAI_ZT_EV_WIN;
    ev.player = (int8_t)seat;
    ev.from = -1;
    qipai_zt_record_event(g, &ev, &rec);
    qipai_zt_hand shown;
    memset(&shown, 0, sizeof shown);
    memcpy(shown.counts, rec.shown, QIPAI_ZT_KINDS);
    push_concealed(L, &shown, g->tuo);
    lua_setfield(L, -2, "hand");
    push_melds(L, &p->hand);
    lua_setfield(L, -2, "melds");
    push_decomposition(L, &w->score.decomposition);
    lua_setfield(L, -2, "decomposition");
    lua_newtable(L);
    for (int t = 0, n = 0; t < QIPAI_ZT_TYPE_COUNT; t++)
        if (w->score.types >> t & 1) {
            lua_pushstring(L, qipai_zt_type_name((qipai_zt_type)t, false));
            lua_rawseti(L, -2, ++n);
        }
    lua_setfield(L, -2, "types");
    set_int(L, "gen", w->score.gen);
    set_int(L, "gou", w->score.gou);
    set_int(L, "fan", w->score.fan);
    set_int(L, "fan_capped", w->score.fan_capped);
    set_int(L, "amount", w->score.amount);
}

static void push_scores(lua_State *L, const qipai_zt_game *g)
{
    lua_createtable(L, QIPAI_ZT_SEATS, 0);
    for (int s = 0; s < QIPAI_ZT_SEATS; s++) {
        lua_pushinteger(L, g->players[s].score);
        lua_rawseti(L, -2, s + 1);
    }
}

/* One event as its log line. */
static void push_event(lua_State *L, const qipai_zt_game *g, const qipai_zt_event *e)
{
    switch (e->type) {
    case QIPAI_ZT_EV_DRAW:
        lua_createtable(L, 0, 4);
        set_string(L, "type", "draw");
        set_int(L, "player", e->player);
        set_tile(L, "tile", e->tile);
        if (e->replacement)
            set_bool(L, "replacement", true);
        return;
    case QIPAI_ZT_EV_ACTION:
        push_action(L, &e->action);
        return;
    case QIPAI_ZT_EV_PENG:
        lua_createtable(L, 0, 5);
        set_string(L, "type", "peng");
        set_int(L, "player", e->player);
        set_int(L, "from", e->from);
        set_tile(L, "tile", e->tile);
        set_int(L, "tuo", e->meld.tuo);
        return;
    case QIPAI_ZT_EV_GANG:
        lua_createtable(L, 0, 6);
        set_string(L, "type", "gang");
        set_int(L, "player", e->player);
        set_string(L, "gang", qipai_zt_meld_name((qipai_zt_meld_type)e->meld.type));
        set_int(L, "from", e->from);
        set_tile(L, "tile", e->tile);
        set_int(L, "tuo", e->meld.tuo);
        return;
    case QIPAI_ZT_EV_ROBBED:
        lua_createtable(L, 0, 3);
        set_string(L, "type", "robbed");
        set_int(L, "player", e->from);
        set_tile(L, "tile", e->tile);
        return;
    case QIPAI_ZT_EV_WIN:
        push_win(L, g, e->player);
        return;
    case QIPAI_ZT_EV_PAY:
        lua_createtable(L, 0, 6);
        set_string(L, "type", "pay");
        set_int(L, "from", e->pay.from);
        set_int(L, "to", e->pay.to);
        set_int(L, "amount", e->pay.amount);
        set_string(L, "reason", qipai_zt_pay_reason_name((qipai_zt_pay_reason)e->pay.reason));
        if (e->pay.kong)
            set_int(L, "kong", e->pay.kong);
        return;
    case QIPAI_ZT_EV_END:
        lua_createtable(L, 0, 3);
        set_string(L, "type", "end");
        set_string(L, "reason", g->end == QIPAI_ZT_END_WALL ? "wall" : "one_left");
        push_scores(L, g);
        lua_setfield(L, -2, "scores");
        return;
    default:
        lua_createtable(L, 0, 1);
        set_string(L, "type", "unknown");
    }
}

/* ---- the game ---------------------------------------------------------------- */

/* Applies the rules field of the options table at index 1: a table of
 * NAME=VALUE (cap = 6, ["fan.gen"] = 2, zimo_adds_base = true) or a
 * preset's name. A bad one is an error(). */
static void read_rules(lua_State *L, qipai_zt_rules *rules)
{
    qipai_error err;
    qipai_zt_rules_default(rules);
    lua_getfield(L, 1, "rules");
    int t = lua_gettop(L);
    if (lua_type(L, t) == LUA_TSTRING) {
        if (qipai_zt_rules_named(rules, lua_tostring(L, t), &err) != QIPAI_OK)
            luaL_error(L, "qipai.zhaotong.game: rules: %s", err.message);
    } else if (lua_type(L, t) == LUA_TTABLE) {
        /* the same words a command line would get: --rule NAME=VALUE */
        lua_newtable(L);
        lua_newtable(L);
        lua_pushvalue(L, t);
        lua_setfield(L, -2, "rule");
        lq_option_words(L, -1, -2, NULL);
        lua_pop(L, 1);
        lua_Integer n = (lua_Integer)lua_rawlen(L, -1);
        for (lua_Integer i = 2; i <= n; i += 2) {
            lua_rawgeti(L, -1, i);
            if (qipai_zt_rules_option(rules, lua_tostring(L, -1), &err) != QIPAI_OK)
                luaL_error(L, "qipai.zhaotong.game: rules: %s", err.message);
            lua_pop(L, 1);
        }
        lua_pop(L, 1);
    } else if (!lua_isnil(L, t)) {
        luaL_error(L, "qipai.zhaotong.game: rules must be a table of NAME = VALUE");
    }
    lua_pop(L, 1);
}

/* qipai.zhaotong.game{seed = S, dealer = 0, rules = {...}} or {wall = {108
 * tiles}, ...}: a dealt game. */
static int game_new(lua_State *L)
{
    luaL_checktype(L, 1, LUA_TTABLE);
    qipai_zt_rules rules;
    read_rules(L, &rules);
    lua_getfield(L, 1, "dealer");
    lua_Integer dealer = luaL_optinteger(L, -1, 0);
    luaL_argcheck(L, dealer >= 0 && dealer < QIPAI_ZT_SEATS, 1, "dealer is a seat 0-3");
    lua_getfield(L, 1, "seed");
    int seed = lua_gettop(L);
    lua_getfield(L, 1, "wall");
    int wall = lua_gettop(L);
    session *s = lua_newuserdatauv(L, sizeof *s, 0);
    memset(s, 0, sizeof *s);
    luaL_setmetatable(L, GAME);
    qipai_error err;
    qipai_err e;
    if (lua_type(L, wall) == LUA_TTABLE) {
        uint8_t tiles[QIPAI_ZT_TILES];
        luaL_argcheck(L, lua_rawlen(L, wall) == QIPAI_ZT_TILES, 1, "wall must hold 108 tiles");
        for (int i = 0; i < QIPAI_ZT_TILES; i++) {
            lua_rawgeti(L, wall, i + 1);
            int k = tile_kind(L, -1);
            lua_pop(L, 1);
            if (k < 0)
                return luaL_error(L, "qipai.zhaotong.game: wall tile %d is not a tile", i + 1);
            tiles[i] = (uint8_t)k;
        }
        e = qipai_zt_game_init_wall(&s->game, &rules, tiles, (int)dealer, &err);
    } else {
        int isnum;
        lua_Integer value = lua_tointegerx(L, seed, &isnum);
        luaL_argcheck(L, isnum, 1, "a game needs a seed (an integer) or a wall");
        e = qipai_zt_game_init(&s->game, &rules, (uint64_t)value, (int)dealer, &err);
    }
    if (e != QIPAI_OK)
        return luaL_error(L, "qipai.zhaotong.game: %s", err.message);
    return 1;
}

/* g:to_act(): the seats that must act now, lowest first. */
static int to_act(lua_State *L)
{
    session *s = check_game(L);
    unsigned seats = qipai_zt_to_act(&s->game);
    lua_newtable(L);
    for (int seat = 0, n = 0; seat < QIPAI_ZT_SEATS; seat++)
        if (seats >> seat & 1) {
            lua_pushinteger(L, seat);
            lua_rawseti(L, -2, ++n);
        }
    return 1;
}

/* g:legal_actions(seat): its legal actions now (none when it is not to act). */
static int legal_actions(lua_State *L)
{
    session *s = check_game(L);
    int seat = check_seat(L, 2);
    qipai_zt_action actions[QIPAI_ZT_MAX_ACTIONS];
    int n = qipai_zt_legal_actions(&s->game, seat, actions);
    lua_createtable(L, n, 0);
    for (int i = 0; i < n; i++) {
        push_action(L, &actions[i]);
        lua_rawseti(L, -2, i + 1);
    }
    return 1;
}

/* g:step(action): the events it caused, in order; nil and the reason when
 * the action is not legal now (the game is then as it was). */
static int step(lua_State *L)
{
    session *s = check_game(L);
    luaL_checktype(L, 2, LUA_TTABLE);
    qipai_zt_action action;
    const char *bad = read_action(L, 2, &action);
    if (bad) {
        lua_pushnil(L);
        lua_pushstring(L, bad);
        return 2;
    }
    qipai_error err;
    s->event_count = 0;
    s->overflow = false;
    if (qipai_zt_step_events(&s->game, &action, on_event, s, &err) != QIPAI_OK) {
        lua_pushnil(L);
        lua_pushstring(L, err.message);
        return 2;
    }
    if (s->overflow)
        return luaL_error(L, "qipai.zhaotong: a step reported more than %d events", MAX_EVENTS);
    lua_createtable(L, (int)s->event_count, 0);
    for (size_t i = 0; i < s->event_count; i++) {
        push_event(L, &s->game, &s->events[i]);
        lua_rawseti(L, -2, (lua_Integer)i + 1);
    }
    return 1;
}

/* g:bot(seat [, "strong" | "seed" | "expert"]): the bot's action for seat (strong by
 * default); nil and the reason when the seat is not to act. */
static int bot(lua_State *L)
{
    session *s = check_game(L);
    int seat = check_seat(L, 2);
    qipai_zt_bot which;
    qipai_error err;
    if (qipai_zt_bot_named(&which, luaL_optstring(L, 3, "strong"), &err) != QIPAI_OK)
        return luaL_argerror(L, 3, err.message);
    qipai_zt_action action;
    if (qipai_zt_bot_choose(&s->game, seat, which, &action, &err) != QIPAI_OK) {
        lua_pushnil(L);
        lua_pushstring(L, err.message);
        return 2;
    }
    push_action(L, &action);
    return 1;
}

static int over(lua_State *L)
{
    lua_pushboolean(L, check_game(L)->game.phase == QIPAI_ZT_PHASE_OVER);
    return 1;
}

static int scores(lua_State *L)
{
    push_scores(L, &check_game(L)->game);
    return 1;
}

/* g:hand(seat): {hand = "...", tuo = 坨 held, melds = {...}, status = "in" |
 * "won", hu_locked = bool, score = n}. */
static int hand(lua_State *L)
{
    session *s = check_game(L);
    int seat = check_seat(L, 2);
    const qipai_zt_player *p = &s->game.players[seat];
    lua_createtable(L, 0, 6);
    push_concealed(L, &p->hand, s->game.tuo);
    lua_setfield(L, -2, "hand");
    set_int(L, "tuo", p->hand.tuo);
    push_melds(L, &p->hand);
    lua_setfield(L, -2, "melds");
    set_string(L, "status", p->status == QIPAI_ZT_WON ? "won" : "in");
    set_bool(L, "hu_locked", p->hu_locked);
    set_int(L, "score", p->score);
    return 1;
}

/* g:deal(): the log's deal line, {type = "deal", hands = {...}} (the hands
 * as dealt only before the first step). */
static int deal(lua_State *L)
{
    session *s = check_game(L);
    lua_createtable(L, 0, 2);
    set_string(L, "type", "deal");
    lua_createtable(L, QIPAI_ZT_SEATS, 0);
    for (int seat = 0; seat < QIPAI_ZT_SEATS; seat++) {
        push_concealed(L, &s->game.players[seat].hand, s->game.tuo);
        lua_rawseti(L, -2, seat + 1);
    }
    lua_setfield(L, -2, "hands");
    return 1;
}

/* g:state(): phase, turn, dealer, tuo, turned_seat, wall_left, seed (as a
 * Lua integer: seeds of 2^63 and more come out negative), winners, end,
 * scores, to_act and river ({tile, player, claimed} in order). */
static int state(lua_State *L)
{
    static const char *const phases[] = {"turn", "claim", "rob", "over"};
    session *s = check_game(L);
    const qipai_zt_game *g = &s->game;
    lua_createtable(L, 0, 12);
    set_string(L, "phase", g->phase < 4 ? phases[g->phase] : "?");
    set_int(L, "turn", g->turn);
    set_int(L, "dealer", g->dealer);
    set_tile(L, "tuo", g->tuo);
    set_int(L, "turned_seat", g->turned_seat);
    set_int(L, "wall_left", QIPAI_ZT_TILES - g->wall_next);
    set_int(L, "seed", (lua_Integer)g->seed);
    set_int(L, "winners", g->winners);
    if (g->end != QIPAI_ZT_END_NONE)
        set_string(L, "end", g->end == QIPAI_ZT_END_WALL ? "wall" : "one_left");
    push_scores(L, g);
    lua_setfield(L, -2, "scores");
    to_act(L);
    lua_setfield(L, -2, "to_act");
    lua_createtable(L, g->discard_count, 0);
    for (int i = 0; i < g->discard_count; i++) {
        lua_createtable(L, 0, 3);
        set_tile(L, "tile", g->river[i].kind);
        set_int(L, "player", g->river[i].seat);
        set_bool(L, "claimed", g->river[i].claimed);
        lua_rawseti(L, -2, i + 1);
    }
    lua_setfield(L, -2, "river");
    return 1;
}

/* g:visible(): the tiles on the table anyone may count, compact (for
 * qipai.zhaotong.analyze's visible). */
static int visible(lua_State *L)
{
    session *s = check_game(L);
    uint8_t seen[QIPAI_ZT_KINDS];
    qipai_zt_visible(&s->game, seen);
    qipai_mj_hand h;
    memset(&h, 0, sizeof h);
    memcpy(h.counts, seen, sizeof seen);
    char text[160];
    size_t n = qipai_mj_format_hand(&h, false, text, sizeof text);
    lua_pushlstring(L, text, n < sizeof text ? n : sizeof text - 1);
    return 1;
}

/* g:check(): true, or nil and the first broken invariant. */
static int check(lua_State *L)
{
    qipai_error err;
    if (qipai_zt_check(&check_game(L)->game, &err) != QIPAI_OK) {
        lua_pushnil(L);
        lua_pushstring(L, err.message);
        return 2;
    }
    lua_pushboolean(L, 1);
    return 1;
}

/* g:copy(): an independent copy (to look ahead). */
static int copy(lua_State *L)
{
    session *s = check_game(L);
    session *c = lua_newuserdatauv(L, sizeof *c, 0);
    memset(c, 0, sizeof *c);
    c->game = s->game;
    luaL_setmetatable(L, GAME);
    return 1;
}

/* qipai.zhaotong.game_seed(run_seed, number): the seed of a run's game
 * number (0-based), as `qipai zhaotong sim --seed run_seed` plays it. */
static int game_seed(lua_State *L)
{
    uint64_t run = (uint64_t)luaL_checkinteger(L, 1);
    uint64_t number = (uint64_t)luaL_checkinteger(L, 2);
    lua_pushinteger(L, (lua_Integer)qipai_zt_game_seed(run, number));
    return 1;
}

void lq_open_zhaotong(lua_State *L)
{
    static const luaL_Reg methods[] = {
        {"to_act", to_act}, {"legal_actions", legal_actions}, {"step", step},
        {"bot", bot},       {"over", over},   {"scores", scores},
        {"hand", hand},     {"deal", deal},   {"state", state},
        {"visible", visible}, {"check", check}, {"copy", copy},
        {NULL, NULL}};
    luaL_newmetatable(L, GAME);
    luaL_newlib(L, methods);
    lua_setfield(L, -2, "__index");
    lua_pop(L, 1);
    lua_getfield(L, -1, "zhaotong"); /* shared with lgames.c */
    if (lua_isnil(L, -1)) {
        lua_pop(L, 1);
        lua_newtable(L);
        lua_pushvalue(L, -1);
        lua_setfield(L, -3, "zhaotong");
    }
    lua_pushcfunction(L, game_new);
    lua_setfield(L, -2, "game");
    lua_pushcfunction(L, game_seed);
    lua_setfield(L, -2, "game_seed");
    lua_pop(L, 1);
}
