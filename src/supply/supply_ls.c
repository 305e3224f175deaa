/* SPDX-License-Identifier: BSD-3-Clause */
/* supply_ls: local search on order-routing plans (see supply_solve.h). */
#include <math.h>
#include <mpi.h>
#include <stdlib.h>
#include <string.h>

#include "supply_solve.h"

struct supply_ls {
  const supply_scope *sc;
  int32_t nslots;
  /* Served orders of each (plant, day) slot as doubly linked lists (no allocation while
   * searching). */
  int32_t *head, *next, *prev, *slot_of;
  /* Per slot: the served order whose removal gains most (replace moves), and that gain. */
  int32_t *cheap_v;
  double *cheap_gain;
  int8_t *dirty;
  /* Lane-fill moves: the (order, option) pairs of each lane (CSR), and scratch. */
  int64_t *lane_start;
  int32_t *lane_order, *lane_opt;
  struct fill_cand *cand;
  int32_t *undo_i, *undo_opt, *undo_day;
};

typedef struct fill_cand {
  double gain;
  double w;
  int32_t i, o;
} fill_cand;

ar_status supply_ls_create(const supply_scope *sc, supply_ls **out) {
  supply_ls *ls = calloc(1, sizeof *ls);
  if (!ls) return ar_fail(AR_ERR_NOMEM, "out of memory for local search");
  int32_t n = sc->n ? sc->n : 1;
  ls->sc = sc;
  ls->nslots = sc->m->net->plants.n * sc->ndays;
  ls->head = malloc((size_t)ls->nslots * sizeof *ls->head);
  ls->next = malloc((size_t)n * sizeof *ls->next);
  ls->prev = malloc((size_t)n * sizeof *ls->prev);
  ls->slot_of = malloc((size_t)n * sizeof *ls->slot_of);
  ls->cheap_v = malloc((size_t)ls->nslots * sizeof *ls->cheap_v);
  ls->cheap_gain = malloc((size_t)ls->nslots * sizeof *ls->cheap_gain);
  ls->dirty = malloc((size_t)ls->nslots);
  const supply_model *m = sc->m;
  int32_t nl = m->net->n_lanes;
  ls->lane_start = calloc((size_t)nl + 1, sizeof *ls->lane_start);
  if (ls->lane_start)
    for (int32_t i = 0; i < sc->n; i++) {
      int32_t k = sc->orders[i];
      for (int64_t x = m->opt_start[k]; x < m->opt_start[k + 1]; x++)
        if (m->opt_lane[x] >= 0) ls->lane_start[m->opt_lane[x] + 1]++;
    }
  int64_t pairs = 0;
  if (ls->lane_start)
    for (int32_t L = 0; L < nl; L++)
      ls->lane_start[L + 1] += ls->lane_start[L];
  if (ls->lane_start) pairs = ls->lane_start[nl];
  ls->lane_order = malloc((pairs ? (size_t)pairs : 1) * sizeof *ls->lane_order);
  ls->lane_opt = malloc((pairs ? (size_t)pairs : 1) * sizeof *ls->lane_opt);
  ls->cand = malloc((pairs ? (size_t)pairs : 1) * sizeof *ls->cand);
  ls->undo_i = malloc((size_t)n * sizeof *ls->undo_i);
  ls->undo_opt = malloc((size_t)n * sizeof *ls->undo_opt);
  ls->undo_day = malloc((size_t)n * sizeof *ls->undo_day);
  if (!ls->head || !ls->next || !ls->prev || !ls->slot_of || !ls->cheap_v || !ls->cheap_gain ||
      !ls->dirty || !ls->lane_start || !ls->lane_order || !ls->lane_opt || !ls->cand ||
      !ls->undo_i || !ls->undo_opt || !ls->undo_day) {
    supply_ls_free(ls);
    return ar_fail(AR_ERR_NOMEM, "out of memory for local search");
  }
  int64_t *fill = calloc((size_t)nl + 1, sizeof *fill);
  if (!fill) {
    supply_ls_free(ls);
    return ar_fail(AR_ERR_NOMEM, "out of memory for local search");
  }
  for (int32_t i = 0; i < sc->n; i++) {
    int32_t k = sc->orders[i];
    for (int64_t x = m->opt_start[k]; x < m->opt_start[k + 1]; x++) {
      int32_t L = m->opt_lane[x];
      if (L < 0) continue;
      int64_t at = ls->lane_start[L] + fill[L]++;
      ls->lane_order[at] = i;
      ls->lane_opt[at] = (int32_t)(x - m->opt_start[k]);
    }
  }
  free(fill);
  *out = ls;
  return AR_OK;
}

