/* SPDX-License-Identifier: BSD-3-Clause */
/* topo_*: placement plans (exact cpusets), judgements, recommendations and launch lines on the
 * Xeon E7-8890 v4 node (logical and Linux numbering), a 2-socket node without SMT and this
 * machine; thread placement inside a mask; layout parsing and topology load errors. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "test_util.h"
#include "topo_bind.h"
#include "topo_judge.h"
#include "topo_launch.h"
#include "topo_load.h"
#include "topo_plan.h"
#include "topo_recommend.h"
#include "topo_shape.h"

#define E7         "pack:4 [numa] l3:1 core:24 pu:2"
#define E7_LINUX   "pack:4 [numa] l3:1 core:24 pu:2(indexes=2*96:96*1)"
#define TWO_SOCKET "pack:2 core:16 pu:1"

static hwloc_topology_t load(const char *desc) {
  hwloc_topology_t topo = NULL;
  ar_status st = topo_load(TOPO_SOURCE_SYNTHETIC, desc, &topo);
  if (st != AR_OK) fprintf(stderr, "cannot load %s: %s\n", desc, ar_error_message());
  CHECK(st == AR_OK);
  return topo;
}

/* Is `set` exactly the hwloc list `expected` ("0-2,96")? Prints both when not. */
static int set_is(hwloc_const_bitmap_t set, const char *expected) {
  char text[512];
  topo_bitmap_text(set, text, sizeof text);
  if (strcmp(text, expected) == 0) return 1;
  fprintf(stderr, "  cpuset {%s}, expected {%s}\n", text, expected);
  return 0;
}

static topo_layout layout(int nodes, int ranks, int threads, int cpus) {
  topo_layout l = {nodes, ranks, threads, cpus};
  return l;
}

static int make(hwloc_topology_t topo, int nodes, int ranks, int threads, topo_plan *plan) {
  topo_layout l = layout(nodes, ranks, threads, 0);
  ar_status st = topo_plan_make(topo, &l, plan);
  if (st != AR_OK) fprintf(stderr, "plan %dx%d: %s\n", ranks, threads, ar_error_message());
  return st == AR_OK;
}

