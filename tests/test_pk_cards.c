/*
 * Card notation (docs/RULES.md "Poker", "Cards"; docs/formats/poker.md):
 * every Chinese card name read as its cards, names mixed with each other and
 * with ASCII in random order, the errors a player's typo gets, and the ASCII
 * notation unchanged: every string of up to three characters over printable
 * ASCII and the tab reads exactly as a reference written from the rules the
 * parser had before Chinese names.
 */
#include "test.h"

#include <qipai/poker.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The names of docs/formats/poker.md, copied here from the table there. */
static const struct {
    const char *name;
    const char *ascii; /* the same cards in ASCII */
} names[] = {
    {"三", "3"},   {"四", "4"},   {"五", "5"},   {"六", "6"},   {"七", "7"},
    {"八", "8"},   {"九", "9"},   {"十", "T"},   {"勾", "J"},   {"钩", "J"},
    {"鉤", "J"},   {"圈", "Q"},   {"凯", "K"},   {"凱", "K"},   {"老K", "K"},
    {"老k", "K"},  {"尖", "A"},   {"二", "2"},   {"两", "2"},   {"兩", "2"},
    {"小王", "X"}, {"小鬼", "X"}, {"黑王", "X"}, {"大王", "D"}, {"大鬼", "D"},
    {"红王", "D"}, {"紅王", "D"}, {"大小王", "XD"},
};
enum { NAME_COUNT = sizeof names / sizeof names[0] };

/* What separates cards besides ' ' and '\t'. */
static const char *const separators[] = {"\xe3\x80\x80" /* U+3000 */, "，", "、"};

static long cases;

static void expect_cards(const char *text, const char *ascii)
{
    qipai_pk_cards cards;
    qipai_error err;
    char written[QIPAI_PK_TEXT_MAX];
    cases++;
    if (qipai_pk_parse(NULL, text, &cards, &err) != QIPAI_OK) {
        CHECK(0, "qipai poker classify '%s': %s; expected %s", text, err.message, ascii);
        return;
    }
    qipai_pk_format(&cards, written, sizeof written);
    CHECK(!strcmp(written, ascii), "qipai poker classify '%s' reads %s; expected %s", text,
          written, ascii);
}

static void expect_error(const qipai_pk_rules *rules, const char *text, qipai_err code,
                         int position, const char *message)
{
    qipai_pk_cards cards;
    qipai_error err;
    cases++;
    qipai_err got = qipai_pk_parse(rules, text, &cards, &err);
    CHECK(got == code && err.position == position && !strcmp(err.message, message),
          "qipai poker classify '%s'\n  expected (code %d, position %d) %s\n"
          "  got (code %d, position %d) %s",
          text, (int)code, position, message, (int)got, got ? err.position : -1,
          got ? err.message : "(cards)");
}

static void every_chinese_name_reads_as_its_cards(void)
{
    for (int i = 0; i < NAME_COUNT; i++)
        expect_cards(names[i].name, names[i].ascii);
}

static void names_mix_with_each_other_and_ascii(void)
{
    expect_cards("大王小王", "XD");
    expect_cards("小鬼 大鬼", "XD");
    expect_cards("三四五六七", "34567");
    expect_cards("十勾圈凯尖", "TJQKA");
    expect_cards("十钩圈老K尖", "TJQKA");
    expect_cards("10勾Q老kA", "TJQKA");
    expect_cards("三三三四", "3334");
    expect_cards("33三3", "3333");
    expect_cards("二两兩2", "2222");
    expect_cards("大小王 二二", "22XD");
    expect_cards("三，三、三\xe3\x80\x80三", "3333");
    expect_cards(" 尖\t尖 ", "AA");
    expect_cards("", "");
    expect_cards("，、", "");
    /* The ASCII notation typed in full-width mode. */
    expect_cards("３４５６７", "34567");
    expect_cards("１０ＪＱＫＡ", "TJQKA");
    expect_cards("ｔｊｑｋａ２", "TJQKA2");
    expect_cards("ＸＤ", "XD");
    expect_cards("ｂｒ", "XD");
}

