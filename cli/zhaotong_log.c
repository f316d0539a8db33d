/*
 * The Zhaotong log format (docs/formats/zhaotong.md): JSON lines for the
 * game header, the deal and every event, and the parser of the lines the
 * replay feeds back into the library (the header and the actions). JSON is
 * built and read with jansson only.
 */
#include "zhaotong_cli.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- tiles ---- */

json_t *zt_json_tile(int kind, bool wild)
{
    char text[12];
    int n = qipai_mj_format_kind(kind, false, text, sizeof text - 1);
    if (wild && n > 0) {
        text[n++] = '*';
        text[n] = '\0';
    }
    return json_string(text);
}

json_t *zt_json_concealed(const qipai_zt_hand *hand, int tuo_kind)
{
    qipai_mj_hand h;
    memset(&h, 0, sizeof h);
    memcpy(h.counts, hand->counts, QIPAI_ZT_KINDS);
    h.counts[tuo_kind] = (uint8_t)(h.counts[tuo_kind] + hand->tuo);
    char text[64];
    qipai_mj_format_hand(&h, false, text, sizeof text);
    return json_string(text);
}

json_t *zt_json_melds(const qipai_zt_hand *hand)
{
    json_t *list = json_array();
    for (int i = 0; i < hand->meld_count; i++) {
        const qipai_zt_meld *m = &hand->melds[i];
        json_array_append_new(list, json_pack("{s:s,s:o,s:i,s:i}", "type",
                                              qipai_zt_meld_name((qipai_zt_meld_type)m->type),
                                              "tile", zt_json_tile(m->kind, false), "tuo", m->tuo,
                                              "from", m->from));
    }
    return list;
}

int zt_parse_tile(const char *text)
{
    qipai_mj_rules rules;
    qipai_mj_tiles tiles;
    qipai_mj_rules_preset(&rules, QIPAI_MJ_PRESET_ZHAOTONG);
    if (!text || qipai_mj_parse_tiles(&rules, text, &tiles, 1, NULL) != QIPAI_OK ||
        tiles.jokers)
        return -1;
    for (int k = 0; k < QIPAI_ZT_KINDS; k++)
        if (tiles.counts[k])
            return k;
    return -1;
}

/* ---- rules ---- */

enum { R_BOOL, R_U8, R_I32 };
static const struct {
    const char *name;
    int type;
    size_t offset;
} rule_fields[] = {
    {"cap", R_U8, offsetof(qipai_zt_rules, cap)},
    {"base", R_I32, offsetof(qipai_zt_rules, base)},
    {"zimo_adds_base", R_BOOL, offsetof(qipai_zt_rules, zimo_adds_base)},
    {"call_transfer", R_BOOL, offsetof(qipai_zt_rules, call_transfer)},
    {"tuo_discard", R_BOOL, offsetof(qipai_zt_rules, tuo_discard)},
    {"tuo_claim", R_BOOL, offsetof(qipai_zt_rules, tuo_claim)},
    {"seven_pairs", R_BOOL, offsetof(qipai_zt_rules, seven_pairs)},
    {"multiple_hu", R_BOOL, offsetof(qipai_zt_rules, multiple_hu)},
    {"rob_kong", R_BOOL, offsetof(qipai_zt_rules, rob_kong)},
    {"pass_hu_lock", R_BOOL, offsetof(qipai_zt_rules, pass_hu_lock)},
    {"hua_zhu", R_BOOL, offsetof(qipai_zt_rules, hua_zhu)},
    {"da_jiao", R_BOOL, offsetof(qipai_zt_rules, da_jiao)},
    {"tui_shui", R_BOOL, offsetof(qipai_zt_rules, tui_shui)},
    {"ming_gang_pay", R_U8, offsetof(qipai_zt_rules, ming_gang_pay)},
    {"bu_gang_pay", R_U8, offsetof(qipai_zt_rules, bu_gang_pay)},
    {"an_gang_pay", R_U8, offsetof(qipai_zt_rules, an_gang_pay)},
};
enum { RULE_FIELDS = sizeof rule_fields / sizeof rule_fields[0] };

