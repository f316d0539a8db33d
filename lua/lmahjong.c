/*
 * qipai.mahjong (docs/BINDINGS.md): the mahjong core's rule sets, hands given
 * as strings or as arrays of tile numbers, and tile numbers to and from
 * their names.
 *
 * Tile numbers are the library's kinds: 0-8 1m-9m, 9-17 1p-9p, 18-26
 * 1s-9s, 27-33 1z-7z (east south west north white green red), and 34 a
 * joker (QIPAI_MJ_WILDCARD, written '*'). An array becomes the compact text
 * of the same tiles (qipai_mj_format_hand) before it is answered, so an
 * array and its text get the same answer.
 *
 * :win has a direct path (no JSON): a hand that parses, keeps the limits and
 * has 3k+2 tiles is answered by qipai_mj_win with the rule value built from
 * the same words as the queries'; anything else goes to the query, whose
 * answer (and error message) is the command line's.
 */
#include "lqipai.h"

#include <string.h>

static const lq_game mahjong = {
    "mahjong",
    "qipai.mahjong.rules",
    {"win", "waits", "decompose", "shanten", "effective", "discards", NULL},
};

enum { WIN = 0, JOKER = QIPAI_MJ_WILDCARD, MAX_ARRAY = QIPAI_MJ_KINDS * QIPAI_MJ_MAX_COPIES };

/* ---- the rule set ------------------------------------------------------------ */

/* The rule value of the direct path, from the words as the query reads them
 * (src/query/mahjong.c): the preset, then --seven-pairs-distinct, then each
 * --rule, then the wild kinds. False when a word is not understood here
 * (the direct path is then not taken). */
static bool direct_rules(lua_State *L, int words, qipai_mj_rules *rules)
{
    lua_Integer n = (lua_Integer)lua_rawlen(L, words);
    const char *preset = "basic";
    bool distinct = false;
    for (lua_Integer i = 1; i <= n; i++) {
        lua_rawgeti(L, words, i);
        const char *w = lua_tostring(L, -1);
        lua_pop(L, 1);
        if (!strcmp(w, "--rules") && i < n) {
            lua_rawgeti(L, words, ++i);
            preset = lua_tostring(L, -1);
            lua_pop(L, 1); /* still held by the words table */
        } else if (!strcmp(w, "--seven-pairs-distinct")) {
            distinct = true;
        } else if (!strcmp(w, "--rule") || !strcmp(w, "--wild") || !strcmp(w, "--visible")) {
            i++;
        } else if (strcmp(w, "--chinese")) {
            return false;
        }
    }
    if (qipai_mj_rules_named(rules, preset, NULL) != QIPAI_OK)
        return false;
    if (distinct)
        rules->seven_pairs_distinct = true;
    for (int pass = 0; pass < 2; pass++)
        for (lua_Integer i = 1; i < n; i++) {
            lua_rawgeti(L, words, i);
            const char *w = lua_tostring(L, -1);
            lua_rawgeti(L, words, i + 1);
            const char *value = lua_tostring(L, -1);
            bool ok = true;
            if (pass == 0 && !strcmp(w, "--rule")) {
                ok = qipai_mj_rules_option(rules, value, NULL) == QIPAI_OK;
            } else if (pass == 1 && !strcmp(w, "--wild")) {
                lua_pushfstring(L, "wild=%s", value);
                ok = qipai_mj_rules_option(rules, lua_tostring(L, -1), NULL) == QIPAI_OK;
                lua_pop(L, 1);
            }
            lua_pop(L, 2);
            if (!ok)
                return false;
        }
    return true;
}

/* qipai.mahjong.rules(options): options a table (preset, wild, chinese,
 * seven_pairs_distinct, rule) or a preset's name; none is "basic". */
static int rules_new(lua_State *L)
{
    lua_settop(L, 1);
    lua_newtable(L);
    int words = 2;
    if (lua_type(L, 1) == LUA_TSTRING) {
        lua_pushliteral(L, "--rules");
        lua_rawseti(L, words, 1);
        lua_pushvalue(L, 1);
        lua_rawseti(L, words, 2);
    } else if (lua_type(L, 1) == LUA_TTABLE) {
        lq_option_words(L, 1, words, NULL);
    } else if (!lua_isnil(L, 1)) {
        return luaL_typeerror(L, 1, "a table of options or a preset's name");
    }
    lq_rules *r = lq_rules_new(L, &mahjong, words);
    r->has_mahjong = direct_rules(L, words, &r->mahjong);
    return 1;
}

/* A hand for the direct path: the tiles of a string or an array, in the
 * rule set's tile set and limits, 3k+2 of them. False sends the call to the
 * query, which answers everything else as the command line does. */
