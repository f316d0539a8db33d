/*
 * The 81 fans of 《中国麻将竞赛规则》 (and the optional ones after them):
 * names, points, what each one excludes (不计), and the finishing of a
 * tally: exclusions in the book's order, 无番和, the total, and the
 * preference between equal totals. The table with its sources is
 * docs/gb_fans.md; docs/RULES.md ("Guobiao") says how exclusions combine.
 */
#include "gb/gb_internal.h"
#include "gb/fan_points.h"

#include <string.h>

typedef struct fan_name {
    const char *id;   /* pinyin, as the public test data writes it (FAN_HUNYISE) */
    const char *name;
} fan_name;

#define F(x) QIPAI_GB_FAN_##x

static const fan_name names[QIPAI_GB_FAN_COUNT] = {
    [F(NONE)] = {"", ""},
    [F(DASIXI)] = {"dasixi", "大四喜"},
    [F(DASANYUAN)] = {"dasanyuan", "大三元"},
    [F(LVYISE)] = {"lvyise", "绿一色"},
    [F(JIULIANBAODENG)] = {"jiulianbaodeng", "九莲宝灯"},
    [F(SIGANG)] = {"sigang", "四杠"},
    [F(LIANQIDUI)] = {"lianqidui", "连七对"},
    [F(SHISANYAO)] = {"shisanyao", "十三幺"},
    [F(QINGYAOJIU)] = {"qingyaojiu", "清幺九"},
    [F(XIAOSIXI)] = {"xiaosixi", "小四喜"},
    [F(XIAOSANYUAN)] = {"xiaosanyuan", "小三元"},
    [F(ZIYISE)] = {"ziyise", "字一色"},
    [F(SIANKE)] = {"sianke", "四暗刻"},
    [F(YISESHUANGLONGHUI)] = {"yiseshuanglonghui", "一色双龙会"},
    [F(YISESITONGSHUN)] = {"yisesitongshun", "一色四同顺"},
    [F(YISESIJIEGAO)] = {"yisesijiegao", "一色四节高"},
    [F(YISESIBUGAO)] = {"yisesibugao", "一色四步高"},
    [F(SANGANG)] = {"sangang", "三杠"},
    [F(HUNYAOJIU)] = {"hunyaojiu", "混幺九"},
    [F(QIDUI)] = {"qidui", "七对"},
    [F(QIXINGBUKAO)] = {"qixingbukao", "七星不靠"},
    [F(QUANSHUANGKE)] = {"quanshuangke", "全双刻"},
    [F(QINGYISE)] = {"qingyise", "清一色"},
    [F(YISESANTONGSHUN)] = {"yisesantongshun", "一色三同顺"},
    [F(YISESANJIEGAO)] = {"yisesanjiegao", "一色三节高"},
    [F(QUANDA)] = {"quanda", "全大"},
    [F(QUANZHONG)] = {"quanzhong", "全中"},
    [F(QUANXIAO)] = {"quanxiao", "全小"},
    [F(QINGLONG)] = {"qinglong", "清龙"},
    [F(SANSESHUANGLONGHUI)] = {"sanseshuanglonghui", "三色双龙会"},
    [F(YISESANBUGAO)] = {"yisesanbugao", "一色三步高"},
    [F(QUANDAIWU)] = {"quandaiwu", "全带五"},
    [F(SANTONGKE)] = {"santongke", "三同刻"},
    [F(SANANKE)] = {"sananke", "三暗刻"},
    [F(QUANBUKAO)] = {"quanbukao", "全不靠"},
    [F(ZUHELONG)] = {"zuhelong", "组合龙"},
    [F(DAYUWU)] = {"dayuwu", "大于五"},
    [F(XIAOYUWU)] = {"xiaoyuwu", "小于五"},
    [F(SANFENGKE)] = {"sanfengke", "三风刻"},
    [F(HUALONG)] = {"hualong", "花龙"},
    [F(TUIBUDAO)] = {"tuibudao", "推不倒"},
    [F(SANSESANTONGSHUN)] = {"sansesantongshun", "三色三同顺"},
    [F(SANSESANJIEGAO)] = {"sansesanjiegao", "三色三节高"},
    [F(WUFANHU)] = {"wufanhu", "无番和"},
    [F(MIAOSHOUHUICHUN)] = {"miaoshouhuichun", "妙手回春"},
    [F(HAIDILAOYUE)] = {"haidilaoyue", "海底捞月"},
    [F(GANGSHANGKAIHUA)] = {"gangshangkaihua", "杠上开花"},
    [F(QIANGGANGHU)] = {"qiangganghu", "抢杠和"},
    [F(PENGPENGHU)] = {"pengpenghu", "碰碰和"},
    [F(HUNYISE)] = {"hunyise", "混一色"},
    [F(SANSESANBUGAO)] = {"sansesanbugao", "三色三步高"},
    [F(WUMENQI)] = {"wumenqi", "五门齐"},
    [F(QUANQIUREN)] = {"quanqiuren", "全求人"},
    [F(SHUANGANGANG)] = {"shuangangang", "双暗杠"},
    [F(SHUANGJIANKE)] = {"shuangjianke", "双箭刻"},
    [F(QUANDAIYAO)] = {"quandaiyao", "全带幺"},
    [F(BUQIUREN)] = {"buqiuren", "不求人"},
    [F(SHUANGMINGGANG)] = {"shuangminggang", "双明杠"},
    [F(HUJUEZHANG)] = {"hujuezhang", "和绝张"},
    [F(JIANKE)] = {"jianke", "箭刻"},
    [F(QUANFENGKE)] = {"quanfengke", "圈风刻"},
    [F(MENFENGKE)] = {"menfengke", "门风刻"},
    [F(MENQIANQING)] = {"menqianqing", "门前清"},
    [F(PINGHU)] = {"pinghu", "平和"},
    [F(SIGUIYI)] = {"siguiyi", "四归一"},
    [F(SHUANGTONGKE)] = {"shuangtongke", "双同刻"},
    [F(SHUANGANKE)] = {"shuanganke", "双暗刻"},
    [F(ANGANG)] = {"angang", "暗杠"},
    [F(DUANYAO)] = {"duanyao", "断幺"},
    [F(YIBANGAO)] = {"yibangao", "一般高"},
    [F(XIXIANGFENG)] = {"xixiangfeng", "喜相逢"},
    [F(LIANLIU)] = {"lianliu", "连六"},
    [F(LAOSHAOFU)] = {"laoshaofu", "老少副"},
    [F(YAOJIUKE)] = {"yaojiuke", "幺九刻"},
    [F(MINGGANG)] = {"minggang", "明杠"},
    [F(QUEYIMEN)] = {"queyimen", "缺一门"},
    [F(WUZI)] = {"wuzi", "无字"},
    [F(BIANZHANG)] = {"bianzhang", "边张"},
    [F(KANZHANG)] = {"kanzhang", "坎张"},
    [F(DANDIAOJIANG)] = {"dandiaojiang", "单钓将"},
    [F(ZIMO)] = {"zimo", "自摸"},
    [F(HUAPAI)] = {"huapai", "花牌"},
    [F(MINGANGANG)] = {"mingangang", "明暗杠"},
    [F(TIANHE)] = {"tianhe", "天和"},
    [F(DIHE)] = {"dihe", "地和"},
    [F(RENHE)] = {"renhe", "人和"},
};

