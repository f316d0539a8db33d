/*
 * Reading the Zhaotong log (docs/formats/zhaotong.md, "The log") with qjson:
 * a game's header (its rules, wall and dealer), an action line (what the
 * replay plays), and any other line as its record. The header and the
 * records are read strictly: a line is accepted only when it is the line the
 * writer (log_write.c) makes for what was read, keys in any order, so a
 * record read back compares as its line would. Numbers are read by value
 * (qjson: 2.0 is the integer 2).
 */
#include "zt_internal.h"
#include "common/fail.h"
#include "common/json.h"

#include <stdio.h>

/* ---- JSON helpers ----------------------------------------------------------- */

/* Parses one line into doc: a JSON object, duplicate keys refused. */
static qipai_err parse_object(qjson_doc *doc, const char *text, size_t length,
                              const qjson_value **root, qipai_error *err)
{
    char why[128];
    qjson_doc_reject_duplicates(doc, true);
    if (!text)
        return qipai_fail(err, QIPAI_ERR_ARGUMENT, -1, "no line");
    if (qjson_parse(doc, text, length, root, why, sizeof why) != 0)
        return qipai_fail(err, strstr(why, "memory") ? QIPAI_ERR_MEMORY : QIPAI_ERR_SYNTAX, -1,
                          "%s", why);
    if ((*root)->type != QJSON_OBJECT)
        return qipai_fail(err, QIPAI_ERR_SYNTAX, -1, "not a JSON object");
    return QIPAI_OK;
}

/* Whether the line is, key for key, the text the writer made (canonical,
 * length bytes), leaving out the keys named in free (NULL-ended). */
static qipai_err same_as_written(const qjson_value *line, const char *canonical, size_t length,
                                 const char *const *free_keys, bool *equal, qipai_error *err)
{
    qjson_doc doc;
    const qjson_value *written;
    qjson_doc_init(&doc);
    qipai_err e = parse_object(&doc, canonical, length, &written, err);
    if (e == QIPAI_OK)
        *equal = qjson_same(line, written, free_keys);
    qjson_doc_free(&doc);
    return e;
}

static bool get_int(const qjson_value *o, const char *key, int64_t low, int64_t high,
                    int64_t *out)
{
    const qjson_value *v = qjson_get(o, key);
    if (!v || v->type != QJSON_NUMBER || !v->is_int || v->i < low || v->i > high)
        return false;
    *out = v->i;
    return true;
}

static qipai_err int_field(const qjson_value *o, const char *key, int64_t low, int64_t high,
                           int64_t *out, qipai_error *err)
{
    if (!get_int(o, key, low, high, out))
        return qipai_fail(err, QIPAI_ERR_SYNTAX, -1, "\"%s\" must be an integer %lld-%lld", key,
                          (long long)low, (long long)high);
    return QIPAI_OK;
}

/* A tile's kind from a JSON string ("5m"; the core's other spellings too),
 * or -1. */
static int tile_of(const qjson_value *v)
{
    if (!qjson_as_string(v)) /* not a string, or one holding a NUL byte */
        return -1;
    return zt_parse_kind(v->string, v->length);
}

static bool string_is(const qjson_value *v, const char *text)
{
    return v && v->type == QJSON_STRING && v->length == strlen(text) &&
           !memcmp(v->string, text, v->length);
}

/* Which of names[0..n) the string is, or -1. */
static int name_index(const qjson_value *v, const char *(*name)(int), int n)
{
    for (int i = 0; i < n; i++)
        if (name(i) && string_is(v, name(i)))
            return i;
    return -1;
}

/* ---- the header --------------------------------------------------------------- */

/* Sets a rules value from the rules object's member. */
static qipai_err read_rule(const qjson_member *m, qipai_zt_rules *rules, qipai_error *err)
{
    int i = zt_rule_field_named(m->key, m->key_length);
    if (i < 0)
        return qipai_fail(err, QIPAI_ERR_ARGUMENT, -1, "rules: no rule '%s'", m->key);
    const qjson_value *v = &m->value;
    int64_t value;
    if (zt_rule_fields[i].type == ZT_RULE_BOOL && v->type == QJSON_BOOL)
        value = v->boolean;
    else if (zt_rule_fields[i].type != ZT_RULE_BOOL && v->type == QJSON_NUMBER && v->is_int)
        value = v->i;
    else
        return qipai_fail(err, QIPAI_ERR_SYNTAX, -1, "rules.%s has the wrong type", m->key);
    return zt_rule_set(rules, i, value, err);
}