static void test_e7_logical(void) {
  hwloc_topology_t topo = load(E7);
  if (!topo) return;
  topo_shape s;
  CHECK(topo_shape_of(topo, E7, &s) == AR_OK);
  CHECK(s.packages == 4 && s.cores_per_package == 24 && s.pus_per_core == 2 && s.pus == 192);
  CHECK_EQ_INT(s.numa_nodes, 4);
  topo_plan p;

  /* 64x3: 1.5 cores per rank, hardware-thread binding, 16 ranks per package. */
  if (make(topo, 1, 64, 3, &p)) {
    CHECK(p.smt && p.threads_per_core == 2 && p.bind == TOPO_BIND_PU);
    CHECK(p.by_package && p.ranks_per_package == 16);
    CHECK(set_is(p.ranks[0].cpuset, "0-2"));
    CHECK(set_is(p.ranks[0].cores, "0-1"));
    CHECK(set_is(p.ranks[0].thread_cpusets[0], "0") && set_is(p.ranks[0].thread_cpusets[2], "2"));
    CHECK(set_is(p.ranks[1].cpuset, "3-5")); /* starts on core 1's second hardware thread */
    CHECK(set_is(p.ranks[1].cores, "1-2"));
    for (int r = 0; r < 64; r++) {
      CHECK_EQ_INT(p.ranks[r].package, r / 16);
      CHECK_EQ_INT(p.ranks[r].npackages, 1);
    }
    CHECK(set_is(p.ranks[15].cpuset, "45-47"));
    CHECK(set_is(p.ranks[16].cpuset, "48-50"));
    CHECK(set_is(p.ranks[63].cpuset, "189-191"));
    CHECK_EQ_INT(p.package_ranks[3], 16);
    CHECK_EQ_INT(p.pus_given, 192);
    CHECK_EQ_INT(p.cores_used, 96);
    topo_plan_free(&p);
  }
  /* 32x6: whole cores (3 per rank), core binding, two threads per core. */
  if (make(topo, 1, 32, 6, &p)) {
    CHECK(p.smt && p.bind == TOPO_BIND_CORE && p.ranks_per_package == 8);
    CHECK(set_is(p.ranks[0].cpuset, "0-5") && set_is(p.ranks[0].cores, "0-2"));
    CHECK(set_is(p.ranks[0].thread_cpusets[0], "0-1") &&
          set_is(p.ranks[0].thread_cpusets[1], "0-1") &&
          set_is(p.ranks[0].thread_cpusets[5], "4-5"));
    CHECK(set_is(p.ranks[8].cpuset, "48-53") && p.ranks[8].package == 1);
    topo_plan_free(&p);
  }
  /* 192x1: two ranks per core, hardware threads. */
  if (make(topo, 1, 192, 1, &p)) {
    CHECK(p.bind == TOPO_BIND_PU && p.ranks_per_package == 48);
    CHECK(set_is(p.ranks[0].cpuset, "0") && set_is(p.ranks[1].cpuset, "1"));
    CHECK(set_is(p.ranks[1].cores, "0"));
    CHECK(set_is(p.ranks[48].cpuset, "48") && p.ranks[48].package == 1);
    topo_plan_free(&p);
  }
  /* 96x2: one core per rank, both hardware threads. */
  if (make(topo, 1, 96, 2, &p)) {
    CHECK(p.smt && p.bind == TOPO_BIND_CORE && p.ranks_per_package == 24);
    CHECK(set_is(p.ranks[0].cpuset, "0-1") && set_is(p.ranks[0].cores, "0"));
    CHECK(set_is(p.ranks[0].thread_cpusets[1], "0-1"));
    CHECK(set_is(p.ranks[24].cpuset, "48-49") && p.ranks[24].package == 1);
    topo_plan_free(&p);
  }
  /* 2 nodes x 32x3: one thread per core, 3 whole cores per rank, same plan on each node. */
  if (make(topo, 2, 32, 3, &p)) {
    CHECK(!p.smt && p.threads_per_core == 1 && p.bind == TOPO_BIND_CORE);
    CHECK(set_is(p.ranks[0].cpuset, "0-5") && set_is(p.ranks[0].cores, "0-2"));
    CHECK(set_is(p.ranks[0].thread_cpusets[0], "0-1") &&
          set_is(p.ranks[0].thread_cpusets[2], "4-5"));
    CHECK(set_is(p.ranks[8].cpuset, "48-53") && p.ranks[8].package == 1);
    int node = -1, local = -1;
    const topo_rank_plan *r32 = topo_plan_rank(&p, 32, &node, &local);
    CHECK(r32 && node == 1 && local == 0 && set_is(r32->cpuset, "0-5"));
    const topo_rank_plan *r63 = topo_plan_rank(&p, 63, &node, &local);
    CHECK(r63 && node == 1 && local == 31 && r63->package == 3 && set_is(r63->cpuset, "186-191"));
    CHECK(topo_plan_rank(&p, 64, NULL, NULL) == NULL);
    CHECK_EQ_INT(p.cores_used, 96);
    topo_plan_free(&p);
  }
  /* Oversubscription is not a plan. */
  topo_layout over = layout(1, 64, 4, 0);
  CHECK(topo_plan_make(topo, &over, &p) == AR_ERR_USAGE);
  CHECK(strstr(ar_error_message(), "256") && strstr(ar_error_message(), "192"));
  topo_plan_free(&p);
  hwloc_topology_destroy(topo);
}

