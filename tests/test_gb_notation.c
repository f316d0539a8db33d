/*
 * The Guobiao notation through the mahjong core's tile reader
 * (src/mahjong/notation.c): a hand written with Chinese tile names (一万,
 * 五六七筒, 东, 红中 ...) reads exactly as the compact one; a mistake in the
 * tiles gets the same code, message and position from qipai_gb_parse as
 * from qipai_mj_parse; GB refuses what only the core reads (the wildcard,
 * capital suits, separators) and the core refuses GB's honor letters; the
 * melds' copies count against the concealed ones.
 */
#include <qipai/gb.h>

#include <stdio.h>
#include <string.h>

#include "gb_hands.h"
#include "test.h"

static int below(qipai_rng *rng, int n) { return (int)qipai_rng_below(rng, (uint32_t)n); }

/* ---- writing a hand in mixed notations -------------------------------------- */

typedef struct {
    char text[512];
    size_t used;
    long chinese; /* tiles written with a Chinese name */
} text_out;

static void put(text_out *t, const char *s)
{
    size_t n = strlen(s);
    if (t->used + n < sizeof t->text) {
        memcpy(t->text + t->used, s, n + 1);
        t->used += n;
    }
}

static const char *const numerals[9] = {"一", "二", "三", "四", "五", "六", "七", "八", "九"};
static const char *const suit_words[3][3] = {
    {"万", "萬", "万"}, {"筒", "饼", "餅"}, {"条", "條", "索"}};

/* One honor: its letter, 1z-7z, or a Chinese name (with the variants). */
static void put_honor(qipai_rng *rng, text_out *t, int kind)
{
    static const char *const names[7][3] = {
        {"东", "東", "东"}, {"南", "南", "南"}, {"西", "西", "西"}, {"北", "北", "北"},
        {"白", "白板", "白"}, {"发", "發", "发财"}, {"中", "红中", "紅中"}};
    char text[8];
    int style = below(rng, 3);
    if (style == 0) {
        snprintf(text, sizeof text, "%c", "ESWNPFC"[kind - 27]);
    } else if (style == 1) {
        snprintf(text, sizeof text, "%dz", kind - 26);
    } else {
        put(t, names[kind - 27][below(rng, 3)]);
        t->chinese++;
        return;
    }
    put(t, text);
}

/* The tiles kinds[0..n) in this order: suited runs of one suit now and then
 * share their suit word or letter (五六七筒, 一二三m, 567p), a tile on its
 * own is 5m, 五万, 5万 or 五m. */
static void put_tiles(qipai_rng *rng, text_out *t, const uint8_t *kinds, int n)
{
    for (int i = 0; i < n;) {
        int k = kinds[i];
        if (k >= 27) {
            put_honor(rng, t, k);
            i++;
            continue;
        }
        int suit = k / 9, run = 1;
        if (below(rng, 2))
            while (i + run < n && kinds[i + run] < 27 && kinds[i + run] / 9 == suit)
                run++;
        bool chinese_numbers = below(rng, 3) != 0, chinese_suit = below(rng, 3) != 0;
        for (int j = 0; j < run; j++) {
            char digit[4];
            snprintf(digit, sizeof digit, "%d", kinds[i + j] % 9 + 1);
            put(t, chinese_numbers ? numerals[kinds[i + j] % 9] : digit);
        }
        if (chinese_suit)
            put(t, suit_words[suit][below(rng, 3)]);
        else
            put(t, (const char[]){"mps"[suit], '\0'});
        if (chinese_numbers || chinese_suit)
            t->chinese += run;
        i += run;
    }
}

/* The hand with every tile in a random notation, the winning tile last;
 * melds, claims, situation and flowers as qipai_gb_format_hand writes
 * them. */
static void mixed_text(qipai_rng *rng, const qipai_gb_hand *h, text_out *t)
{
    char ascii[160];
    qipai_gb_format_hand(h, ascii, sizeof ascii);
    t->used = 0;
    t->text[0] = '\0';
    const char *p = ascii;
    for (int i = 0; i < h->meld_count; i++) { /* "[kinds,claim]" or "[kinds]" */
        const qipai_gb_meld *m = &h->melds[i];
        uint8_t kinds[4];
        int size = m->type == QIPAI_GB_MELD_KONG ? 4 : 3;
        for (int j = 0; j < size; j++)
            kinds[j] = (uint8_t)(m->type == QIPAI_GB_MELD_CHOW ? m->kind + j : m->kind);
        put(t, "[");
        put_tiles(rng, t, kinds, size);
        const char *end = strchr(p, ']');
        const char *comma = memchr(p, ',', (size_t)(end - p));
        if (comma) {
            char claim[8];
            snprintf(claim, sizeof claim, "%.*s", (int)(end - comma), comma);
            put(t, claim);
        }
        put(t, "]");
        p = end + 1;
    }
    uint8_t kinds[14];
    int n = 0;
    for (int k = 0; k < QIPAI_MJ_KINDS; k++)
        for (int c = 0; c < h->counts[k] - (k == h->win_tile); c++)
            kinds[n++] = (uint8_t)k;
    for (int i = n - 1; i > 0; i--) {
        int j = below(rng, i + 1);
        uint8_t x = kinds[i];
        kinds[i] = kinds[j], kinds[j] = x;
    }
    kinds[n++] = h->win_tile;
    put_tiles(rng, t, kinds, n);
    put(t, strchr(ascii, '|'));
}

