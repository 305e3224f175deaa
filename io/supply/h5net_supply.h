/* SPDX-License-Identifier: BSD-3-Clause */
/* h5net_supply: the supply-chain part of the antroute network file (HDF5).
 *
 * Layout (every dataset documented in docs/formats.md, "Network file: supply chain"): root
 * attributes from h5meta plus kind = "supply-chain"; group /supply with one subgroup per table
 * (plants, ports, carriers, carrier_types, customers, products, plant_ports, products_per_plant,
 * vmi, lanes, bands, orders) holding one 1-D dataset per column. Codes are fixed-length strings,
 * references are int32 indices into the code tables, enumerations are int8 with a `codes`
 * attribute, and numbers carry `units` and `description` attributes.
 *
 * Failures: writing returns AR_ERR_IO/AR_ERR_HDF5 and never leaves a partial file under the final
 * name (h5u_output). Reading returns AR_ERR_INPUT for anything malformed, with a message naming
 * the file, the dataset and, for a bad value, the row:
 *   "net.h5: dataset /supply/orders/hist_plant row 17: 99 is not a plant index (19 plants)".
 */
#ifndef AR_H5NET_SUPPLY_H
#define AR_H5NET_SUPPLY_H

#include <hdf5.h>
#include <mpi.h>

#include "ar_error.h"
#include "h5net.h"
#include "param.h"
#include "supply_net.h"

/* The kind, and the newest version of the format this module writes and reads. */
#define H5NET_SUPPLY_KIND "supply-chain"
enum { H5NET_SUPPLY_VERSION = 1 };

/* Writes net to path (through path.tmp and a rename) from the calling process alone
 * (MPI_COMM_SELF). ps (may be NULL) is recorded in the root `parameters` attribute, and its first
 * positional argument (the CSV directory of `import supply-chain`) in `source` ("" if none).
 * AR_ERR_USAGE/AR_ERR_IO for the output path, AR_ERR_IO/AR_ERR_HDF5 naming the file and the
 * dataset. */
ar_status h5net_supply_write(const supply_net *net, const char *path, const param_set *ps);

/* Every rank of comm reads the whole network collectively (MPI-IO) and validates it: shapes,
 * types, equal column lengths per table, every index against its table, enumeration codes,
 * NaN/infinite/negative numbers, band min <= max, unique order ids, sorted unique codes. net must
 * be zeroed; it is indexed (supply_net_index) on success and left empty on failure. Every rank
 * returns the same status. */
ar_status h5net_supply_read(const char *path, MPI_Comm comm, supply_net *net);

/* The same on a file already open (any communicator; collective on it). AR_ERR_INPUT naming the
 * file and the dataset or attribute that is missing or wrong, AR_ERR_NOMEM. */
ar_status h5net_supply_read_file(hid_t file, supply_net *net);

#endif
