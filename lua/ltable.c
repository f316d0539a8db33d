/*
 * qipai.table (docs/BINDINGS.md): every game with a table, for servers,
 * through the library's table layer (include/qipai/table.h). A game is a
 * userdata holding the game's state (a plain value: :copy copies it);
 * actions are the game's numbers, with their text for people and logs;
 * :step answers with the events it caused, each a table shaped like its
 * line of the log (docs/FORMATS.md, "Tables: the log"), so a server writes
 * them out as they are and `qipai GAME replay` checks them.
 *
 * The events' lines are written into the userdata while the step runs and
 * turned into tables after it returns: no Lua call (which may raise an
 * error and jump) happens inside the library.
 */
#include "lqipai.h"

#include <qipai/table.h>

#include <string.h>

#define GAME "qipai.table.game"

enum { EVENT_TEXT = 1 << 18, TEXT = 1 << 16 };

typedef struct session {
    const qipai_table_game *game;
    size_t used;      /* bytes of lines in text */
    bool overflow;
    char text[EVENT_TEXT];
    qipai_table_state state;
} session;

static session *check_game(lua_State *L)
{
    return luaL_checkudata(L, 1, GAME);
}

static int check_seat(lua_State *L, const session *s, int arg)
{
    qipai_table_shape shape;
    qipai_table_shape_of(s->game, s->game->rules_of(&s->state), &shape);
    lua_Integer seat = luaL_checkinteger(L, arg);
    luaL_argcheck(L, seat >= 0 && seat < shape.seats, arg, "not a seat of this game");
    return (int)seat;
}

/* The seat at arg, or the first seat to act when it is absent. */
static int opt_seat(lua_State *L, const session *s, int arg)
{
    if (!lua_isnoneornil(L, arg))
        return check_seat(L, s, arg);
    unsigned seats = qipai_table_to_act(s->game, &s->state);
    for (int seat = 0; seat < QIPAI_TABLE_MAX_SEATS; seat++)
        if (seats >> seat & 1)
            return seat;
    return luaL_error(L, "qipai.table: the game is over: no seat acts");
}

static const qipai_table_game *check_name(lua_State *L, int arg)
{
    qipai_error err;
    const qipai_table_game *g = qipai_table_game_named(luaL_checkstring(L, arg), &err);
    if (!g)
        luaL_argerror(L, arg, err.message);
    return g;
}

/* The rules of options table opts: opts.rules a preset's name, or a table
 * of NAME = VALUE options (with opts.preset the preset they change). */
static void read_rules(lua_State *L, const qipai_table_game *g, int opts, qipai_table_rules *r)
{
    qipai_error err;
    const char *preset = NULL;
    lua_getfield(L, opts, "preset");
    if (!lua_isnil(L, -1))
        preset = luaL_checkstring(L, -1);
    lua_getfield(L, opts, "rules");
    int rules = lua_gettop(L);
    if (lua_type(L, rules) == LUA_TSTRING)
        preset = lua_tostring(L, rules);
    if (qipai_table_rules_named(g, r, preset, &err) != QIPAI_OK)
        luaL_error(L, "qipai.table.game: %s", err.message);
    if (lua_type(L, rules) == LUA_TTABLE) {
        lua_pushnil(L);
        while (lua_next(L, rules)) {
            if (lua_type(L, -2) != LUA_TSTRING)
                luaL_error(L, "qipai.table.game: rules are NAME = VALUE");
            char option[256];
            const char *key = lua_tostring(L, -2);
            const bool flag = lua_isboolean(L, -1);
            const char *value = flag ? (lua_toboolean(L, -1) ? "true" : "false")
                                     : luaL_tolstring(L, -1, NULL);
            snprintf(option, sizeof option, "%s=%s", key, value);
            lua_pop(L, flag ? 1 : 2); /* the value (and luaL_tolstring's copy) */
            if (qipai_table_rules_option(g, r, option, &err) != QIPAI_OK)
                luaL_error(L, "qipai.table.game: %s", err.message);
        }
    } else if (!lua_isnil(L, rules) && lua_type(L, rules) != LUA_TSTRING) {
        luaL_error(L, "qipai.table.game: rules must be a preset's name or a table of NAME = VALUE");
    }
    lua_pop(L, 2);
    if (qipai_table_rules_check(g, r, &err) != QIPAI_OK)
        luaL_error(L, "qipai.table.game: %s", err.message);
}

