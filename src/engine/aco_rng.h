/* SPDX-License-Identifier: BSD-3-Clause */
/* aco_rng: counter-based random numbers for the ACO engine.
 *
 * Every random draw is a pure function of (seed, colony, epoch, iteration, ant, draw number): a
 * stream is keyed by the first five, and the n-th draw of a stream is a SplitMix64 finaliser of
 * key + n * golden gamma. No generator state survives an iteration, so a checkpoint never has to
 * save one, and the draws of an ant do not depend on which thread or rank runs it.
 * Cannot fail.
 */
#ifndef AR_ACO_RNG_H
#define AR_ACO_RNG_H

#include <stdint.h>

typedef struct {
  uint64_t key;     /* derived from the stream's coordinates */
  uint64_t counter; /* draws taken so far */
} aco_rng;

/* Special "ant" numbers for streams that do not belong to an ant. */
enum {
  ACO_STREAM_INITIAL = -1,  /* a colony's starting solution */
  ACO_STREAM_SCHEDULE = -2, /* a colony's pheromone-update decisions in an iteration */
  ACO_STREAM_TEST = -3      /* free for tests */
};

/* SplitMix64's output function: a bijection of 64-bit words with good avalanche. */
static inline uint64_t aco_rng_mix(uint64_t z) {
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

/* The stream of one ant in one iteration of one colony. */
static inline aco_rng aco_rng_stream(uint64_t seed, int64_t colony, int64_t epoch,
                                     int64_t iteration, int64_t ant) {
  const uint64_t gamma = 0x9e3779b97f4a7c15ULL;
  uint64_t k = aco_rng_mix(seed ^ 0x616e74726f757465ULL); /* "antroute" */
  k = aco_rng_mix(k + gamma * (uint64_t)(colony + 1));
  k = aco_rng_mix(k + gamma * (uint64_t)(epoch + 1));
  k = aco_rng_mix(k + gamma * (uint64_t)(iteration + 1));
  k = aco_rng_mix(k + gamma * (uint64_t)(ant + 8));
  aco_rng r = {k, 0};
  return r;
}

/* The next 64 random bits of the stream. */
static inline uint64_t aco_rng_next(aco_rng *r) {
  r->counter++;
  return aco_rng_mix(r->key + r->counter * 0x9e3779b97f4a7c15ULL);
}

/* Uniform in [0, 1) with 53 random bits. */
static inline double aco_rng_uniform(aco_rng *r) {
  return (double)(aco_rng_next(r) >> 11) * 0x1.0p-53;
}

/* Uniform integer in [0, n), n > 0 (Lemire's multiply-shift; the bias is below 2^-32 * n). */
static inline uint32_t aco_rng_below(aco_rng *r, uint32_t n) {
  return (uint32_t)(((aco_rng_next(r) >> 32) * (uint64_t)n) >> 32);
}

#endif