static qipai_err read_fan(const qjson_value *fan, qipai_zt_rules *rules, qipai_error *err)
{
    if (fan->type != QJSON_OBJECT)
        return qipai_fail(err, QIPAI_ERR_SYNTAX, -1, "rules.fan is not an object");
    for (size_t j = 0; j < fan->length; j++) {
        const qjson_member *f = &fan->members[j];
        int t = zt_type_named(f->key, f->key_length);
        if (t < 0)
            return qipai_fail(err, QIPAI_ERR_ARGUMENT, -1, "rules.fan: no hand type '%s'", f->key);
        if (string_is(&f->value, "cap"))
            rules->fan[t] = QIPAI_ZT_FAN_CAP;
        else if (f->value.type == QJSON_NUMBER && f->value.is_int && f->value.i >= 0 &&
                 f->value.i <= 20)
            rules->fan[t] = (uint8_t)f->value.i;
        else
            return qipai_fail(err, QIPAI_ERR_RANGE, -1, "rules.fan.%s is 0-20 or \"cap\"", f->key);
    }
    return QIPAI_OK;
}

/* The rules object: every key known, values of the right type, the result
 * valid (keys left out keep the defaults here; the header's check then asks
 * for every one). */
static qipai_err read_rules(const qjson_value *o, qipai_zt_rules *rules, qipai_error *err)
{
    qipai_zt_rules_default(rules);
    if (!o || o->type != QJSON_OBJECT)
        return qipai_fail(err, QIPAI_ERR_SYNTAX, -1, "\"rules\" is not an object");
    for (size_t i = 0; i < o->length; i++) {
        const qjson_member *m = &o->members[i];
        qipai_err e = m->key_length == 3 && !memcmp(m->key, "fan", 3)
                          ? read_fan(&m->value, rules, err)
                          : read_rule(m, rules, err);
        if (e != QIPAI_OK)
            return e;
    }
    qipai_error why;
    qipai_err e = qipai_zt_rules_check(rules, &why);
    if (e != QIPAI_OK)
        return qipai_fail(err, e, -1, "rules: %s", why.message);
    return QIPAI_OK;
}

/* The header's own fields, before the check against the wall. */
static qipai_err read_header_fields(const qjson_value *root, qipai_zt_rules *rules,
                                    uint8_t wall[QIPAI_ZT_TILES], int *dealer, qipai_error *err)
{
    int64_t d;
    qipai_err e = int_field(root, "dealer", 0, 3, &d, err);
    if (e != QIPAI_OK)
        return e;
    *dealer = (int)d;
    if ((e = read_rules(qjson_get(root, "rules"), rules, err)) != QIPAI_OK)
        return e;
    const qjson_value *w = qjson_get(root, "wall");
    if (!w || w->type != QJSON_ARRAY || w->length != QIPAI_ZT_TILES)
        return qipai_fail(err, QIPAI_ERR_SYNTAX, -1, "\"wall\" must be an array of 108 tiles");
    for (size_t i = 0; i < QIPAI_ZT_TILES; i++) {
        int k = tile_of(&w->items[i]);
        if (k < 0)
            return qipai_fail(err, QIPAI_ERR_SYNTAX, (int)i, "wall tile %zu is not a tile", i + 1);
        wall[i] = (uint8_t)k;
    }
    return QIPAI_OK;
}

/* Whether the header says what its wall gives (its 坨 and turned seat,
 * every rule) and nothing else. */
