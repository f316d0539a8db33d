/*
 * Mahjong hands from text: reading compact (`123m456p11z*`) or Chinese
 * (`一万`, `五筒`, `东南西北中发白`) tiles through the library's one tile
 * reader (notation.c) into the compact value, and checking a hand built by
 * hand. Writing them back is format.c. The notation is defined in
 * docs/RULES.md ("Tiles").
 */
#include <qipai/mahjong.h>
#include "common/fail.h"
#include "mahjong/notation.h"

#include <stdio.h>
#include <string.h>

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
