/* SPDX-License-Identifier: BSD-3-Clause */
/* wing_tour_bound: the lower bound of a tour solve (see wing_tour_bound.h). */
#include "wing_tour_bound.h"

#include <math.h>
#include <mpi.h>
#include <stdio.h>

#include "ar_agree.h"
#include "bound_progress.h"
#include "ckpt_keep.h"
#include "h5u.h"
#include "tour_bound.h"
#include "wing_gap.h"

/* The name of the lower bound among the values kept in a checkpoint folder (ckpt_keep.h). */
static const char kept_name[] = "lower-bound";

/* The bound as kept text, and back (0 when the text does not hold one). */
static void bound_text(const tour_lower_bound *b, char *text, size_t cap) {
  snprintf(text, cap,
           "value = %lld\nmethod = %s\nascent_steps = %lld\nexact_checks = %lld\n"
           "sparse_edges = %lld\nseconds = %.17g\n",
           (long long)b->value, b->method, (long long)b->ascent_steps, (long long)b->exact_checks,
           (long long)b->sparse_edges, b->seconds);
}

static int bound_parse(const char *text, tour_lower_bound *b) {
  long long value, steps, checks, edges;
  tour_lower_bound got = {0};
  if (sscanf(text,
             "value = %lld method = %31s ascent_steps = %lld exact_checks = %lld sparse_edges "
             "= %lld seconds = %lf",
             &value, got.method, &steps, &checks, &edges, &got.seconds) != 6 ||
      value < 0)
    return 0;
  got.computed = 1;
  got.value = value;
  got.ascent_steps = steps;
  got.exact_checks = checks;
  got.sparse_edges = edges;
  *b = got;
  return 1;
}

/* A bound an earlier run of this input kept in the checkpoint folder (*found). Collective. */
static ar_status bound_from_folder(const solve_run *run, tour_net *net, int *found) {
  *found = 0;
  char text[CKPT_KEEP_TEXT_MAX];
  int kept = 0;
  ar_status st = ckpt_keep_read(run->keep_dir, kept_name, run->input_checksum, text, sizeof text,
                                &kept, run->rank == 0 ? stderr : NULL, run->comm);
  if (st != AR_OK || !kept || !bound_parse(text, &net->lower)) return st;
  *found = 1;
  if (run->rank == 0 && !run->quiet) {
    char path[H5U_PATH_MAX];
    ckpt_keep_path(path, sizeof path, run->keep_dir, kept_name, run->input_checksum);
    printf("%s: lower bound %lld (%s, %lld ascent steps), kept in %s by an earlier run of this "
           "input: not computed again\n",
           net->name, (long long)net->lower.value, net->lower.method,
           (long long)net->lower.ascent_steps, path);
    fflush(stdout);
  }
  return AR_OK;
}

/* Every rank computes it on its own threads: the same wall time as one rank alone, no rank waiting
 * in a broadcast, and the result is the same everywhere (checked). A stop signal interrupts it
 * (AR_ERR_STOPPED). */
static ar_status bound_compute(const solve_run *run, tour_net *net) {
  tour_bound_options opt = tour_bound_options_default();
  bound_progress bp; /* rank 0's lines (its options never change the bound) */
  bound_progress_begin(&bp, net, param_real(run->ps, "progress"), run->quiet || run->rank != 0,
                       &opt);
  ar_status st = tour_bound_compute(net, &opt, &net->lower);
  bound_progress_end(&bp);
  st = ar_agree(run->comm, st);
  int64_t mine[2] = {net->lower.value, -net->lower.value}, all[2];
  if (st == AR_OK)
    st = ar_mpi_check(MPI_Allreduce(mine, all, 2, MPI_INT64_T, MPI_MAX, run->comm),
                      "MPI_Allreduce of the lower bound");
  if (st == AR_OK && all[0] != -all[1])
    st = ar_fail(AR_ERR_INTERNAL, "ranks computed different lower bounds (%lld .. %lld)",
                 (long long)-all[1], (long long)all[0]);
  return ar_agree(run->comm, st);
}

ar_status wing_tour_bound_ensure(const solve_run *run, tour_net *net, int *computed_now) {
  *computed_now = 0;
  if (net->lower.computed) return AR_OK;
  if (param_flag(run->ps, "no-bound")) {
    if (param_is_set(run->ps, "gap"))
      return ar_fail(AR_ERR_USAGE, "--gap needs a lower bound, and --no-bound leaves it out");
    return AR_OK;
  }
  if (run->skip_optional) return AR_OK; /* it does not fit in --time (the plan said so) */
  int found = 0;
  ar_status st = run->keep_dir ? bound_from_folder(run, net, &found) : AR_OK;
  if (st != AR_OK || found) {
    *computed_now = found;
    return st;
  }
  st = bound_compute(run, net);
  if (st != AR_OK) return st;
  *computed_now = 1;
  char kept[H5U_PATH_MAX + 64] = "";
  if (run->keep_dir) {
    /* Kept for a restart of this run (a failure costs that restart the computation only). */
    char text[CKPT_KEEP_TEXT_MAX], path[H5U_PATH_MAX];
    bound_text(&net->lower, text, sizeof text);
    if (ckpt_keep_write(run->keep_dir, kept_name, run->input_checksum, text, run->comm) == AR_OK &&
        ckpt_keep_path(path, sizeof path, run->keep_dir, kept_name, run->input_checksum) == AR_OK)
      snprintf(kept, sizeof kept, "; kept in %s for restarts", path);
    else if (run->rank == 0)
      fprintf(stderr, "antroute solve: warning: %s (a restart computes the bound again)\n",
              ar_error_message());
    ar_error_clear();
  }
  if (run->rank == 0 && !run->quiet) {
    printf("%s: lower bound %lld (%s, %lld ascent steps, %.1f s; the network file has none: "
           "`antroute import` stores it%s)\n",
           net->name, (long long)net->lower.value, net->lower.method,
           (long long)net->lower.ascent_steps, net->lower.seconds, kept);
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
  char text[96];
  wing_gap_text(text, sizeof text, best, (double)net->lower.value, 2);
  snprintf(buf, cap, "%s%s", net->lower.computed ? "  " : "", net->lower.computed ? text : "");
}