static void typos_get_clear_errors(void)
{
    qipai_pk_rules seed, pdk;
    qipai_pk_rules_preset(&seed, QIPAI_PK_GAME_SEED);
    qipai_pk_rules_preset(&pdk, QIPAI_PK_GAME_PDK);
    expect_error(NULL, "王", QIPAI_ERR_SYNTAX, 0, "'王' at position 0 names no joker: write 大王 or 小王");
    expect_error(NULL, "34鬼", QIPAI_ERR_SYNTAX, 2,
                 "'鬼' at position 2 names no joker: write 大王 or 小王");
    expect_error(NULL, "大", QIPAI_ERR_SYNTAX, 0,
                 "'大' at position 0 is not a card (3-9, T or 10, J Q K A 2, X/B, D/R, or "
                 "三…十 勾 圈 凯 尖 二 小王 大王)");
    expect_error(NULL, "三带一", QIPAI_ERR_SYNTAX, 3,
                 "'带' at position 3 is not a card (3-9, T or 10, J Q K A 2, X/B, D/R, or "
                 "三…十 勾 圈 凯 尖 二 小王 大王)");
    expect_error(NULL, "老A", QIPAI_ERR_SYNTAX, 0,
                 "'老' at position 0 is not a card (3-9, T or 10, J Q K A 2, X/B, D/R, or "
                 "三…十 勾 圈 凯 尖 二 小王 大王)");
    expect_error(NULL, "１", QIPAI_ERR_SYNTAX, 0,
                 "'１' at position 0 is not a card (3-9, T or 10, J Q K A 2, X/B, D/R, or "
                 "三…十 勾 圈 凯 尖 二 小王 大王)");
    /* Ten is 10 or １０, not the two mixed. */
    expect_error(NULL, "1０", QIPAI_ERR_SYNTAX, 0,
                 "'1' at position 0 is not a card (3-9, T or 10, J Q K A 2, X/B, D/R)");
    expect_error(NULL, "3Ｚ", QIPAI_ERR_SYNTAX, 1,
                 "'Ｚ' at position 1 is not a card (3-9, T or 10, J Q K A 2, X/B, D/R, or "
                 "三…十 勾 圈 凯 尖 二 小王 大王)");
    expect_error(NULL, "3é", QIPAI_ERR_SYNTAX, 1,
                 "'é' at position 1 is not a card (3-9, T or 10, J Q K A 2, X/B, D/R, or "
                 "三…十 勾 圈 凯 尖 二 小王 大王)");
    /* Bytes that are no UTF-8 character are named as bytes. */
    expect_error(NULL, "3\xe5\xa4", QIPAI_ERR_SYNTAX, 1, "byte 0xe5 at position 1 is not a card");
    expect_error(NULL, "\xff", QIPAI_ERR_SYNTAX, 0, "byte 0xff at position 0 is not a card");
    expect_error(NULL, "\xc0\xb3", QIPAI_ERR_SYNTAX, 0, "byte 0xc0 at position 0 is not a card");
    /* The rule set's limits hold whatever the names. */
    expect_error(NULL, "大王红王", QIPAI_ERR_TOO_MANY, -1,
                 "D (big joker) appears 2 times; at most 1");
    expect_error(NULL, "大小王小鬼", QIPAI_ERR_TOO_MANY, -1,
                 "X (small joker) appears 2 times; at most 1");
    expect_error(NULL, "三三三三三", QIPAI_ERR_TOO_MANY, -1, "3 appears 5 times; at most 4");
    expect_error(&seed, "大小王", QIPAI_ERR_RANGE, -1, "seed plays without jokers");
    expect_error(&pdk, "二两", QIPAI_ERR_TOO_MANY, -1, "2 appears 2 times; pdk has a single 2");
    expect_error(&pdk, "尖尖尖尖", QIPAI_ERR_TOO_MANY, -1, "A appears 4 times; pdk has three A");
}

/* Random hands written with a random mix of Chinese names, ASCII and
 * separators read back as the same cards. */
static void random_mixed_texts_read_back(void)
{
    qipai_rng rng;
    qipai_rng_seed(&rng, 16);
    long count = test_scaled(20000), done = 0;
    for (long k = 0; k < count; k++) {
        char text[1024] = "", expected[64] = "";
        uint8_t counts[QIPAI_PK_RANKS] = {0};
        int pieces = (int)qipai_rng_below(&rng, 12);
        for (int p = 0; p < pieces; p++) {
            uint32_t pick = qipai_rng_below(&rng, NAME_COUNT + 3 + 2);
            const char *piece, *cards = "";
            char one[2] = "";
            if (pick < NAME_COUNT) {
                piece = names[pick].name;
                cards = names[pick].ascii;
            } else if (pick < NAME_COUNT + 3) {
                piece = separators[pick - NAME_COUNT];
            } else {
                one[0] = qipai_pk_rank_char((int)qipai_rng_below(&rng, QIPAI_PK_RANKS));
                piece = cards = one;
            }
            for (const char *c = cards; *c; c++)
                counts[strchr("3456789TJQKA2XD", *c) - "3456789TJQKA2XD"]++;
            strncat(text, piece, sizeof text - strlen(text) - 1);
        }
        int legal = 1;
        for (int r = 0; r < QIPAI_PK_RANKS; r++) {
            legal &= counts[r] <= (r >= QIPAI_PK_RANK_X ? 1 : 4);
            for (int c = 0; c < counts[r]; c++)
                strncat(expected, (char[]){qipai_pk_rank_char(r), '\0'},
                        sizeof expected - strlen(expected) - 1);
        }
        qipai_pk_cards cards;
        qipai_err e = qipai_pk_parse(NULL, text, &cards, NULL);
        char written[QIPAI_PK_TEXT_MAX] = "";
        if (e == QIPAI_OK)
            qipai_pk_format(&cards, written, sizeof written);
        CHECK(legal ? e == QIPAI_OK && !strcmp(written, expected) : e == QIPAI_ERR_TOO_MANY,
              "qipai poker classify '%s': %s (code %d); expected %s", text, written, (int)e,
              legal ? expected : "too many");
        done++;
    }
    CHECK(done == count && count > 0, "%ld mixed texts read of %ld", done, count);
}

