/*
 * The zipai queries (include/qipai/query.h, src/query/zipai.c): decompose,
 * hu and waits answered through qipai_query_new / qipai_query_answer.
 *   - Fixed answers: the exact bytes the jansson CLI printed before the port
 *     (docs/formats/zipai.md), with every option.
 *   - Sweeps: every 2- and 3-card hand (decompose), every 2-card hand with
 *     each target and source (hu) and each source word (waits); each answer
 *     is parsed back and must hold the library's own results, field by field.
 *   - Errors: each bad option and each bad line, with its code and message.
 * Each sweep asserts how many cases it covered.
 */
#include "test.h"

#include <qipai/query.h>
#include <qipai/zipai.h>

#include <string.h>

#include "common/json.h"

/* ---- helpers -------------------------------------------------------------- */

static qipai_query *make(const char *const *argv, int argc)
{
    qipai_query *q = NULL;
    qipai_error err;
    qipai_err e = qipai_query_new(&q, argc, argv, &err);
    CHECK(e == QIPAI_OK, "qipai_query_new %s %s ...: %s", argv[0], argv[1],
          e == QIPAI_OK ? "" : err.message);
    return q;
}

#define MAKE(...)                                                                             \
    make((const char *const[]){__VA_ARGS__},                                                  \
         (int)(sizeof((const char *const[]){__VA_ARGS__}) / sizeof(const char *)))

static const char *answer(qipai_query *q, const char *line, qipai_err *code)
{
    const char *json;
    size_t length;
    qipai_err e = qipai_query_answer(q, line, strlen(line), &json, &length);
    if (code)
        *code = e;
    CHECK(strlen(json) == length, "answer length %zu, strlen %zu", length, strlen(json));
    return json;
}

static void expect_answer(qipai_query *q, const char *line, const char *want)
{
    qipai_err e;
    const char *got = answer(q, line, &e);
    CHECK(e == QIPAI_OK && !strcmp(got, want), "zipai %s '%s':\n  want %s\n  got  %s (code %d)",
          qipai_query_command(q), line, want, got, (int)e);
}

/* A bad line: its code and a part of its error message. */
static void expect_error_n(qipai_query *q, const char *line, size_t length, qipai_err code,
                           const char *message_part)
{
    const char *json;
    qipai_err e = qipai_query_answer(q, line, length, &json, NULL);
    qjson_doc doc;
    const qjson_value *root;
    qjson_doc_init(&doc);
    int parsed = qjson_parse(&doc, json, strlen(json), &root, NULL, 0);
    const char *error = parsed == 0 ? qjson_get_string(root, "error") : NULL;
    const char *echo = parsed == 0 ? qjson_get_string(root, !strcmp(qipai_query_command(q),
                                                                    "decompose")
                                                                ? "hand"
                                                                : "input")
                                   : NULL;
    CHECK(e == code && error && strstr(error, message_part) && echo,
          "zipai %s '%.*s': want code %d and an error with '%s', got code %d: %s",
          qipai_query_command(q), (int)length, line, (int)code, message_part, (int)e, json);
    qjson_doc_free(&doc);
}

static void expect_error(qipai_query *q, const char *line, qipai_err code,
                         const char *message_part)
{
    expect_error_n(q, line, strlen(line), code, message_part);
}

/* qipai_query_new must fail with that code and a message holding part. */
static void expect_bad_query(const char *const *argv, int argc, qipai_err code,
                             const char *part)
{
    qipai_query *q = (qipai_query *)1;
    qipai_error err;
    qipai_err e = qipai_query_new(&q, argc, argv, &err);
    CHECK(e == code && q == NULL && strstr(err.message, part),
          "query %s %s %s %s: want code %d with '%s', got %d: %s", argv[0], argv[1],
          argc > 2 ? argv[2] : "", argc > 3 ? argv[3] : "", (int)code, part, (int)e,
          e == QIPAI_OK ? "(made)" : err.message);
    if (e == QIPAI_OK)
        qipai_query_free(q);
}

#define BAD_QUERY(code, part, ...)                                                            \
    expect_bad_query((const char *const[]){__VA_ARGS__},                                      \
                     (int)(sizeof((const char *const[]){__VA_ARGS__}) / sizeof(const char *)), \
                     code, part)

static void meld_text(const qipai_zp_meld *m, unsigned flags, char *text, size_t size)
{
    qipai_zp_format_cards(m->cards, m->n, flags, text, size);
}

static bool same_meld(const qjson_value *v, const qipai_zp_meld *m, unsigned flags)
{
    char cards[32];
    int64_t huxi;
    meld_text(m, flags, cards, sizeof cards);
    const char *got_cards = qjson_get_string(v, "cards"), *type = qjson_get_string(v, "type");
    return qjson_size(v) == 3 && got_cards && !strcmp(got_cards, cards) && type &&
           !strcmp(type, qipai_zp_meld_name(m->type, flags)) &&
           qjson_get_int(v, "huxi", &huxi) && huxi == m->huxi;
}

static size_t bits(unsigned set)
{
    size_t n = 0;
    for (; set; set &= set - 1)
        n++;
    return n;
}

static bool string_is(const qjson_value *v, const char *text)
{
    const char *s = qjson_as_string(v);
    return s && !strcmp(s, text);
}

/* ---- fixed answers ---------------------------------------------------------- */

