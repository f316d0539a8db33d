/*
 * libFuzzer target for the poker card parser, the type-name and option
 * parsers, and everything a parsed hand reaches: formatting must read back
 * to the same cards, and so must the hand written with Chinese names; every reading classify gives must come back from the
 * generator behind moves; minplays must never crash, and every solution it
 * lists must use the hand's cards exactly, in `min` legal groups. The first
 * input byte picks the rule set and pdk's options.
 */
#include <qipai/poker.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct solution_check {
    const qipai_pk_rules *rules;
    const qipai_pk_cards *hand;
    int min;
    int seen;
} solution_check;

static int check_solution(const qipai_pk_cards *groups, size_t n, void *context)
{
    solution_check *c = context;
    int sum[QIPAI_PK_RANKS] = {0};
    qipai_pk_play plays[QIPAI_PK_CLASSIFY_MAX];
    if ((int)n != c->min)
        abort();
    for (size_t i = 0; i < n; i++) {
        if (i && qipai_pk_compare(&groups[i - 1], &groups[i]) > 0)
            abort(); /* groups come sorted */
        if (qipai_pk_classify(c->rules, &groups[i], plays, QIPAI_PK_CLASSIFY_MAX) == 0 &&
            !(c->rules->game == QIPAI_PK_GAME_PDK && c->rules->bomb_unsplittable &&
              qipai_pk_total(&groups[i]) == 4))
            abort(); /* every group is a play */
        for (int r = 0; r < QIPAI_PK_RANKS; r++)
            sum[r] += groups[i].counts[r];
    }
    for (int r = 0; r < QIPAI_PK_RANKS; r++)
        if (sum[r] != c->hand->counts[r])
            abort(); /* the groups use the hand exactly */
    return ++c->seen >= 500;
}

typedef struct find_reading {
    const qipai_pk_play *wanted;
    int found;
} find_reading;

static int find(const qipai_pk_play *play, void *context)
{
    find_reading *f = context;
    if (play->type == f->wanted->type && play->length == f->wanted->length &&
        play->main == f->wanted->main &&
        !memcmp(play->cards.counts, f->wanted->cards.counts, QIPAI_PK_RANKS))
        f->found = 1;
    return f->found;
}

/* The hand with a Chinese name for each card (one of two per rank, picked
 * by the bits of pick), separated by "、" now and then. */
static void write_chinese(const qipai_pk_cards *hand, unsigned pick, char *out, size_t size)
{
    static const char *const names[QIPAI_PK_RANKS][2] = {
        {"三", "3"}, {"四", "４"}, {"五", "五"}, {"六", "6"}, {"七", "七"},
        {"八", "８"}, {"九", "九"}, {"十", "１０"}, {"勾", "钩"}, {"圈", "ｑ"},
        {"凯", "老K"}, {"尖", "Ａ"}, {"二", "两"}, {"小王", "小鬼"}, {"大王", "红王"}};
    size_t n = 0;
    out[0] = '\0';
    for (int r = 0; r < QIPAI_PK_RANKS; r++)
        for (int k = 0; k < hand->counts[r]; k++, pick = pick >> 1 | pick << 31) {
            const char *name = names[r][pick & 1];
            const char *gap = pick & 2 ? "、" : "";
            n += (size_t)snprintf(out + n, n < size ? size - n : 0, "%s%s", name, gap);
        }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size == 0 || size > 256)
        return 0;
    qipai_pk_rules rules;
    qipai_pk_rules_preset(&rules, (qipai_pk_game)(data[0] % 3));
    if (rules.game == QIPAI_PK_GAME_PDK) {
        rules.last_short = !(data[0] & 0x10);
        rules.bomb_unsplittable = (data[0] & 0x20) != 0;
        rules.four_with_three = (data[0] & 0x40) != 0;
    }
    char text[257];
    memcpy(text, data + 1, size - 1);
    text[size - 1] = '\0';

    qipai_error err;
    qipai_pk_type type;
    int length;
    qipai_pk_rules scratch = rules;
    err.message[0] = '\0';
    if (qipai_pk_parse_type(text, &type, &length, &err) != QIPAI_OK && !err.message[0])
        abort();
    err.message[0] = '\0';
    if (qipai_pk_rules_option(&scratch, text, &err) != QIPAI_OK && !err.message[0])
        abort();

    qipai_pk_cards hand;
    err.message[0] = '\0';
    if (qipai_pk_parse(&rules, text, &hand, &err) != QIPAI_OK) {
        if (!err.message[0])
            abort(); /* every error names its problem */
        return 0;
    }
    char out[QIPAI_PK_TEXT_MAX];
    qipai_pk_cards again;
    if (qipai_pk_format(&hand, out, sizeof out) >= sizeof out ||
        qipai_pk_parse(&rules, out, &again, NULL) != QIPAI_OK ||
        memcmp(hand.counts, again.counts, QIPAI_PK_RANKS))
        abort();
    char chinese[54 * 10];
    write_chinese(&hand, data[0] * 0x9E3779B9u, chinese, sizeof chinese);
    if (qipai_pk_parse(&rules, chinese, &again, NULL) != QIPAI_OK ||
        memcmp(hand.counts, again.counts, QIPAI_PK_RANKS))
        abort();

    /* Each reading of the whole hand is a lead from it. */
    qipai_pk_play plays[QIPAI_PK_CLASSIFY_MAX];
    size_t n = qipai_pk_classify(&rules, &hand, plays, QIPAI_PK_CLASSIFY_MAX);
    for (size_t i = 0; i < n && i < QIPAI_PK_CLASSIFY_MAX; i++) {
        find_reading f = {&plays[i], 0};
        int four_held = 0;
        for (int r = 0; r < QIPAI_PK_RANKS; r++)
            four_held |= hand.counts[r] == 4;
        qipai_pk_moves(&rules, &hand, NULL, find, &f, NULL, NULL);
        if (!f.found && !(rules.bomb_unsplittable && four_held))
            abort();
    }

    /* Small hands only: the fuzzer should not wait on giant ones. */
    if (qipai_pk_total(&hand) <= 14) {
        static uint64_t memory[4096];
        qipai_pk_memo *memo = qipai_pk_memo_init(memory, sizeof memory);
        qipai_pk_min_result result;
        int min = -1;
        if (qipai_pk_min_count(&rules, &hand, memo, &min, NULL) != QIPAI_OK)
            abort();
        solution_check c = {&rules, &hand, min, 0};
        if (qipai_pk_min_plays(&rules, &hand, memo, check_solution, &c, &result, NULL) !=
                QIPAI_OK ||
            result.min != min || result.solutions == 0)
            abort();
        if (n > 0 && min != 1)
            abort(); /* a hand that is one play needs one play */
    }
    return 0;
}
