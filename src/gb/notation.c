/*
 * Guobiao hand notation (docs/FORMATS.md "gb", the notation of the public
 * test data tests/data/gb/README.md): reading, checking and writing
 * hands with their melds and situation. Tiles are the mahjong core's kinds;
 * honors are written E S W N (winds), C F P (red, green, white) or in the
 * core's compact form 1z-7z.
 */
#include "gb/gb_internal.h"
#include "common/fail.h"
#include "common/text.h"
#include "mahjong/notation.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char honor_letters[7] = {'E', 'S', 'W', 'N', 'P', 'F', 'C'};
static const char suit_letters[4] = {'m', 'p', 's', 'z'};

/* ---- reading ---- */

typedef struct reader {
    const char *text;
    int pos;
    qipai_error *err;
} reader;

static void skip_blanks(reader *r)
{
    while (r->text[r->pos] == ' ' || r->text[r->pos] == '\t')
        r->pos++;
}

/* GB's tiles are the mahjong core's notation (src/mahjong/notation.h) with
 * the honor letters E S W N C F P and without the wildcard, the capital suit
 * letters and the separators: ',' ends a meld's tiles. */
static qipai_err read_tiles(reader *r, const char *stops, int max_tiles, int melds,
                            const uint8_t *held, mj_read *out)
{
    const mj_reading how = {
        .accept = MJ_READ_HONOR_LETTERS,
        .stops = stops,
        .kinds = QIPAI_MJ_KINDS,
        .max_tiles = max_tiles,
        .melds = melds,
        .held = held,
    };
    qipai_err e = mj_read_tiles(&how, r->text, r->pos, out, r->err);
    if (e == QIPAI_OK)
        r->pos = out->end;
    return e;
}

/* [tiles] or [tiles,claim] at r->pos (on the '['); held: the copies in the
 * melds before it. */
static qipai_err read_meld(reader *r, const uint8_t *held, qipai_gb_meld *m)
{
    int start = r->pos;
    mj_read tiles;
    r->pos++;
    qipai_err e = read_tiles(r, ",]", QIPAI_MJ_MAX_TILES, 0, held, &tiles);
    if (e)
        return e;
    int claim = -1;
    if (r->text[r->pos] == ',') {
        r->pos++;
        skip_blanks(r);
        char c = r->text[r->pos];
        if (c < '0' || c > '9')
            return qipai_fail(r->err, QIPAI_ERR_SYNTAX, r->pos,
                              "the meld at position %d needs a claim number after ','", start);
        claim = c - '0';
        r->pos++;
        skip_blanks(r);
    }
    if (r->text[r->pos] != ']')
        return qipai_fail(r->err, QIPAI_ERR_SYNTAX, start, "the meld at position %d has no ']'",
                          start);
    r->pos++;
    const uint8_t *c = tiles.tiles.counts;
    int n = tiles.total, low = 0;
    while (low < QIPAI_MJ_KINDS - 1 && !c[low])
        low++;
    bool same = n >= 3 && c[low] == n;
    memset(m, 0, sizeof *m);
    m->kind = (uint8_t)low;
    if (n == 3 && same) {
        if (claim < 1 || claim > 3)
            return qipai_fail(r->err, QIPAI_ERR_RANGE, start,
                              "the pung at position %d needs whom it was claimed from: ,1 ,2 "
                              "or ,3 (only a kong may be concealed)", start);
        m->type = QIPAI_GB_MELD_PUNG;
        m->from = (uint8_t)claim;
    } else if (n == 3 && gb_is_suited(low) && gb_rank(low) <= 6 && c[low] == 1 &&
               c[low + 1] == 1 && c[low + 2] == 1) {
        if (claim < 1 || claim > 3)
            return qipai_fail(r->err, QIPAI_ERR_RANGE, start,
                              "the chow at position %d needs which tile was claimed: ,1 ,2 or ,3",
                              start);
        m->type = QIPAI_GB_MELD_CHOW;
        m->from = 1; /* a chow is always claimed from the player on the left */
        m->claimed = (uint8_t)claim;
    } else if (n == 4 && same) {
        if (claim == 0 || claim == 4 || claim > 7)
            return qipai_fail(r->err, QIPAI_ERR_RANGE, start,
                              "the kong at position %d: no claim (concealed), 1-3 (claimed) or "
                              "5-7 (added to a pung claimed from 1-3)", start);
        m->type = QIPAI_GB_MELD_KONG;
        m->from = (uint8_t)(claim < 0 ? 0 : claim > 4 ? claim - 4 : claim);
        m->claimed = claim > 4;
    } else {
        return qipai_fail(r->err, QIPAI_ERR_SYNTAX, start,
                          "the meld at position %d is not a chow, pung or kong", start);
    }
    return QIPAI_OK;
}

