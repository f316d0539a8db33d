/*
 * The brute-force reference for Zhaotong scoring, written from docs/RULES.md
 * ("Zhaotong") alone, to be obviously right rather than fast; it shares no
 * code with the library. Every way to give each wildcard (坨) a kind is
 * tried (as a multiset: the order of the wildcards does not matter), and
 * for each resulting plain hand every decomposition; the best amount wins,
 * then the most fan.
 *
 * Kinds 0-26: 1m-9m, 1p-9p, 1s-9s.
 */
#ifndef QIPAI_ZT_REF_H
#define QIPAI_ZT_REF_H

#include <stdint.h>

enum {
    ZT_REF_PINGHU, ZT_REF_DADUIZI, ZT_REF_QIAOQIDUI, ZT_REF_LONGQIDUI, ZT_REF_QINGYISE,
    ZT_REF_GEN, ZT_REF_GOUHU, ZT_REF_GANGSHANGHUA, ZT_REF_GANGSHANGPAO, ZT_REF_QIANGGANG,
    ZT_REF_ZIMO, ZT_REF_TIANHU, ZT_REF_DIHU, ZT_REF_TYPES
};
enum { ZT_REF_CAP = -1 }; /* a fan that means "the cap" */
/* How the hand won (AFTER_KONG and HEAVENLY are self-drawn wins). */
enum {
    ZT_REF_SELF_DRAWN = 1, ZT_REF_AFTER_KONG = 2, ZT_REF_KONG_DISCARD = 4, ZT_REF_ROB_KONG = 8,
    ZT_REF_HEAVENLY = 16, ZT_REF_EARTHLY = 32
};
enum { ZT_REF_PENG, ZT_REF_MING_GANG, ZT_REF_AN_GANG, ZT_REF_BU_GANG };

typedef struct zt_ref_rules {
    int fan[ZT_REF_TYPES];
    int cap, base, zimo_adds_base, seven_pairs;
} zt_ref_rules;

typedef struct zt_ref_hand {
    uint8_t counts[27]; /* concealed real tiles, the winning tile included */
    int wilds;          /* concealed 坨 */
    int tuo_kind;       /* the 坨's kind: its real tiles show no suit for 缺一门 */
    int meld_count;
    struct { int type, kind, tuo; } melds[4];
} zt_ref_hand;

/* The defaults of docs/RULES.md. */
zt_ref_rules zt_ref_default_rules(void);

/* 1 when the hand wins (the concealed part 3k+2 with k = 4 - melds, a form
 * covers it, 缺一门 over the real tiles of hand and melds), with the best
 * amount and its fan (uncapped) in *amount and *fan; 0 otherwise. */
int zt_ref_best(const zt_ref_rules *r, const zt_ref_hand *h, unsigned context, long long *amount,
                int *fan);

/* For a 3k+1 hand (docs/RULES.md, "Payments" and "Analysis"), with the
 * wins decided by zt_ref_best: */
/* 1 when the hand plus one more 坨 wins (ready). */
int zt_ref_ready(const zt_ref_rules *r, const zt_ref_hand *h);
/* The kinds (bit k) that complete the hand as a plain tile, leaving out a
 * kind whose four tiles are all in the hand and its melds (the 坨, held or
 * in a meld, being tiles of the 坨's kind): that tile cannot come. */
uint32_t zt_ref_waits(const zt_ref_rules *r, const zt_ref_hand *h);
/* 查大叫: the best amount the hand could win on one of its waits, as a win
 * on a discard with nothing else; when no plain tile completes it but it is
 * ready, the amount with the 坨; 0 when it is not ready. */
long long zt_ref_da_jiao(const zt_ref_rules *r, const zt_ref_hand *h);

#endif
