/*
 * The Dou Di Zhu judge (ddz_ref.h): a straight reading of docs/RULES.md "Dou
 * Di Zhu" over the log lines of docs/FORMATS.md, slow and plain.
 */
#include "ddz_ref.h"

#include <qipai/qipai.h>

#include <inttypes.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/json.h"

/* ---- the table of plays ---- */

typedef struct ref_play {
    char key[24];
    char type[24];
    long index;
} ref_play;

struct ddz_ref_table {
    ref_play *plays;
    size_t count;
};

static int by_key(const void *a, const void *b)
{
    return strcmp(((const ref_play *)a)->key, ((const ref_play *)b)->key);
}

ddz_ref_table *ddz_ref_table_load(const char *json, size_t length)
{
    qjson_doc doc;
    const qjson_value *root;
    qjson_doc_init(&doc);
    if (qjson_parse(&doc, json, length, &root, NULL, 0) != 0 || root->type != QJSON_OBJECT) {
        qjson_doc_free(&doc);
        return NULL;
    }
    ddz_ref_table *t = calloc(1, sizeof *t);
    t->plays = calloc(root->length, sizeof *t->plays);
    for (size_t i = 0; i < root->length; i++) {
        const qjson_member *m = qjson_member_at(root, i);
        const qjson_value *reading = qjson_at(&m->value, 0);
        const qjson_value *type = qjson_at(reading, 0), *index = qjson_at(reading, 1);
        if (!type || !index || type->type != QJSON_STRING || index->type != QJSON_STRING ||
            strlen(m->key) >= sizeof t->plays[0].key) {
            free(t->plays);
            free(t);
            qjson_doc_free(&doc);
            return NULL;
        }
        snprintf(t->plays[i].key, sizeof t->plays[i].key, "%s", m->key);
        snprintf(t->plays[i].type, sizeof t->plays[i].type, "%s", type->string);
        t->plays[i].index = strtol(index->string, NULL, 10);
    }
    t->count = root->length;
    qsort(t->plays, t->count, sizeof *t->plays, by_key);
    qjson_doc_free(&doc);
    return t;
}

void ddz_ref_table_free(ddz_ref_table *table)
{
    if (table) {
        free(table->plays);
        free(table);
    }
}

static const ref_play *find_play(const ddz_ref_table *t, const char *key)
{
    ref_play probe;
    if (strlen(key) >= sizeof probe.key)
        return NULL;
    memcpy(probe.key, key, strlen(key) + 1);
    return bsearch(&probe, t->plays, t->count, sizeof *t->plays, by_key);
}

/* ---- cards: number c is rank c / 4, suit c % 4 (c < 52); 52 X, 53 D ---- */

static const char ranks[] = "3456789TJQKA2";
static const char suits[] = "shcd";

/* Reads a card string in order; -1 on a bad or repeated card. */
static int read_cards(const char *s, int *out, int most)
{
    int n = 0;
    bool seen[54] = {false};
    while (*s) {
        int c;
        if (*s == 'X' || *s == 'D') {
            c = *s == 'X' ? 52 : 53;
            s++;
        } else {
            const char *r = strchr(ranks, *s), *u = s[1] ? strchr(suits, s[1]) : NULL;
            if (!*s || !r || !u || !s[1])
                return -1;
            c = (int)(r - ranks) * 4 + (int)(u - suits);
            s += 2;
        }
        if (seen[c] || n >= most)
            return -1;
        seen[c] = true;
        out[n++] = c;
    }
    return n;
}

static int rank_of(int c)
{
    return c < 52 ? c / 4 : c - 39;
}

/* The table's key of a set (ranks ascending, jokers B and R). */
static void key_of(const bool *set, char *key)
{
    static const char names[] = "3456789TJQKA2BR";
    int n = 0;
    for (int r = 0; r < 15; r++)
        for (int c = 0; c < 54; c++)
            if (set[c] && rank_of(c) == r)
                key[n++] = names[r];
    key[n] = '\0';
}

/* The set's text in card-number order, as the log writes sets. */
static void text_of(const bool *set, char *out)
{
    int n = 0;
    for (int c = 0; c < 54; c++)
        if (set[c]) {
            if (c >= 52)
                out[n++] = c == 52 ? 'X' : 'D';
            else {
                out[n++] = ranks[c / 4];
                out[n++] = suits[c % 4];
            }
        }
    out[n] = '\0';
}

