/* SPDX-License-Identifier: BSD-3-Clause */
/* ar_affinity (issue #23: a thread lent to another rank of the node runs on its lender's CPUs):
 * the calling thread's CPUs read back as set, one CPU at a time; an empty mask and a CPU the
 * system does not have are refused (-1) and leave the thread's CPUs as they were, which is what
 * aco_start's may_borrow relies on to borrow nothing where it may not. */
#include <string.h>

#include "ar_affinity.h"
#include "test_util.h"

static int same(const ar_affinity *a, const ar_affinity *b) {
  return memcmp(a->bits, b->bits, sizeof a->bits) == 0;
}

int test_run(int argc, char **argv) {
  (void)argc;
  (void)argv;
  ar_affinity own, now;
  CHECK(ar_affinity_get(&own) == 0);
  CHECK(!ar_affinity_empty(&own));
  int first = -1, count = 0;
  for (int cpu = 0; cpu < 64 * AR_AFFINITY_WORDS; cpu++)
    if (ar_affinity_has(&own, cpu)) {
      if (first < 0) first = cpu;
      count++;
    }
  printf("this thread may run on %d CPUs, the first %d\n", count, first);

  const ar_affinity one = ar_affinity_one(first);
  CHECK(ar_affinity_set(&one) == 0);
  CHECK(ar_affinity_get(&now) == 0 && same(&now, &one));

  ar_affinity empty = {{0}};
  CHECK(ar_affinity_empty(&empty));
  CHECK(ar_affinity_set(&empty) == -1);
  CHECK(ar_affinity_get(&now) == 0 && same(&now, &one));

  /* The last CPU a mask can name: no machine here has 1,024. */
  const ar_affinity absent = ar_affinity_one(64 * AR_AFFINITY_WORDS - 1);
  CHECK(ar_affinity_set(&absent) == -1);
  CHECK(ar_affinity_get(&now) == 0 && same(&now, &one));

  CHECK(ar_affinity_set(&own) == 0); /* back as it was */
  CHECK(ar_affinity_get(&now) == 0 && same(&now, &own));
  return 0;
}
