/* `qipai mahjong shanten|effective|discards`: placeholder until issue 3 lands. */
#include "mahjong_cli.h"

json_t *mj_answer_shanten(const char *line, void *context)
{
    (void)context;
    return cli_error("hand", line, "shanten is not built yet");
}

json_t *mj_answer_effective(const char *line, void *context)
{
    (void)context;
    return cli_error("hand", line, "effective is not built yet");
}

json_t *mj_answer_discards(const char *line, void *context)
{
    (void)context;
    return cli_error("hand", line, "discards is not built yet");
}

long mj_bench_run_shanten(const qipai_mj_rules *rules, const qipai_mj_hand *hands, long n);
long mj_bench_run_effective(const qipai_mj_rules *rules, const qipai_mj_hand *hands, long n);
long mj_bench_run_discards(const qipai_mj_rules *rules, const qipai_mj_hand *hands, long n);
long mj_bench_run_shanten(const qipai_mj_rules *rules, const qipai_mj_hand *hands, long n)
{
    (void)rules, (void)hands, (void)n;
    return 0;
}
long mj_bench_run_effective(const qipai_mj_rules *rules, const qipai_mj_hand *hands, long n)
{
    (void)rules, (void)hands, (void)n;
    return 0;
}
long mj_bench_run_discards(const qipai_mj_rules *rules, const qipai_mj_hand *hands, long n)
{
    (void)rules, (void)hands, (void)n;
    return 0;
}
