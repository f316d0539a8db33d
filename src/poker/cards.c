/*
 * Card notation (docs/RULES.md "Poker", "Cards"): reading "3445566688",
 * "10JQKA2XD" and the Chinese names players type ("大王小王", "三四五六七",
 * "勾圈凯尖") into counts, writing counts back in ascending rank order, the
 * limits each rule set puts on a hand, and the card order every list uses.
 */
#include "pk.h"
#include "common/fail.h"
#include "common/json.h" /* qjson_utf8_sequence */

#include <string.h>

static const char rank_chars[] = "3456789TJQKA2XD";

char qipai_pk_rank_char(int rank)
{
    return rank >= 0 && rank < QIPAI_PK_RANKS ? rank_chars[rank] : '?';
}

/* What a character or name stands for besides a rank index (0..14). */
enum { NOT_A_CARD = -1, BOTH_JOKERS = -2, SEPARATOR = -3 };

/* The rank an ASCII character names, or NOT_A_CARD. '1' is not a rank on
 * its own: it only starts "10". */
static int rank_of(char c)
{
    switch (c) {
    case 'T': case 't': return 7;
    case 'J': case 'j': return 8;
    case 'Q': case 'q': return 9;
    case 'K': case 'k': return 10;
    case 'A': case 'a': return 11;
    case '2': return 12;
    case 'X': case 'x': case 'B': case 'b': return 13;
    case 'D': case 'd': case 'R': case 'r': return 14;
    default:
        if (c >= '3' && c <= '9')
            return c - '3';
        return NOT_A_CARD;
    }
}

/* The Chinese names of the cards (docs/formats/poker.md "Cards"), simplified
 * and traditional: the numerals 三…十 and 二 (or 两) for the ranks, the
 * common nicknames of the court cards (J 勾/钩 "hook", Q 圈 "ring", K 凯 or
 * 老K, A 尖 "point"), and the jokers: 大王/大鬼/红王 the big one, 小王/小鬼/
 * 黑王 the small one, 大小王 both. Full-width blanks and the Chinese commas
 * separate cards as blanks do, and the full-width forms of the ASCII
 * notation ("３４５", "ＪＱＫ") read as it does. No name is a prefix of
 * another, so the first match is the only one. */
static const struct {
    const char *text;
    int rank; /* a rank index, BOTH_JOKERS or SEPARATOR */
} chinese_names[] = {
    {"三", 0}, {"四", 1}, {"五", 2}, {"六", 3}, {"七", 4}, {"八", 5}, {"九", 6},
    {"十", 7}, {"勾", 8}, {"钩", 8}, {"鉤", 8}, {"圈", 9}, {"凯", 10}, {"凱", 10},
    {"老K", 10}, {"老k", 10}, {"尖", 11}, {"二", 12}, {"两", 12}, {"兩", 12},
    {"小王", QIPAI_PK_RANK_X}, {"小鬼", QIPAI_PK_RANK_X}, {"黑王", QIPAI_PK_RANK_X},
    {"大王", QIPAI_PK_RANK_D}, {"大鬼", QIPAI_PK_RANK_D}, {"红王", QIPAI_PK_RANK_D},
    {"紅王", QIPAI_PK_RANK_D}, {"大小王", BOTH_JOKERS},
    {"\u3000" /* the full-width blank */, SEPARATOR}, {"，", SEPARATOR}, {"、", SEPARATOR},
};

/* Whether a Chinese name starts at text: then *rank gets what it names and
 * *length its byte length. */
static int chinese_name(const char *text, int *rank, int *length)
{
    for (size_t w = 0; w < sizeof chinese_names / sizeof chinese_names[0]; w++) {
        size_t n = strlen(chinese_names[w].text);
        if (!strncmp(text, chinese_names[w].text, n)) {
            *rank = chinese_names[w].rank;
            *length = (int)n;
            return 1;
        }
    }
    return 0;
}

/* The ASCII character a full-width form (U+FF01..U+FF5E, what a Chinese
 * input method types in full-width mode: "３４５", "Ｊ") stands for, or 0. */
static char fullwidth_ascii(const char *text)
{
    const unsigned char *s = (const unsigned char *)text;
    if (s[0] != 0xEF || (s[1] != 0xBC && s[1] != 0xBD) || s[2] < 0x80 || s[2] > 0xBF)
        return 0;
    unsigned code = 0xF000u | (s[1] & 0x3Fu) << 6 | (s[2] & 0x3Fu);
    return code >= 0xFF01 && code <= 0xFF5E ? (char)(code - 0xFEE0) : 0;
}

