#include "ref_strlist.h"

#include <stdlib.h>
#include <string.h>

void sl_push(strlist *l, const char *s)
{
    if (l->n == l->cap) {
        l->cap = l->cap ? 2 * l->cap : 16;
        l->v = realloc(l->v, l->cap * sizeof *l->v);
        if (!l->v) abort();
    }
    size_t len = strlen(s) + 1;
    char *copy = malloc(len);
    if (!copy) abort();
    memcpy(copy, s, len);
    l->v[l->n++] = copy;
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

size_t sl_finish(strlist *l, char ***out)
{
    if (l->n == 0) {
        free(l->v);
        *out = NULL;
        return 0;
    }
    qsort(l->v, l->n, sizeof *l->v, cmp_str);
    size_t w = 1;
    for (size_t i = 1; i < l->n; i++) {
        if (strcmp(l->v[i], l->v[w - 1]) == 0) free(l->v[i]);
        else l->v[w++] = l->v[i];
    }
    *out = l->v;
    return w;
}
