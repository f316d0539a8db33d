/*
 * qipai Guobiao (国标 / MCR, Chinese Official) mahjong: the 81 fans of
 * 《中国麻将竞赛规则》 with every exclusion, the best breakdown of a winning
 * hand, its waits (听牌) and the shanten of the knitted shapes.
 *
 *   #include <qipai/gb.h>
 *
 *   qipai_gb_rules rules;
 *   qipai_gb_hand hand;
 *   qipai_gb_result result;
 *   qipai_error err;
 *
 *   qipai_gb_rules_default(&rules);                          // minimum 8, no options
 *   if (qipai_gb_parse("[EEE,2][SSSS,1]WWWNN55pN|EE1000", &hand, &err) != QIPAI_OK ||
 *       qipai_gb_fan(&rules, &hand, &result, &err) != QIPAI_OK)
 *       return fprintf(stderr, "%s\n", err.message), 1;
 *   if (result.win)
 *       for (int i = 0; i < result.fan_count; i++)
 *           printf("%s %d x%d\n", qipai_gb_fan_name(result.fans[i].id),
 *                  result.fans[i].points, result.fans[i].count);
 *   printf("total %d\n", result.total);
 *   // output: 大四喜 88 x1
 *   // output: 混一色 6 x1
 *   // output: 双暗刻 2 x1
 *   // output: 明杠 1 x1
 *   // output: 自摸 1 x1
 *   // output: total 98
 *
 * The rules are in docs/RULES.md ("Guobiao") and docs/gb_fans.md (the 81
 * fans, their points and exclusions). Every call is pure: it reads what it
 * is given, writes only what the caller passes, allocates nothing and keeps
 * no state, so it is safe from any number of threads. Tile kinds are the
 * mahjong core's (include/qipai/mahjong.h): 0-8 1m-9m, 9-17 1p-9p, 18-26
 * 1s-9s, 27-33 east south west north white green red.
 */
#ifndef QIPAI_GB_H
#define QIPAI_GB_H

#include <qipai/mahjong.h>

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---- fans ------------------------------------------------------------------
 * Numbered as in the book's table (1 大四喜 ... 81 花牌); after them the
 * optional fans that are not among the 81. */