/* The rank a full-width form names ("３", "ｊ", "１０": the ASCII notation
 * typed in full-width mode), or NOT_A_CARD; *length gets its byte length. */
static int fullwidth_rank(const char *text, int *length)
{
    char ascii = fullwidth_ascii(text);
    *length = 3;
    if (ascii == '1' && fullwidth_ascii(text + 3) == '0') {
        *length = 6;
        return 7;
    }
    return ascii ? rank_of(ascii) : NOT_A_CARD;
}

/* The error for the text at position i that is no card. */
static qipai_err not_a_card(const char *text, int i, qipai_error *err)
{
    unsigned char u = (unsigned char)text[i];
    if (u >= 0x20 && u < 0x7f)
        return qipai_fail(err, QIPAI_ERR_SYNTAX, i,
                          "'%c' at position %d is not a card (3-9, T or 10, J Q K A 2, X/B, D/R)",
                          text[i], i);
    size_t taken, n = u < 0x80 ? 0 : qjson_utf8_sequence((const unsigned char *)text + i,
                                                          strlen(text + i), &taken);
    if (n == 0)
        return qipai_fail(err, QIPAI_ERR_SYNTAX, i, "byte 0x%02x at position %d is not a card",
                          u, i);
    if (!strncmp(text + i, "王", n) || !strncmp(text + i, "鬼", n))
        return qipai_fail(err, QIPAI_ERR_SYNTAX, i,
                          "'%.*s' at position %d names no joker: write 大王 or 小王", (int)n,
                          text + i, i);
    return qipai_fail(err, QIPAI_ERR_SYNTAX, i,
                      "'%.*s' at position %d is not a card (3-9, T or 10, J Q K A 2, X/B, D/R, "
                      "or 三…十 勾 圈 凯 尖 二 小王 大王)",
                      (int)n, text + i, i);
}

static const char *rank_word(int rank)
{
    static const char *const words[QIPAI_PK_RANKS] = {
        "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A", "2",
        "X (small joker)", "D (big joker)"};
    return words[rank];
}

int qipai_pk_deck(const qipai_pk_rules *rules, uint8_t deck[QIPAI_PK_DECK_MAX])
{
    qipai_pk_game game = rules ? rules->game : QIPAI_PK_GAME_DDZ;
    int n = 0;
    for (int r = 0; r < QIPAI_PK_RANKS; r++) {
        int copies = r >= QIPAI_PK_RANK_X ? game == QIPAI_PK_GAME_DDZ : 4;
        if (game == QIPAI_PK_GAME_PDK && r == QIPAI_PK_RANK_2)
            copies = 1; /* pdk's 48 cards: three 2s and one A leave the deck */
        if (game == QIPAI_PK_GAME_PDK && r == QIPAI_PK_RANK_A)
            copies = 3;
        for (int k = 0; k < copies; k++)
            deck[n++] = (uint8_t)r;
    }
    return n;
}

qipai_err qipai_pk_check(const qipai_pk_rules *rules, const qipai_pk_cards *cards, qipai_error *err)
{
    if (!cards)
        return qipai_fail(err, QIPAI_ERR_ARGUMENT, -1, "no cards given");
    for (int r = 0; r < QIPAI_PK_RANKS; r++) {
        int limit = r >= QIPAI_PK_RANK_X ? 1 : 4;
        if (cards->counts[r] > limit)
            return qipai_fail(err, QIPAI_ERR_TOO_MANY, -1, "%s appears %d times; at most %d",
                              rank_word(r), cards->counts[r], limit);
    }
    if (!rules)
        return QIPAI_OK;
    if (rules->game != QIPAI_PK_GAME_DDZ &&
        (cards->counts[QIPAI_PK_RANK_X] || cards->counts[QIPAI_PK_RANK_D]))
        return qipai_fail(err, QIPAI_ERR_RANGE, -1, "%s plays without jokers",
                          qipai_pk_game_name(rules->game));
    if (rules->game == QIPAI_PK_GAME_PDK) {
        /* pdk's 48 cards: three 2s and one A leave the deck. */
        if (cards->counts[QIPAI_PK_RANK_2] > 1)
            return qipai_fail(err, QIPAI_ERR_TOO_MANY, -1,
                              "2 appears %d times; pdk has a single 2",
                              cards->counts[QIPAI_PK_RANK_2]);
        if (cards->counts[QIPAI_PK_RANK_A] > 3)
            return qipai_fail(err, QIPAI_ERR_TOO_MANY, -1, "A appears %d times; pdk has three A",
                              cards->counts[QIPAI_PK_RANK_A]);
    }
    return QIPAI_OK;
}

