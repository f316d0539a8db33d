/*
 * Poker brute-force reference, written from docs/RULES.md "Poker" (and the RLCard table's
 * conventions for ddz, which the rules say win over the words) without looking at the fast code.
 *
 * One generator, each_group(), lists every legal group that fits in a hand, type by type, as a
 * direct transcription of the rule text. Everything else is built on it:
 * - classify(S): the groups generated from hand S that use all of S;
 * - moves(hand, last): the groups generated from the hand that beat last;
 * - min_plays(hand): iterative deepening over multisets of generated groups that cover the hand
 *   exactly. The only pruning: the lowest remaining rank must be covered by a group whose lowest
 *   rank is that rank (every other group either misses it or does not fit), and a remaining hand
 *   already shown to need more groups than the budget is not searched again.
 */
#include "pk_ref.h"

#include "ref_strlist.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char RANK_CHARS[] = "3456789TJQKA2XD";
enum { R_A = 11, R_2 = 12, R_X = 13, R_D = 14, CHAIN_TOP = R_A };

enum rule_set { RS_SEED, RS_DDZ, RS_PDK };

typedef struct rules_ctx {
    enum rule_set set;
    pk_ref_options opt;
} rules_ctx;

static int read_rules(const char *rules, const pk_ref_options *opt, rules_ctx *rc)
{
    if (!rules) return -1;
    if (strcmp(rules, "seed") == 0) rc->set = RS_SEED;
    else if (strcmp(rules, "ddz") == 0) rc->set = RS_DDZ;
    else if (strcmp(rules, "pdk") == 0) rc->set = RS_PDK;
    else return -1;
    pk_ref_options def = {1, 0, 0};
    rc->opt = opt ? *opt : def;
    return 0;
}

/* A hand the rule set can hold: RULES.md "Cards". */
static int hand_ok(const rules_ctx *rc, const uint8_t h[PK_REF_RANKS])
{
    for (int r = 0; r < PK_REF_RANKS; r++) {
        int cap = r >= R_X ? 1 : 4;
        if (rc->set != RS_DDZ && r >= R_X) cap = 0;
        if (rc->set == RS_PDK && r == R_A) cap = 3;
        if (rc->set == RS_PDK && r == R_2) cap = 1;
        if (h[r] > cap) return 0;
    }
    return 1;
}

static int total(const uint8_t c[PK_REF_RANKS])
{
    int n = 0;
    for (int r = 0; r < PK_REF_RANKS; r++) n += c[r];
    return n;
}

static void cards_text(const uint8_t c[PK_REF_RANKS], char *out)
{
    for (int r = 0; r < PK_REF_RANKS; r++)
        for (int k = 0; k < c[r]; k++) *out++ = RANK_CHARS[r];
    *out = '\0';
}

int pk_ref_parse(const char *text, uint8_t counts[PK_REF_RANKS])
{
    memset(counts, 0, PK_REF_RANKS);
    for (const char *p = text; *p; p++) {
        char ch = *p;
        if (ch >= 'a' && ch <= 'z') ch = (char)(ch - 'a' + 'A');
        if (ch == 'B') ch = 'X';
        if (ch == 'R') ch = 'D';
        if (ch == '1' && p[1] == '0') { ch = 'T'; p++; }
        const char *at = strchr(RANK_CHARS, ch);
        if (!at || ch == '\0') return -1;
        counts[at - RANK_CHARS]++;
    }
    return 0;
}

/* ---- the generator ------------------------------------------------------------------------ */

typedef struct gen {
    const rules_ctx *rc;
    const uint8_t *hand;
    pk_ref_group_fn fn;
    void *ctx;
    long count;
} gen;

/* Emits a group after the hand-level rule: with bomb_unsplittable, a rank the hand holds four
 * times may appear in a group only as that rank's bomb. */
