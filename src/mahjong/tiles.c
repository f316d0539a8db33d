/*
 * Mahjong notation: reading compact (`123m456p11z*`) and Chinese (`一万`,
 * `五筒`, `东南西北中发白`) hands, and writing kinds and hands back.
 * The notation is defined in docs/RULES.md ("Tiles").
 */
#include <qipai/mahjong.h>
#include "common/fail.h"
#include "common/text.h"

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

/* A word of the Chinese notation and what it means. */
typedef enum { WORD_NUMBER, WORD_SUIT, WORD_HONOR, WORD_SKIP } word_role;

typedef struct {
    const char *text;
    word_role role;
    int value; /* number 1-9, suit 0-2, or honor number 1-7 */
} word;

/* Longer words first, so 红中 is read before 中 and 白板 before 白. */
static const word chinese_words[] = {
    {"红中", WORD_HONOR, 7}, {"紅中", WORD_HONOR, 7}, {"白板", WORD_HONOR, 5},
    {"发财", WORD_HONOR, 6}, {"發財", WORD_HONOR, 6}, {"一", WORD_NUMBER, 1},
    {"二", WORD_NUMBER, 2},  {"两", WORD_NUMBER, 2},  {"三", WORD_NUMBER, 3},
    {"四", WORD_NUMBER, 4},  {"五", WORD_NUMBER, 5},  {"六", WORD_NUMBER, 6},
    {"七", WORD_NUMBER, 7},  {"八", WORD_NUMBER, 8},  {"九", WORD_NUMBER, 9},
    {"万", WORD_SUIT, 0},    {"萬", WORD_SUIT, 0},    {"筒", WORD_SUIT, 1},
    {"饼", WORD_SUIT, 1},    {"餅", WORD_SUIT, 1},    {"条", WORD_SUIT, 2},
    {"條", WORD_SUIT, 2},    {"索", WORD_SUIT, 2},    {"东", WORD_HONOR, 1},
    {"東", WORD_HONOR, 1},   {"南", WORD_HONOR, 2},   {"西", WORD_HONOR, 3},
    {"北", WORD_HONOR, 4},   {"白", WORD_HONOR, 5},   {"发", WORD_HONOR, 6},
    {"發", WORD_HONOR, 6},   {"中", WORD_HONOR, 7},   {"，", WORD_SKIP, 0},
    {"　", WORD_SKIP, 0},
};

/* The byte length of the UTF-8 character at s (1 for bytes that do not
 * start a valid sequence, so the error message can still show them). */
static int utf8_length(const unsigned char *s)
{
    if (s[0] < 0x80)
        return 1;
    int n = s[0] >= 0xF0 ? 4 : s[0] >= 0xE0 ? 3 : s[0] >= 0xC0 ? 2 : 1;
    for (int i = 1; i < n; i++)
        if ((s[i] & 0xC0) != 0x80)
            return 1;
    return n;
}

/* Numbers read but not yet given a suit: "123" before "m". */
typedef struct {
    uint8_t number[40];
    int count;
    int start; /* byte position of the first, for messages */
} pending_numbers;

typedef struct {
    const qipai_mj_rules *rules;
    qipai_mj_tiles tiles;
    int total, max_total;
    qipai_error *err;
} reader;

static qipai_err add_tile(reader *r, int kind, int position)
{
    if (++r->total > r->max_total)
        return qipai_fail(r->err, QIPAI_ERR_TOO_MANY, position,
                          "more than %d tiles; a hand holds at most %d", r->max_total,
                          r->max_total);
    if (kind < 0) {
        r->tiles.jokers++;
        return QIPAI_OK;
    }
    char name[8];
    if (kind >= r->rules->kinds || r->tiles.counts[kind] >= QIPAI_MJ_MAX_COPIES)
        qipai_mj_format_kind(kind, false, name, sizeof name); /* for the message */
    if (kind >= r->rules->kinds)
        return qipai_fail(r->err, QIPAI_ERR_RANGE, position,
                          "%s is not in the %s tile set (%d kinds, no honors)", name,
                          r->rules->name ? r->rules->name : "rule set's", r->rules->kinds);
    if (++r->tiles.counts[kind] > QIPAI_MJ_MAX_COPIES)
        return qipai_fail(r->err, QIPAI_ERR_TOO_MANY, position,
                          "%s appears %d times; there are %d copies of each tile", name,
                          r->tiles.counts[kind], QIPAI_MJ_MAX_COPIES);
    return QIPAI_OK;
}

