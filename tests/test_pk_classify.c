/*
 * Card groups (docs/RULES.md "Rule sets and their groups"): hand-picked
 * kicker cases, Dou Di Zhu's 27,471 legal plays against RLCard's table
 * (tests/data/ddz/card_type.json), the classifier
 * against the generator behind moves, and both against the brute-force
 * reference (tests/ref/pk_ref.h) on random card sets.
 */
#define _POSIX_C_SOURCE 200809L
#include "data_file.h"
#include "pk_ref.h"
#include "test.h"

#include <qipai/poker.h>
#include <stdlib.h>
#include <string.h>

static qipai_pk_rules preset(qipai_pk_game game)
{
    qipai_pk_rules rules;
    qipai_pk_rules_preset(&rules, game);
    return rules;
}

/* "type@R" readings of the cards, joined by spaces, as the reference lists them. */
static void readings_text(const qipai_pk_rules *rules, const qipai_pk_cards *cards, char *out,
                          size_t size)
{
    qipai_pk_play plays[QIPAI_PK_CLASSIFY_MAX];
    size_t n = qipai_pk_classify(rules, cards, plays, QIPAI_PK_CLASSIFY_MAX);
    char items[QIPAI_PK_CLASSIFY_MAX][QIPAI_PK_NAME_MAX + 3];
    char *order[QIPAI_PK_CLASSIFY_MAX];
    for (size_t i = 0; i < n && i < QIPAI_PK_CLASSIFY_MAX; i++) {
        size_t len = qipai_pk_play_name(&plays[i], items[i], QIPAI_PK_NAME_MAX);
        snprintf(items[i] + len, sizeof items[i] - len, "@%c", qipai_pk_rank_char(plays[i].main));
        order[i] = items[i];
    }
    for (size_t i = 1; i < n; i++) /* strcmp order, as the reference sorts */
        for (size_t j = i; j > 0 && strcmp(order[j - 1], order[j]) > 0; j--) {
            char *t = order[j];
            order[j] = order[j - 1];
            order[j - 1] = t;
        }
    out[0] = '\0';
    for (size_t i = 0; i < n; i++) {
        if (i)
            strncat(out, " ", size - strlen(out) - 1);
        strncat(out, order[i], size - strlen(out) - 1);
    }
}

static void expect_readings(const qipai_pk_rules *rules, const char *cards_text,
                            const char *expected)
{
    qipai_pk_cards cards;
    char got[512];
    if (qipai_pk_parse(rules, cards_text, &cards, NULL) != QIPAI_OK) {
        CHECK(0, "classify --rules %s %s: does not parse", qipai_pk_game_name(rules->game),
              cards_text);
        return;
    }
    readings_text(rules, &cards, got, sizeof got);
    CHECK(!strcmp(got, expected), "classify --rules %s %s: got '%s', expected '%s'",
          qipai_pk_game_name(rules->game), cards_text, got, expected);
}

static void ddz_kicker_cases(void)
{
    qipai_pk_rules ddz = preset(QIPAI_PK_GAME_DDZ);
    expect_readings(&ddz, "33344456", "trio_solo_chain_2@3");  /* 333444 + 5 + 6 */
    expect_readings(&ddz, "333345", "four_two_solo@3");        /* 3333 + 4 + 5 */
    expect_readings(&ddz, "XD", "rocket@X");
    expect_readings(&ddz, "3456789TJQKA2", "");                /* 2 in a straight */
    expect_readings(&ddz, "JQKA2", "");
    expect_readings(&ddz, "3456789TJQKA", "solo_chain_12@3");
    expect_readings(&ddz, "3334", "trio_solo@3");
    expect_readings(&ddz, "333X", "trio_solo@3");
    expect_readings(&ddz, "33344", "trio_pair@3");
    expect_readings(&ddz, "3333", "bomb@3");
    expect_readings(&ddz, "333344", "four_two_solo@3");        /* a pair as two singles */
    expect_readings(&ddz, "33334455", "four_two_pair@3");
    expect_readings(&ddz, "33334444", "");                     /* pair kickers of one rank */
    expect_readings(&ddz, "3333XD", "");                       /* both jokers as kickers */
    expect_readings(&ddz, "33344455", "trio_solo_chain_2@3");
    expect_readings(&ddz, "333444XD", "");
    expect_readings(&ddz, "3334445566", "trio_pair_chain_2@3");
    expect_readings(&ddz, "33344435", "");                     /* kicker of a triple's rank */
    expect_readings(&ddz, "333444555666", "trio_chain_4@3");   /* not 333444555 + 666 */
    expect_readings(&ddz, "333444555777", "trio_solo_chain_3@3");
    expect_readings(&ddz, "3334445556667778", "");             /* triples run past the airplane */
    expect_readings(&ddz, "334455", "pair_chain_3@3");
    expect_readings(&ddz, "3344", "");
    expect_readings(&ddz, "34567", "solo_chain_5@3");
    expect_readings(&ddz, "3456", "");
    expect_readings(&ddz, "22", "pair@2");
    expect_readings(&ddz, "222", "trio@2");
    expect_readings(&ddz, "2223", "trio_solo@2");
    expect_readings(&ddz, "KKKAAA222", "");                    /* 2 never in an airplane */
}

