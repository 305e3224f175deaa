/* SPDX-License-Identifier: BSD-3-Clause */
/* ar_singleton: Open MPI settings for a process started without a launcher (ar_singleton.h). */
#define _POSIX_C_SOURCE 200809L
#include "ar_singleton.h"

#include <stdlib.h>

/* Variables a process manager sets in every process it starts (Open MPI's mpirun and orted,
 * PMIx servers such as Slurm's srun --mpi=pmix, PMI-1/2 launchers). */
static const char *const launcher_vars[] = {"OMPI_COMM_WORLD_SIZE", "PMIX_RANK", "PMI_RANK",
                                            "PMI_SIZE"};

int ar_singleton_defaults(void) {
  for (size_t i = 0; i < sizeof launcher_vars / sizeof launcher_vars[0]; i++)
    if (getenv(launcher_vars[i])) return 0;
  /* overwrite = 0: what the user exported stands */
  setenv("OMPI_MCA_ess_singleton_isolated", "1", 0);
  setenv("OMPI_MCA_pml", "ob1", 0);
  return 1;
}
