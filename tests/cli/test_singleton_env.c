/* SPDX-License-Identifier: BSD-3-Clause */
/* ar_singleton_defaults (issue #23): the Open MPI settings of a process without a launcher are
 * set only when no launcher's variable is present, and never over a value the user exported; an
 * isolated singleton gets a session folder of its own (named after its process). The ranks of a
 * job on one node take ob1 (ar_one_node_defaults); ranks on several nodes are left alone. Both a
 * singleton and the ranks of one node leave out hwloc's discovery of I/O devices. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ar_singleton.h"
#include "test_util.h"

static const char *const launcher_vars[] = {"OMPI_COMM_WORLD_SIZE", "PMIX_RANK", "PMI_RANK",
                                            "PMI_SIZE"};

static void clear(void) {
  unsetenv("OMPI_MCA_ess_singleton_isolated");
  unsetenv("OMPI_MCA_pml");
  unsetenv("HWLOC_COMPONENTS");
  unsetenv("OMPI_MCA_orte_top_session_dir");
  unsetenv("OMPI_MCA_orte_tmpdir_base");
  unsetenv("TMPDIR");
  unsetenv("OMPI_COMM_WORLD_LOCAL_SIZE");
  unsetenv("SLURM_STEP_NUM_NODES");
  for (size_t i = 0; i < sizeof launcher_vars / sizeof launcher_vars[0]; i++)
    unsetenv(launcher_vars[i]);
}

static int is(const char *name, const char *value) {
  const char *v = getenv(name);
  return v ? value && strcmp(v, value) == 0 : value == NULL;
}

/* hwloc's discovery of I/O devices left out: PCI (both of hwloc's ways to it) first. */
static int no_io_discovery(void) {
  const char *v = getenv("HWLOC_COMPONENTS");
  return v && strncmp(v, "-linuxio,-pci,", strlen("-linuxio,-pci,")) == 0 && strstr(v, ",-cuda");
}

/* With TMPDIR and OMPI_MCA_orte_tmpdir_base as given (NULL: unset), a singleton's own session
 * folder is BASE/ompi.antroute.UID.PID. */
static int session_folder_under(const char *tmpdir, const char *mca_base, const char *base) {
  clear();
  if (tmpdir) setenv("TMPDIR", tmpdir, 1);
  if (mca_base) setenv("OMPI_MCA_orte_tmpdir_base", mca_base, 1);
  char own[256];
  snprintf(own, sizeof own, "%s/ompi.antroute.%ld.%ld", base, (long)getuid(), (long)getpid());
  return ar_singleton_defaults() == 1 && is("OMPI_MCA_orte_top_session_dir", own);
}

/* ar_one_node_defaults with two variables set (and the rest cleared). */
static int one_node(const char *name1, const char *value1, const char *name2, const char *value2) {
  clear();
  setenv(name1, value1, 1);
  setenv(name2, value2, 1);
  return ar_one_node_defaults();
}

int test_run(int argc, char **argv) {
  (void)argc;
  (void)argv;
  clear(); /* ctest sets both for every test */
  CHECK(ar_singleton_defaults() == 1);
  CHECK(is("OMPI_MCA_ess_singleton_isolated", "1"));
  CHECK(is("OMPI_MCA_pml", "ob1"));
  CHECK(no_io_discovery());
  CHECK(session_folder_under(NULL, NULL, "/tmp"));
  /* Under the folder Open MPI would use: its MCA setting, else TMPDIR. */
  CHECK(session_folder_under("/scratch/t", NULL, "/scratch/t"));
  CHECK(session_folder_under("/scratch/t", "/local", "/local"));
  /* Not isolated (the user's choice): Open MPI's own folder, whose job family is the helper's. */
  clear();
  setenv("OMPI_MCA_ess_singleton_isolated", "0", 1);
  CHECK(ar_singleton_defaults() == 1);
  CHECK(is("OMPI_MCA_orte_top_session_dir", NULL));
  /* Under any launcher: nothing is set. */
  for (size_t i = 0; i < sizeof launcher_vars / sizeof launcher_vars[0]; i++) {
    clear();
    setenv(launcher_vars[i], "0", 1);
    CHECK(ar_singleton_defaults() == 0);
    CHECK(is("OMPI_MCA_ess_singleton_isolated", NULL));
    CHECK(is("OMPI_MCA_pml", NULL));
    CHECK(is("HWLOC_COMPONENTS", NULL));
    CHECK(is("OMPI_MCA_orte_top_session_dir", NULL));
  }
  /* The user's values stand. */
  clear();
  setenv("OMPI_MCA_pml", "ucx", 1);
  setenv("OMPI_MCA_ess_singleton_isolated", "0", 1);
  setenv("HWLOC_COMPONENTS", "", 1); /* empty: hwloc's own choice */
  CHECK(ar_singleton_defaults() == 1);
  CHECK(is("OMPI_MCA_pml", "ucx"));
  CHECK(is("HWLOC_COMPONENTS", ""));
  CHECK(is("OMPI_MCA_ess_singleton_isolated", "0"));
  clear();
  setenv("OMPI_MCA_orte_top_session_dir", "/mine", 1);
  CHECK(ar_singleton_defaults() == 1);
  CHECK(is("OMPI_MCA_orte_top_session_dir", "/mine"));
  /* mpirun: every rank on this node, or not; srun: one node in the step. */
  CHECK(one_node("OMPI_COMM_WORLD_SIZE", "2", "OMPI_COMM_WORLD_LOCAL_SIZE", "2") == 1);
  CHECK(is("OMPI_MCA_pml", "ob1"));
  CHECK(no_io_discovery());
  CHECK(one_node("OMPI_COMM_WORLD_SIZE", "4", "OMPI_COMM_WORLD_LOCAL_SIZE", "2") == 0);
  CHECK(is("OMPI_MCA_pml", NULL));
  CHECK(is("HWLOC_COMPONENTS", NULL)); /* several nodes: network cards placed as before */
  CHECK(one_node("PMIX_RANK", "0", "SLURM_STEP_NUM_NODES", "1") == 1);
  CHECK(is("OMPI_MCA_pml", "ob1"));
  CHECK(no_io_discovery());
  CHECK(one_node("PMIX_RANK", "0", "SLURM_STEP_NUM_NODES", "2") == 0);
  CHECK(is("HWLOC_COMPONENTS", NULL));
  clear();
  setenv("PMIX_RANK", "0", 1); /* a launcher that does not say how many nodes: left alone */
  CHECK(ar_one_node_defaults() == 0);
  CHECK(is("OMPI_MCA_pml", NULL));
  clear();
  setenv("OMPI_MCA_pml", "ucx", 1);
  setenv("OMPI_COMM_WORLD_SIZE", "2", 1);
  setenv("OMPI_COMM_WORLD_LOCAL_SIZE", "2", 1);
  setenv("HWLOC_COMPONENTS", "-gl", 1);
  CHECK(ar_one_node_defaults() == 1);
  CHECK(is("OMPI_MCA_pml", "ucx"));
  CHECK(is("HWLOC_COMPONENTS", "-gl"));
  return 0;
}
