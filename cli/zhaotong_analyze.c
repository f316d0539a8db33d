/*
 * `qipai zhaotong analyze`: one position a line — a hand, its melds, the 坨
 * — answered with one JSON line: suits, shanten with the melds' suits,
 * and then for a hand of 3k+2 tiles whether it wins, its best score and
 * the discard advice, for 3k+1 tiles its waits and effective tiles. The
 * position notation (shared with the bench corpora):
 *
 *   12345m5566p5s5s peng:9p angang:1s+ tuo:5s zimo
 *
 * The hand in the core's notation (every tile of the 坨's kind is a 坨),
 * melds as TYPE:TILE with a + for each 坨 in them (peng, minggang, angang,
 * bugang, or 碰 明杠 暗杠 补杠), tuo:TILE, and for scoring how the hand won:
 * zimo, gangshanghua, gangshangpao, qianggang, tianhu, dihu.
 */
#define _POSIX_C_SOURCE 200809L
#include "cli.h"
#include "zhaotong_cli.h"

#include <stdlib.h>
#include <string.h>

static const struct {
    const char *ascii, *han;
    int type;
} meld_words[] = {{"peng", "碰", QIPAI_ZT_PENG},
                  {"minggang", "明杠", QIPAI_ZT_MING_GANG},
                  {"angang", "暗杠", QIPAI_ZT_AN_GANG},
                  {"bugang", "补杠", QIPAI_ZT_BU_GANG}};

static const struct {
    const char *ascii, *han;
    unsigned bit;
} context_words[] = {{"zimo", "自摸", QIPAI_ZT_CTX_SELF_DRAWN},
                     {"gangshanghua", "杠上花", QIPAI_ZT_CTX_AFTER_KONG | QIPAI_ZT_CTX_SELF_DRAWN},
                     {"gangshangpao", "杠上炮", QIPAI_ZT_CTX_KONG_DISCARD},
                     {"qianggang", "抢杠", QIPAI_ZT_CTX_ROB_KONG},
                     {"tianhu", "天胡", QIPAI_ZT_CTX_HEAVENLY | QIPAI_ZT_CTX_SELF_DRAWN},
                     {"dihu", "地胡", QIPAI_ZT_CTX_EARTHLY}};

static bool starts(const char *text, const char *word, const char **rest)
{
    size_t n = strlen(word);
    if (strncmp(text, word, n) || text[n] != ':')
        return false;
    *rest = text + n + 1;
    return true;
}

int zt_parse_position(const char *line, int default_tuo, qipai_zt_hand *h, int *tuo,
                      unsigned *context, char *why, size_t size)
{
    char copy[512], hand_text[256] = "";
    if (strlen(line) >= sizeof copy)
        return snprintf(why, size, "the line is too long"), -1;
    strcpy(copy, line);
    memset(h, 0, sizeof *h);
    *tuo = default_tuo;
    *context = 0;
    for (char *save = NULL, *t = strtok_r(copy, " \t", &save); t;
         t = strtok_r(NULL, " \t", &save)) {
        const char *rest;
        if (starts(t, "tuo", &rest) || starts(t, "坨", &rest)) {
            if ((*tuo = zt_parse_tile(rest)) < 0)
                return snprintf(why, size, "tuo:%s is not a tile", rest), -1;
            continue;
        }
        bool done = false;
        for (size_t i = 0; i < sizeof context_words / sizeof context_words[0]; i++)
            if (!strcmp(t, context_words[i].ascii) || !strcmp(t, context_words[i].han)) {
                *context |= context_words[i].bit;
                done = true;
            }
        for (size_t i = 0; !done && i < sizeof meld_words / sizeof meld_words[0]; i++) {
            if (!starts(t, meld_words[i].ascii, &rest) && !starts(t, meld_words[i].han, &rest))
                continue;
            if (h->meld_count == QIPAI_ZT_MAX_MELDS)
                return snprintf(why, size, "more than four melds"), -1;
            char tile[16];
            size_t n = strcspn(rest, "+");
            if (n >= sizeof tile)
                return snprintf(why, size, "'%s' is not a meld", t), -1;
            memcpy(tile, rest, n);
            tile[n] = '\0';
            int kind = zt_parse_tile(tile);
            size_t plus = strspn(rest + n, "+");
            if (kind < 0 || rest[n + plus])
                return snprintf(why, size, "'%s' is not a meld (like peng:5m, angang:1s+)", t),
                       -1;
            qipai_zt_meld *m = &h->melds[h->meld_count++];
            m->type = (uint8_t)meld_words[i].type;
            m->kind = (uint8_t)kind;
            m->tuo = (uint8_t)plus;
            done = true;
        }
        if (!done) {
            if (strlen(hand_text) + strlen(t) >= sizeof hand_text)
                return snprintf(why, size, "the hand is too long"), -1;
            strcat(hand_text, t);
        }
    }
    if (*tuo < 0)
        return snprintf(why, size, "which tile is the 坨? (tuo:5s, or --tuo)"), -1;
    qipai_mj_rules rules;
    qipai_mj_rules_preset(&rules, QIPAI_MJ_PRESET_ZHAOTONG);
    qipai_mj_tiles tiles;
    qipai_error err;
    if (qipai_mj_parse_tiles(&rules, hand_text, &tiles, QIPAI_MJ_MAX_TILES, &err) != QIPAI_OK)
        return snprintf(why, size, "%s", err.message), -1;
    if (tiles.jokers)
        return snprintf(why, size, "write a 坨 as its tile (%s), not *", "tuo:TILE"), -1;
    memcpy(h->counts, tiles.counts, QIPAI_ZT_KINDS);
    h->tuo = h->counts[*tuo];
    h->counts[*tuo] = 0;
    for (int i = 0; i < h->meld_count; i++)
        if (h->melds[i].kind == *tuo && h->melds[i].tuo)
            return snprintf(why, size, "a meld of the 坨's own kind holds no 坨 besides"), -1;
    return 0;
}