static void pdk_cases(void)
{
    qipai_pk_rules pdk = preset(QIPAI_PK_GAME_PDK);
    expect_readings(&pdk, "3344", "pair_chain_2@3");
    expect_readings(&pdk, "33345", "trio_two@3");
    expect_readings(&pdk, "33344", "trio_two@3");
    expect_readings(&pdk, "333", "trio@3");
    expect_readings(&pdk, "3334", "trio_one@3");
    expect_readings(&pdk, "333444", "trio_short_chain_2@3");
    expect_readings(&pdk, "3334445566", "trio_two_chain_2@3");
    expect_readings(&pdk, "333444555",
                    "trio_short_chain_2@3 trio_short_chain_2@4 trio_short_chain_3@3");
    expect_readings(&pdk, "3334445556",
                    "trio_short_chain_3@3 trio_two_chain_2@3 trio_two_chain_2@4");
    expect_readings(&pdk, "33334", "");
    expect_readings(&pdk, "3333456", "");                      /* four + three is an option */
    expect_readings(&pdk, "3333", "bomb@3");
    pdk.four_with_three = 1;
    expect_readings(&pdk, "3333456", "four_three@3");
    expect_readings(&pdk, "3333444", "four_three@3");
    pdk.bomb_unsplittable = 1; /* the four may then only go as a bomb */
    expect_readings(&pdk, "3333456", "");
    pdk.bomb_unsplittable = 0;
    pdk.last_short = 0;
    expect_readings(&pdk, "333", "");
    expect_readings(&pdk, "3334", "");
    expect_readings(&pdk, "333444555", "");
    expect_readings(&pdk, "3334445556", "trio_two_chain_2@3 trio_two_chain_2@4");
}

static void seed_cases(void)
{
    qipai_pk_rules seed = preset(QIPAI_PK_GAME_SEED);
    expect_readings(&seed, "345", "solo_chain_3@3");
    expect_readings(&seed, "34", "");
    expect_readings(&seed, "334455", "pair_chain_3@3");
    expect_readings(&seed, "3344", "");
    expect_readings(&seed, "3334", "");                        /* no kickers */
    expect_readings(&seed, "333444", "");                      /* no airplanes */
    expect_readings(&seed, "QKA2", "");
    expect_readings(&seed, "2222", "bomb@2");
    qipai_pk_cards cards;
    CHECK(qipai_pk_parse(&seed, "XD", &cards, NULL) == QIPAI_ERR_RANGE,
          "seed has no jokers: XD should not parse");
}

/* ---- Dou Di Zhu against RLCard's table ------------------------------------- */

typedef struct table_play {
    uint64_t key; /* the counts, packed 4 bits a rank */
    char type[QIPAI_PK_NAME_MAX];
    int index;
} table_play;

static uint64_t pack(const qipai_pk_cards *c)
{
    uint64_t v = 0;
    for (int r = 0; r < QIPAI_PK_RANKS; r++)
        v |= (uint64_t)c->counts[r] << (4 * r);
    return v;
}

