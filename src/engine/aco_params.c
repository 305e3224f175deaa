/* SPDX-License-Identifier: BSD-3-Clause */
/* aco_params: defaults and validation of the engine parameters. */
#include "aco_params.h"

aco_algorithm_defaults aco_algorithm_default(aco_algorithm algorithm) {
  static const aco_algorithm_defaults mmas = {.beta = 2.0, .rho = 0.2, .q0 = 0.0};
  static const aco_algorithm_defaults acs = {.beta = 8.0, .rho = 0.1, .q0 = 0.9};
  return algorithm == ACO_ACS ? acs : mmas;
}

aco_params aco_params_default(void) {
  aco_params p = {
      .algorithm = ACO_MMAS,
      .colonies = 1,
      .ants = 16,
      .alpha = 1.0,
      .xi = 0.1,
      .p_best = 0.1,
      .p_gbest = 0.05,
      .restart_iterations = 0,
      .restart_descent = 0.0,
      .iterations = 0,
      .time_limit = 0.0,
      .cpu_limit = 0.0,
      .epoch_iterations = 100,
      .seed = 1,
      .migrate = 1,
      .fresh_merge = 1,
      .share_every = 0,
      .share_endpoints = 0,
      .has_target = 0,
  };
  const aco_algorithm_defaults d = aco_algorithm_default(ACO_MMAS);
  p.beta = d.beta;
  p.rho = d.rho;
  p.q0 = d.q0;
  p.target = aco_cost_worst();
  return p;
}

ar_status aco_params_check(const aco_params *p) {
  if (p->algorithm != ACO_MMAS && p->algorithm != ACO_ACS)
    return ar_fail(AR_ERR_USAGE, "unknown algorithm %d", (int)p->algorithm);
  if (p->colonies < 1) return ar_fail(AR_ERR_USAGE, "--colonies must be at least 1");
  if (p->ants < 1) return ar_fail(AR_ERR_USAGE, "--ants must be at least 1 (got %d)", p->ants);
  if (!(p->alpha >= 0.0)) return ar_fail(AR_ERR_USAGE, "--alpha must be >= 0");
  if (!(p->beta >= 0.0)) return ar_fail(AR_ERR_USAGE, "--beta must be >= 0");
  if (!(p->rho > 0.0 && p->rho < 1.0)) return ar_fail(AR_ERR_USAGE, "--rho must be in (0, 1)");
  if (!(p->q0 >= 0.0 && p->q0 <= 1.0)) return ar_fail(AR_ERR_USAGE, "--q0 must be in [0, 1]");
  if (!(p->xi > 0.0 && p->xi < 1.0)) return ar_fail(AR_ERR_USAGE, "--xi must be in (0, 1)");
  if (!(p->p_best > 0.0 && p->p_best < 1.0))
    return ar_fail(AR_ERR_USAGE, "--p-best must be in (0, 1)");
  if (!(p->p_gbest >= 0.0 && p->p_gbest <= 1.0))
    return ar_fail(AR_ERR_USAGE, "--p-gbest must be in [0, 1]");
  if (p->restart_iterations < 0) return ar_fail(AR_ERR_USAGE, "--restart must be >= 0");
  if (!(p->restart_descent >= 0.0)) return ar_fail(AR_ERR_USAGE, "--restart-descent must be >= 0");
  if (p->iterations < 0) return ar_fail(AR_ERR_USAGE, "--iterations must be >= 0");
  if (!(p->time_limit >= 0.0)) return ar_fail(AR_ERR_USAGE, "--time must be >= 0");
  if (!(p->cpu_limit >= 0.0)) return ar_fail(AR_ERR_USAGE, "--cpu-time must be >= 0");
  if (p->iterations == 0 && p->time_limit == 0.0 && p->cpu_limit == 0.0)
    return ar_fail(AR_ERR_USAGE, "give a stopping rule: --iterations N or --time SECONDS");
  if (p->epoch_iterations < 1) return ar_fail(AR_ERR_USAGE, "--epoch-iterations must be >= 1");
  if (p->share_every < 0) return ar_fail(AR_ERR_USAGE, "--share-every must be >= 0");
  return AR_OK;
}

const char *aco_algorithm_name(aco_algorithm a) { return a == ACO_ACS ? "acs" : "mmas"; }
