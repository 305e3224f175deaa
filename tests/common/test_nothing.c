/* SPDX-License-Identifier: BSD-3-Clause */
/* test_nothing: a unit test body for test_checks_nothing.sh: `none` runs no check (test_main must
 * fail it), `skip` returns 77 (a skip stays a skip), `one` runs one passing check. */
#include <string.h>

#include "test_util.h"

int test_run(int argc, char **argv) {
  const char *mode = argc > 1 ? argv[1] : "none";
  if (strcmp(mode, "skip") == 0) return 77;
  if (strcmp(mode, "one") == 0) CHECK(1 + 1 == 2);
  return 0;
}
