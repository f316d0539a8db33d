/*
 * What the poker files share inside the library: the packed card vector the
 * fast paths work on, and the group generator behind moves and minplays.
 *
 * A packed card set holds rank r's count in bits 4r..4r+3 (15 ranks, 60
 * bits). Counts never exceed 4, so bit 3 of every nibble is free: adding
 * PK_GUARD before a subtraction turns it into a per-rank comparison (the
 * guard bit of a nibble survives exactly when that count did not go below
 * zero), and no borrow ever crosses a nibble.
 */
#ifndef QIPAI_PK_INTERNAL_H
#define QIPAI_PK_INTERNAL_H

#include <qipai/poker.h>

#define PK_ONES 0x0111111111111111ull  /* 1 in every rank's nibble */
#define PK_GUARD 0x0888888888888888ull /* bit 3 of every nibble */
#define PK_CHAIN_RANKS 12              /* 3..A: the ranks a chain may use */

static inline unsigned pk_count(uint64_t v, int rank)
{
    return (unsigned)(v >> (4 * rank)) & 0xF;
}

static inline uint64_t pk_rank(int rank, unsigned n)
{
    return (uint64_t)n << (4 * rank);
}

/* b <= a rank by rank. */
static inline int pk_within(uint64_t b, uint64_t a)
{
    return (((a | PK_GUARD) - b) & PK_GUARD) == PK_GUARD;
}

/* Bit 4r set exactly when rank r has at least k cards (1 <= k <= 4). */
static inline uint64_t pk_at_least(uint64_t v, unsigned k)
{
    return (((v | PK_GUARD) - k * PK_ONES) & PK_GUARD) >> 3;
}

/* Gathers the bits at 4r (as pk_at_least leaves them) into bit r. */
static inline unsigned pk_bits(uint64_t x)
{
    x = (x | x >> 3) & 0x0303030303030303ull;
    x = (x | x >> 6) & 0x000F000F000F000Full;
    x = (x | x >> 12) & 0x000000FF000000FFull;
    x = (x | x >> 24) & 0xFFFFull;
    return (unsigned)x;
}

/* Ranks holding at least k cards, as a 15-bit mask. */
static inline unsigned pk_mask_at_least(uint64_t v, unsigned k)
{
    return pk_bits(pk_at_least(v, k));
}

int pk_total(uint64_t v);
int pk_lowest_rank(uint64_t v); /* -1 when empty */

uint64_t pk_pack(const qipai_pk_cards *cards);
void pk_unpack(uint64_t v, qipai_pk_cards *cards);

/* The card order of qipai_pk_compare, on packed sets. */
int pk_compare(uint64_t a, uint64_t b);

/* ---- the generator -------------------------------------------------------- */

/* A group found by the generator: its cards and one reading of them. */
typedef struct pk_group {
    uint64_t cards;
    uint8_t type, length, main, is_short;
} pk_group;

/* Receives a group; nonzero stops the generation. */
typedef int (*pk_emit_fn)(void *context, const pk_group *group);

/* A rule set digested once for the generator: which types it may emit
 * and the bounds of each chain type. */
typedef struct pk_profile {
    uint32_t types;                      /* bit t: emit type t */
    uint8_t lo[QIPAI_PK_TYPE_COUNT];     /* chain types: shortest chain (0: none) */
    uint8_t hi[QIPAI_PK_TYPE_COUNT];     /* and longest */
    uint8_t ddz, pdk;
    uint8_t card_sets; /* 1: each card set once, in its canonical reading (minplays);
                          0: every reading (moves) */
} pk_profile;

#define PK_ALL_TYPES ((1u << QIPAI_PK_TYPE_COUNT) - 1)

/* types: the caller's filter; short_ok: pdk short groups wanted (whatever
 * the hand size), which the rules must also allow. */
void pk_profile_init(pk_profile *profile, const qipai_pk_rules *rules, uint32_t types,
                     int card_sets, int short_ok);

typedef struct pk_gen {
    const pk_profile *profile;
    uint64_t hand;     /* the cards groups are drawn from */
    int pivot;         /* -1, or a rank every group must hold */
    pk_emit_fn emit;
    void *context;
} pk_gen;

/* Calls emit for every group of the profile within hand that holds the
 * pivot (if any). Bomb_unsplittable is not applied here (callers do).
 * Returns nonzero when emit stopped it. */
int pk_generate(const pk_gen *gen);

/* The smallest chain length of each chain type under the rules (0: the rule
 * set has no such type), and the largest (ddz caps plays at 20 cards). */
