/*
 * qipai_gb_fan: every reading of a winning hand scored, the best kept
 * (就高不就低: the highest total, then the breakdown whose fans come first
 * in the book's table), and the breakdown of that one explained.
 * docs/RULES.md ("Guobiao").
 */
#include "gb/gb_internal.h"
#include "common/fail.h"

typedef struct best {
    gb_tally tally;
    gb_reading reading;
    int form;
    bool have, from_reading;
} best;

static void keep_if_better(best *b, const gb_tally *t, const gb_reading *r, int form)
{
    if (b->have && gb_tally_compare(t, &b->tally) <= 0)
        return;
    b->tally = *t;
    b->form = form;
    b->have = true;
    b->from_reading = r != NULL;
    if (r)
        b->reading = *r;
}

static void consider(gb_context *ctx, const gb_reading *r, void *arg)
{
    gb_tally t;
    gb_score_reading(ctx, r, &t);
    keep_if_better(arg, &t, r, r->form);
}

/* Every reading of the hand, the best kept in b. */
static void choose(gb_context *ctx, const qipai_gb_rules *rules, const qipai_gb_hand *hand,
                   best *b)
{
    b->have = false;
    gb_context_init(ctx, rules, hand);
    gb_each_reading(ctx, consider, b);
    if (hand->meld_count == 0) {
        gb_tally t;
        if (gb_is_seven_pairs(ctx)) {
            gb_score_special(ctx, QIPAI_GB_FORM_SEVEN_PAIRS, &t);
            keep_if_better(b, &t, NULL, QIPAI_GB_FORM_SEVEN_PAIRS);
        }
        if (gb_is_thirteen_orphans(ctx)) {
            gb_score_special(ctx, QIPAI_GB_FORM_THIRTEEN_ORPHANS, &t);
            keep_if_better(b, &t, NULL, QIPAI_GB_FORM_THIRTEEN_ORPHANS);
        }
        if (gb_honors_knitted(ctx)) {
            gb_score_special(ctx, QIPAI_GB_FORM_HONORS_KNITTED, &t);
            keep_if_better(b, &t, NULL, QIPAI_GB_FORM_HONORS_KNITTED);
        }
    }
}

bool gb_fan_tallies(const qipai_gb_rules *rules, const qipai_gb_hand *hand, gb_tally *raw,
                    gb_tally *final)
{
    gb_context ctx;
    best b;
    if (qipai_gb_check(hand, 14, NULL))
        return false;
    choose(&ctx, rules, hand, &b);
    if (!b.have)
        return false;
    if (b.from_reading)
        gb_score_reading_raw(&ctx, &b.reading, raw);
    else
        gb_score_special_raw(&ctx, b.form, raw);
    *final = b.tally;
    return true;
}

qipai_err qipai_gb_fan(const qipai_gb_rules *rules, const qipai_gb_hand *hand,
                       qipai_gb_result *result, qipai_error *err)
{
    if (!rules || !result)
        return qipai_fail(err, QIPAI_ERR_ARGUMENT, -1, "null rules or result");
    qipai_err e = qipai_gb_check(hand, 14, err);
    if (e)
        return e;
    gb_context ctx;
    best b;
    choose(&ctx, rules, hand, &b);
    result->win = b.have;
    if (!b.have) {
        result->valid = false;
        result->total = result->flowers = result->fan_count = result->group_count = 0;
        return QIPAI_OK;
    }
    result->form = (uint8_t)b.form;
    result->total = b.tally.total;
    gb_explain(&ctx, b.from_reading ? &b.reading : NULL, b.form, &b.tally, result);
    result->valid = result->total - result->flowers >= rules->min_fan;
    return QIPAI_OK;
}