static int size_of(const bool *set)
{
    int n = 0;
    for (int c = 0; c < 54; c++)
        n += set[c];
    return n;
}

/* ---- the judge ---- */

typedef struct judge {
    const ddz_ref_table *table;
    /* rules */
    int bidding; /* 0 score, 1 grab, 2 none */
    int all_pass_first, first_rule, caller_regrab;
    int64_t base, spring, cap;
    /* deal */
    int deck[54];
    qipai_rng rng;
    int first, dealer;
    bool hand[3][54], bottom[54];
    /* bidding */
    int turn, spoken, high, high_seat, caller, grabs, last_word;
    int landlord, factor;
    int redeals;
    /* play */
    const ref_play *standing;
    int leader, passes, plays[3], bombs, rockets;
    bool over;
} judge;

static char *why_text;
static size_t why_room;

static int fail(int line, const char *format, ...)
{
    va_list ap;
    va_start(ap, format);
    vsnprintf(why_text, why_room, format, ap);
    va_end(ap);
    return line;
}

static bool get_int(const qjson_value *o, const char *k, int64_t *v)
{
    return qjson_get_int(o, k, v);
}

static bool same_string(const qjson_value *o, const char *k, const char *want)
{
    const char *s = qjson_get_string(o, k);
    return s && !strcmp(s, want);
}

static void deal_hands(judge *j)
{
    memset(j->hand, 0, sizeof j->hand);
    memset(j->bottom, 0, sizeof j->bottom);
    if (j->bidding == 2) {
        for (int i = 0; i < 54; i++)
            j->hand[i < 20 ? 0 : i < 37 ? 1 : 2][j->deck[i]] = true;
        for (int i = 17; i < 20; i++)
            j->bottom[j->deck[i]] = true;
        j->landlord = 0;
        j->factor = 1;
        j->turn = 0;
    } else {
        for (int i = 0; i < 51; i++)
            j->hand[i / 17][j->deck[i]] = true;
        for (int i = 51; i < 54; i++)
            j->bottom[j->deck[i]] = true;
        j->landlord = -1;
        j->turn = j->first;
    }
    j->spoken = j->high = j->grabs = j->last_word = 0;
    j->high_seat = j->caller = -1;
}

/* The hands (and bottom) of a deal or redeal line, against the judge's. */
static bool hands_shown(const judge *j, const qjson_value *o)
{
    const qjson_value *hands = qjson_get(o, "hands");
    if (!hands || hands->type != QJSON_ARRAY || hands->length != 3)
        return false;
    char text[160];
    for (int s = 0; s < 3; s++) {
        text_of(j->hand[s], text);
        const qjson_value *h = qjson_at(hands, (size_t)s);
        if (!h || h->type != QJSON_STRING || strcmp(h->string, text))
            return false;
    }
    text_of(j->bottom, text);
    return same_string(o, "bottom", text);
}

static void shuffle(judge *j)
{
    uint8_t deck[54];
    for (int i = 0; i < 54; i++)
        deck[i] = (uint8_t)j->deck[i];
    qipai_rng_shuffle_bytes(&j->rng, deck, 54);
    for (int i = 0; i < 54; i++)
        j->deck[i] = deck[i];
}