void supply_ls_free(supply_ls *ls) {
  if (!ls) return;
  free(ls->head);
  free(ls->next);
  free(ls->prev);
  free(ls->slot_of);
  free(ls->cheap_v);
  free(ls->cheap_gain);
  free(ls->dirty);
  free(ls->lane_start);
  free(ls->lane_order);
  free(ls->lane_opt);
  free(ls->cand);
  free(ls->undo_i);
  free(ls->undo_opt);
  free(ls->undo_day);
  free(ls);
}

static int32_t plan_slot(const supply_plan *p, int32_t i) {
  const supply_scope *sc = p->sc;
  if (p->opt[i] < 0) return -1;
  int32_t k = sc->orders[i];
  return sc->m->opt_plant[sc->m->opt_start[k] + p->opt[i]] * sc->ndays + (p->day[i] - sc->day0);
}

static void slot_insert(supply_ls *ls, int32_t i, int32_t s) {
  ls->slot_of[i] = s;
  if (s < 0) return;
  ls->prev[i] = -1;
  ls->next[i] = ls->head[s];
  if (ls->head[s] >= 0) ls->prev[ls->head[s]] = i;
  ls->head[s] = i;
  ls->dirty[s] = 1;
}

static void slot_remove(supply_ls *ls, int32_t i) {
  int32_t s = ls->slot_of[i];
  if (s < 0) return;
  if (ls->prev[i] >= 0)
    ls->next[ls->prev[i]] = ls->next[i];
  else
    ls->head[s] = ls->next[i];
  if (ls->next[i] >= 0) ls->prev[ls->next[i]] = ls->prev[i];
  ls->slot_of[i] = -1;
  ls->dirty[s] = 1;
}

static void slots_build(supply_ls *ls, const supply_plan *p) {
  for (int32_t s = 0; s < ls->nslots; s++) {
    ls->head[s] = -1;
    ls->dirty[s] = 1;
  }
  for (int32_t i = ls->sc->n - 1; i >= 0; i--)
    slot_insert(ls, i, plan_slot(p, i));
}

/* --- relocate ------------------------------------------------------------------------------ */

int supply_ls_relocate(supply_plan *p, int32_t i) {
  const supply_scope *sc = p->sc;
  const supply_model *m = sc->m;
  int32_t k = sc->orders[i], o0 = p->opt[i], d0 = p->day[i];
  if (o0 == ROUTE_ABSENT) return 0;
  supply_plan_remove(p, i);
  supply_totals best = p->tot;
  best.unserved++; /* unserved is always possible */
  int32_t best_o = ROUTE_UNSERVED, best_day = 0;
  if (o0 >= 0) {
    supply_delta d;
    /* Its own place is feasible again once it is out. */
    if (supply_plan_eval_add(p, i, o0, d0, &d)) {
      supply_totals t = supply_totals_apply(p->tot, &d, 1);
      if (supply_totals_compare(&m->cfg, &t, &best) <= 0) {
        best = t;
        best_o = o0;
        best_day = d0;
      }
    }
  }
  int32_t nopt = supply_plan_noptions(p, i);
  for (int32_t o = 0; o < nopt; o++)
    for (int32_t t = 0; t < m->win_len[k]; t++) {
      int32_t day = m->win_first[k] + t;
      supply_delta d;
      if (!supply_plan_eval_add(p, i, o, day, &d)) continue;
      supply_totals tt = supply_totals_apply(p->tot, &d, 1);
      /* Among equal plans, the earliest ship day: it leaves the later days, which the next
       * month's orders can reach by shipping ahead, free. */
      int cmp = supply_totals_compare(&m->cfg, &tt, &best);
      if (cmp < 0 || (cmp == 0 && best_o >= 0 && day < best_day)) {
        best = tt;
        best_o = o;
        best_day = day;
      }
    }
  if (best_o >= 0)
    supply_plan_add(p, i, best_o, best_day);
  else
    supply_plan_unserve(p, i);
  return best_o != o0 || (best_o >= 0 && best_day != d0);
}

