/*
 * Zipai rule sets as values (docs/RULES.md, "Zipai / Hu"): the default
 * (threshold 15) and the 10huxi preset (threshold 10 and the extra chow
 * 一五十 / 壹伍拾). Every number is a field, so a variant is a changed value,
 * never a code path.
 */
#include <qipai/zipai.h>
#include "common/fail.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

void qipai_zp_rules_preset(qipai_zp_rules *rules, qipai_zp_preset preset)
{
    rules->threshold = 15;
    rules->yiwushi = 0;
    rules->tun_base = 1;
    rules->tun_step = 3;
    rules->hong_min = 10;
    rules->mult_hong = 2;
    rules->mult_dian = 2;
    rules->mult_wu = 2;
    if (preset == QIPAI_ZP_PRESET_10HUXI) {
        rules->threshold = 10;
        rules->yiwushi = 1;
    }
}

qipai_err qipai_zp_rules_named(qipai_zp_rules *rules, const char *name, qipai_error *err)
{
    if (!name || !rules)
        return qipai_fail(err, QIPAI_ERR_ARGUMENT, -1, "no rule set name given");
    if (!strcmp(name, "default") || !strcmp(name, "15huxi"))
        qipai_zp_rules_preset(rules, QIPAI_ZP_PRESET_DEFAULT);
    else if (!strcmp(name, "10huxi"))
        qipai_zp_rules_preset(rules, QIPAI_ZP_PRESET_10HUXI);
    else
        return qipai_fail(err, QIPAI_ERR_ARGUMENT, -1,
                          "unknown zipai rule set '%.40s' (default, 15huxi, 10huxi)", name);
    return QIPAI_OK;
}

qipai_err qipai_zp_rules_option(qipai_zp_rules *rules, const char *option, qipai_error *err)
{
    static const struct {
        const char *name;
        size_t offset;
    } fields[] = {
        {"threshold", offsetof(qipai_zp_rules, threshold)},
        {"yiwushi", offsetof(qipai_zp_rules, yiwushi)},
        {"tun_base", offsetof(qipai_zp_rules, tun_base)},
        {"tun_step", offsetof(qipai_zp_rules, tun_step)},
        {"hong_min", offsetof(qipai_zp_rules, hong_min)},
        {"mult_hong", offsetof(qipai_zp_rules, mult_hong)},
        {"mult_dian", offsetof(qipai_zp_rules, mult_dian)},
        {"mult_wu", offsetof(qipai_zp_rules, mult_wu)},
    };
    const char *eq = option ? strchr(option, '=') : NULL;
    size_t length = eq ? (size_t)(eq - option) : 0;
    for (size_t i = 0; eq && i < sizeof fields / sizeof fields[0]; i++) {
        if (strlen(fields[i].name) != length || strncmp(option, fields[i].name, length))
            continue;
        char *end;
        long v = strtol(eq + 1, &end, 10);
        if (!eq[1] || *end || v < -100000 || v > 100000)
            return qipai_fail(err, QIPAI_ERR_ARGUMENT, -1, "%s wants a number, not '%s'",
                              fields[i].name, eq + 1);
        qipai_zp_rules changed = *rules;
        *(int *)((char *)&changed + fields[i].offset) = (int)v;
        qipai_err e = qipai_zp_rules_check(&changed, err);
        if (e == QIPAI_OK)
            *rules = changed;
        return e;
    }
    return qipai_fail(err, QIPAI_ERR_ARGUMENT, -1,
                      "unknown zipai rule option '%.40s' (NAME=VALUE with NAME one of threshold, "
                      "yiwushi, tun_base, tun_step, hong_min, mult_hong, mult_dian, mult_wu)",
                      option ? option : "");
}

qipai_err qipai_zp_rules_check(const qipai_zp_rules *rules, qipai_error *err)
{
    if (!rules)
        return qipai_fail(err, QIPAI_ERR_ARGUMENT, -1, "no rules given");
    /* Bounds keep every product and sum far inside an int. */
    if (rules->threshold < 0 || rules->threshold > 1000)
        return qipai_fail(err, QIPAI_ERR_RANGE, -1, "threshold %d is not in 0..1000",
                          rules->threshold);
    if (rules->yiwushi != 0 && rules->yiwushi != 1)
        return qipai_fail(err, QIPAI_ERR_RANGE, -1, "yiwushi must be 0 or 1");
    if (rules->tun_step < 1 || rules->tun_step > 1000)
        return qipai_fail(err, QIPAI_ERR_RANGE, -1, "tun step %d is not in 1..1000",
                          rules->tun_step);
    if (rules->tun_base < -1000 || rules->tun_base > 1000)
        return qipai_fail(err, QIPAI_ERR_RANGE, -1, "tun base %d is not in -1000..1000",
                          rules->tun_base);
    if (rules->hong_min < 2 || rules->hong_min > 80)
        return qipai_fail(err, QIPAI_ERR_RANGE, -1,
                          "红胡 minimum %d is not in 2..80 (1 is 点胡)", rules->hong_min);
    const int mult[3] = {rules->mult_hong, rules->mult_dian, rules->mult_wu};
    for (int i = 0; i < 3; i++)
        if (mult[i] < 0 || mult[i] > 1000)
            return qipai_fail(err, QIPAI_ERR_RANGE, -1, "multiplier %d is not in 0..1000",
                              mult[i]);
    return QIPAI_OK;
}
