/* SPDX-License-Identifier: BSD-3-Clause */
/* supply_synth: grow a large supply-chain network from a template's shapes, deterministically. */
#include "supply_synth.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "synth_rng.h"

/* --- The template ------------------------------------------------------------------------------
 */

typedef struct {
  int32_t nlanes;
  const int8_t *service, *mode;
  const int32_t *tpt, *carrier_type;
  const int32_t *band_start; /* [nlanes + 1] into band_list */
  const int32_t *band_list;  /* NULL: identity */
  const double *bmin, *bmax, *bcost, *brate;
  int32_t ncarrier_types;
  char *const *carrier_types;
  int32_t npairs;
  int32_t *pair_lanes; /* lanes per (origin, destination) pair, one entry per pair (owned) */
  int32_t nplants;
  const double *cost;
  const int32_t *capacity;
  int32_t norders;
  const int8_t *o_service;
  const int32_t *o_units, *o_ahead, *o_late, *o_tpt;
  const double *o_weight;
  int32_t first_date;
  int32_t *dtd_lanes, *dtp_lanes; /* lane shapes per service level (owned) */
  int32_t ndtd, ndtp;
} synth_template;

/* Built-in shapes, modelled on the real data set (FreightRates, WhCosts, OrderList). */
static const int8_t builtin_service[] = {0, 1, 0, 1, 1, 0};
static const int8_t builtin_mode[] = {0, 0, 0, 0, 1, 1};
static const int32_t builtin_tpt[] = {1, 2, 3, 1, 5, 4};
static const int32_t builtin_ctype[] = {0, 0, 1, 0, 1, 1};
static const int32_t builtin_band_start[] = {0, 6, 12, 18, 24, 25, 26};
#define AIR_WEIGHTS(lo) lo, 100, 250, 500, 1000, 2000
#define AIR_MAXES       99.99, 249.99, 499.99, 999.99, 1999.99, 99999.99
static const double builtin_bmin[] = {
    AIR_WEIGHTS(0), AIR_WEIGHTS(0), AIR_WEIGHTS(0), AIR_WEIGHTS(0), 0, 0};
static const double builtin_bmax[] = {AIR_MAXES, AIR_MAXES, AIR_MAXES, AIR_MAXES, 5000, 5000};
static const double builtin_bcost[] = {43.2, 43.2, 43.2, 43.2, 43.2, 43.2, 1.5,  1.5,  1.5,
                                       1.5,  1.5,  1.5,  29.3, 29.3, 29.3, 29.3, 29.3, 29.3,
                                       1.7,  1.7,  1.7,  1.7,  1.7,  1.7,  0,    0};
static const double builtin_brate[] = {0.83, 0.79, 0.75, 0.71, 0.61, 0.52, 0.51, 0.47, 0.44,
                                       0.41, 0.37, 0.33, 0.45, 0.41, 0.41, 0.38, 0.35, 0.31,
                                       0.62, 0.58, 0.55, 0.50, 0.46, 0.42, 12.4, 21.3};
static char builtin_type0[] = "V888888883_1", builtin_type1[] = "V88888888_0"; /* sorted */
static char *const builtin_carrier_types[] = {builtin_type0, builtin_type1};
static const int32_t builtin_pair_lanes[] = {3, 4, 6, 8, 10, 12};
static const double builtin_cost[] = {0.43, 0.49, 0.52, 0.64, 1.42, 2.04, 0.37, 0.47, 0.55};
static const int32_t builtin_capacity[] = {11, 8, 111, 385, 7, 14, 554, 1013, 209};
static const int8_t builtin_o_service[] = {1, 1, 1, 1, 1, 1, 0, 0, 2, 1};
static const int32_t builtin_o_units[] = {808, 3188, 2331, 278, 317, 1500, 4200, 640, 900, 12000};
static const double builtin_o_weight[] = {14.3, 87.9, 61.2, 2.48, 1.96, 9.1, 25.4, 4.2, 5.8, 61.0};
static const int32_t builtin_o_ahead[] = {3, 0, 0, 5, 0, 3, 5, 0, 3, 1};
static const int32_t builtin_o_late[] = {0, 0, 0, 0, 0, 0, 0, 1, 0, 3};
static const int32_t builtin_o_tpt[] = {2, 2, 1, 1, 2, 2, 1, 0, 1, 4};

