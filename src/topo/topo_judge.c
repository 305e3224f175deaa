/* SPDX-License-Identifier: BSD-3-Clause */
/* topo_judge: MPI Advisor-style findings on a proposed layout. */
#include "topo_judge.h"

#include <stdarg.h>
#include <string.h>

#include "topo_recommend.h"

const char *topo_severity_name(topo_severity severity) {
  switch (severity) {
  case TOPO_ERROR: return "error";
  case TOPO_WARNING: return "warning";
  default: return "note";
  }
}

void topo_findings_add(topo_findings *f, topo_finding_kind kind, topo_severity severity,
                       const char *fmt, ...) {
  if (f->count >= TOPO_MAX_FINDINGS) return;
  topo_finding *item = &f->items[f->count++];
  item->kind = kind;
  item->severity = severity;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(item->text, sizeof item->text, fmt, ap);
  va_end(ap);
}

int topo_findings_worst(const topo_findings *f) {
  int worst = -1;
  for (int i = 0; i < f->count; i++)
    if ((int)f->items[i].severity > worst) worst = (int)f->items[i].severity;
  return worst;
}

const topo_finding *topo_findings_find(const topo_findings *f, topo_finding_kind kind) {
  for (int i = 0; i < f->count; i++)
    if (f->items[i].kind == kind) return &f->items[i];
  return NULL;
}

void topo_findings_print(const topo_findings *f, FILE *out) {
  for (int sev = TOPO_ERROR; sev >= TOPO_NOTE; sev--)
    for (int i = 0; i < f->count; i++)
      if ((int)f->items[i].severity == sev)
        fprintf(out, "  %s: %s\n", topo_severity_name(f->items[i].severity), f->items[i].text);
}

static const char *plural(long long n) { return n == 1 ? "" : "s"; }

/* The largest multiple of m not above n (n itself when below m). */
static int round_down(int n, int m) { return n >= m ? n - n % m : n; }

/* Ranks and packages: arithmetic findings that need no plan. */
static void judge_counts(const topo_shape *s, const topo_layout *lay, const topo_candidate *best,
                         topo_findings *f) {
  const int ranks = lay->ranks_per_node, threads = lay->threads_per_rank;
  const int cpus = topo_layout_cpus(lay);
  const long long needed = (long long)ranks * cpus;
  if (threads > cpus)
    topo_findings_add(
        f, TOPO_FINDING_THREADS_EXCEED, TOPO_ERROR,
        "each rank runs %d OpenMP threads on the %d hardware thread%s it is given, so its "
        "threads time-share; give each rank %d CPUs (srun -c %d, Open MPI --map-by ...:PE=%d) or "
        "set OMP_NUM_THREADS=%d.",
        threads, cpus, plural(cpus), threads, threads, threads, cpus);
  if (needed > s->pus) {
    int more_threads = s->pus / ranks;
    int fewer_ranks = round_down(s->pus / cpus, s->packages);
    char alt[96] = "";
    if (more_threads >= 1 && fewer_ranks >= 1)
      snprintf(alt, sizeof alt, "%dx%d or %dx%d", ranks, more_threads, fewer_ranks, cpus);
    else if (fewer_ranks >= 1)
      snprintf(alt, sizeof alt, "%dx%d", fewer_ranks, cpus);
    else
      snprintf(alt, sizeof alt, "%dx%d", best->layout.ranks_per_node,
               best->layout.threads_per_rank);
    topo_findings_add(
        f, TOPO_FINDING_OVERSUBSCRIBED, TOPO_ERROR,
        "%d ranks x %d threads need %lld hardware threads per node, but the node has %d: %lld "
        "threads would time-share a hardware thread; use at most %d, e.g. %s.",
        ranks, cpus, needed, s->pus, needed - s->pus, s->pus, alt);
    if (threads <= cpus) {
      if (more_threads < 1)
        topo_findings_add(
            f, TOPO_FINDING_THREADS_EXCEED, TOPO_ERROR,
            "there are more ranks (%d) than hardware threads (%d), so ranks themselves "
            "time-share; run at most %d ranks per node.",
            ranks, s->pus, s->pus);
      else
        topo_findings_add(
            f, TOPO_FINDING_THREADS_EXCEED, TOPO_ERROR,
            "a rank can be given at most %d hardware thread%s (%d / %d ranks) but runs %d "
            "threads; set OMP_NUM_THREADS=%d, or run %d rank%s.",
            more_threads, plural(more_threads), s->pus, ranks, threads, more_threads, fewer_ranks,
            plural(fewer_ranks));
    }
    /* Without a plan, package fit by arithmetic. */
    const int per_package = s->cores_per_package * s->pus_per_core;
    const int ceil_ranks = (ranks + s->packages - 1) / s->packages;
    if (s->packages > 1 && (long long)ceil_ranks * cpus > per_package)
      topo_findings_add(
          f, TOPO_FINDING_SPANS_PACKAGES, TOPO_WARNING,
          "%d ranks per package x %d threads would need %lld hardware threads per package, but "
          "a package has %d, so ranks would span packages; keep ranks per package x threads "
          "within %d (e.g. %dx%d).",
          ceil_ranks, cpus, (long long)ceil_ranks * cpus, per_package, per_package,
          best->layout.ranks_per_node, best->layout.threads_per_rank);
    if (ranks % s->packages != 0)
      topo_findings_add(
          f, TOPO_FINDING_UNBALANCED, TOPO_WARNING,
          "%d ranks do not divide evenly over %d packages; run a multiple of %d ranks per "
          "node.",
          ranks, s->packages, s->packages);
  }
}