static void decompose_answers_as_the_old_command_line_did(void)
{
    qipai_query *q = MAKE("zipai", "decompose");
    expect_answer(q, "二七十二七十贰柒拾",
                  "{\"hand\":\"二七十二七十贰柒拾\",\"decompositions\":[{\"melds\":[\"二二贰\","
                  "\"七七柒\",\"十十拾\"],\"huxi\":0},{\"melds\":[\"二七十\",\"二七十\","
                  "\"贰柒拾\"],\"huxi\":12}]}");
    expect_answer(q, "九十壹", "{\"hand\":\"九十壹\",\"decompositions\":[]}");
    expect_answer(q, "一二三四四四四五六",
                  "{\"hand\":\"一二三四四四四五六\",\"decompositions\":[]}");
    /* Blanks around the line are not part of it; CR LF neither. */
    expect_answer(q, "  一二三 \r\n",
                  "{\"hand\":\"一二三\",\"decompositions\":[{\"melds\":[\"一二三\"],\"huxi\":3}]}");
    qipai_query_free(q);

    q = MAKE("zipai", "decompose", "--ascii");
    expect_answer(q, "x1x2x3d4d4d4",
                  "{\"hand\":\"x1x2x3d4d4d4\",\"decompositions\":[{\"melds\":[\"x1x2x3\","
                  "\"d4d4d4\"],\"huxi\":9}]}");
    qipai_query_free(q);

    q = MAKE("zipai", "decompose", "--rules", "10huxi", "--ascii");
    expect_answer(q, "一一五五十十",
                  "{\"hand\":\"一一五五十十\",\"decompositions\":[{\"melds\":[\"x1x5x10\","
                  "\"x1x5x10\"],\"huxi\":6}]}");
    qipai_query_free(q);
    /* 一五十 is a chow only with yiwushi, however it is given. */
    const char *const *argvs[] = {
        (const char *const[]){"zipai", "decompose", "--rules", "10huxi"},
        (const char *const[]){"zipai", "decompose", "--yiwushi", "1"},
        (const char *const[]){"zipai", "decompose", "--rule", "yiwushi=1"},
        (const char *const[]){"zipai", "decompose", "--rule=yiwushi=1"},
        (const char *const[]){"zipai", "decompose", "--option", "yiwushi=1"},
    };
    for (size_t i = 0; i < sizeof argvs / sizeof argvs[0]; i++) {
        q = make(argvs[i], i == 3 ? 3 : 4);
        expect_answer(q, "一五十",
                      "{\"hand\":\"一五十\",\"decompositions\":[{\"melds\":[\"一五十\"],"
                      "\"huxi\":3}]}");
        qipai_query_free(q);
    }
}