static int read_header(judge *j, const qjson_value *o)
{
    const qjson_value *rules = qjson_get(o, "rules");
    if (!rules || rules->type != QJSON_OBJECT)
        return fail(1, "no rules");
    const char *bidding = qjson_get_string(rules, "bidding");
    j->bidding = bidding && !strcmp(bidding, "grab") ? 1 : bidding && !strcmp(bidding, "none") ? 2 : 0;
    if (!bidding || (j->bidding == 0 && strcmp(bidding, "score")))
        return fail(1, "bidding");
    j->all_pass_first = same_string(rules, "all_pass", "first");
    const qjson_value *first = qjson_get(rules, "first_bidder");
    j->first_rule = first && first->type == QJSON_STRING
                        ? (!strcmp(first->string, "dealer") ? -2 : -1)
                        : (first && first->is_int ? (int)first->i : -3);
    bool regrab = false;
    qjson_get_bool(rules, "caller_regrab", &regrab);
    j->caller_regrab = regrab;
    if (!get_int(rules, "base", &j->base) || !get_int(rules, "spring", &j->spring) ||
        !get_int(rules, "cap", &j->cap))
        return fail(1, "base, spring, cap");
    int64_t dealer, f;
    if (!get_int(o, "dealer", &dealer) || !get_int(o, "first_bidder", &f))
        return fail(1, "dealer, first_bidder");
    j->dealer = (int)dealer;
    j->first = (int)f;
    const int wanted = j->bidding == 2 ? 0 : j->first_rule == -2 ? j->dealer : j->first_rule;
    if (wanted >= 0 && j->first != wanted)
        return fail(1, "first bidder %d, the rules give %d", j->first, wanted);
    const char *deck = qjson_get_string(o, "deck");
    if (!deck || read_cards(deck, j->deck, 54) != 54)
        return fail(1, "the deck is not 54 cards");
    const char *rng = qjson_get_string(o, "rng");
    if (!rng || strlen(rng) != 64)
        return fail(1, "rng");
    for (int w = 0; w < 4; w++) {
        char word[17];
        memcpy(word, rng + 16 * w, 16);
        word[16] = '\0';
        j->rng.s[w] = strtoull(word, NULL, 16);
    }
    /* With a seed: the deck is its shuffle of 0..53, then the first bidder's draw. */
    int64_t seed;
    if (get_int(o, "seed", &seed)) {
        qipai_rng r;
        qipai_rng_seed(&r, (uint64_t)seed);
        uint8_t d[54];
        for (int i = 0; i < 54; i++)
            d[i] = (uint8_t)i;
        qipai_rng_shuffle_bytes(&r, d, 54);
        const int drawn = (int)qipai_rng_below(&r, 3);
        for (int i = 0; i < 54; i++)
            if (d[i] != j->deck[i])
                return fail(1, "the deck is not the seed's shuffle (card %d)", i);
        if (memcmp(&r, &j->rng, sizeof r))
            return fail(1, "the rng is not the seed's after the deal");
        if (wanted < 0 && j->first != drawn)
            return fail(1, "the first bidder is not the seed's draw %d", drawn);
    }
    deal_hands(j);
    return 0;
}

static void start_play(judge *j, int landlord, int factor)
{
    j->landlord = landlord;
    j->factor = factor;
    for (int c = 0; c < 54; c++)
        if (j->bottom[c])
            j->hand[landlord][c] = true;
    j->turn = landlord;
    j->leader = -1;
    j->standing = NULL;
}

/* The bidding's end: what line must come next, and the state after it. */
typedef enum { NEXT_NONE, NEXT_LANDLORD, NEXT_REDEAL } next_line;

static next_line end_of_bidding(judge *j, int landlord, int factor)
{
    if (landlord < 0 && !j->all_pass_first) {
        shuffle(j);
        j->redeals++;
        deal_hands(j);
        return NEXT_REDEAL;
    }
    if (landlord < 0) {
        landlord = j->first;
        factor = 1;
    }
    start_play(j, landlord, factor);
    return NEXT_LANDLORD;
}

static int bid_line(judge *j, const qjson_value *o, int seat, int line, next_line *next)
{
    int64_t bid;
    if (j->bidding != 0 || !get_int(o, "bid", &bid))
        return fail(line, "a bid line out of place");
    if (bid != 0 && (bid <= j->high || bid > 3))
        return fail(line, "bid %d is not above %d", (int)bid, j->high);
    j->spoken++;
    if (bid) {
        j->high = (int)bid;
        j->high_seat = seat;
    }
    if (bid == 3 || j->spoken == 3)
        *next = end_of_bidding(j, j->high ? j->high_seat : -1, j->high);
    else
        j->turn = (seat + 1) % 3;
    return 0;
}

static int claim_line(judge *j, const qjson_value *o, int seat, int line, next_line *next)
{
    const char *claim = qjson_get_string(o, "claim");
    if (j->bidding != 1 || !claim)
        return fail(line, "a claim line out of place");
    const bool call = !strcmp(claim, "call"), grab = !strcmp(claim, "grab");
    if (!call && !grab && strcmp(claim, "decline"))
        return fail(line, "claim %s", claim);
    if (j->last_word) {
        if (call)
            return fail(line, "the caller's last word is a grab or a decline");
        if (grab) {
            j->grabs++;
            j->high_seat = seat;
        }
        *next = end_of_bidding(j, j->high_seat, 1 << j->grabs);
        return 0;
    }
    if (call && j->caller >= 0)
        return fail(line, "a call after a call");
    if (grab && j->caller < 0)
        return fail(line, "a grab before any call");
    if (call) {
        j->caller = seat;
        j->high_seat = seat;
    } else if (grab) {
        j->grabs++;
        j->high_seat = seat;
    }
    j->spoken++;
    if (j->spoken < 3)
        j->turn = (seat + 1) % 3;
    else if (j->caller >= 0 && j->grabs > 0 && j->caller_regrab) {
        j->last_word = 1;
        j->turn = j->caller;
    } else
        *next = end_of_bidding(j, j->caller >= 0 ? j->high_seat : -1, 1 << j->grabs);
    return 0;
}