json_t *zt_json_rules(const qipai_zt_rules *rules)
{
    json_t *o = json_object(), *fan = json_object();
    for (int t = 0; t < QIPAI_ZT_TYPE_COUNT; t++)
        json_object_set_new(fan, qipai_zt_type_name((qipai_zt_type)t, false),
                            rules->fan[t] == QIPAI_ZT_FAN_CAP ? json_string("cap")
                                                              : json_integer(rules->fan[t]));
    json_object_set_new(o, "fan", fan);
    const char *base = (const char *)rules;
    for (int i = 0; i < RULE_FIELDS; i++) {
        const char *p = base + rule_fields[i].offset;
        json_t *v;
        if (rule_fields[i].type == R_BOOL)
            v = json_boolean(*(const bool *)p);
        else if (rule_fields[i].type == R_U8)
            v = json_integer(*(const uint8_t *)p);
        else
            v = json_integer(*(const int32_t *)p);
        json_object_set_new(o, rule_fields[i].name, v);
    }
    return o;
}

static int fan_type(const char *name)
{
    for (int t = 0; t < QIPAI_ZT_TYPE_COUNT; t++)
        if (!strcmp(name, qipai_zt_type_name((qipai_zt_type)t, false)) ||
            !strcmp(name, qipai_zt_type_name((qipai_zt_type)t, true)))
            return t;
    return -1;
}

/* Sets a field from an integer (booleans as 0/1); 0 on success. */
static int set_field(qipai_zt_rules *rules, int i, long long value, char *why, size_t size)
{
    char *p = (char *)rules + rule_fields[i].offset;
    switch (rule_fields[i].type) {
    case R_BOOL:
        if (value != 0 && value != 1)
            return snprintf(why, size, "%s is 0 or 1 (false or true)", rule_fields[i].name), -1;
        *(bool *)p = value != 0;
        return 0;
    case R_U8:
        if (value < 0 || value > 255)
            return snprintf(why, size, "%s is 0-255", rule_fields[i].name), -1;
        *(uint8_t *)p = (uint8_t)value;
        return 0;
    default:
        if (value < 1 || value > 1000000)
            return snprintf(why, size, "%s is 1-1000000", rule_fields[i].name), -1;
        *(int32_t *)p = (int32_t)value;
        return 0;
    }
}

static int find_field(const char *name)
{
    for (int i = 0; i < RULE_FIELDS; i++)
        if (!strcmp(name, rule_fields[i].name))
            return i;
    return -1;
}

int zt_rule_set_text(qipai_zt_rules *rules, const char *name, const char *value, char *why,
                     size_t size)
{
    char *end;
    if (!strncmp(name, "fan.", 4)) {
        int t = fan_type(name + 4);
        if (t < 0)
            return snprintf(why, size, "no hand type '%s'", name + 4), -1;
        if (!strcmp(value, "cap")) {
            rules->fan[t] = QIPAI_ZT_FAN_CAP;
            return 0;
        }
        long v = strtol(value, &end, 10);
        if (*end || end == value || v < 0 || v > 20)
            return snprintf(why, size, "fan of %s is 0-20 or cap, not '%s'", name + 4, value), -1;
        rules->fan[t] = (uint8_t)v;
        return 0;
    }
    int i = find_field(name);
    if (i < 0)
        return snprintf(why, size, "no rule '%s'", name), -1;
    long long v;
    if (!strcmp(value, "true") || !strcmp(value, "on"))
        v = 1;
    else if (!strcmp(value, "false") || !strcmp(value, "off"))
        v = 0;
    else {
        v = strtoll(value, &end, 10);
        if (*end || end == value)
            return snprintf(why, size, "%s wants a number, not '%s'", name, value), -1;
    }
    return set_field(rules, i, v, why, size);
}

/* Reads a rules object: every key known, values of the right type; keys
 * left out keep the defaults. */
