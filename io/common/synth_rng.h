/* SPDX-License-Identifier: BSD-3-Clause */
/* synth_rng: the random stream of the synthetic generators: xoshiro256** seeded by splitmix64.
 * Integer arithmetic only (and an exact integer -> double conversion), so a seed gives the same
 * numbers on every machine and compiler. Not for the solver (it has its own counter-based
 * streams). */
#ifndef AR_SYNTH_RNG_H
#define AR_SYNTH_RNG_H

#include <stdint.h>

typedef struct {
  uint64_t s[4];
} synth_rng;

static inline uint64_t synth_splitmix64(uint64_t *x) {
  uint64_t z = (*x += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

static inline void synth_rng_seed(synth_rng *r, uint64_t seed) {
  for (int i = 0; i < 4; i++)
    r->s[i] = synth_splitmix64(&seed);
}

static inline uint64_t synth_rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

static inline uint64_t synth_rng_next(synth_rng *r) {
  uint64_t *s = r->s;
  uint64_t result = synth_rotl(s[1] * 5, 7) * 9;
  uint64_t t = s[1] << 17;
  s[2] ^= s[0];
  s[3] ^= s[1];
  s[1] ^= s[2];
  s[0] ^= s[3];
  s[2] ^= t;
  s[3] = synth_rotl(s[3], 45);
  return result;
}

/* Uniform in [0, n) for 0 <= n < 2^32 (Lemire's multiply-shift; 0 when n is 0). */
static inline int32_t synth_rng_below(synth_rng *r, int64_t n) {
  return (int32_t)(((synth_rng_next(r) >> 32) * (uint64_t)n) >> 32);
}

/* Uniform in [0, 1). */
static inline double synth_rng_unit(synth_rng *r) {
  return (double)(synth_rng_next(r) >> 11) * 0x1.0p-53;
}

#endif
