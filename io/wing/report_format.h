/* SPDX-License-Identifier: BSD-3-Clause */
/* report_format: numbers as people read them (1,234,567.89), for the report summary and the
 * wings' sections of it. Never fails. */
#ifndef AR_REPORT_FORMAT_H
#define AR_REPORT_FORMAT_H

#include <stddef.h>

/* Formats v with thousands separators and `decimals` digits after the point into buf (cap bytes,
 * cut short when too small); returns buf. */
const char *report_fmt_number(char *buf, size_t cap, double v, int decimals);

#endif