qipai_err qipai_pk_parse(const qipai_pk_rules *rules, const char *text, qipai_pk_cards *cards,
                         qipai_error *err)
{
    if (!text || !cards)
        return qipai_fail(err, QIPAI_ERR_ARGUMENT, -1, "no text or no cards given");
    memset(cards, 0, sizeof *cards);
    for (int i = 0; text[i]; i++) {
        char c = text[i];
        int rank, length = 1;
        if (c == ' ' || c == '\t')
            continue;
        if (c == '1' && text[i + 1] == '0') {
            rank = 7;
            length = 2;
        } else if ((unsigned char)c < 0x80) {
            rank = rank_of(c);
        } else if (!chinese_name(text + i, &rank, &length)) {
            rank = fullwidth_rank(text + i, &length);
        }
        if (rank == NOT_A_CARD)
            return not_a_card(text, i, err);
        i += length - 1;
        if (rank == SEPARATOR)
            continue;
        /* Stop counting at a bound that cannot overflow; the check names it. */
        if (rank == BOTH_JOKERS) {
            if (cards->counts[QIPAI_PK_RANK_X] < 200)
                cards->counts[QIPAI_PK_RANK_X]++;
            rank = QIPAI_PK_RANK_D;
        }
        if (cards->counts[rank] < 200)
            cards->counts[rank]++;
    }
    return qipai_pk_check(rules, cards, err);
}

size_t qipai_pk_format(const qipai_pk_cards *cards, char *buffer, size_t size)
{
    size_t n = 0;
    for (int r = 0; r < QIPAI_PK_RANKS; r++)
        for (int k = 0; k < cards->counts[r]; k++, n++)
            if (n + 1 < size)
                buffer[n] = rank_chars[r];
    if (size > 0)
        buffer[n < size ? n : size - 1] = '\0';
    return n;
}

int qipai_pk_total(const qipai_pk_cards *cards)
{
    int n = 0;
    for (int r = 0; r < QIPAI_PK_RANKS; r++)
        n += cards->counts[r];
    return n;
}

uint64_t pk_pack(const qipai_pk_cards *cards)
{
    uint64_t v = 0;
    for (int r = 0; r < QIPAI_PK_RANKS; r++)
        v |= pk_rank(r, cards->counts[r] & 7u);
    return v;
}

/* Spreads 8 nibbles into 8 bytes (little-endian order). */
static uint64_t nibbles_to_bytes(uint64_t x)
{
    x &= 0xFFFFFFFFull;
    x = (x | x << 16) & 0x0000FFFF0000FFFFull;
    x = (x | x << 8) & 0x00FF00FF00FF00FFull;
    x = (x | x << 4) & 0x0F0F0F0F0F0F0F0Full;
    return x;
}

void pk_unpack(uint64_t v, qipai_pk_cards *cards)
{
    uint64_t low = nibbles_to_bytes(v), high = nibbles_to_bytes(v >> 32);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    memcpy(cards->counts, &low, 8);
    memcpy(cards->counts + 8, &high, QIPAI_PK_RANKS - 8);
#else
    for (int r = 0; r < 8; r++)
        cards->counts[r] = (uint8_t)(low >> (8 * r));
    for (int r = 8; r < QIPAI_PK_RANKS; r++)
        cards->counts[r] = (uint8_t)(high >> (8 * (r - 8)));
#endif
}

int pk_total(uint64_t v)
{
    /* Sum the nibbles: pairs of nibbles into bytes, then bytes by multiply. */
    uint64_t bytes = (v & 0x0F0F0F0F0F0F0F0Full) + ((v >> 4) & 0x0F0F0F0F0F0F0F0Full);
    return (int)((bytes * 0x0101010101010101ull) >> 56);
}

int pk_lowest_rank(uint64_t v)
{
    if (!v)
        return -1;
    return __builtin_ctzll(v) >> 2;
}

/* Written texts compare at the first rank where the counts differ: the set
 * with more cards of that rank has it where the other shows a higher rank,
 * unless the other has nothing above it (then the other is a prefix). */
int pk_compare(uint64_t a, uint64_t b)
{
    if (a == b)
        return 0;
    uint64_t diff = a ^ b;
    int r = __builtin_ctzll(diff) >> 2;
    unsigned ca = pk_count(a, r), cb = pk_count(b, r);
    uint64_t above = ~0ull << (4 * r + 4);
    if (r == QIPAI_PK_RANKS - 1)
        above = 0;
    if (ca > cb)
        return (b & above) ? -1 : 1;
    return (a & above) ? 1 : -1;
}

int qipai_pk_compare(const qipai_pk_cards *a, const qipai_pk_cards *b)
{
    return pk_compare(pk_pack(a), pk_pack(b));
}
