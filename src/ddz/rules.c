/*
 * Dou Di Zhu rule sets: the preset "classic" and options NAME=VALUE whose
 * names are the keys of the log's rules object (log_write.c), so a rule set
 * reads the same on the command line and in a log.
 */
#include "ddz_internal.h"
#include "common/fail.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void qipai_ddz_rules_classic(qipai_ddz_rules *rules)
{
    memset(rules, 0, sizeof *rules);
    rules->bidding = QIPAI_DDZ_BID_SCORE;
    rules->all_pass = 0;
    rules->first_bidder = QIPAI_DDZ_FIRST_RANDOM;
    rules->caller_regrab = 1;
    rules->base = 1;
    rules->spring = 2;
    rules->cap = 0;
}

qipai_err qipai_ddz_rules_named(qipai_ddz_rules *rules, const char *name, qipai_error *err)
{
    if (!rules)
        return qipai_fail(err, QIPAI_ERR_ARGUMENT, -1, "no rules given");
    if (name && (!strcmp(name, "classic") || !strcmp(name, "default"))) {
        qipai_ddz_rules_classic(rules);
        return QIPAI_OK;
    }
    return qipai_fail(err, QIPAI_ERR_ARGUMENT, -1,
                      "unknown Dou Di Zhu rule set '%s' (classic; change it with options)",
                      name ? name : "");
}

qipai_err qipai_ddz_rules_check(const qipai_ddz_rules *r, qipai_error *err)
{
    if (!r)
        return qipai_fail(err, QIPAI_ERR_ARGUMENT, -1, "no rules given");
    if (r->bidding < QIPAI_DDZ_BID_SCORE || r->bidding > QIPAI_DDZ_BID_NONE)
        return qipai_fail(err, QIPAI_ERR_RANGE, -1, "bidding is score, grab or none");
    if (r->all_pass != 0 && r->all_pass != 1)
        return qipai_fail(err, QIPAI_ERR_RANGE, -1, "all_pass is redeal or first");
    if (r->first_bidder < QIPAI_DDZ_FIRST_DEALER || r->first_bidder >= QIPAI_DDZ_SEATS)
        return qipai_fail(err, QIPAI_ERR_RANGE, -1, "first_bidder is random, dealer or a seat 0-2");
    if (r->caller_regrab != 0 && r->caller_regrab != 1)
        return qipai_fail(err, QIPAI_ERR_RANGE, -1, "caller_regrab is 0 or 1");
    if (r->base < 1 || r->base > 1000000)
        return qipai_fail(err, QIPAI_ERR_RANGE, -1, "base is 1-1000000");
    if (r->spring < 1 || r->spring > 64)
        return qipai_fail(err, QIPAI_ERR_RANGE, -1, "spring is a factor 1-64");
    if (r->cap < 0 || r->cap > 1000000)
        return qipai_fail(err, QIPAI_ERR_RANGE, -1, "cap is 0 (none) or 1-1000000");
    return QIPAI_OK;
}

static const char *const option_names =
    "bidding, all_pass, first_bidder, caller_regrab, base, spring, cap";

/* A whole-number value, or a boolean word. */
static bool number_of(const char *value, long long *v)
{
    if (!strcmp(value, "true") || !strcmp(value, "on")) {
        *v = 1;
        return true;
    }
    if (!strcmp(value, "false") || !strcmp(value, "off")) {
        *v = 0;
        return true;
    }
    char *end;
    *v = strtoll(value, &end, 10);
    return end != value && !*end;
}

qipai_err qipai_ddz_rules_option(qipai_ddz_rules *rules, const char *option, qipai_error *err)
{
    const char *eq = option ? strchr(option, '=') : NULL;
    if (!rules)
        return qipai_fail(err, QIPAI_ERR_ARGUMENT, -1, "no rules given");
    if (!eq || eq == option)
        return qipai_fail(err, QIPAI_ERR_ARGUMENT, -1,
                          "a Dou Di Zhu rule option is NAME=VALUE, not '%s' (names: %s)",
                          option ? option : "", option_names);
    const size_t length = (size_t)(eq - option);
    const char *value = eq + 1;
    qipai_ddz_rules changed = *rules;
    long long v = 0;
#define NAMED(s) (length == strlen(s) && !strncmp(option, s, length))
    if (NAMED("bidding")) {
        if (!strcmp(value, "score"))
            changed.bidding = QIPAI_DDZ_BID_SCORE;
        else if (!strcmp(value, "grab"))
            changed.bidding = QIPAI_DDZ_BID_GRAB;
        else if (!strcmp(value, "none"))
            changed.bidding = QIPAI_DDZ_BID_NONE;
        else
            return qipai_fail(err, QIPAI_ERR_ARGUMENT, -1,
                              "bidding is score, grab or none, not '%s'", value);
    } else if (NAMED("all_pass")) {
        if (!strcmp(value, "redeal"))
            changed.all_pass = 0;
        else if (!strcmp(value, "first"))
            changed.all_pass = 1;
        else
            return qipai_fail(err, QIPAI_ERR_ARGUMENT, -1, "all_pass is redeal or first, not '%s'",
                              value);
    } else if (NAMED("first_bidder")) {
        if (!strcmp(value, "random"))
            changed.first_bidder = QIPAI_DDZ_FIRST_RANDOM;
        else if (!strcmp(value, "dealer"))
            changed.first_bidder = QIPAI_DDZ_FIRST_DEALER;
        else if (number_of(value, &v) && v >= 0 && v < QIPAI_DDZ_SEATS)
            changed.first_bidder = (int32_t)v;
        else
            return qipai_fail(err, QIPAI_ERR_ARGUMENT, -1,
                              "first_bidder is random, dealer or a seat 0-2, not '%s'", value);
    } else if (NAMED("caller_regrab") || NAMED("base") || NAMED("spring") || NAMED("cap")) {
        if (!number_of(value, &v) || v < -1000000000LL || v > 1000000000LL)
            return qipai_fail(err, QIPAI_ERR_ARGUMENT, -1, "%.*s wants a number, not '%s'",
                              (int)length, option, value);
        int32_t *field = NAMED("caller_regrab") ? &changed.caller_regrab
                         : NAMED("base")        ? &changed.base
                         : NAMED("spring")      ? &changed.spring
                                                : &changed.cap;
        *field = (int32_t)v;
    } else {
        return qipai_fail(err, QIPAI_ERR_ARGUMENT, -1, "no Dou Di Zhu rule '%.*s' (names: %s)",
                          (int)(length < 40 ? length : 40), option, option_names);
    }
#undef NAMED
    qipai_err e = qipai_ddz_rules_check(&changed, err);
    if (e != QIPAI_OK)
        return e;
    *rules = changed;
    return QIPAI_OK;
}
