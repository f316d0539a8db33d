/*
 * The position notation of `qipai zhaotong analyze` and the bench corpora
 * (docs/formats/zhaotong.md, "analyze"): one hand with its melds, the 坨 and
 * how a win came about, as text.
 *
 *   12345m5566p5s5s peng:9p angang:1s+ tuo:5s zimo
 *
 * Words are split by blanks. A word is the 坨 (tuo:TILE, 坨:TILE), a context
 * word, a meld (TYPE:TILE with one + per 坨 in it), or else a piece of the
 * concealed hand: the pieces are joined and read in the mahjong core's
 * notation, every tile of the 坨's kind being a 坨. The parser reads the
 * notation only; sizes and the four-copy limit over the melds are the
 * caller's to check (qipai_zt_concealed_size, qipai_zt_hand_check).
 */
#include "zt_internal.h"
#include "common/fail.h"
#include "common/text.h"

#include <stdio.h>

static const struct {
    const char *ascii, *han;
    qipai_zt_meld_type type;
} meld_words[] = {{"peng", "碰", QIPAI_ZT_PENG},
                  {"minggang", "明杠", QIPAI_ZT_MING_GANG},
                  {"angang", "暗杠", QIPAI_ZT_AN_GANG},
                  {"bugang", "补杠", QIPAI_ZT_BU_GANG}};

/* In this order on output; the first (zimo) is left out when a later word
 * already says the win was self-drawn. */
static const struct {
    const char *ascii, *han;
    unsigned bits;
} context_words[] = {{"zimo", "自摸", QIPAI_ZT_CTX_SELF_DRAWN},
                     {"gangshanghua", "杠上花", QIPAI_ZT_CTX_AFTER_KONG | QIPAI_ZT_CTX_SELF_DRAWN},
                     {"gangshangpao", "杠上炮", QIPAI_ZT_CTX_KONG_DISCARD},
                     {"qianggang", "抢杠", QIPAI_ZT_CTX_ROB_KONG},
                     {"tianhu", "天胡", QIPAI_ZT_CTX_HEAVENLY | QIPAI_ZT_CTX_SELF_DRAWN},
                     {"dihu", "地胡", QIPAI_ZT_CTX_EARTHLY}};

enum { WORDS = sizeof meld_words / sizeof meld_words[0],
       CONTEXTS = sizeof context_words / sizeof context_words[0],
       HAND_TEXT = 256 /* bytes of hand text: far more than 14 tiles in any spelling */ };

int zt_parse_kind(const char *text, size_t length)
{
    char copy[32];
    if (!text || length == 0 || length >= sizeof copy)
        return -1;
    memcpy(copy, text, length);
    copy[length] = '\0';
    qipai_mj_rules rules;
    qipai_mj_tiles tiles;
    qipai_mj_rules_preset(&rules, QIPAI_MJ_PRESET_ZHAOTONG);
    if (qipai_mj_parse_tiles(&rules, copy, &tiles, 1, NULL) != QIPAI_OK || tiles.jokers)
        return -1;
    for (int k = 0; k < QIPAI_ZT_KINDS; k++)
        if (tiles.counts[k])
            return k;
    return -1;
}

/* Whether the word [word, word + n) is `prefix:...`; *rest is what follows
 * the colon. */
static bool has_prefix(const char *word, size_t n, const char *prefix, const char **rest)
{
    size_t p = strlen(prefix);
    if (n <= p || strncmp(word, prefix, p) || word[p] != ':')
        return false;
    *rest = word + p + 1;
    return true;
}

static bool is_word(const char *word, size_t n, const char *name)
{
    return strlen(name) == n && !strncmp(word, name, n);
}

static bool blank(char c)
{
    return c == ' ' || c == '\t';
}

/* Reads one meld word (its type known; rest..end the TILE+++ part). */
static qipai_err read_meld(const char *word, size_t n, const char *rest, qipai_zt_meld_type type,
                           qipai_zt_hand *hand, qipai_error *err)
{
    if (hand->meld_count == QIPAI_ZT_MAX_MELDS)
        return qipai_fail(err, QIPAI_ERR_TOO_MANY, -1, "more than four melds");
    const char *end = word + n, *plus = rest;
    while (plus < end && *plus != '+')
        plus++;
    int kind = zt_parse_kind(rest, (size_t)(plus - rest));
    size_t tuo = (size_t)(end - plus);
    for (const char *p = plus; p < end; p++)
        if (*p != '+')
            kind = -1;
    if (kind < 0 || tuo > QIPAI_ZT_MAX_MELDS)
        return qipai_fail(err, QIPAI_ERR_SYNTAX, -1,
                          "'%.*s' is not a meld (like peng:5m, angang:1s+)", (int)n, word);
    qipai_zt_meld *m = &hand->melds[hand->meld_count++];
    m->type = (uint8_t)type;
    m->kind = (uint8_t)kind;
    m->tuo = (uint8_t)tuo;
    m->from = 0;
    return QIPAI_OK;
}

