/* SPDX-License-Identifier: BSD-3-Clause */
/* topo_judge: what is wrong with a proposed layout on a node, in the manner of MPI Advisor: each
 * finding is a sentence that says what is wrong and what to do instead.
 *
 * Findings (severity):
 * - oversubscribed (error): ranks x CPUs per rank exceed the node's hardware threads.
 * - threads exceed (error): a rank runs more OpenMP threads than the hardware threads it is (or
 *   can be) given.
 * - unbalanced (warning): ranks do not divide evenly over the packages.
 * - spans packages (warning): a rank's hardware threads lie in two or more packages.
 * - spans NUMA nodes (warning): a rank inside one package spans its NUMA nodes.
 * - idle cores (warning): cores with no thread.
 * - idle CPUs (warning): a rank is given more CPUs than it runs threads.
 * - SMT unused / ranks share cores / ranks own whole cores (notes): how SMT is used and which
 *   binding that requires.
 *
 * Failures: AR_ERR_INPUT for an irregular topology (topo_shape), AR_ERR_USAGE for counts below
 * 1, AR_ERR_NOMEM. A bad layout is not a failure: it is a finding.
 */
#ifndef AR_TOPO_JUDGE_H
#define AR_TOPO_JUDGE_H

#include <hwloc.h>
#include <stdio.h>

#include "ar_error.h"
#include "topo_plan.h"

typedef enum { TOPO_NOTE, TOPO_WARNING, TOPO_ERROR } topo_severity;

typedef enum {
  TOPO_FINDING_OVERSUBSCRIBED,
  TOPO_FINDING_THREADS_EXCEED,
  TOPO_FINDING_UNBALANCED,
  TOPO_FINDING_SPANS_PACKAGES,
  TOPO_FINDING_SPANS_NUMA,
  TOPO_FINDING_IDLE_CORES,
  TOPO_FINDING_IDLE_CPUS,
  TOPO_FINDING_SMT_UNUSED,
  TOPO_FINDING_SHARED_CORES,
  TOPO_FINDING_WHOLE_CORES,
  TOPO_FINDING_COLONIES_FEW,    /* topo_colonies.h */
  TOPO_FINDING_COLONIES_UNEVEN, /* topo_colonies.h */
  TOPO_FINDING_COLONY_PER_RANK  /* topo_colonies.h */
} topo_finding_kind;

enum { TOPO_MAX_FINDINGS = 14, TOPO_FINDING_TEXT = 640 };

typedef struct {
  topo_finding_kind kind;
  topo_severity severity;
  char text[TOPO_FINDING_TEXT];
} topo_finding;

typedef struct {
  int count;
  topo_finding items[TOPO_MAX_FINDINGS];
} topo_findings;

/* Judges `layout` on topo (prefer_threads as for topo_recommend, < 1: default). AR_ERR_USAGE for a
 * count below 1 in layout, AR_ERR_NOMEM. */
ar_status topo_judge(hwloc_topology_t topo, const topo_layout *layout, int prefer_threads,
                     topo_findings *out);

/* Appends a finding (printf-style text); beyond TOPO_MAX_FINDINGS it is dropped. */
void topo_findings_add(topo_findings *f, topo_finding_kind kind, topo_severity severity,
                       const char *fmt, ...) __attribute__((format(printf, 4, 5)));

/* The worst severity among the findings, or -1 when there are none. */
int topo_findings_worst(const topo_findings *findings);

/* The finding of that kind, or NULL. */
const topo_finding *topo_findings_find(const topo_findings *findings, topo_finding_kind kind);

/* "error", "warning", "note" */
const char *topo_severity_name(topo_severity severity);

/* Prints "  warning: text" lines, errors first. */
void topo_findings_print(const topo_findings *findings, FILE *out);

#endif