#define COUNT_OF(a) ((int32_t)(sizeof a / sizeof a[0]))

static void template_builtin(synth_template *t) {
  t->nlanes = COUNT_OF(builtin_service);
  t->service = builtin_service;
  t->mode = builtin_mode;
  t->tpt = builtin_tpt;
  t->carrier_type = builtin_ctype;
  t->band_start = builtin_band_start;
  t->band_list = NULL;
  t->bmin = builtin_bmin;
  t->bmax = builtin_bmax;
  t->bcost = builtin_bcost;
  t->brate = builtin_brate;
  t->ncarrier_types = 2;
  t->carrier_types = builtin_carrier_types;
  t->npairs = COUNT_OF(builtin_pair_lanes);
  t->pair_lanes = malloc(sizeof builtin_pair_lanes);
  if (t->pair_lanes) memcpy(t->pair_lanes, builtin_pair_lanes, sizeof builtin_pair_lanes);
  t->nplants = COUNT_OF(builtin_cost);
  t->cost = builtin_cost;
  t->capacity = builtin_capacity;
  t->norders = COUNT_OF(builtin_o_service);
  t->o_service = builtin_o_service;
  t->o_units = builtin_o_units;
  t->o_weight = builtin_o_weight;
  t->o_ahead = builtin_o_ahead;
  t->o_late = builtin_o_late;
  t->o_tpt = builtin_o_tpt;
  t->first_date = supply_date_from_civil(2013, 5, 1);
}

static ar_status template_from_net(const supply_net *net, synth_template *t) {
  if (net->n_lanes == 0 || net->n_orders == 0 || net->plants.n == 0)
    return ar_fail(AR_ERR_USAGE, "the template network needs lanes, plants and orders");
  t->nlanes = net->n_lanes;
  t->service = net->lane_service;
  t->mode = net->lane_mode;
  t->tpt = net->lane_tpt_days;
  t->carrier_type = net->lane_carrier_type;
  t->band_start = net->lane_band_start;
  t->band_list = net->lane_band;
  t->bmin = net->band_min_weight;
  t->bmax = net->band_max_weight;
  t->bcost = net->band_min_cost;
  t->brate = net->band_rate;
  t->ncarrier_types = net->carrier_types.n;
  t->carrier_types = net->carrier_types.code;
  /* Lanes per (origin, destination) pair. */
  int64_t nq = net->ports.n;
  int32_t *count = calloc((size_t)(nq * nq), sizeof *count);
  t->pair_lanes = malloc((size_t)net->n_lanes * sizeof *t->pair_lanes);
  if (!count || !t->pair_lanes) {
    free(count);
    return ar_fail(AR_ERR_NOMEM, "out of memory reading the template");
  }
  for (int32_t l = 0; l < net->n_lanes; l++)
    count[net->lane_orig_port[l] * nq + net->lane_dest_port[l]]++;
  t->npairs = 0;
  for (int64_t i = 0; i < nq * nq; i++)
    if (count[i] > 0) t->pair_lanes[t->npairs++] = count[i];
  free(count);
  t->nplants = net->plants.n;
  t->cost = net->plant_cost_per_unit;
  t->capacity = net->plant_capacity;
  t->norders = net->n_orders;
  t->o_service = net->order_service;
  t->o_units = net->order_units;
  t->o_weight = net->order_weight;
  t->o_ahead = net->order_ship_ahead;
  t->o_late = net->order_ship_late;
  t->o_tpt = net->hist_tpt_days;
  int32_t first = net->order_date[0];
  for (int32_t k = 1; k < net->n_orders; k++)
    if (net->order_date[k] < first) first = net->order_date[k];
  int y, m, d;
  supply_date_to_civil(first, &y, &m, &d);
  t->first_date = supply_date_from_civil(y, m, 1);
  return AR_OK;
}