static int compare_key(const void *a, const void *b)
{
    uint64_t x = ((const table_play *)a)->key, y = ((const table_play *)b)->key;
    return (x > y) - (x < y);
}

typedef struct lead_list {
    table_play *plays;
    size_t n, capacity;
} lead_list;

static int collect_lead(const qipai_pk_play *play, void *context)
{
    lead_list *l = context;
    if (l->n == l->capacity) {
        l->capacity = l->capacity ? 2 * l->capacity : 1024;
        l->plays = realloc(l->plays, l->capacity * sizeof *l->plays);
    }
    table_play *t = &l->plays[l->n++];
    t->key = pack(&play->cards);
    qipai_pk_play_name(play, t->type, sizeof t->type);
    t->index = play->main;
    return 0;
}

static const char *const ddz_types[] = {
    "solo", "pair", "trio", "trio_solo", "trio_pair", "four_two_solo", "four_two_pair", "bomb",
    "rocket", NULL};

static void ddz_matches_rlcard_table(void)
{
    qjson_doc doc;
    qjson_doc_init(&doc);
    const qjson_value *root = test_data_json("ddz/card_type.json", &doc);
    if (root && root->type != QJSON_OBJECT)
        CHECK(0, "ddz/card_type.json is not an object");
    if (!root || root->type != QJSON_OBJECT) {
        qjson_doc_free(&doc);
        return;
    }
    qipai_pk_rules ddz = preset(QIPAI_PK_GAME_DDZ);
    size_t n = qjson_size(root), i = 0;
    table_play *table = calloc(n, sizeof *table);
    /* Per type: the table's index minus our main rank must be one constant. */
    char offset_type[64][QIPAI_PK_NAME_MAX];
    int offsets[64], n_offsets = 0;
    for (size_t m = 0; m < n; m++) {
        const char *key = qjson_member_at(root, m)->key;
        const qjson_value *value = &qjson_member_at(root, m)->value;
        char text[64];
        snprintf(text, sizeof text, "%s", key); /* B and R are read as X and D */
        qipai_pk_cards cards;
        const char *type = qjson_as_string(qjson_at(qjson_at(value, 0), 0));
        const char *index = qjson_as_string(qjson_at(qjson_at(value, 0), 1));
        CHECK(qjson_size(value) == 1 && value->type == QJSON_ARRAY && type && index,
              "table entry %s: unexpected shape", key);
        if (!type || !index || qipai_pk_parse(&ddz, text, &cards, NULL) != QIPAI_OK) {
            CHECK(0, "table key %s does not parse", key);
            continue;
        }
        qipai_pk_play plays[QIPAI_PK_CLASSIFY_MAX];
        size_t readings = qipai_pk_classify(&ddz, &cards, plays, QIPAI_PK_CLASSIFY_MAX);
        char name[QIPAI_PK_NAME_MAX] = "";
        if (readings)
            qipai_pk_play_name(&plays[0], name, sizeof name);
        CHECK(readings == 1 && !strcmp(name, type),
              "classify --rules ddz %s: %zu readings, first '%s'; RLCard says %s", key, readings,
              name, type);
        if (readings == 1 && !strcmp(name, type)) {
            int k = 0;
            while (k < n_offsets && strcmp(offset_type[k], type))
                k++;
            if (k == n_offsets && n_offsets < 64) {
                snprintf(offset_type[k], sizeof offset_type[k], "%s", type);
                offsets[k] = atoi(index) - plays[0].main;
                n_offsets++;
            } else if (k < n_offsets) {
                CHECK(atoi(index) - plays[0].main == offsets[k],
                      "classify --rules ddz %s: main rank %c out of step with RLCard's index %s",
                      key, qipai_pk_rank_char(plays[0].main), index);
            }
        }
        table[i].key = pack(&cards);
        snprintf(table[i].type, sizeof table[i].type, "%s", type);
        i++;
    }
    n = i;
    if (n > 1)
        qsort(table, n, sizeof *table, compare_key);

    /* Every lead from the full deck, each card set once, is exactly the table. */
    qipai_pk_cards deck;
    qipai_pk_parse(&ddz, "3333444455556666777788889999TTTTJJJJQQQQKKKKAAAA2222XD", &deck, NULL);
    lead_list leads = {0};
    size_t count = 0;
    qipai_pk_moves(&ddz, &deck, NULL, collect_lead, &leads, &count, NULL);
    CHECK(count == 27471, "ddz leads from a full deck: %zu plays, RLCard has 27471", count);
    if (leads.n > 1)
        qsort(leads.plays, leads.n, sizeof *leads.plays, compare_key);
    size_t a = 0, b = 0, shown = 0;
    while (a < leads.n || b < n) {
        int c = a == leads.n ? 1 : b == n ? -1 : compare_key(&leads.plays[a], &table[b]);
        if (c == 0) {
            CHECK(!strcmp(leads.plays[a].type, table[b].type),
                  "ddz lead type %s, RLCard %s", leads.plays[a].type, table[b].type);
            a++, b++;
            continue;
        }
        qipai_pk_cards cards;
        const table_play *odd = c < 0 ? &leads.plays[a] : &table[b];
        for (int r = 0; r < QIPAI_PK_RANKS; r++)
            cards.counts[r] = (uint8_t)(odd->key >> (4 * r) & 0xF);
        char text[QIPAI_PK_TEXT_MAX];
        qipai_pk_format(&cards, text, sizeof text);
        if (shown++ < 5)
            CHECK(0, "%s %s (%s) is %s", c < 0 ? "we lead" : "RLCard has", text, odd->type,
                  c < 0 ? "not in RLCard's table" : "not among our leads");
        else
            test_failures++;
        if (c < 0)
            a++;
        else
            b++;
    }
    /* Per type, as RLCard counts them. */
    for (const char *const *t = ddz_types; *t; t++) {
        size_t ours = 0, theirs = 0;
        for (size_t k = 0; k < leads.n; k++)
            ours += !strcmp(leads.plays[k].type, *t);
        for (size_t k = 0; k < n; k++)
            theirs += !strcmp(table[k].type, *t);
        CHECK(ours == theirs, "ddz %s: %zu plays, RLCard %zu", *t, ours, theirs);
    }
    static const char *const chains[] = {"solo_chain_", "pair_chain_", "trio_chain_",
                                         "trio_solo_chain_", "trio_pair_chain_", NULL};
    for (const char *const *t = chains; *t; t++)
        for (int len = 2; len <= 12; len++) {
            char name[QIPAI_PK_NAME_MAX];
            snprintf(name, sizeof name, "%s%d", *t, len);
            size_t ours = 0, theirs = 0;
            for (size_t k = 0; k < leads.n; k++)
                ours += !strcmp(leads.plays[k].type, name);
            for (size_t k = 0; k < n; k++)
                theirs += !strcmp(table[k].type, name);
            CHECK(ours == theirs, "ddz %s: %zu plays, RLCard %zu", name, ours, theirs);
        }
    free(leads.plays);
    free(table);
    qjson_doc_free(&doc);
}

