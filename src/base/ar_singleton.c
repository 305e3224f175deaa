/* SPDX-License-Identifier: BSD-3-Clause */
/* ar_singleton: Open MPI start-up settings for a process started without a launcher, and for the
 * ranks of a job on one node (ar_singleton.h). */
#define _POSIX_C_SOURCE 200809L
#include "ar_singleton.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ar_path.h"

/* Variables a process manager sets in every process it starts (Open MPI's mpirun and orted,
 * PMIx servers such as Slurm's srun --mpi=pmix, PMI-1/2 launchers). */
static const char *const launcher_vars[] = {"OMPI_COMM_WORLD_SIZE", "PMIX_RANK", "PMI_RANK",
                                            "PMI_SIZE"};

/* hwloc's discovery components of I/O devices (PCI, block and network devices, GPUs), excluded for
 * processes whose peers are all on this node. Open MPI loads its topology with I/O devices to
 * place network cards; the PCI part reads each device's configuration space, 2 ms a device in a
 * VM. Names a build of hwloc lacks are ignored. */
static const char *const no_io_discovery = "-linuxio,-pci,-opencl,-gl,-cuda,-nvml,-rsmi,-levelzero";

int ar_singleton_defaults(void) {
  for (size_t i = 0; i < sizeof launcher_vars / sizeof launcher_vars[0]; i++)
    if (getenv(launcher_vars[i])) return 0;
  /* overwrite = 0: what the user exported stands */
  setenv("OMPI_MCA_ess_singleton_isolated", "1", 0);
  setenv("OMPI_MCA_pml", "ob1", 0);
  setenv("HWLOC_COMPONENTS", no_io_discovery, 0);
  /* Isolated singletons all take job family 0, so without this they share one session folder
   * (TMP/ompi.HOST.UID/jf.0), and the first to end removes it under the others (an output then
   * fails to open). Open MPI makes the folder and removes it at MPI_Finalize. */
  const char *isolated = getenv("OMPI_MCA_ess_singleton_isolated");
  if (isolated && strcmp(isolated, "1") == 0) {
    const char *base = getenv("OMPI_MCA_orte_tmpdir_base");
    if (!base || !base[0]) base = ar_path_tmp_dir();
    char dir[AR_PATH_CAP];
    int len =
        snprintf(dir, sizeof dir, "%s/ompi.antroute.%ld.%ld", base, (long)getuid(), (long)getpid());
    if (len > 0 && (size_t)len < sizeof dir) setenv("OMPI_MCA_orte_top_session_dir", dir, 0);
  }
  return 1;
}

/* Whether the launcher placed every rank on this node: mpirun says so in OMPI_COMM_WORLD_SIZE and
 * OMPI_COMM_WORLD_LOCAL_SIZE, Slurm's srun in SLURM_STEP_NUM_NODES. */
static int launched_on_one_node(void) {
  const char *size = getenv("OMPI_COMM_WORLD_SIZE");
  const char *local = getenv("OMPI_COMM_WORLD_LOCAL_SIZE");
  if (size && local) return strcmp(size, local) == 0;
  const char *nodes = getenv("SLURM_STEP_NUM_NODES");
  return getenv("PMIX_RANK") && nodes && strcmp(nodes, "1") == 0;
}

int ar_one_node_defaults(void) {
  if (!launched_on_one_node()) return 0;
  setenv("OMPI_MCA_pml", "ob1", 0);               /* overwrite = 0: what the user exported stands */
  setenv("HWLOC_COMPONENTS", no_io_discovery, 0); /* ranks that discover their own topology */
  return 1;
}
