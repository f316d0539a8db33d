/*
 * The `qipai zipai` commands: decompose, hu, waits (one JSON line per input)
 * and bench / corpus (bench/bench_zipai.c). Formats: docs/formats/zipai.md.
 * No game logic here: text in, library calls, JSON out.
 */
#include "cli.h"
#include "zipai_cli.h"

#include <qipai/zipai.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

static const char usage_text[] =
    "usage: qipai zipai decompose [OPTIONS] [HAND...]\n"
    "       qipai zipai hu [OPTIONS] [LINE...]      LINE: hand, open melds, 摸/打 target\n"
    "       qipai zipai waits [OPTIONS] [LINE...]   LINE: hand, open melds [, 摸/打]\n"
    "       qipai zipai bench decompose|hu FILE [--repeat N]\n"
    "       qipai zipai corpus decompose|hu N [--seed S] [--size CARDS]\n"
    "options: --rules default|10huxi  --threshold N  --yiwushi 0|1  --tun-base N\n"
    "         --tun-step N  --hong-min N  --mult-hong N  --mult-dian N  --mult-wu N\n"
    "         --ascii (ASCII cards x1..x10 d1..d10 in the output)\n"
    "With no input, one input a line is read from standard input.\n";

static json_t *card_text(int card, unsigned flags)
{
    char text[QIPAI_ZP_CARD_TEXT];
    qipai_zp_format_card(card, flags, text, sizeof text);
    return json_string(text);
}

static json_t *meld_text(const qipai_zp_meld *m, unsigned flags)
{
    char text[4 * QIPAI_ZP_CARD_TEXT];
    qipai_zp_format_cards(m->cards, m->n, flags, text, sizeof text);
    return json_string(text);
}

/* {"cards":"三三三","type":"坎","huxi":3} */
static json_t *meld_object(const qipai_zp_meld *m, unsigned flags)
{
    json_t *o = json_object();
    json_object_set_new(o, "cards", meld_text(m, flags));
    json_object_set_new(o, "type", json_string(qipai_zp_meld_name(m->type, flags)));
    json_object_set_new(o, "huxi", json_integer(m->huxi));
    return o;
}

/* ---- decompose ---- */

typedef struct decompose_run {
    const zp_cli_options *options;
    json_t *list;
} decompose_run;

static int add_decomposition(const qipai_zp_decomposition *d, void *context)
{
    decompose_run *run = context;
    json_t *melds = json_array();
    for (int i = 0; i < d->n_melds; i++)
        json_array_append_new(melds, meld_text(&d->melds[i], run->options->flags));
    json_t *o = json_object();
    json_object_set_new(o, "melds", melds);
    json_object_set_new(o, "huxi", json_integer(d->huxi));
    json_array_append_new(run->list, o);
    return 0;
}

static json_t *answer_decompose(const char *line, void *context)
{
    const zp_cli_options *options = context;
    qipai_zp_hand hand;
    qipai_error err;
    if (qipai_zp_parse_hand(line, &hand, &err) != QIPAI_OK)
        return cli_error("hand", line, err.message);
    int cards = 0;
    for (int k = 0; k < QIPAI_ZP_KINDS; k++)
        cards += hand.counts[k];
    if (cards == 0)
        return cli_error("hand", line, "no cards");
    decompose_run run = {options, json_array()};
    if (qipai_zp_decompose_each(&options->rules, &hand, add_decomposition, &run, &err)) {
        json_decref(run.list);
        return cli_error("hand", line, err.message);
    }
    json_t *o = json_object();
    json_object_set_new(o, "hand", json_string(line));
    json_object_set_new(o, "decompositions", run.list);
    return o;
}

/* ---- hu ---- */

static json_t *mingtang_list(unsigned bits, unsigned flags)
{
    json_t *list = json_array();
    int ascii = flags & QIPAI_ZP_ASCII;
    if (bits & QIPAI_ZP_HONGHU)
        json_array_append_new(list, json_string(ascii ? "honghu" : "红胡"));
    if (bits & QIPAI_ZP_DIANHU)
        json_array_append_new(list, json_string(ascii ? "dianhu" : "点胡"));
    if (bits & QIPAI_ZP_WUHU)
        json_array_append_new(list, json_string(ascii ? "wuhu" : "乌胡"));
    return list;
}