static qipai_err check_header(const qjson_value *root, const qipai_zt_rules *rules,
                              const uint8_t wall[QIPAI_ZT_TILES], int dealer, qipai_error *err)
{
    static const char *const informative[] = {"game", "name", "seed", "bots", NULL};
    qipai_zt_game game;
    qipai_error why;
    qipai_err e = qipai_zt_game_init_wall(&game, rules, wall, dealer, &why);
    if (e != QIPAI_OK)
        return qipai_fail(err, e, -1, "bad game header: %s", why.message);
    char canonical[QIPAI_ZT_LOG_LINE];
    size_t n = qipai_zt_log_header(&game, 0, NULL, canonical, sizeof canonical);
    bool equal = false;
    if (n >= sizeof canonical)
        return qipai_fail(err, QIPAI_ERR_LIMIT, -1, "the header does not fit its buffer");
    if ((e = same_as_written(root, canonical, n, informative, &equal, err)) != QIPAI_OK)
        return e;
    if (!equal) {
        char tuo[8];
        qipai_mj_format_kind(game.tuo, false, tuo, sizeof tuo);
        return qipai_fail(err, QIPAI_ERR_STATE, -1,
                          "the header does not match its wall: the 坨 is %s, the turned tile "
                          "lies with seat %d, and no other keys are allowed",
                          tuo, game.turned_seat);
    }
    return QIPAI_OK;
}

qipai_err qipai_zt_log_read_header(const char *text, size_t length, qipai_zt_rules *rules,
                                   uint8_t wall[QIPAI_ZT_TILES], int *dealer, int64_t *number,
                                   qipai_error *err)
{
    qjson_doc doc;
    const qjson_value *root;
    qjson_doc_init(&doc);
    qipai_err e = parse_object(&doc, text, length, &root, err);
    if (e == QIPAI_OK && !string_is(qjson_get(root, "type"), "game"))
        e = qipai_fail(err, QIPAI_ERR_SYNTAX, -1, "not a game line (\"type\":\"game\")");
    if (e == QIPAI_OK) {
        int64_t n;
        if (number && qjson_get_int(root, "game", &n))
            *number = n;
        qipai_error why;
        e = read_header_fields(root, rules, wall, dealer, &why);
        if (e != QIPAI_OK)
            qipai_fail(err, e, why.position, "bad game header: %s", why.message);
        else
            e = check_header(root, rules, wall, *dealer, err);
    }
    qjson_doc_free(&doc);
    return e;
}

/* ---- actions ------------------------------------------------------------------ */

static const char *action_name(int type)
{
    return qipai_zt_action_name((qipai_zt_action_type)type, false);
}

/* The action of an action line: only the keys an action has. */
static qipai_err read_action(const qjson_value *line, qipai_zt_action *a, qipai_error *err)
{
    if (!string_is(qjson_get(line, "type"), "action"))
        return qipai_fail(err, QIPAI_ERR_SYNTAX, -1, "expected an action line");
    int64_t player, tuo;
    qipai_err e = int_field(line, "player", 0, 3, &player, err);
    if (e != QIPAI_OK)
        return e;
    int t = name_index(qjson_get(line, "action"), action_name, QIPAI_ZT_ACT_COUNT);
    if (t < 0)
        return qipai_fail(err, QIPAI_ERR_SYNTAX, -1,
                          "\"action\" must be discard, peng, ming_gang, an_gang, bu_gang, hu or "
                          "pass");
    memset(a, 0, sizeof *a);
    a->type = (uint8_t)t;
    a->seat = (uint8_t)player;
    if (zt_action_has_tile(t)) {
        int k = tile_of(qjson_get(line, "tile"));
        if (k < 0)
            return qipai_fail(err, QIPAI_ERR_SYNTAX, -1, "\"tile\" must name one tile");
        a->kind = (uint8_t)k;
    }
    if (zt_action_has_tuo(t)) {
        if ((e = int_field(line, "tuo", 0, 4, &tuo, err)) != QIPAI_OK)
            return e;
        a->tuo = (uint8_t)tuo;
    }
    return QIPAI_OK;
}

qipai_err qipai_zt_log_read_action(const char *text, size_t length, qipai_zt_action *action,
                                   qipai_error *err)
{
    qjson_doc doc;
    const qjson_value *root;
    qjson_doc_init(&doc);
    qipai_err e = parse_object(&doc, text, length, &root, err);
    if (e == QIPAI_OK)
        e = read_action(root, action, err);
    qjson_doc_free(&doc);
    return e;
}

/* ---- records ------------------------------------------------------------------ */