qipai_err qipai_zt_parse_position(const char *text, int default_tuo, qipai_zt_hand *hand,
                                  int *tuo, unsigned *context, qipai_error *err)
{
    char hand_text[HAND_TEXT];
    size_t hand_length = 0;
    memset(hand, 0, sizeof *hand);
    *tuo = default_tuo >= 0 && default_tuo < QIPAI_ZT_KINDS ? default_tuo : -1;
    *context = 0;
    if (!text)
        return qipai_fail(err, QIPAI_ERR_ARGUMENT, -1, "no position text");
    for (const char *p = text; *p;) {
        if (blank(*p)) {
            p++;
            continue;
        }
        const char *word = p;
        while (*p && !blank(*p))
            p++;
        size_t n = (size_t)(p - word);
        const char *rest;
        if (has_prefix(word, n, "tuo", &rest) || has_prefix(word, n, "坨", &rest)) {
            if ((*tuo = zt_parse_kind(rest, (size_t)(p - rest))) < 0)
                return qipai_fail(err, QIPAI_ERR_SYNTAX, -1, "tuo:%.*s is not a tile",
                                  (int)(p - rest), rest);
            continue;
        }
        bool done = false;
        for (size_t i = 0; i < CONTEXTS; i++)
            if (is_word(word, n, context_words[i].ascii) || is_word(word, n, context_words[i].han)) {
                *context |= context_words[i].bits;
                done = true;
            }
        for (size_t i = 0; !done && i < WORDS; i++) {
            if (!has_prefix(word, n, meld_words[i].ascii, &rest) &&
                !has_prefix(word, n, meld_words[i].han, &rest))
                continue;
            qipai_err e = read_meld(word, n, rest, meld_words[i].type, hand, err);
            if (e != QIPAI_OK)
                return e;
            done = true;
        }
        if (done)
            continue;
        if (hand_length + n >= sizeof hand_text)
            return qipai_fail(err, QIPAI_ERR_SIZE, -1, "the hand is too long");
        memcpy(hand_text + hand_length, word, n);
        hand_length += n;
    }
    hand_text[hand_length] = '\0';
    if (*tuo < 0)
        return qipai_fail(err, QIPAI_ERR_ARGUMENT, -1, "which tile is the 坨? (tuo:5s, or --tuo)");
    qipai_mj_rules rules;
    qipai_mj_rules_preset(&rules, QIPAI_MJ_PRESET_ZHAOTONG);
    qipai_mj_tiles tiles;
    qipai_err e = qipai_mj_parse_tiles(&rules, hand_text, &tiles, QIPAI_MJ_MAX_TILES, err);
    if (e != QIPAI_OK)
        return e;
    if (tiles.jokers)
        return qipai_fail(err, QIPAI_ERR_SYNTAX, -1, "write a 坨 as its tile (tuo:TILE), not *");
    memcpy(hand->counts, tiles.counts, QIPAI_ZT_KINDS);
    hand->tuo = hand->counts[*tuo];
    hand->counts[*tuo] = 0;
    for (int i = 0; i < hand->meld_count; i++)
        if (hand->melds[i].kind == *tuo && hand->melds[i].tuo)
            return qipai_fail(err, QIPAI_ERR_SYNTAX, -1,
                              "a meld of the 坨's own kind holds no 坨 besides");
    return QIPAI_OK;
}

/* The concealed tiles with the 坨 as tiles of their kind, compact. */
void zt_put_concealed(text_sink *t, const qipai_zt_hand *hand, int tuo_kind)
{
    qipai_mj_hand all;
    char text[64];
    memset(&all, 0, sizeof all);
    memcpy(all.counts, hand->counts, QIPAI_ZT_KINDS);
    if (tuo_kind >= 0 && tuo_kind < QIPAI_ZT_KINDS)
        all.counts[tuo_kind] = (uint8_t)(all.counts[tuo_kind] + hand->tuo);
    size_t n = qipai_mj_format_hand(&all, false, text, sizeof text);
    text_put(t, text, n < sizeof text ? n : sizeof text - 1);
}

void zt_put_kind(text_sink *t, int kind)
{
    char text[8];
    size_t n = qipai_mj_format_kind(kind, false, text, sizeof text);
    text_put(t, text, n < sizeof text ? n : 0);
}

size_t qipai_zt_format_position(const qipai_zt_hand *hand, int tuo, unsigned context, char *out,
                                size_t size)
{
    text_sink t = text_sink_make(out, size);
    zt_put_concealed(&t, hand, tuo);
    for (int i = 0; i < hand->meld_count && i < QIPAI_ZT_MAX_MELDS; i++) {
        const qipai_zt_meld *m = &hand->melds[i];
        text_putc(&t, ' ');
        text_puts(&t, m->type < WORDS ? meld_words[m->type].ascii : "?");
        text_putc(&t, ':');
        zt_put_kind(&t, m->kind);
        text_put(&t, "++++", m->tuo < 4 ? m->tuo : 4);
    }
    text_puts(&t, " tuo:");
    zt_put_kind(&t, tuo);
    for (size_t i = 0; i < CONTEXTS; i++) {
        bool said_later = context & (QIPAI_ZT_CTX_AFTER_KONG | QIPAI_ZT_CTX_HEAVENLY);
        if ((context & context_words[i].bits) == context_words[i].bits && !(i == 0 && said_later)) {
            text_putc(&t, ' ');
            text_puts(&t, context_words[i].ascii);
        }
    }
    return t.length;
}
