/*
 * A hand-picked case for every fan of docs/gb_fans.md and every exclusion
 * (不计) it lists, with the whole breakdown expected. Most hands are the
 * examples of 《国标麻将规则释义》 (as in the public data), the others built to
 * show one rule each. The coverage checks at the end fail when a fan or an
 * exclusion has no case: an exclusion is covered by a case scoring the
 * excluding fan whose tally, before the exclusions, held the excluded one
 * (or, where the exclusion is applied inside the combination of chows or
 * pungs, or the two fans never share a reading, a case naming it in `shows`:
 * its definition holds in the hand and it is not scored).
 */
#include <qipai/gb.h>

#include <stdlib.h>
#include <string.h>

#include "gb/gb_internal.h"
#include "test.h"

enum { MINGANGANG = 1, KNITTED = 2, BLESSINGS = 4 };

typedef struct fan_case {
    const char *hand;
    int rules;            /* MINGANGANG, KNITTED, BLESSINGS */
    int total;
    const char *fans;     /* ids in the book's order, a fan scored twice written twice */
    const char *shows;    /* fans whose definition holds but that are excluded */
} fan_case;

static const fan_case cases[] = {
    {"EEESSSWWWNNN1m1m|EE1000", 0, 192, "dasixi sianke hunyaojiu hunyise dandiaojiang zimo", "yaojiuke"},
    {"[EEE,2][SSSS,1]WWWNN55pN|EE1000", 0, 98, "dasixi hunyise shuanganke minggang zimo", ""},
    {"[PPP,2][FFF,3]CC66999sC|EE1000", 0, 104, "dasanyuan pengpenghu hunyise shuanganke yaojiuke zimo", ""},
    {"[CCC,1][FFF,2][PPP,3]11p22p2p", 0, 100, "dasanyuan pengpenghu hunyise", ""},
    {"[234s,1]22333444sFF2s|EE1000", 0, 137, "lvyise yisesitongshun zimo", "yisesantongshun yibangao yisesanjiegao"},
    {"22333344668888s", 0, 142, "lvyise qidui qingyise siguiyi siguiyi duanyao", ""},
    {"11123456789999m|EE1000", 0, 107, "jiulianbaodeng qinglong siguiyi zimo", ""},
    {"11123456789992p", 0, 92, "jiulianbaodeng shuanganke lianliu yaojiuke", ""},
    {"[CCCC][FFFF][PPPP][EEEE]NN|EE1011|8", 0, 332, "dasanyuan sigang ziyise sianke miaoshouhuichun gangshangkaihua quanfengke menfengke huapai huapai huapai huapai huapai huapai huapai huapai", ""},
    {"[EEEE][SSSS,1][WWWW,2][NNNN,3]5p5p", MINGANGANG, 182, "dasixi sigang hunyise", ""},
    {"[1111s][2222m,2][3333p,7][4444p]88s", MINGANGANG, 100, "sigang sansesanjiegao shuanganke yaojiuke wuzi", ""},
    {"22334455667788s|EE1000", 0, 91, "lianqidui duanyao zimo", "dandiaojiang"},
    {"19m19p119sESWNPFC|EE1000", 0, 89, "shisanyao zimo", "dandiaojiang"},
    {"[111m,2]111999p11991s|EE1000", 0, 97, "qingyaojiu santongke sananke zimo", "shuangtongke"},
    {"[111m,1][111p,1]999s999m1s1s", 0, 67, "qingyaojiu shuanganke dandiaojiang", ""},
    {"1199m119999p1991s|EE1000", 0, 91, "qingyaojiu qidui siguiyi zimo", ""},
    {"[EEE,2][SSSS,1]WWWNN555p|SN1000", 0, 82, "xiaosixi pengpenghu hunyise quanfengke shuanganke minggang zimo", ""},
    {"[EEE,2][SSS,1][WWW,3]NN11p1p|EE0000", 0, 106, "xiaosixi hunyaojiu hunyise quanfengke menfengke", ""},
    {"[PPP,2][FFF,3]345p666sCC|EE1000", 0, 67, "xiaosanyuan queyimen dandiaojiang zimo", ""},
    {"[EEE,2][SSS,1][FFF,3]WWNNW|WW1000", 0, 135, "xiaosixi ziyise jianke quanfengke menfengke zimo", ""},
    {"[NNN,1]WWWCCCFFFEE|EE0000", 0, 87, "ziyise sananke shuangjianke dandiaojiang", ""},
    {"EESSWWNNPPFFCC|EE1000", 0, 89, "ziyise qidui zimo", "dandiaojiang"},
    {"[CCCC][FFFF]333p67pPP5p|EE1000", 0, 96, "xiaosanyuan sananke hunyise shuangangang buqiuren", ""},
    {"[123p,1]12355778998p|EE1000", 0, 66, "yiseshuanglonghui kanzhang zimo", ""},
    {"11223355778899p", 0, 66, "yiseshuanglonghui menqianqing", "qidui"},
    {"[456s,1][456s,1][456s,3]45s55m6s|EE1100", 0, 96, "yisesitongshun quanzhong quandaiwu hujuezhang pinghu queyimen zimo", "yisesantongshun yibangao"},
    {"[111s,1][222s,2]333s444s55p|EE0000", 0, 54, "yisesijiegao shuanganke yaojiuke queyimen wuzi dandiaojiang", "yisesanjiegao yisesantongshun"},
    {"[123m,1][345m,1]67789mCC5m|EE1000", 0, 39, "yisesibugao hunyise zimo", "yisesanbugao"},
    {"[123p,1][234p,1]344556p99s|EE1000", 0, 37, "yisesibugao pinghu queyimen dandiaojiang zimo", "yisesanbugao lianliu"},
    {"123345567789m55p", 0, 38, "yisesibugao menqianqing pinghu queyimen dandiaojiang", "laoshaofu"},
    {"[1111s][2222m][4444p][333p,1]88s", 0, 65, "sangang sananke sansesanjiegao pengpenghu yaojiuke wuzi dandiaojiang", ""},
    {"[1111s][2222m,1][4444p,3][333p,1]88s", MINGANGANG, 49, "sangang sansesanjiegao pengpenghu yaojiuke wuzi dandiaojiang", ""},
    {"[NNN,3][999s,1][CCC,2]999m11p|ES1000", 0, 44, "hunyaojiu wumenqi jianke shuangtongke dandiaojiang zimo", ""},
    {"99m11pSWWNNPPFFS|EE1000", 0, 58, "hunyaojiu qidui queyimen zimo", ""},
    {"14m369p25sESWNPFC|EE1000", 0, 25, "qixingbukao zimo", "dandiaojiang"},
    {"[444m,2][666m,3]22244s88p4s", 0, 26, "quanshuangke shuangtongke", ""},
    {"[444m,2][666m,3]444p44664s", 0, 64, "quanshuangke quanzhong santongke", "shuangtongke"},
    {"11223333p33s1122m|EE1000", 0, 51, "qidui quanxiao siguiyi zimo", ""},
    {"[666m,2][777m,2][999m,2]78886m|EE0100", 0, 45, "qingyise dayuwu hujuezhang siguiyi siguiyi yaojiuke", ""},
    {"[123p,3]23334p222444s|EE1000", 0, 25, "xiaoyuwu tuibudao siguiyi shuanganke zimo", ""},
    {"[456s,1][456s,1]456s77mCCC", 0, 27, "yisesantongshun jianke queyimen", "yibangao"},
    {"[666p,2]77888p678sWW7p", 0, 25, "yisesanjiegao queyimen", ""},
    {"111m222m333m456m55p", 0, 46, "yisesanjiegao sananke menqianqing yaojiuke queyimen wuzi dandiaojiang", "yisesantongshun"},
    {"[789m,1][999s,2]7899p789s9p|EE1000", 0, 40, "quanda sansesantongshun quandaiyao siguiyi yaojiuke zimo", "xixiangfeng"},
    {"[CCC,2][789m,1]12345mNN6m|EE1000", 0, 25, "qinglong hunyise jianke zimo", "lianliu laoshaofu"},
    {"12345566789s22p4s|EE1000", 0, 24, "qinglong buqiuren pinghu yibangao queyimen", "lianliu"},
    {"[123m,1][789m,1][123p,1]89p55s7p|EE1000", 0, 18, "sanseshuanglonghui bianzhang zimo", ""},
    {"[123p,3]55m12379s789p8s", 0, 17, "sanseshuanglonghui kanzhang", ""},
    {"[234p,1]123345p88999s", 0, 26, "yisesanbugao tuibudao yaojiuke wuzi", ""},
    {"[345m,1]567m45556p345s", 0, 25, "quandaiwu sansesanbugao pinghu xixiangfeng", ""},
    {"[345m,1]55567m456p678s|EE1000", 0, 13, "sansesanbugao pinghu siguiyi duanyao zimo", ""},
    {"147m28p69sESWNPF3s|EE1000", 0, 13, "quanbukao zimo", "dandiaojiang"},
    {"369m147p25sSWNPF8s", 0, 24, "quanbukao zuhelong", "dandiaojiang"},
    {"[FFF,2]147m258p39sWW6s", 0, 20, "zuhelong wumenqi jianke", ""},
    {"[234p,1]258m369p14788s", 0, 15, "zuhelong pinghu dandiaojiang", ""},
    /* 3p completes the knitted straight (no meld: no 坎张 by default), or, read
     * the other way, the 234p the standing 3p joins: 坎张 (就高不就低) */
    {"258m23469p14788s3p", 0, 17, "zuhelong menqianqing pinghu kanzhang", ""},
    /* 7m can only complete the knitted straight: no 边张 by default */
    {"14m258p369s123s55s7m", 0, 16, "zuhelong menqianqing pinghu", ""},
    /* with the option, a wait inside the knitted straight reads its triple like
     * a chow: 边张 for 1/2/3 and 7/8/9, 坎张 for 4/5/6 (equal totals: 边张 first) */
    {"258m23469p14788s3p", KNITTED, 17, "zuhelong menqianqing pinghu bianzhang", ""},
    {"14m258p369s123s55s7m", KNITTED, 17, "zuhelong menqianqing pinghu bianzhang", ""},
    {"17m258p369s123s55s4m", KNITTED, 17, "zuhelong menqianqing pinghu kanzhang", ""},
    {"258m13369p14788s2p", 0, 17, "zuhelong menqianqing pinghu kanzhang", ""},
    {"[EEE,2][SSS,1]WWW78m55p9m|NN1000", 0, 14, "sanfengke queyimen zimo", ""},
    {"12345789p55678m6p|EE1000", 0, 23, "qinglong buqiuren pinghu queyimen", ""},
    {"123456m456p11789s", 0, 13, "hualong menqianqing pinghu xixiangfeng", ""},
    {"[234m,1]11234p233442s", 0, 23, "xiaoyuwu sansesantongshun pinghu yibangao", "xixiangfeng"},
    {"[444s,2]333m55pWWCCC5p|EE1000", 0, 39, "sananke sansesanjiegao pengpenghu wumenqi jianke zimo", ""},
    {"[123m,1][345m,1]678p56sWW7s|EE0000|2", 0, 10, "wufanhu huapai huapai", ""},
    {"[123m,1][345m,1]567m34sCC5s|EE1110", 0, 30, "yisesanbugao miaoshouhuichun hujuezhang xixiangfeng queyimen", ""},
    {"[123m,1][345m,1]567m34sCC5s|EE0110", 0, 30, "yisesanbugao haidilaoyue hujuezhang xixiangfeng queyimen", ""},
    {"[1111m][111p,3]999p11999s|EE1001", 0, 90, "qingyaojiu sananke gangshangkaihua angang", ""},
    {"[234m,1][555m,1]567m55576p|EE0101|3", 0, 18, "qiangganghu siguiyi duanyao xixiangfeng lianliu queyimen huapai huapai huapai", ""},
    {"[222m,1][555m,2]8m222555p8m", 0, 16, "pengpenghu shuangtongke shuangtongke shuanganke duanyao queyimen dandiaojiang", ""},
    {"[123m,1][345m,1]567m34sCC5s|EE1000", 0, 19, "yisesanbugao xixiangfeng queyimen zimo", ""},
    {"[678m,1][444s,2][FFF,1]234pWW", 0, 9, "wumenqi jianke dandiaojiang", ""},
    {"[234m,1][345p,1][234s,1][CCCC,2]11m", 0, 10, "quanqiuren jianke xixiangfeng minggang", ""},
    {"[1111s][2222m][333p,1][444p,1]88s", 0, 23, "sansesanjiegao pengpenghu shuangangang yaojiuke wuzi dandiaojiang", ""},
    {"[1111s,1][2222m,1]333444p88s", 0, 23, "sansesanjiegao pengpenghu shuangminggang shuanganke yaojiuke wuzi dandiaojiang", ""},
    {"[PPP,2][FFF,3]3335p999s4p|EE1000", 0, 9, "shuangjianke yaojiuke queyimen zimo", ""},
    {"[123p,1][CCC,1]999m79998p|EE1000", 0, 10, "quandaiyao jianke laoshaofu yaojiuke queyimen zimo", ""},
    {"1234444678m456p1m|NE1000", 0, 8, "buqiuren siguiyi queyimen wuzi", ""},
    {"[EEE,2][SSS,1][CCCC]88m456s|ES1000", 0, 10, "jianke quanfengke menfengke angang queyimen zimo", ""},
    {"[111m,1][123m,1]33455553m|EE1000", 0, 32, "qingyise siguiyi siguiyi siguiyi yaojiuke zimo", ""},
    {"[234m,1][555m,1]567m55566p", 0, 8, "siguiyi shuangtongke duanyao lianliu queyimen", ""},
    {"[1111s][222m,1]333444p88s", 0, 35, "sananke sansesanjiegao pengpenghu angang yaojiuke wuzi dandiaojiang", ""},
    {"44558m22p225566s8m|EE1000", 0, 27, "qidui duanyao zimo", ""},
    {"[123m,1][123p,1]123m12p44s3p", 0, 18, "xiaoyuwu pinghu yibangao yibangao xixiangfeng bianzhang", ""},
    {"556699m22334455p", 0, 26, "qidui queyimen wuzi", ""},
    {"12355789m123456p", 0, 8, "menqianqing pinghu xixiangfeng lianliu laoshaofu queyimen", ""},
    {"234567p34567888s", 0, 9, "menqianqing pinghu duanyao lianliu lianliu queyimen", ""},
    {"[WWW,2][NNNN,3][111p,2]99s55m9s|ES1000", 0, 12, "pengpenghu yaojiuke yaojiuke yaojiuke yaojiuke minggang zimo", ""},
    {"[1111s,1]222m333444p88s", 0, 34, "sananke sansesanjiegao pengpenghu yaojiuke minggang wuzi dandiaojiang", ""},
    {"[1111m][1111p,2]11134445s|EE1000", 0, 26, "santongke shuanganke angang yaojiuke yaojiuke yaojiuke minggang wuzi zimo", ""},
    {"[1111m][1111p,2]11134445s|EE1000", MINGANGANG, 28, "santongke shuanganke yaojiuke yaojiuke yaojiuke wuzi zimo mingangang", ""},
    {"[NNN,3]77789m11888p7m|EE0000", 0, 6, "siguiyi shuanganke yaojiuke queyimen", ""},
    {"[NNN,3]78889m11888p8m|EE0000", 0, 8, "siguiyi shuangtongke shuanganke yaojiuke queyimen", ""},
    {"12345678m11p789s9m|EE1000", 0, 23, "qinglong buqiuren pinghu xixiangfeng", "lianliu laoshaofu"},
    {"123m456p78999s111m", 0, 14, "hualong menqianqing siguiyi yaojiuke wuzi", ""},
    {"[123p,1][123p,1][123p,1]123p5s5s", 0, 59, "yisesitongshun tuibudao pinghu dandiaojiang", "yisesantongshun yibangao"},
    {"123m456p789s111m5m5m|EE10001", BLESSINGS, 20, "hualong siguiyi yaojiuke wuzi tianhe", ""},
    {"12m456p789s111m55m3m|SE10002", BLESSINGS, 21, "hualong siguiyi yaojiuke wuzi bianzhang dihe", ""},
    {"123m456p789s111m5m5m|SE00003", BLESSINGS, 21, "hualong siguiyi yaojiuke wuzi dandiaojiang renhe", ""},
    {"123m456p789s111m5m5m|EE10001", 0, 17, "hualong buqiuren siguiyi yaojiuke wuzi dandiaojiang", ""},
    {"[CCC,1][789m,1]12345m99p6m|EE0000", 0, 19, "qinglong jianke queyimen", ""},
    {"[111m,1][222m,2][333m,3]789m5m5m", 0, 50, "qingyise yisesanjiegao yaojiuke dandiaojiang", ""},
    {"[555p,1][567m,1][789m,2]55s33s5s|EE0000", 0, 3, "shuangtongke wuzi", ""},
    /* 2s completes the pair, but 5s (all four held) is a formal second wait: no 单钓将 */
    {"2345555778899s2s", 0, 29, "qingyise menqianqing siguiyi yibangao", ""},
    /* 和绝张 without its flag: the 666m pung shows the other three 6m */
    {"[666m,2][777m,2][999m,2]78886m|EE0000", 0, 45, "qingyise dayuwu hujuezhang siguiyi siguiyi yaojiuke", ""},
    {"12m789m123p555pCC3m|EE0000", 0, 6, "menqianqing xixiangfeng laoshaofu queyimen bianzhang", ""},
    /* equal totals (30): 一色三同顺 comes before 一色三节高 in the table */
    {"[345p,1]33344455m66m5m", 0, 30, "yisesantongshun pinghu duanyao xixiangfeng queyimen", "yisesanjiegao"},
    {"12m456p789s111m55m3m|EE10001", BLESSINGS, 20, "hualong siguiyi yaojiuke wuzi tianhe", ""},
    {"13m456p789s111m55m2m|EE10001", BLESSINGS, 20, "hualong siguiyi yaojiuke wuzi tianhe", ""},
    {"12m456p789s111m55m3m|EE10001", 0, 17, "hualong buqiuren siguiyi yaojiuke wuzi bianzhang", ""},
    {"13m456p789s111m55m2m|EE10001", 0, 17, "hualong buqiuren siguiyi yaojiuke wuzi kanzhang", ""},
};

