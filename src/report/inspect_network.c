/* inspect_network: summary of an antroute network file, dispatched on the root `kind`, read by
 * the same header check and readers as solve and evaluate, so that "valid" means solve accepts
 * it. */
#include <string.h>

#include "h5net.h"
#include "h5net_road.h"
#include "h5net_supply_inspect.h"
#include "h5net_tour.h"
#include "h5u.h"
#include "inspect.h"

ar_status inspect_network(hid_t file, FILE *out) {
  char kind[64];
  ar_status st = h5net_header_check(file, kind, sizeof kind);
  if (st != AR_OK) return st;
  if (strcmp(kind, H5NET_ROAD_KIND) == 0) return h5net_road_inspect(file, out); /* not solved */
  st = strcmp(kind, H5NET_KIND_TOUR) == 0 ? h5net_tour_inspect(file, out)
                                          : h5net_supply_inspect(file, out);
  if (st == AR_OK)
    fprintf(out, "valid: yes (antroute solve%s reads this network)\n",
            strcmp(kind, H5NET_SUPPLY_KIND) == 0 ? " and evaluate" : "");
  return st;
}
