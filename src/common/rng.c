/*
 * The deterministic generator behind dealing, shuffling and corpora:
 * xoshiro256** (Blackman and Vigna), seeded through splitmix64 so that any
 * 64-bit seed, zero included, gives a well-mixed state.
 */
#include <qipai/qipai.h>

static uint64_t splitmix64(uint64_t *x)
{
    uint64_t z = (*x += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static uint64_t rotl(uint64_t x, int k)
{
    return (x << k) | (x >> (64 - k));
}

void qipai_rng_seed(qipai_rng *rng, uint64_t seed)
{
    for (int i = 0; i < 4; i++)
        rng->s[i] = splitmix64(&seed);
}

uint64_t qipai_rng_next(qipai_rng *rng)
{
    uint64_t *s = rng->s;
    uint64_t result = rotl(s[1] * 5, 7) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return result;
}

uint32_t qipai_rng_below(qipai_rng *rng, uint32_t bound)
{
    /* Lemire's multiply-and-reject: unbiased, one multiply in the common case. */
    uint64_t m = (uint64_t)(uint32_t)(qipai_rng_next(rng) >> 32) * bound;
    uint32_t low = (uint32_t)m;
    if (low < bound) {
        uint32_t threshold = (uint32_t)-bound % bound;
        while (low < threshold) {
            m = (uint64_t)(uint32_t)(qipai_rng_next(rng) >> 32) * bound;
            low = (uint32_t)m;
        }
    }
    return (uint32_t)(m >> 32);
}

void qipai_rng_shuffle_bytes(qipai_rng *rng, uint8_t *items, size_t n)
{
    for (size_t i = n; i > 1; i--) {
        size_t j = qipai_rng_below(rng, (uint32_t)i);
        uint8_t t = items[i - 1];
        items[i - 1] = items[j];
        items[j] = t;
    }
}