static int parse_rules(const json_t *o, qipai_zt_rules *rules, char *why, size_t size)
{
    qipai_zt_rules_default(rules);
    if (!json_is_object(o))
        return snprintf(why, size, "\"rules\" is not an object"), -1;
    const char *key;
    json_t *v;
    json_object_foreach((json_t *)o, key, v) {
        if (!strcmp(key, "fan")) {
            if (!json_is_object(v))
                return snprintf(why, size, "rules.fan is not an object"), -1;
            const char *name;
            json_t *f;
            json_object_foreach(v, name, f) {
                int t = fan_type(name);
                if (t < 0)
                    return snprintf(why, size, "rules.fan: no hand type '%s'", name), -1;
                if (json_is_string(f) && !strcmp(json_string_value(f), "cap"))
                    rules->fan[t] = QIPAI_ZT_FAN_CAP;
                else if (json_is_integer(f) && json_integer_value(f) >= 0 &&
                         json_integer_value(f) <= 20)
                    rules->fan[t] = (uint8_t)json_integer_value(f);
                else
                    return snprintf(why, size, "rules.fan.%s is 0-20 or \"cap\"", name), -1;
            }
            continue;
        }
        int i = find_field(key);
        if (i < 0)
            return snprintf(why, size, "rules: no rule '%s'", key), -1;
        long long value;
        if (rule_fields[i].type == R_BOOL && json_is_boolean(v))
            value = json_is_true(v);
        else if (rule_fields[i].type != R_BOOL && json_is_integer(v))
            value = json_integer_value(v);
        else
            return snprintf(why, size, "rules.%s has the wrong type", key), -1;
        if (set_field(rules, i, value, why, size))
            return -1;
    }
    qipai_error err;
    if (qipai_zt_rules_check(rules, &err) != QIPAI_OK)
        return snprintf(why, size, "rules: %s", err.message), -1;
    return 0;
}

/* ---- the header and the deal ---- */

json_t *zt_json_header(const qipai_zt_game *g, long number, const char *const *bots)
{
    json_t *wall = json_array();
    for (int i = 0; i < QIPAI_ZT_TILES; i++)
        json_array_append_new(wall, zt_json_tile(g->wall[i], false));
    json_t *o = json_object();
    json_object_set_new(o, "type", json_string("game"));
    json_object_set_new(o, "game", json_integer(number));
    if (g->seed && g->seed <= (uint64_t)INT64_MAX)
        json_object_set_new(o, "seed", json_integer((json_int_t)g->seed));
    json_object_set_new(o, "dealer", json_integer(g->dealer));
    json_object_set_new(o, "rules", zt_json_rules(&g->rules));
    json_object_set_new(o, "wall", wall);
    json_object_set_new(o, "tuo", zt_json_tile(g->tuo, false));
    json_object_set_new(o, "turned_seat", json_integer(g->turned_seat));
    if (bots) {
        json_t *list = json_array();
        for (int s = 0; s < QIPAI_ZT_SEATS; s++)
            json_array_append_new(list, json_string(bots[s]));
        json_object_set_new(o, "bots", list);
    }
    return o;
}

json_t *zt_json_deal(const qipai_zt_game *g)
{
    json_t *hands = json_array();
    for (int s = 0; s < QIPAI_ZT_SEATS; s++)
        json_array_append_new(hands, zt_json_concealed(&g->players[s].hand, g->tuo));
    return json_pack("{s:s,s:o}", "type", "deal", "hands", hands);
}

static int get_int(const json_t *o, const char *key, long long low, long long high,
                   long long *out, char *why, size_t size)
{
    json_t *v = json_object_get(o, key);
    if (!json_is_integer(v) || json_integer_value(v) < low || json_integer_value(v) > high)
        return snprintf(why, size, "\"%s\" must be an integer %lld-%lld", key, low, high), -1;
    *out = json_integer_value(v);
    return 0;
}

int zt_parse_header(const json_t *line, qipai_zt_rules *rules, uint8_t wall[QIPAI_ZT_TILES],
                    int *dealer, char *why, size_t size)
{
    long long d;
    if (get_int(line, "dealer", 0, 3, &d, why, size))
        return -1;
    *dealer = (int)d;
    if (parse_rules(json_object_get(line, "rules"), rules, why, size))
        return -1;
    json_t *w = json_object_get(line, "wall");
    if (!json_is_array(w) || json_array_size(w) != QIPAI_ZT_TILES)
        return snprintf(why, size, "\"wall\" must be an array of 108 tiles"), -1;
    for (size_t i = 0; i < QIPAI_ZT_TILES; i++) {
        int k = zt_parse_tile(json_string_value(json_array_get(w, i)));
        if (k < 0)
            return snprintf(why, size, "wall tile %zu is not a tile", i + 1), -1;
        wall[i] = (uint8_t)k;
    }
    return 0;
}