/* qipai.table.game(name [, {seed = S, dealer = D, rules = ..., preset = ...}]) */
static int game_new(lua_State *L)
{
    const qipai_table_game *g = check_name(L, 1);
    if (!lua_isnoneornil(L, 2))
        luaL_checktype(L, 2, LUA_TTABLE);
    else {
        lua_settop(L, 1);
        lua_newtable(L);
    }
    qipai_table_rules rules;
    read_rules(L, g, 2, &rules);
    lua_getfield(L, 2, "seed");
    lua_Integer seed = luaL_optinteger(L, -1, 0);
    lua_getfield(L, 2, "dealer");
    lua_Integer dealer = luaL_optinteger(L, -1, 0);
    qipai_table_shape shape;
    qipai_table_shape_of(g, &rules, &shape);
    luaL_argcheck(L, dealer >= 0 && dealer < shape.seats, 2, "dealer is not a seat of this game");
    lua_pop(L, 2);
    session *s = lua_newuserdatauv(L, sizeof *s, 0);
    s->game = g;
    s->used = 0;
    s->overflow = false;
    luaL_setmetatable(L, GAME);
    qipai_error err;
    if (qipai_table_init(g, &s->state, &rules, (uint64_t)seed, (int)dealer, &err) != QIPAI_OK)
        return luaL_error(L, "qipai.table.game: %s", err.message);
    return 1;
}

static int games(lua_State *L)
{
    int n = qipai_table_game_count();
    lua_createtable(L, n, 0);
    for (int i = 0; i < n; i++) {
        lua_pushstring(L, qipai_table_game_at(i)->name);
        lua_rawseti(L, -2, i + 1);
    }
    return 1;
}

static int game_seed(lua_State *L)
{
    uint64_t run = (uint64_t)luaL_checkinteger(L, 1);
    uint64_t number = (uint64_t)luaL_checkinteger(L, 2);
    lua_pushinteger(L, (lua_Integer)qipai_table_game_seed(run, number));
    return 1;
}

/* g:info(): name, title, seats, action_space, observation_size, bots, roles */
static void push_strings(lua_State *L, const char *const *list)
{
    lua_newtable(L);
    for (int i = 0; list && list[i]; i++) {
        lua_pushstring(L, list[i]);
        lua_rawseti(L, -2, i + 1);
    }
}

static int info(lua_State *L)
{
    session *s = check_game(L);
    qipai_table_shape shape;
    qipai_table_shape_of(s->game, s->game->rules_of(&s->state), &shape);
    lua_newtable(L);
    lua_pushstring(L, s->game->name);
    lua_setfield(L, -2, "name");
    lua_pushstring(L, s->game->title);
    lua_setfield(L, -2, "title");
    lua_pushinteger(L, shape.seats);
    lua_setfield(L, -2, "seats");
    lua_pushinteger(L, shape.action_space);
    lua_setfield(L, -2, "action_space");
    lua_pushinteger(L, shape.observation_size);
    lua_setfield(L, -2, "observation_size");
    push_strings(L, s->game->bots);
    lua_setfield(L, -2, "bots");
    push_strings(L, s->game->roles);
    lua_setfield(L, -2, "roles");
    return 1;
}

static int to_act(lua_State *L)
{
    session *s = check_game(L);
    unsigned seats = qipai_table_to_act(s->game, &s->state);
    lua_newtable(L);
    for (int seat = 0, n = 0; seat < QIPAI_TABLE_MAX_SEATS; seat++)
        if (seats >> seat & 1) {
            lua_pushinteger(L, seat);
            lua_rawseti(L, -2, ++n);
        }
    return 1;
}

/* g:legal([seat]): the seat's legal action numbers, in the game's order. */
static int legal(lua_State *L)
{
    session *s = check_game(L);
    int seat = opt_seat(L, s, 2);
    static const int most = QIPAI_TABLE_STATE_SIZE / 4;
    int32_t *actions = lua_newuserdatauv(L, sizeof(int32_t) * most, 0); /* scratch */
    qipai_table_shape shape;
    qipai_table_shape_of(s->game, s->game->rules_of(&s->state), &shape);
    if (shape.max_legal > most)
        return luaL_error(L, "qipai.table: the game lists more legal actions than %d", most);
    int n = qipai_table_legal(s->game, &s->state, seat, actions);
    lua_createtable(L, n, 0);
    for (int i = 0; i < n; i++) {
        lua_pushinteger(L, actions[i]);
        lua_rawseti(L, -2, i + 1);
    }
    return 1;
}

