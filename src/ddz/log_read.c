/*
 * Reading Dou Di Zhu's log lines back: a header gives the rules, the deal
 * (the deck in dealing order, the generator's state for redeals, the first
 * bidder) and the dealer; an action line gives its seat and number. Every
 * problem is named.
 */
#include "ddz_internal.h"
#include "common/fail.h"
#include "common/json.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

static qipai_err parse(qjson_doc *doc, const char *text, size_t length, const qjson_value **root,
                       qipai_error *err)
{
    char why[120];
    qjson_doc_init(doc);
    qjson_doc_reject_duplicates(doc, true);
    if (qjson_parse(doc, text, length, root, why, sizeof why) != 0) {
        qjson_doc_free(doc);
        return qipai_fail(err, QIPAI_ERR_SYNTAX, -1, "not a JSON object: %s", why);
    }
    if ((*root)->type != QJSON_OBJECT) {
        qjson_doc_free(doc);
        return qipai_fail(err, QIPAI_ERR_SYNTAX, -1, "not a JSON object");
    }
    return QIPAI_OK;
}

static qipai_err read_rules(const qjson_value *object, qipai_ddz_rules *rules, qipai_error *err)
{
    qipai_ddz_rules_classic(rules);
    if (!object || object->type != QJSON_OBJECT)
        return qipai_fail(err, QIPAI_ERR_SYNTAX, -1, "the header has no \"rules\" object");
    for (size_t i = 0; i < object->length; i++) {
        const qjson_member *m = qjson_member_at(object, i);
        char option[96];
        const qjson_value *v = &m->value;
        if (v->type == QJSON_STRING)
            snprintf(option, sizeof option, "%.40s=%.40s", m->key, v->string);
        else if (v->type == QJSON_BOOL)
            snprintf(option, sizeof option, "%.40s=%d", m->key, v->boolean ? 1 : 0);
        else if (v->type == QJSON_NUMBER && v->is_int)
            snprintf(option, sizeof option, "%.40s=%" PRId64, m->key, v->i);
        else
            return qipai_fail(err, QIPAI_ERR_SYNTAX, -1, "the rule \"%.40s\" has no usable value",
                              m->key);
        qipai_err e = qipai_ddz_rules_option(rules, option, err);
        if (e != QIPAI_OK)
            return e;
    }
    return QIPAI_OK;
}

