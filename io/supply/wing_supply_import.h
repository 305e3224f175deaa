/* SPDX-License-Identifier: BSD-3-Clause */
/* wing_supply_import: `antroute import supply-chain DIR -o OUT.h5`, the supply-chain wing's
 * importer of the seven CSV tables. */
#ifndef AR_WING_SUPPLY_IMPORT_H
#define AR_WING_SUPPLY_IMPORT_H

#include "ar_error.h"
#include "param.h"

/* The whole command (argv[0] = "supply-chain"): parses its options, imports on rank 0 while the
 * other ranks wait. AR_ERR_USAGE, AR_ERR_INPUT (FILE:LINE: column NAME: what is wrong), AR_ERR_IO,
 * AR_ERR_NOMEM; nothing is written on failure. */
ar_status wing_supply_import_csv(int argc, char **argv);

/* Its option table, copied into out (at most cap entries): how many, -1 when they do not fit. */
int wing_supply_import_csv_defs(param_def *out, int cap);

#endif
