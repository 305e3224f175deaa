/* SPDX-License-Identifier: BSD-3-Clause */
/* ar_memory: a rank's memory limit from the machine, the cgroup, Slurm and --max-memory. */
#include "ar_memory.h"

#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ar_agree.h"

enum { LINE_MAX_LEN = 4096 };

static uint64_t scaled(double value, uint64_t unit) {
  double bytes = value * (double)unit;
  return bytes >= 1.8e19 ? UINT64_MAX : (uint64_t)bytes;
}

ar_status ar_memory_parse(const char *text, const char *what, uint64_t *bytes) {
  char *end = NULL;
  errno = 0;
  double v = strtod(text, &end);
  if (end == text || errno != 0 || !(v > 0))
    return ar_fail(AR_ERR_USAGE, "%s '%s': expected a size such as 4G, 512M or 800 (MB)", what,
                   text);
  uint64_t unit = 1024 * 1024;
  char u = (char)toupper((unsigned char)*end);
  if (u == 'K' || u == 'M' || u == 'G' || u == 'T') {
    unit = u == 'K' ? 1024ull : u == 'M' ? 1024ull << 10 : u == 'G' ? 1024ull << 20 : 1024ull << 30;
    end++;
    if (*end == 'i' || *end == 'I') end++;
    if (*end == 'B' || *end == 'b') end++;
  }
  if (*end != '\0')
    return ar_fail(AR_ERR_USAGE, "%s '%s': unknown unit (use K, M, G or T)", what, text);
  *bytes = scaled(v, unit);
  return AR_OK;
}

void ar_memory_format(uint64_t bytes, char *buf, size_t cap) {
  double b = (double)bytes;
  if (b >= 1e12)
    snprintf(buf, cap, "%.1f TB", b / 1e12);
  else if (b >= 1e9)
    snprintf(buf, cap, "%.1f GB", b / 1e9);
  else if (b >= 1e6)
    snprintf(buf, cap, "%.0f MB", b / 1e6);
  else if (b >= 1e3)
    snprintf(buf, cap, "%.0f KB", b / 1e3);
  else
    snprintf(buf, cap, "%.0f B", b);
}

/* The number after `key` in a "Key:   N kB" file (kB scaled to bytes); 0 if absent. */
static uint64_t proc_field(const char *path, const char *key) {
  FILE *f = fopen(path, "r");
  if (!f) return 0;
  char line[LINE_MAX_LEN];
  uint64_t v = 0;
  size_t klen = strlen(key);
  while (fgets(line, sizeof line, f))
    if (strncmp(line, key, klen) == 0 && line[klen] == ':') {
      unsigned long long x = strtoull(line + klen + 1, NULL, 10);
      v = strstr(line, "kB") ? (uint64_t)x * 1024 : (uint64_t)x;
      break;
    }
  fclose(f);
  return v;
}

uint64_t ar_memory_meminfo_available(const char *meminfo) {
  return proc_field(meminfo, "MemAvailable");
}

uint64_t ar_memory_resident(void) { return proc_field("/proc/self/status", "VmRSS"); }
uint64_t ar_memory_peak(void) { return proc_field("/proc/self/status", "VmHWM"); }

/* A limit file's value: a number of bytes, 0 for "max", a missing file or v1's "no limit"
 * (a value near 2^63). */
static uint64_t limit_file(const char *path) {
  FILE *f = fopen(path, "r");
  if (!f) return 0;
  char text[64] = "";
  int ok = fgets(text, sizeof text, f) != NULL;
  fclose(f);
  if (!ok || strncmp(text, "max", 3) == 0) return 0;
  unsigned long long v = strtoull(text, NULL, 10);
  return v >= (1ull << 62) ? 0 : (uint64_t)v;
}

static uint64_t smaller(uint64_t a, uint64_t b) { return a == 0 ? b : b == 0 ? a : a < b ? a : b; }

/* The smallest limit in file `name` of the cgroup at base + cgpath and of every parent up to
 * base (a child cannot use more than its parents). */
static uint64_t hierarchy_limit(const char *base, const char *cgpath, const char *name) {
  char path[LINE_MAX_LEN * 2], rel[LINE_MAX_LEN];
  snprintf(rel, sizeof rel, "%s", cgpath);
  uint64_t best = 0;
  for (;;) {
    int top = strcmp(rel, "/") == 0 || rel[0] == '\0';
    snprintf(path, sizeof path, "%s%s/%s", base, top ? "" : rel, name);
    best = smaller(best, limit_file(path));
    if (top) break;
    char *slash = strrchr(rel, '/');
    if (slash) *slash = '\0';
    if (!slash || rel[0] == '\0') snprintf(rel, sizeof rel, "/");
  }
  return best;
}

