/* SPDX-License-Identifier: BSD-3-Clause */
/* topo_load: hwloc topologies from this machine, a synthetic description or an XML file. */
#include "topo_load.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define TOPO_SYNTHETIC_EXAMPLE "pack:4 [numa] l3:1 core:24 pu:2"

static ar_status topo_apply_source(hwloc_topology_t topo, topo_source source, const char *what) {
  switch (source) {
  case TOPO_SOURCE_THIS_MACHINE: return AR_OK;
  case TOPO_SOURCE_SYNTHETIC:
    if (!what || !what[0])
      return ar_fail(AR_ERR_USAGE, "--topology: empty synthetic description (example: \"%s\")",
                     TOPO_SYNTHETIC_EXAMPLE);
    if (hwloc_topology_set_synthetic(topo, what) != 0)
      return ar_fail(AR_ERR_USAGE,
                     "--topology '%s': hwloc cannot read this synthetic description (%s); "
                     "levels are TYPE:COUNT from the machine down, for example \"%s\"",
                     what, strerror(errno), TOPO_SYNTHETIC_EXAMPLE);
    return AR_OK;
  case TOPO_SOURCE_XML: {
    struct stat st;
    if (!what || !what[0]) return ar_fail(AR_ERR_USAGE, "--topology-xml: empty file name");
    /* hwloc's own message for a missing file is vague: check first, and name the file. */
    if (stat(what, &st) != 0)
      return ar_fail(AR_ERR_IO, "cannot open topology file %s: %s", what, strerror(errno));
    if (!S_ISREG(st.st_mode))
      return ar_fail(AR_ERR_IO, "topology file %s is not a regular file", what);
    if (access(what, R_OK) != 0)
      return ar_fail(AR_ERR_IO, "cannot read topology file %s: %s", what, strerror(errno));
    if (hwloc_topology_set_xml(topo, what) != 0)
      return ar_fail(AR_ERR_INPUT,
                     "topology file %s is not an hwloc XML export (%s); make one with "
                     "`lstopo -f %s` on the node",
                     what, strerror(errno), what);
    return AR_OK;
  }
  }
  return ar_fail(AR_ERR_INTERNAL, "topo_load: unknown topology source %d", (int)source);
}

ar_status topo_load(topo_source source, const char *what, hwloc_topology_t *out) {
  *out = NULL;
  hwloc_topology_t topo;
  if (hwloc_topology_init(&topo) != 0)
    return ar_fail(AR_ERR_NOMEM, "hwloc_topology_init failed: %s", strerror(errno));
  ar_status st = topo_apply_source(topo, source, what);
  if (st == AR_OK && hwloc_topology_load(topo) != 0) {
    if (source == TOPO_SOURCE_XML)
      st = ar_fail(AR_ERR_INPUT, "topology file %s: hwloc cannot load it (%s)", what,
                   strerror(errno));
    else if (source == TOPO_SOURCE_SYNTHETIC)
      st = ar_fail(AR_ERR_USAGE, "--topology '%s': hwloc cannot build it (%s)", what,
                   strerror(errno));
    else
      st = ar_fail(AR_ERR_INTERNAL, "hwloc cannot discover this machine's topology (%s)",
                   strerror(errno));
  }
  if (st != AR_OK) {
    hwloc_topology_destroy(topo);
    return st;
  }
  *out = topo;
  return AR_OK;
}

void topo_source_describe(topo_source source, const char *what, char *buf, size_t size) {
  switch (source) {
  case TOPO_SOURCE_SYNTHETIC: snprintf(buf, size, "synthetic \"%s\"", what); break;
  case TOPO_SOURCE_XML: snprintf(buf, size, "XML file %s", what); break;
  default: {
    char host[256] = "?";
    if (gethostname(host, sizeof host) != 0) snprintf(host, sizeof host, "?");
    host[sizeof host - 1] = '\0';
    snprintf(buf, size, "this machine (host %s)", host);
  }
  }
}

void topo_hwloc_version(char *buf, size_t cap) {
  unsigned api = hwloc_get_api_version();
  snprintf(buf, cap, "%u.%u.%u at run time (API %u.%u.%u at build time)", api >> 16,
           (api >> 8) & 0xff, api & 0xff, HWLOC_API_VERSION >> 16, (HWLOC_API_VERSION >> 8) & 0xff,
           HWLOC_API_VERSION & 0xff);
}