static int32_t check_action(lua_State *L, const session *s, int arg)
{
    qipai_table_shape shape;
    qipai_table_shape_of(s->game, s->game->rules_of(&s->state), &shape);
    lua_Integer a = luaL_checkinteger(L, arg);
    luaL_argcheck(L, a >= 0 && a < shape.action_space, arg, "not an action number of this game");
    return (int32_t)a;
}

/* g:text(action [, seat [, chinese]]) */
static int text(lua_State *L)
{
    session *s = check_game(L);
    int32_t action = check_action(L, s, 2);
    int seat = opt_seat(L, s, 3);
    char out[256];
    size_t n = s->game->action_text(&s->state, seat, action, lua_toboolean(L, 4), out, sizeof out);
    lua_pushlstring(L, out, n < sizeof out ? n : sizeof out - 1);
    return 1;
}

/* g:parse(text [, seat]): the action number, or nil and what is wrong. */
static int parse(lua_State *L)
{
    session *s = check_game(L);
    const char *typed = luaL_checkstring(L, 2);
    int seat = opt_seat(L, s, 3);
    int32_t action;
    qipai_error err;
    if (s->game->action_parse(&s->state, seat, typed, &action, &err) != QIPAI_OK) {
        lua_pushnil(L);
        lua_pushstring(L, err.message);
        return 2;
    }
    lua_pushinteger(L, action);
    return 1;
}

static void collect(const void *state, const void *event, void *context)
{
    session *s = context;
    char line[QIPAI_TABLE_LOG_LINE];
    size_t n = qipai_table_log_event(s->game, state, event, -1, line, sizeof line);
    if (n == 0)
        return;
    if (n >= sizeof line || s->used + n + 1 > sizeof s->text) {
        s->overflow = true;
        return;
    }
    memcpy(s->text + s->used, line, n);
    s->text[s->used + n] = '\n';
    s->used += n + 1;
}

/* Pushes an array of the lines in text[0..used), each parsed. */
static void push_lines(lua_State *L, const char *text, size_t used)
{
    lua_newtable(L);
    qjson_doc doc;
    qjson_doc_init(&doc);
    int n = 0;
    for (size_t at = 0; at < used;) {
        const char *end = memchr(text + at, '\n', used - at);
        size_t length = end ? (size_t)(end - (text + at)) : used - at;
        const qjson_value *root;
        if (qjson_parse(&doc, text + at, length, &root, NULL, 0) == 0) {
            lq_push_json(L, root);
            lua_rawseti(L, -2, ++n);
        }
        at += length + 1;
    }
    qjson_doc_free(&doc);
}

/* g:step(action [, seat]): the events it caused, as the log's lines; nil
 * and the reason when the action is not legal now (nothing changed). */
static int step(lua_State *L)
{
    session *s = check_game(L);
    int32_t action = check_action(L, s, 2);
    int seat = opt_seat(L, s, 3);
    qipai_error err;
    s->used = 0;
    s->overflow = false;
    if (qipai_table_step(s->game, &s->state, seat, action, collect, s, &err) != QIPAI_OK) {
        lua_pushnil(L);
        lua_pushstring(L, err.message);
        return 2;
    }
    if (s->overflow)
        return luaL_error(L, "qipai.table: a step's events took more than %d bytes", EVENT_TEXT);
    push_lines(L, s->text, s->used);
    return 1;
}

/* g:bot([seat [, name]]): the built-in bot's action number (the game's
 * first bot by default); nil and the reason when the seat is not to act. */
static int bot(lua_State *L)
{
    session *s = check_game(L);
    int seat = opt_seat(L, s, 2);
    int which = 0;
    qipai_error err;
    if (!lua_isnoneornil(L, 3) &&
        qipai_table_bot_named(s->game, luaL_checkstring(L, 3), &which, &err) != QIPAI_OK)
        return luaL_argerror(L, 3, err.message);
    int32_t action;
    if (qipai_table_bot_choose(s->game, &s->state, seat, which, &action, &err) != QIPAI_OK) {
        lua_pushnil(L);
        lua_pushstring(L, err.message);
        return 2;
    }
    lua_pushinteger(L, action);
    return 1;
}

