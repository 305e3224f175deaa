/* SPDX-License-Identifier: BSD-3-Clause */
/* fuzz_tsplib: libFuzzer target for the TSPLIB parser (instances and tours). Any input must
 * either parse into a consistent instance or fail with a message; never crash, leak, read out of
 * bounds or allocate what the input cannot back. Built with -DANTROUTE_FUZZ=ON (clang). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "tsplib_parse.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* A failure must say where: "fuzz.tsp:LINE: ..." (or an allocation failure). */
static void check_message(const char *path, ar_status st) {
  if (st == AR_ERR_INPUT && strncmp(ar_error_message(), path, strlen(path)) != 0) abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  const char *buf = (const char *)data;
  tour_net t;
  ar_status st = tsplib_parse_instance(buf, size, "fuzz.tsp", &t);
  check_message("fuzz.tsp", st);
  if (st == AR_OK) {
    if (t.n < 3 || (t.metric == TOUR_METRIC_EXPLICIT) != (t.weights != NULL)) abort();
    /* Every distance of a parsed instance is defined: measure the canonical tour. */
    int32_t *order = malloc((size_t)t.n * sizeof *order);
    if (order) {
      for (int32_t i = 0; i < t.n; i++)
        order[i] = i;
      if (tour_length(&t, order) < 0) abort();
      free(order);
    }
    int32_t *tour = NULL;
    if (tsplib_parse_tour(buf, size, "fuzz.tour", t.n, &tour) == AR_OK) {
      if (tour_is_permutation(tour, t.n) != 1) abort();
      free(tour);
    }
    tour_net_free(&t);
  } else if (t.x || t.y || t.weights || t.known_tour) {
    abort(); /* a failed parse leaves nothing to free */
  }
  int32_t *tour = NULL;
  st = tsplib_parse_tour(buf, size, "fuzz.tour", 5, &tour);
  check_message("fuzz.tour", st);
  if (st == AR_OK) {
    if (tour_is_permutation(tour, 5) != 1) abort();
    free(tour);
  } else if (tour) {
    abort();
  }
  return 0;
}
