/* Guobiao fan reference (stub, being filled in): see gb_ref.h. */
#include "gb_ref.h"

#include <string.h>

int gb_ref_fan(const char *input, gb_ref_result *out)
{
    memset(out, 0, sizeof *out);
    return input ? -1 : -1;
}
