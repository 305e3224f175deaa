/* SPDX-License-Identifier: BSD-3-Clause */
/* h5res_supply: the results file of `antroute solve` on a supply-chain network
 * (docs/formats.md, "Results file: supply chain").
 *
 *   /            h5meta attributes (format "antroute-results"), kind = "supply-chain", input,
 *                instance; goal names and values of the whole plan
 *   /codes       plants, ports, carriers: the network's code tables (strings)
 *   /plan        one row per order, network order: order_id, month, served, plant, port, lane,
 *                carrier, service, mode, tpt_days, ship_day, wc, tc, time, co2, reason
 *   /unserved    order_id, month, reason of each unserved order
 *   /months      one row per month: year, month, orders, min_unserved (max-flow bound),
 *                served, unserved, wc, tc, time, co2, lower_wc, lower_cost, iterations, epochs,
 *                seconds, best_colony, best_iteration
 *   /months/YYYY-MM/trace   time, iteration, key0, key1: the month's convergence
 *   /totals      attributes: served, unserved, wc, tc, penalty, cost, time, co2, min_unserved
 *   /layout      attributes ranks, threads_per_rank, colonies; rank_host [R] (h5res_hosts.h)
 *
 * Collective on the file's communicator; every rank holds the same results and passes them to
 * every write (with data from rank 0 alone, one-element datasets came out garbled on 2 ranks
 * with Open MPI 4.1 and HDF5 1.10 here). h5res_supply_read_plan() reads back what `antroute export`
 * needs. Failures: AR_ERR_IO/AR_ERR_HDF5 naming the file and dataset, AR_ERR_INPUT for a file that
 * is not a supply-chain results file (naming the dataset and row).
 */
#ifndef AR_H5RES_SUPPLY_H
#define AR_H5RES_SUPPLY_H

#include <hdf5.h>

#include "param.h"
#include "supply_result.h"

typedef struct {
  const char *input; /* the network file */
  int threads;       /* OpenMP threads per rank */
  int32_t colonies;
} h5res_supply_info;

/* /plan, /codes, /months and the supply figures of the results file, collectively.
 * AR_ERR_IO/AR_ERR_HDF5 naming the file and the dataset, AR_ERR_NOMEM, AR_ERR_MPI. */
ar_status h5res_supply_write(hid_t file, const supply_model *m, const supply_result *r,
                             const param_set *ps, const h5res_supply_info *info);

/* The plan of a results file, as `antroute export --csv` writes it. */
typedef struct {
  int64_t n;
  int64_t *order_id;
  int8_t *served, *service, *mode;
  int32_t *plant, *port, *carrier, *tpt_days, *ship_day;
  char **plants, **ports, **carriers;
  hsize_t n_plants, n_ports, n_carriers;
} h5res_supply_plan;

/* Reads /plan and /codes of path (MPI_COMM_SELF) and checks every index against its code table
 * and every enumeration. AR_ERR_IO for a missing file, AR_ERR_INPUT naming the file and the
 * dataset, AR_ERR_NOMEM. */
ar_status h5res_supply_read_plan(const char *path, h5res_supply_plan *plan);
void h5res_supply_plan_free(h5res_supply_plan *plan);

#endif
