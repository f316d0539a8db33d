/*
 * Mahjong notation: reading hands of compact (`123m456p11z*`) or Chinese
 * (`一万`, `五筒`, `东南西北中发白`) tiles through the library's one tile
 * reader (notation.c), and writing kinds and hands back. The notation is
 * defined in docs/RULES.md ("Tiles").
 */
#include <qipai/mahjong.h>
#include "common/fail.h"
#include "common/text.h"
#include "mahjong/notation.h"

#include <stdio.h>
#include <string.h>

static const char suit_letters[4] = {'m', 'p', 's', 'z'};

static const char *const chinese_numerals[9] = {"一", "二", "三", "四", "五",
                                                "六", "七", "八", "九"};
static const char *const chinese_suits[3] = {"万", "筒", "条"};
static const char *const chinese_honors[7] = {"东", "南", "西", "北", "白", "发", "中"};

int qipai_mj_kind(qipai_mj_suit suit, int number)
{
    int top = suit == QIPAI_MJ_HONOR ? 7 : 9;
    if ((unsigned)suit > QIPAI_MJ_HONOR || number < 1 || number > top)
        return -1;
    return (int)suit * 9 + number - 1;
}

/* ---- reading -------------------------------------------------------------- */

qipai_err qipai_mj_parse_tiles(const qipai_mj_rules *rules, const char *text,
                               qipai_mj_tiles *tiles, int max_tiles, qipai_error *err)
{
    if (!rules || !text || !tiles)
        return qipai_fail(err, QIPAI_ERR_ARGUMENT, -1, "null rules, text or tiles");
    const mj_reading how = {
        .accept = MJ_READ_JOKER | MJ_READ_UPPER_SUITS | MJ_READ_SEPARATORS,
        .stops = NULL,
        .kinds = rules->kinds,
        .set_name = rules->name,
        .max_tiles = max_tiles,
    };
    mj_read read;
    qipai_err e = mj_read_tiles(&how, text, 0, &read, err);
    if (e)
        return e;
    *tiles = read.tiles;
    return QIPAI_OK;
}

qipai_err qipai_mj_parse(const qipai_mj_rules *rules, const char *text, qipai_mj_hand *hand,
                         qipai_mj_tiles *tiles, qipai_error *err)
{
    qipai_mj_tiles read;
    if (!hand)
        return qipai_fail(err, QIPAI_ERR_ARGUMENT, -1, "null hand");
    qipai_err e = qipai_mj_parse_tiles(rules, text, &read, QIPAI_MJ_MAX_TILES, err);
    if (e)
        return e;
    memset(hand, 0, sizeof *hand);
    hand->wilds = read.jokers;
    if (!rules->wild_kinds) /* the common case: every tile is real */
        memcpy(hand->counts, read.counts, sizeof hand->counts);
    for (int k = 0; rules->wild_kinds && k < QIPAI_MJ_KINDS; k++) {
        if (rules->wild_kinds >> k & 1)
            hand->wilds = (uint8_t)(hand->wilds + read.counts[k]);
        else
            hand->counts[k] = read.counts[k];
    }
    if (tiles)
        *tiles = read;
    return QIPAI_OK;
}

qipai_err qipai_mj_hand_check(const qipai_mj_rules *rules, const qipai_mj_hand *hand,
                              qipai_error *err)
{
    int total = hand->wilds;
    for (int k = 0; k < QIPAI_MJ_KINDS; k++) {
        total += hand->counts[k];
        if (hand->counts[k] && (k >= rules->kinds || hand->counts[k] > QIPAI_MJ_MAX_COPIES)) {
            char name[8];
            qipai_mj_format_kind(k, false, name, sizeof name);
            if (k >= rules->kinds)
                return qipai_fail(err, QIPAI_ERR_RANGE, -1, "%s is not in the tile set (%d kinds)",
                                  name, rules->kinds);
            return qipai_fail(err, QIPAI_ERR_TOO_MANY, -1,
                              "%s appears %d times; there are %d copies of each tile", name,
                              hand->counts[k], QIPAI_MJ_MAX_COPIES);
        }
    }
    if (total > QIPAI_MJ_MAX_TILES)
        return qipai_fail(err, QIPAI_ERR_TOO_MANY, -1, "%d tiles; a hand holds at most %d", total,
                          QIPAI_MJ_MAX_TILES);
    return QIPAI_OK;
}

/* ---- writing -------------------------------------------------------------- */

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
