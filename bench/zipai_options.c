/*
 * The options of `qipai zipai corpus` and `qipai zipai bench`
 * (docs/formats/zipai.md): the rule set and its values, as the line
 * commands take them (src/query/zipai.c), plus --ascii, --seed, --size and
 * --repeat.
 */
#include "zipai_bench.h"
#include "program.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The single rule values and the qipai_zp_rules_option field each sets. */
static const struct {
    const char *option;
    const char *field;
} rule_values[] = {
    {"--threshold", "threshold"}, {"--yiwushi", "yiwushi"},     {"--tun-base", "tun_base"},
    {"--tun-step", "tun_step"},   {"--hong-min", "hong_min"},   {"--mult-hong", "mult_hong"},
    {"--mult-dian", "mult_dian"}, {"--mult-wu", "mult_wu"},
};

static int read_int(const char *name, const char *text, long low, long high, int *out)
{
    char *end;
    if (!text)
        return prog_usage("zipai: %s needs a value", name);
    long v = strtol(text, &end, 10);
    if (*text == '\0' || *end != '\0' || v < low || v > high)
        return prog_usage("zipai: %s wants a whole number in %ld..%ld, not '%s'", name, low,
                         high, text);
    *out = (int)v;
    return 0;
}

/* NAME=VALUE through qipai_zp_rules_option, which checks the value. */
static int set_rule(zp_cli_options *o, const char *name, const char *option)
{
    qipai_error err;
    if (qipai_zp_rules_option(&o->rules, option, &err) != QIPAI_OK)
        return prog_usage("zipai: %s: %s", name, err.message);
    return 0;
}

int zp_read_options(int argc, char **argv, zp_cli_options *o, char **inputs, int *n_inputs)
{
    /* The preset first, so that the single values given override it. */
    qipai_zp_rules_preset(&o->rules, QIPAI_ZP_PRESET_DEFAULT);
    for (int i = 1; i < argc; i++)
        if (!strcmp(argv[i], "--rules")) {
            qipai_error err;
            const char *name = prog_option_value(argc, argv, &i);
            if (qipai_zp_rules_named(&o->rules, name, &err))
                return prog_usage("zipai: %s", name ? err.message : "--rules needs a name");
        }
    o->flags = 0;
    o->seed = 1;
    o->size = 0;
    o->repeat = 5;
    *n_inputs = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char *field = NULL;
        for (size_t j = 0; j < sizeof rule_values / sizeof rule_values[0]; j++)
            if (!strcmp(a, rule_values[j].option))
                field = rule_values[j].field;
        if (field) {
            const char *v = prog_option_value(argc, argv, &i);
            char option[64];
            if (!v)
                return prog_usage("zipai: %s needs a value", a);
            if ((size_t)snprintf(option, sizeof option, "%s=%s", field, v) >= sizeof option)
                return prog_usage("zipai: %s wants a whole number, not '%s'", a, v);
            if (set_rule(o, a, option))
                return PROG_EXIT_USAGE;
        } else if (!strcmp(a, "--rule") || !strcmp(a, "--option")) {
            const char *v = prog_option_value(argc, argv, &i);
            if (!v)
                return prog_usage("zipai: %s needs NAME=VALUE", a);
            if (set_rule(o, a, v))
                return PROG_EXIT_USAGE;
        } else if (!strcmp(a, "--rules")) {
            i++;
        } else if (!strcmp(a, "--ascii")) {
            o->flags |= QIPAI_ZP_ASCII;
        } else if (!strcmp(a, "--seed")) {
            const char *v = prog_option_value(argc, argv, &i);
            char *end;
            if (!v || !*v)
                return prog_usage("zipai: --seed needs a value");
            o->seed = strtoull(v, &end, 10);
            if (*end)
                return prog_usage("zipai: --seed wants a number, not '%s'", v);
        } else if (!strcmp(a, "--size")) {
            if (read_int(a, prog_option_value(argc, argv, &i), 0, 40, &o->size))
                return PROG_EXIT_USAGE;
        } else if (!strcmp(a, "--repeat")) {
            if (read_int(a, prog_option_value(argc, argv, &i), 1, 101, &o->repeat))
                return PROG_EXIT_USAGE;
        } else if (a[0] == '-' && a[1] == '-') {
            return prog_usage("zipai %s: unknown option '%s' (see qipai zipai help)", argv[0], a);
        } else {
            inputs[(*n_inputs)++] = argv[i];
        }
    }
    return 0;
}
