/*
 * The hu / waits line (docs/formats/zipai.md): the concealed hand, the open
 * melds each after its keyword, the target after its source. For example
 *   一二三四五六七八九 碰十十十 偎壹壹壹 摸十
 *   x1x2x3x4x5x6x7x8x9 peng x10x10x10 wei d1d1d1 draw x10
 * and the checks every situation passes before hu or waits look at it.
 */
#include "zipai/zp_internal.h"
#include "common/fail.h"

#include <string.h>

static const struct {
    const char *word;
    int meld;   /* meld type, or -1 for a source word */
    int source;
} keywords[] = {
    {"吃", QIPAI_ZP_CHI, -1},  {"碰", QIPAI_ZP_PENG, -1}, {"偎", QIPAI_ZP_WEI, -1},
    {"跑", QIPAI_ZP_PAO, -1},  {"提", QIPAI_ZP_TI, -1},   {"摸", -1, QIPAI_ZP_DRAW},
    {"打", -1, QIPAI_ZP_DISCARD},
    {"chi", QIPAI_ZP_CHI, -1}, {"peng", QIPAI_ZP_PENG, -1}, {"wei", QIPAI_ZP_WEI, -1},
    {"pao", QIPAI_ZP_PAO, -1}, {"ti", QIPAI_ZP_TI, -1},     {"draw", -1, QIPAI_ZP_DRAW},
    {"discard", -1, QIPAI_ZP_DISCARD},
};

static int keyword_at(const char *text, size_t *length)
{
    for (size_t i = 0; i < sizeof keywords / sizeof keywords[0]; i++) {
        size_t n = strlen(keywords[i].word);
        if (!strncmp(text, keywords[i].word, n)) {
            *length = n;
            return (int)i;
        }
    }
    return -1;
}

static int is_open_type(int type)
{
    return type == QIPAI_ZP_CHI || type == QIPAI_ZP_PENG || type == QIPAI_ZP_WEI ||
           type == QIPAI_ZP_PAO || type == QIPAI_ZP_TI;
}

/* The common case fast: 1 when the open meld is well formed. The slow path
 * (qipai_zp_meld_make) then only runs to word the error. */
static int open_meld_ok(const qipai_zp_rules *rules, const qipai_zp_meld *m)
{
    static const int size[] = {2, 3, 3, 4, 3, 3, 3, 4};
    if (!is_open_type(m->type) || m->n != size[m->type])
        return 0;
    for (int j = 0; j < m->n; j++)
        if (m->cards[j] >= QIPAI_ZP_KINDS)
            return 0;
    if (m->type == QIPAI_ZP_CHI)
        return qipai_zp_is_chow(rules, m->cards[0], m->cards[1], m->cards[2]);
    for (int j = 1; j < m->n; j++)
        if (m->cards[j] != m->cards[0])
            return 0;
    return 1;
}

qipai_err zp_check_situation(const qipai_zp_rules *rules, const qipai_zp_situation *s,
                             uint8_t seen[QIPAI_ZP_KINDS], qipai_error *err)
{
    qipai_err e = qipai_zp_rules_check(rules, err);
    if (e)
        return e;
    if (s->n_open < 0 || s->n_open > QIPAI_ZP_MAX_OPEN)
        return qipai_fail(err, QIPAI_ERR_RANGE, -1, "%d open melds; at most %d", s->n_open,
                          QIPAI_ZP_MAX_OPEN);
    /* The hand first, so that the sums below cannot wrap around. */
    for (int k = 0; k < QIPAI_ZP_KINDS; k++) {
        if (s->hand.counts[k] > QIPAI_ZP_COPIES)
            return qipai_fail(err, QIPAI_ERR_TOO_MANY, -1, "card %d appears %d times in the hand",
                              k, s->hand.counts[k]);
        seen[k] = s->hand.counts[k];
    }
    for (int i = 0; i < s->n_open; i++) {
        const qipai_zp_meld *m = &s->open[i];
        qipai_zp_meld check;
        if (open_meld_ok(rules, m)) {
            for (int j = 0; j < m->n; j++)
                seen[m->cards[j]]++; /* at most 4 + 26 * 4: no wrap */
            continue;
        }
        if (!is_open_type(m->type))
            return qipai_fail(err, QIPAI_ERR_ILLEGAL, -1,
                              "open meld %d is a %s; open melds are 吃 碰 偎 跑 提", i + 1,
                              qipai_zp_meld_name(m->type, 0));
        if (m->n > 4)
            return qipai_fail(err, QIPAI_ERR_ILLEGAL, -1, "open meld %d has %d cards", i + 1,
                              m->n);
        e = qipai_zp_meld_make(rules, m->type, m->cards, m->n, &check, err);
        return e ? e : qipai_fail(err, QIPAI_ERR_ILLEGAL, -1, "open meld %d is malformed", i + 1);
    }
    if (s->target >= QIPAI_ZP_KINDS)
        return qipai_fail(err, QIPAI_ERR_RANGE, -1, "target card %d is not in 0..19",
                          s->target);
    for (int k = 0; k < QIPAI_ZP_KINDS; k++) {
        int n = seen[k] + (k == s->target);
        if (n > QIPAI_ZP_COPIES) {
            char name[QIPAI_ZP_CARD_TEXT];
            qipai_zp_format_card(k, 0, name, sizeof name);
            return qipai_fail(err, QIPAI_ERR_TOO_MANY, -1,
                              "%s appears %d times in hand, open melds and target; at most %d",
                              name, n, QIPAI_ZP_COPIES);
        }
    }
    return QIPAI_OK;
}

