/* SPDX-License-Identifier: BSD-3-Clause */
/* topo_binding_node: one node's part of the binding report (topo_binding.h), from the masks of
 * its ranks' threads: one table line per thread and the node's warnings. Private to src/topo. */
#ifndef AR_TOPO_BINDING_NODE_H
#define AR_TOPO_BINDING_NODE_H

#include <hwloc.h>
#include <stdint.h>
#include <stdio.h>

enum { BINDING_MASK_WORDS = 64, BINDING_HOST = 64 };

/* One thread's mask, as sent to the node's first rank (fixed size: gathered as bytes). */
typedef struct {
  int rank, thread, nthreads, truncated;
  char host[BINDING_HOST];
  uint64_t mask[BINDING_MASK_WORDS]; /* bit i = OS CPU i, up to 4096 CPUs */
} binding_record;

/* Stores mask in rec (CPUs above 4095 set rec->truncated). */
void topo_binding_record_set_mask(binding_record *rec, hwloc_const_bitmap_t mask);

/* Writes the table lines and warnings of a node to out and returns the number of warnings.
 * recs holds each rank's threads contiguously, ranks in node order, threads from 0. Reads this
 * machine's topology; without it (or out of memory) it says so in a note line and goes on with
 * what it knows. */
int topo_binding_node_analyse(const binding_record *recs, int nrecs, FILE *out);

#endif