static void emit(gen *g, const uint8_t c[PK_REF_RANKS], const char *type, int main_rank, int is_short)
{
    for (int r = 0; r < PK_REF_RANKS; r++)
        if (c[r] > g->hand[r]) return;
    if (g->rc->set == RS_PDK && g->rc->opt.bomb_unsplittable) {
        int is_bomb = strcmp(type, "bomb") == 0;
        for (int r = 0; r < PK_REF_RANKS; r++)
            if (g->hand[r] == 4 && c[r] > 0 && !(is_bomb && main_rank == r)) return;
    }
    g->count++;
    if (g->fn) g->fn(c, type, main_rank, is_short, g->ctx);
}

/* Kicker multisets: every way to add `left` kicker cards to base[] from ranks r >= from with
 * allowed[r], at most cap[r] of rank r (cap already bounded by the hand), then check(). */
typedef int (*kick_check)(const uint8_t base[PK_REF_RANKS], const uint8_t kick[PK_REF_RANKS], const void *arg);
typedef struct kick_job {
    gen *g;
    const uint8_t *base;
    const uint8_t *cap;
    kick_check check;
    const void *arg;
    const char *type;
    int main_rank;
    int is_short;
} kick_job;

static void kickers(kick_job *job, uint8_t kick[PK_REF_RANKS], int from, int left)
{
    if (left == 0) {
        if (job->check && !job->check(job->base, kick, job->arg)) return;
        uint8_t c[PK_REF_RANKS];
        for (int r = 0; r < PK_REF_RANKS; r++) c[r] = (uint8_t)(job->base[r] + kick[r]);
        emit(job->g, c, job->type, job->main_rank, job->is_short);
        return;
    }
    if (from >= PK_REF_RANKS) return;
    for (int m = 0; m <= job->cap[from] && m <= left; m++) {
        kick[from] = (uint8_t)m;
        kickers(job, kick, from + 1, left - m);
    }
    kick[from] = 0;
}

/* Kickers for the triples/four in base: ranks other than base's, at most `per_rank` of a rank
 * (3: never four of a kind; 1 for jokers since there is one of each), bounded by the hand. */
static void with_kickers(gen *g, const uint8_t base[PK_REF_RANKS], int n_kick, int per_rank, int top_rank,
                         kick_check check, const void *arg, const char *type, int main_rank, int is_short)
{
    uint8_t cap[PK_REF_RANKS] = {0}, kick[PK_REF_RANKS] = {0};
    for (int r = 0; r < PK_REF_RANKS; r++)
        if (base[r] > g->hand[r]) return; /* emit() would refuse every one of them */
    for (int r = 0; r <= top_rank; r++) {
        if (base[r]) continue;
        int m = per_rank;
        if (r >= R_X && m > 1) m = 1;
        if (m > g->hand[r]) m = g->hand[r];
        cap[r] = (uint8_t)m;
    }
    kick_job job = {g, base, cap, check, arg, type, main_rank, is_short};
    kickers(&job, kick, 0, n_kick);
}

static int not_both_jokers(const uint8_t base[PK_REF_RANKS], const uint8_t kick[PK_REF_RANKS], const void *arg)
{
    (void)base; (void)arg;
    return !(kick[R_X] && kick[R_D]);
}

/* The RLCard table's airplane rule (see the self-test): on top of not_both_jokers, no kicker rank
 * held three times next to the chain, since the triples would then read as a longer chain (the
 * table files 333444555+666 as trio_chain_4 and leaves 333444555666+777+8 out altogether). */
static int ddz_airplane_kickers(const uint8_t base[PK_REF_RANKS], const uint8_t kick[PK_REF_RANKS], const void *arg)
{
    (void)arg;
    if (!not_both_jokers(base, kick, NULL)) return 0;
    int lo = -1, hi = -1;
    for (int r = 0; r <= CHAIN_TOP; r++)
        if (base[r]) { if (lo < 0) lo = r; hi = r; }
    if (lo > 0 && kick[lo - 1] == 3) return 0;
    if (hi < CHAIN_TOP && kick[hi + 1] == 3) return 0;
    return 1;
}

static int pairs_only(const uint8_t base[PK_REF_RANKS], const uint8_t kick[PK_REF_RANKS], const void *arg)
{
    (void)base; (void)arg;
    for (int r = 0; r < PK_REF_RANKS; r++)
        if (kick[r] != 0 && kick[r] != 2) return 0;
    return 1;
}