static void judge_balance(const topo_plan *plan, topo_findings *f) {
  const topo_shape *s = &plan->shape;
  const int ranks = plan->layout.ranks_per_node, cpus = topo_layout_cpus(&plan->layout);
  int lo = 0, hi = 0;
  for (int p = 1; p < s->packages; p++) {
    if (plan->package_pus[p] < plan->package_pus[lo]) lo = p;
    if (plan->package_pus[p] > plan->package_pus[hi]) hi = p;
  }
  if (plan->package_pus[lo] == plan->package_pus[hi]) return;
  char alt[96];
  int down = round_down(ranks, s->packages), up = down + s->packages;
  if ((long long)up * cpus <= s->pus && down >= s->packages && down != ranks)
    snprintf(alt, sizeof alt, "%dx%d or %dx%d", down, plan->layout.threads_per_rank, up,
             plan->layout.threads_per_rank);
  else if ((long long)up * cpus <= s->pus)
    snprintf(alt, sizeof alt, "%dx%d", up, plan->layout.threads_per_rank);
  else
    snprintf(alt, sizeof alt, "%dx%d", down, plan->layout.threads_per_rank);
  if (plan->by_package)
    topo_findings_add(
        f, TOPO_FINDING_UNBALANCED, TOPO_WARNING,
        "%d ranks do not divide evenly over %d packages: package %d runs %d rank%s and package "
        "%d runs %d, so one package idles while the other works; run a multiple of %d ranks per "
        "node, e.g. %s.",
        ranks, s->packages, hi, plan->package_ranks[hi], plural(plan->package_ranks[hi]), lo,
        plan->package_ranks[lo], s->packages, alt);
  else
    topo_findings_add(
        f, TOPO_FINDING_UNBALANCED, TOPO_WARNING,
        "the packages are not equally loaded (package %d: %d hardware threads in use, package "
        "%d: %d); run a multiple of %d ranks per node with threads per rank dividing %d.",
        hi, plan->package_pus[hi], lo, plan->package_pus[lo], s->packages,
        s->cores_per_package * s->pus_per_core);
}

