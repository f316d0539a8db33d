/*
 * The memo of the minimum-plays search, in memory the caller owns.
 *
 * Its main part maps a packed sub-hand to its fewest plays. It is a cache,
 * not a store: when a small neighbourhood of slots is full, an old entry is
 * overwritten and simply computed again if needed, so no hand is ever too
 * big for it, only slower. The fewest plays of a sub-hand depend on the
 * rules alone, so entries outlive a call; an epoch number forgets them all
 * at once.
 *
 * A smaller part caches, for one listing of solutions, each state's optimal
 * next groups (an arena of packed groups and a table pointing into it), so
 * the listing does not search a state again each time a path meets it.
 * When it is full the listing searches again instead.
 */
#include "pk.h"

#include <string.h>

enum { PROBES = PK_MEMO_PROBES };

/* Memory for 2^log2 entries: the entries, a quarter as many kid slots and
 * half as many arena words. */
static size_t layout_bytes(unsigned log2)
{
    size_t n = (size_t)1 << log2;
    size_t slots = n / 4 > 4 ? n / 4 : 4, words = n / 2 > 8 ? n / 2 : 8;
    size_t header = (sizeof(qipai_pk_memo) + 15) & ~(size_t)15;
    return header + n * sizeof(pk_memo_entry) + slots * sizeof(pk_kids_entry) +
           words * sizeof(uint64_t);
}

size_t qipai_pk_memo_bytes(unsigned log2_entries)
{
    if (log2_entries < 1 || log2_entries > 30)
        return 0;
    return layout_bytes(log2_entries) + 16; /* room to align */
}

qipai_pk_memo *qipai_pk_memo_init(void *memory, size_t bytes)
{
    if (!memory)
        return NULL;
    uintptr_t base = ((uintptr_t)memory + 15) & ~(uintptr_t)15;
    size_t lost = (size_t)(base - (uintptr_t)memory);
    if (bytes < lost || bytes - lost < layout_bytes(1))
        return NULL;
    unsigned log2 = 1;
    while (log2 < 30 && layout_bytes(log2 + 1) <= bytes - lost)
        log2++;
    size_t n = (size_t)1 << log2;
    size_t slots = n / 4 > 4 ? n / 4 : 4, words = n / 2 > 8 ? n / 2 : 8;
    size_t header = (sizeof(qipai_pk_memo) + 15) & ~(size_t)15;
    qipai_pk_memo *memo = (qipai_pk_memo *)base;
    memo->entries = (pk_memo_entry *)(base + header);
    memo->kids = (pk_kids_entry *)(memo->entries + n);
    memo->arena = (uint64_t *)(memo->kids + slots);
    memo->mask = n - 1;
    memo->shift = 64 - log2;
    memo->kids_mask = slots - 1;
    memo->kids_shift = 64 - (unsigned)__builtin_ctzll(slots);
    memo->arena_size = words;
    memo->arena_used = 0;
    memo->epoch = 1;
    memo->call = 1;
    memo->rules_tag = 0;
    memset(memo->entries, 0, n * sizeof(pk_memo_entry));
    memset(memo->kids, 0, slots * sizeof(pk_kids_entry));
    return memo;
}

void qipai_pk_memo_clear(qipai_pk_memo *memo)
{
    if (!memo)
        return;
    if (++memo->epoch == 0) {
        /* After 2^32 clears the old epochs would come back: wipe instead. */
        memset(memo->entries, 0, (memo->mask + 1) * sizeof(pk_memo_entry));
        memo->epoch = 1;
    }
}

void pk_memo_begin(qipai_pk_memo *memo, const qipai_pk_rules *rules)
{
    uint64_t tag = 1 + (uint64_t)rules->game + ((uint64_t)(rules->last_short != 0) << 8) +
                   ((uint64_t)(rules->bomb_unsplittable != 0) << 9) +
                   ((uint64_t)(rules->four_with_three != 0) << 10);
    if (memo->rules_tag != tag) {
        qipai_pk_memo_clear(memo);
        memo->rules_tag = tag;
    }
}

void pk_memo_put(qipai_pk_memo *memo, uint64_t key, int value)
{
    size_t i = (size_t)(pk_memo_mix(key) >> memo->shift);
    pk_memo_entry *victim = NULL;
    for (int p = 0; p < PROBES; p++) {
        pk_memo_entry *e = &memo->entries[(i + (size_t)p) & memo->mask];
        if (e->epoch != memo->epoch || e->key == key) {
            victim = e;
            break;
        }
    }
    if (!victim) /* all live: evict one, chosen by the key's bits */
        victim = &memo->entries[(i + (size_t)(key >> 7 & (PROBES - 1))) & memo->mask];
    victim->key = key;
    victim->epoch = memo->epoch;
    victim->value = (uint32_t)value;
}

void pk_kids_begin(qipai_pk_memo *memo)
{
    memo->arena_used = 0;
    if (++memo->call == 0) {
        memset(memo->kids, 0, (memo->kids_mask + 1) * sizeof(pk_kids_entry));
        memo->call = 1;
    }
}

const uint64_t *pk_kids_get(const qipai_pk_memo *memo, uint64_t key, size_t *count)
{
    size_t i = (size_t)(pk_memo_mix(key) >> memo->kids_shift);
    for (int p = 0; p < PROBES; p++) {
        const pk_kids_entry *e = &memo->kids[(i + (size_t)p) & memo->kids_mask];
        if (e->key == key && e->call == memo->call) {
            *count = e->at & 0xFF;
            return memo->arena + (e->at >> 8);
        }
    }
    return NULL;
}

uint64_t *pk_kids_room(qipai_pk_memo *memo, size_t most)
{
    if (most > memo->arena_size - memo->arena_used || memo->arena_used >= (1u << 24))
        return NULL;
    return memo->arena + memo->arena_used;
}

int pk_kids_put(qipai_pk_memo *memo, uint64_t key, size_t n)
{
    size_t i = (size_t)(pk_memo_mix(key) >> memo->kids_shift);
    size_t at = memo->arena_used;
    memo->arena_used += n; /* kept even when no slot is free: the caller uses it */
    for (int p = 0; p < PROBES; p++) {
        pk_kids_entry *e = &memo->kids[(i + (size_t)p) & memo->kids_mask];
        if (e->call != memo->call) {
            e->key = key;
            e->call = memo->call;
            e->at = (uint32_t)(at << 8 | n);
            return 1;
        }
    }
    return 0;
}