qipai_err qipai_zp_parse_situation(const qipai_zp_rules *rules, const char *text,
                                   qipai_zp_situation *s, qipai_error *err)
{
    if (!rules || !text || !s)
        return qipai_fail(err, QIPAI_ERR_ARGUMENT, -1, "no situation given");
    memset(s, 0, sizeof *s);
    s->target = -1;
    s->source = -1;
    int section = -1;   /* the keyword now being read, -1: the hand */
    size_t section_at = 0;
    uint8_t cards[8];
    int n = 0;
    size_t i = 0;
    for (;;) {
        size_t len = 0;
        int card = -1, keyword = -1;
        if (text[i] == ' ' || text[i] == '\t') {
            i++;
            continue;
        }
        if (text[i]) {
            card = qipai_zp_card_at(text + i, &len);
            if (card < 0)
                keyword = keyword_at(text + i, &len);
            if (card < 0 && keyword < 0)
                return qipai_fail(err, QIPAI_ERR_SYNTAX, (int)i,
                                  "not a card or a keyword at byte %zu", i);
        }
        if (card >= 0) {
            if (section < 0) {
                if (s->hand.counts[card] == QIPAI_ZP_COPIES)
                    return qipai_fail(err, QIPAI_ERR_TOO_MANY, (int)i,
                                      "a card appears more than 4 times in the hand (byte %zu)", i);
                s->hand.counts[card]++;
            } else {
                if (n == (int)sizeof cards)
                    return qipai_fail(err, QIPAI_ERR_SIZE, (int)i,
                                      "too many cards after '%s' at byte %zu",
                                      keywords[section].word, section_at);
                cards[n++] = (uint8_t)card;
            }
            i += len;
            continue;
        }
        /* A keyword or the end closes the section being read. */
        if (section >= 0) {
            int type = keywords[section].meld;
            if (type >= 0) {
                if (s->n_open == QIPAI_ZP_MAX_OPEN)
                    return qipai_fail(err, QIPAI_ERR_TOO_MANY, (int)section_at,
                                      "more than %d open melds", QIPAI_ZP_MAX_OPEN);
                qipai_error why;
                if (qipai_zp_meld_make(rules, type, cards, n, &s->open[s->n_open], &why))
                    return qipai_fail(err, QIPAI_ERR_ILLEGAL, (int)section_at,
                                      "the meld at byte %zu: %s", section_at, why.message);
                s->n_open++;
            } else {
                if (s->source >= 0)
                    return qipai_fail(err, QIPAI_ERR_SYNTAX, (int)section_at,
                                      "a second source word at byte %zu", section_at);
                if (n > 1)
                    return qipai_fail(err, QIPAI_ERR_SIZE, (int)section_at,
                                      "'%s' at byte %zu takes one target card, not %d",
                                      keywords[section].word, section_at, n);
                s->source = keywords[section].source;
                s->target = n == 1 ? cards[0] : -1;
            }
        }
        if (!text[i])
            break;
        section = keyword;
        section_at = i;
        n = 0;
        i += len;
    }
    uint8_t seen[QIPAI_ZP_KINDS];
    return zp_check_situation(rules, s, seen, err);
}
