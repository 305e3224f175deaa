/* wing_tour_bound: the lower bound of a tour solve (see wing_tour_bound.h). */
#include "wing_tour_bound.h"

#include <math.h>
#include <mpi.h>
#include <stdio.h>

#include "ar_agree.h"
#include "tour_bound.h"
#include "wing_gap.h"

ar_status wing_tour_bound_ensure(const solve_run *run, tour_net *net, int *computed_now) {
  *computed_now = 0;
  if (net->lower.computed) return AR_OK;
  if (param_flag(run->ps, "no-bound")) {
    if (param_is_set(run->ps, "gap"))
      return ar_fail(AR_ERR_USAGE, "--gap needs a lower bound, and --no-bound leaves it out");
    return AR_OK;
  }
  /* Every rank computes it on its own threads: the same wall time as one rank alone, no rank
   * waiting in a broadcast, and the result is the same everywhere (checked). */
  tour_bound_options opt = tour_bound_options_default();
  ar_status st = ar_agree(run->comm, tour_bound_compute(net, &opt, &net->lower));
  int64_t mine[2] = {net->lower.value, -net->lower.value}, all[2];
  if (st == AR_OK)
    st = ar_mpi_check(MPI_Allreduce(mine, all, 2, MPI_INT64_T, MPI_MAX, run->comm),
                      "MPI_Allreduce of the lower bound");
  if (st == AR_OK && all[0] != -all[1])
    st = ar_fail(AR_ERR_INTERNAL, "ranks computed different lower bounds (%lld .. %lld)",
                 (long long)-all[1], (long long)all[0]);
  st = ar_agree(run->comm, st);
  if (st != AR_OK) return st;
  *computed_now = 1;
  if (run->rank == 0 && !run->quiet) {
    printf("%s: lower bound %lld (%s, %lld ascent steps, %.1f s; the network file has none: "
           "`antroute import` stores it)\n",
           net->name, (long long)net->lower.value, net->lower.method,
           (long long)net->lower.ascent_steps, net->lower.seconds);
    fflush(stdout);
  }
  return AR_OK;
}

void wing_tour_bound_target(const solve_run *run, const tour_net *net, aco_params *par) {
  if (!param_is_set(run->ps, "gap") || !net->lower.computed) return;
  par->has_target = 1;
  par->target = aco_cost_worst();
  par->target.key[0] = floor(wing_gap_target((double)net->lower.value, param_real(run->ps, "gap")));
}

void wing_tour_bound_gap_text(const tour_net *net, double best, char *buf, size_t cap) {
  double gap = net->lower.computed ? wing_gap_percent(best, (double)net->lower.value) : NAN;
  if (isnan(gap))
    snprintf(buf, cap, "%s", "");
  else
    snprintf(buf, cap, "  gap to bound %.2f %%", gap);
}