static qipai_err seat_field(const qjson_value *o, const char *key, int8_t *out, qipai_error *err)
{
    int64_t v = 0;
    qipai_err e = int_field(o, key, 0, QIPAI_ZT_SEATS - 1, &v, err);
    if (e == QIPAI_OK)
        *out = (int8_t)v;
    return e;
}

static qipai_err byte_field(const qjson_value *o, const char *key, uint8_t *out, qipai_error *err)
{
    int64_t v = 0;
    qipai_err e = int_field(o, key, 0, 255, &v, err);
    if (e == QIPAI_OK)
        *out = (uint8_t)v;
    return e;
}

static qipai_err tile_field(const qjson_value *o, const char *key, uint8_t *out, qipai_error *err)
{
    int k = tile_of(qjson_get(o, key));
    if (k < 0)
        return qipai_fail(err, QIPAI_ERR_SYNTAX, -1, "\"%s\" must name one tile", key);
    *out = (uint8_t)k;
    return QIPAI_OK;
}

static qipai_err bool_field(const qjson_value *o, const char *key, bool *out, qipai_error *err)
{
    if (!qjson_get_bool(o, key, out))
        return qipai_fail(err, QIPAI_ERR_SYNTAX, -1, "\"%s\" must be true or false", key);
    return QIPAI_OK;
}

/* Physical tiles in compact notation ("1236m35889p"), at most 14. */
static qipai_err tiles_of(const qjson_value *v, const char *key, uint8_t out[QIPAI_ZT_KINDS],
                          qipai_error *err)
{
    const char *text = qjson_as_string(v);
    qipai_mj_rules rules;
    qipai_mj_tiles tiles;
    qipai_mj_rules_preset(&rules, QIPAI_MJ_PRESET_ZHAOTONG);
    if (!text || qipai_mj_parse_tiles(&rules, text, &tiles, QIPAI_MJ_MAX_TILES, NULL) != QIPAI_OK ||
        tiles.jokers)
        return qipai_fail(err, QIPAI_ERR_SYNTAX, -1, "\"%s\" must hold at most 14 tiles", key);
    memcpy(out, tiles.counts, QIPAI_ZT_KINDS);
    return QIPAI_OK;
}

static const char *meld_name(int type)
{
    return qipai_zt_meld_name((qipai_zt_meld_type)type);
}

static const char *reason_name(int reason)
{
    return qipai_zt_pay_reason_name((qipai_zt_pay_reason)reason);
}

static const char *type_name(int type)
{
    return qipai_zt_type_name((qipai_zt_type)type, false);
}

static const char *context_name(int i)
{
    return zt_context_names[i];
}

static const char *mj_meld_name(int type)
{
    return qipai_mj_meld_type_name((qipai_mj_meld_type)type);
}

static const char *form_name(int i)
{
    return qipai_mj_form_name((qipai_mj_form)(1 << i));
}

/* A list of names as bits: each names[i] present sets bit i. */
static qipai_err bits_field(const qjson_value *o, const char *key, const char *(*name)(int),
                            int n, unsigned *out, qipai_error *err)
{
    const qjson_value *list = qjson_get(o, key);
    *out = 0;
    if (!list || list->type != QJSON_ARRAY)
        return qipai_fail(err, QIPAI_ERR_SYNTAX, -1, "\"%s\" must be a list of names", key);
    for (size_t i = 0; i < list->length; i++) {
        int b = name_index(&list->items[i], name, n);
        if (b < 0)
            return qipai_fail(err, QIPAI_ERR_SYNTAX, -1, "\"%s\" holds an unknown name", key);
        *out |= 1u << b;
    }
    return QIPAI_OK;
}

static qipai_err read_table_melds(const qjson_value *list, qipai_zt_record *r, qipai_error *err)
{
    if (!list || list->type != QJSON_ARRAY || list->length > QIPAI_ZT_MAX_MELDS)
        return qipai_fail(err, QIPAI_ERR_SYNTAX, -1, "\"melds\" must be a list of at most 4 melds");
    r->meld_count = (uint8_t)list->length;
    for (size_t i = 0; i < list->length; i++) {
        const qjson_value *o = &list->items[i];
        qipai_zt_meld *m = &r->melds[i];
        int8_t from;
        int type = name_index(qjson_get(o, "type"), meld_name, 4);
        if (type < 0)
            return qipai_fail(err, QIPAI_ERR_SYNTAX, -1, "melds: \"type\" must be peng, "
                                                          "ming_gang, an_gang or bu_gang");
        qipai_err e = tile_field(o, "tile", &m->kind, err);
        if (e == QIPAI_OK)
            e = byte_field(o, "tuo", &m->tuo, err);
        if (e == QIPAI_OK)
            e = seat_field(o, "from", &from, err);
        if (e != QIPAI_OK)
            return e;
        m->type = (uint8_t)type;
        m->from = (uint8_t)from;
    }
    return QIPAI_OK;
}