static int64_t pass_relocate(supply_ls *ls, supply_plan *p) {
  int64_t moved = 0;
  for (int32_t i = 0; i < ls->sc->n; i++) {
    int32_t s0 = ls->slot_of[i];
    if (!supply_ls_relocate(p, i)) continue;
    moved++;
    int32_t s1 = plan_slot(p, i);
    if (s1 != s0) {
      slot_remove(ls, i);
      slot_insert(ls, i, s1);
    }
  }
  return moved;
}

/* --- replace: an unserved order takes the place of a served one --------------------------- */

/* A scalar for ranking removals: the goal value change of taking i out. */
static double removal_gain(const supply_plan *p, int32_t i) {
  supply_delta d;
  supply_plan_eval_remove(p, i, &d);
  return supply_scalar(&p->sc->m->cfg, d.wc, d.tc, d.time, d.co2);
}

static void slot_refresh(supply_ls *ls, const supply_plan *p, int32_t s) {
  if (!ls->dirty[s]) return;
  ls->dirty[s] = 0;
  ls->cheap_v[s] = -1;
  ls->cheap_gain[s] = HUGE_VAL;
  for (int32_t v = ls->head[s]; v >= 0; v = ls->next[v]) {
    double g = removal_gain(p, v);
    if (g < ls->cheap_gain[s]) {
      ls->cheap_gain[s] = g;
      ls->cheap_v[s] = v;
    }
  }
}

/* Serves unserved order u in place of the served order whose removal gains most on one of u's
 * full (plant, day)s, when that improves the objective. Returns 1 if it did. */
static int replace_one(supply_ls *ls, supply_plan *p, int32_t u) {
  const supply_scope *sc = p->sc;
  const supply_model *m = sc->m;
  if (p->opt[u] != ROUTE_UNSERVED) return 0;
  int32_t k = sc->orders[u], nopt = supply_plan_noptions(p, u);
  /* The best estimated exchange over u's routes on full days. */
  double best_est = 0.0;
  int32_t best_o = -1, best_day = 0, best_v = -1;
  for (int32_t o = 0; o < nopt; o++) {
    int32_t plant = m->opt_plant[m->opt_start[k] + o];
    for (int32_t t = 0; t < m->win_len[k]; t++) {
      int32_t day = m->win_first[k] + t, s = plant * sc->ndays + (day - sc->day0);
      if (ls->head[s] < 0) continue;
      supply_delta d;
      if (!supply_plan_eval_add_uncapped(p, u, o, day, &d)) continue;
      slot_refresh(ls, p, s);
      double est = supply_scalar(&m->cfg, d.wc, d.tc, d.time, d.co2) + ls->cheap_gain[s];
      if (est < best_est - 1e-9) {
        best_est = est;
        best_o = o;
        best_day = day;
        best_v = ls->cheap_v[s];
      }
    }
  }
  if (best_v < 0) return 0;
  /* Commit, then keep it only if the objective really improved. */
  supply_totals before = p->tot;
  int32_t vo = p->opt[best_v], vday = p->day[best_v];
  supply_plan_remove(p, best_v);
  supply_plan_unserve(p, best_v);
  supply_plan_remove(p, u);
  supply_delta d;
  int ok = supply_plan_eval_add(p, u, best_o, best_day, &d);
  if (ok) supply_plan_add(p, u, best_o, best_day);
  if (ok && supply_totals_compare(&m->cfg, &p->tot, &before) < 0) {
    slot_remove(ls, best_v);
    slot_insert(ls, best_v, -1);
    slot_insert(ls, u, plan_slot(p, u));
    return 1;
  }
  if (ok) supply_plan_remove(p, u);
  supply_plan_unserve(p, u);
  supply_plan_remove(p, best_v);
  supply_plan_add(p, best_v, vo, vday);
  ls->dirty[ls->slot_of[best_v]] = 1;
  return 0;
}

static int64_t pass_replace(supply_ls *ls, supply_plan *p) {
  int64_t moved = 0;
  for (int32_t u = 0; u < p->sc->n; u++)
    moved += replace_one(ls, p, u);
  return moved;
}

/* --- swap: two served orders trade (plant, day) places ------------------------------------- */

/* Order i's best option on slot s (plant, day) by eval_add without the capacity test; returns
 * the option or -1, with its delta. */