/* ---- exclusions ----
 * Each list holds what the book says the fan does not count (不计), plus
 * what that implies and the book leaves unsaid (a fan that cannot be
 * scored beside it anyway: 全中 does not count 断幺, and so not 无字,
 * which 断幺 would have excluded). docs/gb_fans.md cites each. Up to
 * eight ids, 0 (NONE, bit 0) filling the rest. */
#define LO(f) ((uint64_t)((f) < 64) << ((f) & 63))
#define HI(f) ((uint64_t)((f) >= 64) << ((f) & 63))
#define EX(a, b, c, d, e, f, g, h)                                                           \
    {LO(F(a)) | LO(F(b)) | LO(F(c)) | LO(F(d)) | LO(F(e)) | LO(F(f)) | LO(F(g)) | LO(F(h)),   \
     HI(F(a)) | HI(F(b)) | HI(F(c)) | HI(F(d)) | HI(F(e)) | HI(F(f)) | HI(F(g)) | HI(F(h))}

static const uint64_t excludes[QIPAI_GB_FAN_COUNT][2] = {
    [F(DASIXI)] = EX(SANFENGKE, PENGPENGHU, QUANFENGKE, MENFENGKE, YAOJIUKE, NONE, NONE, NONE),
    [F(DASANYUAN)] = EX(SHUANGJIANKE, JIANKE, NONE, NONE, NONE, NONE, NONE, NONE),
    [F(LVYISE)] = EX(HUNYISE, NONE, NONE, NONE, NONE, NONE, NONE, NONE),
    /* and one 幺九刻: see gb_tally_finish */
    [F(JIULIANBAODENG)] = EX(QINGYISE, MENQIANQING, BUQIUREN, WUZI, NONE, NONE, NONE, NONE),
    [F(SIGANG)] = EX(SANGANG, SHUANGMINGGANG, SHUANGANGANG, MINGANGANG, MINGGANG, ANGANG,
                     PENGPENGHU, DANDIAOJIANG),
    [F(LIANQIDUI)] = EX(QIDUI, QINGYISE, BUQIUREN, MENQIANQING, DANDIAOJIANG, WUZI, NONE, NONE),
    [F(SHISANYAO)] = EX(WUMENQI, BUQIUREN, MENQIANQING, DANDIAOJIANG, HUNYAOJIU, NONE, NONE,
                        NONE),
    [F(QINGYAOJIU)] = EX(HUNYAOJIU, PENGPENGHU, QUANDAIYAO, YAOJIUKE, SHUANGTONGKE, WUZI, NONE,
                         NONE),
    [F(XIAOSIXI)] = EX(SANFENGKE, NONE, NONE, NONE, NONE, NONE, NONE, NONE),
    [F(XIAOSANYUAN)] = EX(SHUANGJIANKE, JIANKE, NONE, NONE, NONE, NONE, NONE, NONE),
    [F(ZIYISE)] = EX(PENGPENGHU, HUNYAOJIU, QUANDAIYAO, YAOJIUKE, NONE, NONE, NONE, NONE),
    [F(SIANKE)] = EX(SANANKE, SHUANGANKE, PENGPENGHU, MENQIANQING, BUQIUREN, NONE, NONE, NONE),
    [F(YISESHUANGLONGHUI)] = EX(PINGHU, QIDUI, QINGYISE, YIBANGAO, LAOSHAOFU, WUZI, NONE, NONE),
    [F(YISESITONGSHUN)] = EX(YISESANTONGSHUN, YISESANJIEGAO, YIBANGAO, SIGUIYI, NONE, NONE, NONE,
                             NONE),
    [F(YISESIJIEGAO)] = EX(YISESANTONGSHUN, YISESANJIEGAO, PENGPENGHU, NONE, NONE, NONE, NONE,
                           NONE),
    [F(YISESIBUGAO)] = EX(YISESANBUGAO, LIANLIU, LAOSHAOFU, NONE, NONE, NONE, NONE, NONE),
    [F(SANGANG)] = EX(SHUANGMINGGANG, SHUANGANGANG, MINGANGANG, MINGGANG, ANGANG, NONE, NONE,
                      NONE),
    [F(HUNYAOJIU)] = EX(PENGPENGHU, QUANDAIYAO, YAOJIUKE, NONE, NONE, NONE, NONE, NONE),
    [F(QIDUI)] = EX(BUQIUREN, MENQIANQING, DANDIAOJIANG, NONE, NONE, NONE, NONE, NONE),
    [F(QIXINGBUKAO)] = EX(QUANBUKAO, WUMENQI, BUQIUREN, MENQIANQING, DANDIAOJIANG, NONE, NONE,
                          NONE),
    [F(QUANSHUANGKE)] = EX(PENGPENGHU, DUANYAO, WUZI, NONE, NONE, NONE, NONE, NONE),
    [F(QINGYISE)] = EX(WUZI, NONE, NONE, NONE, NONE, NONE, NONE, NONE),
    [F(YISESANTONGSHUN)] = EX(YISESANJIEGAO, YIBANGAO, NONE, NONE, NONE, NONE, NONE, NONE),
    [F(YISESANJIEGAO)] = EX(YISESANTONGSHUN, NONE, NONE, NONE, NONE, NONE, NONE, NONE),
    [F(QUANDA)] = EX(DAYUWU, WUZI, NONE, NONE, NONE, NONE, NONE, NONE),
    [F(QUANZHONG)] = EX(DUANYAO, WUZI, NONE, NONE, NONE, NONE, NONE, NONE),
    [F(QUANXIAO)] = EX(XIAOYUWU, WUZI, NONE, NONE, NONE, NONE, NONE, NONE),
    [F(QINGLONG)] = EX(LIANLIU, LAOSHAOFU, NONE, NONE, NONE, NONE, NONE, NONE),
    [F(SANSESHUANGLONGHUI)] = EX(XIXIANGFENG, LAOSHAOFU, WUZI, PINGHU, NONE, NONE, NONE, NONE),
    [F(QUANDAIWU)] = EX(DUANYAO, WUZI, NONE, NONE, NONE, NONE, NONE, NONE),
    [F(SANTONGKE)] = EX(SHUANGTONGKE, NONE, NONE, NONE, NONE, NONE, NONE, NONE),
    [F(SANANKE)] = EX(SHUANGANKE, NONE, NONE, NONE, NONE, NONE, NONE, NONE),
    [F(QUANBUKAO)] = EX(WUMENQI, BUQIUREN, MENQIANQING, DANDIAOJIANG, NONE, NONE, NONE, NONE),
    [F(DAYUWU)] = EX(WUZI, NONE, NONE, NONE, NONE, NONE, NONE, NONE),
    [F(XIAOYUWU)] = EX(WUZI, NONE, NONE, NONE, NONE, NONE, NONE, NONE),
    [F(TUIBUDAO)] = EX(QUEYIMEN, NONE, NONE, NONE, NONE, NONE, NONE, NONE),
    [F(SANSESANTONGSHUN)] = EX(XIXIANGFENG, NONE, NONE, NONE, NONE, NONE, NONE, NONE),
    [F(MIAOSHOUHUICHUN)] = EX(ZIMO, NONE, NONE, NONE, NONE, NONE, NONE, NONE),
    [F(GANGSHANGKAIHUA)] = EX(ZIMO, NONE, NONE, NONE, NONE, NONE, NONE, NONE),
    [F(QIANGGANGHU)] = EX(HUJUEZHANG, NONE, NONE, NONE, NONE, NONE, NONE, NONE),
    [F(QUANQIUREN)] = EX(DANDIAOJIANG, NONE, NONE, NONE, NONE, NONE, NONE, NONE),
    [F(SHUANGANGANG)] = EX(SHUANGANKE, ANGANG, NONE, NONE, NONE, NONE, NONE, NONE),
    [F(SHUANGJIANKE)] = EX(JIANKE, NONE, NONE, NONE, NONE, NONE, NONE, NONE),
    [F(BUQIUREN)] = EX(MENQIANQING, ZIMO, NONE, NONE, NONE, NONE, NONE, NONE),
    [F(SHUANGMINGGANG)] = EX(MINGGANG, NONE, NONE, NONE, NONE, NONE, NONE, NONE),
    [F(PINGHU)] = EX(WUZI, NONE, NONE, NONE, NONE, NONE, NONE, NONE),
    [F(DUANYAO)] = EX(WUZI, NONE, NONE, NONE, NONE, NONE, NONE, NONE),
    /* the optional fans (docs/RULES.md) */
    [F(MINGANGANG)] = EX(ANGANG, MINGGANG, NONE, NONE, NONE, NONE, NONE, NONE),
    [F(TIANHE)] = EX(BUQIUREN, MENQIANQING, ZIMO, BIANZHANG, KANZHANG, DANDIAOJIANG, NONE, NONE),
    [F(DIHE)] = EX(BUQIUREN, MENQIANQING, ZIMO, NONE, NONE, NONE, NONE, NONE),
    [F(RENHE)] = EX(MENQIANQING, NONE, NONE, NONE, NONE, NONE, NONE, NONE),
};