/* ---- events ---- */

static int action_by_name(const char *name)
{
    for (int t = 0; t < QIPAI_ZT_ACT_COUNT; t++)
        if (name && !strcmp(name, qipai_zt_action_name((qipai_zt_action_type)t, false)))
            return t;
    return -1;
}

static bool action_has_tuo(int type)
{
    return type == QIPAI_ZT_ACT_PENG || type == QIPAI_ZT_ACT_MING_GANG ||
           type == QIPAI_ZT_ACT_AN_GANG || type == QIPAI_ZT_ACT_BU_GANG;
}

json_t *zt_json_action(const qipai_zt_action *a)
{
    json_t *o = json_object();
    json_object_set_new(o, "type", json_string("action"));
    json_object_set_new(o, "player", json_integer(a->seat));
    json_object_set_new(o, "action",
                        json_string(qipai_zt_action_name((qipai_zt_action_type)a->type, false)));
    if (a->type != QIPAI_ZT_ACT_HU && a->type != QIPAI_ZT_ACT_PASS)
        json_object_set_new(o, "tile", zt_json_tile(a->kind, false));
    if (action_has_tuo(a->type))
        json_object_set_new(o, "tuo", json_integer(a->tuo));
    return o;
}

int zt_parse_action(const json_t *line, qipai_zt_action *a, char *why, size_t size)
{
    json_t *type = json_object_get(line, "type");
    if (!json_is_string(type) || strcmp(json_string_value(type), "action"))
        return snprintf(why, size, "expected an action line"), -1;
    long long player;
    if (get_int(line, "player", 0, 3, &player, why, size))
        return -1;
    int t = action_by_name(json_string_value(json_object_get(line, "action")));
    if (t < 0)
        return snprintf(why, size, "\"action\" must be discard, peng, ming_gang, an_gang, "
                                   "bu_gang, hu or pass"), -1;
    memset(a, 0, sizeof *a);
    a->type = (uint8_t)t;
    a->seat = (uint8_t)player;
    if (t != QIPAI_ZT_ACT_HU && t != QIPAI_ZT_ACT_PASS) {
        int k = zt_parse_tile(json_string_value(json_object_get(line, "tile")));
        if (k < 0)
            return snprintf(why, size, "\"tile\" must name one tile"), -1;
        a->kind = (uint8_t)k;
    }
    if (action_has_tuo(t)) {
        long long tuo;
        if (get_int(line, "tuo", 0, 4, &tuo, why, size))
            return -1;
        a->tuo = (uint8_t)tuo;
    }
    return 0;
}

static json_t *decomposition(const qipai_mj_decomposition *d)
{
    json_t *melds = json_array();
    for (int i = 0; i < d->meld_count; i++) {
        const qipai_mj_meld *m = &d->melds[i];
        json_t *tiles = json_array();
        for (int j = 0; j < m->size; j++)
            json_array_append_new(tiles, zt_json_tile(m->kinds[j], m->wild >> j & 1));
        json_array_append_new(melds, json_pack("{s:s,s:o}", "type",
                                               qipai_mj_meld_type_name((qipai_mj_meld_type)m->type),
                                               "tiles", tiles));
    }
    return json_pack("{s:s,s:o}", "form", qipai_mj_form_name((qipai_mj_form)d->form), "melds",
                     melds);
}