/* ---- the classifier against the generator and the reference ----------------- */

typedef struct check_context {
    const qipai_pk_rules *rules;
    size_t plays;
} check_context;

/* Every play the generator makes is one of the classifier's readings. */
static int check_reading(const qipai_pk_play *play, void *context)
{
    check_context *c = context;
    qipai_pk_play plays[QIPAI_PK_CLASSIFY_MAX];
    size_t n = qipai_pk_classify(c->rules, &play->cards, plays, QIPAI_PK_CLASSIFY_MAX);
    int found = 0;
    for (size_t i = 0; i < n && i < QIPAI_PK_CLASSIFY_MAX; i++)
        found |= plays[i].type == play->type && plays[i].length == play->length &&
                 plays[i].main == play->main;
    char text[QIPAI_PK_TEXT_MAX], name[QIPAI_PK_NAME_MAX];
    qipai_pk_format(&play->cards, text, sizeof text);
    qipai_pk_play_name(play, name, sizeof name);
    CHECK(found, "classify --rules %s %s lacks %s@%c, which moves lists",
          qipai_pk_game_name(c->rules->game), text, name, qipai_pk_rank_char(play->main));
    c->plays++;
    return 0;
}

static void generator_plays_are_classified_alike(void)
{
    qipai_pk_rules sets[5] = {preset(QIPAI_PK_GAME_SEED), preset(QIPAI_PK_GAME_DDZ),
                              preset(QIPAI_PK_GAME_PDK), preset(QIPAI_PK_GAME_PDK),
                              preset(QIPAI_PK_GAME_PDK)};
    sets[3].four_with_three = 1;
    sets[4].last_short = 0;
    const char *decks[5] = {"3333444455556666777788889999TTTTJJJJQQQQKKKKAAAA2222",
                            "3333444455556666777788889999TTTTJJJJQQQQKKKKAAAA2222XD",
                            "3333444455556666777788889999TTTTJJJJQQQQKKKKAAA2",
                            "33334444555566667777888899TTTTJJJJQQQQKKKKAAA2",
                            "3333444455556666777788889999TTTTJJJJQQQQKKKKAAA2"};
    for (int i = 0; i < 5; i++) {
        qipai_pk_cards deck;
        qipai_pk_parse(&sets[i], decks[i], &deck, NULL);
        /* pdk's airplanes with wings from a whole deck are too many to list:
         * take a third of the deck instead. */
        if (sets[i].game == QIPAI_PK_GAME_PDK)
            for (int r = 0; r < QIPAI_PK_RANKS; r++)
                if (r % 3 == 1)
                    deck.counts[r] = deck.counts[r] > 1 ? 1 : deck.counts[r];
        check_context c = {&sets[i], 0};
        qipai_pk_moves(&sets[i], &deck, NULL, check_reading, &c, NULL, NULL);
        CHECK(c.plays > 0, "no plays for %s", qipai_pk_game_name(sets[i].game));
    }
}

