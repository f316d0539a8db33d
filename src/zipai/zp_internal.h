/*
 * Inside the zipai code: the packed hand the searches run on and the
 * constant table of the melds a hand can split into (generated at build time
 * by tools/gen/gen_zipai.c into build/gen/zipai.c).
 */
#ifndef QIPAI_ZP_INTERNAL_H
#define QIPAI_ZP_INTERNAL_H

#include <qipai/zipai.h>

/* A packed hand: card k's count in bits 3k..3k+2, so 20 cards fit one
 * 64-bit word. The searches keep every free count at most 3, which leaves
 * bit 3k+2 as a guard: (x | ZP_GUARD) - meld keeps the guard of a field set
 * exactly when the field held enough cards, and no borrow crosses fields
 * (a meld takes at most 2 of a card). */
#define ZP_GUARD 044444444444444444444ull
#define ZP_ONE(card) (1ull << (3 * (card)))

static inline int zp_packed_count(uint64_t x, int card)
{
    return (int)((x >> (3 * card)) & 7u);
}

/* The red cards 二 七 十 贰 柒 拾 as bits. */
#define ZP_RED_MASK ((1u << 1) | (1u << 6) | (1u << 9) | (1u << 11) | (1u << 16) | (1u << 19))

static inline int zp_red(int card)
{
    return (int)((ZP_RED_MASK >> card) & 1u);
}

/* The melds a free part of the hand splits into: 20 pairs and 40 chows. */
typedef struct zp_meld_info {
    uint64_t delta;     /* the meld's cards, packed */
    uint32_t big_index; /* its big cards counted in base 3 (see zp_tail) */
    uint8_t cards[3]; /* ascending */
    uint8_t n;        /* 2 (pair) or 3 (chow) */
    uint8_t huxi;
    uint8_t yiwushi;  /* 1: a chow only under the 一五十 rule */
} zp_meld_info;

enum { ZP_HAND_MELDS = 60, ZP_MAX_CANDIDATES = 8 };

extern const zp_meld_info zp_melds[ZP_HAND_MELDS];
/* [yiwushi][card]: the melds whose lowest card is that card, in ascending
 * meld order (qipai_zp_meld_compare), ended by -1. When a card is the
 * lowest one left, these are the only melds that can cover it. */
extern const int8_t zp_candidates[2][QIPAI_ZP_KINDS][ZP_MAX_CANDIDATES];

/* The big cards alone, held 0-2 times each, indexed by sum count * 3^(card
 * - 10): 4 bits for each [yiwushi][pair] (at bit 4 * (2 * yiwushi + pair)),
 * 0 when they do not split with exactly that many pairs, else 1 + the most
 * scoring chows (壹贰叁 贰柒拾 壹伍拾, 6 huxi each) of such a split. Once the
 * search has used up the small cards, this answers the rest at once. */
enum { ZP_TAIL_STATES = 59049 };
extern const uint16_t zp_tail[ZP_TAIL_STATES];

/* The free cards of a hand with its 坎 and 提 taken out. */
typedef struct zp_locked {
    uint64_t free;      /* packed counts, each 0-2 */
    int free_cards;     /* how many */
    int n_locked;
    qipai_zp_meld locked[QIPAI_ZP_KINDS]; /* 坎 / 提, ascending */
    int locked_huxi;
} zp_locked;

/* Splits off the 坎 (3 of a kind) and 提 (4) of counts; skip: a card left
 * free whatever its count (-1: none), as hu does for the target held three
 * times. The searches need every free count at most 3 (see ZP_GUARD). */
void zp_lock(const uint8_t counts[QIPAI_ZP_KINDS], int skip, zp_locked *out);

/* The most huxi over the complete splits of the free part (counts 0-3),
 * with exactly one pair when its cards number 3k+2: the best value or -1,
 * and that split's meld ids (the first in listing order among the best) in
 * ids[*n]. */
int zp_best_split(int yiwushi, uint64_t free, int free_cards, uint8_t ids[QIPAI_ZP_MAX_MELDS],
                  int *n);

/* Lists the complete splits of the free part (counts 0-3) in listing
 * order, each multiset of melds once: fn gets the meld ids, ascending, and
 * their huxi; a nonzero return stops the listing and is returned. */
typedef int (*zp_split_fn)(const uint8_t *ids, int n, int huxi, void *context);
int zp_each_split(int yiwushi, uint64_t free, int free_cards, zp_split_fn fn, void *context);

/* Fills a qipai_zp_meld from a hand meld id. */
void zp_meld_from_id(int id, qipai_zp_meld *meld);

/* Merges two ascending meld lists into out (ascending). */
int zp_merge_melds(const qipai_zp_meld *a, int na, const qipai_zp_meld *b, int nb,
                   qipai_zp_meld *out);

/* The huxi of a meld type on a card, for the one-kind melds (坎 提 碰 偎 跑). */
int zp_kind_meld_huxi(int type, int card);

/* Checks a situation's hand and open melds (shapes, at most four of a card
 * counting the target when it is set); fills counts with hand + open. */
qipai_err zp_check_situation(const qipai_zp_rules *rules, const qipai_zp_situation *s,
                             uint8_t seen[QIPAI_ZP_KINDS], qipai_error *err);

/* Fills win, tun, mingtang, multiplier and score from out->huxi and out->red. */
void zp_score(const qipai_zp_rules *rules, qipai_zp_hu_result *out);

#endif