static json_t *win_line(const qipai_zt_game *g, int seat)
{
    const qipai_zt_player *p = &g->players[seat];
    const qipai_zt_win *w = &p->win;
    static const char *const contexts[] = {"self_drawn", "after_kong", "kong_discard",
                                           "rob_kong",   "heavenly",   "earthly"};
    json_t *context = json_array(), *types = json_array();
    for (int i = 0; i < 6; i++)
        if (w->context >> i & 1)
            json_array_append_new(context, json_string(contexts[i]));
    for (int t = 0; t < QIPAI_ZT_TYPE_COUNT; t++)
        if (w->score.types >> t & 1)
            json_array_append_new(types, json_string(qipai_zt_type_name((qipai_zt_type)t, false)));
    /* The hand as scored: the winning tile in it even when another winner
     * took the tile itself. */
    qipai_zt_hand shown = p->hand;
    if (!w->tile_held) {
        if (w->tile_tuo)
            shown.tuo++;
        else
            shown.counts[w->tile]++;
    }
    json_t *o = json_object();
    json_object_set_new(o, "type", json_string("win"));
    json_object_set_new(o, "player", json_integer(seat));
    json_object_set_new(o, "from", json_integer(w->from));
    json_object_set_new(o, "tile", zt_json_tile(w->tile, false));
    json_object_set_new(o, "tile_tuo", json_boolean(w->tile_tuo));
    json_object_set_new(o, "tile_held", json_boolean(w->tile_held));
    json_object_set_new(o, "order", json_integer(w->order));
    json_object_set_new(o, "context", context);
    json_object_set_new(o, "hand", zt_json_concealed(&shown, g->tuo));
    json_object_set_new(o, "melds", zt_json_melds(&p->hand));
    json_object_set_new(o, "decomposition", decomposition(&w->score.decomposition));
    json_object_set_new(o, "types", types);
    json_object_set_new(o, "gen", json_integer(w->score.gen));
    json_object_set_new(o, "gou", json_integer(w->score.gou));
    json_object_set_new(o, "fan", json_integer(w->score.fan));
    json_object_set_new(o, "fan_capped", json_integer(w->score.fan_capped));
    json_object_set_new(o, "amount", json_integer(w->score.amount));
    return o;
}

json_t *zt_json_event(const qipai_zt_game *g, const qipai_zt_event *e)
{
    json_t *o;
    switch (e->type) {
    case QIPAI_ZT_EV_DRAW:
        o = json_pack("{s:s,s:i,s:o}", "type", "draw", "player", e->player, "tile",
                      zt_json_tile(e->tile, false));
        if (e->replacement)
            json_object_set_new(o, "replacement", json_true());
        return o;
    case QIPAI_ZT_EV_ACTION:
        return zt_json_action(&e->action);
    case QIPAI_ZT_EV_PENG:
        return json_pack("{s:s,s:i,s:i,s:o,s:i}", "type", "peng", "player", e->player, "from",
                         e->from, "tile", zt_json_tile(e->tile, false), "tuo", e->meld.tuo);
    case QIPAI_ZT_EV_GANG:
        return json_pack("{s:s,s:i,s:s,s:i,s:o,s:i}", "type", "gang", "player", e->player,
                         "gang", qipai_zt_meld_name((qipai_zt_meld_type)e->meld.type), "from",
                         e->from, "tile", zt_json_tile(e->tile, false), "tuo", e->meld.tuo);
    case QIPAI_ZT_EV_ROBBED:
        return json_pack("{s:s,s:i,s:o}", "type", "robbed", "player", e->from, "tile",
                         zt_json_tile(e->tile, false));
    case QIPAI_ZT_EV_WIN:
        return win_line(g, e->player);
    case QIPAI_ZT_EV_PAY:
        o = json_pack("{s:s,s:i,s:i,s:I,s:s}", "type", "pay", "from", e->pay.from, "to",
                      e->pay.to, "amount", (json_int_t)e->pay.amount, "reason",
                      qipai_zt_pay_reason_name((qipai_zt_pay_reason)e->pay.reason));
        if (e->pay.kong)
            json_object_set_new(o, "kong", json_integer(e->pay.kong));
        return o;
    case QIPAI_ZT_EV_END: {
        json_t *scores = json_array();
        for (int s = 0; s < QIPAI_ZT_SEATS; s++)
            json_array_append_new(scores, json_integer(g->players[s].score));
        return json_pack("{s:s,s:s,s:o}", "type", "end", "reason",
                         g->end == QIPAI_ZT_END_WALL ? "wall" : "one_left", "scores", scores);
    }
    default:
        return json_pack("{s:s}", "type", "unknown");
    }
}