/* Random card sets, mostly shaped like plays (runs of equal counts plus a
 * few extra cards), classified by both. */
static void random_sets_match_the_reference(void)
{
    qipai_pk_rules sets[7] = {preset(QIPAI_PK_GAME_SEED), preset(QIPAI_PK_GAME_DDZ),
                              preset(QIPAI_PK_GAME_PDK), preset(QIPAI_PK_GAME_PDK),
                              preset(QIPAI_PK_GAME_PDK), preset(QIPAI_PK_GAME_PDK),
                              preset(QIPAI_PK_GAME_PDK)};
    sets[3].four_with_three = 1;
    sets[4].last_short = 0;
    sets[5].bomb_unsplittable = 1;
    sets[6].bomb_unsplittable = 1;
    sets[6].four_with_three = 1;
    qipai_rng rng;
    qipai_rng_seed(&rng, 77);
    long count = test_scaled(1500), all_compared = 0, all_plays = 0, several = 0;
    for (int s = 0; s < 7; s++) {
        const qipai_pk_rules *rules = &sets[s];
        long compared = 0, plays = 0, two_ways = 0;
        pk_ref_options options = {rules->last_short, rules->bomb_unsplittable,
                                  rules->four_with_three};
        uint8_t deck[QIPAI_PK_DECK_MAX];
        int cards = qipai_pk_deck(rules, deck);
        for (long i = 0; i < count; i++) {
            qipai_pk_cards set;
            memset(&set, 0, sizeof set);
            if (i % 2) {
                /* A run of `width` cards from a start, plus 0..5 random cards. */
                int width = 1 + (int)qipai_rng_below(&rng, 4);
                int start = (int)qipai_rng_below(&rng, 12);
                int len = 1 + (int)qipai_rng_below(&rng, 6);
                for (int r = start; r < start + len && r < 12; r++)
                    set.counts[r] = (uint8_t)width;
                int extra = (int)qipai_rng_below(&rng, 6);
                for (int k = 0; k < extra; k++)
                    set.counts[deck[qipai_rng_below(&rng, (uint32_t)cards)]]++;
            } else {
                qipai_rng_shuffle_bytes(&rng, deck, (size_t)cards);
                int size = 1 + (int)qipai_rng_below(&rng, 12);
                for (int k = 0; k < size; k++)
                    set.counts[deck[k]]++;
            }
            if (qipai_pk_check(rules, &set, NULL) != QIPAI_OK)
                continue;
            char mine[512], theirs[512] = "", text[QIPAI_PK_TEXT_MAX];
            readings_text(rules, &set, mine, sizeof mine);
            char **types = NULL;
            size_t n = pk_ref_classify(qipai_pk_game_name(rules->game), &options, set.counts,
                                       &types);
            for (size_t k = 0; k < n; k++) {
                if (k)
                    strcat(theirs, " ");
                strncat(theirs, types[k], sizeof theirs - strlen(theirs) - 1);
            }
            pk_ref_free(types, n);
            qipai_pk_format(&set, text, sizeof text);
            CHECK(!strcmp(mine, theirs), "classify --rules %s %s: '%s', reference '%s'",
                  qipai_pk_game_name(rules->game), text, mine, theirs);
            compared++;
            plays += n > 0;
            two_ways += n > 1;
        }
        /* A few sets break the deck's limits; about one in ten is a play. */
        CHECK(compared > count * 3 / 4 && plays > count / 30,
              "rules %d: %ld of %ld sets compared, %ld plays", s, compared, count, plays);
        all_compared += compared;
        all_plays += plays;
        several += two_ways;
    }
    fprintf(stderr, "  %ld sets compared under 7 rule sets, %ld plays, %ld read more than one way\n",
            all_compared, all_plays, several);
    /* Only pdk reads a set more than one way (airplanes, short or not). */
    CHECK(several > count / 100, "only %ld sets read more than one way", several);
}

