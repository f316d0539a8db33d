/*
 * The checked calls (include/qipai/table.h, "checked calls"): each checks
 * what the layer can know — a game and a state given, a seat and an action in
 * range, a rule set that passes its check — before it calls the game, so a
 * game's own calls may assume those.
 */
#include "table_internal.h"
#include "common/fail.h"

#include <string.h>

static qipai_err no_game(qipai_error *err)
{
    return qipai_fail(err, QIPAI_ERR_ARGUMENT, -1, "no game given");
}

qipai_err qipai_table_rules_named(const qipai_table_game *game, void *rules, const char *name,
                                  qipai_error *err)
{
    if (!game || !rules)
        return game ? qipai_fail(err, QIPAI_ERR_ARGUMENT, -1, "no rule set given") : no_game(err);
    return game->rules_named(rules, name ? name : game->default_rules, err);
}

qipai_err qipai_table_rules_option(const qipai_table_game *game, void *rules, const char *option,
                                   qipai_error *err)
{
    if (!game || !rules || !option)
        return game ? qipai_fail(err, QIPAI_ERR_ARGUMENT, -1, "no rule set or option given")
                    : no_game(err);
    return game->rules_option(rules, option, err);
}

qipai_err qipai_table_rules_check(const qipai_table_game *game, const void *rules,
                                  qipai_error *err)
{
    if (!game || !rules)
        return game ? qipai_fail(err, QIPAI_ERR_ARGUMENT, -1, "no rule set given") : no_game(err);
    return game->rules_check(rules, err);
}

void qipai_table_shape_of(const qipai_table_game *game, const void *rules, qipai_table_shape *out)
{
    game->shape(rules, out);
}

qipai_err qipai_table_init(const qipai_table_game *game, void *state, const void *rules,
                           uint64_t seed, int dealer, qipai_error *err)
{
    if (!game || !state || !rules)
        return game ? qipai_fail(err, QIPAI_ERR_ARGUMENT, -1, "no state or rules given")
                    : no_game(err);
    qipai_err e = game->rules_check(rules, err);
    if (e != QIPAI_OK)
        return e;
    const int seats = tb_shape(game, rules).seats;
    if (dealer < 0 || dealer >= seats)
        return qipai_fail(err, QIPAI_ERR_RANGE, -1, "dealer %d: a seat 0-%d", dealer, seats - 1);
    return game->init(state, rules, seed, dealer, err);
}

qipai_err qipai_table_init_deal(const qipai_table_game *game, void *state, const void *rules,
                                const void *deal, int dealer, qipai_error *err)
{
    if (!game || !state || !rules || !deal)
        return game ? qipai_fail(err, QIPAI_ERR_ARGUMENT, -1, "no state, rules or deal given")
                    : no_game(err);
    qipai_err e = game->rules_check(rules, err);
    if (e != QIPAI_OK)
        return e;
    const int seats = tb_shape(game, rules).seats;
    if (dealer < 0 || dealer >= seats)
        return qipai_fail(err, QIPAI_ERR_RANGE, -1, "dealer %d: a seat 0-%d", dealer, seats - 1);
    return game->init_deal(state, rules, deal, dealer, err);
}

unsigned qipai_table_to_act(const qipai_table_game *game, const void *state)
{
    return game && state ? game->to_act(state) : 0;
}

static bool seat_of(const qipai_table_game *game, const void *state, int seat)
{
    return seat >= 0 && seat < tb_shape(game, game->rules_of(state)).seats;
}

int qipai_table_legal(const qipai_table_game *game, const void *state, int seat, int32_t *out)
{
    if (!game || !state || !out || !seat_of(game, state, seat))
        return 0;
    return game->legal(state, seat, out);
}

int qipai_table_mask(const qipai_table_game *game, const void *state, int seat, uint8_t *mask)
{
    if (!game || !state || !mask)
        return 0;
    if (!seat_of(game, state, seat)) {
        memset(mask, 0, (size_t)tb_shape(game, game->rules_of(state)).action_space);
        return 0;
    }
    return game->mask(state, seat, mask);
}

qipai_err qipai_table_step(const qipai_table_game *game, void *state, int seat, int32_t action,
                           qipai_table_event_fn events, void *context, qipai_error *err)
{
    if (!game || !state)
        return game ? qipai_fail(err, QIPAI_ERR_ARGUMENT, -1, "no state given") : no_game(err);
    qipai_table_shape shape = tb_shape(game, game->rules_of(state));
    if (seat < 0 || seat >= shape.seats)
        return qipai_fail(err, QIPAI_ERR_RANGE, -1, "seat %d: a seat 0-%d", seat,
                          shape.seats - 1);
    if (action < 0 || action >= shape.action_space)
        return qipai_fail(err, QIPAI_ERR_RANGE, -1, "action %ld: the actions are 0-%d",
                          (long)action, shape.action_space - 1);
    /* Whether the seat is to act is the game's to say, in its words. */
    return game->step(state, seat, action, events, context, err);
}

qipai_err qipai_table_bot_choose(const qipai_table_game *game, const void *state, int seat,
                                 int bot, int32_t *action, qipai_error *err)
{
    if (!game || !state || !action)
        return game ? qipai_fail(err, QIPAI_ERR_ARGUMENT, -1, "no state given") : no_game(err);
    int bots = 0;
    while (game->bots[bots])
        bots++;
    if (bot < 0 || bot >= bots)
        return qipai_fail(err, QIPAI_ERR_RANGE, -1, "bot %d: the bots are 0-%d", bot, bots - 1);
    if (!seat_of(game, state, seat) || !(game->to_act(state) >> seat & 1))
        return qipai_fail(err, QIPAI_ERR_ILLEGAL, -1, "seat %d is not to act now", seat);
    return game->bot_choose(state, seat, bot, action, err);
}