void zt_format_position(const qipai_zt_hand *h, int tuo, unsigned context, char *out,
                        size_t size)
{
    qipai_mj_hand all;
    memset(&all, 0, sizeof all);
    memcpy(all.counts, h->counts, QIPAI_ZT_KINDS);
    all.counts[tuo] = (uint8_t)(all.counts[tuo] + h->tuo);
    size_t n = (size_t)qipai_mj_format_hand(&all, false, out, size);
    for (int i = 0; i < h->meld_count && n < size; i++) {
        char tile[8];
        qipai_mj_format_kind(h->melds[i].kind, false, tile, sizeof tile);
        n += (size_t)snprintf(out + n, size - n, " %s:%s%.*s", meld_words[h->melds[i].type].ascii,
                              tile, h->melds[i].tuo, "++++");
    }
    char tile[8];
    qipai_mj_format_kind(tuo, false, tile, sizeof tile);
    if (n < size)
        n += (size_t)snprintf(out + n, size - n, " tuo:%s", tile);
    for (size_t i = 0; i < sizeof context_words / sizeof context_words[0] && n < size; i++)
        if ((context & context_words[i].bit) == context_words[i].bit &&
            !(i == 0 && (context & (QIPAI_ZT_CTX_AFTER_KONG | QIPAI_ZT_CTX_HEAVENLY))))
            n += (size_t)snprintf(out + n, size - n, " %s", context_words[i].ascii);
}

typedef struct analyze_options {
    qipai_zt_rules rules;
    int tuo;
    bool has_visible;
    bool brief; /* no discard list, no effective tiles */
    uint8_t visible[QIPAI_ZT_KINDS];
} analyze_options;

static json_t *effective_json(const qipai_mj_effective *e, int tuo)
{
    json_t *list = json_array();
    for (int i = 0; i < e->count; i++)
        json_array_append_new(list, json_pack("{s:o,s:i}", "tile",
                                              zt_json_tile(e->tiles[i].kind, false), "left",
                                              e->tiles[i].left));
    (void)tuo;
    return list;
}

json_t *zt_json_score(const qipai_zt_score *s)
{
    json_t *types = json_array(), *melds = json_array();
    for (int t = 0; t < QIPAI_ZT_TYPE_COUNT; t++)
        if (s->types >> t & 1)
            json_array_append_new(types, json_string(qipai_zt_type_name((qipai_zt_type)t, false)));
    for (int i = 0; i < s->decomposition.meld_count; i++) {
        const qipai_mj_meld *m = &s->decomposition.melds[i];
        json_t *tiles = json_array();
        for (int j = 0; j < m->size; j++)
            json_array_append_new(tiles, zt_json_tile(m->kinds[j], m->wild >> j & 1));
        json_array_append_new(melds, json_pack("{s:s,s:o}", "type",
                                               qipai_mj_meld_type_name((qipai_mj_meld_type)m->type),
                                               "tiles", tiles));
    }
    return json_pack("{s:o,s:i,s:i,s:i,s:i,s:I,s:{s:s,s:o}}", "types", types, "gen", s->gen, "gou",
                     s->gou, "fan", s->fan, "fan_capped", s->fan_capped, "amount",
                     (json_int_t)s->amount, "decomposition", "form",
                     qipai_mj_form_name((qipai_mj_form)s->decomposition.form), "melds", melds);
}