/* Same-rank groups: `n` of rank r. */
static void same_rank(gen *g, int r, int n, const char *type)
{
    uint8_t c[PK_REF_RANKS] = {0};
    c[r] = (uint8_t)n;
    emit(g, c, type, r, 0);
}

/* A chain of `len` ranks from `start`, `width` cards of each (within 3..A). */
static int chain(uint8_t c[PK_REF_RANKS], int start, int len, int width)
{
    memset(c, 0, PK_REF_RANKS);
    if (start + len - 1 > CHAIN_TOP) return 0;
    for (int i = 0; i < len; i++) c[start + i] = (uint8_t)width;
    return 1;
}

static void gen_chains(gen *g, int width, int min_len, int max_len, const char *name)
{
    char type[32];
    uint8_t c[PK_REF_RANKS];
    for (int len = min_len; len <= max_len; len++) {
        snprintf(type, sizeof type, "%s_%d", name, len);
        for (int s = 0; chain(c, s, len, width); s++) emit(g, c, type, s, 0);
    }
}

static void gen_seed(gen *g)
{
    for (int r = 0; r <= R_2; r++) {
        same_rank(g, r, 1, "solo");
        same_rank(g, r, 2, "pair");
        same_rank(g, r, 3, "trio");
        same_rank(g, r, 4, "bomb");
    }
    gen_chains(g, 1, 3, 12, "solo_chain");
    gen_chains(g, 2, 3, 12, "pair_chain");
}

/* ddz: the RLCard type list. Groups never exceed 20 cards (a hand's size), which is what bounds
 * the chain lengths of the table: solo 5..12, pair 3..10, trio 2..6, with singles 2..5, with
 * pairs 2..4. */
static void gen_ddz(gen *g)
{
    uint8_t base[PK_REF_RANKS];
    char type[32];
    for (int r = 0; r < PK_REF_RANKS; r++) same_rank(g, r, 1, "solo");
    for (int r = 0; r <= R_2; r++) {
        same_rank(g, r, 2, "pair");
        same_rank(g, r, 3, "trio");
        same_rank(g, r, 4, "bomb");
        /* triple + single, triple + pair */
        memset(base, 0, sizeof base);
        base[r] = 3;
        with_kickers(g, base, 1, 1, R_D, NULL, NULL, "trio_solo", r, 0);
        with_kickers(g, base, 2, 2, R_2, pairs_only, NULL, "trio_pair", r, 0);
        /* four + two singles (a pair may be the two), four + two pairs of distinct ranks */
        base[r] = 4;
        with_kickers(g, base, 2, 2, R_D, not_both_jokers, NULL, "four_two_solo", r, 0);
        uint8_t cap[PK_REF_RANKS] = {0}, kick[PK_REF_RANKS] = {0};
        for (int k = 0; k <= R_2; k++)
            if (k != r && g->hand[k] >= 2) cap[k] = 2;
        kick_job job = {g, base, cap, pairs_only, NULL, "four_two_pair", r, 0};
        if (g->hand[r] == 4) kickers(&job, kick, 0, 4);
    }
    {
        uint8_t c[PK_REF_RANKS] = {0};
        c[R_X] = c[R_D] = 1;
        emit(g, c, "rocket", R_X, 0);
    }
    gen_chains(g, 1, 5, 12, "solo_chain");
    gen_chains(g, 2, 3, 10, "pair_chain");
    gen_chains(g, 3, 2, 6, "trio_chain");
    for (int n = 2; n <= 5; n++) {
        snprintf(type, sizeof type, "trio_solo_chain_%d", n);
        for (int s = 0; chain(base, s, n, 3); s++)
            with_kickers(g, base, n, 3, R_D, ddz_airplane_kickers, NULL, type, s, 0);
    }
    for (int n = 2; n <= 4; n++) {
        /* n pairs of distinct ranks: cap 2 per rank and pairs only */
        snprintf(type, sizeof type, "trio_pair_chain_%d", n);
        for (int s = 0; chain(base, s, n, 3); s++)
            with_kickers(g, base, 2 * n, 2, R_2, pairs_only, NULL, type, s, 0);
    }
}

