/*
 * Reading mahjong tile notation (src/mahjong/notation.h, docs/RULES.md
 * "Tiles"): compact digits-then-suit groups, Chinese tile names, and what
 * each caller adds (the wildcard, capital suit letters, GB's honor
 * letters, separators, stop bytes). Tiles are counted in the order they
 * are written, each at the byte position of its own number or name, so
 * that every message names the tile at fault.
 */
#include "mahjong/notation.h"
#include "common/fail.h"

#include <stdbool.h>
#include <string.h>

/* ---- Chinese words --------------------------------------------------------- */

/* A word of the Chinese notation and what it means. */
typedef enum { WORD_NUMBER, WORD_SUIT, WORD_HONOR, WORD_SEPARATOR } word_role;

typedef struct {
    const char *text;
    uint8_t length; /* bytes */
    uint8_t role;   /* word_role */
    uint8_t value;  /* number 1-9, suit 0-2, or honor number 1-7 */
} word;

#define WORD(text, role, value) {text, sizeof text - 1, role, value}

/* Longer words first, so 红中 is read before 中 and 白板 before 白. */
static const word chinese_words[] = {
    WORD("红中", WORD_HONOR, 7),  WORD("紅中", WORD_HONOR, 7),  WORD("白板", WORD_HONOR, 5),
    WORD("发财", WORD_HONOR, 6),  WORD("發財", WORD_HONOR, 6),  WORD("一", WORD_NUMBER, 1),
    WORD("二", WORD_NUMBER, 2),   WORD("两", WORD_NUMBER, 2),   WORD("三", WORD_NUMBER, 3),
    WORD("四", WORD_NUMBER, 4),   WORD("五", WORD_NUMBER, 5),   WORD("六", WORD_NUMBER, 6),
    WORD("七", WORD_NUMBER, 7),   WORD("八", WORD_NUMBER, 8),   WORD("九", WORD_NUMBER, 9),
    WORD("万", WORD_SUIT, 0),     WORD("萬", WORD_SUIT, 0),     WORD("筒", WORD_SUIT, 1),
    WORD("饼", WORD_SUIT, 1),     WORD("餅", WORD_SUIT, 1),     WORD("条", WORD_SUIT, 2),
    WORD("條", WORD_SUIT, 2),     WORD("索", WORD_SUIT, 2),     WORD("东", WORD_HONOR, 1),
    WORD("東", WORD_HONOR, 1),    WORD("南", WORD_HONOR, 2),    WORD("西", WORD_HONOR, 3),
    WORD("北", WORD_HONOR, 4),    WORD("白", WORD_HONOR, 5),    WORD("发", WORD_HONOR, 6),
    WORD("發", WORD_HONOR, 6),    WORD("中", WORD_HONOR, 7),    WORD("，", WORD_SEPARATOR, 0),
    WORD("　", WORD_SEPARATOR, 0),
};

static const word *chinese_word(const unsigned char *s)
{
    for (size_t k = 0; k < sizeof chinese_words / sizeof chinese_words[0]; k++)
        if (!strncmp((const char *)s, chinese_words[k].text, chinese_words[k].length))
            return &chinese_words[k];
    return NULL;
}

int mj_char_length(const char *text)
{
    const unsigned char *s = (const unsigned char *)text;
    if (s[0] < 0x80)
        return 1;
    int n = s[0] >= 0xF0 ? 4 : s[0] >= 0xE0 ? 3 : s[0] >= 0xC0 ? 2 : 1;
    for (int i = 1; i < n; i++)
        if ((s[i] & 0xC0) != 0x80)
            return 1;
    return n;
}

/* ---- letters ------------------------------------------------------------------ */

static const char suit_letters[4] = {'m', 'p', 's', 'z'};

static int suit_of_letter(unsigned c, unsigned accept)
{
    switch (c) {
    case 'm': return QIPAI_MJ_MAN;
    case 'p': return QIPAI_MJ_PIN;
    case 's': return QIPAI_MJ_SOU;
    case 'z': return QIPAI_MJ_HONOR;
    }
    if (!(accept & MJ_READ_UPPER_SUITS))
        return -1;
    switch (c) {
    case 'M': return QIPAI_MJ_MAN;
    case 'P': return QIPAI_MJ_PIN;
    case 'S': return QIPAI_MJ_SOU;
    case 'Z': return QIPAI_MJ_HONOR;
    }
    return -1;
}

