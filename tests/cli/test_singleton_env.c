/* SPDX-License-Identifier: BSD-3-Clause */
/* ar_singleton_defaults (issue #23): the Open MPI settings of a process without a launcher are
 * set only when no launcher's variable is present, and never over a value the user exported. */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>

#include "ar_singleton.h"
#include "test_util.h"

static const char *const launcher_vars[] = {"OMPI_COMM_WORLD_SIZE", "PMIX_RANK", "PMI_RANK",
                                            "PMI_SIZE"};

static void clear(void) {
  unsetenv("OMPI_MCA_ess_singleton_isolated");
  unsetenv("OMPI_MCA_pml");
  for (size_t i = 0; i < sizeof launcher_vars / sizeof launcher_vars[0]; i++)
    unsetenv(launcher_vars[i]);
}

static int is(const char *name, const char *value) {
  const char *v = getenv(name);
  return v ? value && strcmp(v, value) == 0 : value == NULL;
}

int test_run(int argc, char **argv) {
  (void)argc;
  (void)argv;
  clear(); /* ctest sets both for every test */
  CHECK(ar_singleton_defaults() == 1);
  CHECK(is("OMPI_MCA_ess_singleton_isolated", "1"));
  CHECK(is("OMPI_MCA_pml", "ob1"));
  /* Under any launcher: nothing is set. */
  for (size_t i = 0; i < sizeof launcher_vars / sizeof launcher_vars[0]; i++) {
    clear();
    setenv(launcher_vars[i], "0", 1);
    CHECK(ar_singleton_defaults() == 0);
    CHECK(is("OMPI_MCA_ess_singleton_isolated", NULL));
    CHECK(is("OMPI_MCA_pml", NULL));
  }
  /* The user's values stand. */
  clear();
  setenv("OMPI_MCA_pml", "ucx", 1);
  setenv("OMPI_MCA_ess_singleton_isolated", "0", 1);
  CHECK(ar_singleton_defaults() == 1);
  CHECK(is("OMPI_MCA_pml", "ucx"));
  CHECK(is("OMPI_MCA_ess_singleton_isolated", "0"));
  return 0;
}
