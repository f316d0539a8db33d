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
    return test_failures ? 1 : 0;
}

double test_scale(void)
{
    const char *text = getenv("QIPAI_TEST_SCALE");
    double scale = text ? atof(text) : 1.0;
    return scale > 0 ? scale : 1.0;
}

long test_scaled(long n)
{
    long scaled = (long)((double)n * test_scale());
    return scaled > 0 ? scaled : 1;
}

const char *test_shared_data(const char *relative, char *buffer, size_t size)
{
    snprintf(buffer, size, "../shared/data/%s", relative);
    FILE *f = fopen(buffer, "r");
    if (!f) {
        fprintf(stderr, "skip: %s is absent\n", buffer);
        return NULL;
    }
    fclose(f);
    return buffer;
}