static qipai_err read_situation(reader *r, qipai_gb_hand *hand)
{
    int start = r->pos;
    skip_blanks(r);
    for (int i = 0; i < 2; i++) {
        char c = r->text[r->pos];
        int wind = c == 'E' ? 0 : c == 'S' ? 1 : c == 'W' ? 2 : c == 'N' ? 3 : -1;
        if (wind < 0)
            return qipai_fail(r->err, QIPAI_ERR_SYNTAX, r->pos,
                              "the situation at position %d starts with the prevalent and seat "
                              "winds, E S W or N (like |EE1000)", start);
        if (i == 0)
            hand->prevalent_wind = (uint8_t)wind;
        else
            hand->seat_wind = (uint8_t)wind;
        r->pos++;
    }
    for (int i = 0; i < 5; i++) {
        char c = r->text[r->pos];
        if (i == 4 && (c < '0' || c > '9'))
            break; /* the blessing digit is optional */
        if (c < '0' || c > (i == 4 ? '3' : '1'))
            return qipai_fail(r->err, QIPAI_ERR_SYNTAX, r->pos,
                              i == 4 ? "the blessing at position %d is 0-3 (none, 天和, 地和, 人和)"
                                     : "position %d: the four flags after the winds are 0 or 1 "
                                       "(self-drawn, 和绝张, 海底/妙手, kong)",
                              r->pos);
        if (i < 4)
            hand->flags |= (uint8_t)((c - '0') << i);
        else
            hand->blessing = (uint8_t)(c - '0');
        r->pos++;
    }
    skip_blanks(r);
    if (r->text[r->pos] != '|')
        return QIPAI_OK;
    r->pos++;
    skip_blanks(r);
    char c = r->text[r->pos];
    if (c >= '0' && c <= '9') {
        int flowers = 0, at = r->pos;
        while (r->text[r->pos] >= '0' && r->text[r->pos] <= '9' && flowers <= 8)
            flowers = flowers * 10 + r->text[r->pos++] - '0';
        if (flowers > 8)
            return qipai_fail(r->err, QIPAI_ERR_RANGE, at,
                              "%d flowers at position %d; there are 8", flowers, at);
        hand->flowers = (uint8_t)flowers;
    } else {
        unsigned seen = 0;
        while (r->text[r->pos] >= 'a' && r->text[r->pos] <= 'h') {
            unsigned bit = 1u << (r->text[r->pos] - 'a');
            if (seen & bit)
                return qipai_fail(r->err, QIPAI_ERR_TOO_MANY, r->pos,
                                  "flower '%c' at position %d appears twice", r->text[r->pos],
                                  r->pos);
            seen |= bit;
            hand->flowers++;
            r->pos++;
        }
    }
    return QIPAI_OK;
}