static void chinese_hands_read_as_the_compact_ones(void)
{
    qipai_rng rng;
    qipai_rng_seed(&rng, 2024);
    long hands = test_scaled(4000), read = 0, chinese = 0;
    for (long i = 0; i < hands; i++) {
        qipai_gb_hand h, back;
        gb_test_random_hand(&rng, &h, GB_TEST_SPECIAL);
        text_out t;
        t.chinese = 0;
        mixed_text(&rng, &h, &t);
        qipai_error err;
        if (qipai_gb_parse(t.text, &back, &err) != QIPAI_OK) {
            CHECK(0, "%s: %s", t.text, err.message);
            continue;
        }
        char want[160], got[160];
        qipai_gb_format_hand(&h, want, sizeof want);
        qipai_gb_format_hand(&back, got, sizeof got);
        CHECK(!memcmp(&h, &back, sizeof h), "%s reads as %s, not %s", t.text, got, want);
        read++;
        chinese += t.chinese;
    }
    CHECK(read == hands && hands >= 100, "read %ld of %ld hands", read, hands);
    CHECK(chinese > 10 * hands, "only %ld Chinese tiles in %ld hands", chinese, hands);
    fprintf(stderr, "  %ld hands, %ld tiles written in Chinese\n", read, chinese);
}

/* A few written out, for the reader of this file (and the docs' examples). */
static void chinese_examples(void)
{
    static const struct {
        const char *chinese, *compact;
    } cases[] = {
        {"[东东东,2][南南南南,1]西西西北北五五筒北|EE1000", "[EEE,2][SSSS,1]WWWNN55pN|EE1000"},
        {"[东东东,2][五六七筒,1]一二三万北北北九九条|EE1000", "[111z,2][567p,1]123m444z99s|EE1000"},
        {"一万二万三万四五六万七八九万红中中紅中东東|EE1000", "123456789m777z11z|EE1000"},
        {"一九万一九筒一九条東南西北白板發財中中", "19m19p19s1234567z7z"},
        {"一九万一九饼一九索东南西北白发中 东", "19m19p19sESWNPFCE"},
        {"[一一一一萬] 2万3万4萬5六7m 888m  9条 9條|SW0100", "[1111m]234567m888m99s|SW0100"},
    };
    int covered = 0;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        qipai_gb_hand a, b;
        qipai_error ea, eb;
        qipai_err ca = qipai_gb_parse(cases[i].chinese, &a, &ea);
        qipai_err cb = qipai_gb_parse(cases[i].compact, &b, &eb);
        CHECK(ca == QIPAI_OK, "%s: %s", cases[i].chinese, ea.message);
        CHECK(cb == QIPAI_OK, "%s: %s", cases[i].compact, eb.message);
        CHECK(ca || cb || !memcmp(&a, &b, sizeof a), "%s differs from %s", cases[i].chinese,
              cases[i].compact);
        covered++;
    }
    CHECK(covered == 6, "covered %d examples", covered);
}

/* ---- the same mistake, the same message --------------------------------------- */

/* Text that is a mistake in the tiles both notations share: both parsers
 * must name it alike (code, message, position). */
static const char *const shared_mistakes[] = {
    "12x3m",         /* unexpected 'x' */
    "123m456p?",     /* unexpected '?' */
    "123m中x",       /* unexpected after a Chinese tile */
    "1\xff",         /* a byte that starts no character */
    "一万好",        /* an unknown Chinese character */
    "123",           /* numbers without a suit */
    "1 2 3",         /* the same with blanks */
    "一二",          /* Chinese numbers without a suit */
    "12东",          /* an honor after numbers */
    "m",             /* a suit letter without numbers */
    "万",            /* a suit word without numbers */
    "123m p",        /* the same after tiles */
    "0m",            /* 0 is no tile number */
    "123m10p",       /* nor inside a group */
    "8z",            /* honors are 1z-7z */
    "1238z",         /* the 8 named, not the 1 */
    "九z",           /* the same in Chinese */
    "11111m",        /* a fifth copy */
    "一万一万一万一万一万",
    "东东东东东",
    "11m东东东东东",
    "123456789m123456p", /* more than 14 tiles */
    "11122233344455566m",
    "12345678912345678912345678912345678912345m", /* more numbers than the reader holds */
};

