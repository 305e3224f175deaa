/* inspect: per-format summaries for `antroute inspect` (one function per file kind). */
#ifndef AR_INSPECT_H
#define AR_INSPECT_H

#include <hdf5.h>
#include <stdio.h>

#include "ar_error.h"

/* Dispatches on the root `format` attribute. */
ar_status inspect_summary(hid_t file, const char *format, FILE *out);

ar_status inspect_network(hid_t file, FILE *out);
ar_status inspect_results(hid_t file, FILE *out);
ar_status inspect_checkpoint(hid_t file, FILE *out);

#endif