static ar_status template_split_services(synth_template *t) {
  t->dtd_lanes = malloc((size_t)t->nlanes * sizeof(int32_t));
  t->dtp_lanes = malloc((size_t)t->nlanes * sizeof(int32_t));
  if (!t->dtd_lanes || !t->dtp_lanes || !t->pair_lanes)
    return ar_fail(AR_ERR_NOMEM, "out of memory reading the template");
  for (int32_t l = 0; l < t->nlanes; l++) {
    if (t->service[l] == SC_SERVICE_DTD) t->dtd_lanes[t->ndtd++] = l;
    if (t->service[l] == SC_SERVICE_DTP) t->dtp_lanes[t->ndtp++] = l;
  }
  if (t->ndtd == 0 || t->ndtp == 0)
    return ar_fail(AR_ERR_USAGE, "the template network needs both DTD and DTP lanes");
  return AR_OK;
}

static int32_t template_band(const synth_template *t, int32_t i) {
  return t->band_list ? t->band_list[i] : i;
}

/* --- Codes ------------------------------------------------------------------------------------ */

static int digits(int64_t n) {
  int d = 1;
  while (n >= 10) {
    n /= 10;
    d++;
  }
  return d;
}

/* n codes "PREFIX%0*d" (zero-padded so that sorted order is numeric order). */
static ar_status make_codes(supply_names *names, const char *prefix, int32_t n, int width) {
  names->code = calloc(n > 0 ? (size_t)n : 1, sizeof *names->code);
  if (!names->code) return ar_fail(AR_ERR_NOMEM, "out of memory making codes");
  names->n = n;
  for (int32_t i = 0; i < n; i++) {
    char buf[SC_CODE_MAX + 1];
    snprintf(buf, sizeof buf, "%s%0*d", prefix, width, i + 1);
    names->code[i] = strdup(buf);
    if (!names->code[i]) return ar_fail(AR_ERR_NOMEM, "out of memory making codes");
  }
  return AR_OK;
}

/* --- Generation --------------------------------------------------------------------------------
 */

#define ALLOC(ptr, n)                                                                              \
  do {                                                                                             \
    (ptr) = malloc(((n) > 0 ? (size_t)(n) : 1) * sizeof *(ptr));                                   \
    if (!(ptr)) return ar_fail(AR_ERR_NOMEM, "out of memory generating the network");              \
  } while (0)

typedef struct {
  const supply_synth_params *p;
  synth_template *t;
  supply_net *net;
  synth_rng rng;
  int32_t ndest;
  int32_t *dest_port;    /* [ndest] */
  int32_t *dest_of_port; /* [ports] index into dest_port, or -1 */
  int32_t *supply_start; /* CSR over (port, dest index, service 0/1) -> lanes */
  int32_t *supply_lane;
  int32_t crf_carrier;
} synth_ctx;

