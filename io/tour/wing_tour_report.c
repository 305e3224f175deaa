/* SPDX-License-Identifier: BSD-3-Clause */
/* wing_tour_report: the best tour of a results file: its length, where and when it was found, and
 * its gap to the optimum (/best/optimum, else the root attribute `optimum`) and to the lower bound
 * (/best/lower_bound, /best/gap_to_bound); and whether a network file is the one of these results.
 */
#include "wing_tour_report.h"

#include <stdio.h>

#include "h5net_tour_fields.h"
#include "h5res_fields.h"
#include "h5res_tour_fields.h"
#include "report_format.h"
#include "report_read.h"

ar_status wing_tour_report_summary(hid_t file, FILE *out, wing_report_facts *facts) {
  double cost, optimum = -1, gap, colony, iteration, time;
  const h5field *F = h5res_tour_fields;
  int64_t n = rread_count(file, F[H5RES_TOUR_TOUR].path);
  facts->nodes = n;
  if (!rread_field_number(file, &F[H5RES_TOUR_COST], &cost)) {
    fprintf(out, "best: no /best/cost in this file\n");
    return AR_OK;
  }
  char c[64];
  fprintf(out, "best tour: length %s", report_fmt_number(c, sizeof c, cost, 0));
  if (n >= 0) fprintf(out, ", %lld nodes", (long long)n);
  if (rread_field_number(file, &F[H5RES_TOUR_COLONY], &colony))
    fprintf(out, ", colony %.0f", colony);
  if (rread_field_number(file, &F[H5RES_TOUR_ITERATION], &iteration)) {
    if (iteration < 0)
      fprintf(out, ", the colony's first tour");
    else
      fprintf(out, ", iteration %.0f", iteration);
  }
  if (rread_field_number(file, &F[H5RES_TOUR_TIME], &time)) fprintf(out, ", known at %.2f s", time);
  fprintf(out, "\n");
  if (!rread_field_number(file, &F[H5RES_TOUR_OPTIMUM], &optimum))
    rread_field_number(file, &h5res_run_fields[H5RES_OPTIMUM], &optimum);
  if (optimum > 0) {
    if (!rread_field_number(file, &F[H5RES_TOUR_GAP_PERCENT], &gap))
      gap = 100.0 * (cost - optimum) / optimum;
    fprintf(out, "gap: %.3f %% above the optimum %s%s\n", gap,
            report_fmt_number(c, sizeof c, optimum, 0), gap == 0 ? " (optimal)" : "");
  } else {
    fprintf(out, "gap: unknown (no optimum in the network file; solve --optimum N sets one)\n");
  }
  double bound, to_bound;
  char method[64] = "";
  if (rread_field_number(file, &F[H5RES_TOUR_LOWER_BOUND], &bound) &&
      rread_field_number(file, &F[H5RES_TOUR_GAP_TO_BOUND], &to_bound)) {
    rread_find_string(file, F[H5RES_TOUR_LOWER_BOUND].path,
                      h5field_leaf(&F[H5RES_TOUR_BOUND_METHOD]), method, sizeof method);
    fprintf(out, "lower bound: %s (%s); the best tour is at most %.3f %% above the optimum\n",
            report_fmt_number(c, sizeof c, bound, 0), method[0] ? method : "?", to_bound);
  }
  return AR_OK;
}

ar_status wing_tour_report_network_check(hid_t net, const wing_report_facts *facts,
                                         const char *net_path) {
  double n = -1;
  rread_field_number(net, &h5net_tour_fields[H5NET_TOUR_F_N], &n);
  if (facts->nodes >= 0 && (int64_t)n != facts->nodes)
    return ar_fail(AR_ERR_INPUT,
                   "%s: the network has %.0f nodes but the best tour in %s visits %lld: not the "
                   "network of these results (give the right one with --network FILE)",
                   net_path, n, facts->results, (long long)facts->nodes);
  return AR_OK;
}
