/*
 * Zhaotong rule sets by name and option ("cap=5", "fan.gen=2",
 * "zimo_adds_base=1"): the option names are the keys of the log's rules
 * object (docs/formats/zhaotong.md), so a rule set reads the same on the
 * command line, in a log and in a binding.
 */
#include "zt_internal.h"
#include "common/fail.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

const zt_rule_field zt_rule_fields[ZT_RULE_FIELDS] = {
    {"cap", ZT_RULE_U8, offsetof(qipai_zt_rules, cap)},
    {"base", ZT_RULE_I32, offsetof(qipai_zt_rules, base)},
    {"zimo_adds_base", ZT_RULE_BOOL, offsetof(qipai_zt_rules, zimo_adds_base)},
    {"call_transfer", ZT_RULE_BOOL, offsetof(qipai_zt_rules, call_transfer)},
    {"tuo_discard", ZT_RULE_BOOL, offsetof(qipai_zt_rules, tuo_discard)},
    {"tuo_claim", ZT_RULE_BOOL, offsetof(qipai_zt_rules, tuo_claim)},
    {"seven_pairs", ZT_RULE_BOOL, offsetof(qipai_zt_rules, seven_pairs)},
    {"multiple_hu", ZT_RULE_BOOL, offsetof(qipai_zt_rules, multiple_hu)},
    {"rob_kong", ZT_RULE_BOOL, offsetof(qipai_zt_rules, rob_kong)},
    {"pass_hu_lock", ZT_RULE_BOOL, offsetof(qipai_zt_rules, pass_hu_lock)},
    {"hua_zhu", ZT_RULE_BOOL, offsetof(qipai_zt_rules, hua_zhu)},
    {"da_jiao", ZT_RULE_BOOL, offsetof(qipai_zt_rules, da_jiao)},
    {"tui_shui", ZT_RULE_BOOL, offsetof(qipai_zt_rules, tui_shui)},
    {"ming_gang_pay", ZT_RULE_U8, offsetof(qipai_zt_rules, ming_gang_pay)},
    {"bu_gang_pay", ZT_RULE_U8, offsetof(qipai_zt_rules, bu_gang_pay)},
    {"an_gang_pay", ZT_RULE_U8, offsetof(qipai_zt_rules, an_gang_pay)},
};

int64_t zt_rule_get(const qipai_zt_rules *rules, int field)
{
    const char *p = (const char *)rules + zt_rule_fields[field].offset;
    switch (zt_rule_fields[field].type) {
    case ZT_RULE_BOOL: return *(const bool *)p;
    case ZT_RULE_U8: return *(const uint8_t *)p;
    default: return *(const int32_t *)p;
    }
}

qipai_err zt_rule_set(qipai_zt_rules *rules, int field, int64_t value, qipai_error *err)
{
    char *p = (char *)rules + zt_rule_fields[field].offset;
    const char *name = zt_rule_fields[field].name;
    switch (zt_rule_fields[field].type) {
    case ZT_RULE_BOOL:
        if (value != 0 && value != 1)
            return qipai_fail(err, QIPAI_ERR_RANGE, -1, "%s is 0 or 1 (false or true)", name);
        *(bool *)p = value != 0;
        return QIPAI_OK;
    case ZT_RULE_U8:
        if (value < 0 || value > 255)
            return qipai_fail(err, QIPAI_ERR_RANGE, -1, "%s is 0-255", name);
        *(uint8_t *)p = (uint8_t)value;
        return QIPAI_OK;
    default:
        if (value < 1 || value > 1000000)
            return qipai_fail(err, QIPAI_ERR_RANGE, -1, "%s is 1-1000000", name);
        *(int32_t *)p = (int32_t)value;
        return QIPAI_OK;
    }
}

int zt_rule_field_named(const char *name, size_t length)
{
    for (int i = 0; i < ZT_RULE_FIELDS; i++)
        if (strlen(zt_rule_fields[i].name) == length &&
            !strncmp(name, zt_rule_fields[i].name, length))
            return i;
    return -1;
}

