/* SPDX-License-Identifier: BSD-3-Clause */
/* report_format: numbers as people read them (1,234,567.89) for the report summary. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "report_format.h"

const char *report_fmt_number(char *buf, size_t cap, double v, int decimals) {
  char raw[64];
  snprintf(raw, sizeof raw, "%.*f", decimals, fabs(v));
  const char *dot = strchr(raw, '.');
  size_t int_len = dot ? (size_t)(dot - raw) : strlen(raw);
  size_t o = 0;
  if (v < 0 && o + 1 < cap) buf[o++] = '-';
  for (size_t i = 0; i < int_len && o + 1 < cap; i++) {
    buf[o++] = raw[i];
    size_t left = int_len - i - 1;
    if (left > 0 && left % 3 == 0 && o + 1 < cap) buf[o++] = ',';
  }
  for (const char *p = dot; p && *p && o + 1 < cap; p++)
    buf[o++] = *p;
  buf[o] = '\0';
  return buf;
}