static void notation_reads_and_writes(void)
{
    qipai_pk_rules ddz = preset(QIPAI_PK_GAME_DDZ), pdk = preset(QIPAI_PK_GAME_PDK);
    qipai_pk_cards cards;
    char text[QIPAI_PK_TEXT_MAX];
    qipai_error err;
    CHECK(qipai_pk_parse(&ddz, "10jqka2bR 3", &cards, &err) == QIPAI_OK, "parse: %s", err.message);
    qipai_pk_format(&cards, text, sizeof text);
    CHECK(!strcmp(text, "3TJQKA2XD"), "10jqka2bR 3 is written %s", text);
    CHECK(qipai_pk_parse(&ddz, "33333", &cards, &err) == QIPAI_ERR_TOO_MANY, "five 3s");
    CHECK(strstr(err.message, "3 appears 5 times") != NULL, "message: %s", err.message);
    CHECK(qipai_pk_parse(&ddz, "XX", &cards, &err) == QIPAI_ERR_TOO_MANY, "two small jokers");
    CHECK(qipai_pk_parse(&ddz, "31", &cards, &err) == QIPAI_ERR_SYNTAX, "a lone 1");
    CHECK(err.position == 1, "the 1 is at 1, not %d", err.position);
    CHECK(qipai_pk_parse(&ddz, "3Z", &cards, &err) == QIPAI_ERR_SYNTAX, "Z is no card");
    CHECK(qipai_pk_parse(&pdk, "22", &cards, &err) == QIPAI_ERR_TOO_MANY, "pdk has one 2");
    CHECK(qipai_pk_parse(&pdk, "AAAA", &cards, &err) == QIPAI_ERR_TOO_MANY, "pdk has three A");
    CHECK(qipai_pk_parse(&pdk, "D", &cards, &err) == QIPAI_ERR_RANGE, "pdk has no jokers");
    CHECK(qipai_pk_parse(&ddz, "", &cards, &err) == QIPAI_OK && qipai_pk_total(&cards) == 0,
          "the empty hand");
    /* The card order: written texts, rank by rank, a prefix first. */
    const char *ordered[] = {"3", "33", "333", "3334", "334", "34", "345", "3456", "4", "T",
                             "A", "2", "22", "X", "XD", "D"};
    size_t n = sizeof ordered / sizeof ordered[0];
    for (size_t i = 0; i < n; i++)
        for (size_t j = 0; j < n; j++) {
            qipai_pk_cards a, b;
            qipai_pk_parse(&ddz, ordered[i], &a, NULL);
            qipai_pk_parse(&ddz, ordered[j], &b, NULL);
            int c = qipai_pk_compare(&a, &b);
            int want = (i > j) - (i < j);
            CHECK((c > 0) - (c < 0) == want, "compare %s %s: %d", ordered[i], ordered[j], c);
        }
    qipai_pk_rules rules = preset(QIPAI_PK_GAME_PDK);
    CHECK(qipai_pk_rules_option(&rules, "last_short=0", &err) == QIPAI_OK && !rules.last_short,
          "last_short=0");
    CHECK(qipai_pk_rules_option(&rules, "four_with_three", &err) == QIPAI_OK &&
              rules.four_with_three,
          "four_with_three alone means 1");
    CHECK(qipai_pk_rules_option(&rules, "bomb_unsplittable=2", &err) == QIPAI_ERR_ARGUMENT,
          "values are 0 or 1");
    CHECK(qipai_pk_rules_option(&rules, "jokers=1", &err) == QIPAI_ERR_ARGUMENT, "no such option");
    CHECK(qipai_pk_rules_option(&ddz, "last_short=0", &err) == QIPAI_ERR_ARGUMENT,
          "ddz has no options");
    CHECK(qipai_pk_rules_named(&rules, "bridge", &err) == QIPAI_ERR_ARGUMENT, "unknown rules");
    qipai_pk_type type;
    int length;
    CHECK(qipai_pk_parse_type("trio_solo_chain_3", &type, &length, &err) == QIPAI_OK &&
              type == QIPAI_PK_TRIO_SOLO_CHAIN && length == 3,
          "trio_solo_chain_3");
    CHECK(qipai_pk_parse_type("trio_solo", &type, &length, &err) == QIPAI_OK &&
              type == QIPAI_PK_TRIO_SOLO && length == 1,
          "trio_solo");
    CHECK(qipai_pk_parse_type("solo_chain", &type, &length, &err) != QIPAI_OK,
          "a chain needs its length");
    CHECK(qipai_pk_parse_type("solo_5", &type, &length, &err) != QIPAI_OK, "solo has none");
}