qipai_err qipai_gb_parse(const char *text, qipai_gb_hand *hand, qipai_error *err)
{
    if (!text || !hand)
        return qipai_fail(err, QIPAI_ERR_ARGUMENT, -1, "null text or hand");
    reader r = {.text = text, .pos = 0, .err = err};
    uint8_t held[QIPAI_MJ_KINDS] = {0}; /* the copies in the melds read so far */
    memset(hand, 0, sizeof *hand);
    skip_blanks(&r);
    while (text[r.pos] == '[') {
        int start = r.pos;
        if (hand->meld_count == QIPAI_GB_MAX_MELDS)
            return qipai_fail(err, QIPAI_ERR_TOO_MANY, start,
                              "a fifth meld at position %d; a hand has at most 4", start);
        qipai_gb_meld *m = &hand->melds[hand->meld_count];
        qipai_err e = read_meld(&r, held, m);
        if (e)
            return e;
        hand->meld_count++;
        int size = m->type == QIPAI_GB_MELD_KONG ? 4 : 3;
        for (int i = 0; i < size; i++)
            held[m->type == QIPAI_GB_MELD_CHOW ? m->kind + i : m->kind]++;
        skip_blanks(&r);
    }
    mj_read tiles;
    qipai_err e = read_tiles(&r, "|[", QIPAI_MJ_MAX_TILES - 3 * hand->meld_count,
                             hand->meld_count, held, &tiles);
    if (e)
        return e;
    if (text[r.pos] == '[')
        return qipai_fail(err, QIPAI_ERR_SYNTAX, r.pos,
                          "a meld at position %d after concealed tiles; write the melds first",
                          r.pos);
    if (tiles.total == 0)
        return qipai_fail(err, QIPAI_ERR_SIZE, r.pos, "no concealed tiles");
    memcpy(hand->counts, tiles.tiles.counts, sizeof hand->counts);
    hand->tile_count = (uint8_t)tiles.total;
    hand->win_tile = (uint8_t)tiles.last;
    if (text[r.pos] == '|') {
        r.pos++;
        e = read_situation(&r, hand);
        if (e)
            return e;
    }
    skip_blanks(&r);
    if (text[r.pos])
        return qipai_fail(err, QIPAI_ERR_SYNTAX, r.pos, "unexpected '%.*s' at position %d",
                          mj_char_length(text + r.pos), text + r.pos, r.pos);
    return QIPAI_OK;
}

/* ---- checking ---- */

static int name_kind(int kind, char *buf, size_t size)
{
    return qipai_mj_format_kind(kind, false, buf, size);
}