static void hu_answers_as_the_old_command_line_did(void)
{
    qipai_query *q = MAKE("zipai", "hu");
    expect_answer(q, "一二三四五六七八九 碰十十十 偎壹壹壹 摸十",
                  "{\"input\":\"一二三四五六七八九 碰十十十 偎壹壹壹 摸十\",\"win\":true,"
                  "\"huxi\":15,\"tun\":1,\"mingtang\":[],\"multiplier\":1,\"score\":1,\"red\":6,"
                  "\"melds\":[{\"cards\":\"一二三\",\"type\":\"顺\",\"huxi\":3},{\"cards\":"
                  "\"四五六\",\"type\":\"顺\",\"huxi\":0},{\"cards\":\"七八九\",\"type\":\"顺\","
                  "\"huxi\":0}],\"open\":[{\"cards\":\"十十十十\",\"type\":\"跑\",\"huxi\":6},"
                  "{\"cards\":\"壹壹壹\",\"type\":\"偎\",\"huxi\":6}]}");
    expect_answer(q, "二七十二七十贰柒拾贰柒 摸拾",
                  "{\"input\":\"二七十二七十贰柒拾贰柒 摸拾\",\"win\":true,\"huxi\":18,\"tun\":2,"
                  "\"mingtang\":[\"红胡\"],\"multiplier\":2,\"score\":4,\"red\":12,\"melds\":["
                  "{\"cards\":\"二七十\",\"type\":\"顺\",\"huxi\":3},{\"cards\":\"二七十\","
                  "\"type\":\"顺\",\"huxi\":3},{\"cards\":\"贰柒拾\",\"type\":\"顺\",\"huxi\":6},"
                  "{\"cards\":\"贰柒拾\",\"type\":\"顺\",\"huxi\":6}],\"open\":[]}");
    expect_answer(q, "一一一肆肆肆 摸肆",
                  "{\"input\":\"一一一肆肆肆 摸肆\",\"win\":true,\"huxi\":15,\"tun\":1,"
                  "\"mingtang\":[\"乌胡\"],\"multiplier\":2,\"score\":2,\"red\":0,\"melds\":["
                  "{\"cards\":\"一一一\",\"type\":\"坎\",\"huxi\":3},{\"cards\":\"肆肆肆肆\","
                  "\"type\":\"提\",\"huxi\":12}],\"open\":[]}");
    expect_answer(q, "一二三肆肆肆 摸肆",
                  "{\"input\":\"一二三肆肆肆 摸肆\",\"win\":true,\"huxi\":15,\"tun\":1,"
                  "\"mingtang\":[\"点胡\"],\"multiplier\":2,\"score\":2,\"red\":1,\"melds\":["
                  "{\"cards\":\"一二三\",\"type\":\"顺\",\"huxi\":3},{\"cards\":\"肆肆肆肆\","
                  "\"type\":\"提\",\"huxi\":12}],\"open\":[]}");
    expect_answer(q, "一三四五六八九 碰壹壹壹 偎叁叁叁 吃四五六 摸二",
                  "{\"input\":\"一三四五六八九 碰壹壹壹 偎叁叁叁 吃四五六 摸二\",\"win\":false,"
                  "\"huxi\":-1,\"tun\":0,\"mingtang\":[],\"multiplier\":1,\"score\":0,\"red\":1,"
                  "\"melds\":[],\"open\":[{\"cards\":\"壹壹壹\",\"type\":\"碰\",\"huxi\":3},"
                  "{\"cards\":\"叁叁叁\",\"type\":\"偎\",\"huxi\":6},{\"cards\":\"四五六\","
                  "\"type\":\"吃\",\"huxi\":0}]}");
    qipai_query_free(q);

    q = MAKE("zipai", "hu", "--ascii");
    expect_answer(q, "x2x7x10x2x7 d2d7d10 discard x10",
                  "{\"input\":\"x2x7x10x2x7 d2d7d10 discard x10\",\"win\":false,\"huxi\":12,"
                  "\"tun\":0,\"mingtang\":[],\"multiplier\":1,\"score\":0,\"red\":9,\"melds\":["
                  "{\"cards\":\"x2x7x10\",\"type\":\"chow\",\"huxi\":3},{\"cards\":\"x2x7x10\","
                  "\"type\":\"chow\",\"huxi\":3},{\"cards\":\"d2d7d10\",\"type\":\"chow\","
                  "\"huxi\":6}],\"open\":[]}");
    expect_answer(q, "一一一肆肆肆 摸肆",
                  "{\"input\":\"一一一肆肆肆 摸肆\",\"win\":true,\"huxi\":15,\"tun\":1,"
                  "\"mingtang\":[\"wuhu\"],\"multiplier\":2,\"score\":2,\"red\":0,\"melds\":["
                  "{\"cards\":\"x1x1x1\",\"type\":\"kan\",\"huxi\":3},{\"cards\":\"d4d4d4d4\","
                  "\"type\":\"ti\",\"huxi\":12}],\"open\":[]}");
    expect_answer(q, "一二三肆肆肆 摸肆",
                  "{\"input\":\"一二三肆肆肆 摸肆\",\"win\":true,\"huxi\":15,\"tun\":1,"
                  "\"mingtang\":[\"dianhu\"],\"multiplier\":2,\"score\":2,\"red\":1,\"melds\":["
                  "{\"cards\":\"x1x2x3\",\"type\":\"chow\",\"huxi\":3},{\"cards\":\"d4d4d4d4\","
                  "\"type\":\"ti\",\"huxi\":12}],\"open\":[]}");
    qipai_query_free(q);

    /* The rule values, as single options or --rule, in any order: the last
     * value given for a field wins, and the preset comes first wherever
     * --rules stands. */
    const char *const want_12 =
        "{\"input\":\"二七十二七贰柒拾 打十\",\"win\":true,\"huxi\":12,\"tun\":1,"
        "\"mingtang\":[],\"multiplier\":1,\"score\":1,\"red\":9,\"melds\":[{\"cards\":"
        "\"二七十\",\"type\":\"顺\",\"huxi\":3},{\"cards\":\"二七十\",\"type\":\"顺\","
        "\"huxi\":3},{\"cards\":\"贰柒拾\",\"type\":\"顺\",\"huxi\":6}],\"open\":[]}";
    q = MAKE("zipai", "hu", "--threshold", "12");
    expect_answer(q, "二七十二七贰柒拾 打十", want_12);
    qipai_query_free(q);
    q = MAKE("zipai", "hu", "--threshold", "20", "--rule", "threshold=12");
    expect_answer(q, "二七十二七贰柒拾 打十", want_12);
    qipai_query_free(q);
    q = MAKE("zipai", "hu", "--rule", "threshold=20", "--threshold=12", "--rules", "15huxi");
    expect_answer(q, "二七十二七贰柒拾 打十", want_12);
    qipai_query_free(q);

    q = MAKE("zipai", "hu", "--ascii", "--mult-hong", "5", "--rules", "10huxi");
    expect_answer(q, "二七十二七十贰柒拾贰柒 摸拾",
                  "{\"input\":\"二七十二七十贰柒拾贰柒 摸拾\",\"win\":true,\"huxi\":18,\"tun\":3,"
                  "\"mingtang\":[\"honghu\"],\"multiplier\":5,\"score\":15,\"red\":12,\"melds\":["
                  "{\"cards\":\"x2x7x10\",\"type\":\"chow\",\"huxi\":3},{\"cards\":\"x2x7x10\","
                  "\"type\":\"chow\",\"huxi\":3},{\"cards\":\"d2d7d10\",\"type\":\"chow\","
                  "\"huxi\":6},{\"cards\":\"d2d7d10\",\"type\":\"chow\",\"huxi\":6}],"
                  "\"open\":[]}");
    qipai_query_free(q);
    q = MAKE("zipai", "hu", "--rule", "mult_hong=5", "--tun-base", "0", "--tun-step=1",
             "--hong-min", "12", "--mult-dian", "3", "--mult-wu", "4", "--yiwushi", "0");
    expect_answer(q, "二七十二七十贰柒拾贰柒 摸拾",
                  "{\"input\":\"二七十二七十贰柒拾贰柒 摸拾\",\"win\":true,\"huxi\":18,\"tun\":3,"
                  "\"mingtang\":[\"红胡\"],\"multiplier\":5,\"score\":15,\"red\":12,\"melds\":["
                  "{\"cards\":\"二七十\",\"type\":\"顺\",\"huxi\":3},{\"cards\":\"二七十\","
                  "\"type\":\"顺\",\"huxi\":3},{\"cards\":\"贰柒拾\",\"type\":\"顺\",\"huxi\":6},"
                  "{\"cards\":\"贰柒拾\",\"type\":\"顺\",\"huxi\":6}],\"open\":[]}");
    expect_answer(q, "一一一肆肆肆 摸肆",
                  "{\"input\":\"一一一肆肆肆 摸肆\",\"win\":true,\"huxi\":15,\"tun\":0,"
                  "\"mingtang\":[\"乌胡\"],\"multiplier\":4,\"score\":0,\"red\":0,\"melds\":["
                  "{\"cards\":\"一一一\",\"type\":\"坎\",\"huxi\":3},{\"cards\":\"肆肆肆肆\","
                  "\"type\":\"提\",\"huxi\":12}],\"open\":[]}");
    qipai_query_free(q);
}