static json_t *answer_hu(const char *line, void *context)
{
    const zp_cli_options *options = context;
    qipai_zp_situation s;
    qipai_zp_hu_result hu;
    qipai_error err;
    if (qipai_zp_parse_situation(&options->rules, line, &s, &err) != QIPAI_OK)
        return cli_error("input", line, err.message);
    if (s.target < 0)
        return cli_error("input", line, "no target: end the line with 摸 CARD (draw) or 打 CARD (discard)");
    if (qipai_zp_hu(&options->rules, &s, &hu, &err) != QIPAI_OK)
        return cli_error("input", line, err.message);
    unsigned flags = options->flags;
    json_t *o = json_object();
    json_object_set_new(o, "input", json_string(line));
    json_object_set_new(o, "win", json_boolean(hu.win));
    json_object_set_new(o, "huxi", json_integer(hu.huxi));
    json_object_set_new(o, "tun", json_integer(hu.tun));
    json_object_set_new(o, "mingtang", mingtang_list(hu.mingtang, flags));
    json_object_set_new(o, "multiplier", json_integer(hu.multiplier));
    json_object_set_new(o, "score", json_integer(hu.score));
    json_object_set_new(o, "red", json_integer(hu.red));
    json_t *melds = json_array();
    for (int i = 0; i < hu.n_melds; i++)
        json_array_append_new(melds, meld_object(&hu.melds[i], flags));
    json_object_set_new(o, "melds", melds);
    json_t *open = json_array();
    for (int i = 0; i < s.n_open; i++)
        json_array_append_new(open, meld_object(i == hu.upgraded ? &hu.upgraded_to : &s.open[i],
                                                flags));
    json_object_set_new(o, "open", open);
    return o;
}

/* ---- waits ---- */

static json_t *answer_waits(const char *line, void *context)
{
    const zp_cli_options *options = context;
    qipai_zp_situation s;
    qipai_zp_wait waits[QIPAI_ZP_MAX_WAITS];
    size_t n;
    qipai_error err;
    if (qipai_zp_parse_situation(&options->rules, line, &s, &err) != QIPAI_OK)
        return cli_error("input", line, err.message);
    if (s.target >= 0)
        return cli_error("input", line, "waits takes no target card (only 摸 or 打, or neither)");
    if (qipai_zp_waits(&options->rules, &s, waits, &n, &err) != QIPAI_OK)
        return cli_error("input", line, err.message);
    unsigned flags = options->flags;
    json_t *o = json_object();
    json_object_set_new(o, "input", json_string(line));
    json_t *cards = json_array();
    json_t *by_source[2] = {json_array(), json_array()};
    int last = -1;
    for (size_t i = 0; i < n; i++) {
        if (waits[i].card != last)
            json_array_append_new(cards, card_text(waits[i].card, flags));
        last = waits[i].card;
        json_t *w = json_object();
        json_object_set_new(w, "card", card_text(waits[i].card, flags));
        json_object_set_new(w, "huxi", json_integer(waits[i].huxi));
        json_object_set_new(w, "tun", json_integer(waits[i].tun));
        json_object_set_new(w, "score", json_integer(waits[i].score));
        json_array_append_new(by_source[waits[i].source], w);
    }
    json_object_set_new(o, "waits", cards);
    if (s.source != QIPAI_ZP_DISCARD)
        json_object_set_new(o, "draw", by_source[QIPAI_ZP_DRAW]);
    else
        json_decref(by_source[QIPAI_ZP_DRAW]);
    if (s.source != QIPAI_ZP_DRAW)
        json_object_set_new(o, "discard", by_source[QIPAI_ZP_DISCARD]);
    else
        json_decref(by_source[QIPAI_ZP_DISCARD]);
    return o;
}

/* ---- options ---- */

static int read_int(const char *name, const char *text, long low, long high, int *out)
{
    char *end;
    if (!text)
        return cli_usage("zipai: %s needs a value", name);
    long v = strtol(text, &end, 10);
    if (*text == '\0' || *end != '\0' || v < low || v > high)
        return cli_usage("zipai: %s wants a whole number in %ld..%ld, not '%s'", name, low,
                         high, text);
    *out = (int)v;
    return 0;
}