static void test_e7_linux_numbering(void) {
  hwloc_topology_t topo = load(E7_LINUX);
  if (!topo) return;
  topo_plan p;
  if (make(topo, 1, 64, 3, &p)) {
    /* Core 0 = PUs 0 and 96, core 1 = PUs 1 and 97, ... */
    CHECK(set_is(p.ranks[0].cpuset, "0-1,96"));
    CHECK(set_is(p.ranks[0].thread_cpusets[0], "0") && set_is(p.ranks[0].thread_cpusets[1], "96") &&
          set_is(p.ranks[0].thread_cpusets[2], "1"));
    CHECK(set_is(p.ranks[1].cpuset, "2,97-98"));
    CHECK(set_is(p.ranks[16].cpuset, "24-25,120") && p.ranks[16].package == 1);
    CHECK(set_is(p.ranks[63].cpuset, "95,190-191") && p.ranks[63].package == 3);
    topo_plan_free(&p);
  }
  if (make(topo, 1, 32, 6, &p)) {
    CHECK(set_is(p.ranks[0].cpuset, "0-2,96-98"));
    CHECK(set_is(p.ranks[0].thread_cpusets[0], "0,96"));
    topo_plan_free(&p);
  }
  hwloc_topology_destroy(topo);
}

static void test_two_socket(void) {
  hwloc_topology_t topo = load(TWO_SOCKET);
  if (!topo) return;
  topo_plan p;
  if (make(topo, 1, 16, 2, &p)) {
    CHECK(!p.smt && p.threads_per_core == 1 && p.bind == TOPO_BIND_CORE);
    CHECK(set_is(p.ranks[0].cpuset, "0-1") && set_is(p.ranks[8].cpuset, "16-17"));
    CHECK(set_is(p.ranks[0].thread_cpusets[1], "1"));
    topo_plan_free(&p);
  }
  if (make(topo, 1, 3, 1, &p)) { /* unbalanced: 2 ranks on package 0, 1 on package 1 */
    CHECK(p.by_package && p.package_ranks[0] == 2 && p.package_ranks[1] == 1);
    CHECK(set_is(p.ranks[2].cpuset, "16"));
    topo_plan_free(&p);
  }
  topo_candidate c[TOPO_MAX_CANDIDATES];
  topo_shape s;
  CHECK(topo_shape_of(topo, TWO_SOCKET, &s) == AR_OK);
  int n = topo_recommend(&s, 1, 0, c, TOPO_MAX_CANDIDATES);
  CHECK_EQ_INT(n, 5);
  CHECK(c[0].layout.ranks_per_node == 16 && c[0].layout.threads_per_rank == 2);
  CHECK(c[1].layout.ranks_per_node == 8 && c[1].layout.threads_per_rank == 4);
  CHECK(c[2].layout.ranks_per_node == 32 && c[2].layout.threads_per_rank == 1);
  hwloc_topology_destroy(topo);
}

static void test_this_machine(void) {
  hwloc_topology_t topo = NULL;
  CHECK(topo_load(TOPO_SOURCE_THIS_MACHINE, NULL, &topo) == AR_OK);
  if (!topo) return;
  topo_shape s;
  CHECK(topo_shape_of(topo, "this machine", &s) == AR_OK);
  if (s.packages == 1 && s.cores_per_package == 2 && s.pus_per_core == 1) {
    topo_plan p;
    if (make(topo, 1, 2, 1, &p)) {
      CHECK(!p.smt && p.bind == TOPO_BIND_CORE);
      CHECK(p.ranks[0].package == 0 && p.ranks[1].package == 0);
      CHECK(hwloc_bitmap_weight(p.ranks[0].cpuset) == 1 &&
            !hwloc_bitmap_intersects(p.ranks[0].cpuset, p.ranks[1].cpuset));
      topo_plan_free(&p);
    }
    topo_candidate c[TOPO_MAX_CANDIDATES];
    int n = topo_recommend(&s, 1, 0, c, TOPO_MAX_CANDIDATES);
    CHECK(n == 2 && c[0].layout.ranks_per_node == 1 && c[0].layout.threads_per_rank == 2 &&
          c[1].layout.ranks_per_node == 2);
    topo_findings f;
    topo_layout two_by_two = layout(1, 2, 2, 0);
    CHECK(topo_judge(topo, &two_by_two, 0, &f) == AR_OK);
    CHECK(topo_findings_find(&f, TOPO_FINDING_OVERSUBSCRIBED) != NULL);
    CHECK(topo_findings_find(&f, TOPO_FINDING_SPANS_PACKAGES) == NULL); /* one package */
  } else {
    printf("this machine is %d x %d x %d, not the 1 x 2 x 1 the exact checks expect: skipped\n",
           s.packages, s.cores_per_package, s.pus_per_core);
  }
  hwloc_topology_destroy(topo);
}

