/*
 * Card notation (docs/RULES.md, "Zipai / Cards"): the small cards 一..十,
 * the big ones 壹..拾 (traditional 貳 參 陸 read too), and the ASCII forms
 * x1..x10 / d1..d10. Output is Chinese unless QIPAI_ZP_ASCII is asked for.
 */
#include "zipai/zp_internal.h"
#include "common/fail.h"

#include <stdio.h>
#include <string.h>

static const char *const chinese[QIPAI_ZP_KINDS] = {
    "一", "二", "三", "四", "五", "六", "七", "八", "九", "十",
    "壹", "贰", "叁", "肆", "伍", "陆", "柒", "捌", "玖", "拾",
};

static const char *const ascii[QIPAI_ZP_KINDS] = {
    "x1", "x2", "x3", "x4", "x5", "x6", "x7", "x8", "x9", "x10",
    "d1", "d2", "d3", "d4", "d5", "d6", "d7", "d8", "d9", "d10",
};

/* Traditional forms read as their simplified card. */
static const struct {
    const char *text;
    int card;
} traditional[] = {{"貳", 11}, {"參", 12}, {"陸", 15}};

int qipai_zp_card_at(const char *text, size_t *length)
{
    if (text[0] == 'x' || text[0] == 'd') {
        int big = text[0] == 'd';
        if (text[1] < '1' || text[1] > '9')
            return -1;
        int value = text[1] - '0';
        size_t n = 2;
        if (value == 1 && text[2] == '0') { /* x10, never x1 followed by 0 */
            value = 10;
            n = 3;
        }
        *length = n;
        return big * 10 + value - 1;
    }
    /* Every Chinese card is three bytes of UTF-8. */
    if (!text[0] || !text[1] || !text[2])
        return -1;
    for (int k = 0; k < QIPAI_ZP_KINDS; k++)
        if (!memcmp(text, chinese[k], 3)) {
            *length = 3;
            return k;
        }
    for (size_t i = 0; i < sizeof traditional / sizeof traditional[0]; i++)
        if (!memcmp(text, traditional[i].text, 3)) {
            *length = 3;
            return traditional[i].card;
        }
    return -1;
}

qipai_err qipai_zp_parse_hand(const char *text, qipai_zp_hand *hand, qipai_error *err)
{
    if (!text || !hand)
        return qipai_fail(err, QIPAI_ERR_ARGUMENT, -1, "no hand given");
    memset(hand, 0, sizeof *hand);
    size_t i = 0;
    while (text[i]) {
        if (text[i] == ' ' || text[i] == '\t') {
            i++;
            continue;
        }
        size_t n;
        int card = qipai_zp_card_at(text + i, &n);
        if (card < 0)
            return qipai_fail(err, QIPAI_ERR_SYNTAX, (int)i,
                              "not a card at byte %zu (cards: 一..十 壹..拾, x1..x10 d1..d10)",
                              i);
        if (hand->counts[card] == QIPAI_ZP_COPIES)
            return qipai_fail(err, QIPAI_ERR_TOO_MANY, (int)i,
                              "%s appears more than %d times", chinese[card], QIPAI_ZP_COPIES);
        hand->counts[card]++;
        i += n;
    }
    return QIPAI_OK;
}

size_t qipai_zp_format_card(int card, unsigned flags, char *buffer, size_t size)
{
    const char *text = card >= 0 && card < QIPAI_ZP_KINDS
                           ? (flags & QIPAI_ZP_ASCII ? ascii : chinese)[card]
                           : "?";
    int n = snprintf(buffer, size, "%s", text);
    return n < 0 ? 0 : (size_t)n;
}

size_t qipai_zp_format_cards(const uint8_t *cards, int n, unsigned flags, char *buffer,
                             size_t size)
{
    size_t used = 0;
    int truncated = 0; /* then the buffer ends after the last card that fit */
    if (size)
        buffer[0] = '\0';
    for (int i = 0; i < n; i++) {
        char one[QIPAI_ZP_CARD_TEXT];
        size_t len = qipai_zp_format_card(cards[i], flags, one, sizeof one);
        if (!truncated && used + len < size)
            memcpy(buffer + used, one, len + 1);
        else
            truncated = 1;
        used += len;
    }
    return used;
}

size_t qipai_zp_format_hand(const qipai_zp_hand *hand, unsigned flags, char *buffer,
                            size_t size)
{
    uint8_t cards[QIPAI_ZP_KINDS * 8];
    int n = 0;
    for (int k = 0; k < QIPAI_ZP_KINDS; k++)
        for (int c = 0; c < hand->counts[k] && n < (int)sizeof cards; c++)
            cards[n++] = (uint8_t)k;
    return qipai_zp_format_cards(cards, n, flags, buffer, size);
}

int qipai_zp_is_red(int card)
{
    return card >= 0 && card < QIPAI_ZP_KINDS && zp_red(card);
}