enum { N_CASES = sizeof cases / sizeof cases[0] };

static void rules_of(const fan_case *c, qipai_gb_rules *rules)
{
    qipai_gb_rules_default(rules);
    rules->mingangang = c->rules & MINGANGANG;
    rules->knitted_waits = c->rules & KNITTED;
    rules->blessings = c->rules & BLESSINGS;
}

static void breakdown(const qipai_gb_result *r, char *out, size_t size)
{
    out[0] = '\0';
    for (int i = 0; i < r->fan_count; i++)
        for (int n = 0; n < r->fans[i].count; n++) {
            if (out[0])
                strncat(out, " ", size - strlen(out) - 1);
            strncat(out, qipai_gb_fan_id_name(r->fans[i].id), size - strlen(out) - 1);
        }
}

/* The ids of a space-separated list of pinyin names; returns how many. */
static int ids_of(const char *list, int *ids, int room)
{
    int n = 0;
    char word[32];
    while (*list && n < room) {
        size_t len = strcspn(list, " ");
        if (len && len < sizeof word) {
            memcpy(word, list, len);
            word[len] = '\0';
            int id = qipai_gb_fan_by_name(word);
            if (!id)
                fprintf(stderr, "unknown fan '%s'\n", word);
            ids[n++] = id;
        }
        list += len;
        while (*list == ' ')
            list++;
    }
    return n;
}