static bool is_bomb(const ref_play *p)
{
    return !strcmp(p->type, "bomb");
}

static bool beats(const ref_play *a, const ref_play *b)
{
    if (!strcmp(b->type, "rocket"))
        return false;
    if (!strcmp(a->type, "rocket"))
        return true;
    if (is_bomb(a))
        return !is_bomb(b) || a->index > b->index;
    if (is_bomb(b))
        return false;
    return !strcmp(a->type, b->type) && a->index > b->index;
}

static int play_line(judge *j, const qjson_value *o, int seat, int line)
{
    const char *text = qjson_get_string(o, "cards");
    int cards[54];
    const int n = text ? read_cards(text, cards, 54) : -1;
    if (n <= 0)
        return fail(line, "bad cards");
    bool set[54] = {false};
    for (int i = 0; i < n; i++) {
        if (!j->hand[seat][cards[i]])
            return fail(line, "seat %d does not hold card %d", seat, cards[i]);
        set[cards[i]] = true;
    }
    /* the lowest suits held of each rank */
    for (int c = 0; c < 52; c++)
        if (set[c])
            for (int lower = c - c % 4; lower < c; lower++)
                if (j->hand[seat][lower] && !set[lower])
                    return fail(line, "card %d taken before a lower suit of its rank", c);
    char key[64];
    key_of(set, key);
    const ref_play *p = find_play(j->table, key);
    if (!p)
        return fail(line, "%s is no play of the table", key);
    if (j->leader >= 0 && !beats(p, j->standing))
        return fail(line, "%s does not beat %s", key, j->standing->key);
    for (int c = 0; c < 54; c++)
        if (set[c])
            j->hand[seat][c] = false;
    j->plays[seat]++;
    j->bombs += is_bomb(p);
    j->rockets += !strcmp(p->type, "rocket");
    j->standing = p;
    j->leader = seat;
    j->passes = 0;
    j->turn = (seat + 1) % 3;
    if (!size_of(j->hand[seat]))
        j->over = true;
    return 0;
}

static int end_line(judge *j, const qjson_value *o, int winner, int line)
{
    const int l = j->landlord;
    const bool landlord_won = winner == l;
    const bool spring = landlord_won && j->plays[(l + 1) % 3] == 0 && j->plays[(l + 2) % 3] == 0;
    const bool anti = !landlord_won && j->plays[l] == 1;
    int64_t m = j->factor;
    for (int b = 0; b < j->bombs + j->rockets; b++)
        m *= 2;
    if (spring || anti)
        m *= j->spring;
    if (j->cap > 0 && m > j->cap)
        m = j->cap;
    const int64_t s = j->base * m;
    int64_t v;
    bool flag;
    if (!same_string(o, "type", "end") || !get_int(o, "winner", &v) || v != winner ||
        !get_int(o, "landlord", &v) || v != l || !get_int(o, "factor", &v) || v != j->factor ||
        !get_int(o, "bombs", &v) || v != j->bombs || !get_int(o, "rockets", &v) ||
        v != j->rockets || !get_int(o, "multiple", &v) || v != m ||
        !qjson_get_bool(o, "spring", &flag) || flag != spring ||
        !qjson_get_bool(o, "anti_spring", &flag) || flag != anti)
        return fail(line, "the end's figures (multiple %lld, spring %d, anti %d)", (long long)m,
                    spring, anti);
    const qjson_value *scores = qjson_get(o, "scores"), *left = qjson_get(o, "left");
    for (int seat = 0; seat < 3; seat++) {
        const int64_t want = seat == l ? (landlord_won ? 2 * s : -2 * s) : (landlord_won ? -s : s);
        const qjson_value *x = qjson_at(scores, (size_t)seat), *h = qjson_at(left, (size_t)seat);
        char text[160];
        text_of(j->hand[seat], text);
        if (!x || !x->is_int || x->i != want)
            return fail(line, "seat %d is paid %lld", seat, (long long)want);
        if (!h || h->type != QJSON_STRING || strcmp(h->string, text))
            return fail(line, "seat %d's cards left", seat);
    }
    return 0;
}

