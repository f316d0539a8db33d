/* A growing list of owned strings, for the references' answers: pushed in
 * any order, then handed over sorted with strcmp and without duplicates. */
#ifndef QIPAI_TESTS_REF_STRLIST_H
#define QIPAI_TESTS_REF_STRLIST_H

#include <stddef.h>

typedef struct strlist {
    char **v;
    size_t n, cap;
} strlist;

/* Copies s into the list; aborts when memory runs out. */
void sl_push(strlist *l, const char *s);
/* Sorts, drops duplicates and hands the array over to *out (NULL when
 * empty); returns its length. The list is spent. */
size_t sl_finish(strlist *l, char ***out);

#endif