static topo_findings judge(hwloc_topology_t topo, int ranks, int threads, int cpus) {
  topo_findings f;
  topo_layout l = layout(1, ranks, threads, cpus);
  CHECK(topo_judge(topo, &l, 0, &f) == AR_OK);
  return f;
}

static int has(const topo_findings *f, topo_finding_kind kind, topo_severity sev,
               const char *phrase) {
  const topo_finding *item = topo_findings_find(f, kind);
  if (item && item->severity == sev && (!phrase || strstr(item->text, phrase))) return 1;
  fprintf(stderr, "  missing finding %d (severity %d, '%s'); got:\n", (int)kind, (int)sev,
          phrase ? phrase : "");
  topo_findings_print(f, stderr);
  return 0;
}

static void test_judge(void) {
  hwloc_topology_t e7 = load(E7), two = load(TWO_SOCKET), snc = load("pack:2 numa:2 core:4 pu:1");
  if (!e7 || !two || !snc) return;
  topo_findings f = judge(e7, 64, 3, 0);
  CHECK(topo_findings_worst(&f) == TOPO_NOTE);
  CHECK(has(&f, TOPO_FINDING_SHARED_CORES, TOPO_NOTE, "--cpu-bind=threads"));
  f = judge(e7, 64, 4, 0); /* 256 threads on 192 hardware threads */
  CHECK(has(&f, TOPO_FINDING_OVERSUBSCRIBED, TOPO_ERROR, "256"));
  CHECK(has(&f, TOPO_FINDING_THREADS_EXCEED, TOPO_ERROR, "at most 3 hardware threads"));
  CHECK(has(&f, TOPO_FINDING_OVERSUBSCRIBED, TOPO_ERROR, "64x3"));
  f = judge(e7, 48, 5, 0); /* 12 ranks x 5 = 60 > 48 per package */
  CHECK(has(&f, TOPO_FINDING_OVERSUBSCRIBED, TOPO_ERROR, "240"));
  CHECK(has(&f, TOPO_FINDING_SPANS_PACKAGES, TOPO_WARNING, "span packages"));
  f = judge(e7, 6, 32, 0); /* fits the node, but ranks 1 and 4 straddle packages */
  CHECK(topo_findings_worst(&f) == TOPO_WARNING);
  CHECK(has(&f, TOPO_FINDING_SPANS_PACKAGES, TOPO_WARNING, "rank 1: packages 0-1"));
  f = judge(e7, 64, 3, 1); /* the launcher gives each rank 1 CPU: MPI Advisor's classic */
  CHECK(has(&f, TOPO_FINDING_THREADS_EXCEED, TOPO_ERROR, "3 OpenMP threads on the 1"));
  f = judge(e7, 64, 1, 0);
  CHECK(has(&f, TOPO_FINDING_IDLE_CORES, TOPO_WARNING, "32 of 96 cores"));
  CHECK(has(&f, TOPO_FINDING_IDLE_CORES, TOPO_WARNING, "64x3"));
  f = judge(e7, 32, 3, 0);
  CHECK(has(&f, TOPO_FINDING_SMT_UNUSED, TOPO_NOTE, "32x6"));
  CHECK(topo_findings_worst(&f) == TOPO_NOTE);
  f = judge(e7, 32, 6, 0);
  CHECK(has(&f, TOPO_FINDING_WHOLE_CORES, TOPO_NOTE, "--cpu-bind=cores"));
  f = judge(e7, 64, 2, 3);
  CHECK(has(&f, TOPO_FINDING_IDLE_CPUS, TOPO_WARNING, "1 CPU per rank"));
  f = judge(e7, 200, 1, 0);
  CHECK(has(&f, TOPO_FINDING_THREADS_EXCEED, TOPO_ERROR, "more ranks (200)"));
  f = judge(two, 3, 1, 0); /* 3 ranks on 2 packages */
  CHECK(has(&f, TOPO_FINDING_UNBALANCED, TOPO_WARNING, "package 0 runs 2 ranks"));
  CHECK(has(&f, TOPO_FINDING_UNBALANCED, TOPO_WARNING, "2x1 or 4x1"));
  f = judge(two, 32, 1, 0);
  CHECK(f.count == 0);
  f = judge(snc, 2, 8, 0); /* a rank per package spans both NUMA nodes of its package */
  CHECK(has(&f, TOPO_FINDING_SPANS_NUMA, TOPO_WARNING, "2 NUMA nodes"));
  hwloc_topology_destroy(e7);
  hwloc_topology_destroy(two);
  hwloc_topology_destroy(snc);
}