int zt_type_named(const char *name, size_t length)
{
    for (int t = 0; t < QIPAI_ZT_TYPE_COUNT; t++)
        for (int chinese = 0; chinese < 2; chinese++) {
            const char *n = qipai_zt_type_name((qipai_zt_type)t, chinese);
            if (strlen(n) == length && !strncmp(name, n, length))
                return t;
        }
    return -1;
}

qipai_err qipai_zt_rules_named(qipai_zt_rules *rules, const char *name, qipai_error *err)
{
    if (name && !strcmp(name, "default")) {
        qipai_zt_rules_default(rules);
        return QIPAI_OK;
    }
    return qipai_fail(err, QIPAI_ERR_ARGUMENT, -1,
                      "unknown Zhaotong rule set '%s' (default; change it with options)",
                      name ? name : "");
}

/* Every option name, for the message that lists them. */
static void list_names(char *out, size_t size)
{
    size_t used = 0;
    out[0] = '\0';
    for (int i = 0; i < ZT_RULE_FIELDS && used + 1 < size; i++)
        used += (size_t)snprintf(out + used, size - used, "%s, ", zt_rule_fields[i].name);
    if (used + 1 < size)
        snprintf(out + used, size - used, "fan.TYPE (pinghu ... dihu)");
}

qipai_err qipai_zt_rules_option(qipai_zt_rules *rules, const char *option, qipai_error *err)
{
    const char *eq = option ? strchr(option, '=') : NULL;
    if (!eq || eq == option) {
        char names[400];
        list_names(names, sizeof names);
        return qipai_fail(err, QIPAI_ERR_ARGUMENT, -1,
                          "a Zhaotong rule option is NAME=VALUE, not '%s' (names: %s)",
                          option ? option : "", names);
    }
    const char *value = eq + 1;
    size_t length = (size_t)(eq - option);
    char *end;
    qipai_zt_rules changed = *rules;
    qipai_err e;
    if (length > 4 && !strncmp(option, "fan.", 4)) {
        int t = zt_type_named(option + 4, length - 4);
        if (t < 0)
            return qipai_fail(err, QIPAI_ERR_ARGUMENT, -1,
                              "no hand type '%.*s' (pinghu, daduizi, qiaoqidui, longqidui, "
                              "qingyise, gen, gouhu, gangshanghua, gangshangpao, qianggang, "
                              "zimo, tianhu, dihu)", (int)(length - 4), option + 4);
        if (!strcmp(value, "cap")) {
            changed.fan[t] = QIPAI_ZT_FAN_CAP;
        } else {
            long v = strtol(value, &end, 10);
            if (*end || end == value || v < 0 || v > 20)
                return qipai_fail(err, QIPAI_ERR_RANGE, -1, "fan of %s is 0-20 or cap, not '%s'",
                                  qipai_zt_type_name((qipai_zt_type)t, false), value);
            changed.fan[t] = (uint8_t)v;
        }
    } else {
        int i = zt_rule_field_named(option, length);
        if (i < 0) {
            char names[400];
            list_names(names, sizeof names);
            return qipai_fail(err, QIPAI_ERR_ARGUMENT, -1, "no Zhaotong rule '%.*s' (names: %s)",
                              (int)(length < 40 ? length : 40), option, names);
        }
        long long v;
        if (!strcmp(value, "true") || !strcmp(value, "on")) {
            v = 1;
        } else if (!strcmp(value, "false") || !strcmp(value, "off")) {
            v = 0;
        } else {
            v = strtoll(value, &end, 10);
            if (*end || end == value)
                return qipai_fail(err, QIPAI_ERR_ARGUMENT, -1, "%s wants a number, not '%s'",
                                  zt_rule_fields[i].name, value);
        }
        if ((e = zt_rule_set(&changed, i, v, err)) != QIPAI_OK)
            return e;
    }
    if ((e = qipai_zt_rules_check(&changed, err)) != QIPAI_OK)
        return e;
    *rules = changed;
    return QIPAI_OK;
}
