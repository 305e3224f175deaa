/* inspect: per-format summaries for `antroute inspect` (one function per file kind). */
#ifndef AR_INSPECT_H
#define AR_INSPECT_H

#include <hdf5.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "ar_error.h"

/* Reads the root `format` and `format_version` and judges them as the file's own reader would:
 * a network file by the header check of solve and evaluate (h5net_header_check), results and
 * checkpoints by version >= 1 (their readers say more). AR_ERR_INPUT naming the file. */
ar_status inspect_header(hid_t file, char *format, size_t cap, int64_t *version);

/* Dispatches on the root `format` attribute. */
ar_status inspect_summary(hid_t file, const char *format, FILE *out);

ar_status inspect_network(hid_t file, FILE *out);
ar_status inspect_results(hid_t file, FILE *out);
ar_status inspect_checkpoint(hid_t file, FILE *out);
/* Order routing's results (called by inspect_results for kind "supply-chain"). */
ar_status inspect_results_supply(hid_t file, FILE *out);

/* A scalar dataset of a results file as int64 / double; nothing is read once *st is not AR_OK. */
int64_t inspect_scalar_i64(hid_t file, const char *path, ar_status *st);
double inspect_scalar_f64(hid_t file, const char *path, ar_status *st);

#endif