static void waits_answers_as_the_old_command_line_did(void)
{
    qipai_query *q = MAKE("zipai", "waits");
    expect_answer(q, "二七十二七贰柒拾 偎壹壹壹",
                  "{\"input\":\"二七十二七贰柒拾 偎壹壹壹\",\"waits\":[\"十\"],\"draw\":[{\"card\":"
                  "\"十\",\"huxi\":18,\"tun\":2,\"score\":2}],\"discard\":[{\"card\":\"十\","
                  "\"huxi\":18,\"tun\":2,\"score\":2}]}");
    expect_answer(q, "一二三壹贰叁四四四 打",
                  "{\"input\":\"一二三壹贰叁四四四 打\",\"waits\":[\"四\"],\"discard\":[{\"card\":"
                  "\"四\",\"huxi\":15,\"tun\":1,\"score\":1}]}");
    expect_answer(q, "一二三四五六八九 碰壹壹壹 偎叁叁叁 摸",
                  "{\"input\":\"一二三四五六八九 碰壹壹壹 偎叁叁叁 摸\",\"waits\":[],"
                  "\"draw\":[]}");
    qipai_query_free(q);
    q = MAKE("zipai", "waits", "--ascii");
    expect_answer(q, "x1x2x3d1d2d3x4x4x4 draw",
                  "{\"input\":\"x1x2x3d1d2d3x4x4x4 draw\",\"waits\":[\"x4\"],\"draw\":[{\"card\":"
                  "\"x4\",\"huxi\":18,\"tun\":2,\"score\":2}]}");
    expect_answer(q, "x2x7x10x2x7 d2d7d10",
                  "{\"input\":\"x2x7x10x2x7 d2d7d10\",\"waits\":[],\"draw\":[],\"discard\":[]}");
    qipai_query_free(q);
}

/* ---- sweeps against the library --------------------------------------------- */

/* Every hand of n cards (at most four of a card), in increasing order:
 * advances cards[] (non-decreasing) and returns false after the last. */
static bool next_hand(uint8_t *cards, int n)
{
    for (int i = n - 1; i >= 0; i--) {
        if (cards[i] + 1 >= QIPAI_ZP_KINDS)
            continue;
        cards[i]++;
        for (int j = i + 1; j < n; j++)
            cards[j] = cards[i];
        return true;
    }
    return false;
}

static bool legal(const uint8_t *cards, int n, qipai_zp_hand *hand)
{
    memset(hand, 0, sizeof *hand);
    for (int i = 0; i < n; i++)
        if (++hand->counts[cards[i]] > QIPAI_ZP_COPIES)
            return false;
    return true;
}

/* n cards, mostly in runs of three (so that many hands split), at most
 * four of a card. */
static void random_hand(qipai_rng *rng, int n, qipai_zp_hand *hand)
{
    memset(hand, 0, sizeof *hand);
    for (int c = 0; c < n;) {
        int start = (int)qipai_rng_below(rng, 18);
        int run = qipai_rng_below(rng, 3) ? 3 : 1;
        for (int k = 0; k < run && c < n; k++)
            if (hand->counts[start + k] < QIPAI_ZP_COPIES)
                hand->counts[start + k]++, c++;
    }
}

static long decompose_cases;