/* GB's honor letters: E S W N (27-30), P F C (white, green, red: 31-33). */
static int honor_of_letter(unsigned c)
{
    static const char letters[7] = {'E', 'S', 'W', 'N', 'P', 'F', 'C'};
    for (int i = 0; i < 7; i++)
        if ((unsigned)letters[i] == c)
            return 27 + i;
    return -1;
}

/* ---- counting ------------------------------------------------------------------ */

/* The tiles counted so far. Kept in the reading function's own variables
 * (the helpers are inlined), since every count is a byte store that could
 * otherwise alias anything reached through a pointer. */
typedef struct {
    qipai_mj_tiles tiles;
    int total;
    int last;
} tally;

/* Numbers read but not yet given a suit: "123" before "m". Nine numbers
 * of one suit is the most a hand can hold; 40 leaves room for long lists of
 * tiles (a wall) while keeping the buffer fixed. */
typedef struct {
    uint8_t number[40];
    int position[40];
    int count;
} pending_numbers;

static const uint8_t no_copies[QIPAI_MJ_KINDS];

/* Why one more tile of kind (-1 a joker) at position cannot be counted:
 * too many tiles, a kind outside the tile set, a fifth copy. copies: of
 * kind so far, held ones included. */
static qipai_err refuse(const mj_reading *how, int kind, int copies, int position,
                        qipai_error *err)
{
    if (kind < 0)
        return qipai_fail(err, QIPAI_ERR_TOO_MANY, position,
                          "more than %d wildcards at position %d", UINT8_MAX, position);
    char name[8];
    qipai_mj_format_kind(kind, false, name, sizeof name);
    if (kind >= how->kinds)
        return qipai_fail(err, QIPAI_ERR_RANGE, position,
                          "%s is not in the %s tile set (%d kinds, no honors)", name,
                          how->set_name ? how->set_name : "rule set's", how->kinds);
    if (how->held && how->held[kind])
        return qipai_fail(err, QIPAI_ERR_TOO_MANY, position,
                          "%s appears %d times (melds included); there are %d copies of each "
                          "tile", name, copies + 1, QIPAI_MJ_MAX_COPIES);
    return qipai_fail(err, QIPAI_ERR_TOO_MANY, position,
                      "%s appears %d times; there are %d copies of each tile", name, copies + 1,
                      QIPAI_MJ_MAX_COPIES);
}

static qipai_err too_many(const mj_reading *how, int position, qipai_error *err)
{
    if (how->melds > 0)
        return qipai_fail(err, QIPAI_ERR_TOO_MANY, position,
                          "more than %d tiles beside %d meld%s; a hand holds at most %d (3 a "
                          "meld)", how->max_tiles, how->melds, how->melds == 1 ? "" : "s",
                          how->max_tiles + 3 * how->melds);
    return qipai_fail(err, QIPAI_ERR_TOO_MANY, position,
                      "more than %d tiles; a hand holds at most %d", how->max_tiles,
                      how->max_tiles);
}

/* Counts one tile (kind -1: a joker) written at position. held: never
 * NULL here (no_copies stands in). */
static inline qipai_err add_tile(tally *t, const mj_reading *how, const uint8_t *held, int kind,
                                 int position, qipai_error *err)
{
    if (t->total >= how->max_tiles)
        return too_many(how, position, err);
    if (kind < 0) {
        if (t->tiles.jokers == UINT8_MAX)
            return refuse(how, kind, 0, position, err);
        t->tiles.jokers++;
    } else {
        int copies = t->tiles.counts[kind] + held[kind];
        if (kind >= how->kinds || copies >= QIPAI_MJ_MAX_COPIES)
            return refuse(how, kind, copies, position, err);
        t->tiles.counts[kind]++;
    }
    t->total++;
    t->last = kind;
    return QIPAI_OK;
}

static inline qipai_err push_number(pending_numbers *p, int number, int position,
                                    qipai_error *err)
{
    if (p->count == (int)sizeof p->number)
        return qipai_fail(err, QIPAI_ERR_TOO_MANY, p->position[0],
                          "too many numbers before a suit letter at position %d",
                          p->position[0]);
    p->number[p->count] = (uint8_t)number;
    p->position[p->count++] = position;
    return QIPAI_OK;
}