static qipai_err flush_numbers(reader *r, pending_numbers *p, qipai_mj_suit suit, int position)
{
    for (int i = 0; i < p->count; i++) {
        int kind = qipai_mj_kind(suit, p->number[i]);
        if (kind < 0)
            return qipai_fail(r->err, QIPAI_ERR_SYNTAX, p->start,
                              "%d%c is not a tile (honors are 1z-7z)", p->number[i],
                              suit_letters[suit]);
        qipai_err e = add_tile(r, kind, position);
        if (e)
            return e;
    }
    p->count = 0;
    return QIPAI_OK;
}

static qipai_err push_number(reader *r, pending_numbers *p, int number, int position)
{
    if (p->count == 0)
        p->start = position;
    /* Nine numbers of one suit is the most that can fit (a tenth is a fifth
     * copy or beyond the limit); flush at the bound so the buffer is fixed. */
    if (p->count == (int)sizeof p->number)
        return qipai_fail(r->err, QIPAI_ERR_TOO_MANY, position,
                          "too many numbers before a suit letter at position %d", p->start);
    p->number[p->count++] = (uint8_t)number;
    return QIPAI_OK;
}

static int suit_of_letter(char c)
{
    switch (c) {
    case 'm': case 'M': return QIPAI_MJ_MAN;
    case 'p': case 'P': return QIPAI_MJ_PIN;
    case 's': case 'S': return QIPAI_MJ_SOU;
    case 'z': case 'Z': return QIPAI_MJ_HONOR;
    }
    return -1;
}

static qipai_err read_tiles(reader *r, const char *text)
{
    pending_numbers pending = {.count = 0};
    const unsigned char *s = (const unsigned char *)text;
    size_t i = 0;
    while (s[i]) {
        int position = (int)i;
        unsigned char c = s[i];
        qipai_err e = QIPAI_OK;
        if (c == ' ' || c == '\t' || c == ',') {
            i++;
            continue;
        }
        if (c >= '1' && c <= '9') {
            e = push_number(r, &pending, c - '0', position);
            i++;
        } else if (c == '0') {
            return qipai_fail(r->err, QIPAI_ERR_SYNTAX, position,
                              "0 at position %d is not a tile number (1-9)", position);
        } else if (suit_of_letter((char)c) >= 0) {
            if (pending.count == 0)
                return qipai_fail(r->err, QIPAI_ERR_SYNTAX, position,
                                  "suit letter '%c' at position %d has no numbers before it", c,
                                  position);
            e = flush_numbers(r, &pending, (qipai_mj_suit)suit_of_letter((char)c), position);
            i++;
        } else if (c == '*') {
            if (pending.count)
                break; /* reported below: numbers without a suit */
            e = add_tile(r, -1, position);
            i++;
        } else {
            const word *w = NULL;
            for (size_t k = 0; k < sizeof chinese_words / sizeof chinese_words[0]; k++) {
                size_t n = strlen(chinese_words[k].text);
                if (!strncmp((const char *)s + i, chinese_words[k].text, n)) {
                    w = &chinese_words[k];
                    break;
                }
            }
            if (!w) {
                int n = utf8_length(s + i);
                return qipai_fail(r->err, QIPAI_ERR_SYNTAX, position,
                                  "unexpected '%.*s' at position %d (tiles look like 123m, 5z, "
                                  "一万, 东, or * for a wildcard)",
                                  n, (const char *)s + i, position);
            }
            if (w->role == WORD_NUMBER) {
                e = push_number(r, &pending, w->value, position);
            } else if (w->role == WORD_SUIT) {
                if (pending.count == 0)
                    return qipai_fail(r->err, QIPAI_ERR_SYNTAX, position,
                                      "'%s' at position %d has no number before it", w->text,
                                      position);
                e = flush_numbers(r, &pending, (qipai_mj_suit)w->value, position);
            } else if (w->role == WORD_HONOR) {
                if (pending.count)
                    break;
                e = add_tile(r, qipai_mj_kind(QIPAI_MJ_HONOR, w->value), position);
            }
            i += strlen(w->text);
        }
        if (e)
            return e;
    }
    if (pending.count)
        return qipai_fail(r->err, QIPAI_ERR_SYNTAX, pending.start,
                          "numbers at position %d have no suit (write 123m, 456p, 789s or 11z)",
                          pending.start);
    return QIPAI_OK;
}

qipai_err qipai_mj_parse_tiles(const qipai_mj_rules *rules, const char *text,
                               qipai_mj_tiles *tiles, int max_tiles, qipai_error *err)
{
    if (!rules || !text || !tiles)
        return qipai_fail(err, QIPAI_ERR_ARGUMENT, -1, "null rules, text or tiles");
    reader r = {.rules = rules, .err = err, .max_total = max_tiles};
    memset(&r.tiles, 0, sizeof r.tiles);
    qipai_err e = read_tiles(&r, text);
    if (e)
        return e;
    *tiles = r.tiles;
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
    for (int k = 0; k < QIPAI_MJ_KINDS; k++) {
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
