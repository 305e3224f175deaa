/* SPDX-License-Identifier: BSD-3-Clause */
/* app_version: the build facts of `antroute --version` (see app_version.h). */
#include "app_version.h"

#include <mpi.h>
#include <string.h>

#include "ar_commit.h"
#include "ar_version.h"
#include "h5u.h"
#include "topo_load.h"

/* The first line of MPI's own description ("Open MPI v4.1.4, package: ..."). MPI-3 allows the
 * call before MPI_Init. */
static void mpi_version(char *buf, size_t cap) {
  char text[MPI_MAX_LIBRARY_VERSION_STRING] = "";
  int len = 0;
  if (MPI_Get_library_version(text, &len) != MPI_SUCCESS) {
    snprintf(buf, cap, "unknown");
    return;
  }
  text[len < (int)sizeof text ? len : (int)sizeof text - 1] = '\0';
  char *cut = strpbrk(text, "\n,");
  if (cut) *cut = '\0';
  snprintf(buf, cap, "%s", text);
}

void app_version_print(FILE *out) {
  char mpi[256], hdf5[128], hwloc[128];
  mpi_version(mpi, sizeof mpi);
  h5u_library_version(hdf5, sizeof hdf5);
  topo_hwloc_version(hwloc, sizeof hwloc);
  fprintf(out,
          "antroute %s\n"
          "commit:     %s\n"
          "build type: %s\n"
          "compiler:   %s\n"
          "flags:      %s\n"
          "MPI:        %s (MPI %d.%d)\n"
          "HDF5:       %s\n"
          "hwloc:      %s\n"
          "oneTBB:     %s\n",
          AR_VERSION_STRING, AR_BUILD_COMMIT, AR_BUILD_TYPE[0] ? AR_BUILD_TYPE : "(none)",
          AR_BUILD_COMPILER, AR_BUILD_FLAGS[0] ? AR_BUILD_FLAGS : "(none)", mpi, MPI_VERSION,
          MPI_SUBVERSION, hdf5, hwloc, AR_BUILD_TBB);
}