static void gen_pdk(gen *g)
{
    uint8_t base[PK_REF_RANKS];
    char type[32];
    const pk_ref_options *o = &g->rc->opt;
    for (int r = 0; r <= R_2; r++) {
        same_rank(g, r, 1, "solo");
        same_rank(g, r, 2, "pair");
        same_rank(g, r, 4, "bomb");
        memset(base, 0, sizeof base);
        base[r] = 3;
        with_kickers(g, base, 2, 3, R_2, NULL, NULL, "trio_two", r, 0);
        if (o->last_short) {
            emit(g, base, "trio", r, 1);
            with_kickers(g, base, 1, 3, R_2, NULL, NULL, "trio_one", r, 1);
        }
        if (o->four_with_three) {
            base[r] = 4;
            with_kickers(g, base, 3, 3, R_2, NULL, NULL, "four_three", r, 0);
        }
    }
    gen_chains(g, 1, 5, 12, "solo_chain");
    gen_chains(g, 2, 2, 12, "pair_chain");
    char short_type[32];
    for (int n = 2; n <= 12; n++) {
        snprintf(type, sizeof type, "trio_two_chain_%d", n);
        snprintf(short_type, sizeof short_type, "trio_short_chain_%d", n);
        for (int s = 0; chain(base, s, n, 3); s++) {
            with_kickers(g, base, 2 * n, 3, R_2, NULL, NULL, type, s, 0);
            if (o->last_short)
                for (int k = 0; k < 2 * n; k++) with_kickers(g, base, k, 3, R_2, NULL, NULL, short_type, s, 1);
        }
    }
}

long pk_ref_each_group(const char *rules, const pk_ref_options *opt, const uint8_t hand[PK_REF_RANKS],
                       pk_ref_group_fn fn, void *ctx)
{
    rules_ctx rc;
    if (read_rules(rules, opt, &rc) || !hand_ok(&rc, hand)) return -1;
    gen g = {&rc, hand, fn, ctx, 0};
    if (rc.set == RS_SEED) gen_seed(&g);
    else if (rc.set == RS_DDZ) gen_ddz(&g);
    else gen_pdk(&g);
    return g.count;
}

/* ---- classify ----------------------------------------------------------------------------- */

typedef struct classify_ctx {
    const uint8_t *cards;
    strlist out;
} classify_ctx;

static void classify_one(const uint8_t c[PK_REF_RANKS], const char *type, int main_rank, int is_short, void *arg)
{
    (void)is_short;
    classify_ctx *cc = arg;
    if (memcmp(c, cc->cards, PK_REF_RANKS) != 0) return;
    char buf[48];
    snprintf(buf, sizeof buf, "%s@%c", type, RANK_CHARS[main_rank]);
    sl_push(&cc->out, buf);
}

size_t pk_ref_classify(const char *rules, const pk_ref_options *opt, const uint8_t cards[PK_REF_RANKS],
                       char ***types)
{
    classify_ctx cc = {cards, {0}};
    *types = NULL;
    if (total(cards) == 0) return 0;
    /* The card set is its own hand: a group using all of it is one reading of it. */
    if (pk_ref_each_group(rules, opt, cards, classify_one, &cc) < 0) return 0;
    return sl_finish(&cc.out, types);
}

/* ---- moves -------------------------------------------------------------------------------- */

typedef struct play {
    uint8_t c[PK_REF_RANKS];
    char type[32];
    int main_rank;
    int size;
    int is_short;
} play;

static int is_bomb(const play *p) { return strcmp(p->type, "bomb") == 0; }
static int is_rocket(const play *p) { return strcmp(p->type, "rocket") == 0; }

/* RULES.md "Beating a play". The pdk short answer is read with a HIGHER main rank: the text says
 * "a lower main rank", which would let 333 answer KKK45; taken as a slip (see the report). */