static int32_t best_on_slot(const supply_plan *p, int32_t i, int32_t s, supply_delta *best_d) {
  const supply_scope *sc = p->sc;
  const supply_model *m = sc->m;
  int32_t k = sc->orders[i], plant = s / sc->ndays, day = sc->day0 + s % sc->ndays;
  if (day < m->win_first[k] || day >= m->win_first[k] + m->win_len[k]) return -1;
  int32_t best_o = -1;
  double best = HUGE_VAL;
  for (int32_t o = 0; o < supply_plan_noptions(p, i); o++) {
    if (m->opt_plant[m->opt_start[k] + o] != plant) continue;
    supply_delta d;
    if (!supply_plan_eval_add_uncapped(p, i, o, day, &d)) continue;
    double v = supply_scalar(&m->cfg, d.wc, d.tc, d.time, d.co2);
    if (v < best) {
      best = v;
      best_o = o;
      *best_d = d;
    }
  }
  return best_o;
}

enum { SWAP_SCAN = 48 };

static int64_t pass_swap(supply_ls *ls, supply_plan *p) {
  const supply_scope *sc = p->sc;
  const supply_model *m = sc->m;
  int64_t moved = 0;
  for (int32_t a = 0; a < sc->n; a++) {
    if (p->opt[a] < 0) continue;
    int32_t ka = sc->orders[a], sa = ls->slot_of[a];
    int32_t plant_a = sa / sc->ndays;
    /* Only orders that can use another plant: day swaps alone change nothing but lanes. */
    int other_plant = 0;
    for (int64_t x = m->opt_start[ka]; x < m->opt_start[ka + 1]; x++)
      other_plant |= m->opt_plant[x] != plant_a;
    if (!other_plant) continue;
    double ra = removal_gain(p, a);
    double best_est = -1e-9;
    int32_t best_b = -1;
    for (int32_t o = 0; o < supply_plan_noptions(p, a); o++) {
      int32_t plant = m->opt_plant[m->opt_start[ka] + o];
      if (plant == plant_a) continue;
      for (int32_t t = 0; t < m->win_len[ka]; t++) {
        int32_t s = plant * sc->ndays + (m->win_first[ka] + t - sc->day0);
        if (p->pd_count[s] < sc->pd_limit[s]) continue; /* room: relocate's job */
        supply_delta da;
        if (best_on_slot(p, a, s, &da) < 0) continue;
        double ea = ra + supply_scalar(&m->cfg, da.wc, da.tc, da.time, da.co2);
        /* The most recently placed orders of the slot only: a full scan of every full slot for
         * every order costs too much on large months. */
        int32_t scanned = 0;
        for (int32_t b = ls->head[s]; b >= 0 && scanned < SWAP_SCAN; b = ls->next[b], scanned++) {
          supply_delta db;
          if (best_on_slot(p, b, sa, &db) < 0) continue;
          double est =
              ea + removal_gain(p, b) + supply_scalar(&m->cfg, db.wc, db.tc, db.time, db.co2);
          if (est < best_est) {
            best_est = est;
            best_b = b;
          }
        }
      }
    }
    if (best_b < 0) continue;
    int32_t b = best_b, sb = ls->slot_of[b];
    supply_totals before = p->tot;
    int32_t ao = p->opt[a], aday = p->day[a], bo = p->opt[b], bday = p->day[b];
    supply_plan_remove(p, a);
    supply_plan_remove(p, b);
    supply_delta d;
    int32_t oa = best_on_slot(p, a, sb, &d), ob = -1;
    int ok = oa >= 0 && supply_plan_eval_add(p, a, oa, sc->day0 + sb % sc->ndays, &d);
    if (ok) {
      supply_plan_add(p, a, oa, sc->day0 + sb % sc->ndays);
      ob = best_on_slot(p, b, sa, &d);
      ok = ob >= 0 && supply_plan_eval_add(p, b, ob, sc->day0 + sa % sc->ndays, &d);
      if (ok)
        supply_plan_add(p, b, ob, sc->day0 + sa % sc->ndays);
      else
        supply_plan_remove(p, a);
    }
    if (ok && supply_totals_compare(&m->cfg, &p->tot, &before) < 0) {
      slot_remove(ls, a);
      slot_remove(ls, b);
      slot_insert(ls, a, sb);
      slot_insert(ls, b, sa);
      moved++;
    } else {
      if (ok) {
        supply_plan_remove(p, a);
        supply_plan_remove(p, b);
      }
      supply_plan_add(p, a, ao, aday);
      supply_plan_add(p, b, bo, bday);
    }
  }
  return moved;
}