/* ---- ASCII as before ------------------------------------------------------- */

/* The ASCII notation as it was before Chinese names, written from
 * docs/RULES.md: ranks 3-9, T or 10, J Q K A 2 in either case, X/B and D/R
 * the jokers, blanks ' ' and '\t'. Returns -1 with the bad position, or the
 * counts. */
static int ascii_reference(const char *text, uint8_t counts[QIPAI_PK_RANKS])
{
    static const char upper[] = "3456789TJQKA2XD", lower[] = "3456789tjqka2xd";
    memset(counts, 0, QIPAI_PK_RANKS);
    for (int i = 0; text[i]; i++) {
        if (text[i] == ' ' || text[i] == '\t')
            continue;
        if (text[i] == '1' && text[i + 1] == '0') {
            counts[7]++;
            i++;
            continue;
        }
        int rank = -1;
        for (int r = 0; r < QIPAI_PK_RANKS; r++)
            if (text[i] == upper[r] || text[i] == lower[r])
                rank = r;
        if (text[i] == 'B' || text[i] == 'b')
            rank = QIPAI_PK_RANK_X;
        if (text[i] == 'R' || text[i] == 'r')
            rank = QIPAI_PK_RANK_D;
        if (rank < 0)
            return -1 - i;
        counts[rank]++;
    }
    return 0;
}

static void ascii_reads_as_before(void)
{
    char alphabet[100];
    int n = 0;
    for (int c = 0x20; c < 0x7f; c++)
        alphabet[n++] = (char)c;
    alphabet[n++] = '\t';
    long compared = 0;
    for (int length = 0; length <= 3; length++) {
        long total = 1;
        for (int i = 0; i < length; i++)
            total *= n;
        for (long k = 0; k < total; k++) {
            char text[4] = "";
            long code = k;
            for (int i = 0; i < length; i++, code /= n)
                text[i] = alphabet[code % n];
            text[length] = '\0';
            uint8_t counts[QIPAI_PK_RANKS];
            int reference = ascii_reference(text, counts);
            qipai_pk_cards cards;
            qipai_error err;
            qipai_err e = qipai_pk_parse(NULL, text, &cards, &err);
            int same;
            if (reference < 0) {
                char message[120];
                int at = -1 - reference;
                snprintf(message, sizeof message,
                         "'%c' at position %d is not a card (3-9, T or 10, J Q K A 2, X/B, D/R)",
                         text[at], at);
                same = e == QIPAI_ERR_SYNTAX && err.position == at && !strcmp(err.message, message);
            } else {
                int legal = 1;
                for (int r = 0; r < QIPAI_PK_RANKS; r++)
                    legal &= counts[r] <= (r >= QIPAI_PK_RANK_X ? 1 : 4);
                same = legal ? e == QIPAI_OK && !memcmp(cards.counts, counts, QIPAI_PK_RANKS)
                             : e == QIPAI_ERR_TOO_MANY;
            }
            CHECK(same, "qipai poker classify '%s': code %d, %s", text, (int)e,
                  e ? err.message : "(cards)");
            compared++;
        }
    }
    long expected = 1 + 96 + 96 * 96 + 96 * 96 * 96;
    CHECK(compared == expected, "%ld ASCII strings compared; expected %ld", compared, expected);
    fprintf(stderr, "  %ld ASCII strings read as before\n", compared);
}

static void every_case_ran(void)
{
    CHECK(cases == NAME_COUNT + 19 + 18, "%ld hand-written cases ran; expected %d", cases,
          NAME_COUNT + 19 + 18);
}

int main(void)
{
    RUN(every_chinese_name_reads_as_its_cards);
    RUN(names_mix_with_each_other_and_ascii);
    RUN(typos_get_clear_errors);
    RUN(random_mixed_texts_read_back);
    RUN(ascii_reads_as_before);
    RUN(every_case_ran);
    return test_report();
}
