/*
 * Dou Di Zhu against a judge written from the docs alone (tests/ref/ddz_ref.c):
 * logged games of every bidding rule and option, random and greedy bots,
 * each judged line by line (the deal against the seed, every bid, claim,
 * play and pass, every redeal, the end's payments), and changed logs that
 * the judge must refuse (so it is not vacuous).
 */
#include <qipai/table.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "data_file.h"
#include "ddz_ref.h"
#include "test.h"

enum { MAX_LINES = 600 };

typedef struct logged {
    const qipai_table_game *game;
    char *lines[MAX_LINES];
    size_t lengths[MAX_LINES];
    int count;
} logged;

static void add_line(logged *l, const char *text, size_t n)
{
    if (l->count >= MAX_LINES || n >= QIPAI_TABLE_LOG_LINE) {
        CHECK(0, "line %d of %zu bytes", l->count, n);
        return;
    }
    l->lines[l->count] = malloc(n + 1);
    memcpy(l->lines[l->count], text, n + 1);
    l->lengths[l->count++] = n;
}

static void on_start(const void *state, uint64_t number, void *context)
{
    logged *l = context;
    char line[QIPAI_TABLE_LOG_LINE];
    add_line(l, line, qipai_table_log_header(l->game, state, number, NULL, line, sizeof line));
    add_line(l, line, qipai_table_log_deal(l->game, state, -1, line, sizeof line));
}

static void on_event(const void *state, const void *event, void *context)
{
    logged *l = context;
    char line[QIPAI_TABLE_LOG_LINE];
    add_line(l, line, qipai_table_log_event(l->game, state, event, -1, line, sizeof line));
}

static void free_log(logged *l)
{
    for (int i = 0; i < l->count; i++)
        free(l->lines[i]);
    l->count = 0;
}

/* Replaces the first occurrence of from by to in line k (same length or not). */
static int change(logged *l, const char *needle, const char *from, const char *to)
{
    for (int k = 1; k < l->count; k++) {
        if (!strstr(l->lines[k], needle))
            continue;
        char *at = strstr(l->lines[k], from);
        if (!at)
            continue;
        char *changed = malloc(l->lengths[k] + strlen(to) + 1);
        const size_t head = (size_t)(at - l->lines[k]);
        memcpy(changed, l->lines[k], head);
        strcpy(changed + head, to);
        strcat(changed, at + strlen(from));
        free(l->lines[k]);
        l->lines[k] = changed;
        l->lengths[k] = strlen(changed);
        return k;
    }
    return -1;
}

static void logged_games_pass_the_judge(void)
{
    size_t length = 0;
    char *json = test_data_read("ddz/card_type.json", &length);
    CHECK(json != NULL, "the table of plays");
    if (!json)
        return;
    ddz_ref_table *table = ddz_ref_table_load(json, length);
    free(json);
    CHECK(table != NULL, "the table loads");
    if (!table)
        return;
    qipai_error err;
    const qipai_table_game *g = qipai_table_game_named("ddz", &err);
    static qipai_table_state state;
    static const char *const sets[][5] = {
        {NULL},
        {"bidding=grab", NULL},
        {"bidding=grab", "caller_regrab=0", "all_pass=first", NULL},
        {"bidding=none", "spring=3", NULL},
        {"all_pass=first", "first_bidder=dealer", "cap=12", "base=7", NULL},
        {"first_bidder=2", "spring=1", NULL},
    };
    const int per_set = (int)test_scaled(400);
    ddz_ref_counts counts = {0};
    long judged = 0, refused = 0, mutated = 0;
    for (int set = 0; set < 6; set++) {
        qipai_table_rules rules;
        CHECK(qipai_table_rules_named(g, &rules, "classic", &err) == QIPAI_OK, "%s", err.message);
        for (int i = 0; sets[set][i]; i++)
            CHECK(qipai_table_rules_option(g, &rules, sets[set][i], &err) == QIPAI_OK, "%s",
                  err.message);
        for (int n = 0; n < per_set; n++) {
            qipai_table_agent agents[3];
            for (int s = 0; s < 3; s++)
                agents[s] = qipai_table_bot_agent(g, (n + s) % 3 == 0 && n % 4 == 0 ? 1 : 0);
            logged l = {0};
            l.game = g;
            qipai_table_observer observer = {on_start, on_event, NULL, &l};
            CHECK(qipai_table_run(g, &rules, 100 + (uint64_t)set, (uint64_t)n, 1, -1, agents,
                                  &observer, &state, NULL, &err) == QIPAI_OK,
                  "%s", err.message);
            char why[200] = "";
            const int bad = ddz_ref_judge(table, l.lines, l.lengths, l.count, &counts, why,
                                          sizeof why);
            CHECK(bad == 0, "set %d game %d: line %d: %s: %s", set, n, bad, why,
                  bad > 0 && bad <= l.count ? l.lines[bad - 1] : "");
            judged++;
            /* a changed log: the judge refuses it */
            static const char *const changes[][3] = {
                {"\"type\":\"end\"", "\"scores\":[", "\"scores\":[1"},
                {"\"type\":\"end\"", "\"multiple\":", "\"multiple\":9"},
                {"\"type\":\"landlord\"", "\"factor\":", "\"factor\":1"},
                {"\"type\":\"play\"", "\"cards\":\"", "\"cards\":\"X"},
                {"\"type\":\"bid\"", "\"bid\":0", "\"bid\":3"},
                {"\"type\":\"deal\"", "\"hands\":[\"", "\"hands\":[\"D"},
            };
            const int which = n % 6;
            if (change(&l, changes[which][0], changes[which][1], changes[which][2]) > 0) {
                ddz_ref_counts ignored = {0};
                mutated++;
                refused += ddz_ref_judge(table, l.lines, l.lengths, l.count, &ignored, why,
                                         sizeof why) > 0;
            }
            free_log(&l);
        }
    }
    ddz_ref_table_free(table);
    CHECK(counts.games == judged && judged == 6L * per_set && counts.plays > 20 * judged &&
              counts.redeals > 0 && counts.ends == judged,
          "%ld judged, %ld games passed", judged, counts.games);
    CHECK(mutated > judged / 2 && refused == mutated, "%ld of %ld changed logs refused", refused,
          mutated);
    printf("judge: %ld games (%ld bids or claims, %ld plays, %ld passes, %ld redeals, %ld "
           "payments) every line as the docs say; %ld changed logs, %ld refused\n",
           counts.games, counts.bids, counts.plays, counts.passes, counts.redeals, counts.ends,
           mutated, refused);
}

int main(void)
{
    RUN(logged_games_pass_the_judge);
    return test_report();
}
