/* SPDX-License-Identifier: BSD-3-Clause */
/* supply_net: enum names, code lookup, derived lookup tables and freeing of the network. */
#include "supply_net.h"

#include <stdlib.h>
#include <string.h>

static const char *const service_names[SC_SERVICE_COUNT] = {"DTD", "DTP", "CRF"};
static const char *const mode_names[SC_MODE_COUNT] = {"AIR", "GROUND"};

const char *supply_service_name(int service) {
  return service >= 0 && service < SC_SERVICE_COUNT ? service_names[service] : "?";
}

const char *supply_mode_name(int mode) {
  return mode >= 0 && mode < SC_MODE_COUNT ? mode_names[mode] : "?";
}

int supply_service_parse(const char *text, int8_t *value) {
  for (int i = 0; i < SC_SERVICE_COUNT; i++)
    if (strcmp(text, service_names[i]) == 0) {
      *value = (int8_t)i;
      return 0;
    }
  return -1;
}

int supply_mode_parse(const char *text, int8_t *value) {
  for (int i = 0; i < SC_MODE_COUNT; i++)
    if (strcmp(text, mode_names[i]) == 0) {
      *value = (int8_t)i;
      return 0;
    }
  return -1;
}

int32_t supply_names_find(const supply_names *names, const char *code) {
  int32_t lo = 0, hi = names->n - 1;
  while (lo <= hi) {
    int32_t mid = lo + (hi - lo) / 2;
    int c = strcmp(names->code[mid], code);
    if (c == 0) return mid;
    if (c < 0)
      lo = mid + 1;
    else
      hi = mid - 1;
  }
  return -1;
}

/* CSR of n rows keyed by key[] (values value[]) over nkeys keys; values of a key ascending when
 * sort_values, else in row order. */
static ar_status build_csr(int32_t nkeys, int32_t n, const int32_t *key, const int32_t *value,
                           int sort_values, int32_t **start_out, int32_t **list_out) {
  int32_t *start = calloc((size_t)nkeys + 1, sizeof *start);
  int32_t *list = malloc((n ? (size_t)n : 1) * sizeof *list);
  int32_t *fill = malloc(((size_t)nkeys + 1) * sizeof *fill);
  if (!start || !list || !fill) {
    free(start);
    free(list);
    free(fill);
    return ar_fail(AR_ERR_NOMEM, "out of memory indexing the supply-chain network");
  }
  for (int32_t i = 0; i < n; i++)
    start[key[i] + 1]++;
  for (int32_t k = 0; k < nkeys; k++)
    start[k + 1] += start[k];
  memcpy(fill, start, ((size_t)nkeys + 1) * sizeof *fill);
  for (int32_t i = 0; i < n; i++)
    list[fill[key[i]]++] = value ? value[i] : i;
  free(fill);
  if (sort_values) /* insertion sort: each key has a handful of entries */
    for (int32_t k = 0; k < nkeys; k++)
      for (int32_t i = start[k] + 1; i < start[k + 1]; i++) {
        int32_t v = list[i], j = i;
        for (; j > start[k] && list[j - 1] > v; j--)
          list[j] = list[j - 1];
        list[j] = v;
      }
  *start_out = start;
  *list_out = list;
  return AR_OK;
}

static int band_less(const supply_net *net, int32_t a, int32_t b) {
  if (net->band_min_weight[a] != net->band_min_weight[b])
    return net->band_min_weight[a] < net->band_min_weight[b];
  if (net->band_max_weight[a] != net->band_max_weight[b])
    return net->band_max_weight[a] < net->band_max_weight[b];
  return a < b;
}

static void free_derived(supply_net *net) {
  free(net->plant_port_start);
  free(net->plant_port);
  free(net->product_plant_start);
  free(net->product_plant);
  free(net->plant_vmi_start);
  free(net->plant_vmi_customer);
  free(net->lane_band_start);
  free(net->lane_band);
  free(net->lane_max_weight);
  net->plant_port_start = net->plant_port = NULL;
  net->product_plant_start = net->product_plant = NULL;
  net->plant_vmi_start = net->plant_vmi_customer = NULL;
  net->lane_band_start = net->lane_band = NULL;
  net->lane_max_weight = NULL;
}

ar_status supply_net_index(supply_net *net) {
  free_derived(net);
  ar_status st = build_csr(net->plants.n, net->n_plant_ports, net->pp_plant, net->pp_port, 1,
                           &net->plant_port_start, &net->plant_port);
  if (st == AR_OK)
    st = build_csr(net->products.n, net->n_stock, net->stock_product, net->stock_plant, 1,
                   &net->product_plant_start, &net->product_plant);
  if (st == AR_OK)
    st = build_csr(net->plants.n, net->n_vmi, net->vmi_plant, net->vmi_customer, 1,
                   &net->plant_vmi_start, &net->plant_vmi_customer);
  if (st == AR_OK)
    st = build_csr(net->n_lanes, net->n_bands, net->band_lane, NULL, 0, &net->lane_band_start,
                   &net->lane_band);
  if (st != AR_OK) {
    free_derived(net);
    return st;
  }
  net->lane_max_weight = malloc((net->n_lanes ? (size_t)net->n_lanes : 1) * sizeof(double));
  if (!net->lane_max_weight) {
    free_derived(net);
    return ar_fail(AR_ERR_NOMEM, "out of memory indexing the supply-chain network");
  }
  for (int32_t l = 0; l < net->n_lanes; l++) {
    int32_t lo = net->lane_band_start[l], hi = net->lane_band_start[l + 1];
    for (int32_t i = lo + 1; i < hi; i++) { /* stable insertion sort; lanes have few bands */
      int32_t b = net->lane_band[i], j = i;
      for (; j > lo && band_less(net, b, net->lane_band[j - 1]); j--)
        net->lane_band[j] = net->lane_band[j - 1];
      net->lane_band[j] = b;
    }
    double cap = 0;
    for (int32_t i = lo; i < hi; i++)
      if (net->band_max_weight[net->lane_band[i]] > cap)
        cap = net->band_max_weight[net->lane_band[i]];
    net->lane_max_weight[l] = cap;
  }
  return AR_OK;
}

