/* SPDX-License-Identifier: BSD-3-Clause */
/* ar_singleton: Open MPI settings for a process started without a launcher (a singleton: no
 * mpirun, srun or other process manager above it), and for the ranks of a job on one node, set
 * before MPI_Init.
 *
 * Open MPI starts a singleton by forking a helper daemon (orted) and probing the network fabrics
 * (UCX, libfabric) for peers it will never have: about 0.4 s of every one-process command on a
 * laptop or a node, which is 4 % of a 10 s solve and most of a short one. A singleton that spawns
 * no processes needs neither, so it runs isolated (ess_singleton_isolated) on the ob1 messaging
 * layer. Under a launcher that placed every rank on one node the ranks talk through shared memory
 * whatever the messaging layer, so they too take ob1: left to choose, each rank also opens the
 * cm, monitoring and v layers (cm probes the fabric libraries), which cost 0.24 s of a 0.77 s
 * two-rank command (measured on d1655, median of seven). Both also leave out hwloc's discovery
 * of I/O devices (HWLOC_COMPONENTS), which Open MPI's topology includes to place network cards:
 * reading the PCI devices took 13 ms of a 0.13 s one-process solve here. Ranks on several nodes
 * are left alone (the site's fabric choice stands), and a setting the user made in the
 * environment always wins. docs/parallel.md, "Start-up". */
#ifndef AR_SINGLETON_H
#define AR_SINGLETON_H

/* Sets OMPI_MCA_ess_singleton_isolated=1, OMPI_MCA_pml=ob1 and HWLOC_COMPONENTS (hwloc's I/O
 * discovery left out: -linuxio,-pci and the GPU components) unless a launcher's variables are
 * present (OMPI_COMM_WORLD_SIZE, PMIX_RANK, PMI_RANK, PMI_SIZE) or the user set them; an isolated
 * singleton also gets its own session folder (OMPI_MCA_orte_top_session_dir =
 * BASE/ompi.antroute.UID.PID), since isolated singletons share a job family. Returns 1 when the
 * process is a singleton. Never fails. */
int ar_singleton_defaults(void);

/* Sets OMPI_MCA_pml=ob1 and HWLOC_COMPONENTS as above (unless the user set them) when a launcher
 * placed every rank on this node: OMPI_COMM_WORLD_SIZE equals OMPI_COMM_WORLD_LOCAL_SIZE (mpirun),
 * or SLURM_STEP_NUM_NODES is 1 under PMIx (srun). Returns 1 when the job is on one node. Never
 * fails. */
int ar_one_node_defaults(void);

#endif