static int hex_digit(char c)
{
    return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

static qipai_err read_deal(const qjson_value *root, ddz_deal *deal, qipai_error *err)
{
    const qjson_value *deck = qjson_get(root, "deck");
    if (!deck || deck->type != QJSON_STRING)
        return qipai_fail(err, QIPAI_ERR_SYNTAX, -1, "the header has no \"deck\" string");
    int n = 0;
    qipai_error why;
    if (ddz_parse_card_list(deck->string, deck->length, deal->deck, &n, QIPAI_DDZ_CARDS, &why) !=
        QIPAI_OK)
        return qipai_fail(err, QIPAI_ERR_SYNTAX, -1, "the deck: %s", why.message);
    if (n != QIPAI_DDZ_CARDS)
        return qipai_fail(err, QIPAI_ERR_SYNTAX, -1, "the deck has %d cards, not 54", n);
    const qjson_value *rng = qjson_get(root, "rng");
    if (!rng || rng->type != QJSON_STRING || rng->length != 64)
        return qipai_fail(err, QIPAI_ERR_SYNTAX, -1,
                          "the header has no \"rng\" of 64 hex digits (the generator's state)");
    for (int w = 0; w < 4; w++) {
        uint64_t v = 0;
        for (int i = 0; i < 16; i++) {
            const int d = hex_digit(rng->string[16 * w + i]);
            if (d < 0)
                return qipai_fail(err, QIPAI_ERR_SYNTAX, -1,
                                  "\"rng\" holds a character that is no lower-case hex digit");
            v = v << 4 | (uint64_t)d;
        }
        deal->rng.s[w] = v;
    }
    int64_t first;
    if (!qjson_get_int(root, "first_bidder", &first) || first < 0 || first >= QIPAI_DDZ_SEATS)
        return qipai_fail(err, QIPAI_ERR_SYNTAX, -1, "the header has no \"first_bidder\" seat 0-2");
    deal->first_bidder = (int8_t)first;
    return QIPAI_OK;
}

qipai_err ddz_log_read_header(const char *text, size_t length, qipai_ddz_rules *rules,
                              ddz_deal *deal, int *dealer, qipai_error *err)
{
    qjson_doc doc;
    const qjson_value *root;
    qipai_err e = parse(&doc, text, length, &root, err);
    if (e != QIPAI_OK)
        return e;
    memset(deal, 0, sizeof *deal);
    int64_t d;
    if (!qjson_get_int(root, "dealer", &d) || d < 0 || d >= QIPAI_DDZ_SEATS)
        e = qipai_fail(err, QIPAI_ERR_SYNTAX, -1, "the header has no \"dealer\" seat 0-2");
    else if ((e = read_rules(qjson_get(root, "rules"), rules, err)) == QIPAI_OK &&
             (e = read_deal(root, deal, err)) == QIPAI_OK)
        *dealer = (int)d;
    qjson_doc_free(&doc);
    return e;
}

static qipai_err read_action(const qipai_ddz_game *g, const qjson_value *root, int *seat,
                             int32_t *action, qipai_error *err)
{
    const char *type = qjson_get_string(root, "type");
    int64_t s;
    if (!type)
        return qipai_fail(err, QIPAI_ERR_SYNTAX, -1, "an action line has a \"type\"");
    if (!qjson_get_int(root, "seat", &s) || s < 0 || s >= QIPAI_DDZ_SEATS)
        return qipai_fail(err, QIPAI_ERR_SYNTAX, -1, "an action line has a \"seat\" 0-2");
    *seat = (int)s;
    if (!strcmp(type, "pass")) {
        *action = QIPAI_DDZ_ACTION_PASS;
        return QIPAI_OK;
    }
    if (!strcmp(type, "bid")) {
        int64_t bid;
        if (!qjson_get_int(root, "bid", &bid) || bid < 0 || bid > 3)
            return qipai_fail(err, QIPAI_ERR_SYNTAX, -1, "a bid line has a \"bid\" 0-3 (0: no bid)");
        if (g->rules.bidding != QIPAI_DDZ_BID_SCORE)
            return qipai_fail(err, QIPAI_ERR_SYNTAX, -1, "a bid line in a game without 叫分 bidding");
        *action = bid ? QIPAI_DDZ_ACTION_BID_1 + (int32_t)bid - 1 : QIPAI_DDZ_ACTION_NO_BID;
        return QIPAI_OK;
    }
    if (!strcmp(type, "claim")) {
        const char *claim = qjson_get_string(root, "claim");
        if (g->rules.bidding != QIPAI_DDZ_BID_GRAB)
            return qipai_fail(err, QIPAI_ERR_SYNTAX, -1, "a claim line in a game without 叫地主 bidding");
        if (claim && !strcmp(claim, "call"))
            *action = QIPAI_DDZ_ACTION_CALL;
        else if (claim && !strcmp(claim, "grab"))
            *action = QIPAI_DDZ_ACTION_GRAB;
        else if (claim && !strcmp(claim, "decline"))
            *action = QIPAI_DDZ_ACTION_NO_BID;
        else
            return qipai_fail(err, QIPAI_ERR_SYNTAX, -1,
                              "a claim line has a \"claim\": call, grab or decline");
        return QIPAI_OK;
    }
    if (!strcmp(type, "play")) {
        const qjson_value *cards = qjson_get(root, "cards");
        if (!cards || cards->type != QJSON_STRING)
            return qipai_fail(err, QIPAI_ERR_SYNTAX, -1, "a play line has a \"cards\" string");
        uint8_t list[QIPAI_DDZ_CARDS];
        int n = 0;
        qipai_error why;
        if (ddz_parse_card_list(cards->string, cards->length, list, &n, QIPAI_DDZ_CARDS, &why) !=
            QIPAI_OK)
            return qipai_fail(err, QIPAI_ERR_SYNTAX, -1, "the play's cards: %s", why.message);
        uint64_t mask = 0;
        for (int i = 0; i < n; i++)
            mask |= 1ull << list[i];
        const int32_t a = n ? ddz_play_of_packed(ddz_pack_mask(mask)) : -1;
        if (a < 0)
            return qipai_fail(err, QIPAI_ERR_SYNTAX, -1,
                              "the cards \"%.60s\" are no Dou Di Zhu play", cards->string);
        *action = a;
        return QIPAI_OK;
    }
    return qipai_fail(err, QIPAI_ERR_SYNTAX, -1,
                      "\"%.20s\" is no action line (pass, play, bid, claim)", type);
}

qipai_err ddz_log_read_action(const qipai_ddz_game *g, const char *text, size_t length,
                              int *seat, int32_t *action, qipai_error *err)
{
    qjson_doc doc;
    const qjson_value *root;
    qipai_err e = parse(&doc, text, length, &root, err);
    if (e != QIPAI_OK)
        return e;
    e = read_action(g, root, seat, action, err);
    qjson_doc_free(&doc);
    return e;
}
