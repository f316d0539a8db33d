/*
 * A deliberately small test harness: CHECK keeps going after a failure so
 * one run shows every broken case, and each message carries the input in
 * notation so it can be pasted into the CLI.
 *
 *   static void seven_pairs_accepts_a_quad_as_two_pairs(void) {
 *       CHECK(win("11112233445566m"), "11112233445566m should win");
 *   }
 *   int main(void) { RUN(seven_pairs_accepts_a_quad_as_two_pairs); return test_report(); }
 */
#ifndef QIPAI_TEST_H
#define QIPAI_TEST_H

#include <stdio.h>
#include <stdlib.h>

extern int test_failures;      /* failed checks in this program */
extern int test_checks;        /* checks made */
extern const char *test_name;  /* the test now running */

/* Printing stops after this many failures per test; the count goes on. */
#define TEST_MAX_PRINTED 20
extern int test_printed;

#define CHECK(cond, ...)                                                       \
    do {                                                                       \
        test_checks++;                                                         \
        if (!(cond)) {                                                         \
            test_failures++;                                                   \
            if (test_printed++ < TEST_MAX_PRINTED) {                           \
                fprintf(stderr, "FAIL %s (%s:%d): ", test_name, __FILE__,      \
                        __LINE__);                                             \
                fprintf(stderr, __VA_ARGS__);                                  \
                fputc('\n', stderr);                                           \
            }                                                                  \
        }                                                                      \
    } while (0)

#define RUN(fn) test_run(#fn, fn)

void test_run(const char *name, void (*fn)(void));
/* Prints the summary; returns the process exit status. */
int test_report(void);

/* Multiplies the size of random corpora: QIPAI_TEST_SCALE (default 1). The
 * sanitizer run sets it lower; exhaustive checks ignore it. */
double test_scale(void);
/* Whether the exhaustive sweeps run in full (QIPAI_TEST_LONG=1, `make
 * test-long`); otherwise they take a fixed, documented sample so that `make
 * test` stays within minutes. */
int test_long(void);
long test_scaled(long n);

/* The path of a file of the project's test data (tests/data/, or
 * $QIPAI_TEST_DATA), or NULL when it is absent: that counts as a failed
 * check, so a test can never pass for want of its data. */
const char *test_data(const char *relative, char *buffer, size_t size);

#endif