typedef enum qipai_gb_fan_id {
    QIPAI_GB_FAN_NONE = 0,
    QIPAI_GB_FAN_DASIXI = 1,          /* 大四喜 88 */
    QIPAI_GB_FAN_DASANYUAN,           /* 大三元 88 */
    QIPAI_GB_FAN_LVYISE,              /* 绿一色 88 */
    QIPAI_GB_FAN_JIULIANBAODENG,      /* 九莲宝灯 88 */
    QIPAI_GB_FAN_SIGANG,              /* 四杠 88 */
    QIPAI_GB_FAN_LIANQIDUI,           /* 连七对 88 */
    QIPAI_GB_FAN_SHISANYAO,           /* 十三幺 88 */
    QIPAI_GB_FAN_QINGYAOJIU,          /* 清幺九 64 */
    QIPAI_GB_FAN_XIAOSIXI,            /* 小四喜 64 */
    QIPAI_GB_FAN_XIAOSANYUAN,         /* 小三元 64 */
    QIPAI_GB_FAN_ZIYISE,              /* 字一色 64 */
    QIPAI_GB_FAN_SIANKE,              /* 四暗刻 64 */
    QIPAI_GB_FAN_YISESHUANGLONGHUI,   /* 一色双龙会 64 */
    QIPAI_GB_FAN_YISESITONGSHUN,      /* 一色四同顺 48 */
    QIPAI_GB_FAN_YISESIJIEGAO,        /* 一色四节高 48 */
    QIPAI_GB_FAN_YISESIBUGAO,         /* 一色四步高 32 */
    QIPAI_GB_FAN_SANGANG,             /* 三杠 32 */
    QIPAI_GB_FAN_HUNYAOJIU,           /* 混幺九 32 */
    QIPAI_GB_FAN_QIDUI,               /* 七对 24 */
    QIPAI_GB_FAN_QIXINGBUKAO,         /* 七星不靠 24 */
    QIPAI_GB_FAN_QUANSHUANGKE,        /* 全双刻 24 */
    QIPAI_GB_FAN_QINGYISE,            /* 清一色 24 */
    QIPAI_GB_FAN_YISESANTONGSHUN,     /* 一色三同顺 24 */
    QIPAI_GB_FAN_YISESANJIEGAO,       /* 一色三节高 24 */
    QIPAI_GB_FAN_QUANDA,              /* 全大 24 */
    QIPAI_GB_FAN_QUANZHONG,           /* 全中 24 */
    QIPAI_GB_FAN_QUANXIAO,            /* 全小 24 */
    QIPAI_GB_FAN_QINGLONG,            /* 清龙 16 */
    QIPAI_GB_FAN_SANSESHUANGLONGHUI,  /* 三色双龙会 16 */
    QIPAI_GB_FAN_YISESANBUGAO,        /* 一色三步高 16 */
    QIPAI_GB_FAN_QUANDAIWU,           /* 全带五 16 */
    QIPAI_GB_FAN_SANTONGKE,           /* 三同刻 16 */
    QIPAI_GB_FAN_SANANKE,             /* 三暗刻 16 */
    QIPAI_GB_FAN_QUANBUKAO,           /* 全不靠 12 */
    QIPAI_GB_FAN_ZUHELONG,            /* 组合龙 12 */
    QIPAI_GB_FAN_DAYUWU,              /* 大于五 12 */
    QIPAI_GB_FAN_XIAOYUWU,            /* 小于五 12 */
    QIPAI_GB_FAN_SANFENGKE,           /* 三风刻 12 */
    QIPAI_GB_FAN_HUALONG,             /* 花龙 8 */
    QIPAI_GB_FAN_TUIBUDAO,            /* 推不倒 8 */
    QIPAI_GB_FAN_SANSESANTONGSHUN,    /* 三色三同顺 8 */
    QIPAI_GB_FAN_SANSESANJIEGAO,      /* 三色三节高 8 */
    QIPAI_GB_FAN_WUFANHU,             /* 无番和 8 */
    QIPAI_GB_FAN_MIAOSHOUHUICHUN,     /* 妙手回春 8 */
    QIPAI_GB_FAN_HAIDILAOYUE,         /* 海底捞月 8 */
    QIPAI_GB_FAN_GANGSHANGKAIHUA,     /* 杠上开花 8 */
    QIPAI_GB_FAN_QIANGGANGHU,         /* 抢杠和 8 */
    QIPAI_GB_FAN_PENGPENGHU,          /* 碰碰和 6 */
    QIPAI_GB_FAN_HUNYISE,             /* 混一色 6 */
    QIPAI_GB_FAN_SANSESANBUGAO,       /* 三色三步高 6 */
    QIPAI_GB_FAN_WUMENQI,             /* 五门齐 6 */
    QIPAI_GB_FAN_QUANQIUREN,          /* 全求人 6 */
    QIPAI_GB_FAN_SHUANGANGANG,        /* 双暗杠 6 */
    QIPAI_GB_FAN_SHUANGJIANKE,        /* 双箭刻 6 */
    QIPAI_GB_FAN_QUANDAIYAO,          /* 全带幺 4 */
    QIPAI_GB_FAN_BUQIUREN,            /* 不求人 4 */
    QIPAI_GB_FAN_SHUANGMINGGANG,      /* 双明杠 4 */
    QIPAI_GB_FAN_HUJUEZHANG,          /* 和绝张 4 */
    QIPAI_GB_FAN_JIANKE,              /* 箭刻 2 */
    QIPAI_GB_FAN_QUANFENGKE,          /* 圈风刻 2 */
    QIPAI_GB_FAN_MENFENGKE,           /* 门风刻 2 */
    QIPAI_GB_FAN_MENQIANQING,         /* 门前清 2 */
    QIPAI_GB_FAN_PINGHU,              /* 平和 2 */
    QIPAI_GB_FAN_SIGUIYI,             /* 四归一 2 */
    QIPAI_GB_FAN_SHUANGTONGKE,        /* 双同刻 2 */
    QIPAI_GB_FAN_SHUANGANKE,          /* 双暗刻 2 */
    QIPAI_GB_FAN_ANGANG,              /* 暗杠 2 */
    QIPAI_GB_FAN_DUANYAO,             /* 断幺 2 */
    QIPAI_GB_FAN_YIBANGAO,            /* 一般高 1 */
    QIPAI_GB_FAN_XIXIANGFENG,         /* 喜相逢 1 */
    QIPAI_GB_FAN_LIANLIU,             /* 连六 1 */
    QIPAI_GB_FAN_LAOSHAOFU,           /* 老少副 1 */
    QIPAI_GB_FAN_YAOJIUKE,            /* 幺九刻 1 */
    QIPAI_GB_FAN_MINGGANG,            /* 明杠 1 */
    QIPAI_GB_FAN_QUEYIMEN,            /* 缺一门 1 */
    QIPAI_GB_FAN_WUZI,                /* 无字 1 */
    QIPAI_GB_FAN_BIANZHANG,           /* 边张 1 */
    QIPAI_GB_FAN_KANZHANG,            /* 坎张 1 */
    QIPAI_GB_FAN_DANDIAOJIANG,        /* 单钓将 1 */
    QIPAI_GB_FAN_ZIMO,                /* 自摸 1 */
    QIPAI_GB_FAN_HUAPAI,              /* 花牌 1 each */
    /* Not among the 81; scored only when the rules ask (qipai_gb_rules). */
    QIPAI_GB_FAN_MINGANGANG,          /* 明暗杠 5 */
    QIPAI_GB_FAN_TIANHE,              /* 天和 8 */
    QIPAI_GB_FAN_DIHE,                /* 地和 8 */
    QIPAI_GB_FAN_RENHE,               /* 人和 8 */
    QIPAI_GB_FAN_COUNT
} qipai_gb_fan_id;