/* The checks one by one, each with its message. */
static qipai_err check_detail(const qipai_gb_hand *hand, int tiles, qipai_error *err)
{
    if (!hand)
        return qipai_fail(err, QIPAI_ERR_ARGUMENT, -1, "null hand");
    if (tiles != 13 && tiles != 14)
        return qipai_fail(err, QIPAI_ERR_ARGUMENT, -1, "a hand is checked for 13 or 14 tiles");
    if (hand->meld_count > QIPAI_GB_MAX_MELDS)
        return qipai_fail(err, QIPAI_ERR_TOO_MANY, -1, "%d melds; at most 4", hand->meld_count);
    uint8_t all[QIPAI_MJ_KINDS];
    memcpy(all, hand->counts, sizeof all);
    int concealed = 0, kongs = 0;
    for (int k = 0; k < QIPAI_MJ_KINDS; k++)
        concealed += hand->counts[k];
    for (int i = 0; i < hand->meld_count; i++) {
        const qipai_gb_meld *m = &hand->melds[i];
        bool ok = m->kind < QIPAI_MJ_KINDS;
        switch (m->type) {
        case QIPAI_GB_MELD_CHOW:
            ok = ok && gb_is_suited(m->kind) && gb_rank(m->kind) <= 6 && m->from == 1 &&
                 m->claimed >= 1 && m->claimed <= 3;
            break;
        case QIPAI_GB_MELD_PUNG:
            ok = ok && m->from >= 1 && m->from <= 3 && m->claimed == 0;
            break;
        case QIPAI_GB_MELD_KONG:
            ok = ok && m->from <= 3 && m->claimed <= 1 && (m->from > 0 || !m->claimed);
            kongs++;
            break;
        default:
            ok = false;
        }
        if (!ok)
            return qipai_fail(err, QIPAI_ERR_RANGE, -1, "meld %d is not a valid meld", i + 1);
        for (int j = 0; j < (m->type == QIPAI_GB_MELD_KONG ? 4 : 3); j++)
            all[m->type == QIPAI_GB_MELD_CHOW ? m->kind + j : m->kind]++;
    }
    for (int k = 0; k < QIPAI_MJ_KINDS; k++)
        if (all[k] > QIPAI_MJ_MAX_COPIES) {
            char name[8];
            name_kind(k, name, sizeof name);
            return qipai_fail(err, QIPAI_ERR_TOO_MANY, -1,
                              "%s appears %d times (melds included); there are 4 copies of "
                              "each tile", name, all[k]);
        }
    int want = tiles - 3 * hand->meld_count;
    if (concealed != want || hand->tile_count != concealed)
        return qipai_fail(err, QIPAI_ERR_SIZE, -1,
                          "%d concealed tiles beside %d melds; %s has %d", concealed,
                          hand->meld_count, tiles == 14 ? "a winning hand" : "a waiting hand",
                          want);
    if (hand->win_tile >= QIPAI_MJ_KINDS || !hand->counts[hand->win_tile])
        return qipai_fail(err, QIPAI_ERR_RANGE, -1, "the winning tile is not among the tiles");
    if (hand->prevalent_wind > 3 || hand->seat_wind > 3 || hand->flags > 15 ||
        hand->blessing > QIPAI_GB_BLESSING_HUMANITY || hand->flowers > 8)
        return qipai_fail(err, QIPAI_ERR_RANGE, -1,
                          "the situation is out of range (winds 0-3, flags, blessing 0-3, "
                          "flowers 0-8)");
    if (tiles == 13)
        return QIPAI_OK;

    /* A situation the tiles make impossible. */
    bool self = hand->flags & QIPAI_GB_SELF_DRAWN;
    const char *problem = NULL;
    if ((hand->flags & QIPAI_GB_KONG) && self && !kongs)
        return qipai_fail(err, QIPAI_ERR_STATE, -1,
                          "杠上开花 (self-drawn after a kong) but the hand has no kong");
    if ((hand->flags & QIPAI_GB_KONG) && !self && all[hand->win_tile] != 1)
        problem = "抢杠和 on %s, but the hand holds another %s: the robbed kong had the other "
                  "three";
    else if ((hand->flags & QIPAI_GB_LAST_COPY) && hand->counts[hand->win_tile] != 1)
        problem = "和绝张 on %s, but another %s is concealed in the hand, not on the table";
    if (problem) {
        char name[8];
        name_kind(hand->win_tile, name, sizeof name);
        return qipai_fail(err, QIPAI_ERR_STATE, -1, problem, name, name);
    }
    if (hand->blessing) {
        bool wants_self = hand->blessing != QIPAI_GB_BLESSING_HUMANITY;
        if (hand->meld_count)
            return qipai_fail(err, QIPAI_ERR_STATE, -1, "a blessing (天和, 地和, 人和) has no melds");
        if (self != wants_self)
            return qipai_fail(err, QIPAI_ERR_STATE, -1, "%s is won %s",
                              hand->blessing == QIPAI_GB_BLESSING_HEAVEN  ? "天和"
                              : hand->blessing == QIPAI_GB_BLESSING_EARTH ? "地和"
                                                                          : "人和",
                              wants_self ? "self-drawn" : "on a discard");
    }
    return QIPAI_OK;
}

/* Nonzero when some byte of x is above limit (limit < 128). */
static inline uint64_t bytes_above(uint64_t x, unsigned limit)
{
    return ((x + 0x0101010101010101ull * (127 - limit)) | x) & 0x8080808080808080ull;
}

