/*
 * The summary of a run of games, as `qipai zhaotong sim` prints it: the
 * text and the --json object (docs/formats/zhaotong.md, "sim"). One
 * formatter for every game: the table layer's (src/table/summary.c), with
 * Zhaotong's own lines (hand types, ends) from its descriptor
 * (src/zhaotong/table.c). Zhaotong's statistics and report are the table's
 * figure for figure; these calls translate them.
 */
#include "zt_internal.h"
#include "table/table_internal.h"

static void table_report(const qipai_zt_sim_report *r, qipai_table_report *out)
{
    memset(out, 0, sizeof *out);
    out->seed = r->seed;
    out->cpu_seconds = r->cpu_seconds;
    out->wall_seconds = r->wall_seconds;
    out->games_per_second = r->games_per_second;
    out->logged = r->logged;
    for (int s = 0; s < QIPAI_ZT_SEATS; s++) {
        out->bots[s] = r->bots[s];
        out->faults_text[s] = r->faults_text[s];
        out->faults_json[s] = r->faults_json[s];
    }
}

typedef size_t (*table_formatter)(const qipai_table_game *, const void *,
                                  const qipai_table_stats *, const qipai_table_report *, char *,
                                  size_t);

static size_t format_with(table_formatter format, const qipai_zt_stats *stats,
                          const qipai_zt_sim_report *report, char *out, size_t size)
{
    qipai_table_stats t;
    qipai_table_report r;
    qipai_zt_rules rules;
    qipai_zt_rules_default(&rules);
    zt_table_stats(stats, &t);
    table_report(report, &r);
    return format(&qipai_table_zhaotong, &rules, &t, &r, out, size);
}

size_t qipai_zt_format_sim_text(const qipai_zt_stats *stats, const qipai_zt_sim_report *report,
                                char *out, size_t size)
{
    return format_with(qipai_table_format_sim_text, stats, report, out, size);
}

size_t qipai_zt_format_sim_json(const qipai_zt_stats *stats, const qipai_zt_sim_report *report,
                                char *out, size_t size)
{
    return format_with(qipai_table_format_sim_json, stats, report, out, size);
}
