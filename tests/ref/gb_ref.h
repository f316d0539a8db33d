/*
 * The brute-force reference for Guobiao (国标 / MCR, 《中国麻将竞赛规则》) fan
 * scoring, written from the rule book alone (all 81 fans, their points, every
 * 不计 exclusion and the principles 不重复, 不拆移, 不得相同, 就高不就低,
 * 套算一次), to be obviously right rather than fast. The fast scorer in src/
 * is checked against it; it shares no code with the library.
 *
 *   gb_ref_result r;
 *   gb_ref_fan("[EEE,2][SSSS,1]WWWNN55pN|EE1000", &r);   -> 1, r.total 98
 *   (大四喜 88, 混一色 6, 双暗刻 2, 明杠 1, 自摸 1)
 *
 * It reads every way the winning hand can be read (every decomposition into
 * melds and pair, seven pairs, thirteen orphans, 全不靠 / 七星不靠, 组合龙 with
 * its meld and pair, and every role the winning tile can take in each),
 * evaluates every fan by its definition on that reading, applies the
 * exclusions and the combining principles, and keeps the best total; among
 * equal totals the breakdown whose fans come first in the book's table.
 */
#ifndef QIPAI_GB_REF_H
#define QIPAI_GB_REF_H

/* input: a hand in the notation of tests/data/gb/README.md (melds in
 * [...] with claim offsets, concealed tiles with the winning tile last, then
 * |prevalent wind, seat wind and four flags: self-drawn, 和绝张, 海底/妙手,
 * kong involved; then |flowers). Returns 1 win, 0 not a win, -1 bad input; *out is zeroed
 * unless the hand wins. The fans are reported even below the minimum of 8. */
typedef struct gb_ref_result {
    int total;           /* includes flowers */
    int flowers;
    int count;
    char names[64][32];  /* fan ids as in the data (FAN_HUNYISE, FAN_HUAPAI for flowers...), a fan
                            scored twice listed twice, sorted with strcmp */
} gb_ref_result;
int gb_ref_fan(const char *input, gb_ref_result *out);

/* The disputed rules, all off in gb_ref_fan (the book's reading, see gb_ref.c): */
typedef struct gb_ref_options {
    int concealed_and_melded_kong; /* 明暗杠 (5, FAN_MINGANGANG) for one concealed + one melded
                                      kong instead of 暗杠 + 明杠 */
} gb_ref_options;
int gb_ref_fan_with(const char *input, const gb_ref_options *options, gb_ref_result *out);

/* The points of a fan id ("FAN_QIDUI" -> 24, "FAN_HUAPAI" -> 1), -1 for an unknown id. */
int gb_ref_fan_points(const char *name);

/* The waits of a 13-tile hand in the same notation (melds, then 13 - 3 x melds concealed tiles;
 * the situation is read and ignored): every kind whose addition makes a winning shape, written as
 * "1m".."9s", "E" "S" "W" "N" "C" "F" "P" in kind order. formal = 1 also lists kinds the hand
 * already holds all four of (the count that decides 边张/嵌张/单钓将). Returns the number of
 * waits, -1 for bad input. */
int gb_ref_waits(const char *input, int formal, char names[34][4]);

#ifdef GB_REF_INTERNAL
/* ---- Shared by the files of the reference (tests/ref/gb_ref*.c), hidden from its users: the
 * hand as parsed, the readings of a winning hand. */

/* Kinds: 1m-9m = 0-8, 1p-9p = 9-17, 1s-9s = 18-26, E S W N = 27-30, C (red 中) F (green 发)
 * P (white 白) = 31-33. */
enum { GB_KINDS = 34, GB_E = 27, GB_S = 28, GB_W = 29, GB_N = 30, GB_C = 31, GB_F = 32, GB_P = 33 };
enum { GB_CHOW, GB_PUNG, GB_KONG };

typedef struct gb_group {
    int kind;       /* GB_CHOW, GB_PUNG, GB_KONG */
    int tile;       /* the lowest tile */
    int claimed;    /* made with another player's tile: a claimed chow, pung or melded kong */
    int concealed;  /* pung or kong counted as 暗刻: set for concealed kongs, and per reading for
                       pungs of the concealed tiles (not when a discard completed it) */
    int from_meld;  /* declared in brackets (so never the winning tile's group) */
} gb_group;

typedef struct gb_hand {
    gb_group meld[4];
    int nmeld;
    int conc[GB_KINDS];  /* the concealed tiles, the winning tile included */
    int win;             /* the winning tile's kind */
    int prevalent, seat; /* GB_E..GB_N */
    int self_drawn, juezhang, last_tile, kong;
    int flowers;
} gb_hand;

/* Shapes of a reading. */
enum { GB_SH_MELDS, GB_SH_PAIRS, GB_SH_ORPHANS, GB_SH_KNITTED_ALL, GB_SH_KNITTED_DRAGON };

typedef struct gb_reading {
    int shape;
    gb_group g[4]; /* melds + pair: the four melds (the declared ones first); 组合龙: its meld */
    int ng;
    int pair;      /* the pair's kind, -1 when the shape has none */
    int knit;      /* 全不靠 / 组合龙: the knitted assignment 0-5 (gb_ref_knit_tile) */
} gb_reading;

/* Reads a hand of tiles_in_hand tiles (14 winning, 13 waiting; a kong counting three): 0 or -1. */
int gb_ref_parse(const char *input, int tiles_in_hand, gb_hand *h);
/* Tile counts of the whole hand, a kong counting four. */
void gb_ref_all_tiles(const gb_hand *h, int all[GB_KINDS]);
/* The k-th (0-8) tile of knitted assignment a (0-5): 147 258 369 spread over the three suits. */
int gb_ref_knit_tile(int a, int k);
/* Calls cb for every reading of the declared melds + conc (counts may exceed 4: waits are formal).
 * Returns the number of readings. */
int gb_ref_readings(const gb_hand *h, const int conc[GB_KINDS],
                    void (*cb)(const gb_reading *r, void *ctx), void *ctx);

#endif /* GB_REF_INTERNAL */

#endif