static ar_status make_plants(synth_ctx *c) {
  supply_net *net = c->net;
  const int32_t np = c->p->plants, nq = c->p->ports;
  ar_status st = make_codes(&net->plants, "PLANT", np, digits(np) < 2 ? 2 : digits(np));
  if (st == AR_OK) st = make_codes(&net->ports, "PORT", nq, digits(nq) < 2 ? 2 : digits(nq));
  if (st != AR_OK) return st;
  ALLOC(net->plant_cost_per_unit, np);
  ALLOC(net->plant_capacity, np);
  /* Capacities: the template's relative sizes, scaled to 1.2 x the mean daily order count. */
  double *share;
  ALLOC(share, np);
  double total = 0;
  for (int32_t i = 0; i < np; i++) {
    int32_t j = synth_rng_below(&c->rng, c->t->nplants);
    net->plant_cost_per_unit[i] = c->t->cost[j] * (0.9 + 0.2 * synth_rng_unit(&c->rng));
    share[i] = 1.0 + c->t->capacity[j];
    total += share[i];
  }
  double daily = 1.2 * (double)c->p->orders_per_month / 30.4;
  for (int32_t i = 0; i < np; i++) {
    double cap = share[i] / total * daily + 0.5;
    net->plant_capacity[i] = cap < 1 ? 1 : cap > INT32_MAX ? INT32_MAX : (int32_t)cap;
  }
  free(share);
  /* Ports: one per plant, a second for 15 % of plants. */
  ALLOC(net->pp_plant, 2 * (int64_t)np);
  ALLOC(net->pp_port, 2 * (int64_t)np);
  int32_t n = 0;
  for (int32_t i = 0; i < np; i++) {
    int32_t first = synth_rng_below(&c->rng, nq);
    net->pp_plant[n] = i;
    net->pp_port[n++] = first;
    if (nq > 1 && synth_rng_unit(&c->rng) < 0.15) {
      int32_t second = synth_rng_below(&c->rng, nq - 1);
      net->pp_plant[n] = i;
      net->pp_port[n++] = second >= first ? second + 1 : second;
    }
  }
  net->n_plant_ports = n;
  /* Destination ports: every tenth port, evenly spread. */
  c->ndest = nq / 10 > 1 ? nq / 10 : 1;
  ALLOC(c->dest_port, c->ndest);
  ALLOC(c->dest_of_port, nq);
  for (int32_t q = 0; q < nq; q++)
    c->dest_of_port[q] = -1;
  for (int32_t i = 0; i < c->ndest; i++) {
    c->dest_port[i] = (int32_t)((int64_t)i * nq / c->ndest);
    c->dest_of_port[c->dest_port[i]] = i;
  }
  return AR_OK;
}

/* What the lanes will be, before they are written into the network: for every (origin port,
 * destination) pair its number of lanes, and for every lane the template lane it copies. */
typedef struct {
  uint8_t *is_origin; /* [ports]: some plant ships from it */
  int64_t npairs, nlanes, nbands;
  int32_t *k_of_pair; /* [npairs] */
  int32_t *shape;     /* [nlanes]: template lane index */
  int32_t ncarriers;  /* lane carriers (the customer-arranged one comes after them) */
} lane_plan;

static void lane_plan_free(lane_plan *lp) {
  free(lp->is_origin);
  free(lp->k_of_pair);
  free(lp->shape);
}

/* Pass 1: how many lanes per (origin, destination) pair, their shapes, and the totals. */
static ar_status lane_plan_make(synth_ctx *c, lane_plan *lp) {
  const synth_template *t = c->t;
  const int32_t nq = c->p->ports;
  memset(lp, 0, sizeof *lp);
  lp->is_origin = calloc((size_t)nq, 1);
  if (!lp->is_origin) return ar_fail(AR_ERR_NOMEM, "out of memory generating lanes");
  for (int32_t i = 0; i < c->net->n_plant_ports; i++)
    lp->is_origin[c->net->pp_port[i]] = 1;
  int32_t max_k = 2;
  for (int32_t i = 0; i < t->npairs; i++)
    if (t->pair_lanes[i] > max_k) max_k = t->pair_lanes[i];
  lp->ncarriers = max_k > 10 ? max_k : 10;
  for (int32_t q = 0; q < nq; q++)
    lp->npairs += lp->is_origin[q] ? c->ndest : 0;
  lp->k_of_pair = malloc((lp->npairs ? (size_t)lp->npairs : 1) * sizeof *lp->k_of_pair);
  if (!lp->k_of_pair) return ar_fail(AR_ERR_NOMEM, "out of memory generating lanes");
  for (int64_t i = 0; i < lp->npairs; i++) {
    int32_t k = t->pair_lanes[synth_rng_below(&c->rng, t->npairs)];
    lp->k_of_pair[i] = k < 2 ? 2 : k;
    lp->nlanes += lp->k_of_pair[i];
  }
  if (lp->nlanes > SC_ROWS_MAX)
    return ar_fail(AR_ERR_USAGE, "%lld lanes is more than the %d accepted (fewer ports?)",
                   (long long)lp->nlanes, SC_ROWS_MAX);
  lp->shape = malloc((lp->nlanes ? (size_t)lp->nlanes : 1) * sizeof *lp->shape);
  if (!lp->shape) return ar_fail(AR_ERR_NOMEM, "out of memory generating lanes");
  for (int64_t l = 0, i = 0; i < lp->npairs; i++)
    for (int32_t j = 0; j < lp->k_of_pair[i]; j++, l++) {
      /* Each pair gets a DTD and a DTP lane first, so every order can be routed. */
      lp->shape[l] = j == 0   ? t->dtd_lanes[synth_rng_below(&c->rng, t->ndtd)]
                     : j == 1 ? t->dtp_lanes[synth_rng_below(&c->rng, t->ndtp)]
                              : synth_rng_below(&c->rng, t->nlanes);
      lp->nbands += t->band_start[lp->shape[l] + 1] - t->band_start[lp->shape[l]];
    }
  if (lp->nbands > SC_ROWS_MAX)
    return ar_fail(AR_ERR_USAGE, "%lld weight bands is more than the %d accepted",
                   (long long)lp->nbands, SC_ROWS_MAX);
  return AR_OK;
}