int ddz_ref_judge(const ddz_ref_table *table, char *const *lines, const size_t *lengths,
                  int count, ddz_ref_counts *counts, char *why, size_t why_size)
{
    static judge j; /* tests are single-threaded */
    memset(&j, 0, sizeof j);
    j.table = table;
    why_text = why;
    why_room = why_size;
    ddz_ref_counts c = *counts;
    int bad = 0;
    next_line next = NEXT_NONE;
    int last_winner = -1;
    for (int i = 0; i < count && !bad; i++) {
        qjson_doc doc;
        const qjson_value *o;
        qjson_doc_init(&doc);
        if (qjson_parse(&doc, lines[i], lengths[i], &o, NULL, 0) != 0 || o->type != QJSON_OBJECT) {
            qjson_doc_free(&doc);
            return fail(i + 1, "not JSON");
        }
        const int line = i + 1;
        int64_t seat = -1;
        get_int(o, "seat", &seat);
        if (i == 0) {
            bad = same_string(o, "type", "game") ? read_header(&j, o) : fail(1, "no header");
        } else if (i == 1) {
            int64_t f;
            if (!same_string(o, "type", "deal") || !hands_shown(&j, o) ||
                !get_int(o, "first_bidder", &f) || f != j.first)
                bad = fail(line, "the deal is not the header's");
            else if (j.bidding == 2) {
                int64_t l;
                if (!get_int(o, "landlord", &l) || l != 0)
                    bad = fail(line, "bidding=none: seat 0 is landlord");
                start_play(&j, 0, 1);
                for (int x = 0; x < 54; x++)
                    j.hand[0][x] = j.hand[0][x] || j.bottom[x];
            }
        } else if (next == NEXT_LANDLORD) {
            int64_t f;
            char bottom[16];
            text_of(j.bottom, bottom);
            if (!same_string(o, "type", "landlord") || seat != j.landlord ||
                !get_int(o, "factor", &f) || f != j.factor || !same_string(o, "bottom", bottom))
                bad = fail(line, "the landlord line: seat %d, factor %d", j.landlord, j.factor);
            next = NEXT_NONE;
        } else if (next == NEXT_REDEAL) {
            int64_t k, f;
            if (!same_string(o, "type", "redeal") || !get_int(o, "redeals", &k) || k != j.redeals ||
                !get_int(o, "first_bidder", &f) || f != j.first || !hands_shown(&j, o))
                bad = fail(line, "the redeal line (redeal %d)", j.redeals);
            c.redeals++;
            next = NEXT_NONE;
        } else if (j.over) {
            bad = last_winner >= 0 ? fail(line, "a line after the end")
                                   : end_line(&j, o, (j.turn + 2) % 3, line);
            last_winner = (j.turn + 2) % 3;
            c.ends++;
        } else if (seat != j.turn) {
            bad = fail(line, "seat %d acts, seat %d's turn", (int)seat, j.turn);
        } else if (j.landlord < 0) {
            if (same_string(o, "type", "bid"))
                bad = bid_line(&j, o, (int)seat, line, &next);
            else if (same_string(o, "type", "claim"))
                bad = claim_line(&j, o, (int)seat, line, &next);
            else
                bad = fail(line, "not a bidding line while bidding");
            c.bids++;
        } else if (same_string(o, "type", "pass")) {
            if (j.leader < 0)
                bad = fail(line, "a pass on the lead");
            else if (++j.passes == 2) {
                j.turn = j.leader;
                j.leader = -1;
                j.passes = 0;
                j.standing = NULL;
            } else
                j.turn = (j.turn + 1) % 3;
            c.passes++;
        } else if (same_string(o, "type", "play")) {
            bad = play_line(&j, o, (int)seat, line);
            c.plays++;
        } else {
            bad = fail(line, "not a play line in the play");
        }
        qjson_doc_free(&doc);
    }
    if (!bad && (last_winner < 0 || next != NEXT_NONE))
        bad = fail(count, "the game does not end");
    if (!bad) {
        c.games++;
        *counts = c;
    }
    return bad;
}
