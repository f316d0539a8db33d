/*
 * Dou Di Zhu's cards: suited card masks and their text, the play numbering
 * (the generated tables of build/gen/ddz_plays.c) and the choice of which
 * suited cards a play of ranks takes.
 */
#include "ddz_internal.h"
#include "common/fail.h"

#include <stdio.h>
#include <string.h>

static const char rank_chars[] = "3456789TJQKA2";
static const char suit_chars[] = "shcd";

const qipai_pk_rules *ddz_pk_rules(void)
{
    static const qipai_pk_rules rules = {QIPAI_PK_GAME_DDZ, 0, 0, 0}; /* qipai_pk_rules_preset's */
    return &rules;
}

void ddz_unpack(uint64_t packed, qipai_pk_cards *cards)
{
    for (int r = 0; r < QIPAI_PK_RANKS; r++)
        cards->counts[r] = (uint8_t)(packed >> (4 * r) & 0xF);
}

uint64_t ddz_pack(const qipai_pk_cards *cards)
{
    uint64_t v = 0;
    for (int r = 0; r < QIPAI_PK_RANKS; r++)
        v |= (uint64_t)(cards->counts[r] & 0xF) << (4 * r);
    return v;
}

int32_t ddz_play_of_packed(uint64_t packed)
{
    /* the generator's open addressing: first slot, then the next ones */
    unsigned h = (unsigned)((packed * 0x9E3779B97F4A7C15ull) >> 48);
    for (;; h = (h + 1) & (DDZ_PLAY_SLOTS - 1)) {
        const unsigned n = ddz_play_hash[h];
        if (!n)
            return -1;
        if (ddz_play_cards[n - 1] == packed)
            return (int32_t)(n - 1);
    }
}

uint64_t ddz_pick_cards(uint64_t hand, uint64_t packed)
{
    uint64_t taken = 0;
    for (int r = 0; r < 13; r++) {
        unsigned want = (unsigned)(packed >> (4 * r) & 0xF);
        uint64_t held = hand & (0xFull << (4 * r));
        for (; want && held; want--) {
            const uint64_t low = held & (~held + 1); /* the lowest suit held */
            taken |= low;
            held ^= low;
        }
    }
    if (packed >> 52 & 0xF)
        taken |= hand & (1ull << QIPAI_DDZ_CARD_X);
    if (packed >> 56 & 0xF)
        taken |= hand & (1ull << QIPAI_DDZ_CARD_D);
    return taken;
}

bool qipai_ddz_play_cards(int32_t action, qipai_pk_cards *cards)
{
    if (action < 0 || action >= QIPAI_DDZ_PLAYS)
        return false;
    if (cards)
        ddz_unpack(ddz_play_cards[action], cards);
    return true;
}

int32_t qipai_ddz_play_of(const qipai_pk_cards *cards)
{
    if (!cards)
        return -1;
    for (int r = 0; r < QIPAI_PK_RANKS; r++)
        if (cards->counts[r] > 4)
            return -1;
    return ddz_play_of_packed(ddz_pack(cards));
}

static void put_card(text_sink *t, int c)
{
    if (c == QIPAI_DDZ_CARD_X)
        text_putc(t, 'X');
    else if (c == QIPAI_DDZ_CARD_D)
        text_putc(t, 'D');
    else {
        text_putc(t, rank_chars[c / 4]);
        text_putc(t, suit_chars[c % 4]);
    }
}

void ddz_put_cards(text_sink *t, uint64_t cards)
{
    for (int c = 0; c < QIPAI_DDZ_CARDS; c++)
        if (cards >> c & 1)
            put_card(t, c);
}

void ddz_put_deck(text_sink *t, const uint8_t *deck, int n)
{
    for (int i = 0; i < n; i++)
        put_card(t, deck[i]);
}

size_t qipai_ddz_format_cards(uint64_t cards, char *out, size_t size)
{
    text_sink t = text_sink_make(out, size);
    ddz_put_cards(&t, cards & DDZ_ALL_CARDS);
    return t.length;
}

qipai_err ddz_parse_card_list(const char *text, size_t length, uint8_t *cards, int *n, int most,
                              qipai_error *err)
{
    uint64_t seen = 0;
    int count = 0;
    for (size_t i = 0; i < length;) {
        int c;
        if (text[i] == 'X' || text[i] == 'D') {
            c = text[i] == 'X' ? QIPAI_DDZ_CARD_X : QIPAI_DDZ_CARD_D;
            i++;
        } else {
            const char *r = text[i] ? strchr(rank_chars, text[i]) : NULL;
            const char *s = i + 1 < length && text[i + 1] ? strchr(suit_chars, text[i + 1]) : NULL;
            if (!r)
                return qipai_fail(err, QIPAI_ERR_SYNTAX, (int)i,
                                  "'%c' at position %zu is no card (ranks 3-9 T J Q K A 2 with a "
                                  "suit s h c d, or X, D)",
                                  text[i], i);
            if (!s)
                return qipai_fail(err, QIPAI_ERR_SYNTAX, (int)i,
                                  "the card at position %zu has no suit (s h c d after the rank)", i);
            c = (int)(r - rank_chars) * 4 + (int)(s - suit_chars);
            i += 2;
        }
        if (seen >> c & 1)
            return qipai_fail(err, QIPAI_ERR_SYNTAX, (int)i, "a card twice, before position %zu", i);
        if (count >= most)
            return qipai_fail(err, QIPAI_ERR_TOO_MANY, (int)i, "more than %d cards", most);
        seen |= 1ull << c;
        cards[count++] = (uint8_t)c;
    }
    *n = count;
    return QIPAI_OK;
}

qipai_err qipai_ddz_parse_cards(const char *text, uint64_t *cards, qipai_error *err)
{
    if (!text || !cards)
        return qipai_fail(err, QIPAI_ERR_ARGUMENT, -1, "no text or cards given");
    uint8_t list[QIPAI_DDZ_CARDS];
    int n = 0;
    qipai_err e = ddz_parse_card_list(text, strlen(text), list, &n, QIPAI_DDZ_CARDS, err);
    if (e != QIPAI_OK)
        return e;
    uint64_t v = 0;
    for (int i = 0; i < n; i++)
        v |= 1ull << list[i];
    *cards = v;
    return QIPAI_OK;
}