/* Carriers: lanes use V444_NN; "V44_3", the data set's customer-arranged carrier, sorts last.
 * Carrier types: the template's. */
static ar_status make_carriers(synth_ctx *c, int32_t ncarriers) {
  supply_net *net = c->net;
  const synth_template *t = c->t;
  ar_status st = make_codes(&net->carriers, "V444_", ncarriers + 1, digits(ncarriers));
  if (st != AR_OK) return st;
  free(net->carriers.code[ncarriers]);
  net->carriers.code[ncarriers] = strdup("V44_3");
  if (!net->carriers.code[ncarriers]) return ar_fail(AR_ERR_NOMEM, "out of memory");
  c->crf_carrier = ncarriers;
  net->carrier_types.code = calloc((size_t)t->ncarrier_types, sizeof(char *));
  if (!net->carrier_types.code) return ar_fail(AR_ERR_NOMEM, "out of memory");
  for (int32_t i = 0; i < t->ncarrier_types; i++) {
    net->carrier_types.code[i] = strdup(t->carrier_types[i]);
    net->carrier_types.n = i + 1;
    if (!net->carrier_types.code[i]) return ar_fail(AR_ERR_NOMEM, "out of memory");
  }
  return AR_OK;
}

/* Lane l copies template lane s with carrier `carrier` from port q to destination port `dest`,
 * its bands from b on at this carrier's price level. */
static void fill_lane(synth_ctx *c, int64_t l, int32_t s, int32_t carrier, int32_t q, int32_t dest,
                      int64_t *b) {
  supply_net *net = c->net;
  const synth_template *t = c->t;
  net->lane_carrier[l] = carrier;
  net->lane_orig_port[l] = q;
  net->lane_dest_port[l] = dest;
  net->lane_carrier_type[l] = t->carrier_type[s];
  net->lane_service[l] = t->service[s];
  net->lane_mode[l] = t->mode[s];
  net->lane_tpt_days[l] = t->tpt[s];
  double f = 0.8 + 0.45 * synth_rng_unit(&c->rng); /* this carrier's price level */
  for (int32_t i = t->band_start[s]; i < t->band_start[s + 1]; i++, (*b)++) {
    int32_t tb = template_band(t, i);
    net->band_lane[*b] = (int32_t)l;
    net->band_min_weight[*b] = t->bmin[tb];
    net->band_max_weight[*b] = t->bmax[tb];
    net->band_min_cost[*b] = t->bcost[tb] * f;
    net->band_rate[*b] = t->brate[tb] * f;
  }
}

