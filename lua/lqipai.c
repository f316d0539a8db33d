/*
 * The Lua 5.4 module `qipai` (docs/BINDINGS.md): luaopen_qipai puts the
 * games' tables together (lmahjong.c, lgames.c, lzhaotong.c) over the
 * shared rule-set object (lrules.c) and tile reading (ltiles.c).
 */
#include "lqipai.h"

static int version(lua_State *L)
{
    lua_pushstring(L, qipai_version());
    return 1;
}

int luaopen_qipai(lua_State *L)
{
    luaL_checkversion(L);
    lua_newtable(L);
    lua_pushliteral(L, QIPAI_VERSION_STRING);
    lua_setfield(L, -2, "_VERSION");
    lua_pushcfunction(L, version);
    lua_setfield(L, -2, "version");
    lua_pushlightuserdata(L, NULL);
    lua_setfield(L, -2, "null");
    lq_register_any(L);
    lua_pushcfunction(L, lq_any_new);
    lua_setfield(L, -2, "query");
    lq_open_mahjong(L);
    lq_open_games(L);
    lq_open_zhaotong(L);
    lq_open_table(L);
    return 1;
}