static void tile_mistakes_read_the_same_in_both(void)
{
    qipai_mj_rules rules;
    qipai_mj_rules_named(&rules, "basic", NULL);
    int covered = 0;
    for (size_t i = 0; i < sizeof shared_mistakes / sizeof shared_mistakes[0]; i++) {
        const char *text = shared_mistakes[i];
        qipai_mj_hand mj;
        qipai_gb_hand gb;
        qipai_error em = {0}, eg = {0};
        qipai_err cm = qipai_mj_parse(&rules, text, &mj, NULL, &em);
        qipai_err cg = qipai_gb_parse(text, &gb, &eg);
        CHECK(cm != QIPAI_OK && cg != QIPAI_OK, "%s: mahjong %d, gb %d", text, cm, cg);
        CHECK(cm == cg && em.code == eg.code, "%s: codes %d (mahjong) and %d (gb)", text, cm,
              cg);
        /* The same words, but for the core's note on its wildcard, which GB has not. */
        char *note = strstr(em.message, "; * is a wildcard)");
        if (note)
            memmove(note, note + strlen("; * is a wildcard"), strlen(note + strlen("; * is a wildcard")) + 1);
        CHECK(!strcmp(em.message, eg.message), "%s:\n mahjong '%s'\n gb      '%s'", text,
              em.message, eg.message);
        CHECK(em.position == eg.position, "%s: positions %d (mahjong) and %d (gb)", text,
              em.position, eg.position);
        covered++;
    }
    CHECK(covered == 24, "covered %d mistakes", covered);
}

typedef struct {
    const char *text;
    qipai_err code;
    int position;
    const char *message; /* exact */
} exact_error;

/* The messages spelled out: each names what is wrong and where. */
static const exact_error messages[] = {
    {"12x3m", QIPAI_ERR_SYNTAX, 2,
     "unexpected 'x' at position 2 (tiles look like 123m, 5z, 一万 or 东)"},
    {"123m中x", QIPAI_ERR_SYNTAX, 7,
     "unexpected 'x' at position 7 (tiles look like 123m, 5z, 一万 or 东)"},
    {"一万好", QIPAI_ERR_SYNTAX, 6,
     "unexpected '好' at position 6 (tiles look like 123m, 5z, 一万 or 东)"},
    {"1 2 3", QIPAI_ERR_SYNTAX, 0,
     "numbers at position 0 have no suit (write 123m, 456p, 789s or 11z)"},
    {"123m p", QIPAI_ERR_SYNTAX, 5, "suit letter 'p' at position 5 has no numbers before it"},
    {"万", QIPAI_ERR_SYNTAX, 0, "'万' at position 0 has no number before it"},
    {"123m10p", QIPAI_ERR_SYNTAX, 5, "0 at position 5 is not a tile number (1-9)"},
    {"1238z", QIPAI_ERR_SYNTAX, 3, "8z at position 3 is not a tile (honors are 1z-7z)"},
    {"11m东东东东东", QIPAI_ERR_TOO_MANY, 15, "1z appears 5 times; there are 4 copies of each tile"},
    {"11122233344455566m", QIPAI_ERR_TOO_MANY, 14, "more than 14 tiles; a hand holds at most 14"},
};

static void mistakes_are_named_exactly(void)
{
    int covered = 0;
    for (size_t i = 0; i < sizeof messages / sizeof messages[0]; i++) {
        const exact_error *c = &messages[i];
        qipai_gb_hand gb;
        qipai_error err = {0};
        qipai_err code = qipai_gb_parse(c->text, &gb, &err);
        CHECK(code == c->code && err.position == c->position && !strcmp(err.message, c->message),
              "%s: code %d at %d '%s', want %d at %d '%s'", c->text, code, err.position,
              err.message, c->code, c->position, c->message);
        covered++;
    }
    CHECK(covered == 10, "covered %d messages", covered);
}

/* ---- what each side reads alone ---------------------------------------------------- */