/* Gives the pending numbers their suit, in the order written. */
static inline qipai_err flush_numbers(tally *t, pending_numbers *p, int suit,
                                      const mj_reading *how, const uint8_t *held,
                                      qipai_error *err)
{
    for (int i = 0; i < p->count; i++) {
        int number = p->number[i];
        if (suit == QIPAI_MJ_HONOR && number > 7)
            return qipai_fail(err, QIPAI_ERR_SYNTAX, p->position[i],
                              "%d%c at position %d is not a tile (honors are 1z-7z)", number,
                              suit_letters[suit], p->position[i]);
        qipai_err e = add_tile(t, how, held, 9 * suit + number - 1, p->position[i], err);
        if (e)
            return e;
    }
    p->count = 0;
    return QIPAI_OK;
}

/* "unexpected 'x' at position 3 (...)": one text for every reading, so the
 * same mistake reads the same in a mahjong and a Guobiao hand; the examples
 * are the forms every reading accepts, and the wildcard where it is one (a
 * player who does not know its sign learns it here). */
static qipai_err unexpected(const unsigned char *s, int position, unsigned accept,
                            qipai_error *err)
{
    return qipai_fail(err, QIPAI_ERR_SYNTAX, position,
                      "unexpected '%.*s' at position %d (tiles look like 123m, 5z, 一万 or 东%s)",
                      mj_char_length((const char *)s + position), (const char *)s + position,
                      position, accept & MJ_READ_JOKER ? "; * is a wildcard" : "");
}

/* ---- reading ---------------------------------------------------------------------- */

qipai_err mj_read_tiles(const mj_reading *how, const char *text, int start, mj_read *out,
                        qipai_error *err)
{
    const unsigned char *s = (const unsigned char *)text;
    const unsigned accept = how->accept;
    const uint8_t *held = how->held ? how->held : no_copies;
    tally t;
    memset(&t.tiles, 0, sizeof t.tiles);
    t.total = 0;
    t.last = -1;
    pending_numbers pending;
    pending.count = 0;
    int i = start;
    for (;;) {
        unsigned c = s[i];
        qipai_err e;
        if (c - '1' < 9u) {
            if ((e = push_number(&pending, (int)(c - '0'), i, err)))
                return e;
            i++;
            continue;
        }
        int suit = suit_of_letter(c, accept);
        if (suit >= 0) {
            if (pending.count == 0)
                return qipai_fail(err, QIPAI_ERR_SYNTAX, i,
                                  "suit letter '%c' at position %d has no numbers before it",
                                  (char)c, i);
            if ((e = flush_numbers(&t, &pending, suit, how, held, err)))
                return e;
            i++;
            continue;
        }
        if (c == ' ' || c == '\t' || (c == ',' && (accept & MJ_READ_SEPARATORS))) {
            i++;
            continue;
        }
        if (c == '\0' || (how->stops && c < 0x80 && strchr(how->stops, (int)c)))
            break;
        if (c == '0')
            return qipai_fail(err, QIPAI_ERR_SYNTAX, i,
                              "0 at position %d is not a tile number (1-9)", i);
        bool joker = c == '*' && (accept & MJ_READ_JOKER);
        int letter = accept & MJ_READ_HONOR_LETTERS ? honor_of_letter(c) : -1;
        if (joker || letter >= 0) {
            if (pending.count)
                break; /* reported below: numbers without a suit */
            if ((e = add_tile(&t, how, held, joker ? -1 : letter, i, err)))
                return e;
            i++;
            continue;
        }
        const word *w = c >= 0x80 ? chinese_word(s + i) : NULL;
        if (!w || (w->role == WORD_SEPARATOR && !(accept & MJ_READ_SEPARATORS)))
            return unexpected(s, i, accept, err);
        if (w->role == WORD_NUMBER) {
            e = push_number(&pending, w->value, i, err);
        } else if (w->role == WORD_SUIT) {
            if (pending.count == 0)
                return qipai_fail(err, QIPAI_ERR_SYNTAX, i,
                                  "'%s' at position %d has no number before it", w->text, i);
            e = flush_numbers(&t, &pending, w->value, how, held, err);
        } else if (w->role == WORD_HONOR) {
            if (pending.count)
                break;
            e = add_tile(&t, how, held, 27 + w->value - 1, i, err);
        } else {
            e = QIPAI_OK;
        }
        if (e)
            return e;
        i += w->length;
    }
    if (pending.count)
        return qipai_fail(err, QIPAI_ERR_SYNTAX, pending.position[0],
                          "numbers at position %d have no suit (write 123m, 456p, 789s or 11z)",
                          pending.position[0]);
    out->tiles = t.tiles;
    out->total = t.total;
    out->last = t.last;
    out->end = i;
    return QIPAI_OK;
}