static qipai_err read_decomposition(const qjson_value *o, qipai_mj_decomposition *d,
                                    qipai_error *err)
{
    int form = name_index(qjson_get(o, "form"), form_name, 3);
    const qjson_value *melds = qjson_get(o, "melds");
    if (form < 0 || !melds || melds->type != QJSON_ARRAY || melds->length > QIPAI_MJ_MAX_TILES)
        return qipai_fail(err, QIPAI_ERR_SYNTAX, -1,
                          "\"decomposition\" must hold a form and at most 14 melds");
    d->form = (uint8_t)(1 << form);
    d->meld_count = (uint8_t)melds->length;
    for (size_t i = 0; i < melds->length; i++) {
        const qjson_value *m = &melds->items[i], *tiles = qjson_get(m, "tiles");
        int type = name_index(qjson_get(m, "type"), mj_meld_name, 5);
        if (type < 0 || !tiles || tiles->type != QJSON_ARRAY || tiles->length < 1 ||
            tiles->length > 3)
            return qipai_fail(err, QIPAI_ERR_SYNTAX, -1,
                              "decomposition meld %zu must have a type and 1-3 tiles", i + 1);
        qipai_mj_meld *out = &d->melds[i];
        out->type = (uint8_t)type;
        out->size = (uint8_t)tiles->length;
        for (size_t j = 0; j < tiles->length; j++) {
            const qjson_value *t = &tiles->items[j];
            bool wild = qjson_as_string(t) && t->length > 1 && t->string[t->length - 1] == '*';
            int k = qjson_as_string(t) ? zt_parse_kind(t->string, t->length - wild) : -1;
            if (k < 0)
                return qipai_fail(err, QIPAI_ERR_SYNTAX, -1,
                                  "decomposition meld %zu: tile %zu is not a tile", i + 1, j + 1);
            out->kinds[j] = (uint8_t)k;
            out->wild |= (uint8_t)(wild << j);
        }
    }
    return QIPAI_OK;
}

static qipai_err read_win(const qjson_value *o, qipai_zt_record *r, qipai_error *err)
{
    qipai_zt_win *w = &r->win;
    int8_t from;
    unsigned context, types;
    int64_t amount;
    qipai_err e = seat_field(o, "player", &r->event.player, err);
    if (e == QIPAI_OK && (e = seat_field(o, "from", &from, err)) == QIPAI_OK)
        w->from = (uint8_t)from;
    if (e == QIPAI_OK)
        e = tile_field(o, "tile", &w->tile, err);
    if (e == QIPAI_OK)
        e = bool_field(o, "tile_tuo", &w->tile_tuo, err);
    if (e == QIPAI_OK)
        e = bool_field(o, "tile_held", &w->tile_held, err);
    if (e == QIPAI_OK)
        e = byte_field(o, "order", &w->order, err);
    if (e == QIPAI_OK && (e = bits_field(o, "context", context_name, ZT_CONTEXTS, &context,
                                         err)) == QIPAI_OK)
        w->context = (uint8_t)context;
    if (e == QIPAI_OK)
        e = tiles_of(qjson_get(o, "hand"), "hand", r->shown, err);
    if (e == QIPAI_OK)
        e = read_table_melds(qjson_get(o, "melds"), r, err);
    if (e == QIPAI_OK)
        e = read_decomposition(qjson_get(o, "decomposition"), &w->score.decomposition, err);
    if (e == QIPAI_OK && (e = bits_field(o, "types", type_name, QIPAI_ZT_TYPE_COUNT, &types,
                                         err)) == QIPAI_OK)
        w->score.types = (uint16_t)types;
    if (e == QIPAI_OK)
        e = byte_field(o, "gen", &w->score.gen, err);
    if (e == QIPAI_OK)
        e = byte_field(o, "gou", &w->score.gou, err);
    if (e == QIPAI_OK)
        e = byte_field(o, "fan", &w->score.fan, err);
    if (e == QIPAI_OK)
        e = byte_field(o, "fan_capped", &w->score.fan_capped, err);
    if (e == QIPAI_OK && (e = int_field(o, "amount", INT64_MIN, INT64_MAX, &amount, err)) ==
                             QIPAI_OK)
        w->score.amount = amount;
    r->event.from = (int8_t)w->from;
    r->event.tile = w->tile;
    return e;
}