static int beats(const rules_ctx *rc, const play *p, const play *last)
{
    if (is_rocket(last)) return 0;
    if (is_rocket(p)) return 1;
    if (is_bomb(p)) return !is_bomb(last) || p->main_rank > last->main_rank;
    if (is_bomb(last)) return 0;
    if (strcmp(p->type, last->type) == 0 && p->size == last->size) return p->main_rank > last->main_rank;
    if (rc->set == RS_PDK && p->is_short && p->main_rank > last->main_rank) {
        if (strcmp(last->type, "trio_two") == 0)
            return strcmp(p->type, "trio") == 0 || strcmp(p->type, "trio_one") == 0;
        const char *lt = "trio_two_chain_", *pt = "trio_short_chain_";
        if (strncmp(last->type, lt, strlen(lt)) == 0 && strncmp(p->type, pt, strlen(pt)) == 0)
            return atoi(last->type + strlen(lt)) == atoi(p->type + strlen(pt));
    }
    return 0;
}

typedef struct moves_ctx {
    const rules_ctx *rc;
    const uint8_t *hand;
    const play *last; /* NULL: leads */
    strlist out;
} moves_ctx;

static void moves_one(const uint8_t c[PK_REF_RANKS], const char *type, int main_rank, int is_short, void *arg)
{
    moves_ctx *mc = arg;
    if (is_short && memcmp(c, mc->hand, PK_REF_RANKS) != 0) return;
    play p;
    memcpy(p.c, c, PK_REF_RANKS);
    snprintf(p.type, sizeof p.type, "%s", type);
    p.main_rank = main_rank;
    p.size = total(c);
    p.is_short = is_short;
    if (mc->last && !beats(mc->rc, &p, mc->last)) return;
    char buf[96];
    cards_text(c, buf);
    size_t len = strlen(buf);
    snprintf(buf + len, sizeof buf - len, " %s@%c", type, RANK_CHARS[main_rank]);
    sl_push(&mc->out, buf);
}

/* The reading of last_cards named by last_type ("type@M" or a bare "type" read only one way). */
static int read_last(const char *rules, const pk_ref_options *opt, const uint8_t *cards, const char *last_type,
                     play *last)
{
    char **types;
    size_t n = pk_ref_classify(rules, opt, cards, &types);
    int found = 0;
    for (size_t i = 0; i < n; i++) {
        const char *at = strchr(types[i], '@');
        size_t tlen = (size_t)(at - types[i]);
        int match = strcmp(types[i], last_type) == 0 ||
                    (strlen(last_type) == tlen && strncmp(types[i], last_type, tlen) == 0);
        if (!match) continue;
        found++;
        memcpy(last->c, cards, PK_REF_RANKS);
        snprintf(last->type, sizeof last->type, "%.*s", (int)tlen, types[i]);
        last->main_rank = (int)(strchr(RANK_CHARS, at[1]) - RANK_CHARS);
        last->size = total(cards);
        last->is_short = strcmp(last->type, "trio") == 0 || strcmp(last->type, "trio_one") == 0 ||
                         strncmp(last->type, "trio_short_chain_", 17) == 0;
    }
    pk_ref_free(types, n);
    return found == 1 ? 0 : -1;
}

size_t pk_ref_moves(const char *rules, const pk_ref_options *opt, const uint8_t hand[PK_REF_RANKS],
                    const uint8_t *last_cards, const char *last_type, char ***plays)
{
    rules_ctx rc;
    play last;
    *plays = NULL;
    if (read_rules(rules, opt, &rc) || !hand_ok(&rc, hand)) return 0;
    if (last_cards && (!last_type || read_last(rules, opt, last_cards, last_type, &last))) return 0;
    moves_ctx mc = {&rc, hand, last_cards ? &last : NULL, {0}};
    pk_ref_each_group(rules, opt, hand, moves_one, &mc);
    return sl_finish(&mc.out, plays);
}

/* ---- minimum plays ------------------------------------------------------------------------ */

typedef struct group {
    uint8_t c[PK_REF_RANKS];
    int is_short;
    char text[64];
} group;

typedef struct group_list {
    group *v;
    size_t n, cap;
} group_list;

/* Distinct card sets only: two readings of the same cards are the same group for min plays.
 * A set counts as short only if every reading of it is short. */
