/* SPDX-License-Identifier: BSD-3-Clause */
/* ar_nodelay: TCP_NODELAY on the process's TCP connections, set once after MPI_Init.
 *
 * Under mpirun each rank talks to its launcher through a PMIx client connection over loopback
 * TCP, and PMIx 4.2 (Debian 12's, below Open MPI 4.1) leaves Nagle's algorithm on there. The
 * fence inside MPI_Finalize sends a few small messages in a row; the second waits for the
 * launcher's delayed acknowledgement of the first, some 40 ms, on every rank, every command
 * (strace: mpirun read the ranks' messages 38 ms after they were written; MPI_Finalize took
 * 45 ms of a two-rank job, 2 ms with the option set). A second rank is bought for a good answer
 * sooner, and on a one-second search 40 ms of it is lost at the end. Messaging layers that carry
 * data (Open MPI's tcp transport) set the option themselves, so this changes nothing else.
 * docs/parallel.md, "Start-up". */
#ifndef AR_NODELAY_H
#define AR_NODELAY_H

/* Sets TCP_NODELAY on every open stream socket of the IPv4 or IPv6 family (found through
 * /proc/self/fd). Returns how many it set, or -1 when the descriptors cannot be listed; never
 * fails otherwise (a socket that refuses is left as it is). */
int ar_nodelay_tcp_sockets(void);

#endif
