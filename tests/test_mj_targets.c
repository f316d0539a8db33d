/*
 * The target-vector algebra (src/mahjong/targets.h): the SSSE3 form and the
 * portable form agree lane for lane on random and table vectors, and the
 * empty group's vector is the identity of the combination (which is why
 * shanten leaves empty and dropped groups out).
 */
#include <qipai/qipai.h>

#include "mahjong/shape.h"
#include "mahjong/targets.h"
#include "test.h"

/* A random valid target vector: U(0,0) = 0, melds add 0..3, the pair 0..2. */
static uint64_t random_targets(qipai_rng *rng)
{
    uint64_t u = 0;
    unsigned melds = 0;
    for (int m = 0; m <= 4; m++) {
        if (m > 0)
            melds += qipai_rng_below(rng, 4);
        unsigned pair = melds + qipai_rng_below(rng, 3);
        if (melds > 15 || pair > 15)
            return random_targets(rng);
        u |= (uint64_t)melds << (8 * m) | (uint64_t)pair << (8 * m + 4);
    }
    return u;
}

static int same_lanes(mj_lanes a, mj_lanes b)
{
    return !memcmp(a.b, b.b, sizeof a.b);
}

static void vector_form_matches_the_portable_form(void)
{
    qipai_rng rng;
    qipai_rng_seed(&rng, 7);
    for (long i = 0; i < test_scaled(200000); i++) {
        /* Half from the real tables, half made up. */
        uint64_t x = i % 2 ? random_targets(&rng)
                           : mj_target_nibbles(mj_suit_target_code(qipai_rng_below(&rng, MJ_SUIT_SHAPES)));
        uint64_t y = random_targets(&rng);
        mj_lanes a = mj_lanes_from_nibbles(x), b = mj_lanes_from_nibbles(y);
        CHECK(same_lanes(mj_vec_lanes(mj_vec_from_nibbles(x)), a), "unpacking %#llx",
              (unsigned long long)x);
        mj_lanes fast = mj_vec_lanes(mj_vec_combine(mj_vec_of_lanes(a), mj_vec_of_lanes(b)));
        mj_lanes slow = mj_lanes_combine(a, b);
        CHECK(same_lanes(fast, slow), "combining %#llx and %#llx", (unsigned long long)x,
              (unsigned long long)y);
        /* Combined vectors combine again the same way. */
        mj_lanes again = mj_lanes_combine(slow, a);
        CHECK(same_lanes(mj_vec_lanes(mj_vec_combine(mj_vec_of_lanes(slow), mj_vec_of_lanes(a))),
                         again),
              "combining a combination");
        for (int k = 0; k <= 4; k++) {
            int best = mj_lanes_final(again, b, k);
            CHECK(mj_vec_final(mj_vec_of_lanes(again), mj_vec_of_lanes(b), k) == best,
                  "final k=%d", k);
            CHECK(mj_vec_optimal(mj_vec_of_lanes(again), mj_vec_of_lanes(b), k, best) ==
                      mj_lanes_optimal(again, b, k, best),
                  "optimal lanes k=%d", k);
        }
    }
}

static void the_empty_group_changes_no_combination(void)
{
    qipai_rng rng;
    qipai_rng_seed(&rng, 8);
    mj_lanes empty = mj_vec_lanes(mj_vec_empty());
    /* The empty shape's table entry is the empty vector. */
    uint8_t none[9] = {0};
    CHECK(same_lanes(mj_lanes_from_nibbles(mj_target_nibbles(mj_suit_target_code(mj_suit_rank(none)))),
                     empty),
          "the empty suit shape's targets");
    for (long i = 0; i < test_scaled(100000); i++) {
        mj_lanes a = mj_lanes_from_nibbles(
            mj_target_nibbles(mj_suit_target_code(qipai_rng_below(&rng, MJ_SUIT_SHAPES))));
        CHECK(same_lanes(mj_lanes_combine(a, empty), a), "a + empty != a");
        CHECK(same_lanes(mj_lanes_combine(empty, a), a), "empty + a != a");
    }
}

int main(void)
{
    RUN(vector_form_matches_the_portable_form);
    RUN(the_empty_group_changes_no_combination);
    return test_report();
}