/* Pass 2: the lanes of every pair, with distinct carriers within a pair (distinct lanes). */
static ar_status fill_lanes(synth_ctx *c, const lane_plan *lp) {
  const int32_t ncarriers = lp->ncarriers;
  int32_t *perm = malloc((size_t)ncarriers * sizeof *perm);
  if (!perm) return ar_fail(AR_ERR_NOMEM, "out of memory generating lanes");
  for (int32_t i = 0; i < ncarriers; i++)
    perm[i] = i;
  int64_t l = 0, b = 0, pair = 0;
  for (int32_t q = 0; q < c->p->ports; q++) {
    if (!lp->is_origin[q]) continue;
    for (int32_t d = 0; d < c->ndest; d++, pair++) {
      int32_t k = lp->k_of_pair[pair] < ncarriers ? lp->k_of_pair[pair] : ncarriers;
      for (int32_t j = 0; j < k; j++) {
        int32_t swap = j + synth_rng_below(&c->rng, ncarriers - j), tmp = perm[j];
        perm[j] = perm[swap];
        perm[swap] = tmp;
      }
      for (int32_t j = 0; j < lp->k_of_pair[pair]; j++, l++)
        fill_lane(c, l, lp->shape[l], perm[j % ncarriers], q, c->dest_port[d], &b);
    }
  }
  free(perm);
  return AR_OK;
}

static ar_status make_lanes(synth_ctx *c) {
  lane_plan lp;
  ar_status st = lane_plan_make(c, &lp);
  if (st == AR_OK) st = make_carriers(c, lp.ncarriers);
  if (st == AR_OK) st = supply_net_alloc_lanes(c->net, lp.nlanes, lp.nbands);
  if (st == AR_OK) {
    c->net->n_lanes = (int32_t)lp.nlanes;
    c->net->n_bands = (int32_t)lp.nbands;
  }
  if (st == AR_OK) st = fill_lanes(c, &lp);
  lane_plan_free(&lp);
  return st;
}

static ar_status make_stock_and_customers(synth_ctx *c) {
  supply_net *net = c->net;
  const int32_t np = c->p->plants;
  int64_t nproducts = 81 * (int64_t)np; /* the real data: 1,540 products over 19 plants */
  if (nproducts < 20) nproducts = 20;
  if (nproducts > SC_ROWS_MAX / 3) nproducts = SC_ROWS_MAX / 3;
  int64_t ncustomers = 3 * (int64_t)np < 10 ? 10 : 3 * (int64_t)np;
  ar_status st = make_codes(&net->products, "P", (int32_t)nproducts, digits(nproducts));
  if (st == AR_OK) st = make_codes(&net->customers, "C", (int32_t)ncustomers, digits(ncustomers));
  if (st != AR_OK) return st;
  /* VMI plants: one in eight (when there are at least four plants), 1-4 customers each. */
  int32_t *plain;
  ALLOC(plain, np);
  ALLOC(net->vmi_plant, 4 * (int64_t)np);
  ALLOC(net->vmi_customer, 4 * (int64_t)np);
  int32_t nplain = 0, nvmi = 0;
  for (int32_t i = 0; i < np; i++) {
    if (np >= 4 && i % 8 == 3) {
      int32_t m = 1 + synth_rng_below(&c->rng, 4), first = synth_rng_below(&c->rng, ncustomers);
      for (int32_t j = 0; j < m && j < ncustomers; j++) {
        net->vmi_plant[nvmi] = i;
        net->vmi_customer[nvmi++] = (int32_t)((first + j) % ncustomers);
      }
    } else {
      plain[nplain++] = i;
    }
  }
  net->n_vmi = nvmi;
  /* Stock: a plant that serves anyone for every product, a second plant for 25 %, a third for
   * 5 % (so that every order has a route, and some have a choice). */
  ALLOC(net->stock_plant, 3 * nproducts);
  ALLOC(net->stock_product, 3 * nproducts);
  int32_t n = 0;
  for (int32_t q = 0; q < nproducts; q++) {
    int32_t chosen[3], m = 0;
    chosen[m++] = plain[synth_rng_below(&c->rng, nplain)];
    double u = synth_rng_unit(&c->rng);
    int32_t extra = u < 0.05 ? 2 : u < 0.30 ? 1 : 0;
    for (int32_t e = 0; e < extra && np > m; e++) {
      int32_t pick, dup;
      do {
        pick = synth_rng_below(&c->rng, np);
        dup = 0;
        for (int32_t j = 0; j < m; j++)
          dup |= chosen[j] == pick;
      } while (dup);
      chosen[m++] = pick;
    }
    for (int32_t j = 0; j < m; j++) {
      net->stock_plant[n] = chosen[j];
      net->stock_product[n++] = q;
    }
  }
  net->n_stock = n;
  free(plain);
  return AR_OK;
}

