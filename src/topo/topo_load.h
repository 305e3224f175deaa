/* SPDX-License-Identifier: BSD-3-Clause */
/* topo_load: obtain an hwloc topology to advise on: this machine's, a synthetic description, or
 * an XML export.
 *
 * A synthetic description models a node we do not have ("pack:4 [numa] l3:1 core:24 pu:2" is the
 * 4-socket Xeon E7-8890 v4; add "(indexes=2*96:96*1)" to the pu level for Linux numbering, where
 * core 0 holds PUs 0 and 96). An XML file comes from `lstopo -f node.xml` on the real machine.
 * Binding calls on a synthetic or XML topology succeed and do nothing (hwloc), so the advisor
 * computes cpusets and never needs the machine itself.
 *
 * Failures: AR_ERR_USAGE for a synthetic description hwloc cannot read (the message quotes it
 * and shows a valid one); AR_ERR_IO for an XML file that cannot be opened; AR_ERR_INPUT for an
 * XML file hwloc cannot parse; AR_ERR_INTERNAL when hwloc fails on this machine. The message
 * names the description or file.
 */
#ifndef AR_TOPO_LOAD_H
#define AR_TOPO_LOAD_H

#include <hwloc.h>
#include <stddef.h>

#include "ar_error.h"

typedef enum {
  TOPO_SOURCE_THIS_MACHINE, /* hwloc's discovery of the machine we run on */
  TOPO_SOURCE_SYNTHETIC,    /* hwloc_topology_set_synthetic(description) */
  TOPO_SOURCE_XML           /* hwloc_topology_set_xml(path) */
} topo_source;

/* Loads a topology. `what` is the synthetic description or the XML path (ignored for
 * TOPO_SOURCE_THIS_MACHINE). On success *out is a loaded topology to free with
 * hwloc_topology_destroy(); on failure *out is NULL. */
ar_status topo_load(topo_source source, const char *what, hwloc_topology_t *out);

/* A one-line account of where a topology came from, for summaries:
 * "synthetic \"pack:2 core:16 pu:1\"", "XML file e7.xml", "this machine (host vm)". */
void topo_source_describe(topo_source source, const char *what, char *buf, size_t size);

/* "2.8.0 at run time (API 2.8.0 at build time)": the hwloc library this process runs with. */
void topo_hwloc_version(char *buf, size_t cap);

#endif