static void check_decompose(qipai_query *q, const qipai_zp_rules *rules, unsigned flags,
                            const qipai_zp_hand *hand, qjson_doc *doc)
{
    char text[128];
    qipai_zp_format_hand(hand, flags, text, sizeof text);
    static qipai_zp_decomposition list[1024];
    size_t count;
    qipai_err want = qipai_zp_decompose(rules, hand, list, 1024, &count, NULL);
    CHECK(want != QIPAI_ERR_BUFFER, "%s: more than 1024 decompositions", text);
    qipai_err e;
    const char *json = answer(q, text, &e);
    const qjson_value *root;
    bool ok = qjson_parse(doc, json, strlen(json), &root, NULL, 0) == 0 && e == want &&
              string_is(qjson_get(root, "hand"), text);
    if (ok && want != QIPAI_OK) {
        ok = qjson_size(root) == 2 && qjson_get_string(root, "error");
    } else if (ok) {
        const qjson_value *ds = qjson_get(root, "decompositions");
        ok = qjson_size(root) == 2 && ds && ds->type == QJSON_ARRAY && qjson_size(ds) == count;
        for (size_t i = 0; ok && i < count; i++) {
            const qjson_value *d = qjson_at(ds, i), *melds = qjson_get(d, "melds");
            int64_t huxi;
            ok = qjson_size(d) == 2 && qjson_get_int(d, "huxi", &huxi) &&
                 huxi == list[i].huxi && qjson_size(melds) == (size_t)list[i].n_melds;
            for (int m = 0; ok && m < list[i].n_melds; m++) {
                char cards[32];
                meld_text(&list[i].melds[m], flags, cards, sizeof cards);
                ok = string_is(qjson_at(melds, (size_t)m), cards);
            }
        }
    }
    CHECK(ok, "zipai decompose%s '%s': %zu decompositions (code %d), answered %s",
          flags ? " --ascii" : "", text, count, (int)want, json);
    decompose_cases++;
}

static void decompose_answers_hold_the_library_decompositions(void)
{
    qipai_query *chinese = MAKE("zipai", "decompose");
    qipai_query *ascii = MAKE("zipai", "decompose", "--ascii", "--rules", "10huxi");
    qipai_zp_rules rules_default, rules_10;
    qipai_zp_rules_preset(&rules_default, QIPAI_ZP_PRESET_DEFAULT);
    qipai_zp_rules_preset(&rules_10, QIPAI_ZP_PRESET_10HUXI);
    qjson_doc doc;
    qjson_doc_init(&doc);
    long hands = 0;
    for (int n = 2; n <= 3; n++) {
        uint8_t cards[3] = {0};
        do {
            qipai_zp_hand hand;
            if (!legal(cards, n, &hand))
                continue;
            hands++;
            check_decompose(chinese, &rules_default, 0, &hand, &doc);
            check_decompose(ascii, &rules_10, QIPAI_ZP_ASCII, &hand, &doc);
        } while (next_hand(cards, n));
    }
    /* Bigger hands: random ones of 6 to 21 cards, many of which split. */
    qipai_rng rng;
    qipai_rng_seed(&rng, 2024);
    for (int i = 0; i < 2000; i++) {
        qipai_zp_hand hand;
        random_hand(&rng, 6 + (int)qipai_rng_below(&rng, 16), &hand);
        hands++;
        check_decompose(chinese, &rules_default, 0, &hand, &doc);
        check_decompose(ascii, &rules_10, QIPAI_ZP_ASCII, &hand, &doc);
    }
    qjson_doc_free(&doc);
    qipai_query_free(chinese);
    qipai_query_free(ascii);
    /* 2 cards: 210 hands; 3 cards: 1540 less the 20 with five of... none
     * (3 <= 4), so 1540; and 2000 random ones, each asked twice. */
    CHECK(hands == 210 + 1540 + 2000 && decompose_cases == 2 * hands,
          "decompose sweep covered %ld hands, %ld answers", hands, decompose_cases);
}

static long hu_cases, hu_wins;

static void check_hu(qipai_query *q, const qipai_zp_rules *rules, unsigned flags,
                     const char *line, qjson_doc *doc)
{
    qipai_zp_situation s;
    qipai_zp_hu_result r;
    qipai_err want = qipai_zp_parse_situation(rules, line, &s, NULL);
    if (want == QIPAI_OK)
        want = qipai_zp_hu(rules, &s, &r, NULL);
    qipai_err e;
    const char *json = answer(q, line, &e);
    const qjson_value *root;
    bool ok = qjson_parse(doc, json, strlen(json), &root, NULL, 0) == 0 && e == want &&
              string_is(qjson_get(root, "input"), line);
    if (ok && want != QIPAI_OK) {
        ok = qjson_size(root) == 2 && qjson_get_string(root, "error");
    } else if (ok) {
        bool win;
        int64_t huxi, tun, multiplier, score, red;
        const qjson_value *melds = qjson_get(root, "melds"), *open = qjson_get(root, "open");
        ok = qjson_size(root) == 10 && qjson_get_bool(root, "win", &win) && win == (r.win != 0) &&
             qjson_get_int(root, "huxi", &huxi) && huxi == r.huxi &&
             qjson_get_int(root, "tun", &tun) && tun == r.tun &&
             qjson_get_int(root, "multiplier", &multiplier) && multiplier == r.multiplier &&
             qjson_get_int(root, "score", &score) && score == r.score &&
             qjson_get_int(root, "red", &red) && red == r.red &&
             qjson_size(qjson_get(root, "mingtang")) == bits(r.mingtang) &&
             qjson_size(melds) == (size_t)r.n_melds && qjson_size(open) == (size_t)s.n_open;
        for (int i = 0; ok && i < r.n_melds; i++)
            ok = same_meld(qjson_at(melds, (size_t)i), &r.melds[i], flags);
        for (int i = 0; ok && i < s.n_open; i++)
            ok = same_meld(qjson_at(open, (size_t)i), i == r.upgraded ? &r.upgraded_to : &s.open[i],
                           flags);
        hu_wins += ok && win;
    }
    CHECK(ok, "zipai hu%s '%s' (code %d): answered %s", flags ? " --ascii" : "", line, (int)want,
          json);
    hu_cases++;
}