static void test_recommend_e7(void) {
  topo_shape s = {4, 24, 2, 4, 96, 192};
  topo_candidate c[TOPO_MAX_CANDIDATES];
  int n = topo_recommend(&s, 1, 0, c, 6);
  CHECK_EQ_INT(n, 6);
  const int want[6][2] = {{64, 3}, {96, 2}, {48, 4}, {192, 1}, {32, 6}, {32, 3}};
  for (int i = 0; i < n && i < 6; i++) {
    CHECK_EQ_INT(c[i].layout.ranks_per_node, want[i][0]);
    CHECK_EQ_INT(c[i].layout.threads_per_rank, want[i][1]);
  }
  CHECK(strstr(c[0].reason, "measured best") != NULL);
  CHECK(c[0].all_pus_busy && !c[5].all_pus_busy);
  CHECK(strstr(c[5].reason, "SMT unused") != NULL);
  n = topo_recommend(&s, 1, 6, c, 2); /* prefer 6 threads */
  CHECK(n == 2 && c[0].layout.threads_per_rank == 6);
}

/* Runs a printer into a string. */
static char *capture(void (*print)(const topo_plan *, const char *, FILE *), const topo_plan *p,
                     const char *arg) {
  char *text = NULL;
  size_t len = 0;
  FILE *mem = open_memstream(&text, &len);
  if (!mem) return NULL;
  print(p, arg, mem);
  fclose(mem);
  return text;
}

static void check_mpirun_options(hwloc_topology_t topo, int ranks, int threads,
                                 const char *expected) {
  topo_plan p;
  if (!make(topo, 1, ranks, threads, &p)) return;
  char buf[256];
  topo_launch_mpirun_options(&p, buf, sizeof buf);
  if (strcmp(buf, expected) != 0) fprintf(stderr, "  %dx%d: '%s'\n", ranks, threads, buf);
  CHECK(strcmp(buf, expected) == 0);
  topo_plan_free(&p);
}

