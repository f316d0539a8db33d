/*
 * Mahjong rule-set values and their presets (docs/RULES.md, "Rule sets").
 * A rule set is data: the tile set, the forms that count, the suit limit of
 * 缺一门 and the wild kinds. Nothing else in the core branches on a name.
 */
#include <qipai/mahjong.h>
#include "common/fail.h"

#include <string.h>

void qipai_mj_rules_preset(qipai_mj_rules *rules, qipai_mj_preset preset)
{
    memset(rules, 0, sizeof *rules);
    rules->kinds = QIPAI_MJ_KINDS;
    rules->forms = QIPAI_MJ_FORM_STANDARD | QIPAI_MJ_FORM_SEVEN_PAIRS;
    rules->max_suits = 3;
    switch (preset) {
    case QIPAI_MJ_PRESET_BASIC:
        rules->name = "basic";
        break;
    case QIPAI_MJ_PRESET_LAIZI:
        rules->name = "laizi";
        break;
    case QIPAI_MJ_PRESET_ZHAOTONG:
        rules->name = "zhaotong";
        rules->kinds = QIPAI_MJ_SUITED_KINDS;
        rules->max_suits = 2;
        break;
    case QIPAI_MJ_PRESET_GB:
        rules->name = "gb";
        rules->forms |= QIPAI_MJ_FORM_THIRTEEN_ORPHANS;
        break;
    }
}

qipai_err qipai_mj_rules_named(qipai_mj_rules *rules, const char *name, qipai_error *err)
{
    static const struct {
        const char *name;
        qipai_mj_preset preset;
    } presets[] = {
        {"basic", QIPAI_MJ_PRESET_BASIC},       {"default", QIPAI_MJ_PRESET_BASIC},
        {"laizi", QIPAI_MJ_PRESET_LAIZI},       {"zhaotong", QIPAI_MJ_PRESET_ZHAOTONG},
        {"gb", QIPAI_MJ_PRESET_GB},
    };
    for (size_t i = 0; name && i < sizeof presets / sizeof presets[0]; i++) {
        if (!strcmp(name, presets[i].name)) {
            qipai_mj_rules_preset(rules, presets[i].preset);
            return QIPAI_OK;
        }
    }
    return qipai_fail(err, QIPAI_ERR_ARGUMENT, -1,
                      "unknown rule set '%s' (basic, laizi, zhaotong or gb)", name ? name : "");
}

qipai_err qipai_mj_rules_option(qipai_mj_rules *rules, const char *option, qipai_error *err)
{
    static const char valid[] = "wild=KIND, seven_pairs_distinct=0|1";
    const char *eq = option ? strchr(option, '=') : NULL;
    size_t name_length = option ? (eq ? (size_t)(eq - option) : strlen(option)) : 0;
    const char *value = eq ? eq + 1 : NULL;
    if (name_length == 4 && !strncmp(option, "wild", 4)) {
        qipai_mj_tiles tiles;
        qipai_mj_hand one;
        qipai_error why;
        if (!value || !*value)
            return qipai_fail(err, QIPAI_ERR_ARGUMENT, -1, "wild needs a tile kind, like wild=7z");
        if (qipai_mj_parse(rules, value, &one, &tiles, &why) != QIPAI_OK)
            return qipai_fail(err, why.code, -1, "wild=%s: %s", value, why.message);
        int kind = -1;
        for (int k = 0; k < QIPAI_MJ_KINDS; k++)
            if (tiles.counts[k])
                kind = kind < 0 && tiles.counts[k] == 1 ? k : QIPAI_MJ_KINDS;
        if (kind < 0 || kind == QIPAI_MJ_KINDS || tiles.jokers)
            return qipai_fail(err, QIPAI_ERR_ARGUMENT, -1, "wild=%s: name exactly one tile kind, like 7z",
                              value);
        return qipai_mj_rules_add_wild(rules, kind, err);
    }
    if (name_length == 20 && !strncmp(option, "seven_pairs_distinct", 20)) {
        if (value && strcmp(value, "0") && strcmp(value, "1"))
            return qipai_fail(err, QIPAI_ERR_ARGUMENT, -1,
                              "seven_pairs_distinct takes 0 or 1, not '%s'", value);
        rules->seven_pairs_distinct = !value || value[0] == '1';
        return QIPAI_OK;
    }
    return qipai_fail(err, QIPAI_ERR_ARGUMENT, -1, "unknown mahjong rule option '%.*s' (options: %s)",
                      (int)(name_length < 40 ? name_length : 40), option ? option : "", valid);
}

qipai_err qipai_mj_rules_check(const qipai_mj_rules *rules, qipai_error *err)
{
    const unsigned all_forms = QIPAI_MJ_FORM_STANDARD | QIPAI_MJ_FORM_SEVEN_PAIRS |
                               QIPAI_MJ_FORM_THIRTEEN_ORPHANS;
    if (rules->kinds != QIPAI_MJ_KINDS && rules->kinds != QIPAI_MJ_SUITED_KINDS)
        return qipai_fail(err, QIPAI_ERR_RANGE, -1, "kinds is %d; it must be 27 or 34",
                          rules->kinds);
    if (!rules->forms || (rules->forms & ~all_forms))
        return qipai_fail(err, QIPAI_ERR_RANGE, -1,
                          "forms is %#x; it must be a nonzero mix of the three form bits",
                          (unsigned)rules->forms);
    if ((rules->forms & QIPAI_MJ_FORM_THIRTEEN_ORPHANS) && rules->kinds != QIPAI_MJ_KINDS)
        return qipai_fail(err, QIPAI_ERR_RANGE, -1, "thirteen orphans needs the honors (34 kinds)");
    if (rules->max_suits < 1 || rules->max_suits > 3)
        return qipai_fail(err, QIPAI_ERR_RANGE, -1, "max_suits is %d; it must be 1-3",
                          rules->max_suits);
    if (rules->wild_kinds >> rules->kinds)
        return qipai_fail(err, QIPAI_ERR_RANGE, -1, "a wild kind lies outside the %d kinds",
                          rules->kinds);
    return QIPAI_OK;
}

qipai_err qipai_mj_rules_add_wild(qipai_mj_rules *rules, int kind, qipai_error *err)
{
    if (kind < 0 || kind >= rules->kinds)
        return qipai_fail(err, QIPAI_ERR_RANGE, -1,
                          "wild kind %d is not in the %s tile set (%d kinds)", kind,
                          rules->name ? rules->name : "rule set's", rules->kinds);
    rules->wild_kinds |= (uint64_t)1 << kind;
    return QIPAI_OK;
}

const char *qipai_mj_form_name(qipai_mj_form form)
{
    switch (form) {
    case QIPAI_MJ_FORM_STANDARD: return "standard";
    case QIPAI_MJ_FORM_SEVEN_PAIRS: return "seven_pairs";
    case QIPAI_MJ_FORM_THIRTEEN_ORPHANS: return "thirteen_orphans";
    }
    return "unknown";
}

const char *qipai_mj_meld_type_name(qipai_mj_meld_type type)
{
    switch (type) {
    case QIPAI_MJ_MELD_PAIR: return "pair";
    case QIPAI_MJ_MELD_TRIPLET: return "triplet";
    case QIPAI_MJ_MELD_SEQUENCE: return "sequence";
    case QIPAI_MJ_MELD_SINGLE: return "single";
    case QIPAI_MJ_MELD_ANY: return "any";
    }
    return "unknown";
}
