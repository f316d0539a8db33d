/*
 * `qipai mahjong COMMAND [--rules NAME] [--wild KIND]... [--chinese] [HAND...]`
 * Each hand is answered with one JSON line (docs/FORMATS.md, "mahjong").
 * Parsing and JSON live here; every answer comes from the library.
 */
#include "cli.h"
#include "mahjong_cli.h"

#include <stdlib.h>
#include <string.h>

/* ---- shared by every mahjong command -------------------------------------- */

json_t *mj_json_kind(int kind, bool wild, bool chinese)
{
    char text[16];
    int n = qipai_mj_format_kind(kind, chinese, text, sizeof text - 1);
    if (wild) {
        text[n++] = '*';
        text[n] = '\0';
    }
    return json_string(text);
}

json_t *mj_json_kinds(const uint8_t *kinds, int n, bool chinese)
{
    json_t *list = json_array();
    for (int i = 0; i < n; i++)
        json_array_append_new(list, mj_json_kind(kinds[i], false, chinese));
    return list;
}

/* Parses the options among argv[first..] into o, moving the other
 * arguments (hands) to the front of argv[first..]; returns how many hands,
 * or -1 after reporting a usage error. Options may come anywhere and in any
 * order: the rule set is chosen first, then the wild kinds added to it. */
int mj_parse_options(int argc, char **argv, int first, mj_options *o)
{
    const char *rules_name = "basic";
    const char *wild[QIPAI_MJ_KINDS];
    int wild_count = 0, hands = 0, only_hands = 0;
    memset(o, 0, sizeof *o);
    for (int i = first; i < argc; i++) {
        const char *a = argv[i];
        if (only_hands || strncmp(a, "--", 2)) {
            argv[first + hands++] = argv[i];
        } else if (!strcmp(a, "--")) {
            only_hands = 1;
        } else if (!strcmp(a, "--rules")) {
            if (!(rules_name = cli_option_value(argc, argv, &i)))
                return cli_usage("--rules needs a name (basic, laizi, zhaotong, gb)"), -1;
        } else if (!strcmp(a, "--wild")) {
            const char *w = cli_option_value(argc, argv, &i);
            if (!w)
                return cli_usage("--wild needs a tile kind, like 7z or 红中"), -1;
            if (wild_count == QIPAI_MJ_KINDS)
                return cli_usage("too many --wild options"), -1;
            wild[wild_count++] = w;
        } else if (!strcmp(a, "--chinese")) {
            o->chinese = true;
        } else if (!strcmp(a, "--seven-pairs-distinct")) {
            o->rules.seven_pairs_distinct = true; /* re-applied below */
            o->seven_pairs_distinct = true;
        } else if (!strcmp(a, "--visible")) {
            if (!(o->visible_text = cli_option_value(argc, argv, &i)))
                return cli_usage("--visible needs tiles, like 1m1m5z"), -1;
        } else {
            return cli_usage("unknown option '%s'", a), -1;
        }
    }
    qipai_error err;
    if (qipai_mj_rules_named(&o->rules, rules_name, &err) != QIPAI_OK)
        return cli_usage("%s", err.message), -1;
    o->rules.seven_pairs_distinct = o->seven_pairs_distinct;
    for (int w = 0; w < wild_count; w++) {
        qipai_mj_tiles tiles;
        qipai_mj_hand one;
        int kind = -1;
        if (qipai_mj_parse(&o->rules, wild[w], &one, &tiles, &err) != QIPAI_OK)
            return cli_usage("--wild %s: %s", wild[w], err.message), -1;
        for (int k = 0; k < QIPAI_MJ_KINDS; k++)
            if (tiles.counts[k])
                kind = kind == -1 && tiles.counts[k] == 1 ? k : -2;
        if (kind < 0 || tiles.jokers)
            return cli_usage("--wild %s: name exactly one tile kind, like 7z", wild[w]), -1;
        qipai_mj_rules_add_wild(&o->rules, kind, NULL);
    }
    if (o->visible_text) {
        /* Visible tiles are physical: read them without the wild kinds. */
        qipai_mj_rules plain = o->rules;
        qipai_mj_tiles seen;
        plain.wild_kinds = 0;
        if (qipai_mj_parse_tiles(&plain, o->visible_text, &seen, 4 * QIPAI_MJ_KINDS, &err))
            return cli_usage("--visible: %s", err.message), -1;
        memcpy(o->visible, seen.counts, sizeof o->visible);
        o->has_visible = true;
    }
    return hands;
}

/* Parses a hand line; on failure returns an error object for it. */
json_t *mj_read_hand(const mj_options *o, const char *line, qipai_mj_hand *hand,
                     qipai_mj_tiles *tiles)
{
    qipai_error err;
    if (qipai_mj_parse(&o->rules, line, hand, tiles, &err) != QIPAI_OK)
        return cli_error("hand", line, err.message);
    return NULL;
}

json_t *mj_answer_object(const char *line)
{
    json_t *obj = json_object();
    json_object_set_new(obj, "hand", json_string(line));
    return obj;
}