static long waits_cases, waits_found;

static void check_waits(qipai_query *q, const qipai_zp_rules *rules, unsigned flags,
                        const char *line, qjson_doc *doc)
{
    qipai_zp_situation s;
    qipai_zp_wait waits[QIPAI_ZP_MAX_WAITS];
    size_t n = 0;
    qipai_err want = qipai_zp_parse_situation(rules, line, &s, NULL);
    if (want == QIPAI_OK)
        want = qipai_zp_waits(rules, &s, waits, &n, NULL);
    qipai_err e;
    const char *json = answer(q, line, &e);
    const qjson_value *root;
    bool ok = qjson_parse(doc, json, strlen(json), &root, NULL, 0) == 0 && e == want &&
              string_is(qjson_get(root, "input"), line);
    if (ok && want != QIPAI_OK) {
        ok = qjson_size(root) == 2 && qjson_get_string(root, "error");
    } else if (ok) {
        /* Each source tried has its list; the cards of both, once each. */
        const qjson_value *lists[2] = {qjson_get(root, "draw"), qjson_get(root, "discard")};
        size_t at[2] = {0, 0}, cards = 0;
        const qjson_value *all = qjson_get(root, "waits");
        ok = (lists[0] != NULL) == (s.source != QIPAI_ZP_DISCARD) &&
             (lists[1] != NULL) == (s.source != QIPAI_ZP_DRAW) &&
             qjson_size(root) == 2u + (lists[0] != NULL) + (lists[1] != NULL);
        for (size_t i = 0; ok && i < n; i++) {
            char card[QIPAI_ZP_CARD_TEXT];
            qipai_zp_format_card(waits[i].card, flags, card, sizeof card);
            if (i == 0 || waits[i].card != waits[i - 1].card)
                ok = string_is(qjson_at(all, cards++), card);
            const qjson_value *w = qjson_at(lists[waits[i].source], at[waits[i].source]++);
            int64_t huxi, tun, score;
            ok = ok && qjson_size(w) == 4 && string_is(qjson_get(w, "card"), card) &&
                 qjson_get_int(w, "huxi", &huxi) && huxi == waits[i].huxi &&
                 qjson_get_int(w, "tun", &tun) && tun == waits[i].tun &&
                 qjson_get_int(w, "score", &score) && score == waits[i].score;
        }
        ok = ok && qjson_size(all) == cards && qjson_size(lists[0]) == at[0] &&
             qjson_size(lists[1]) == at[1];
        waits_found += ok ? (long)n : 0;
    }
    CHECK(ok, "zipai waits%s '%s' (code %d): answered %s", flags ? " --ascii" : "", line,
          (int)want, json);
    waits_cases++;
}

/* Every 2-card hand, with and without an open 偎, each target from each
 * source (hu) and each source word or none (waits). */
static void hu_and_waits_answers_hold_the_library_results(void)
{
    qipai_query *hu_chinese = MAKE("zipai", "hu", "--threshold", "3");
    qipai_query *hu_ascii = MAKE("zipai", "hu", "--ascii", "--rules", "10huxi");
    qipai_query *waits_chinese = MAKE("zipai", "waits", "--rule", "threshold=3");
    qipai_query *waits_ascii = MAKE("zipai", "waits", "--ascii", "--rules", "10huxi");
    qipai_zp_rules low, rules_10;
    qipai_zp_rules_preset(&low, QIPAI_ZP_PRESET_DEFAULT);
    low.threshold = 3;
    qipai_zp_rules_preset(&rules_10, QIPAI_ZP_PRESET_10HUXI);
    qjson_doc doc;
    qjson_doc_init(&doc);
    uint8_t cards[2] = {0};
    long hands = 0;
    do {
        qipai_zp_hand hand;
        legal(cards, 2, &hand);
        hands++;
        for (int open = 0; open < 2; open++) {
            for (unsigned flags = 0; flags <= QIPAI_ZP_ASCII; flags++) {
                char text[64], line[128];
                qipai_zp_format_hand(&hand, flags, text, sizeof text);
                const char *wei = !open ? "" : flags ? " wei d1d1d1" : " 偎壹壹壹";
                const qipai_zp_rules *rules = flags ? &rules_10 : &low;
                for (int target = 0; target < QIPAI_ZP_KINDS; target++)
                    for (int source = 0; source < 2; source++) {
                        char card[QIPAI_ZP_CARD_TEXT];
                        qipai_zp_format_card(target, flags, card, sizeof card);
                        const char *word = flags ? (source ? " discard " : " draw ")
                                                 : (source ? " 打" : " 摸");
                        snprintf(line, sizeof line, "%s%s%s%s", text, wei, word, card);
                        check_hu(flags ? hu_ascii : hu_chinese, rules, flags, line, &doc);
                    }
                for (int source = -1; source < 2; source++) {
                    const char *word = source < 0 ? "" : flags ? (source ? " discard" : " draw")
                                                               : (source ? " 打" : " 摸");
                    snprintf(line, sizeof line, "%s%s%s", text, wei, word);
                    check_waits(flags ? waits_ascii : waits_chinese, rules, flags, line, &doc);
                }
            }
        }
    } while (next_hand(cards, 2));
    /* Bigger hands: random ones of 6 to 21 cards, one of which is taken
     * out as the target (so that many win), or the waits of what is left. */
    qipai_rng rng;
    qipai_rng_seed(&rng, 7);
    long random_lines = 0;
    for (int i = 0; i < 1000; i++, random_lines++) {
        qipai_zp_hand hand;
        random_hand(&rng, 3 * (2 + (int)qipai_rng_below(&rng, 6)), &hand);
        int target = (int)qipai_rng_below(&rng, QIPAI_ZP_KINDS);
        while (!hand.counts[target])
            target = (target + 1) % QIPAI_ZP_KINDS;
        hand.counts[target]--;
        unsigned flags = i & 1 ? QIPAI_ZP_ASCII : 0;
        const qipai_zp_rules *rules = flags ? &rules_10 : &low;
        char text[128], card[QIPAI_ZP_CARD_TEXT], line[192];
        qipai_zp_format_hand(&hand, flags, text, sizeof text);
        qipai_zp_format_card(target, flags, card, sizeof card);
        const char *wei = i % 3 ? "" : flags ? " wei d1d1d1" : " 偎壹壹壹";
        const char *word = flags ? (i & 2 ? " discard" : " draw") : (i & 2 ? " 打" : " 摸");
        snprintf(line, sizeof line, "%s%s%s%s%s", text, wei, word, flags ? " " : "", card);
        check_hu(flags ? hu_ascii : hu_chinese, rules, flags, line, &doc);
        snprintf(line, sizeof line, "%s%s%s", text, wei, i % 5 ? word : "");
        check_waits(flags ? waits_ascii : waits_chinese, rules, flags, line, &doc);
    }
    qjson_doc_free(&doc);
    qipai_query_free(hu_chinese);
    qipai_query_free(hu_ascii);
    qipai_query_free(waits_chinese);
    qipai_query_free(waits_ascii);
    CHECK(hands == 210 && random_lines == 1000 &&
              hu_cases == hands * 2 * 2 * 20 * 2 + random_lines &&
              waits_cases == hands * 2 * 2 * 3 + random_lines,
          "hu and waits sweep covered %ld hands and %ld random lines: %ld hu lines, %ld waits "
          "lines", hands, random_lines, hu_cases, waits_cases);
    /* Not a sweep of losses only: wins and waits were answered too. */
    CHECK(hu_wins >= 300 && waits_found >= 300, "%ld wins, %ld waits found", hu_wins,
          waits_found);
}