static qipai_err read_pay(const qjson_value *o, qipai_zt_record *r, qipai_error *err)
{
    qipai_zt_payment *p = &r->event.pay;
    int8_t from, to;
    int64_t amount;
    qipai_err e = seat_field(o, "from", &from, err);
    if (e == QIPAI_OK)
        e = seat_field(o, "to", &to, err);
    if (e == QIPAI_OK)
        e = int_field(o, "amount", INT64_MIN, INT64_MAX, &amount, err);
    if (e != QIPAI_OK)
        return e;
    int reason = name_index(qjson_get(o, "reason"), reason_name, QIPAI_ZT_PAY_TUI_SHUI + 1);
    if (reason < 0)
        return qipai_fail(err, QIPAI_ERR_SYNTAX, -1, "\"reason\" must name a payment reason");
    if (qjson_get(o, "kong") && (e = byte_field(o, "kong", &p->kong, err)) != QIPAI_OK)
        return e;
    p->from = (uint8_t)from;
    p->to = (uint8_t)to;
    p->amount = amount;
    p->reason = (uint8_t)reason;
    r->event.player = to;
    r->event.from = from;
    return QIPAI_OK;
}

static qipai_err read_end(const qjson_value *o, qipai_zt_record *r, qipai_error *err)
{
    const qjson_value *reason = qjson_get(o, "reason"), *scores = qjson_get(o, "scores");
    if (string_is(reason, "wall"))
        r->end = QIPAI_ZT_END_WALL;
    else if (string_is(reason, "one_left"))
        r->end = QIPAI_ZT_END_ONE_LEFT;
    else
        return qipai_fail(err, QIPAI_ERR_SYNTAX, -1, "\"reason\" must be wall or one_left");
    if (!scores || scores->type != QJSON_ARRAY || scores->length != QIPAI_ZT_SEATS)
        return qipai_fail(err, QIPAI_ERR_SYNTAX, -1, "\"scores\" must be a list of 4 integers");
    for (int s = 0; s < QIPAI_ZT_SEATS; s++)
        if (!qjson_as_int(&scores->items[s], &r->scores[s]))
            return qipai_fail(err, QIPAI_ERR_SYNTAX, -1, "\"scores\" must be a list of 4 integers");
    return QIPAI_OK;
}

static qipai_err read_deal(const qjson_value *o, qipai_zt_record *r, qipai_error *err)
{
    const qjson_value *hands = qjson_get(o, "hands");
    if (!hands || hands->type != QJSON_ARRAY || hands->length != QIPAI_ZT_SEATS)
        return qipai_fail(err, QIPAI_ERR_SYNTAX, -1, "\"hands\" must be a list of 4 hands");
    for (int s = 0; s < QIPAI_ZT_SEATS; s++) {
        if (hands->items[s].type == QJSON_NULL) { /* a seat's view: not that seat's hand */
            r->hidden |= (uint8_t)(1u << s);
            continue;
        }
        qipai_err e = tiles_of(&hands->items[s], "hands", r->dealt[s], err);
        if (e != QIPAI_OK)
            return e;
    }
    return QIPAI_OK;
}