static void every_case_scores_as_expected(void)
{
    for (int i = 0; i < N_CASES; i++) {
        const fan_case *c = &cases[i];
        qipai_gb_rules rules;
        qipai_gb_hand hand;
        qipai_gb_result r;
        qipai_error err;
        char got[512];
        rules_of(c, &rules);
        if (qipai_gb_parse(c->hand, &hand, &err) || qipai_gb_fan(&rules, &hand, &r, &err)) {
            CHECK(0, "%s: %s", c->hand, err.message);
            continue;
        }
        breakdown(&r, got, sizeof got);
        CHECK(r.win && r.total == c->total && !strcmp(got, c->fans),
              "%s (rules %d)\n  expected %d: %s\n  got      %d: %s", c->hand, c->rules, c->total,
              c->fans, r.total, got);
        int shows[16], n = ids_of(c->shows, shows, 16);
        for (int k = 0; k < n; k++)
            CHECK(!strstr(got, qipai_gb_fan_id_name(shows[k])) ||
                      strstr(c->fans, qipai_gb_fan_id_name(shows[k])) != NULL,
                  "%s: %s is excluded here", c->hand, qipai_gb_fan_id_name(shows[k]));
    }
}

static void every_fan_has_a_case(void)
{
    bool seen[QIPAI_GB_FAN_COUNT] = {false};
    for (int i = 0; i < N_CASES; i++) {
        int ids[64], n = ids_of(cases[i].fans, ids, 64);
        for (int k = 0; k < n; k++)
            seen[ids[k]] = true;
    }
    for (int f = 1; f < QIPAI_GB_FAN_COUNT; f++)
        CHECK(seen[f], "no case scores %s (%s)", qipai_gb_fan_id_name(f), qipai_gb_fan_name(f));
}