/* ---- errors ------------------------------------------------------------------ */

static void bad_options_are_refused_with_what_is_wrong(void)
{
    BAD_QUERY(QIPAI_ERR_ARGUMENT, "unknown zipai rule set 'nonsense'", "zipai", "hu", "--rules",
              "nonsense");
    BAD_QUERY(QIPAI_ERR_ARGUMENT, "--rules needs a value", "zipai", "hu", "--rules");
    BAD_QUERY(QIPAI_ERR_ARGUMENT, "unknown zipai rule option 'foo=1'", "zipai", "hu", "--rule",
              "foo=1");
    BAD_QUERY(QIPAI_ERR_ARGUMENT, "unknown zipai rule option 'threshold'", "zipai", "waits",
              "--rule", "threshold");
    BAD_QUERY(QIPAI_ERR_ARGUMENT, "threshold wants a number, not 'x'", "zipai", "hu", "--rule",
              "threshold=x");
    BAD_QUERY(QIPAI_ERR_ARGUMENT, "--threshold: threshold wants a number, not 'x'", "zipai",
              "hu", "--threshold", "x");
    BAD_QUERY(QIPAI_ERR_ARGUMENT, "--threshold: threshold wants a number, not ''", "zipai",
              "hu", "--threshold", "");
    BAD_QUERY(QIPAI_ERR_RANGE, "--threshold: threshold 2000 is not in 0..1000", "zipai",
              "decompose", "--threshold", "2000");
    BAD_QUERY(QIPAI_ERR_ARGUMENT, "--threshold wants a whole number, not 70 bytes", "zipai",
              "decompose", "--threshold",
              "1234567890123456789012345678901234567890123456789012345678901234567890");
    BAD_QUERY(QIPAI_ERR_RANGE, "--yiwushi: yiwushi must be 0 or 1", "zipai", "hu", "--yiwushi",
              "2");
    BAD_QUERY(QIPAI_ERR_RANGE, "--tun-step: tun step 0 is not in 1..1000", "zipai", "hu",
              "--tun-step", "0");
    BAD_QUERY(QIPAI_ERR_RANGE, "--tun-base: tun base -1001", "zipai", "hu", "--tun-base",
              "-1001");
    BAD_QUERY(QIPAI_ERR_RANGE, "--hong-min: 红胡 minimum 1 is not in 2..80", "zipai", "hu",
              "--hong-min", "1");
    BAD_QUERY(QIPAI_ERR_RANGE, "--mult-hong: multiplier -1", "zipai", "hu", "--mult-hong", "-1");
    BAD_QUERY(QIPAI_ERR_RANGE, "--mult-dian: multiplier 1001", "zipai", "hu", "--mult-dian",
              "1001");
    BAD_QUERY(QIPAI_ERR_RANGE, "--mult-wu: multiplier 5000", "zipai", "hu", "--mult-wu", "5000");
    BAD_QUERY(QIPAI_ERR_ARGUMENT, "--mult-wu needs a value", "zipai", "hu", "--mult-wu");
    BAD_QUERY(QIPAI_ERR_ARGUMENT, "--ascii takes no value", "zipai", "hu", "--ascii=1");
    BAD_QUERY(QIPAI_ERR_ARGUMENT, "zipai hu: unknown option '--bogus' (options: --rules", "zipai",
              "hu", "--bogus");
    BAD_QUERY(QIPAI_ERR_ARGUMENT, "zipai has no line command 'frob'", "zipai", "frob");
    BAD_QUERY(QIPAI_ERR_ARGUMENT, "zipai has no line command 'bench'", "zipai", "bench");
    /* The unknown-option message lists whole names only, within its size. */
    qipai_query *q;
    qipai_error err;
    const char *argv[] = {"zipai", "waits", "--not-an-option-of-zipai"};
    CHECK(qipai_query_new(&q, 3, argv, &err) == QIPAI_ERR_ARGUMENT &&
              strlen(err.message) < sizeof err.message - 1 &&
              !strcmp(err.message + strlen(err.message) - strlen(", …)"), ", …)"),
          "unknown option message: %s", err.message);
}