static void collect_group(const uint8_t c[PK_REF_RANKS], const char *type, int main_rank, int is_short, void *arg)
{
    (void)type; (void)main_rank;
    group_list *gl = arg;
    for (size_t i = 0; i < gl->n; i++)
        if (memcmp(gl->v[i].c, c, PK_REF_RANKS) == 0) {
            if (!is_short) gl->v[i].is_short = 0;
            return;
        }
    if (gl->n == gl->cap) {
        gl->cap = gl->cap ? 2 * gl->cap : 64;
        gl->v = realloc(gl->v, gl->cap * sizeof *gl->v);
        if (!gl->v) abort();
    }
    group *g = &gl->v[gl->n++];
    memcpy(g->c, c, PK_REF_RANKS);
    g->is_short = is_short;
    cards_text(c, g->text);
}

/* Failure memo: remaining cards (+ whether the short group is spent) -> the largest budget with
 * which it was shown not to be coverable. Open addressing; the key never is 0 (see pack()). */
typedef struct memo {
    uint64_t *key;
    int8_t *budget;
    size_t cap, n;
} memo;

static uint64_t pack(const uint8_t rem[PK_REF_RANKS], int short_used)
{
    uint64_t k = 1; /* a leading 1 keeps every key nonzero */
    for (int r = 0; r < PK_REF_RANKS; r++) k = (k << 3) | rem[r];
    return (k << 1) | (uint64_t)short_used;
}

static size_t slot(const memo *m, uint64_t k)
{
    uint64_t h = k * 0x9E3779B97F4A7C15ull;
    size_t i = (size_t)(h >> 20) & (m->cap - 1);
    while (m->key[i] && m->key[i] != k) i = (i + 1) & (m->cap - 1);
    return i;
}

static void memo_put(memo *m, uint64_t k, int budget)
{
    if (2 * (m->n + 1) > m->cap) {
        memo old = *m;
        m->cap = old.cap ? 2 * old.cap : 1024;
        m->key = calloc(m->cap, sizeof *m->key);
        m->budget = calloc(m->cap, sizeof *m->budget);
        if (!m->key || !m->budget) abort();
        m->n = 0;
        for (size_t i = 0; i < old.cap; i++)
            if (old.key[i]) {
                size_t j = slot(m, old.key[i]);
                m->key[j] = old.key[i];
                m->budget[j] = old.budget[i];
                m->n++;
            }
        free(old.key);
        free(old.budget);
    }
    size_t i = slot(m, k);
    if (!m->key[i]) { m->key[i] = k; m->n++; m->budget[i] = (int8_t)budget; }
    else if (m->budget[i] < budget) m->budget[i] = (int8_t)budget;
}

static int memo_failed(const memo *m, uint64_t k, int budget)
{
    if (!m->cap) return 0;
    size_t i = slot(m, k);
    return m->key[i] && m->budget[i] >= budget;
}

typedef struct search {
    const group_list *groups;
    size_t *by_low;       /* indices of groups, grouped by their lowest rank */
    size_t low_start[PK_REF_RANKS + 1];
    memo fail;
    const group *chosen[64];
    int use_memo;
    strlist found;
} search;

static int cmp_text(const void *a, const void *b)
{
    return strcmp((*(const group *const *)a)->text, (*(const group *const *)b)->text);
}

static void record(search *s, int depth)
{
    const group *sorted[64];
    memcpy(sorted, s->chosen, (size_t)depth * sizeof *sorted);
    qsort(sorted, (size_t)depth, sizeof *sorted, cmp_text);
    size_t len = 1;
    for (int i = 0; i < depth; i++) len += strlen(sorted[i]->text) + 1;
    char *buf = malloc(len), *p = buf;
    if (!buf) abort();
    *p = '\0';
    for (int i = 0; i < depth; i++) {
        if (i) *p++ = ' ';
        size_t l = strlen(sorted[i]->text);
        memcpy(p, sorted[i]->text, l + 1);
        p += l;
    }
    sl_push(&s->found, buf);
    free(buf);
}