static void free_names(supply_names *names) {
  for (int32_t i = 0; i < names->n; i++)
    free(names->code[i]);
  free(names->code);
  names->code = NULL;
  names->n = 0;
}

ar_status supply_net_alloc_lanes(supply_net *net, int64_t lanes, int64_t bands) {
  size_t nl = lanes > 0 ? (size_t)lanes : 1, nb = bands > 0 ? (size_t)bands : 1;
  net->lane_carrier = malloc(nl * sizeof(int32_t));
  net->lane_orig_port = malloc(nl * sizeof(int32_t));
  net->lane_dest_port = malloc(nl * sizeof(int32_t));
  net->lane_carrier_type = malloc(nl * sizeof(int32_t));
  net->lane_service = malloc(nl * sizeof(int8_t));
  net->lane_mode = malloc(nl * sizeof(int8_t));
  net->lane_tpt_days = malloc(nl * sizeof(int32_t));
  net->band_lane = malloc(nb * sizeof(int32_t));
  net->band_min_weight = malloc(nb * sizeof(double));
  net->band_max_weight = malloc(nb * sizeof(double));
  net->band_min_cost = malloc(nb * sizeof(double));
  net->band_rate = malloc(nb * sizeof(double));
  if (!net->lane_carrier || !net->lane_orig_port || !net->lane_dest_port ||
      !net->lane_carrier_type || !net->lane_service || !net->lane_mode || !net->lane_tpt_days ||
      !net->band_lane || !net->band_min_weight || !net->band_max_weight || !net->band_min_cost ||
      !net->band_rate)
    return ar_fail(AR_ERR_NOMEM, "out of memory for %lld lanes and %lld weight bands",
                   (long long)lanes, (long long)bands);
  return AR_OK;
}

void supply_net_free(supply_net *net) {
  free_derived(net);
  free_names(&net->plants);
  free_names(&net->ports);
  free_names(&net->carriers);
  free_names(&net->carrier_types);
  free_names(&net->customers);
  free_names(&net->products);
  void *arrays[] = {net->plant_cost_per_unit,
                    net->plant_capacity,
                    net->pp_plant,
                    net->pp_port,
                    net->stock_plant,
                    net->stock_product,
                    net->vmi_plant,
                    net->vmi_customer,
                    net->lane_carrier,
                    net->lane_orig_port,
                    net->lane_dest_port,
                    net->lane_carrier_type,
                    net->lane_service,
                    net->lane_mode,
                    net->lane_tpt_days,
                    net->band_lane,
                    net->band_min_weight,
                    net->band_max_weight,
                    net->band_min_cost,
                    net->band_rate,
                    net->order_id,
                    net->order_date,
                    net->order_ship_ahead,
                    net->order_ship_late,
                    net->order_customer,
                    net->order_product,
                    net->order_dest_port,
                    net->order_service,
                    net->order_units,
                    net->order_weight,
                    net->hist_plant,
                    net->hist_port,
                    net->hist_carrier,
                    net->hist_tpt_days,
                    net->hist_lane};
  for (size_t i = 0; i < sizeof arrays / sizeof arrays[0]; i++)
    free(arrays[i]);
  memset(net, 0, sizeof *net);
}

typedef struct {
  int64_t id;
  int32_t row;
} id_row;

static int compare_id_row(const void *a, const void *b) {
  const id_row *x = a, *y = b;
  if (x->id != y->id) return x->id < y->id ? -1 : 1;
  return x->row < y->row ? -1 : x->row > y->row;
}

ar_status supply_net_duplicate_id(const supply_net *net, int32_t *row, int32_t *first) {
  const int32_t n = net->n_orders;
  *row = *first = -1;
  id_row *ids = malloc((n > 0 ? (size_t)n : 1) * sizeof *ids);
  if (!ids) return ar_fail(AR_ERR_NOMEM, "out of memory checking order ids");
  for (int32_t k = 0; k < n; k++)
    ids[k] = (id_row){net->order_id[k], k};
  qsort(ids, (size_t)n, sizeof *ids, compare_id_row);
  for (int32_t i = 1; i < n; i++)
    if (ids[i].id == ids[i - 1].id && (*row < 0 || ids[i].row < *row)) {
      *row = ids[i].row;
      int32_t j = i - 1; /* rows of one id are sorted: the run's start is the earliest */
      while (j > 0 && ids[j - 1].id == ids[i].id)
        j--;
      *first = ids[j].row;
    }
  free(ids);
  return AR_OK;
}