/* The same checks, fast: every call of qipai_gb_fan makes them, and almost
 * every hand passes, so the messages are only worked out on a failure. */
qipai_err qipai_gb_check(const qipai_gb_hand *hand, int tiles, qipai_error *err)
{
    if (!hand || (tiles != 13 && tiles != 14) || hand->meld_count > QIPAI_GB_MAX_MELDS)
        return check_detail(hand, tiles, err);
    uint8_t all[40] = {0};
    memcpy(all, hand->counts, QIPAI_MJ_KINDS);
    bool ok = true;
    int kongs = 0;
    for (int i = 0; i < hand->meld_count; i++) {
        const qipai_gb_meld *m = &hand->melds[i];
        if (m->kind >= QIPAI_MJ_KINDS)
            return check_detail(hand, tiles, err);
        switch (m->type) {
        case QIPAI_GB_MELD_CHOW:
            ok &= m->kind < 27 && m->kind % 9 <= 6 && m->from == 1 && m->claimed >= 1 &&
                  m->claimed <= 3;
            all[m->kind]++, all[m->kind + 1]++, all[m->kind + 2]++;
            break;
        case QIPAI_GB_MELD_PUNG:
            ok &= m->from >= 1 && m->from <= 3 && m->claimed == 0;
            all[m->kind] += 3;
            break;
        case QIPAI_GB_MELD_KONG:
            ok &= m->from <= 3 && m->claimed <= 1 && (m->from > 0 || !m->claimed);
            all[m->kind] += 4;
            kongs++;
            break;
        default:
            ok = false;
        }
    }
    uint64_t over = 0, words[5];
    memcpy(words, all, sizeof words);
    for (int w = 0; w < 5; w++)
        over |= bytes_above(words[w], QIPAI_MJ_MAX_COPIES);
    uint64_t c[4];
    memcpy(c, hand->counts, sizeof c);
    int concealed = hand->counts[32] + hand->counts[33];
    for (int w = 0; w < 4; w++)
        concealed += (int)((c[w] * 0x0101010101010101ull) >> 56); /* no byte sum passes 255 */
    int win = hand->win_tile;
    ok &= !over && concealed == tiles - 3 * hand->meld_count && hand->tile_count == concealed &&
          win < QIPAI_MJ_KINDS && hand->prevalent_wind <= 3 && hand->seat_wind <= 3 &&
          hand->flags <= 15 && hand->blessing <= QIPAI_GB_BLESSING_HUMANITY &&
          hand->flowers <= 8;
    if (!ok || !hand->counts[win])
        return check_detail(hand, tiles, err);
    if (tiles == 13)
        return QIPAI_OK;
    bool self = hand->flags & QIPAI_GB_SELF_DRAWN;
    if ((hand->flags & QIPAI_GB_KONG) && (self ? !kongs : all[win] != 1))
        return check_detail(hand, tiles, err);
    if ((hand->flags & QIPAI_GB_LAST_COPY) && hand->counts[win] != 1)
        return check_detail(hand, tiles, err);
    if (hand->blessing && (hand->meld_count ||
                           self != (hand->blessing != QIPAI_GB_BLESSING_HUMANITY)))
        return check_detail(hand, tiles, err);
    return QIPAI_OK;
}

/* ---- writing ---- */

typedef text_sink writer;

static void put_char(writer *w, char c)
{
    text_putc(w, c);
}

/* Tiles of counts[] in compact notation, honors as letters. */
static void put_tiles(writer *w, const uint8_t counts[QIPAI_MJ_KINDS])
{
    for (int suit = 0; suit < 3; suit++) {
        bool any = false;
        for (int k = 9 * suit; k < 9 * suit + 9; k++)
            for (int c = 0; c < counts[k]; c++) {
                put_char(w, (char)('1' + k % 9));
                any = true;
            }
        if (any)
            put_char(w, suit_letters[suit]);
    }
    for (int k = 27; k < QIPAI_MJ_KINDS; k++)
        for (int c = 0; c < counts[k]; c++)
            put_char(w, honor_letters[k - 27]);
}