static void judge_spans(hwloc_topology_t topo, const topo_plan *plan, const topo_candidate *best,
                        topo_findings *f) {
  const topo_shape *s = &plan->shape;
  const int ranks = plan->layout.ranks_per_node;
  int spanning = 0, first = -1;
  for (int r = 0; r < ranks; r++)
    if (plan->ranks[r].npackages > 1) {
      if (first < 0) first = r;
      spanning++;
    }
  if (spanning > 0) {
    const topo_rank_plan *rp = &plan->ranks[first];
    char pus[128];
    topo_bitmap_text(rp->cpuset, pus, sizeof pus);
    char packages[64];
    hwloc_bitmap_t idx = hwloc_bitmap_alloc();
    snprintf(packages, sizeof packages, "%d+", rp->package);
    if (idx) {
      for (int q = 0; q < s->packages; q++)
        if (hwloc_bitmap_intersects(topo_package(topo, q)->cpuset, rp->cpuset))
          hwloc_bitmap_set(idx, (unsigned)q);
      topo_bitmap_text(idx, packages, sizeof packages);
      hwloc_bitmap_free(idx);
    }
    topo_findings_add(
        f, TOPO_FINDING_SPANS_PACKAGES, TOPO_WARNING,
        "%d of %d rank%s span%s two or more packages (rank %d: packages %s, PUs %s): their "
        "threads share no cache and reach memory across the socket link; make every rank fit in "
        "a package of %d hardware threads (threads per rank dividing %d, ranks a multiple of "
        "%d), e.g. %dx%d.",
        spanning, ranks, plural(ranks), spanning == 1 ? "s" : "", first, packages, pus,
        s->cores_per_package * s->pus_per_core, s->cores_per_package * s->pus_per_core, s->packages,
        best->layout.ranks_per_node, best->layout.threads_per_rank);
  }
  if (s->numa_nodes <= s->packages) return;
  /* Sub-NUMA clustering: a rank inside one package may still span its NUMA nodes. */
  int numa_total = hwloc_get_nbobjs_by_type(topo, HWLOC_OBJ_NUMANODE);
  for (int r = 0; r < ranks; r++) {
    const topo_rank_plan *rp = &plan->ranks[r];
    if (rp->npackages > 1) continue;
    int touched = 0;
    for (int n = 0; n < numa_total; n++) {
      hwloc_obj_t numa = hwloc_get_obj_by_type(topo, HWLOC_OBJ_NUMANODE, (unsigned)n);
      if (numa && hwloc_bitmap_intersects(numa->cpuset, rp->cpuset)) touched++;
    }
    if (touched > 1) {
      topo_findings_add(
          f, TOPO_FINDING_SPANS_NUMA, TOPO_WARNING,
          "rank %d spans %d NUMA nodes of package %d: its threads reach remote memory; choose "
          "ranks per NUMA node x threads that fit in one NUMA node (%d per node).",
          r, touched, rp->package, s->pus / s->numa_nodes);
      return;
    }
  }
}