/* Finds every cover of rem with at most `budget` more groups; returns whether any exists. */
static int cover(search *s, uint8_t rem[PK_REF_RANKS], int depth, int budget, int short_used)
{
    int low = 0;
    while (low < PK_REF_RANKS && rem[low] == 0) low++;
    if (low == PK_REF_RANKS) { record(s, depth); return 1; }
    if (budget == 0) return 0;
    uint64_t key = pack(rem, short_used);
    if (s->use_memo && memo_failed(&s->fail, key, budget)) return 0;
    int any = 0;
    for (size_t i = s->low_start[low]; i < s->low_start[low + 1]; i++) {
        const group *g = &s->groups->v[s->by_low[i]];
        if (g->is_short && short_used) continue;
        int fits = 1;
        for (int r = low; r < PK_REF_RANKS; r++)
            if (g->c[r] > rem[r]) { fits = 0; break; }
        if (!fits) continue;
        for (int r = low; r < PK_REF_RANKS; r++) rem[r] = (uint8_t)(rem[r] - g->c[r]);
        s->chosen[depth] = g;
        any |= cover(s, rem, depth + 1, budget - 1, short_used || g->is_short);
        for (int r = low; r < PK_REF_RANKS; r++) rem[r] = (uint8_t)(rem[r] + g->c[r]);
    }
    if (!any && s->use_memo) memo_put(&s->fail, key, budget);
    return any;
}

static int min_plays(const char *rules, const pk_ref_options *opt, const uint8_t counts[PK_REF_RANKS],
                     char ***solutions, size_t *n_solutions, int use_memo)
{
    *solutions = NULL;
    *n_solutions = 0;
    group_list gl = {0};
    if (pk_ref_each_group(rules, opt, counts, collect_group, &gl) < 0) return -1;
    int n_cards = total(counts);
    if (n_cards == 0) {
        free(gl.v);
        char **one = malloc(sizeof *one);
        if (!one) abort();
        one[0] = calloc(1, 1);
        if (!one[0]) abort();
        *solutions = one;
        *n_solutions = 1;
        return 0;
    }
    search s;
    memset(&s, 0, sizeof s);
    s.groups = &gl;
    s.use_memo = use_memo;
    s.by_low = malloc((gl.n ? gl.n : 1) * sizeof *s.by_low);
    if (!s.by_low) abort();
    size_t w = 0;
    for (int low = 0; low < PK_REF_RANKS; low++) {
        s.low_start[low] = w;
        for (size_t i = 0; i < gl.n; i++) {
            int first = 0;
            while (gl.v[i].c[first] == 0) first++;
            if (first == low) s.by_low[w++] = i;
        }
    }
    s.low_start[PK_REF_RANKS] = w;
    uint8_t rem[PK_REF_RANKS];
    memcpy(rem, counts, sizeof rem);
    /* Iterative deepening: the first budget with a cover is the minimum, and every cover found
     * with it has exactly that many groups (a shorter one would have been found earlier). Every
     * card can be a single in each rule set, so budget n_cards always succeeds. */
    int best = -1;
    for (int budget = 1; budget <= n_cards && budget < 64; budget++)
        if (cover(&s, rem, 0, budget, 0)) { best = budget; break; }
    free(s.fail.key);
    free(s.fail.budget);
    free(s.by_low);
    free(gl.v);
    *n_solutions = sl_finish(&s.found, solutions);
    return best;
}

int pk_ref_min_plays(const char *rules, const pk_ref_options *opt, const uint8_t counts[PK_REF_RANKS],
                     char ***solutions, size_t *n_solutions)
{
    return min_plays(rules, opt, counts, solutions, n_solutions, 1);
}

int pk_ref_min_plays_plain(const char *rules, const pk_ref_options *opt, const uint8_t counts[PK_REF_RANKS],
                           char ***solutions, size_t *n_solutions)
{
    return min_plays(rules, opt, counts, solutions, n_solutions, 0);
}

void pk_ref_free(char **list, size_t n)
{
    if (!list) return;
    for (size_t i = 0; i < n; i++) free(list[i]);
    free(list);
}