/* --- lane fill: move a batch of orders onto one lane-day, lifting it into a higher band --- */

static int compare_cand(const void *a, const void *b) {
  const fill_cand *x = a, *y = b;
  if (x->gain != y->gain) return x->gain < y->gain ? -1 : 1;
  return (x->i > y->i) - (x->i < y->i);
}

enum { FILL_BANDS_AHEAD = 6 };

/* Tries to lift lane L on day into band b (effective band index) by moving the most profitable
 * candidates onto it. Returns 1 when the plan improved (kept), 0 otherwise (plan unchanged). */
static int fill_try(supply_ls *ls, supply_plan *p, int32_t L, int32_t day, int32_t b,
                    int32_t ncand) {
  const supply_scope *sc = p->sc;
  const supply_model *m = sc->m;
  const supply_config *cfg = &m->cfg;
  int32_t dl = day - sc->day0;
  int64_t ld = L * (int64_t)sc->ndays + dl;
  double W = p->ld_w[ld];
  double lo = m->eb_min[b], hi = b + 1 < m->eb_start[L + 1] ? m->eb_min[b + 1] : m->lane_cap[L];
  /* Gains assuming the lane-day ends in band b. */
  for (int32_t c = 0; c < ncand; c++) {
    fill_cand *fc = &ls->cand[c];
    int32_t k = sc->orders[fc->i];
    int32_t plant = m->opt_plant[m->opt_start[k] + fc->o];
    double tc = supply_band_charge(m, b, fc->w);
    fc->gain = removal_gain(p, fc->i) + supply_scalar(cfg, supply_order_wc(m, k, plant), tc,
                                                      supply_order_time(m, k, L),
                                                      supply_order_co2(m, k, L));
  }
  /* The orders already there change band too. */
  double existing = 0.0;
  if (p->ld_n[ld] > 0) {
    const double *s =
        p->ld_s + (sc->s_offset[L] + (int64_t)dl * (m->eb_start[L + 1] - m->eb_start[L]));
    existing = supply_scalar(cfg, 0.0, s[b - m->eb_start[L]] - p->ld_cost[ld], 0.0, 0.0);
  }
  /* No prefix can do better than taking every gaining candidate: skip hopeless bands before
   * sorting. */
  double possible = existing;
  for (int32_t c = 0; c < ncand; c++)
    if (ls->cand[c].gain < 0.0) possible += ls->cand[c].gain;
  if (possible >= -1e-9) return 0;
  qsort(ls->cand, (size_t)ncand, sizeof *ls->cand, compare_cand);
  double acc = existing, wsum = W, best = -1e-9;
  int32_t best_len = 0;
  for (int32_t c = 0; c < ncand; c++) {
    wsum += ls->cand[c].w;
    acc += ls->cand[c].gain;
    if (wsum > hi - 1e-7 || wsum > m->lane_cap[L] + 1e-6) break;
    if (wsum + 1e-7 >= lo && acc < best) {
      best = acc;
      best_len = c + 1;
    }
  }
  if (best_len == 0) return 0;
  /* Commit, then keep only a real improvement. */
  supply_totals before = p->tot;
  int32_t done = 0, ok = 1;
  for (int32_t c = 0; c < best_len && ok; c++) {
    int32_t i = ls->cand[c].i;
    ls->undo_i[done] = i;
    ls->undo_opt[done] = p->opt[i];
    ls->undo_day[done] = p->day[i];
    done++;
    supply_plan_remove(p, i);
    supply_delta d;
    if (supply_plan_eval_add(p, i, ls->cand[c].o, day, &d))
      supply_plan_add(p, i, ls->cand[c].o, day);
    else
      ok = 0;
  }
  if (ok && supply_totals_compare(cfg, &p->tot, &before) < 0) {
    for (int32_t t = 0; t < done; t++) {
      int32_t i = ls->undo_i[t];
      slot_remove(ls, i);
      slot_insert(ls, i, plan_slot(p, i));
    }
    return 1;
  }
  for (int32_t t = done - 1; t >= 0; t--) {
    int32_t i = ls->undo_i[t];
    supply_plan_remove(p, i);
    if (ls->undo_opt[t] >= 0)
      supply_plan_add(p, i, ls->undo_opt[t], ls->undo_day[t]);
    else
      supply_plan_unserve(p, i);
  }
  return 0;
}

