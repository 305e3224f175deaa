/* SPDX-License-Identifier: BSD-3-Clause */
/* The parts of issue #12 that need no launcher: sizes and memory limits from recorded
 * /proc and cgroup files (v1, v2, hybrid), Slurm's variables, the allocator's footprint, the
 * engine's estimate, and the path comparisons that keep outputs off inputs. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "aco_estimate.h"
#include "ar_alloc.h"
#include "ar_memory.h"
#include "ar_path.h"
#include "test_util.h"

static char base[512];

static void put(const char *rel, const char *text) {
  char path[1024];
  snprintf(path, sizeof path, "%s/%s", base, rel);
  for (char *p = path + strlen(base) + 1; *p; p++)
    if (*p == '/') {
      *p = '\0';
      mkdir(path, 0777);
      *p = '/';
    }
  FILE *f = fopen(path, "w");
  if (!f) return;
  fputs(text, f);
  fclose(f);
}

static const char *at(const char *rel) {
  static char path[4][1024];
  static int next;
  char *p = path[next++ % 4];
  snprintf(p, 1024, "%s/%s", base, rel);
  return p;
}

static void sizes(void) {
  uint64_t b = 0;
  CHECK(ar_memory_parse("4G", "--max-memory", &b) == AR_OK && b == 4ull << 30);
  CHECK(ar_memory_parse("512M", "--max-memory", &b) == AR_OK && b == 512ull << 20);
  CHECK(ar_memory_parse("800", "--max-memory", &b) == AR_OK && b == 800ull << 20);
  CHECK(ar_memory_parse("1.5T", "--max-memory", &b) == AR_OK && b == 3ull << 39);
  CHECK(ar_memory_parse("2GiB", "--max-memory", &b) == AR_OK && b == 2ull << 30);
  CHECK(ar_memory_parse("64kb", "--max-memory", &b) == AR_OK && b == 64ull << 10);
  CHECK(ar_memory_parse("lots", "--max-memory", &b) == AR_ERR_USAGE);
  CHECK(strstr(ar_error_message(), "--max-memory 'lots'") != NULL);
  CHECK(ar_memory_parse("0", "--max-memory", &b) == AR_ERR_USAGE);
  CHECK(ar_memory_parse("-3G", "--max-memory", &b) == AR_ERR_USAGE);
  CHECK(ar_memory_parse("3X", "--max-memory", &b) == AR_ERR_USAGE);
  char text[32];
  ar_memory_format(12300000000ull, text, sizeof text);
  CHECK(strcmp(text, "12.3 GB") == 0);
  ar_memory_format(512, text, sizeof text);
  CHECK(strcmp(text, "512 B") == 0);
}

static void limits(void) {
  put("meminfo", "MemTotal:       24105000 kB\nMemFree: 1 kB\nMemAvailable:   22859000 kB\n");
  CHECK(ar_memory_meminfo_available(at("meminfo")) == 22859000ull * 1024);
  CHECK(ar_memory_meminfo_available(at("missing")) == 0);
  /* v2: the smallest of the cgroup and its parents; "max" is no limit. */
  put("v2/cgroup", "0::/job/step\n");
  put("v2/fs/job/step/memory.max", "max\n");
  put("v2/fs/job/memory.max", "1073741824\n");
  CHECK(ar_memory_cgroup_limit(at("v2/cgroup"), at("v2/fs")) == 1ull << 30);
  put("v2/fs/job/step/memory.max", "536870912\n");
  CHECK(ar_memory_cgroup_limit(at("v2/cgroup"), at("v2/fs")) == 1ull << 29);
  /* Hybrid: the v2 hierarchy under unified/, v1's memory controller unlimited. */
  put("hy/cgroup", "4:memory:/slot\n0::/slot\n");
  put("hy/fs/memory/slot/memory.limit_in_bytes", "9223372036854771712\n");
  put("hy/fs/unified/slot/memory.max", "2147483648\n");
  CHECK(ar_memory_cgroup_limit(at("hy/cgroup"), at("hy/fs")) == 2ull << 30);
  /* v1: the limit of a parent applies. */
  put("v1/cgroup", "9:cpu,cpuacct:/x\n4:memory:/batch/job_7\n");
  put("v1/fs/memory/batch/job_7/memory.limit_in_bytes", "9223372036854771712\n");
  put("v1/fs/memory/batch/memory.limit_in_bytes", "3221225472\n");
  CHECK(ar_memory_cgroup_limit(at("v1/cgroup"), at("v1/fs")) == 3ull << 30);
  put("none/cgroup", "4:memory:/\n0::/\n");
  put("none/fs/memory/memory.limit_in_bytes", "9223372036854771712\n");
  CHECK(ar_memory_cgroup_limit(at("none/cgroup"), at("none/fs")) == 0);
  CHECK(ar_memory_cgroup_limit(at("nothing"), at("none/fs")) == 0);
  /* Slurm: per node shared by its ranks, or per CPU times CPUs per task. */
  unsetenv("SLURM_MEM_PER_NODE");
  unsetenv("SLURM_MEM_PER_CPU");
  unsetenv("SLURM_CPUS_PER_TASK");
  CHECK(ar_memory_slurm_limit(2) == 0);
  setenv("SLURM_MEM_PER_NODE", "8000", 1);
  CHECK(ar_memory_slurm_limit(2) == 4000ull << 20);
  unsetenv("SLURM_MEM_PER_NODE");
  setenv("SLURM_MEM_PER_CPU", "1000", 1);
  setenv("SLURM_CPUS_PER_TASK", "3", 1);
  CHECK(ar_memory_slurm_limit(4) == 3000ull << 20);
  unsetenv("SLURM_MEM_PER_CPU");
  unsetenv("SLURM_CPUS_PER_TASK");
  CHECK(ar_memory_resident() > 0 &&
        ar_memory_peak() > 0); /* the kernel's counters are approximate */
}

