/*
 * Mahjong rule-set values and their presets (docs/RULES.md, "Rule sets").
 * A rule set is data: the tile set, the forms that count, the suit limit of
 * 缺一门 and the wild kinds. Nothing else in the core branches on a name.
 */
#include <qipai/mahjong.h>

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

qipai_err qipai_mj_rules_by_name(qipai_mj_rules *rules, const char *name, qipai_error *err)
{
    static const struct {
        const char *name;
        qipai_mj_preset preset;
    } presets[] = {
        {"basic", QIPAI_MJ_PRESET_BASIC},
        {"laizi", QIPAI_MJ_PRESET_LAIZI},
        {"zhaotong", QIPAI_MJ_PRESET_ZHAOTONG},
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