static int64_t pass_lane_fill(supply_ls *ls, supply_plan *p) {
  const supply_scope *sc = p->sc;
  const supply_model *m = sc->m;
  int64_t moved = 0;
  for (int32_t L = 0; L < m->net->n_lanes; L++) {
    if (m->net->lane_mode[L] != SC_MODE_AIR || m->cfg.band_basis != ROUTE_BAND_BY_LANE) continue;
    for (int32_t dl = 0; dl < sc->ndays; dl++) {
      int32_t day = sc->day0 + dl;
      int64_t ld = L * (int64_t)sc->ndays + dl;
      /* Candidates: served orders elsewhere that may use this lane on this day. */
      int32_t ncand = 0;
      double wcand = 0.0;
      for (int64_t t = ls->lane_start[L]; t < ls->lane_start[L + 1]; t++) {
        int32_t i = ls->lane_order[t], o = ls->lane_opt[t], k = sc->orders[i];
        if (p->opt[i] < 0 || (p->opt[i] == o && p->day[i] == day)) continue;
        if (day < m->win_first[k] || day >= m->win_first[k] + m->win_len[k]) continue;
        ls->cand[ncand++] = (fill_cand){0.0, m->net->order_weight[k], i, o};
        wcand += m->net->order_weight[k];
      }
      if (ncand == 0) continue;
      double W = p->ld_w[ld];
      int32_t bc = p->ld_n[ld] > 0 ? supply_band_find(m, L, W, NULL) : m->eb_start[L] - 1;
      for (int32_t b = bc + 1; b < m->eb_start[L + 1] && b <= bc + FILL_BANDS_AHEAD; b++) {
        if (m->eb_min[b] > W + wcand || m->eb_min[b] > m->lane_cap[L]) break;
        if (fill_try(ls, p, L, day, b, ncand)) {
          moved++;
          break; /* the candidate list is stale now */
        }
      }
    }
  }
  return moved;
}

int64_t supply_ls_rows(supply_ls *ls, supply_plan *p, const int32_t *rows, int32_t nrows,
                       int max_passes) {
  int64_t total = 0;
  slots_build(ls, p);
  for (int pass = 0; pass < max_passes; pass++) {
    int64_t moved = 0;
    for (int32_t t = 0; t < nrows; t++) {
      int32_t i = rows[t], s0 = ls->slot_of[i];
      if (!supply_ls_relocate(p, i)) continue;
      moved++;
      int32_t s1 = plan_slot(p, i);
      if (s1 != s0) {
        slot_remove(ls, i);
        slot_insert(ls, i, s1);
      }
    }
    total += moved;
    if (moved == 0) break;
  }
  if (p->sc->m->cfg.capacity)
    for (int32_t t = 0; t < nrows; t++)
      total += replace_one(ls, p, rows[t]);
  return total;
}

enum { LANE_PASSES_MAX = 3 };

int64_t supply_ls_run(supply_ls *ls, supply_plan *p, const supply_ls_params *par) {
  const supply_config *cfg = &p->sc->m->cfg;
  double start = MPI_Wtime();
  int64_t total = 0;
  int lane_passes = 0;
  slots_build(ls, p);
  for (int pass = 0; par->max_passes <= 0 || pass < par->max_passes; pass++) {
    int64_t moved = 0;
    if (par->moves & ROUTE_LS_RELOCATE) moved += pass_relocate(ls, p);
    if (cfg->capacity && (par->moves & ROUTE_LS_REPLACE)) moved += pass_replace(ls, p);
    if (cfg->capacity && (par->moves & ROUTE_LS_SWAP)) moved += pass_swap(ls, p);
    /* Lane fill is the costly pass (every lane-day, every candidate): only when the cheap
     * moves are exhausted, and a few times at most. */
    if (moved == 0 && (par->moves & ROUTE_LS_LANE) && lane_passes < LANE_PASSES_MAX) {
      moved += pass_lane_fill(ls, p);
      lane_passes++;
    }
    total += moved;
    if (moved == 0) break;
    if (par->time_limit > 0 && MPI_Wtime() - start > par->time_limit) break;
  }
  return total;
}