static void estimate(void) {
  CHECK(ar_alloc_footprint(1) >= AR_CACHE_LINE);
  CHECK(ar_alloc_footprint(1000000) >= 1000000);
  CHECK(ar_alloc_footprint(SIZE_MAX) == SIZE_MAX);
#ifdef ANTROUTE_HAVE_TBB
  CHECK(ar_alloc_footprint(3328) == 3968); /* oneTBB's fitting bin */
#endif
  aco_problem shape = {
      .rows = 1000, .options = 10, .solution_len = 1000, .source_index_bytes = 12000};
  aco_params par = aco_params_default();
  par.colonies = 5;
  par.ants = 4;
  par.iterations = 100;
  par.epoch_iterations = 10;
  aco_estimate r0, r1;
  aco_engine_estimate(&shape, &par, 2, 0, &r0);
  aco_engine_estimate(&shape, &par, 2, 1, &r1);
  CHECK_EQ_INT(r0.local_colonies, 2);
  CHECK_EQ_INT(r1.local_colonies, 3);
  CHECK_EQ_INT(r0.epochs, 12);
  /* Pheromone and choice: 2 x 10,000 floats a colony. */
  CHECK(r1.pheromone == 3 * 2 * (uint64_t)ar_alloc_footprint(40000));
  CHECK(r1.ants == 3 * ((uint64_t)ar_alloc_footprint(4 * sizeof(aco_solution)) +
                        ar_alloc_footprint(4 * 1000 * 4)));
  CHECK(r1.colonies == 3 * r1.per_colony && r1.per_colony > 2 * 40000 + 16000);
  /* Rank 0 also gathers every colony's best per epoch. */
  CHECK(r0.records > r1.records);
  CHECK(r0.total == r0.colonies + r0.shared + r0.records);
  par.colonies = 1000000;
  par.ants = 1000000;
  shape.rows = shape.solution_len = 20000000;
  aco_engine_estimate(&shape, &par, 1, 0, &r0);
  CHECK(r0.total == UINT64_MAX); /* saturates, never wraps */
}

static void paths(void) {
  put("p/in.h5", "input");
  char in[1024], soft[1024], hard[1024], dotted[1024], tmp_in[1024];
  snprintf(in, sizeof in, "%s/p/in.h5", base);
  snprintf(soft, sizeof soft, "%s/p/link.h5", base);
  snprintf(hard, sizeof hard, "%s/p/hard.h5", base);
  snprintf(dotted, sizeof dotted, "%s/p/./../p/in.h5", base);
  CHECK(symlink("in.h5", soft) == 0);
  CHECK(link(in, hard) == 0);
  CHECK(ar_path_same_file(in, soft) && ar_path_same_file(in, hard) &&
        ar_path_same_file(in, dotted));
  CHECK(!ar_path_same_file(in, at("p/none.h5")));
  CHECK(ar_path_same_entry(at("p/new.h5"), at("p/../p/new.h5")));
  CHECK(!ar_path_same_entry(at("p/new.h5"), at("p/other.h5")));
  CHECK(!ar_path_same_entry(at("p/new.h5"), in));
  char name[256];
  CHECK(ar_path_in_dir(soft, at("p"), 0, name, sizeof name) && strcmp(name, "link.h5") == 0);
  CHECK(ar_path_in_dir(soft, at("p"), 1, name, sizeof name) && strcmp(name, "in.h5") == 0);
  CHECK(!ar_path_in_dir(soft, at("nowhere"), 0, name, sizeof name));
  ar_path_role inputs[] = {{in, "the network file"}, {NULL, "--params"}};
  ar_path_role outs[] = {{soft, "-o"}, {NULL, "--csv"}};
  CHECK(ar_outputs_check(inputs, 2, outs, 2) == AR_ERR_USAGE);
  CHECK(strstr(ar_error_message(), "the network file") != NULL);
  snprintf(tmp_in, sizeof tmp_in, "%s/p/out.h5.tmp", base);
  put("p/out.h5.tmp", "input written through");
  ar_path_role tmp_input[] = {{tmp_in, "the network file"}};
  ar_path_role out[] = {{at("p/out.h5"), "-o"}};
  CHECK(ar_outputs_check(tmp_input, 1, out, 1) == AR_ERR_USAGE);
  CHECK(strstr(ar_error_message(), "written through") != NULL);
  ar_path_role two[] = {{at("p/a.csv"), "-o"}, {at("p/a.csv.tmp"), "--csv"}};
  CHECK(ar_outputs_check(inputs, 1, two, 2) == AR_ERR_USAGE);
  ar_path_role fine[] = {{at("p/r.h5"), "-o"}, {at("p/r.csv"), "--csv"}};
  CHECK(ar_outputs_check(inputs, 2, fine, 2) == AR_OK);
}

int test_run(int argc, char **argv) {
  (void)argc;
  (void)argv;
  const char *tmp = getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp";
  snprintf(base, sizeof base, "%s/trust_unit_XXXXXX", tmp);
  if (!mkdtemp(base)) return 77;
  sizes();
  limits();
  estimate();
  paths();
  char cmd[600];
  snprintf(cmd, sizeof cmd, "rm -rf '%s'", base);
  if (system(cmd) != 0) fprintf(stderr, "could not remove %s\n", base);
  return 0;
}