/* "hunyise" (the pinyin, as in the public test data), "混一色", 6; NULL or 0
 * for an id out of range. */
QIPAI_API const char *qipai_gb_fan_id_name(int id);
QIPAI_API const char *qipai_gb_fan_name(int id);
QIPAI_API int qipai_gb_fan_points(int id);
/* The id of a pinyin name ("hunyise", also "FAN_HUNYISE"), or 0. */
QIPAI_API int qipai_gb_fan_by_name(const char *name);

/* ---- rules ------------------------------------------------------------------
 * The disputed rules, each a value (docs/RULES.md, "Guobiao"). */
typedef struct qipai_gb_rules {
    uint8_t min_fan;          /* 起和: fans needed to win, flowers not counted (8) */
    bool knitted_waits;       /* a single wait inside the knitted straight (the winning tile
                                 completes it) scores 坎张 (4, 5 or 6) or 边张 (off) */
    bool mingangang;          /* one melded and one concealed kong score 明暗杠 5 instead
                                 of 明杠 + 暗杠 (off) */
    bool blessings;           /* 天和, 地和, 人和 are scored when the hand says so (off) */
} qipai_gb_rules;

QIPAI_API void qipai_gb_rules_default(qipai_gb_rules *rules);
/* "default" (the one preset; the variants are options). */
QIPAI_API qipai_err qipai_gb_rules_named(qipai_gb_rules *rules, const char *name, qipai_error *err);
/* "min_fan=N", "knitted_waits=0|1", "mingangang=0|1", "blessings=0|1"
 * ("NAME" alone means 1). */
QIPAI_API qipai_err qipai_gb_rules_option(qipai_gb_rules *rules, const char *option, qipai_error *err);
/* Every value of every field is valid: QIPAI_OK (here for the convention). */
QIPAI_API qipai_err qipai_gb_rules_check(const qipai_gb_rules *rules, qipai_error *err);

/* ---- hands ------------------------------------------------------------------ */
enum {
    QIPAI_GB_MAX_MELDS = 4,
    QIPAI_GB_MAX_FANS = 32,   /* distinct fans of one breakdown (at most about 20 occur) */
    QIPAI_GB_MAX_GROUPS = 24  /* groups of one breakdown, tile groups included */
};

typedef enum qipai_gb_meld_type {
    QIPAI_GB_MELD_CHOW,  /* 吃 */
    QIPAI_GB_MELD_PUNG,  /* 碰 */
    QIPAI_GB_MELD_KONG   /* 杠: concealed (from 0) or melded */
} qipai_gb_meld_type;

/* A declared meld. */
typedef struct qipai_gb_meld {
    uint8_t type;    /* qipai_gb_meld_type */
    uint8_t kind;    /* the pung's or kong's tile; the chow's lowest tile */
    uint8_t from;    /* whom it was claimed from: 1 left, 2 opposite, 3 right (a chow: always
                        1); 0 a concealed kong */
    uint8_t claimed; /* chow: the claimed tile's place 1-3 (lowest first); kong: 1 when it
                        was added to a claimed pung (加杠), else 0 */
} qipai_gb_meld;

