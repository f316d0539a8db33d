/*
 * The brute-force reference for the mahjong core: win, waits, decompositions
 * and shanten, written from docs/RULES.md ("Mahjong core") alone, to be
 * obviously right rather than fast. The fast library code is checked against
 * it; it shares no code with the library.
 *
 *   mj_ref_rules gb = mj_ref_preset("gb");
 *   uint8_t counts[34];
 *   int wilds;
 *   mj_ref_parse("19m19p19s1234567z*", counts, &wilds);
 *   mj_ref_win(&gb, counts, wilds);                        -> 1
 *   mj_ref_shanten(&gb, counts, wilds, MJ_REF_ALL);        -> -1
 *
 * A hand is counts[k] real tiles of kind k plus `wilds` wildcards. A count
 * given for a wild kind is taken as that many wildcards (RULES.md,
 * "Wildcards"). Hands the rules do not allow (more than four copies of a
 * kind, a tile outside the rule set's tile set, more than 14 tiles) or of the
 * wrong size for the question are answered "no": win 0, no waits, no
 * decompositions, shanten MJ_REF_NONE.
 */
#ifndef QIPAI_MJ_REF_H
#define QIPAI_MJ_REF_H

#include <stddef.h>
#include <stdint.h>

/* Kinds 0..33: 1m-9m = 0-8, 1p-9p = 9-17, 1s-9s = 18-26, 1z-7z = 27-33 (E S W N white green red). */
enum { MJ_REF_KINDS = 34, MJ_REF_NONE = 99 };
enum { MJ_REF_STANDARD = 0, MJ_REF_SEVEN_PAIRS = 1, MJ_REF_THIRTEEN_ORPHANS = 2, MJ_REF_ALL = -1 };

typedef struct mj_ref_rules {
    int kinds;                 /* 27 (suits only) or 34 (with honors) */
    int standard, seven_pairs, thirteen_orphans;   /* which forms count (0/1) */
    int seven_pairs_distinct;  /* 1: the seven pairs must be seven different kinds (riichi rule) */
    int max_suits;             /* 3 normally; 2 means 缺一门 */
    uint64_t wild_kinds;       /* bit k: copies of kind k are wildcards (only matters for waits) */
} mj_ref_rules;

/* 1 when a hand of 3k+2 tiles wins under one of the rule set's forms. */
int mj_ref_win(const mj_ref_rules *r, const uint8_t counts[34], int wilds);

/* is_wait[k] = 1 for each wait kind of a 3k+1 hand (a non-wild kind t of the
 * tile set with counts[t] < 4 such that hand+t wins; a wild kind t when hand +
 * one more wildcard wins), 0 otherwise. Returns the number of waits. */
int mj_ref_waits(const mj_ref_rules *r, const uint8_t counts[34], int wilds, uint8_t is_wait[34]);

/* Every distinct decomposition of every allowed form of a winning hand, as
 * canonical strings: `<form>:<meld> <meld> ...`, each meld
 * `<type>(<tile>,<tile>,...)` (types pair, triplet, sequence, single, any),
 * a wildcard marked `2m*`, tiles of a meld in kind order with a real tile
 * before a wildcard of the same kind, all-wildcard melds `any(*,*)` and
 * `any(*,*,*)` (standard form and seven pairs; thirteen orphans resolves every
 * wildcard), melds sorted with strcmp and joined by single spaces. *out is a
 * malloc'd array of malloc'd strings sorted with strcmp, without duplicates
 * (NULL when there are none). Returns the count, 0 when not a win. */
size_t mj_ref_decompose(const mj_ref_rules *r, const uint8_t counts[34], int wilds, char ***out);
void mj_ref_free(char **list, size_t n);

/* Exact shanten per docs/RULES.md for one form (MJ_REF_STANDARD, ...) or the
 * least over the rule set's forms (MJ_REF_ALL): -1 complete, 0 ready, ...;
 * MJ_REF_NONE when the form cannot apply (wrong size, form not in the rule
 * set). */
int mj_ref_shanten(const mj_ref_rules *r, const uint8_t counts[34], int wilds, int form);

/* The same as mj_ref_shanten, the standard form found by enumerating the
 * target hands themselves (a check on mj_ref_shanten; about a millisecond). */
int mj_ref_shanten_by_targets(const mj_ref_rules *r, const uint8_t counts[34], int wilds, int form);

/* ---- helpers for tests */

/* The presets of RULES.md: "basic", "laizi", "zhaotong", "gb" (seven pairs
 * non-distinct). Anything else gives "basic". */
mj_ref_rules mj_ref_preset(const char *name);

/* Compact notation (`123m456p789s1122z*`, blanks ignored) into counts and
 * wildcards, `*` being a wildcard. Returns 0, or -1 on anything else (no
 * limit on copies is checked here). */
int mj_ref_parse(const char *text, uint8_t counts[34], int *wilds);

/* The hand in compact notation (`123m55z**`), for failure messages. */
void mj_ref_format(const uint8_t counts[34], int wilds, char *buffer, size_t size);

/* The name of a kind: "1m" ... "7z". */
const char *mj_ref_tile_name(int kind);

/* The hand as every function sees it: real counts in `real`, the wild kinds'
 * copies moved into `*all_wilds`. Returns the number of tiles, or -1 when the
 * rules do not allow the hand (see the top of this file). */
int mj_ref_normalize(const mj_ref_rules *r, const uint8_t counts[34], int wilds, uint8_t real[34],
                     int *all_wilds);

/* The number of suits (m, p, s) among real tiles, for 缺一门. */
int mj_ref_real_suits(const uint8_t real[34]);

#endif
