/*
 * Hands as Lua gives them: a string in the notation, or an array of tile
 * numbers (0-33 the library's kinds, 34 a joker), turned into the compact
 * text every query reads (docs/BINDINGS.md).
 */
#include "lqipai.h"

#include <string.h>

enum { JOKER = QIPAI_MJ_WILDCARD, MAX_ARRAY = QIPAI_MJ_KINDS * QIPAI_MJ_MAX_COPIES };

/* Reads the array at index arg into physical counts (jokers apart). Returns
 * the number of tiles, or -1 after pushing nil and a message. */
static int read_array(lua_State *L, int arg, uint8_t counts[QIPAI_MJ_KINDS], int *jokers)
{
    lua_Integer n = (lua_Integer)lua_rawlen(L, arg);
    memset(counts, 0, QIPAI_MJ_KINDS);
    *jokers = 0;
    if (n > MAX_ARRAY) {
        lua_pushnil(L);
        lua_pushfstring(L, "%I tiles; there are only %d", n, MAX_ARRAY);
        return -1;
    }
    for (lua_Integer i = 1; i <= n; i++) {
        int isnum;
        lua_rawgeti(L, arg, i);
        lua_Integer t = lua_tointegerx(L, -1, &isnum);
        lua_pop(L, 1);
        if (!isnum || t < 0 || t > JOKER) {
            lua_rawgeti(L, arg, i);
            const char *shown = luaL_tolstring(L, -1, NULL);
            lua_pushnil(L);
            lua_pushfstring(L,
                            "item %I (%s) is not a tile number: 0-33 are 1m-9m 1p-9p 1s-9s 1z-7z, "
                            "34 a joker",
                            i, shown);
            return -1;
        }
        if (t == JOKER)
            ++*jokers;
        else
            counts[t]++;
    }
    return (int)n;
}

const char *lq_hand_text(lua_State *L, int arg, char buf[LQ_HAND_TEXT], size_t *length)
{
    if (lua_type(L, arg) == LUA_TSTRING)
        return lua_tolstring(L, arg, length);
    if (lua_type(L, arg) != LUA_TTABLE) {
        luaL_typeerror(L, arg, "a hand (a string, or an array of tile numbers)");
        return NULL;
    }
    qipai_mj_hand h;
    int jokers;
    if (read_array(L, arg, h.counts, &jokers) < 0)
        return NULL;
    h.wilds = (uint8_t)jokers;
    *length = qipai_mj_format_hand(&h, false, buf, LQ_HAND_TEXT);
    return buf;
}