static void judge_use(const topo_plan *plan, topo_findings *f) {
  const topo_shape *s = &plan->shape;
  const int ranks = plan->layout.ranks_per_node, threads = plan->layout.threads_per_rank;
  const int cpus = topo_layout_cpus(&plan->layout);
  if (plan->cores_used < s->cores) {
    int more_threads = s->pus / ranks;
    int more_ranks = round_down(s->pus / threads, s->packages);
    char alt[128];
    if (more_threads > threads && more_ranks > ranks)
      snprintf(alt, sizeof alt, "add threads (%dx%d) or ranks (%dx%d)", ranks, more_threads,
               more_ranks, threads);
    else if (more_ranks > ranks)
      snprintf(alt, sizeof alt, "add ranks (%dx%d)", more_ranks, threads);
    else
      snprintf(alt, sizeof alt, "add threads (%dx%d)", ranks, more_threads);
    topo_findings_add(
        f, TOPO_FINDING_IDLE_CORES, TOPO_WARNING,
        "%d of %d cores run no thread (%d rank%s x %d thread%s place %d thread%s on %d "
        "core%s): %s to use them.",
        s->cores - plan->cores_used, s->cores, ranks, plural(ranks), threads, plural(threads),
        ranks * threads, plural(ranks * threads), plan->cores_used, plural(plan->cores_used), alt);
  }
  if (cpus > threads)
    topo_findings_add(
        f, TOPO_FINDING_IDLE_CPUS, TOPO_WARNING,
        "each rank is given %d CPUs but runs %d thread%s, so %d CPU%s per rank stay idle; set "
        "OMP_NUM_THREADS=%d, or give each rank %d CPUs (-c %d).",
        cpus, threads, plural(threads), cpus - threads, plural(cpus - threads), cpus, threads,
        threads);
  if (s->pus_per_core > 1 && !plan->smt && plan->cores_used == s->cores)
    topo_findings_add(
        f, TOPO_FINDING_SMT_UNUSED, TOPO_NOTE,
        "each core runs one thread (SMT unused, --threads-per-core=1, bound to cores): good for "
        "memory-bound runs; to keep all %d hardware threads busy run %dx%d or %dx%d.",
        s->pus, ranks, threads * s->pus_per_core, ranks * s->pus_per_core, threads);
  if (plan->smt && plan->bind == TOPO_BIND_PU) {
    int example = -1, example_core = -1;
    for (int r = 1; r < ranks && example < 0; r++) {
      const topo_rank_plan *rp = &plan->ranks[r];
      const topo_rank_plan *prev = &plan->ranks[r - 1];
      if (hwloc_bitmap_first(rp->cores) == hwloc_bitmap_last(prev->cores)) {
        example = r;
        example_core = hwloc_bitmap_first(rp->cores);
      }
    }
    char share[160] = "";
    if (example >= 0)
      snprintf(share, sizeof share, " (rank %d starts on core %d, where rank %d ends)", example,
               example_core, example - 1);
    if (cpus < s->pus_per_core)
      topo_findings_add(
          f, TOPO_FINDING_SHARED_CORES, TOPO_NOTE,
          "%d ranks share each core%s: bind to hardware threads (srun --cpu-bind=threads, "
          "OMP_PLACES=threads, Open MPI --use-hwthread-cpus --bind-to hwthread); binding to cores "
          "would give every rank of a core the whole core.",
          s->pus_per_core / cpus, share);
    else
      topo_findings_add(
          f, TOPO_FINDING_SHARED_CORES, TOPO_NOTE,
          "each rank has %d hardware threads = %.1f cores, so neighbouring ranks share a core%s: "
          "bind to hardware threads (srun --cpu-bind=threads, OMP_PLACES=threads, Open MPI "
          "--use-hwthread-cpus --bind-to hwthread); core binding cannot express %.1f cores and "
          "would give two ranks the same core.",
          cpus, (double)cpus / s->pus_per_core, share, (double)cpus / s->pus_per_core);
  } else if (plan->smt && s->pus_per_core > 1) {
    int owned = cpus / s->pus_per_core;
    topo_findings_add(
        f, TOPO_FINDING_WHOLE_CORES, TOPO_NOTE,
        "each rank owns %d whole core%s and runs its threads on every hardware thread of them: "
        "bind to cores (srun --cpu-bind=cores, OMP_PLACES=cores, Open MPI --bind-to core).",
        owned, plural(owned));
  }
}

ar_status topo_judge(hwloc_topology_t topo, const topo_layout *layout, int prefer_threads,
                     topo_findings *out) {
  memset(out, 0, sizeof *out);
  if (layout->nodes < 1 || layout->ranks_per_node < 1 || layout->threads_per_rank < 1 ||
      layout->cpus_per_rank < 0)
    return ar_fail(AR_ERR_USAGE, "cannot judge a layout with a count below 1");
  topo_shape shape;
  ar_status st = topo_shape_of(topo, "to judge", &shape);
  if (st != AR_OK) return st;
  topo_candidate best[TOPO_MAX_CANDIDATES];
  if (topo_recommend(&shape, layout->nodes, prefer_threads, best, TOPO_MAX_CANDIDATES) < 1)
    return ar_fail(AR_ERR_NOMEM, "out of memory recommending layouts");
  judge_counts(&shape, layout, &best[0], out);
  if ((long long)layout->ranks_per_node * topo_layout_cpus(layout) > shape.pus) return AR_OK;
  topo_plan plan;
  st = topo_plan_make(topo, layout, &plan);
  if (st != AR_OK) return st;
  judge_balance(&plan, out);
  judge_spans(topo, &plan, &best[0], out);
  judge_use(&plan, out);
  topo_plan_free(&plan);
  return AR_OK;
}
