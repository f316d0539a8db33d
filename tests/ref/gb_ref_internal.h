/*
 * Shared between the files of the Guobiao fan reference (gb_ref_*.c): the hand as parsed, the
 * readings of a winning hand. Not used outside tests/ref/.
 */
#ifndef QIPAI_GB_REF_INTERNAL_H
#define QIPAI_GB_REF_INTERNAL_H

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

#endif
