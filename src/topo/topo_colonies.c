/* SPDX-License-Identifier: BSD-3-Clause */
/* topo_colonies: judging and recommending colony counts for a layout (see topo_colonies.h). */
#include "topo_colonies.h"

long long topo_colonies_recommend(long long ranks, int threads) {
  return ranks * (threads > 1 ? 2 : 1);
}

double topo_colonies_idle_share(long long ranks, long long colonies) {
  if (ranks < 1 || colonies < ranks) return 0.0;
  const long long largest = (colonies + ranks - 1) / ranks;
  return 1.0 - ((double)colonies / (double)ranks) / (double)largest;
}

void topo_colonies_judge(long long ranks, int threads, long long colonies, topo_findings *out) {
  const long long good = topo_colonies_recommend(ranks, threads);
  if (colonies < ranks) {
    topo_findings_add(out, TOPO_FINDING_COLONIES_FEW, TOPO_ERROR,
                      "%lld colon%s for %lld ranks: every rank needs at least one colony (solve "
                      "refuses this); use --colonies %lld, or at most %lld ranks",
                      colonies, colonies == 1 ? "y" : "ies", ranks, good, colonies);
    return;
  }
  const long long small = colonies / ranks;
  if (colonies % ranks != 0) {
    const long long big_ranks = colonies % ranks;
    topo_findings_add(out, TOPO_FINDING_COLONIES_UNEVEN, TOPO_WARNING,
                      "%lld colonies over %lld ranks: %lld rank%s own%s %lld colonies and the "
                      "other %lld own %lld, so at every epoch end the smaller blocks wait for the "
                      "bigger ones and %.0f %% of the ranks' compute time idles; use a multiple of "
                      "%lld ranks: --colonies %lld or %lld",
                      colonies, ranks, big_ranks, big_ranks == 1 ? "" : "s",
                      big_ranks == 1 ? "s" : "", small + 1, ranks - big_ranks, small,
                      100.0 * topo_colonies_idle_share(ranks, colonies), ranks, small * ranks,
                      (small + 1) * ranks);
  } else if (small == 1 && threads > 1) {
    topo_findings_add(out, TOPO_FINDING_COLONY_PER_RANK, TOPO_NOTE,
                      "one colony per rank: the %d threads of a rank share its ants, and each "
                      "iteration ends with them waiting for its last ant (on a busy node, for a "
                      "thread that lost its core); with two colonies per rank (--colonies %lld) "
                      "they go on with the other colony's ants",
                      threads, 2 * ranks);
  }
}
