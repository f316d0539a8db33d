/*
 * `qipai mahjong shanten|effective|discards`: shanten per form, effective
 * tiles with the copies left, and discard advice (docs/FORMATS.md).
 */
#include "mahjong_cli.h"

#include <string.h>

static json_t *forms_json(const qipai_mj_rules *rules, const qipai_mj_shanten_forms *f)
{
    json_t *forms = json_object();
    const struct {
        unsigned form;
        int8_t value;
    } each[] = {
        {QIPAI_MJ_FORM_STANDARD, f->standard},
        {QIPAI_MJ_FORM_SEVEN_PAIRS, f->seven_pairs},
        {QIPAI_MJ_FORM_THIRTEEN_ORPHANS, f->thirteen_orphans},
    };
    for (size_t i = 0; i < sizeof each / sizeof each[0]; i++)
        if ((rules->forms & each[i].form) && each[i].value != QIPAI_MJ_NO_SHANTEN)
            json_object_set_new(forms, qipai_mj_form_name((qipai_mj_form)each[i].form),
                                json_integer(each[i].value));
    return forms;
}

json_t *mj_answer_shanten(const char *line, void *context)
{
    const mj_options *o = context;
    qipai_mj_hand hand;
    json_t *bad = mj_read_sized(o, line, MJ_EITHER, &hand, NULL);
    if (bad)
        return bad;
    qipai_mj_shanten_forms forms;
    qipai_mj_shanten(&o->rules, &hand, &forms);
    json_t *obj = mj_answer_object(line);
    json_object_set_new(obj, "shanten", json_integer(forms.shanten));
    json_object_set_new(obj, "forms", forms_json(&o->rules, &forms));
    return obj;
}

/* The tiles seen outside the hand's real tiles: the table (--visible) and
 * the copies of wild kinds in the hand. */
static void visible_of(const mj_options *o, const qipai_mj_tiles *tiles, uint8_t out[QIPAI_MJ_KINDS])
{
    for (int k = 0; k < QIPAI_MJ_KINDS; k++) {
        int seen = o->has_visible ? o->visible[k] : 0;
        if (o->rules.wild_kinds >> k & 1)
            seen += tiles->counts[k];
        out[k] = (uint8_t)(seen > 255 ? 255 : seen);
    }
}

static void add_effective(json_t *obj, const qipai_mj_effective *e, bool chinese)
{
    json_t *list = json_array();
    for (int i = 0; i < e->count; i++) {
        json_t *tile = json_object();
        json_object_set_new(tile, "tile", mj_json_kind(e->tiles[i].kind, false, chinese));
        json_object_set_new(tile, "left", json_integer(e->tiles[i].left));
        json_array_append_new(list, tile);
    }
    json_object_set_new(obj, "effective", list);
    json_object_set_new(obj, "total", json_integer(e->total));
}

json_t *mj_answer_effective(const char *line, void *context)
{
    const mj_options *o = context;
    qipai_mj_hand hand;
    qipai_mj_tiles tiles;
    json_t *bad = mj_read_sized(o, line, MJ_WAITING, &hand, &tiles);
    if (bad)
        return bad;
    uint8_t visible[QIPAI_MJ_KINDS];
    visible_of(o, &tiles, visible);
    qipai_mj_effective e;
    qipai_error err;
    if (qipai_mj_effective_tiles(&o->rules, &hand, visible, &e, &err))
        return cli_error("hand", line, err.message);
    json_t *obj = mj_answer_object(line);
    json_object_set_new(obj, "shanten", json_integer(e.shanten));
    add_effective(obj, &e, o->chinese);
    return obj;
}

/* How a discarded wildcard is named: its wild kind when the hand holds
 * copies of one, else the joker. */
static json_t *wildcard_name(const mj_options *o, const qipai_mj_tiles *tiles)
{
    for (int k = 0; k < QIPAI_MJ_KINDS; k++)
        if ((o->rules.wild_kinds >> k & 1) && tiles->counts[k])
            return mj_json_kind(k, false, o->chinese);
    return json_string("*");
}

json_t *mj_answer_discards(const char *line, void *context)
{
    const mj_options *o = context;
    qipai_mj_hand hand;
    qipai_mj_tiles tiles;
    json_t *bad = mj_read_sized(o, line, MJ_WINNING, &hand, &tiles);
    if (bad)
        return bad;
    uint8_t visible[QIPAI_MJ_KINDS];
    visible_of(o, &tiles, visible);
    qipai_mj_discard discards[QIPAI_MJ_KINDS + 1];
    size_t count;
    qipai_error err;
    if (qipai_mj_discards(&o->rules, &hand, visible, discards, &count, &err))
        return cli_error("hand", line, err.message);
    json_t *obj = mj_answer_object(line), *list = json_array();
    for (size_t i = 0; i < count; i++) {
        json_t *d = json_object();
        json_object_set_new(d, "tile", discards[i].tile == QIPAI_MJ_WILDCARD
                                           ? wildcard_name(o, &tiles)
                                           : mj_json_kind(discards[i].tile, false, o->chinese));
        json_object_set_new(d, "shanten", json_integer(discards[i].after.shanten));
        add_effective(d, &discards[i].after, o->chinese);
        json_array_append_new(list, d);
    }
    json_object_set_new(obj, "discards", list);
    return obj;
}