static void bad_lines_are_answered_with_an_error(void)
{
    qipai_query *decompose = MAKE("zipai", "decompose");
    qipai_query *hu = MAKE("zipai", "hu");
    qipai_query *waits = MAKE("zipai", "waits");
    qipai_query *queries[] = {decompose, hu, waits};
    for (size_t i = 0; i < 3; i++) {
        qipai_query *q = queries[i];
        expect_error(q, "一二z", QIPAI_ERR_SYNTAX, "not a card");
        expect_error(q, "x11", QIPAI_ERR_SYNTAX, "not a card");
        expect_error(q, "一一一一一", QIPAI_ERR_TOO_MANY, "appears more than 4 times");
        expect_error_n(q, "一\xff二", 7, QIPAI_ERR_SYNTAX, "not valid UTF-8");
        expect_error_n(q, "一\0二", 7, QIPAI_ERR_SYNTAX, "NUL byte");
        /* Longer than QIPAI_QUERY_MAX_LINE: only its head is read. */
        static char long_line[QIPAI_QUERY_MAX_LINE + 1];
        for (size_t at = 0; at + 3 <= sizeof long_line; at += 3)
            memcpy(long_line + at, "一", 3);
        expect_error_n(q, long_line, sizeof long_line, QIPAI_ERR_SIZE, "longer than 65536");
    }
    expect_error(decompose, "", QIPAI_ERR_SIZE, "no cards; zipai decompose takes a hand");
    expect_error(decompose, "  \t", QIPAI_ERR_SIZE, "no cards");
    expect_error(decompose, "一二三四", QIPAI_ERR_SIZE, "4 cards besides 坎 and 提: a hand with its target has 3k or 3k+2");
    expect_error(decompose, "一二三 摸十", QIPAI_ERR_SYNTAX, "not a card");
    expect_error(hu, "一二三", QIPAI_ERR_ARGUMENT, "no target: end the line with 摸 CARD");
    expect_error(hu, "一二三 摸", QIPAI_ERR_ARGUMENT, "no target");
    expect_error(hu, "一二三 碰十十九 摸十", QIPAI_ERR_ILLEGAL, "");
    expect_error(hu, "一二三 吃一二四 摸十", QIPAI_ERR_ILLEGAL, "");
    expect_error(hu, "一二三 打十十", QIPAI_ERR_SIZE, "takes one target card, not 2");
    expect_error(hu, "十十十十 碰十十十 摸十", QIPAI_ERR_TOO_MANY, "十 appears");
    expect_error(waits, "一二三 摸十", QIPAI_ERR_ARGUMENT, "waits takes no target card");
    expect_error(waits, "一二三 偎一一", QIPAI_ERR_ILLEGAL, "");
    qipai_query_free(decompose);
    qipai_query_free(hu);
    qipai_query_free(waits);
}

/* Inputs among the options are kept in order; the corpus and bench options
 * the old command line took with every command are accepted and ignored. */
static void inputs_and_ignored_options(void)
{
    qipai_query *q = MAKE("zipai", "decompose", "一二三", "--seed", "7", "--size", "9",
                          "--repeat", "3", "--", "--ascii", "九十壹");
    const char *const *inputs;
    size_t n = q ? qipai_query_inputs(q, &inputs) : 0;
    CHECK(n == 3 && !strcmp(inputs[0], "一二三") && !strcmp(inputs[1], "--ascii") &&
              !strcmp(inputs[2], "九十壹"),
          "inputs: %zu", n);
    if (q)
        expect_answer(q, "一二三",
                      "{\"hand\":\"一二三\",\"decompositions\":[{\"melds\":[\"一二三\"],"
                      "\"huxi\":3}]}");
    CHECK(q && !strcmp(qipai_query_game(q), "zipai") &&
              !strcmp(qipai_query_command(q), "decompose"),
          "game and command");
    qipai_query_free(q);
}

int main(void)
{
    RUN(decompose_answers_as_the_old_command_line_did);
    RUN(hu_answers_as_the_old_command_line_did);
    RUN(waits_answers_as_the_old_command_line_did);
    RUN(decompose_answers_hold_the_library_decompositions);
    RUN(hu_and_waits_answers_hold_the_library_results);
    RUN(bad_options_are_refused_with_what_is_wrong);
    RUN(bad_lines_are_answered_with_an_error);
    RUN(inputs_and_ignored_options);
    return test_report();
}