static void gb_refuses_what_only_the_core_reads(void)
{
    qipai_mj_rules rules;
    qipai_mj_rules_named(&rules, "basic", NULL);
    static const struct {
        const char *text;
        const char *gb_unexpected; /* what qipai_gb_parse names */
    } core_only[] = {
        {"123m456p789s1z2z*", "'*' at position 16"},
        {"123M456p789s11z22z", "'M' at position 3"},
        {"123m,456p789s11z22z", "',' at position 4"},
        {"123m，456p789s11z22z", "'，' at position 4"},
        {"123m　456p789s11z22z", "'　' at position 4"},
    };
    int covered = 0;
    for (size_t i = 0; i < sizeof core_only / sizeof core_only[0]; i++) {
        qipai_mj_hand mj;
        qipai_gb_hand gb;
        qipai_error err = {0};
        CHECK(qipai_mj_parse(&rules, core_only[i].text, &mj, NULL, &err) == QIPAI_OK,
              "mahjong %s: %s", core_only[i].text, err.message);
        CHECK(qipai_gb_parse(core_only[i].text, &gb, &err) == QIPAI_ERR_SYNTAX &&
                  strstr(err.message, core_only[i].gb_unexpected),
              "gb %s: '%s' lacks %s", core_only[i].text, err.message, core_only[i].gb_unexpected);
        covered++;
    }
    /* S and P are GB's south and white, the core's bamboo and dots. */
    qipai_mj_hand mj;
    qipai_gb_hand gb;
    qipai_error err = {0};
    CHECK(qipai_mj_parse(&rules, "1S1P", &mj, NULL, &err) == QIPAI_OK && mj.counts[18] == 1 &&
              mj.counts[9] == 1,
          "mahjong 1S1P: %s", err.message);
    CHECK(qipai_gb_parse("123m456p789s1SPP", &gb, &err) == QIPAI_ERR_SYNTAX &&
              strstr(err.message, "numbers at position 12 have no suit"),
          "gb 123m456p789s1SPP: %s", err.message);
    CHECK(qipai_gb_parse("123m456p789sSSPP", &gb, &err) == QIPAI_OK && gb.counts[28] == 2 &&
              gb.counts[31] == 2 && gb.win_tile == 31,
          "gb 123m456p789sSSPP: %s", err.message);
    /* GB's letters are no tiles to the core. */
    CHECK(qipai_mj_parse(&rules, "123mE", &mj, NULL, &err) == QIPAI_ERR_SYNTAX &&
              strstr(err.message, "unexpected 'E' at position 4"),
          "mahjong 123mE: %s", err.message);
    covered += 4;
    CHECK(covered == 9, "covered %d cases", covered);
}

static void melds_count_against_the_concealed_copies(void)
{
    static const exact_error cases[] = {
        {"[1111m]1m", QIPAI_ERR_TOO_MANY, 7,
         "1m appears 5 times (melds included); there are 4 copies of each tile"},
        {"[一一一一万][一万二万三万,1]", QIPAI_ERR_TOO_MANY, 18,
         "1m appears 5 times (melds included); there are 4 copies of each tile"},
        {"[EEE,1]东东", QIPAI_ERR_TOO_MANY, 10,
         "1z appears 5 times (melds included); there are 4 copies of each tile"},
        {"[11111m]", QIPAI_ERR_TOO_MANY, 5, "1m appears 5 times; there are 4 copies of each tile"},
        {"[123m,1]123m456m789m11p99s", QIPAI_ERR_TOO_MANY, 23,
         "more than 11 tiles beside 1 meld; a hand holds at most 14 (3 a meld)"},
        {"[EEE,2][SSS,1]123m456m78m9m9m", QIPAI_ERR_TOO_MANY, 25,
         "more than 8 tiles beside 2 melds; a hand holds at most 14 (3 a meld)"},
        {"[EEE,2]12x", QIPAI_ERR_SYNTAX, 9,
         "unexpected 'x' at position 9 (tiles look like 123m, 5z, 一万 or 东)"},
        {"[东东x,2]", QIPAI_ERR_SYNTAX, 7,
         "unexpected 'x' at position 7 (tiles look like 123m, 5z, 一万 or 东)"},
        {"[12,2]", QIPAI_ERR_SYNTAX, 1,
         "numbers at position 1 have no suit (write 123m, 456p, 789s or 11z)"},
        {"[东东东，2]", QIPAI_ERR_SYNTAX, 10,
         "unexpected '，' at position 10 (tiles look like 123m, 5z, 一万 or 东)"},
    };
    int covered = 0;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const exact_error *c = &cases[i];
        qipai_gb_hand gb;
        qipai_error err = {0};
        qipai_err code = qipai_gb_parse(c->text, &gb, &err);
        CHECK(code == c->code && err.position == c->position && !strcmp(err.message, c->message),
              "%s: code %d at %d '%s', want %d at %d '%s'", c->text, code, err.position,
              err.message, c->code, c->position, c->message);
        covered++;
    }
    CHECK(covered == 10, "covered %d cases", covered);
}

int main(void)
{
    RUN(chinese_hands_read_as_the_compact_ones);
    RUN(chinese_examples);
    RUN(tile_mistakes_read_the_same_in_both);
    RUN(mistakes_are_named_exactly);
    RUN(gb_refuses_what_only_the_core_reads);
    RUN(melds_count_against_the_concealed_copies);
    return test_report();
}
