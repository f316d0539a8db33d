/*
 * The one reader of mahjong tile notation inside the library (not public):
 * the mahjong core's hands (qipai_mj_parse, src/mahjong/tiles.c) and the
 * Guobiao hands' melds and concealed tiles (qipai_gb_parse,
 * src/gb/notation.c) are read by mj_read_tiles, so a tile is written the
 * same way everywhere and the same mistake gets the same message.
 *
 * What every caller accepts (docs/RULES.md, "Tiles"): digits before their
 * suit letter (123m 456p 789s 1122z), Chinese tile names (一万 … 九条, 五筒,
 * 五饼, 九索, 一二三万, 东南西北中发白, 東 發 红中 白板 发财), blanks (space,
 * tab) between tiles. What a caller chooses (mj_reading.accept): the
 * wildcard '*', the suit letters in capitals, GB's honor letters, the
 * separators ',' '，' '　', and bytes that end the tiles (mj_reading.stops).
 * Reading is pure: no state outside the call, nothing allocated.
 */
#ifndef QIPAI_MAHJONG_NOTATION_H
#define QIPAI_MAHJONG_NOTATION_H

#include <qipai/mahjong.h>

#include <stdint.h>

enum {
    MJ_READ_JOKER = 1 << 0,         /* '*' is a wildcard tile (the core) */
    MJ_READ_UPPER_SUITS = 1 << 1,   /* M P S Z are suit letters too (the core) */
    MJ_READ_HONOR_LETTERS = 1 << 2, /* E S W N winds, C F P red green white (GB; S and P
                                       then are not suits: never with MJ_READ_UPPER_SUITS) */
    MJ_READ_SEPARATORS = 1 << 3     /* ',' '，' '　' between tiles are skipped (the core) */
};

/* How to read: what is accepted and what is refused. */
typedef struct mj_reading {
    unsigned accept;      /* MJ_READ_* */
    const char *stops;    /* ASCII bytes that end the tiles, left unread ("|["), or NULL */
    int kinds;            /* kinds of the tile set: a tile of kind >= kinds is refused */
    const char *set_name; /* the tile set's name for that message ("zhaotong"), or NULL */
    int max_tiles;        /* more tiles than this (jokers included) is refused */
    int melds;            /* declared melds beside these tiles, for the too-many message */
    const uint8_t *held;  /* copies of each kind held outside the text (the melds), counted
                             against the four copies; NULL for none */
} mj_reading;

/* What was read. */
typedef struct mj_read {
    qipai_mj_tiles tiles; /* the tiles read: counts per kind (held copies not included)
                             and jokers */
    int total;            /* tiles read, jokers included */
    int last;             /* the kind of the last tile written (-1: a joker, or none) */
    int end;              /* the byte where reading stopped: the NUL or a stop byte */
} mj_read;

/* Reads tiles of text from byte start, in order, until the end or a stop
 * byte. Fails, naming the problem and its byte position (counted from the
 * start of text, as is err->position), on text that is not tiles, numbers
 * without a suit, a kind outside the tile set, a fifth copy (held copies
 * included) or more than max_tiles tiles. */
qipai_err mj_read_tiles(const mj_reading *how, const char *text, int start, mj_read *out,
                        qipai_error *err);

/* The byte length of the UTF-8 character at text, for messages that show
 * it ("unexpected '中' at position 4"): 1 for a byte that does not start a
 * valid sequence, so the message still shows something. */
int mj_char_length(const char *text);

#endif