int pk_chain_min(const qipai_pk_rules *rules, qipai_pk_type type);
int pk_chain_max(const qipai_pk_rules *rules, qipai_pk_type type);

/* Whether the rule set has the type at all. */
int pk_has_type(const qipai_pk_rules *rules, qipai_pk_type type);

/* Longest run of ranks within 3..A each holding at least 3 cards; *start
 * gets the lowest start of such a run. */
int pk_triple_run(uint64_t v, int *start);

/* ---- the lower bound -------------------------------------------------------- */

/* A lower bound on the fewest plays of v (bound.c): the exact minimum of a
 * relaxation; short_ok as in the search (pdk: a short group still allowed). */
int pk_lower_bound(const pk_profile *profile, uint64_t v, int short_ok);

/* ---- minimum plays with the search chosen (tests) ----------------------------- */

/* mode -1: as the public calls (plain search up to 24 cards, branch and
 * bound above); 0: always plain; 1: always branch and bound. */
qipai_err pk_min_plays_mode(const qipai_pk_rules *rules, const qipai_pk_cards *hand,
                            qipai_pk_memo *memo, qipai_pk_solution_fn each, void *context,
                            qipai_pk_min_result *result, qipai_error *err, int mode);
qipai_err pk_min_count_mode(const qipai_pk_rules *rules, const qipai_pk_cards *hand,
                            qipai_pk_memo *memo, int *min, qipai_error *err, int mode);

/* ---- the memo ------------------------------------------------------------- */

/* One remembered result: the fewest plays of a packed sub-hand (bit 63: a
 * short group is still allowed). epoch 0 marks an empty entry. */
typedef struct pk_memo_entry {
    uint64_t key;
    uint32_t epoch;
    uint32_t value;
} pk_memo_entry;

/* Where the optimal next groups of a state sit in the kid arena (one call's
 * listing only: call tells which). */
typedef struct pk_kids_entry {
    uint64_t key;
    uint32_t call;
    uint32_t at;    /* arena index << 8 | count */
} pk_kids_entry;

struct qipai_pk_memo {
    uint64_t rules_tag; /* the rules the entries hold answers for */
    uint32_t epoch;
    uint32_t call;      /* listings so far, for the kid cache */
    unsigned shift;     /* 64 - log2(entries) */
    unsigned kids_shift;
    size_t mask;        /* entries - 1 */
    size_t kids_mask;   /* kid slots - 1 */
    size_t arena_size, arena_used;
    pk_memo_entry *entries;
    pk_kids_entry *kids;
    uint64_t *arena;
};

/* Starts a call: entries made under other rules are forgotten. */
void pk_memo_begin(qipai_pk_memo *memo, const qipai_pk_rules *rules);
void pk_memo_put(qipai_pk_memo *memo, uint64_t key, int value);

enum { PK_MEMO_PROBES = 4 };

static inline uint64_t pk_memo_mix(uint64_t key)
{
    uint64_t h = key * 0x9E3779B97F4A7C15ull;
    h ^= h >> 29;
    return h * 0xBF58476D1CE4E5B9ull;
}

/* The value stored for key, or -1. Inline: the search calls it most. */
static inline int pk_memo_get(const qipai_pk_memo *memo, uint64_t key)
{
    size_t i = (size_t)(pk_memo_mix(key) >> memo->shift);
    for (int p = 0; p < PK_MEMO_PROBES; p++) {
        const pk_memo_entry *e = &memo->entries[(i + (size_t)p) & memo->mask];
        if (e->key == key && e->epoch == memo->epoch)
            return (int)e->value;
    }
    return -1;
}

/* Asks the cache for key's slots ahead of pk_memo_get. */
static inline void pk_memo_prefetch(const qipai_pk_memo *memo, uint64_t key)
{
#if defined(__GNUC__)
    __builtin_prefetch(&memo->entries[(size_t)(pk_memo_mix(key) >> memo->shift)]);
#else
    (void)memo;
    (void)key;
#endif
}

/* The kid cache of one listing: forget the previous listing's lists. */
void pk_kids_begin(qipai_pk_memo *memo);
/* The cached list for key (*count entries), or NULL. */
const uint64_t *pk_kids_get(const qipai_pk_memo *memo, uint64_t key, size_t *count);
/* Room for up to `most` entries at the arena's end, or NULL; then
 * pk_kids_put keeps the first n of them there and records them for key
 * (returns 0 when no table slot was free: the list is kept, not found). */
uint64_t *pk_kids_room(qipai_pk_memo *memo, size_t most);
int pk_kids_put(qipai_pk_memo *memo, uint64_t key, size_t n);

#endif
