/*
 * The Guobiao rule values and their defaults (docs/RULES.md, "Guobiao"):
 * the minimum of 8 fans and every disputed rule off.
 */
#include <qipai/gb.h>

void qipai_gb_rules_default(qipai_gb_rules *rules)
{
    rules->min_fan = 8;
    rules->knitted_waits = false;
    rules->mingangang = false;
    rules->blessings = false;
}