static void test_launch(void) {
  hwloc_topology_t topo = load(E7);
  if (!topo) return;
  topo_plan p;
  if (make(topo, 1, 64, 3, &p)) {
    char *sbatch = capture(topo_launch_print_sbatch, &p, "synthetic E7");
    CHECK(sbatch && strstr(sbatch, "#SBATCH --nodes=1\n#SBATCH --ntasks=64\n"
                                   "#SBATCH --ntasks-per-node=64\n#SBATCH --ntasks-per-socket=16\n"
                                   "#SBATCH --cpus-per-task=3\n#SBATCH --threads-per-core=2\n"));
    /* Only comments and #SBATCH lines: safe at the top of a script. */
    for (char *line = sbatch; line && *line; line = strchr(line, '\n') + 1) {
      CHECK(line[0] == '#');
      if (!strchr(line, '\n')) break;
    }
    CHECK(sbatch && !strstr(sbatch, "#SBATCH --hint"));
    free(sbatch);
    char *srun = capture(topo_launch_print_srun, &p, "antroute solve in.h5 -o out.h5");
    CHECK(srun && strcmp(srun, "srun -c $SLURM_CPUS_PER_TASK --distribution=block:block "
                               "--cpu-bind=threads antroute solve in.h5 -o out.h5\n") == 0);
    free(srun);
    char *mpirun = capture(topo_launch_print_mpirun, &p, "antroute solve in.h5");
    CHECK(mpirun && strstr(mpirun, "OMP_NUM_THREADS=3 OMP_PLACES=threads OMP_PROC_BIND=close "
                                   "mpirun -np 64 --map-by ppr:16:socket:PE=3 "
                                   "--use-hwthread-cpus --bind-to hwthread"));
    free(mpirun);
    CHECK(strcmp(topo_launch_omp_places(&p), "threads") == 0);
    topo_plan_free(&p);
  }
  if (make(topo, 2, 32, 3, &p)) {
    char *sbatch = capture(topo_launch_print_sbatch, &p, "E7");
    CHECK(sbatch && strstr(sbatch, "#SBATCH --nodes=2\n#SBATCH --ntasks=64\n") &&
          strstr(sbatch, "#SBATCH --threads-per-core=1\n") &&
          strstr(sbatch, "#SBATCH --ntasks-per-socket=8\n"));
    free(sbatch);
    char *srun = capture(topo_launch_print_srun, &p, "x");
    CHECK(srun && strstr(srun, "--cpu-bind=cores x"));
    free(srun);
    CHECK(strcmp(topo_launch_omp_places(&p), "cores") == 0);
    topo_plan_free(&p);
  }
  check_mpirun_options(topo, 32, 6, "--map-by ppr:8:socket:PE=3 --bind-to core");
  check_mpirun_options(topo, 96, 2, "--map-by ppr:24:socket:PE=1 --bind-to core");
  check_mpirun_options(topo, 192, 1,
                       "--map-by ppr:48:socket:PE=1 --use-hwthread-cpus --bind-to hwthread");
  check_mpirun_options(topo, 32, 3, "--map-by ppr:8:socket:PE=3 --bind-to core");
  check_mpirun_options(topo, 6, 32, "--map-by ppr:6:node:PE=16 --bind-to core");
  hwloc_topology_destroy(topo);
}

static void test_bind_plan(void) {
  hwloc_topology_t topo = load(E7);
  if (!topo) return;
  hwloc_bitmap_t mask = hwloc_bitmap_alloc();
  hwloc_bitmap_t sets[8];
  topo_bind_unit used;
  int shared = -1;
  hwloc_bitmap_set_range(mask, 0, 5); /* cores 0-2, both hardware threads */
  CHECK(topo_bind_plan(topo, mask, 3, TOPO_BIND_AUTO, sets, &used, &shared) == AR_OK);
  CHECK(used == TOPO_BIND_CORE && shared == 0);
  CHECK(set_is(sets[0], "0-1") && set_is(sets[1], "2-3") && set_is(sets[2], "4-5"));
  topo_bitmaps_free(sets, 3);
  /* 4 threads on 3 cores: one PU per core first, then a second PU of core 0. */
  CHECK(topo_bind_plan(topo, mask, 4, TOPO_BIND_AUTO, sets, &used, &shared) == AR_OK);
  CHECK(used == TOPO_BIND_PU && shared == 0);
  CHECK(set_is(sets[0], "0") && set_is(sets[1], "1") && set_is(sets[2], "2") &&
        set_is(sets[3], "4"));
  topo_bitmaps_free(sets, 4);
  CHECK(topo_bind_plan(topo, mask, 8, TOPO_BIND_PU, sets, &used, &shared) == AR_OK);
  CHECK(shared == 1 && set_is(sets[7], "5"));
  topo_bitmaps_free(sets, 8);
  hwloc_bitmap_only(mask, 100000); /* no such PU */
  CHECK(topo_bind_plan(topo, mask, 1, TOPO_BIND_AUTO, sets, NULL, NULL) == AR_ERR_USAGE);
  /* Binding on a synthetic topology does nothing and succeeds (hwloc). */
  hwloc_bitmap_only(mask, 5);
  CHECK(hwloc_set_cpubind(topo, mask, HWLOC_CPUBIND_THREAD) == 0);
  hwloc_bitmap_free(mask);
  hwloc_topology_destroy(topo);
}