json_t *mj_read_sized(const mj_options *o, const char *line, unsigned remainders,
                      qipai_mj_hand *hand, qipai_mj_tiles *tiles)
{
    json_t *bad = mj_read_hand(o, line, hand, tiles);
    if (bad)
        return bad;
    int n = qipai_mj_hand_size(hand);
    if (remainders >> (n % 3) & 1)
        return NULL;
    const char *needs = remainders == MJ_WINNING ? "a winning hand has 2, 5, 8, 11 or 14 tiles"
                        : remainders == MJ_WAITING ? "a waiting hand has 1, 4, 7, 10 or 13 tiles"
                                                   : "the hand needs 3k+1 or 3k+2 tiles";
    char message[160];
    snprintf(message, sizeof message, "%d tiles; %s", n, needs);
    return cli_error("hand", line, message);
}

/* ---- win, waits, decompose ------------------------------------------------- */

static json_t *forms_json(unsigned forms)
{
    json_t *list = json_array();
    for (unsigned f = 1; f <= QIPAI_MJ_FORM_THIRTEEN_ORPHANS; f <<= 1)
        if (forms & f)
            json_array_append_new(list, json_string(qipai_mj_form_name((qipai_mj_form)f)));
    return list;
}

static json_t *answer_win(const char *line, void *context)
{
    const mj_options *o = context;
    qipai_mj_hand hand;
    json_t *bad = mj_read_sized(o, line, MJ_WINNING, &hand, NULL);
    if (bad)
        return bad;
    unsigned forms = qipai_mj_win_forms(&o->rules, &hand);
    json_t *obj = mj_answer_object(line);
    json_object_set_new(obj, "win", json_boolean(forms != 0));
    json_object_set_new(obj, "forms", forms_json(forms));
    return obj;
}

static json_t *answer_waits(const char *line, void *context)
{
    const mj_options *o = context;
    qipai_mj_hand hand;
    json_t *bad = mj_read_sized(o, line, MJ_WAITING, &hand, NULL);
    if (bad)
        return bad;
    uint8_t waits[QIPAI_MJ_KINDS];
    size_t count;
    qipai_error err;
    if (qipai_mj_waits(&o->rules, &hand, waits, &count, &err) != QIPAI_OK)
        return cli_error("hand", line, err.message);
    json_t *obj = mj_answer_object(line);
    json_object_set_new(obj, "waits", mj_json_kinds(waits, (int)count, o->chinese));
    return obj;
}

typedef struct {
    json_t *list;
    bool chinese;
} decomposition_sink;

json_t *mj_json_meld(const qipai_mj_meld *m, bool chinese)
{
    json_t *meld = json_object(), *tiles = json_array();
    json_object_set_new(meld, "type", json_string(qipai_mj_meld_type_name(m->type)));
    for (int j = 0; j < m->size; j++)
        json_array_append_new(tiles, m->type == QIPAI_MJ_MELD_ANY
                                         ? json_string("*")
                                         : mj_json_kind(m->kinds[j], m->wild >> j & 1, chinese));
    json_object_set_new(meld, "tiles", tiles);
    return meld;
}

static int collect_decomposition(const qipai_mj_decomposition *d, void *context)
{
    decomposition_sink *sink = context;
    json_t *obj = json_object(), *melds = json_array();
    json_object_set_new(obj, "form", json_string(qipai_mj_form_name((qipai_mj_form)d->form)));
    for (int i = 0; i < d->meld_count; i++)
        json_array_append_new(melds, mj_json_meld(&d->melds[i], sink->chinese));
    json_object_set_new(obj, "melds", melds);
    json_array_append_new(sink->list, obj);
    return 0;
}

static json_t *answer_decompose(const char *line, void *context)
{
    const mj_options *o = context;
    qipai_mj_hand hand;
    json_t *bad = mj_read_sized(o, line, MJ_WINNING, &hand, NULL);
    if (bad)
        return bad;
    decomposition_sink sink = {json_array(), o->chinese};
    size_t count = 0;
    qipai_error err;
    if (qipai_mj_decompose(&o->rules, &hand, collect_decomposition, &sink, &count, &err)) {
        json_decref(sink.list);
        return cli_error("hand", line, err.message);
    }
    json_t *obj = mj_answer_object(line);
    json_object_set_new(obj, "win", json_boolean(count > 0));
    json_object_set_new(obj, "count", json_integer((json_int_t)count));
    json_object_set_new(obj, "decompositions", sink.list);
    return obj;
}

/* ---- dispatch -------------------------------------------------------------- */

static const struct {
    const char *name;
    cli_answer_fn answer;
} commands[] = {
    {"win", answer_win},
    {"waits", answer_waits},
    {"decompose", answer_decompose},
    {"shanten", mj_answer_shanten},
    {"effective", mj_answer_effective},
    {"discards", mj_answer_discards},
};

static int usage(void)
{
    return cli_usage("usage: qipai mahjong win|waits|decompose|shanten|effective|discards "
                     "[--rules basic|laizi|zhaotong|gb] [--wild KIND]... [--chinese] [HAND...]\n"
                     "       qipai mahjong bench win|waits|shanten|effective|decompose FILE "
                     "[--rules NAME] [--wild KIND]...\n"
                     "       qipai mahjong corpus win|waits|shanten N [--seed S] [--max-wilds W]");
}

int cli_mahjong(int argc, char **argv)
{
    if (argc < 2)
        return usage();
    if (!strcmp(argv[1], "bench"))
        return mj_bench(argc - 1, argv + 1);
    if (!strcmp(argv[1], "corpus"))
        return mj_corpus(argc - 1, argv + 1);
    for (size_t c = 0; c < sizeof commands / sizeof commands[0]; c++)
        if (!strcmp(argv[1], commands[c].name))
            return cli_query_run(argc, argv);
    return usage();
}
