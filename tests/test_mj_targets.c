/*
 * The shanten target algebra of the generated tables (src/mahjong/shape.h,
 * "Shanten targets"): every entry of the combination table is the
 * min-plus combination of its two vectors, computed here the plain way;
 * the empty group's vector changes no combination; the optimal-split table
 * marks exactly the targets that reach the least.
 */
#include <qipai/qipai.h>

#include "mahjong/shape.h"
#include "test.h"

static int at(uint64_t u, int m, int p)
{
    return (int)(u >> (8 * m + 4 * p) & 15);
}

static uint64_t combine_plainly(uint64_t a, uint64_t b)
{
    uint64_t out = 0;
    for (int m = 0; m <= 4; m++)
        for (int p = 0; p <= 1; p++) {
            int best = 99;
            for (int i = 0; i <= m; i++) {
                int x = at(a, i, 0) + at(b, m - i, p);
                int y = p ? at(a, i, 1) + at(b, m - i, 0) : 99;
                best = x < best ? x : best;
                best = y < best ? y : best;
            }
            out |= (uint64_t)best << (8 * m + 4 * p);
        }
    return out;
}

static void combination_table_is_the_min_plus_combination(void)
{
    int n = mj_target_vectors;
    CHECK(n > 1 && n <= 256, "%d target vectors", n);
    for (int a = 0; a < n; a++)
        for (int b = 0; b < n; b++) {
            uint64_t want = combine_plainly(mj_target_vector[a], mj_target_vector[b]);
            uint8_t got = mj_target_combine[a][b];
            CHECK(got < n && mj_target_vector[got] == want, "combine %d %d: %#llx vs %#llx", a, b,
                  (unsigned long long)want, (unsigned long long)mj_target_vector[got]);
        }
}

static void the_empty_vector_changes_no_combination(void)
{
    CHECK(mj_target_vector[MJ_TARGET_EMPTY] == 0xECB9865320ull, "the empty vector is 3m, 3m+2");
    uint8_t none[9] = {0};
    CHECK(mj_suit_targets(mj_suit_rank(none)) == MJ_TARGET_EMPTY, "the empty suit's vector");
    for (int a = 0; a < mj_target_vectors; a++)
        CHECK(mj_target_combine[a][MJ_TARGET_EMPTY] == a && mj_target_combine[MJ_TARGET_EMPTY][a] == a,
              "empty + %d", a);
}

static void optimal_table_marks_the_targets_reaching_the_least(void)
{
    int n = mj_target_vectors;
    for (int a = 0; a < n; a++)
        for (int b = 0; b < n; b++)
            for (int k = 0; k <= 4; k++) {
                uint64_t x = mj_target_vector[a], y = mj_target_vector[b];
                int least = mj_target_least(mj_target_combine[a][b], k);
                unsigned want = 0;
                for (int m = 0; m <= k; m++)
                    for (int p = 0; p <= 1; p++)
                        if (at(x, m, p) + at(y, k - m, 1 - p) == least)
                            want |= 1u << (2 * m + p);
                CHECK(mj_target_optimal[((size_t)a * (size_t)n + (size_t)b) * 5 + (size_t)k] == want,
                      "optimal %d %d k=%d", a, b, k);
            }
}

int main(void)
{
    RUN(combination_table_is_the_min_plus_combination);
    RUN(the_empty_vector_changes_no_combination);
    RUN(optimal_table_marks_the_targets_reaching_the_least);
    return test_report();
}
