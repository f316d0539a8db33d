/*
 * The Guobiao rule values and their defaults (docs/RULES.md, "Guobiao"):
 * the minimum of 8 fans and every disputed rule off.
 */
#include <qipai/gb.h>
#include "common/fail.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

void qipai_gb_rules_default(qipai_gb_rules *rules)
{
    rules->min_fan = 8;
    rules->knitted_waits = false;
    rules->mingangang = false;
    rules->blessings = false;
}

qipai_err qipai_gb_rules_named(qipai_gb_rules *rules, const char *name, qipai_error *err)
{
    if (name && !strcmp(name, "default")) {
        qipai_gb_rules_default(rules);
        return QIPAI_OK;
    }
    return qipai_fail(err, QIPAI_ERR_ARGUMENT, -1,
                      "unknown Guobiao rule set '%s' (default; change it with options)",
                      name ? name : "");
}

qipai_err qipai_gb_rules_option(qipai_gb_rules *rules, const char *option, qipai_error *err)
{
    static const char names[] = "min_fan=N, knitted_waits=0|1, mingangang=0|1, blessings=0|1";
    const char *eq = option ? strchr(option, '=') : NULL;
    size_t length = option ? (eq ? (size_t)(eq - option) : strlen(option)) : 0;
    const char *value = eq ? eq + 1 : "1";
    char *end;
    long v = strtol(value, &end, 10);
    bool number = *value && !*end;
    if (length == 7 && !strncmp(option, "min_fan", 7)) {
        if (!number || v < 0 || v > 255)
            return qipai_fail(err, QIPAI_ERR_RANGE, -1, "min_fan is 0-255, not '%s'", value);
        rules->min_fan = (uint8_t)v;
        return QIPAI_OK;
    }
    static const struct {
        const char *name;
        size_t offset;
    } flags[] = {
        {"knitted_waits", offsetof(qipai_gb_rules, knitted_waits)},
        {"mingangang", offsetof(qipai_gb_rules, mingangang)},
        {"blessings", offsetof(qipai_gb_rules, blessings)},
    };
    for (size_t i = 0; i < sizeof flags / sizeof flags[0]; i++) {
        if (strlen(flags[i].name) != length || strncmp(option, flags[i].name, length))
            continue;
        if (!number || (v != 0 && v != 1))
            return qipai_fail(err, QIPAI_ERR_RANGE, -1, "%s is 0 or 1, not '%s'", flags[i].name,
                              value);
        *(bool *)((char *)rules + flags[i].offset) = v == 1;
        return QIPAI_OK;
    }
    return qipai_fail(err, QIPAI_ERR_ARGUMENT, -1, "unknown Guobiao rule option '%.*s' (options: %s)",
                      (int)(length < 40 ? length : 40), option ? option : "", names);
}

qipai_err qipai_gb_rules_check(const qipai_gb_rules *rules, qipai_error *err)
{
    (void)rules;
    (void)err;
    return QIPAI_OK; /* every value of every field is a valid rule set */
}