static void test_parse_and_load(void) {
  topo_layout l = {1, 0, 0, 0};
  CHECK(topo_layout_parse("64x3", &l) == AR_OK && l.ranks_per_node == 64 &&
        l.threads_per_rank == 3);
  CHECK(topo_layout_parse("2X16", &l) == AR_OK && l.ranks_per_node == 2);
  const char *bad[] = {"", "64", "64x", "x3", "0x3", "64x0", "64x3x2", "-1x3", "64x 3", "axb"};
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    CHECK(topo_layout_parse(bad[i], &l) == AR_ERR_USAGE);
    CHECK(strstr(ar_error_message(), "--layout") != NULL);
  }
  hwloc_topology_t topo = NULL;
  CHECK(topo_load(TOPO_SOURCE_SYNTHETIC, "pack:4 widget:3", &topo) == AR_ERR_USAGE);
  CHECK(topo == NULL && strstr(ar_error_message(), "'pack:4 widget:3'"));
  CHECK(topo_load(TOPO_SOURCE_XML, "/nonexistent/e7.xml", &topo) == AR_ERR_IO);
  CHECK(strstr(ar_error_message(), "/nonexistent/e7.xml") != NULL);

  /* An XML export of the E7 reloads with the same shape. */
  char path[] = "/tmp/ar_topo_xmlXXXXXX";
  int fd = mkstemp(path);
  CHECK(fd >= 0);
  if (fd >= 0) close(fd);
  hwloc_topology_t e7 = load(E7_LINUX);
  if (e7 && fd >= 0) {
    CHECK(hwloc_topology_export_xml(e7, path, 0) == 0);
    CHECK(topo_load(TOPO_SOURCE_XML, path, &topo) == AR_OK);
    topo_shape s;
    if (topo) {
      CHECK(topo_shape_of(topo, path, &s) == AR_OK && s.pus == 192 && s.packages == 4);
      topo_plan p;
      if (make(topo, 1, 64, 3, &p)) {
        CHECK(set_is(p.ranks[1].cpuset, "2,97-98"));
        topo_plan_free(&p);
      }
      hwloc_topology_destroy(topo);
    }
    FILE *f = fopen(path, "w");
    if (f) {
      fputs("<topology><object type=\"Nonsense\"", f);
      fclose(f);
    }
    topo = NULL;
    CHECK(topo_load(TOPO_SOURCE_XML, path, &topo) == AR_ERR_INPUT);
    CHECK(strstr(ar_error_message(), path) != NULL);
  }
  if (e7) hwloc_topology_destroy(e7);
  unlink(path);
  /* An irregular node (a package with a core less, as in a partial allocation) is refused. */
  hwloc_topology_t odd = load("pack:2 core:4 pu:1");
  if (odd) {
    hwloc_bitmap_t keep = hwloc_bitmap_alloc();
    hwloc_bitmap_set_range(keep, 0, 6);
    CHECK(hwloc_topology_restrict(odd, keep, 0) == 0);
    topo_shape s;
    CHECK(topo_shape_of(odd, "odd", &s) == AR_ERR_INPUT);
    CHECK(strstr(ar_error_message(), "package 1 has 3 cores but package 0 has 4") != NULL);
    hwloc_bitmap_free(keep);
    hwloc_topology_destroy(odd);
  }
}

int test_run(int argc, char **argv) {
  (void)argc;
  (void)argv;
  test_e7_logical();
  test_e7_linux_numbering();
  test_two_socket();
  test_this_machine();
  test_judge();
  test_recommend_e7();
  test_launch();
  test_bind_plan();
  test_parse_and_load();
  return 0;
}