const char *qipai_gb_fan_id_name(int id)
{
    return id > 0 && id < QIPAI_GB_FAN_COUNT ? names[id].id : NULL;
}

const char *qipai_gb_fan_name(int id)
{
    return id > 0 && id < QIPAI_GB_FAN_COUNT ? names[id].name : NULL;
}

int qipai_gb_fan_points(int id)
{
    return id > 0 && id < QIPAI_GB_FAN_COUNT ? gb_fan_points[id] : 0;
}

int qipai_gb_fan_by_name(const char *name)
{
    if (!name)
        return 0;
    if (!strncmp(name, "FAN_", 4))
        name += 4;
    for (int id = 1; id < QIPAI_GB_FAN_COUNT; id++) {
        const char *a = names[id].id, *b = name;
        while (*a && (*b == *a || *b == *a - 'a' + 'A'))
            a++, b++;
        if (!*a && !*b)
            return id;
    }
    return 0;
}

bool gb_fan_excludes(int a, int b)
{
    return a > 0 && a < QIPAI_GB_FAN_COUNT && b > 0 && b < QIPAI_GB_FAN_COUNT &&
           (excludes[a][b >> 6] >> (b & 63) & 1);
}

static inline bool gb_has_bit(const uint64_t bits[2], int f)
{
    return bits[f >> 6] >> (f & 63) & 1;
}