static void every_exclusion_has_a_case(void)
{
    static bool covered[QIPAI_GB_FAN_COUNT][QIPAI_GB_FAN_COUNT];
    memset(covered, 0, sizeof covered);
    for (int i = 0; i < N_CASES; i++) {
        const fan_case *c = &cases[i];
        qipai_gb_rules rules;
        qipai_gb_hand hand;
        gb_tally raw, final;
        rules_of(c, &rules);
        if (qipai_gb_parse(c->hand, &hand, NULL) || !gb_fan_tallies(&rules, &hand, &raw, &final))
            continue;
        int shows[16], n = ids_of(c->shows, shows, 16);
        for (int a = 1; a < QIPAI_GB_FAN_COUNT; a++) {
            if (!gb_has(&final, a))
                continue;
            for (int b = 1; b < QIPAI_GB_FAN_COUNT; b++) {
                if (!gb_fan_excludes(a, b) || gb_has(&final, b))
                    continue;
                bool shown = gb_has(&raw, b);
                for (int k = 0; k < n; k++)
                    shown |= shows[k] == b;
                covered[a][b] |= shown;
            }
        }
    }
    for (int a = 1; a < QIPAI_GB_FAN_COUNT; a++)
        for (int b = 1; b < QIPAI_GB_FAN_COUNT; b++)
            if (gb_fan_excludes(a, b))
                CHECK(covered[a][b], "no case shows %s (%s) excluding %s (%s)",
                      qipai_gb_fan_id_name(a), qipai_gb_fan_name(a), qipai_gb_fan_id_name(b),
                      qipai_gb_fan_name(b));
}

int main(void)
{
    RUN(every_case_scores_as_expected);
    RUN(every_fan_has_a_case);
    RUN(every_exclusion_has_a_case);
    return test_report();
}