/* The deck dealt from is exactly what the parser's limits allow: all of
 * it passes the check, and one card more of any rank does not. */
static void decks_are_the_limits_of_the_check(void)
{
    const qipai_pk_game games[] = {QIPAI_PK_GAME_SEED, QIPAI_PK_GAME_DDZ, QIPAI_PK_GAME_PDK};
    const int sizes[] = {52, 54, 48};
    for (int g = 0; g < 3; g++) {
        qipai_pk_rules rules = preset(games[g]);
        uint8_t deck[QIPAI_PK_DECK_MAX];
        int n = qipai_pk_deck(&rules, deck);
        CHECK(n == sizes[g], "%s deck has %d cards", qipai_pk_game_name(games[g]), n);
        qipai_pk_cards all = {{0}};
        for (int i = 0; i < n; i++) {
            CHECK(i == 0 || deck[i - 1] <= deck[i], "deck in ascending order");
            all.counts[deck[i]]++;
        }
        CHECK(qipai_pk_check(&rules, &all, NULL) == QIPAI_OK, "%s deck passes the check",
              qipai_pk_game_name(games[g]));
        for (int r = 0; r < QIPAI_PK_RANKS; r++) {
            qipai_pk_cards more = all;
            more.counts[r]++;
            CHECK(qipai_pk_check(&rules, &more, NULL) != QIPAI_OK, "%s deck plus a %c passes",
                  qipai_pk_game_name(games[g]), qipai_pk_rank_char(r));
        }
    }
    uint8_t deck[QIPAI_PK_DECK_MAX];
    CHECK(qipai_pk_deck(NULL, deck) == 54, "no rules: 54 cards");
}

int main(void)
{
    RUN(notation_reads_and_writes);
    RUN(decks_are_the_limits_of_the_check);
    RUN(ddz_kicker_cases);
    RUN(pdk_cases);
    RUN(seed_cases);
    RUN(ddz_matches_rlcard_table);
    RUN(generator_plays_are_classified_alike);
    RUN(random_sets_match_the_reference);
    return test_report();
}