void gb_tally_finish(gb_tally *t)
{
    uint64_t excluded[2] = {0, 0};
    int total = 0;
    /* The blessings come after the 81 in the table, but nothing excludes
     * them and what they exclude excludes nothing they keep: they go first.
     * 明暗杠 goes between the two words: after 四杠 and 三杠, which exclude it,
     * and before 暗杠 and 明杠, which it excludes. */
    for (uint64_t w = t->bits[1] >> (F(TIANHE) - 64); w; w &= w - 1) {
        int f = F(TIANHE) + __builtin_ctzll(w);
        excluded[0] |= excludes[f][0];
        excluded[1] |= excludes[f][1];
        total += gb_fan_points[f];
    }
    /* Then the 81 in one pass: a fan excludes only fans after it in the
     * table (一色三同顺 and 一色三节高, which exclude each other, never meet
     * in one reading), so by the time a fan comes up, whatever could
     * exclude it has been seen. */
    for (int word = 0; word < 2; word++) {
        uint64_t w = word ? t->bits[1] & ((GB_BIT(F(MINGANGANG) - 64)) - 1) : t->bits[0];
        if (word && gb_has(t, F(MINGANGANG)) && !gb_has_bit(excluded, F(MINGANGANG))) {
            excluded[0] |= excludes[F(MINGANGANG)][0];
            excluded[1] |= excludes[F(MINGANGANG)][1];
            total += gb_fan_points[F(MINGANGANG)];
        }
        for (w &= ~excluded[word]; w; w &= ~excluded[word], w &= w - 1) {
            int f = 64 * word + __builtin_ctzll(w);
            excluded[0] |= excludes[f][0];
            excluded[1] |= excludes[f][1];
            total += gb_fan_points[f] * gb_count(t, f);
        }
    }
    t->bits[0] &= ~excluded[0];
    t->bits[1] &= ~excluded[1];

    /* 九莲宝灯 does not count one 幺九刻 (its 111 or 999). */
    if (gb_has(t, F(JIULIANBAODENG)) && gb_has(t, F(YAOJIUKE))) {
        total -= 1;
        if (--t->count[F(YAOJIUKE) - 64] == 0)
            gb_unset(t, F(YAOJIUKE));
    }

    /* 无番和: nothing to count but flowers. */
    uint64_t flowers[2] = {LO(F(HUAPAI)), HI(F(HUAPAI))};
    if (!(t->bits[0] & ~flowers[0]) && !(t->bits[1] & ~flowers[1])) {
        gb_set(t, F(WUFANHU), 1);
        total += gb_fan_points[F(WUFANHU)];
    }
    t->total = total;
}

int gb_tally_compare(const gb_tally *a, const gb_tally *b)
{
    if (a->total != b->total)
        return a->total > b->total ? 1 : -1;
    for (int word = 0; word < 2; word++)
        for (uint64_t w = a->bits[word] | b->bits[word]; w; w &= w - 1) {
            int f = 64 * word + __builtin_ctzll(w);
            int ca = gb_has(a, f) ? gb_count(a, f) : 0, cb = gb_has(b, f) ? gb_count(b, f) : 0;
            if (ca != cb)
                return ca > cb ? 1 : -1;
        }
    return 0;
}
