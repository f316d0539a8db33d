/*
 * The options of `qipai mahjong bench` and `corpus` (the line commands read
 * theirs in the library's query layer): the rule set, wild kinds, rule
 * options and visible tiles, applied in that order whatever their order on
 * the command line.
 */
#include "mahjong_bench.h"

#include <stdio.h>
#include <string.h>

int mj_parse_options(int argc, char **argv, int first, mj_options *o)
{
    const char *rules_name = "basic", *visible = NULL;
    const char *wild[QIPAI_MJ_KINDS], *rule[QIPAI_MJ_KINDS];
    int wild_count = 0, rule_count = 0, hands = 0, only_hands = 0;
    bool distinct = false;
    memset(o, 0, sizeof *o);
    for (int i = first; i < argc; i++) {
        const char *a = argv[i], *v = NULL;
        if (only_hands || strncmp(a, "--", 2)) {
            argv[first + hands++] = argv[i];
            continue;
        }
        if (!strcmp(a, "--")) {
            only_hands = 1;
            continue;
        }
        if (!strcmp(a, "--chinese")) {
            o->chinese = true;
            continue;
        }
        if (!strcmp(a, "--seven-pairs-distinct")) {
            distinct = true;
            continue;
        }
        if (strcmp(a, "--rules") && strcmp(a, "--wild") && strcmp(a, "--rule") &&
            strcmp(a, "--visible"))
            return prog_usage("unknown option '%s'", a), -1;
        if (!(v = prog_option_value(argc, argv, &i)))
            return prog_usage("%s needs a value", a), -1;
        if (!strcmp(a, "--rules"))
            rules_name = v;
        else if (!strcmp(a, "--visible"))
            visible = v;
        else if ((!strcmp(a, "--wild") ? wild_count : rule_count) == QIPAI_MJ_KINDS)
            return prog_usage("too many %s options", a), -1;
        else if (!strcmp(a, "--wild"))
            wild[wild_count++] = v;
        else
            rule[rule_count++] = v;
    }
    qipai_error err;
    if (qipai_mj_rules_named(&o->rules, rules_name, &err) != QIPAI_OK)
        return prog_usage("--rules: %s", err.message), -1;
    o->rules.seven_pairs_distinct = distinct;
    for (int r = 0; r < rule_count; r++)
        if (qipai_mj_rules_option(&o->rules, rule[r], &err) != QIPAI_OK)
            return prog_usage("--rule %s: %s", rule[r], err.message), -1;
    for (int w = 0; w < wild_count; w++) {
        char option[64];
        snprintf(option, sizeof option, "wild=%s", wild[w]);
        if (qipai_mj_rules_option(&o->rules, option, &err) != QIPAI_OK)
            return prog_usage("--wild %s: %s", wild[w], err.message), -1;
    }
    if (visible) {
        /* Visible tiles are physical: read them without the wild kinds. */
        qipai_mj_rules plain = o->rules;
        qipai_mj_tiles seen;
        plain.wild_kinds = 0;
        if (qipai_mj_parse_tiles(&plain, visible, &seen, 4 * QIPAI_MJ_KINDS, &err))
            return prog_usage("--visible: %s", err.message), -1;
        memcpy(o->visible, seen.counts, sizeof o->visible);
        o->has_visible = true;
    }
    return hands;
}
