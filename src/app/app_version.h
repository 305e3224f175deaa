/* SPDX-License-Identifier: BSD-3-Clause */
/* app_version: `antroute --version`, the version and the facts of this build that a support
 * ticket needs (as GROMACS and LAMMPS print them): commit, build type, compiler and flags, and
 * the MPI, HDF5, hwloc and oneTBB libraries this process runs with. Needs no MPI_Init. */
#ifndef AR_APP_VERSION_H
#define AR_APP_VERSION_H

#include <stdio.h>

/* First line "antroute X.Y.Z" (scripts read its second word), then one fact per line. */
void app_version_print(FILE *out);

#endif
