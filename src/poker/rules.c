/*
 * Rule sets as values (docs/RULES.md "Poker", "Rule sets and their groups"):
 * the three presets, pdk's options, which play types each rule set has and
 * the bounds of its chains, and the type names shared with RLCard.
 */
#include "pk.h"
#include "common/fail.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void qipai_pk_rules_preset(qipai_pk_rules *rules, qipai_pk_game game)
{
    memset(rules, 0, sizeof *rules);
    rules->game = game;
    rules->last_short = game == QIPAI_PK_GAME_PDK;
}

const char *qipai_pk_game_name(qipai_pk_game game)
{
    switch (game) {
    case QIPAI_PK_GAME_SEED: return "seed";
    case QIPAI_PK_GAME_DDZ: return "ddz";
    case QIPAI_PK_GAME_PDK: return "pdk";
    }
    return "?";
}

qipai_err qipai_pk_rules_named(qipai_pk_rules *rules, const char *name, qipai_error *err)
{
    static const qipai_pk_game games[] = {QIPAI_PK_GAME_SEED, QIPAI_PK_GAME_DDZ,
                                          QIPAI_PK_GAME_PDK};
    if (name && !strcmp(name, "default")) /* the command line's default too */
        name = "ddz";
    for (size_t i = 0; name && i < sizeof games / sizeof games[0]; i++)
        if (!strcmp(name, qipai_pk_game_name(games[i]))) {
            qipai_pk_rules_preset(rules, games[i]);
            return QIPAI_OK;
        }
    return qipai_fail(err, QIPAI_ERR_ARGUMENT, -1, "unknown poker rules '%s' (seed, ddz or default, pdk)",
                      name ? name : "");
}

qipai_err qipai_pk_rules_option(qipai_pk_rules *rules, const char *assignment, qipai_error *err)
{
    static const struct {
        const char *name;
        size_t offset;
    } options[] = {
        {"last_short", offsetof(qipai_pk_rules, last_short)},
        {"bomb_unsplittable", offsetof(qipai_pk_rules, bomb_unsplittable)},
        {"four_with_three", offsetof(qipai_pk_rules, four_with_three)},
    };
    if (!assignment)
        return qipai_fail(err, QIPAI_ERR_ARGUMENT, -1, "no option given");
    const char *eq = strchr(assignment, '=');
    size_t name_len = eq ? (size_t)(eq - assignment) : strlen(assignment);
    int value = 1;
    if (eq) {
        if (!strcmp(eq + 1, "0"))
            value = 0;
        else if (strcmp(eq + 1, "1"))
            return qipai_fail(err, QIPAI_ERR_ARGUMENT, (int)(eq + 1 - assignment),
                              "option value '%s' should be 0 or 1", eq + 1);
    }
    for (size_t i = 0; i < sizeof options / sizeof options[0]; i++)
        if (strlen(options[i].name) == name_len &&
            !strncmp(assignment, options[i].name, name_len)) {
            if (rules->game != QIPAI_PK_GAME_PDK)
                return qipai_fail(err, QIPAI_ERR_ARGUMENT, 0,
                                  "option %s belongs to pdk, not %s", options[i].name,
                                  qipai_pk_game_name(rules->game));
            *(int *)((char *)rules + options[i].offset) = value;
            return QIPAI_OK;
        }
    return qipai_fail(err, QIPAI_ERR_ARGUMENT, 0,
                      "unknown option '%.*s' (last_short, bomb_unsplittable, four_with_three)",
                      (int)(name_len > 40 ? 40 : name_len), assignment);
}

qipai_err qipai_pk_rules_check(const qipai_pk_rules *rules, qipai_error *err)
{
    if ((unsigned)rules->game > QIPAI_PK_GAME_PDK)
        return qipai_fail(err, QIPAI_ERR_RANGE, -1, "game %d is not seed, ddz or pdk",
                          (int)rules->game);
    const int options[3] = {rules->last_short, rules->bomb_unsplittable, rules->four_with_three};
    for (int i = 0; i < 3; i++)
        if (options[i] != 0 && options[i] != 1)
            return qipai_fail(err, QIPAI_ERR_RANGE, -1, "pdk options are 0 or 1");
    if (rules->game != QIPAI_PK_GAME_PDK &&
        (rules->last_short || rules->bomb_unsplittable || rules->four_with_three))
        return qipai_fail(err, QIPAI_ERR_RANGE, -1, "only pdk has options, not %s",
                          qipai_pk_game_name(rules->game));
    return QIPAI_OK;
}

int pk_has_type(const qipai_pk_rules *rules, qipai_pk_type type)
{
    switch (rules->game) {
    case QIPAI_PK_GAME_SEED:
        return type == QIPAI_PK_SOLO || type == QIPAI_PK_PAIR || type == QIPAI_PK_TRIO ||
               type == QIPAI_PK_BOMB || type == QIPAI_PK_SOLO_CHAIN ||
               type == QIPAI_PK_PAIR_CHAIN;
    case QIPAI_PK_GAME_DDZ:
        return type <= QIPAI_PK_ROCKET;
    case QIPAI_PK_GAME_PDK:
        switch (type) {
        case QIPAI_PK_SOLO: case QIPAI_PK_PAIR: case QIPAI_PK_SOLO_CHAIN:
        case QIPAI_PK_PAIR_CHAIN: case QIPAI_PK_BOMB: case QIPAI_PK_TRIO_TWO:
        case QIPAI_PK_TRIO_TWO_CHAIN:
            return 1;
        case QIPAI_PK_FOUR_THREE:
            /* Whoever plays four + three holds all four: with
             * bomb_unsplittable those may only go as a bomb. */
            return rules->four_with_three && !rules->bomb_unsplittable;
        case QIPAI_PK_TRIO: case QIPAI_PK_TRIO_ONE: case QIPAI_PK_TRIO_SHORT_CHAIN:
            return rules->last_short != 0;
        default:
            return 0;
        }
    }
    return 0;
}

