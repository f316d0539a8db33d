/*
 * An answer's JSON text as Lua values (lqipai.h). The text is the library's
 * own (qipai_query_answer), read with the library's strict reader; this
 * file only walks the tree.
 */
#include "lqipai.h"

void lq_push_json(lua_State *L, const qjson_value *v)
{
    switch (v->type) {
    case QJSON_NULL:
        lua_pushlightuserdata(L, NULL);
        return;
    case QJSON_BOOL:
        lua_pushboolean(L, v->boolean);
        return;
    case QJSON_NUMBER:
        if (v->is_int)
            lua_pushinteger(L, (lua_Integer)v->i);
        else
            lua_pushnumber(L, (lua_Number)v->d);
        return;
    case QJSON_STRING:
        lua_pushlstring(L, v->string, v->length);
        return;
    case QJSON_ARRAY:
        /* Depth is bounded by QJSON_MAX_DEPTH; each level needs a few slots. */
        luaL_checkstack(L, 4, "JSON nesting");
        lua_createtable(L, (int)v->length, 0);
        for (size_t i = 0; i < v->length; i++) {
            lq_push_json(L, &v->items[i]);
            lua_rawseti(L, -2, (lua_Integer)i + 1);
        }
        return;
    case QJSON_OBJECT:
        luaL_checkstack(L, 4, "JSON nesting");
        lua_createtable(L, 0, (int)v->length);
        for (size_t i = 0; i < v->length; i++) {
            lua_pushlstring(L, v->members[i].key, v->members[i].key_length);
            lq_push_json(L, &v->members[i].value);
            lua_rawset(L, -3);
        }
        return;
    }
    lua_pushnil(L);
}