static bool direct_hand(lua_State *L, const qipai_mj_rules *rules, qipai_mj_hand *hand)
{
    if (lua_type(L, 2) == LUA_TSTRING) {
        size_t n;
        const char *text = lua_tolstring(L, 2, &n);
        /* The query trims blanks and refuses NUL bytes, bad UTF-8 and long
         * lines; qipai_mj_parse reads only tokens, skips blanks and stops
         * at a NUL: so its successes on such text are the query's. */
        if (n > QIPAI_QUERY_MAX_LINE || strlen(text) != n ||
            qipai_mj_parse(rules, text, hand, NULL, NULL) != QIPAI_OK)
            return false;
    } else if (lua_type(L, 2) == LUA_TTABLE) {
        int n = (int)lua_rawlen(L, 2);
        if (n > QIPAI_MJ_MAX_TILES)
            return false;
        memset(hand, 0, sizeof *hand);
        /* all the items pushed, then read, then dropped at once: the fewest
         * API calls (they are most of this path's cost) */
        luaL_checkstack(L, n, "a hand");
        int base = lua_gettop(L);
        for (int i = 1; i <= n; i++)
            lua_rawgeti(L, 2, i);
        bool ok = true;
        uint8_t wild_copies[QIPAI_MJ_KINDS] = {0}; /* physical copies of wild kinds */
        for (int i = 1; i <= n && ok; i++) {
            int isnum;
            lua_Integer t = lua_tointegerx(L, base + i, &isnum);
            if (!isnum || t < 0 || t > JOKER) {
                ok = false;
            } else if (t == JOKER) {
                hand->wilds++;
            } else if (t >= rules->kinds) {
                ok = false;
            } else if (rules->wild_kinds >> t & 1) {
                ok = ++wild_copies[t] <= QIPAI_MJ_MAX_COPIES;
                hand->wilds++;
            } else {
                ok = ++hand->counts[t] <= QIPAI_MJ_MAX_COPIES;
            }
        }
        lua_settop(L, base);
        if (!ok)
            return false;
    } else {
        return false;
    }
    return qipai_mj_hand_size(hand) % 3 == 2;
}

/* r:win(hand): true or false; nil and the message for a bad hand. */
static int win(lua_State *L)
{
    lq_rules *r = lq_rules_check(L, 1, &mahjong);
    qipai_mj_hand hand;
    if (r->has_mahjong && direct_hand(L, &r->mahjong, &hand)) {
        lua_pushboolean(L, qipai_mj_win(&r->mahjong, &hand));
        return 1;
    }
    char buf[LQ_HAND_TEXT];
    size_t n;
    const char *text = lq_hand_text(L, 2, buf, &n);
    if (!text)
        return 2;
    int results = lq_answer(L, 1, r, WIN, text, n, 0);
    if (results == 1)
        lua_getfield(L, -1, "win");
    return results;
}

/* ---- tiles ------------------------------------------------------------------ */

/* qipai.mahjong.tile_name(number [, chinese]): "5m" ("五万"). */
static int tile_name(lua_State *L)
{
    lua_Integer k = luaL_checkinteger(L, 1);
    luaL_argcheck(L, k >= 0 && k <= JOKER, 1, "a tile number is 0-33, or 34 for a joker");
    if (k == JOKER) {
        lua_pushliteral(L, "*");
        return 1;
    }
    char name[16];
    qipai_mj_format_kind((int)k, lua_toboolean(L, 2), name, sizeof name);
    lua_pushstring(L, name);
    return 1;
}

/* The tiles of a text, as the basic rule set (34 kinds) reads them. */
static bool text_tiles(lua_State *L, int arg, qipai_mj_tiles *tiles)
{
    const char *text = luaL_checkstring(L, arg);
    qipai_mj_rules rules;
    qipai_error err;
    qipai_mj_rules_preset(&rules, QIPAI_MJ_PRESET_BASIC);
    if (qipai_mj_parse_tiles(&rules, text, tiles, MAX_ARRAY, &err) != QIPAI_OK) {
        lua_pushnil(L);
        lua_pushstring(L, err.message);
        return false;
    }
    return true;
}

/* qipai.mahjong.tile_number("5m"): 4; nil and a message when the text is
 * not one tile. */
static int tile_number(lua_State *L)
{
    qipai_mj_tiles tiles;
    if (!text_tiles(L, 1, &tiles))
        return 2;
    int found = -1, total = tiles.jokers;
    if (tiles.jokers)
        found = JOKER;
    for (int k = 0; k < QIPAI_MJ_KINDS; k++) {
        total += tiles.counts[k];
        if (tiles.counts[k])
            found = k;
    }
    if (total != 1) {
        lua_pushnil(L);
        lua_pushfstring(L, "'%s' is %d tiles, not one", lua_tostring(L, 1), total);
        return 2;
    }
    lua_pushinteger(L, found);
    return 1;
}

/* qipai.mahjong.tiles("123m*"): {0, 1, 2, 34}, in kind order, jokers last. */
static int tiles_of(lua_State *L)
{
    qipai_mj_tiles tiles;
    if (!text_tiles(L, 1, &tiles))
        return 2;
    lua_newtable(L);
    lua_Integer i = 0;
    for (int k = 0; k < QIPAI_MJ_KINDS; k++)
        for (int c = 0; c < tiles.counts[k]; c++) {
            lua_pushinteger(L, k);
            lua_rawseti(L, -2, ++i);
        }
    for (int c = 0; c < tiles.jokers; c++) {
        lua_pushinteger(L, JOKER);
        lua_rawseti(L, -2, ++i);
    }
    return 1;
}

/* qipai.mahjong.text({0, 1, 2, 34}): "123m*"; nil and a message for a bad
 * number. */
static int text_of(lua_State *L)
{
    luaL_checktype(L, 1, LUA_TTABLE);
    char buf[LQ_HAND_TEXT];
    size_t n;
    const char *text = lq_hand_text(L, 1, buf, &n);
    if (!text)
        return 2;
    lua_pushlstring(L, text, n);
    return 1;
}

void lq_open_mahjong(lua_State *L)
{
    static const luaL_Reg extra[] = {{"win", win}, {NULL, NULL}};
    static const luaL_Reg functions[] = {{"rules", rules_new},     {"tile_name", tile_name},
                                         {"tile_number", tile_number}, {"tiles", tiles_of},
                                         {"text", text_of},        {NULL, NULL}};
    lq_register_game(L, &mahjong, extra);
    luaL_newlib(L, functions);
    lua_pushinteger(L, JOKER);
    lua_setfield(L, -2, "JOKER");
    lua_setfield(L, -2, "mahjong");
}
