/* inspect_network: summary of an antroute network file, dispatched on the root `kind`. */
#include <string.h>

#include "h5net_supply_inspect.h"
#include "h5net_tour.h"
#include "h5u.h"
#include "inspect.h"

ar_status inspect_network(hid_t file, FILE *out) {
  char kind[64];
  ar_status st = h5u_attr_read_str(file, "kind", kind, sizeof kind);
  if (st != AR_OK) return st;
  if (strcmp(kind, H5NET_KIND_TOUR) == 0) return h5net_tour_inspect(file, out);
  return h5net_supply_inspect(file, out);
}
