/* The harness behind tests/support/test.h. */
#include "test.h"

#include <string.h>
#include <time.h>

int test_failures;
int test_checks;
int test_printed;
const char *test_name = "";

void test_run(const char *name, void (*fn)(void))
{
    int before = test_failures;
    clock_t start = clock();
    test_name = name;
    test_printed = 0;
    fn();
    double seconds = (double)(clock() - start) / CLOCKS_PER_SEC;
    fprintf(stderr, "%s %s (%.2fs)\n", test_failures == before ? "ok  " : "FAIL", name, seconds);
}

int test_report(void)
{
    fprintf(stderr, "%d checks, %d failed\n", test_checks, test_failures);
    if (test_checks == 0) {
        fprintf(stderr, "FAIL: no check was made: a test that checks nothing cannot pass\n");
        return 1;
    }
    return test_failures ? 1 : 0;
}

double test_scale(void)
{
    const char *text = getenv("QIPAI_TEST_SCALE");
    double scale = text ? atof(text) : 1.0;
    return scale > 0 ? scale : 1.0;
}

int test_long(void)
{
    const char *v = getenv("QIPAI_TEST_LONG");
    return v && *v && strcmp(v, "0") != 0;
}

long test_scaled(long n)
{
    long scaled = (long)((double)n * test_scale());
    return scaled > 0 ? scaled : 1;
}

const char *test_data(const char *relative, char *buffer, size_t size)
{
    const char *root = getenv("QIPAI_TEST_DATA");
    snprintf(buffer, size, "%s/%s", root && *root ? root : "tests/data", relative);
    FILE *f = fopen(buffer, "r");
    if (!f) {
        /* Missing data is a failure, never a silent pass with 0 checks. */
        test_failures++;
        test_checks++;
        fprintf(stderr, "FAIL %s: test data %s is missing (run from the project root, or set "
                        "QIPAI_TEST_DATA)\n", test_name ? test_name : "?", buffer);
        return NULL;
    }
    fclose(f);
    return buffer;
}