typedef enum qipai_gb_flag {
    QIPAI_GB_SELF_DRAWN = 1 << 0, /* 自摸 */
    QIPAI_GB_LAST_COPY = 1 << 1,  /* 和绝张: the other three copies were on the table */
    QIPAI_GB_LAST_TILE = 1 << 2,  /* 海底捞月 / 妙手回春: the wall's last tile */
    QIPAI_GB_KONG = 1 << 3        /* 杠上开花 when self-drawn, else 抢杠和 */
} qipai_gb_flag;

typedef enum qipai_gb_blessing {
    QIPAI_GB_BLESSING_NONE,
    QIPAI_GB_BLESSING_HEAVEN,  /* 天和: the dealer's fourteen dealt tiles */
    QIPAI_GB_BLESSING_EARTH,   /* 地和: a non-dealer's first draw */
    QIPAI_GB_BLESSING_HUMANITY /* 人和: a discard in the first go-around */
} qipai_gb_blessing;

/* A hand with its situation. Winds are 0-3: east south west north. */
typedef struct qipai_gb_hand {
    uint8_t meld_count;
    qipai_gb_meld melds[QIPAI_GB_MAX_MELDS];
    uint8_t counts[QIPAI_MJ_KINDS]; /* the concealed tiles, the winning tile among them */
    uint8_t tile_count;             /* concealed tiles */
    uint8_t win_tile;               /* the last concealed tile written: the winning tile */
    uint8_t prevalent_wind;         /* 圈风 */
    uint8_t seat_wind;              /* 门风 */
    uint8_t flags;                  /* qipai_gb_flag bits */
    uint8_t blessing;               /* qipai_gb_blessing */
    uint8_t flowers;                /* 0-8 */
} qipai_gb_hand;

/* Reads a hand in the notation of docs/formats/gb.md: melds in brackets
 * with their claim ([EEE,2] [123p,1] [1111m] [1111m,2] [3333p,7]), the
 * concealed tiles with the winning tile last, then optionally
 * |<prevalent><seat><self-drawn><last copy><last tile><kong>[<blessing>] and
 * |<flowers>. Tiles are the mahjong core's notation, read by its reader:
 * 1m-9m 1p-9p 1s-9s 1z-7z, or Chinese (一万 … 九条, 五筒, 一二三万, 东 南 西
 * 北 中 发 白, 红中 ...), plus the honor letters E S W N C(red) F(green)
 * P(white); not the wildcard '*', capital suit letters or the separators
 * (',' belongs to a meld). Brackets, claims, the situation and the flowers
 * are ASCII: "[东东东,2]一万二万三万...|EE1000". Fails, naming the problem and
 * its byte position, on bad notation (a tile mistake gets the words
 * qipai_mj_parse uses), a fifth copy (melds included), more than four
 * melds or more concealed tiles than a winning hand holds. */
QIPAI_API qipai_err qipai_gb_parse(const char *text, qipai_gb_hand *hand, qipai_error *err);

/* Checks a hand built by hand (or parsed) as a winning hand (tiles = 14) or
 * a hand waiting for one (tiles = 13): kinds and counts in range, the meld
 * fields valid, 14 - 3 per meld (or 13 - 3) concealed tiles, the win tile
 * held, and a situation the hand makes possible (杠上开花 needs a kong,
 * 抢杠和 and 和绝张 a winning tile of which the hand holds no other
 * concealed copy, a blessing no melds). */
QIPAI_API qipai_err qipai_gb_check(const qipai_gb_hand *hand, int tiles, qipai_error *err);

/* Writes a hand in that notation (compact tiles, winning tile last, the
 * situation always); snprintf-style. */
QIPAI_API size_t qipai_gb_format_hand(const qipai_gb_hand *hand, char *out, size_t size);

/* ---- fans of a winning hand -------------------------------------------------- */
typedef enum qipai_gb_form {
    QIPAI_GB_FORM_STANDARD,         /* four melds and a pair */
    QIPAI_GB_FORM_SEVEN_PAIRS,      /* 七对 */
    QIPAI_GB_FORM_THIRTEEN_ORPHANS, /* 十三幺 */
    QIPAI_GB_FORM_HONORS_KNITTED,   /* 全不靠 / 七星不靠 */
    QIPAI_GB_FORM_KNITTED_STRAIGHT  /* 组合龙 with one meld and a pair */
} qipai_gb_form;

