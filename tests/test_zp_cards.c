/*
 * Zipai card notation (docs/RULES.md, "Zipai / Cards"): Chinese small and
 * big cards, the traditional 貳 參 陸, ASCII x1..x10 / d1..d10, and the
 * errors a bad hand gets.
 */
#include "test.h"

#include <qipai/zipai.h>
#include <string.h>

static int parse(const char *text, qipai_zp_hand *hand)
{
    qipai_error err;
    return qipai_zp_parse_hand(text, hand, &err);
}

static const char *format(const qipai_zp_hand *hand, unsigned flags)
{
    static char text[512];
    qipai_zp_format_hand(hand, flags, text, sizeof text);
    return text;
}

static void every_card_reads_in_chinese_and_ascii(void)
{
    const char *chinese = "一二三四五六七八九十壹贰叁肆伍陆柒捌玖拾";
    const char *ascii = "x1x2x3x4x5x6x7x8x9x10d1d2d3d4d5d6d7d8d9d10";
    qipai_zp_hand a, b;
    CHECK(parse(chinese, &a) == QIPAI_OK, "%s should parse", chinese);
    CHECK(parse(ascii, &b) == QIPAI_OK, "%s should parse", ascii);
    for (int k = 0; k < QIPAI_ZP_KINDS; k++)
        CHECK(a.counts[k] == 1 && b.counts[k] == 1, "card %d once in each", k);
    CHECK(!strcmp(format(&a, 0), chinese), "Chinese out: %s", format(&a, 0));
    CHECK(!strcmp(format(&a, QIPAI_ZP_ASCII), ascii), "ASCII out: %s",
          format(&a, QIPAI_ZP_ASCII));
}

static void traditional_forms_are_the_big_cards(void)
{
    qipai_zp_hand a, b;
    CHECK(parse("貳參陸", &a) == QIPAI_OK, "貳參陸 should parse");
    CHECK(parse("贰叁陆", &b) == QIPAI_OK, "贰叁陆 should parse");
    CHECK(!memcmp(&a, &b, sizeof a), "貳參陸 is 贰叁陆");
    CHECK(!strcmp(format(&a, 0), "贰叁陆"), "written simplified: %s", format(&a, 0));
}

static void x10_is_ten_and_blanks_are_ignored(void)
{
    qipai_zp_hand h;
    CHECK(parse(" x10 x1\td10 十 ", &h) == QIPAI_OK, "blanks between cards");
    CHECK(h.counts[9] == 2 && h.counts[0] == 1 && h.counts[19] == 1, "x10 x1 d10 十: %s",
          format(&h, 0));
    CHECK(parse("", &h) == QIPAI_OK, "the empty hand");
}

static void bad_text_is_an_error_with_a_position(void)
{
    qipai_zp_hand h;
    qipai_error err;
    CHECK(qipai_zp_parse_hand("一二z", &h, &err) == QIPAI_ERR_SYNTAX && err.position == 6,
          "一二z: syntax error at byte 6, got %d", err.position);
    CHECK(qipai_zp_parse_hand("x11", &h, &err) == QIPAI_ERR_SYNTAX, "x11 is x1 then 1: an error");
    CHECK(qipai_zp_parse_hand("x0", &h, &err) == QIPAI_ERR_SYNTAX, "x0 is no card");
    CHECK(qipai_zp_parse_hand("X1", &h, &err) == QIPAI_ERR_SYNTAX, "upper case is not read");
    CHECK(qipai_zp_parse_hand("1", &h, &err) == QIPAI_ERR_SYNTAX, "a bare digit is no card");
    CHECK(qipai_zp_parse_hand("\xe4\xb8", &h, &err) == QIPAI_ERR_SYNTAX, "cut UTF-8");
    CHECK(qipai_zp_parse_hand("五五五五五", &h, &err) == QIPAI_ERR_TOO_MANY,
          "five 五: too many");
    CHECK(strstr(err.message, "五") != NULL, "the message names the card: %s", err.message);
}

static void red_cards_are_two_seven_ten(void)
{
    int red = 0;
    for (int k = 0; k < QIPAI_ZP_KINDS; k++)
        red += qipai_zp_is_red(k);
    CHECK(red == 6, "six red kinds, got %d", red);
    CHECK(qipai_zp_is_red(1) && qipai_zp_is_red(6) && qipai_zp_is_red(9), "二 七 十 are red");
    CHECK(qipai_zp_is_red(11) && qipai_zp_is_red(16) && qipai_zp_is_red(19), "贰 柒 拾 are red");
}

static void formatting_reports_the_length_it_needs(void)
{
    uint8_t cards[3] = {9, 9, 19};
    char small[5];
    size_t n = qipai_zp_format_cards(cards, 3, QIPAI_ZP_ASCII, small, sizeof small);
    CHECK(n == 9, "x10x10d10 needs 9 bytes, got %zu", n);
    CHECK(!strcmp(small, "x10"), "truncated at a card boundary: '%s'", small);
}

int main(void)
{
    RUN(every_card_reads_in_chinese_and_ascii);
    RUN(traditional_forms_are_the_big_cards);
    RUN(x10_is_ten_and_blanks_are_ignored);
    RUN(bad_text_is_an_error_with_a_position);
    RUN(red_cards_are_two_seven_ten);
    RUN(formatting_reports_the_length_it_needs);
    return test_report();
}