static int over(lua_State *L)
{
    session *s = check_game(L);
    lua_pushboolean(L, s->game->over(&s->state));
    return 1;
}

static int scores(lua_State *L)
{
    session *s = check_game(L);
    qipai_table_shape shape;
    qipai_table_shape_of(s->game, s->game->rules_of(&s->state), &shape);
    int64_t out[QIPAI_TABLE_MAX_SEATS];
    s->game->scores(&s->state, out);
    lua_createtable(L, shape.seats, 0);
    for (int seat = 0; seat < shape.seats; seat++) {
        lua_pushinteger(L, (lua_Integer)out[seat]);
        lua_rawseti(L, -2, seat + 1);
    }
    return 1;
}

/* g:observe(seat): the seat's observation, an array of numbers. */
static int observe(lua_State *L)
{
    session *s = check_game(L);
    int seat = check_seat(L, s, 2);
    qipai_table_shape shape;
    qipai_table_shape_of(s->game, s->game->rules_of(&s->state), &shape);
    float *out = lua_newuserdatauv(L, sizeof(float) * (size_t)shape.observation_size, 0);
    s->game->observe(&s->state, seat, out);
    lua_createtable(L, shape.observation_size, 0);
    for (int i = 0; i < shape.observation_size; i++) {
        lua_pushnumber(L, out[i]);
        lua_rawseti(L, -2, i + 1);
    }
    return 1;
}

/* g:render([seat [, chinese]]): the table as the seat sees it (all of it
 * without a seat). */
static int render(lua_State *L)
{
    session *s = check_game(L);
    int seat = lua_isnoneornil(L, 2) ? -1 : check_seat(L, s, 2);
    char *out = lua_newuserdatauv(L, TEXT, 0);
    size_t n = s->game->render(&s->state, seat, lua_toboolean(L, 3), out, TEXT);
    lua_pushlstring(L, out, n < TEXT ? n : TEXT - 1);
    return 1;
}

/* g:header([number]) and g:deal(): the log's first two lines of the game as
 * dealt (call them before the first step), as tables. */
static int header(lua_State *L)
{
    session *s = check_game(L);
    lua_Integer number = luaL_optinteger(L, 2, 1);
    char *out = lua_newuserdatauv(L, TEXT, 0);
    size_t n = qipai_table_log_header(s->game, &s->state, (uint64_t)number, NULL, out, TEXT);
    push_lines(L, out, n < TEXT ? n : 0);
    lua_rawgeti(L, -1, 1);
    return 1;
}

static int deal(lua_State *L)
{
    session *s = check_game(L);
    char *out = lua_newuserdatauv(L, TEXT, 0);
    size_t n = qipai_table_log_deal(s->game, &s->state, -1, out, TEXT);
    push_lines(L, out, n < TEXT ? n : 0);
    lua_rawgeti(L, -1, 1);
    return 1;
}

static int check(lua_State *L)
{
    session *s = check_game(L);
    qipai_error err;
    if (s->game->check(&s->state, &err) != QIPAI_OK) {
        lua_pushnil(L);
        lua_pushstring(L, err.message);
        return 2;
    }
    lua_pushboolean(L, 1);
    return 1;
}

static int copy(lua_State *L)
{
    session *s = check_game(L);
    session *c = lua_newuserdatauv(L, sizeof *c, 0);
    c->game = s->game;
    c->used = 0;
    c->overflow = false;
    memcpy(&c->state, &s->state, sizeof c->state);
    luaL_setmetatable(L, GAME);
    return 1;
}

void lq_open_table(lua_State *L)
{
    static const luaL_Reg methods[] = {
        {"info", info},       {"to_act", to_act}, {"legal", legal},     {"text", text},
        {"parse", parse},     {"step", step},     {"bot", bot},         {"over", over},
        {"scores", scores},   {"observe", observe}, {"render", render}, {"header", header},
        {"deal", deal},       {"check", check},   {"copy", copy},       {NULL, NULL}};
    luaL_newmetatable(L, GAME);
    luaL_newlib(L, methods);
    lua_setfield(L, -2, "__index");
    lua_pop(L, 1);
    static const luaL_Reg functions[] = {
        {"games", games}, {"game", game_new}, {"game_seed", game_seed}, {NULL, NULL}};
    luaL_newlib(L, functions);
    lua_setfield(L, -2, "table");
}
