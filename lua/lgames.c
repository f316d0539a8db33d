/*
 * qipai.gb, qipai.poker, qipai.zipai and qipai.zhaotong's analyze
 * (docs/BINDINGS.md): each game's rule sets (GAME.rules(options), with a
 * method per line command) and its commands as functions,
 * GAME.COMMAND(input [, options]), which answer with a rule set made from
 * the options and kept in a weak per-module cache (so a function call
 * costs no query once warm, and nothing outlives the Lua state).
 *
 * Options are the command line's, as fields: {min = 8, blessings = true}
 * is `--min 8 --blessings`, {preset = "pdk", option = {last_short = 0}} is
 * `--rules pdk --option last_short=0` (lqipai.c, lq_option_words).
 */
#include "lqipai.h"

#include <string.h>

static const lq_game games[] = {
    {"gb", "qipai.gb.rules", {"fan", "ting", "shanten", NULL}},
    {"poker", "qipai.poker.rules", {"minplays", "classify", "moves", NULL}},
    {"zipai", "qipai.zipai.rules", {"decompose", "hu", "waits", NULL}},
    {"zhaotong", "qipai.zhaotong.rules", {"analyze", NULL}},
};

/* GAME.rules(options): options a table, a preset's name, or nothing. */
static int rules_new(lua_State *L)
{
    const lq_game *game = lua_touserdata(L, lua_upvalueindex(1));
    lua_settop(L, 1);
    lua_newtable(L);
    if (lua_type(L, 1) == LUA_TSTRING) {
        lua_pushliteral(L, "--rules");
        lua_rawseti(L, 2, 1);
        lua_pushvalue(L, 1);
        lua_rawseti(L, 2, 2);
    } else if (lua_type(L, 1) == LUA_TTABLE) {
        lq_option_words(L, 1, 2, NULL);
    } else if (!lua_isnil(L, 1)) {
        return luaL_typeerror(L, 1, "a table of options or a preset's name");
    }
    lq_rules_new(L, game, 2);
    return 1;
}

/* GAME.COMMAND(input [, options]): upvalues are the game, the command's
 * index and the cache (option words joined by NUL -> rule set, weak). */
static int command_function(lua_State *L)
{
    const lq_game *game = lua_touserdata(L, lua_upvalueindex(1));
    int c = (int)lua_tointeger(L, lua_upvalueindex(2));
    size_t n;
    const char *input = luaL_checklstring(L, 1, &n);
    lua_settop(L, 2);
    lua_newtable(L); /* 3: words */
    if (lua_type(L, 2) == LUA_TSTRING) {
        lua_pushliteral(L, "--rules");
        lua_rawseti(L, 3, 1);
        lua_pushvalue(L, 2);
        lua_rawseti(L, 3, 2);
    } else if (lua_type(L, 2) == LUA_TTABLE) {
        lq_option_words(L, 2, 3, NULL);
    } else if (!lua_isnil(L, 2)) {
        return luaL_typeerror(L, 2, "a table of options or a preset's name");
    }
    /* 4: the cache key */
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    lua_Integer words = (lua_Integer)lua_rawlen(L, 3);
    for (lua_Integer i = 1; i <= words; i++) {
        lua_rawgeti(L, 3, i);
        luaL_addvalue(&b);
        luaL_addchar(&b, '\0');
    }
    luaL_pushresult(&b);
    lua_pushvalue(L, 4);
    lq_rules *r;
    if (lua_gettable(L, lua_upvalueindex(3)) == LUA_TUSERDATA) {
        r = lua_touserdata(L, -1);
    } else {
        lua_pop(L, 1);
        r = lq_rules_new(L, game, 3);
        lua_pushvalue(L, 4);
        lua_pushvalue(L, -2);
        lua_settable(L, lua_upvalueindex(3));
    }
    return lq_answer(L, lua_gettop(L), r, c, input, n, 0);
}

void lq_open_games(lua_State *L)
{
    for (size_t g = 0; g < sizeof games / sizeof games[0]; g++) {
        const lq_game *game = &games[g];
        lq_register_game(L, game, NULL);
        if (!strcmp(game->name, "zhaotong")) {
            lua_getfield(L, -1, "zhaotong"); /* shared with lzhaotong.c */
            if (lua_isnil(L, -1)) {
                lua_pop(L, 1);
                lua_newtable(L);
                lua_pushvalue(L, -1);
                lua_setfield(L, -3, "zhaotong");
            }
        } else {
            lua_newtable(L);
        }
        lua_pushlightuserdata(L, (void *)game);
        lua_pushcclosure(L, rules_new, 1);
        lua_setfield(L, -2, "rules");
        lua_newtable(L); /* the cache, weak in its values */
        lua_newtable(L);
        lua_pushliteral(L, "v");
        lua_setfield(L, -2, "__mode");
        lua_setmetatable(L, -2);
        int cache = lua_gettop(L);
        for (int c = 0; c < LQ_MAX_COMMANDS && game->commands[c]; c++) {
            lua_pushlightuserdata(L, (void *)game);
            lua_pushinteger(L, c);
            lua_pushvalue(L, cache);
            lua_pushcclosure(L, command_function, 3);
            lua_setfield(L, -3, game->commands[c]);
        }
        lua_pop(L, 1);
        if (strcmp(game->name, "zhaotong"))
            lua_setfield(L, -2, game->name);
        else
            lua_pop(L, 1);
    }
}