static void put_kind(writer *w, int kind)
{
    uint8_t one[QIPAI_MJ_KINDS] = {0};
    one[kind] = 1;
    put_tiles(w, one);
}

size_t qipai_gb_format_hand(const qipai_gb_hand *hand, char *out, size_t size)
{
    writer w = text_sink_make(out, size);
    for (int i = 0; i < hand->meld_count && i < QIPAI_GB_MAX_MELDS; i++) {
        const qipai_gb_meld *m = &hand->melds[i];
        uint8_t c[QIPAI_MJ_KINDS] = {0};
        if (m->kind >= QIPAI_MJ_KINDS)
            continue;
        if (m->type == QIPAI_GB_MELD_CHOW && m->kind + 2 < QIPAI_MJ_KINDS)
            c[m->kind] = c[m->kind + 1] = c[m->kind + 2] = 1;
        else
            c[m->kind] = m->type == QIPAI_GB_MELD_KONG ? 4 : 3;
        put_char(&w, '[');
        put_tiles(&w, c);
        int claim = m->type == QIPAI_GB_MELD_CHOW ? m->claimed
                    : m->claimed                  ? m->from + 4
                                                  : m->from;
        if (claim) {
            put_char(&w, ',');
            put_char(&w, (char)('0' + claim % 10));
        }
        put_char(&w, ']');
    }
    uint8_t rest[QIPAI_MJ_KINDS];
    memcpy(rest, hand->counts, sizeof rest);
    bool win = hand->win_tile < QIPAI_MJ_KINDS && rest[hand->win_tile];
    if (win)
        rest[hand->win_tile]--;
    put_tiles(&w, rest);
    if (win)
        put_kind(&w, hand->win_tile);
    put_char(&w, '|');
    put_char(&w, "ESWN"[hand->prevalent_wind & 3]);
    put_char(&w, "ESWN"[hand->seat_wind & 3]);
    for (int i = 0; i < 4; i++)
        put_char(&w, (char)('0' + (hand->flags >> i & 1)));
    if (hand->blessing)
        put_char(&w, (char)('0' + hand->blessing % 10));
    if (hand->flowers) {
        put_char(&w, '|');
        put_char(&w, (char)('0' + hand->flowers % 10));
    }
    return w.length;
}

size_t qipai_gb_format_group(const qipai_gb_group *group, char *out, size_t size)
{
    writer w = text_sink_make(out, size);
    uint8_t c[QIPAI_MJ_KINDS] = {0};
    int k = group->kind;
    if (k >= QIPAI_MJ_KINDS)
        return 0;
    switch (group->type) {
    case QIPAI_GB_GROUP_CHOW:
        if (k + 2 < QIPAI_MJ_KINDS)
            c[k] = c[k + 1] = c[k + 2] = 1;
        break;
    case QIPAI_GB_GROUP_PUNG: c[k] = 3; break;
    case QIPAI_GB_GROUP_KONG: c[k] = 4; break;
    case QIPAI_GB_GROUP_PAIR: c[k] = 2; break;
    case QIPAI_GB_GROUP_KNITTED:
        if (k + 6 < QIPAI_MJ_KINDS)
            c[k] = c[k + 3] = c[k + 6] = 1;
        break;
    default: c[k] = 1;
    }
    /* Honors in the core's compact notation here (5z, 777z): JSON readers
     * get one tile notation for everything the library writes. */
    for (int suit = 0; suit < 4; suit++) {
        bool any = false;
        for (int kind = 9 * suit; kind < 9 * suit + 9 && kind < QIPAI_MJ_KINDS; kind++)
            for (int n = 0; n < c[kind]; n++) {
                put_char(&w, (char)('1' + kind % 9));
                any = true;
            }
        if (any)
            put_char(&w, suit_letters[suit]);
    }
    return w.length;
}