typedef enum qipai_gb_group_type {
    QIPAI_GB_GROUP_CHOW,
    QIPAI_GB_GROUP_PUNG,
    QIPAI_GB_GROUP_KONG,
    QIPAI_GB_GROUP_PAIR,
    QIPAI_GB_GROUP_KNITTED, /* three tiles of the knitted straight: 147m, 258p, 369s ... */
    QIPAI_GB_GROUP_SINGLE,  /* a lone tile of 十三幺 / 全不靠 */
    QIPAI_GB_GROUP_TILE     /* not part of the reading: a tile a fan names (the winning
                               tile, the kind of 四归一) */
} qipai_gb_group_type;

/* One group of the breakdown's reading of the hand. */
typedef struct qipai_gb_group {
    uint8_t type;      /* qipai_gb_group_type */
    uint8_t kind;      /* lowest tile (KNITTED: its first; the others are +3, +6) */
    bool declared;     /* one of the hand's declared melds */
    bool concealed;    /* pungs and kongs: concealed (暗) in this reading */
} qipai_gb_group;

typedef struct qipai_gb_fan_score {
    uint8_t id;       /* qipai_gb_fan_id */
    uint8_t points;   /* each time */
    uint8_t count;    /* times scored */
    uint32_t groups;  /* bit g: result.groups[g] is what it was scored on */
} qipai_gb_fan_score;

typedef struct qipai_gb_result {
    bool win;        /* the tiles form a winning shape; nothing else is set when not */
    bool valid;      /* total - flowers reaches the rules' minimum */
    uint8_t form;    /* qipai_gb_form of the breakdown */
    int total;       /* every fan, flowers included */
    int flowers;     /* the points of 花牌 */
    int fan_count;
    qipai_gb_fan_score fans[QIPAI_GB_MAX_FANS]; /* in the book's order */
    int group_count;
    qipai_gb_group groups[QIPAI_GB_MAX_GROUPS]; /* the reading, then TILE groups */
} qipai_gb_result;

/* Scores a winning hand: of every reading of it (each decomposition, each
 * role of the winning tile) the highest total (就高不就低), and among equal
 * totals the breakdown whose fans come first in the book's table. Fails
 * only on a hand qipai_gb_check(hand, 14) refuses; a hand that does not
 * win gets result->win = false. */
QIPAI_API qipai_err qipai_gb_fan(const qipai_gb_rules *rules, const qipai_gb_hand *hand,
                       qipai_gb_result *result, qipai_error *err);

/* Writes a group in compact notation ("123m", "555z", "11p", "147m", "5p");
 * a group from a declared meld is written as that meld ("1111m");
 * snprintf-style. */
QIPAI_API size_t qipai_gb_format_group(const qipai_gb_group *group, char *out, size_t size);

/* ---- waits and shanten --------------------------------------------------------- */

/* The waits (听牌) of a hand of 13 - 3 per meld concealed tiles: each kind
 * that completes any shape (four melds and a pair, 七对, 十三幺, 全不靠 /
 * 七星不靠, 组合龙 with a meld and a pair), leaving out kinds of which the
 * hand (melds included) already holds four. Kinds in order into out (room
 * for 34); *count gets how many. Fails on a hand qipai_gb_check(hand, 13)
 * refuses (the situation is not read). */
QIPAI_API qipai_err qipai_gb_waits(const qipai_gb_hand *hand, uint8_t out[QIPAI_MJ_KINDS], size_t *count,
                         qipai_error *err);

enum { QIPAI_GB_NO_SHANTEN = QIPAI_MJ_NO_SHANTEN }; /* the form cannot apply */

typedef struct qipai_gb_shanten_forms {
    int8_t shanten;           /* the least of the forms; -1 complete, 0 ready */
    int8_t standard;          /* four melds and a pair (the core's, on the concealed part) */
    int8_t seven_pairs;       /* no melds */
    int8_t thirteen_orphans;  /* no melds */
    int8_t honors_knitted;    /* 全不靠 (七星不靠 is one of its hands); no melds */
    int8_t knitted_straight;  /* 组合龙 with a meld and a pair; at most one declared meld */
} qipai_gb_shanten_forms;

/* Shanten of a hand of 13 or 14 tiles counting 3 for each meld, under every
 * GB form (docs/RULES.md): draws must exist, so copies held, in the hand or
 * in its melds, count against the knitted forms' targets; the standard,
 * seven-pairs and thirteen-orphans figures are the mahjong core's on the
 * concealed tiles. QIPAI_GB_NO_SHANTEN for any other size or a hand
 * qipai_gb_check refuses. forms may be NULL. */
QIPAI_API int qipai_gb_shanten(const qipai_gb_hand *hand, qipai_gb_shanten_forms *forms);

#ifdef __cplusplus
}
#endif

#endif