/* Reads the options out of argv, leaving the other arguments in inputs. */
static int read_options(int argc, char **argv, zp_cli_options *o, char **inputs, int *n_inputs)
{
    static const struct {
        const char *name;
        size_t field;
        long low, high;
    } numbers[] = {
        {"--threshold", offsetof(qipai_zp_rules, threshold), 0, 1000},
        {"--yiwushi", offsetof(qipai_zp_rules, yiwushi), 0, 1},
        {"--tun-base", offsetof(qipai_zp_rules, tun_base), -1000, 1000},
        {"--tun-step", offsetof(qipai_zp_rules, tun_step), 1, 1000},
        {"--hong-min", offsetof(qipai_zp_rules, hong_min), 2, 80},
        {"--mult-hong", offsetof(qipai_zp_rules, mult_hong), 0, 1000},
        {"--mult-dian", offsetof(qipai_zp_rules, mult_dian), 0, 1000},
        {"--mult-wu", offsetof(qipai_zp_rules, mult_wu), 0, 1000},
    };
    /* The preset first, so that the single values given override it. */
    qipai_zp_rules_preset(&o->rules, QIPAI_ZP_PRESET_DEFAULT);
    for (int i = 1; i < argc; i++)
        if (!strcmp(argv[i], "--rules")) {
            qipai_error err;
            const char *name = cli_option_value(argc, argv, &i);
            if (qipai_zp_rules_named(&o->rules, name, &err))
                return cli_usage("zipai: %s", name ? err.message : "--rules needs a name");
        }
    o->flags = 0;
    o->seed = 1;
    o->size = 0;
    o->repeat = 5;
    *n_inputs = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        int done = 0;
        for (size_t j = 0; j < sizeof numbers / sizeof numbers[0] && !done; j++)
            if (!strcmp(a, numbers[j].name)) {
                int *field = (int *)((char *)&o->rules + numbers[j].field);
                if (read_int(a, cli_option_value(argc, argv, &i), numbers[j].low,
                             numbers[j].high, field))
                    return CLI_EXIT_USAGE;
                done = 1;
            }
        if (done)
            continue;
        if (!strcmp(a, "--rules")) {
            i++;
        } else if (!strcmp(a, "--ascii")) {
            o->flags |= QIPAI_ZP_ASCII;
        } else if (!strcmp(a, "--seed")) {
            const char *v = cli_option_value(argc, argv, &i);
            char *end;
            if (!v || !*v)
                return cli_usage("zipai: --seed needs a value");
            o->seed = strtoull(v, &end, 10);
            if (*end)
                return cli_usage("zipai: --seed wants a number, not '%s'", v);
        } else if (!strcmp(a, "--size")) {
            if (read_int(a, cli_option_value(argc, argv, &i), 0, 40, &o->size))
                return CLI_EXIT_USAGE;
        } else if (!strcmp(a, "--repeat")) {
            if (read_int(a, cli_option_value(argc, argv, &i), 1, 101, &o->repeat))
                return CLI_EXIT_USAGE;
        } else if (a[0] == '-' && a[1] == '-') {
            return cli_usage("zipai: unknown option '%s'\n%s", a, usage_text);
        } else {
            inputs[(*n_inputs)++] = argv[i];
        }
    }
    qipai_error err;
    if (qipai_zp_rules_check(&o->rules, &err))
        return cli_usage("zipai: %s", err.message);
    return 0;
}

int cli_zipai(int argc, char **argv)
{
    if (argc < 2 || !strcmp(argv[1], "help") || !strcmp(argv[1], "--help")) {
        fputs(usage_text, argc < 2 ? stderr : stdout);
        return argc < 2 ? CLI_EXIT_USAGE : CLI_EXIT_OK;
    }
    const char *command = argv[1];
    zp_cli_options options;
    char **inputs = calloc((size_t)argc, sizeof *inputs);
    int n = 0;
    if (!inputs)
        return cli_usage("zipai: out of memory");
    int status = read_options(argc - 1, argv + 1, &options, inputs, &n);
    if (status) {
        free(inputs);
        return status;
    }
    if (!strcmp(command, "decompose"))
        status = cli_batch(n, inputs, answer_decompose, &options);
    else if (!strcmp(command, "hu"))
        status = cli_batch(n, inputs, answer_hu, &options);
    else if (!strcmp(command, "waits"))
        status = cli_batch(n, inputs, answer_waits, &options);
    else if (!strcmp(command, "bench"))
        status = zp_bench(&options, n, inputs);
    else if (!strcmp(command, "corpus"))
        status = zp_corpus(&options, n, inputs);
    else
        status = cli_usage("zipai: unknown command '%s'\n%s", command, usage_text);
    free(inputs);
    return status;
}
