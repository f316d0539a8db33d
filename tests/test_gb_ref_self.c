/* Self-test of the Guobiao fan reference (tests/ref/gb_ref.c): stub. */
#include "gb_ref.h"
#include "test.h"

static void stub_compiles(void)
{
    gb_ref_result r;
    CHECK(gb_ref_fan("x", &r) == -1, "x is bad input");
}

int main(void)
{
    RUN(stub_compiles);
    return test_report();
}
