/*
 * Mahjong kinds and their notation, written: a kind's number, a kind ("5m",
 * "五万", "中") and a hand in compact
 * or Chinese notation, snprintf-style through the library's text sink
 * (qipai.h, "Text"). The reader is notation.c; both follow docs/RULES.md
 * ("Tiles").
 */
#include <qipai/mahjong.h>
#include "common/text.h"

#include <string.h>

int qipai_mj_kind(qipai_mj_suit suit, int number)
{
    int top = suit == QIPAI_MJ_HONOR ? 7 : 9;
    if ((unsigned)suit > QIPAI_MJ_HONOR || number < 1 || number > top)
        return -1;
    return (int)suit * 9 + number - 1;
}

static const char suit_letters[4] = {'m', 'p', 's', 'z'};

static const char *const chinese_numerals[9] = {"一", "二", "三", "四", "五",
                                                "六", "七", "八", "九"};
static const char *const chinese_suits[3] = {"万", "筒", "条"};
static const char *const chinese_honors[7] = {"东", "南", "西", "北", "白", "发", "中"};

/* Appends one kind's text: "5m", or "五万" / "中" when chinese. */
static void put_kind(text_sink *t, int kind, bool chinese)
{
    qipai_mj_suit suit = qipai_mj_kind_suit(kind);
    int number = qipai_mj_kind_number(kind);
    if (!chinese) {
        text_putc(t, (char)('0' + number));
        text_putc(t, suit_letters[suit]);
    } else if (suit == QIPAI_MJ_HONOR) {
        text_puts(t, chinese_honors[number - 1]);
    } else {
        text_puts(t, chinese_numerals[number - 1]);
        text_puts(t, chinese_suits[suit]);
    }
}

size_t qipai_mj_format_kind(int kind, bool chinese, char *out, size_t size)
{
    text_sink t = text_sink_make(out, size);
    if (kind >= 0 && kind < QIPAI_MJ_KINDS)
        put_kind(&t, kind, chinese);
    return t.length;
}

size_t qipai_mj_format_hand(const qipai_mj_hand *hand, bool chinese, char *out, size_t size)
{
    text_sink t = text_sink_make(out, size);
    for (int suit = 0; suit < 4; suit++) {
        bool wrote_numbers = false;
        for (int number = 1; number <= (suit == QIPAI_MJ_HONOR ? 7 : 9); number++) {
            int kind = qipai_mj_kind((qipai_mj_suit)suit, number);
            for (int c = 0; c < hand->counts[kind]; c++) {
                if (chinese)
                    put_kind(&t, kind, true);
                else
                    text_putc(&t, (char)('0' + number));
                wrote_numbers = true;
            }
        }
        if (wrote_numbers && !chinese)
            text_putc(&t, suit_letters[suit]);
    }
    for (int w = 0; w < hand->wilds; w++)
        text_putc(&t, '*');
    return t.length;
}
