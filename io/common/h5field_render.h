/* SPDX-License-Identifier: BSD-3-Clause */
/* h5field_render: tables of field declarations (h5field.h) as text: the Markdown of
 * docs/formats.md (between its <!-- formats:ID --> markers) and the JSON schema beside the report
 * script (`antroute formats`).
 */
#ifndef AR_H5FIELD_RENDER_H
#define AR_H5FIELD_RENDER_H

#include <stdio.h>

#include "ar_error.h"
#include "h5field.h"

/* The Markdown table of t, as docs/formats.md holds it between its markers. AR_ERR_IO when out
 * fails. */
ar_status h5field_markdown(FILE *out, const h5field_table *t);

/* The tables as one JSON object {"ID": {"title": ..., "fields": {"NAME": {...}, ...}}, ...}.
 * AR_ERR_IO when out fails. */
ar_status h5field_json(FILE *out, const h5field_table *const *tables, int n);

#endif