int qipai_pk_type_is_short(const qipai_pk_rules *rules, qipai_pk_type type)
{
    return rules->game == QIPAI_PK_GAME_PDK &&
           (type == QIPAI_PK_TRIO || type == QIPAI_PK_TRIO_ONE ||
            type == QIPAI_PK_TRIO_SHORT_CHAIN);
}

/* Chain lengths: seed chains start at 3 ranks or pairs; ddz and pdk
 * straights at 5; pdk pair chains at 2 pairs; airplanes at 2 triples. Dou Di
 * Zhu's table stops at 20 cards a play. */
int pk_chain_min(const qipai_pk_rules *rules, qipai_pk_type type)
{
    if (!pk_has_type(rules, type))
        return 0;
    switch (type) {
    case QIPAI_PK_SOLO_CHAIN:
        return rules->game == QIPAI_PK_GAME_SEED ? 3 : 5;
    case QIPAI_PK_PAIR_CHAIN:
        return rules->game == QIPAI_PK_GAME_PDK ? 2 : 3;
    case QIPAI_PK_TRIO_CHAIN: case QIPAI_PK_TRIO_SOLO_CHAIN: case QIPAI_PK_TRIO_PAIR_CHAIN:
    case QIPAI_PK_TRIO_TWO_CHAIN: case QIPAI_PK_TRIO_SHORT_CHAIN:
        return 2;
    default:
        return 0;
    }
}

int pk_chain_max(const qipai_pk_rules *rules, qipai_pk_type type)
{
    if (!pk_has_type(rules, type))
        return 0;
    if (rules->game == QIPAI_PK_GAME_DDZ) {
        switch (type) {
        case QIPAI_PK_SOLO_CHAIN: return 12;
        case QIPAI_PK_PAIR_CHAIN: return 10;
        case QIPAI_PK_TRIO_CHAIN: return 6;
        case QIPAI_PK_TRIO_SOLO_CHAIN: return 5;
        case QIPAI_PK_TRIO_PAIR_CHAIN: return 4;
        default: return 0;
        }
    }
    return PK_CHAIN_RANKS;
}

static const char *const type_names[QIPAI_PK_TYPE_COUNT] = {
    "solo", "pair", "trio", "trio_solo", "trio_pair", "solo_chain", "pair_chain", "trio_chain",
    "trio_solo_chain", "trio_pair_chain", "four_two_solo", "four_two_pair", "bomb", "rocket",
    "trio_two", "trio_two_chain", "four_three", "trio_one", "trio_short_chain"};

static int is_chain_type(qipai_pk_type type)
{
    return type == QIPAI_PK_SOLO_CHAIN || type == QIPAI_PK_PAIR_CHAIN ||
           type == QIPAI_PK_TRIO_CHAIN || type == QIPAI_PK_TRIO_SOLO_CHAIN ||
           type == QIPAI_PK_TRIO_PAIR_CHAIN || type == QIPAI_PK_TRIO_TWO_CHAIN ||
           type == QIPAI_PK_TRIO_SHORT_CHAIN;
}

size_t qipai_pk_play_name(const qipai_pk_play *play, char *buffer, size_t size)
{
    if ((unsigned)play->type >= QIPAI_PK_TYPE_COUNT)
        return (size_t)snprintf(buffer, size, "?");
    if (is_chain_type(play->type))
        return (size_t)snprintf(buffer, size, "%s_%d", type_names[play->type], play->length);
    return (size_t)snprintf(buffer, size, "%s", type_names[play->type]);
}

qipai_err qipai_pk_parse_type(const char *name, qipai_pk_type *type, int *length, qipai_error *err)
{
    if (!name)
        return qipai_fail(err, QIPAI_ERR_ARGUMENT, -1, "no type name given");
    for (int t = 0; t < QIPAI_PK_TYPE_COUNT; t++) {
        size_t n = strlen(type_names[t]);
        if (strncmp(name, type_names[t], n))
            continue;
        if (!is_chain_type((qipai_pk_type)t)) {
            if (name[n] != '\0')
                continue;
            *type = (qipai_pk_type)t;
            *length = 1;
            return QIPAI_OK;
        }
        if (name[n] != '_' || name[n + 1] < '1' || name[n + 1] > '9')
            continue;
        char *end;
        long len = strtol(name + n + 1, &end, 10);
        if (*end != '\0' || len > 24)
            continue;
        *type = (qipai_pk_type)t;
        *length = (int)len;
        return QIPAI_OK;
    }
    return qipai_fail(err, QIPAI_ERR_ARGUMENT, -1, "unknown play type '%.40s'", name);
}