/* The fields of each kind of line, as the writer puts them. */
static qipai_err read_fields(const qjson_value *o, qipai_zt_record *r, qipai_error *err)
{
    static const char *const types[] = {"draw", "action", "peng", "gang", "robbed",
                                        "win",  "pay",    "end",  "deal"};
    const qjson_value *type = qjson_get(o, "type");
    int t = -1;
    for (int i = 0; i < (int)(sizeof types / sizeof types[0]); i++)
        if (string_is(type, types[i]))
            t = i;
    if (t < 0)
        return qipai_fail(err, QIPAI_ERR_SYNTAX, -1,
                          "\"type\" must be deal, draw, action, peng, gang, robbed, win, pay or "
                          "end");
    qipai_zt_event *e = &r->event;
    qipai_err status = QIPAI_OK;
    r->type = (uint8_t)(t == 8 ? QIPAI_ZT_RECORD_DEAL : t);
    e->type = (uint8_t)(t == 8 ? 0 : t);
    e->player = e->from = -1;
    switch (r->type) {
    case QIPAI_ZT_RECORD_DEAL:
        return read_deal(o, r, err);
    case QIPAI_ZT_EV_DRAW:
        status = seat_field(o, "player", &e->player, err);
        if (status == QIPAI_OK && !qjson_get(o, "tile")) /* a seat's view of another's draw */
            r->hidden = (uint8_t)(1u << e->player);
        else if (status == QIPAI_OK)
            status = tile_field(o, "tile", &e->tile, err);
        if (status == QIPAI_OK && qjson_get(o, "replacement"))
            status = bool_field(o, "replacement", &e->replacement, err);
        return status;
    case QIPAI_ZT_EV_ACTION:
        status = read_action(o, &e->action, err);
        e->player = (int8_t)e->action.seat;
        e->tile = e->action.kind;
        return status;
    case QIPAI_ZT_EV_PENG:
    case QIPAI_ZT_EV_GANG:
        status = seat_field(o, "player", &e->player, err);
        if (status == QIPAI_OK && r->type == QIPAI_ZT_EV_GANG) {
            int gang = name_index(qjson_get(o, "gang"), meld_name, 4);
            if (gang < QIPAI_ZT_MING_GANG)
                return qipai_fail(err, QIPAI_ERR_SYNTAX, -1,
                                  "\"gang\" must be ming_gang, an_gang or bu_gang");
            e->meld.type = (uint8_t)gang;
        }
        if (status == QIPAI_OK)
            status = seat_field(o, "from", &e->from, err);
        if (status == QIPAI_OK)
            status = tile_field(o, "tile", &e->tile, err);
        if (status == QIPAI_OK)
            status = byte_field(o, "tuo", &e->meld.tuo, err);
        e->meld.kind = e->tile;
        e->meld.from = (uint8_t)e->from;
        return status;
    case QIPAI_ZT_EV_ROBBED:
        status = seat_field(o, "player", &e->from, err);
        if (status == QIPAI_OK)
            status = tile_field(o, "tile", &e->tile, err);
        return status;
    case QIPAI_ZT_EV_WIN:
        return read_win(o, r, err);
    case QIPAI_ZT_EV_PAY:
        return read_pay(o, r, err);
    default:
        return read_end(o, r, err);
    }
}

qipai_err qipai_zt_log_read_record(const char *text, size_t length, qipai_zt_record *record,
                                   qipai_error *err)
{
    qjson_doc doc;
    const qjson_value *root;
    memset(record, 0, sizeof *record);
    qjson_doc_init(&doc);
    qipai_err e = parse_object(&doc, text, length, &root, err);
    if (e == QIPAI_OK)
        e = read_fields(root, record, err);
    if (e == QIPAI_OK) {
        /* Strict: the line must be what the writer makes of the record (no
         * key added or left out, tiles and names spelt as written). */
        char written[QIPAI_ZT_LOG_LINE];
        size_t n = qipai_zt_log_record(record, written, sizeof written);
        bool equal = false;
        if (n >= sizeof written)
            e = qipai_fail(err, QIPAI_ERR_LIMIT, -1, "the record does not fit its buffer");
        else if ((e = same_as_written(root, written, n, NULL, &equal, err)) == QIPAI_OK &&
                 !equal)
            e = qipai_fail(err, QIPAI_ERR_SYNTAX, -1,
                           "not a %s line as the log writes it (a key added or missing, or a "
                           "value spelt another way)",
                           qjson_get_string(root, "type"));
    }
    qjson_doc_free(&doc);
    return e;
}