static json_t *answer(const char *line, void *context)
{
    const analyze_options *o = context;
    qipai_zt_hand h;
    int tuo;
    unsigned ctx;
    char why[200];
    if (zt_parse_position(line, o->tuo, &h, &tuo, &ctx, why, sizeof why))
        return cli_error("line", line, why);
    int size = qipai_zt_concealed_size(&h), k = QIPAI_ZT_MAX_MELDS - h.meld_count;
    if (size != 3 * k + 1 && size != 3 * k + 2) {
        snprintf(why, sizeof why, "%d concealed tiles with %d melds: expected %d or %d", size,
                 h.meld_count, 3 * k + 1, 3 * k + 2);
        return cli_error("line", line, why);
    }
    qipai_error err;
    if (qipai_zt_hand_check(tuo, &h, &err) != QIPAI_OK)
        return cli_error("line", line, err.message);
    json_t *out = json_object(), *suits = json_array();
    unsigned s = qipai_zt_suits(&h, tuo);
    for (int i = 0; i < 3; i++)
        if (s >> i & 1)
            json_array_append_new(suits, json_string(i == 0 ? "m" : i == 1 ? "p" : "s"));
    json_object_set_new(out, "line", json_string(line));
    json_object_set_new(out, "tuo", zt_json_tile(tuo, false));
    json_object_set_new(out, "suits", suits);
    int shanten = qipai_zt_shanten(&o->rules, tuo, &h);
    json_object_set_new(out, "shanten",
                        shanten == QIPAI_MJ_NO_SHANTEN ? json_null() : json_integer(shanten));
    const uint8_t *visible = o->has_visible ? o->visible : NULL;
    if (size == 3 * k + 2) {
        qipai_zt_score score;
        bool win = qipai_zt_score_hand(&o->rules, tuo, &h, ctx, &score, NULL) == QIPAI_OK;
        json_object_set_new(out, "win", json_boolean(win));
        if (win)
            json_object_set_new(out, "score", zt_json_score(&score));
        if (o->brief)
            return out;
        qipai_mj_discard list[QIPAI_MJ_KINDS + 1];
        size_t n = 0;
        json_t *discards = json_array();
        if (qipai_zt_discards(&o->rules, tuo, &h, visible, list, &n, NULL) == QIPAI_OK)
            for (size_t i = 0; i < n; i++)
                json_array_append_new(
                    discards,
                    json_pack("{s:o,s:i,s:o,s:i}", "tile",
                              list[i].tile == QIPAI_MJ_WILDCARD ? json_string("tuo")
                                                                : zt_json_tile(list[i].tile, false),
                              "shanten", list[i].after.shanten, "effective",
                              effective_json(&list[i].after, tuo), "total", list[i].after.total));
        json_object_set_new(out, "discards", discards);
    } else {
        uint32_t mask = qipai_zt_wait_mask(&o->rules, tuo, &h);
        json_t *waits = json_array();
        for (int kind = 0; kind < QIPAI_ZT_KINDS; kind++)
            if (mask >> kind & 1)
                json_array_append_new(waits, zt_json_tile(kind, false));
        json_object_set_new(out, "ready", json_boolean(qipai_zt_ready(&o->rules, tuo, &h)));
        json_object_set_new(out, "waits", waits);
        qipai_mj_effective e;
        if (!o->brief && qipai_zt_effective(&o->rules, tuo, &h, visible, &e, NULL) == QIPAI_OK) {
            json_object_set_new(out, "effective", effective_json(&e, tuo));
            json_object_set_new(out, "total", json_integer(e.total));
        }
    }
    return out;
}

int zt_cli_analyze(int argc, char **argv)
{
    analyze_options o;
    memset(&o, 0, sizeof o);
    qipai_zt_rules_default(&o.rules);
    o.tuo = -1;
    int n = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v;
        if (strncmp(a, "--", 2)) {
            argv[1 + n++] = argv[i];
            continue;
        }
        if (!strcmp(a, "--brief")) {
            o.brief = true;
            continue;
        }
        if (!(v = cli_option_value(argc, argv, &i)))
            return cli_usage("zhaotong analyze: '%s' needs a value", a);
        if (!strcmp(a, "--tuo")) {
            if ((o.tuo = zt_parse_tile(v)) < 0)
                return cli_usage("--tuo wants a tile like 5s, not '%s'", v);
        } else if (!strcmp(a, "--visible")) {
            qipai_mj_rules mj;
            qipai_mj_tiles tiles;
            qipai_error err;
            qipai_mj_rules_preset(&mj, QIPAI_MJ_PRESET_ZHAOTONG);
            if (qipai_mj_parse_tiles(&mj, v, &tiles, QIPAI_ZT_TILES, &err) != QIPAI_OK)
                return cli_usage("--visible: %s", err.message);
            memcpy(o.visible, tiles.counts, QIPAI_ZT_KINDS);
            o.has_visible = true;
        } else if (!strcmp(a, "--rule")) {
            char name[64], why[160];
            const char *eq = strchr(v, '=');
            if (!eq || (size_t)(eq - v) >= sizeof name)
                return cli_usage("--rule wants NAME=VALUE");
            memcpy(name, v, (size_t)(eq - v));
            name[eq - v] = '\0';
            if (zt_rule_set_text(&o.rules, name, eq + 1, why, sizeof why))
                return cli_usage("--rule %s: %s", v, why);
        } else {
            return cli_usage("zhaotong analyze: unknown option '%s'", a);
        }
    }
    return cli_batch(n, argv + 1, answer, &o);
}
