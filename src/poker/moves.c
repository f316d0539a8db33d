/*
 * Beating a play and listing moves (docs/RULES.md "Beating a play"): the
 * same type and size with a higher main rank; a bomb over anything but a
 * bomb or rocket; a higher bomb over a lower one; the rocket over all. In
 * pdk a short group (legal only when it empties the hand) may also answer a
 * triple + two or an airplane with wings of as many triples and a lower main
 * rank.
 */
#include "pk.h"
#include "common/fail.h"

int qipai_pk_beats(const qipai_pk_rules *rules, const qipai_pk_play *play,
                   const qipai_pk_play *last, int empties_hand)
{
    if (!rules || !play || !last)
        return 0;
    int is_short = qipai_pk_type_is_short(rules, play->type);
    if (is_short && (!empties_hand || !rules->last_short))
        return 0;
    if (last->type == QIPAI_PK_ROCKET)
        return 0;
    if (play->type == QIPAI_PK_ROCKET)
        return 1;
    if (play->type == QIPAI_PK_BOMB)
        return last->type != QIPAI_PK_BOMB || play->main > last->main;
    if (last->type == QIPAI_PK_BOMB)
        return 0;
    if (play->type == last->type && play->length == last->length &&
        qipai_pk_total(&play->cards) == qipai_pk_total(&last->cards))
        return play->main > last->main;
    if (is_short && play->length == last->length &&
        (last->type == (play->length == 1 ? QIPAI_PK_TRIO_TWO : QIPAI_PK_TRIO_TWO_CHAIN)))
        return play->main > last->main;
    return 0;
}

typedef struct move_filter {
    const qipai_pk_rules *rules;
    uint64_t hand;
    const qipai_pk_play *last;
    unsigned four_ranks; /* bomb_unsplittable: ranks held four times */
    qipai_pk_play_fn each;
    void *context;
    size_t count;
    int stopped;
} move_filter;

static int consider(void *context, const pk_group *g)
{
    move_filter *m = context;
    qipai_pk_play play;
    pk_unpack(g->cards, &play.cards);
    play.type = (qipai_pk_type)g->type;
    play.length = g->length;
    play.main = g->main;
    int empties = g->cards == m->hand;
    if (g->is_short && !empties)
        return 0;
    if (m->four_ranks) {
        /* A rank held four times may only leave the hand as a bomb. */
        unsigned used = pk_mask_at_least(g->cards, 1);
        if ((used & m->four_ranks) && play.type != QIPAI_PK_BOMB)
            return 0;
    }
    if (m->last && !qipai_pk_beats(m->rules, &play, m->last, empties))
        return 0;
    m->count++;
    if (m->each && m->each(&play, m->context))
        m->stopped = 1;
    return m->stopped;
}

/* Whether last is one of the readings of its cards. */
static int is_reading(const qipai_pk_rules *rules, const qipai_pk_play *last)
{
    qipai_pk_play readings[QIPAI_PK_CLASSIFY_MAX];
    size_t n = qipai_pk_classify(rules, &last->cards, readings, QIPAI_PK_CLASSIFY_MAX);
    for (size_t i = 0; i < n && i < QIPAI_PK_CLASSIFY_MAX; i++)
        if (readings[i].type == last->type && readings[i].length == last->length &&
            readings[i].main == last->main)
            return 1;
    return 0;
}

qipai_err qipai_pk_moves(const qipai_pk_rules *rules, const qipai_pk_cards *hand,
                         const qipai_pk_play *last, qipai_pk_play_fn each, void *context,
                         size_t *count, qipai_error *err)
{
    if (count)
        *count = 0;
    if (!rules || !hand)
        return qipai_fail(err, QIPAI_ERR_ARGUMENT, -1, "no rules or no hand given");
    qipai_err e = qipai_pk_check(rules, hand, err);
    if (e != QIPAI_OK)
        return e;
    if (last && !is_reading(rules, last)) {
        char name[QIPAI_PK_NAME_MAX], text[QIPAI_PK_TEXT_MAX];
        qipai_pk_play_name(last, name, sizeof name);
        qipai_pk_format(&last->cards, text, sizeof text);
        return qipai_fail(err, QIPAI_ERR_ILLEGAL, -1, "%s is not a %s play %s@%c", text,
                          qipai_pk_game_name(rules->game), name, qipai_pk_rank_char(last->main));
    }
    move_filter m = {rules, pk_pack(hand), last, 0, each, context, 0, 0};
    if (rules->game == QIPAI_PK_GAME_PDK && rules->bomb_unsplittable)
        m.four_ranks = pk_mask_at_least(m.hand, 4);
    uint32_t types = PK_ALL_TYPES;
    if (last) {
        /* Only these can beat it: its own type, bombs, the rocket, and in
         * pdk the short groups that answer a triple + two or an airplane. */
        types = 1u << last->type | 1u << QIPAI_PK_BOMB | 1u << QIPAI_PK_ROCKET;
        if (last->type == QIPAI_PK_TRIO_TWO)
            types |= 1u << QIPAI_PK_TRIO | 1u << QIPAI_PK_TRIO_ONE;
        if (last->type == QIPAI_PK_TRIO_TWO_CHAIN)
            types |= 1u << QIPAI_PK_TRIO_SHORT_CHAIN;
    }
    pk_profile profile;
    pk_profile_init(&profile, rules, types, 0, 1);
    pk_gen gen = {&profile, m.hand, -1, consider, &m};
    pk_generate(&gen);
    if (count)
        *count = m.count;
    return QIPAI_OK;
}