uint64_t ar_memory_cgroup_limit(const char *cgroup, const char *root) {
  FILE *f = fopen(cgroup, "r");
  if (!f) return 0;
  char line[LINE_MAX_LEN], base[LINE_MAX_LEN + 16];
  uint64_t limit = 0;
  while (fgets(line, sizeof line, f)) {
    line[strcspn(line, "\n")] = '\0';
    char *c1 = strchr(line, ':'), *c2 = c1 ? strchr(c1 + 1, ':') : NULL;
    if (!c1 || !c2) continue;
    *c2 = '\0';
    const char *controllers = c1 + 1, *cgpath = c2 + 1;
    if (controllers[0] == '\0') { /* "0::/path": v2, mounted at root or (hybrid) root/unified */
      limit = smaller(limit, hierarchy_limit(root, cgpath, "memory.max"));
      snprintf(base, sizeof base, "%s/unified", root);
      limit = smaller(limit, hierarchy_limit(base, cgpath, "memory.max"));
    } else if (strstr(controllers, "memory")) { /* v1: "N:memory:/path" */
      snprintf(base, sizeof base, "%s/memory", root);
      limit = smaller(limit, hierarchy_limit(base, cgpath, "memory.limit_in_bytes"));
    }
  }
  fclose(f);
  return limit;
}

static uint64_t env_megabytes(const char *name) {
  const char *v = getenv(name);
  if (!v || !*v) return 0;
  char *end = NULL;
  unsigned long long mb = strtoull(v, &end, 10);
  /* Slurm may append a unit letter; M is its default. */
  uint64_t unit = end && (*end == 'G' || *end == 'g') ? 1024ull << 20 : 1024ull << 10;
  return scaled((double)mb, unit);
}

uint64_t ar_memory_slurm_limit(int node_ranks) {
  uint64_t per_node = env_megabytes("SLURM_MEM_PER_NODE");
  if (per_node) return per_node / (uint64_t)(node_ranks > 0 ? node_ranks : 1);
  uint64_t per_cpu = env_megabytes("SLURM_MEM_PER_CPU");
  if (!per_cpu) return 0;
  const char *c = getenv("SLURM_CPUS_PER_TASK");
  long cpus = c ? strtol(c, NULL, 10) : 1;
  return per_cpu * (uint64_t)(cpus > 0 ? cpus : 1);
}

/* Takes candidate `bytes` when it is the smallest so far, with its description. */
static void consider(ar_memory_limit *out, uint64_t bytes, const char *source) {
  if (bytes == 0 || bytes >= out->bytes) return;
  out->bytes = bytes;
  snprintf(out->source, sizeof out->source, "%s", source);
}

ar_status ar_memory_limit_get(MPI_Comm comm, uint64_t max_memory, ar_memory_limit *out) {
  out->bytes = UINT64_MAX;
  out->node_ranks = 1;
  snprintf(out->source, sizeof out->source, "no limit found");
  MPI_Comm node;
  ar_status st =
      ar_mpi_check(MPI_Comm_split_type(comm, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &node),
                   "MPI_Comm_split_type (ranks per node)");
  if (st != AR_OK) return st;
  int rc = MPI_Comm_size(node, &out->node_ranks);
  MPI_Comm_free(&node);
  st = ar_mpi_check(rc, "MPI_Comm_size of the node");
  if (st != AR_OK) return st;
  const uint64_t r = (uint64_t)out->node_ranks;
  char text[160], size[32];
  uint64_t avail = ar_memory_meminfo_available("/proc/meminfo");
  if (avail) {
    ar_memory_format(avail, size, sizeof size);
    snprintf(text, sizeof text, "MemAvailable %s shared by %d rank%s on this node", size,
             out->node_ranks, r == 1 ? "" : "s");
    consider(out, avail / r + ar_memory_resident(), text);
  }
  uint64_t cg = ar_memory_cgroup_limit("/proc/self/cgroup", "/sys/fs/cgroup");
  if (cg) {
    ar_memory_format(cg, size, sizeof size);
    snprintf(text, sizeof text, "the cgroup's memory limit %s shared by %d rank%s", size,
             out->node_ranks, r == 1 ? "" : "s");
    consider(out, cg / r, text);
  }
  uint64_t slurm = ar_memory_slurm_limit(out->node_ranks);
  consider(out, slurm,
           getenv("SLURM_MEM_PER_NODE") && *getenv("SLURM_MEM_PER_NODE")
               ? "SLURM_MEM_PER_NODE shared by the node's ranks"
               : "SLURM_MEM_PER_CPU x SLURM_CPUS_PER_TASK");
  consider(out, max_memory, "--max-memory");
  return AR_OK;
}