/* Lanes by (origin port, destination index, service level) for picking historical routes. */
static ar_status index_routes(synth_ctx *c) {
  supply_net *net = c->net;
  int64_t nkeys = (int64_t)c->p->ports * c->ndest * 2;
  c->supply_start = calloc((size_t)nkeys + 1, sizeof *c->supply_start);
  ALLOC(c->supply_lane, net->n_lanes);
  if (!c->supply_start) return ar_fail(AR_ERR_NOMEM, "out of memory indexing lanes");
  for (int32_t l = 0; l < net->n_lanes; l++) {
    int64_t key =
        ((int64_t)net->lane_orig_port[l] * c->ndest + c->dest_of_port[net->lane_dest_port[l]]) * 2 +
        net->lane_service[l];
    c->supply_start[key + 1]++;
  }
  for (int64_t k = 0; k < nkeys; k++)
    c->supply_start[k + 1] += c->supply_start[k];
  int32_t *fill;
  ALLOC(fill, nkeys);
  memcpy(fill, c->supply_start, (size_t)nkeys * sizeof *fill);
  for (int32_t l = 0; l < net->n_lanes; l++) {
    int64_t key =
        ((int64_t)net->lane_orig_port[l] * c->ndest + c->dest_of_port[net->lane_dest_port[l]]) * 2 +
        net->lane_service[l];
    c->supply_lane[fill[key]++] = l;
  }
  free(fill);
  return AR_OK;
}

