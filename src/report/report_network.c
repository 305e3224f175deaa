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
#include "report_read.h"

enum { CANDIDATES = 3 };

static ar_status check_network(const char *net, const report_facts *facts, const char *results_path,
                               int *has_coords) {
  hid_t file;
  ar_status st = h5u_open_read(net, MPI_COMM_SELF, &file);
  if (st != AR_OK) return st;
  char kind[32] = "";
  st = h5net_header_check(file, kind, sizeof kind);
  if (st == AR_OK) {
    if (facts->kind[0] && strcmp(kind, facts->kind) != 0)
      st = ar_fail(AR_ERR_INPUT,
                   "%s: is a %s network, but %s holds %s results (give the right network with "
                   "--network FILE)",
                   net, kind[0] ? kind : "(kindless)", results_path, facts->kind);
  }
  *has_coords = 0;
  if (st == AR_OK && strcmp(kind, "tour") == 0) {
    double n = -1;
    rread_find_number(file, "tour", "n", &n);
    if (facts->tour_nodes >= 0 && (int64_t)n != facts->tour_nodes)
      st = ar_fail(AR_ERR_INPUT,
                   "%s: the network has %.0f nodes but the best tour in %s visits %lld: not the "
                   "network of these results (give the right one with --network FILE)",
                   net, n, results_path, (long long)facts->tour_nodes);
    *has_coords = rread_exists(file, "tour/coords");
  }
  h5u_close(file);
  return st;
}

ar_status report_network_resolve(const report_facts *facts, const char *results_path,
                                 const char *override, char *net, size_t cap, int *has_coords) {
  *has_coords = 0;
  net[0] = '\0';
  if (override && override[0]) {
    if (access(override, F_OK) != 0)
      return ar_fail(AR_ERR_IO, "--network %s: no such file", override);
    snprintf(net, cap, "%s", override);
    return check_network(net, facts, results_path, has_coords);
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
      return check_network(net, facts, results_path, has_coords);
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
