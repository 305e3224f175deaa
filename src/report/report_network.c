/* SPDX-License-Identifier: BSD-3-Clause */
/* report_network: find and check the network file a results file was made from (see report.h).
 *
 * `solve` records its input path as given on its command line, often relative to the directory
 * it ran in. So besides the path as it is, the report tries it relative to the results file's
 * directory and, last, its base name there (results and network moved together).
 */
#include <libgen.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "h5net.h"
#include "report.h"

enum { CANDIDATES = 3 };

/* The network is of the results' kind, in a version its wing reads, and the wing's own check. */
static ar_status check_network(const char *net, const wing *w, const wing_report_facts *facts) {
  hid_t file;
  ar_status st = h5u_open_read(net, MPI_COMM_SELF, &file);
  if (st != AR_OK) return st;
  char kind[32] = "";
  int64_t version = 0;
  st = h5net_header_read(file, kind, sizeof kind, &version);
  if (st == AR_OK) {
    if (facts->kind[0] && strcmp(kind, facts->kind) != 0)
      st = ar_fail(AR_ERR_INPUT,
                   "%s: is a %s network, but %s holds %s results (give the right network with "
                   "--network FILE)",
                   net, kind[0] ? kind : "(kindless)", facts->results, facts->kind);
  }
  if (st == AR_OK && w) st = wing_network_version(w, h5u_file_name(file), version);
  if (st == AR_OK && w && w->report_network_check) st = w->report_network_check(file, facts, net);
  h5u_close(file);
  return st;
}

ar_status report_network_resolve(const wing *w, const wing_report_facts *facts,
                                 const char *override, char *net, size_t cap) {
  const char *results_path = facts->results;
  net[0] = '\0';
  if (override && override[0]) {
    if (access(override, F_OK) != 0)
      return ar_fail(AR_ERR_IO, "--network %s: no such file", override);
    snprintf(net, cap, "%s", override);
    return check_network(net, w, facts);
  }
  if (!facts->input[0])
    return ar_fail(AR_ERR_INPUT,
                   "%s does not name its network file (no root attribute 'input'); give it with "
                   "--network FILE",
                   results_path);
  char dir_buf[H5U_PATH_MAX], base_buf[H5U_PATH_MAX];
  snprintf(dir_buf, sizeof dir_buf, "%s", results_path);
  snprintf(base_buf, sizeof base_buf, "%s", facts->input);
  const char *dir = dirname(dir_buf), *base = basename(base_buf);
  char cand[CANDIDATES][H5U_PATH_MAX];
  int n = 0;
  snprintf(cand[n++], H5U_PATH_MAX, "%s", facts->input);
  if (facts->input[0] != '/') snprintf(cand[n++], H5U_PATH_MAX, "%s/%s", dir, facts->input);
  snprintf(cand[n++], H5U_PATH_MAX, "%s/%s", dir, base);
  for (int i = 0; i < n; i++) {
    if (access(cand[i], F_OK) == 0) {
      snprintf(net, cap, "%s", cand[i]);
      return check_network(net, w, facts);
    }
  }
  char tried[3 * H5U_PATH_MAX + 16] = "";
  for (int i = 0; i < n; i++) {
    int dup = 0;
    for (int j = 0; j < i; j++)
      dup |= strcmp(cand[i], cand[j]) == 0;
    if (!dup)
      snprintf(tried + strlen(tried), sizeof tried - strlen(tried), "%s%s", tried[0] ? ", " : "",
               cand[i]);
  }
  return ar_fail(AR_ERR_IO,
                 "the network file %s that %s was made from is not there (tried %s); if it "
                 "moved, give its new path with --network FILE",
                 facts->input, results_path, tried);
}