static ar_status make_orders(synth_ctx *c) {
  supply_net *net = c->net;
  const synth_template *t = c->t;
  const int64_t total = c->p->orders_per_month * c->p->months;
  ALLOC(net->order_id, total);
  ALLOC(net->order_date, total);
  ALLOC(net->order_ship_ahead, total);
  ALLOC(net->order_ship_late, total);
  ALLOC(net->order_customer, total);
  ALLOC(net->order_product, total);
  ALLOC(net->order_dest_port, total);
  ALLOC(net->order_service, total);
  ALLOC(net->order_units, total);
  ALLOC(net->order_weight, total);
  ALLOC(net->hist_plant, total);
  ALLOC(net->hist_port, total);
  ALLOC(net->hist_carrier, total);
  ALLOC(net->hist_tpt_days, total);
  ALLOC(net->hist_lane, total);
  int y, m, d;
  supply_date_to_civil(t->first_date, &y, &m, &d);
  int64_t k = 0;
  for (int32_t month = 0; month < c->p->months; month++) {
    int ym = y * 12 + (m - 1) + month;
    int32_t start = supply_date_from_civil(ym / 12, ym % 12 + 1, 1);
    int32_t next = supply_date_from_civil((ym + 1) / 12, (ym + 1) % 12 + 1, 1);
    for (int64_t i = 0; i < c->p->orders_per_month; i++, k++) {
      int32_t j = synth_rng_below(&c->rng, t->norders);
      net->order_id[k] = 1000000000LL + k;
      net->order_date[k] = start + synth_rng_below(&c->rng, next - start);
      net->order_ship_ahead[k] = t->o_ahead[j];
      net->order_ship_late[k] = t->o_late[j];
      int8_t service = t->o_service[j];
      net->order_service[k] = service;
      double scale = 0.5 + synth_rng_unit(&c->rng);
      double units = (double)t->o_units[j] * scale + 0.5;
      net->order_units[k] = units < 1 ? 1 : units > INT32_MAX ? INT32_MAX : (int32_t)units;
      net->order_weight[k] = t->o_weight[j] * scale;
      int32_t customer = synth_rng_below(&c->rng, net->customers.n);
      int32_t product = synth_rng_below(&c->rng, net->products.n);
      int32_t dest = synth_rng_below(&c->rng, c->ndest);
      net->order_customer[k] = customer;
      net->order_product[k] = product;
      net->order_dest_port[k] = c->dest_port[dest];
      /* The historical route: a random allowed plant, one of its ports, a matching lane. */
      int32_t lo = net->product_plant_start[product], hi = net->product_plant_start[product + 1];
      int32_t allowed = 0, plant = -1;
      for (int32_t a = lo; a < hi; a++)
        allowed += supply_plant_serves(net, net->product_plant[a], customer);
      int32_t pick = synth_rng_below(&c->rng, allowed);
      for (int32_t a = lo; a < hi && plant < 0; a++)
        if (supply_plant_serves(net, net->product_plant[a], customer) && pick-- == 0)
          plant = net->product_plant[a];
      int32_t plo = net->plant_port_start[plant], phi = net->plant_port_start[plant + 1];
      int32_t port = net->plant_port[plo + synth_rng_below(&c->rng, phi - plo)];
      net->hist_plant[k] = plant;
      net->hist_port[k] = port;
      if (service == SC_SERVICE_CRF) {
        net->hist_lane[k] = -1;
        net->hist_carrier[k] = c->crf_carrier;
        net->hist_tpt_days[k] = t->o_tpt[j];
      } else {
        int64_t key = ((int64_t)port * c->ndest + dest) * 2 + service;
        int32_t rlo = c->supply_start[key], rhi = c->supply_start[key + 1];
        int32_t lane = c->supply_lane[rlo + synth_rng_below(&c->rng, rhi - rlo)];
        net->hist_lane[k] = lane;
        net->hist_carrier[k] = net->lane_carrier[lane];
        net->hist_tpt_days[k] = net->lane_tpt_days[lane];
      }
    }
  }
  net->n_orders = (int32_t)total;
  return AR_OK;
}

ar_status supply_synth_generate(const supply_synth_params *p, supply_net *net) {
  memset(net, 0, sizeof *net);
  if (p->orders_per_month < 1 || p->months < 1 || p->plants < 1 || p->ports < 1)
    return ar_fail(AR_ERR_USAGE, "orders, months, plants and ports must be at least 1");
  if (p->orders_per_month > SC_ROWS_MAX / p->months)
    return ar_fail(AR_ERR_USAGE, "%lld orders x %d months is more than the %d orders accepted",
                   (long long)p->orders_per_month, p->months, SC_ROWS_MAX);
  if ((int64_t)p->ports * p->ports > SC_ROWS_MAX || p->plants > SC_ROWS_MAX / 81)
    return ar_fail(AR_ERR_USAGE, "too many plants or ports");
  synth_template t;
  memset(&t, 0, sizeof t);
  ar_status st = p->template_net ? template_from_net(p->template_net, &t) : AR_OK;
  if (!p->template_net) template_builtin(&t);
  if (st == AR_OK) st = template_split_services(&t);
  synth_ctx c;
  memset(&c, 0, sizeof c);
  c.p = p;
  c.t = &t;
  c.net = net;
  synth_rng_seed(&c.rng, p->seed);
  if (st == AR_OK) st = make_plants(&c);
  if (st == AR_OK) st = make_lanes(&c);
  if (st == AR_OK) st = make_stock_and_customers(&c);
  if (st == AR_OK) st = supply_net_index(net); /* product -> plants, VMI lists, plant ports */
  if (st == AR_OK) st = index_routes(&c);
  if (st == AR_OK) st = make_orders(&c);
  free(t.pair_lanes);
  free(t.dtd_lanes);
  free(t.dtp_lanes);
  free(c.dest_port);
  free(c.dest_of_port);
  free(c.supply_start);
  free(c.supply_lane);
  if (st != AR_OK) supply_net_free(net);
  return st;
}
