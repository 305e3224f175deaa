/* SPDX-License-Identifier: BSD-3-Clause */
/* supply_date: civil dates <-> days since 1970-01-01 (H. Hinnant's algorithms), and date parsing.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>

#include "supply_net.h"

int32_t supply_date_from_civil(int year, int month, int day) {
  int y = year - (month <= 2);
  int era = (y >= 0 ? y : y - 399) / 400;
  int yoe = y - era * 400;
  int doy = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1;
  int doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
  return (int32_t)(era * 146097 + doe - 719468);
}

void supply_date_to_civil(int32_t days, int *year, int *month, int *day) {
  int z = days + 719468;
  int era = (z >= 0 ? z : z - 146096) / 146097;
  int doe = z - era * 146097;
  int yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
  int doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
  int mp = (5 * doy + 2) / 153;
  *day = doy - (153 * mp + 2) / 5 + 1;
  *month = mp < 10 ? mp + 3 : mp - 9;
  *year = yoe + era * 400 + (*month <= 2);
}

static int days_in_month(int year, int month) {
  static const int days[12] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  int leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
  return month == 2 && leap ? 29 : days[month - 1];
}

/* Reads 1..maxdigits decimal digits at *p; returns the number of digits read (0: none). */
static int read_number(const char **p, int maxdigits, int *value) {
  int n = 0, v = 0;
  while (n < maxdigits && isdigit((unsigned char)**p)) {
    v = v * 10 + (**p - '0');
    (*p)++;
    n++;
  }
  if (isdigit((unsigned char)**p)) return 0; /* too many digits */
  *value = v;
  return n;
}

int supply_date_parse(const char *text, int32_t *days) {
  const char *p = text;
  int a, b, c, na, nb, nc, year, month, day;
  if ((na = read_number(&p, 4, &a)) == 0) return -1;
  if (na == 4 && *p == '-') { /* YYYY-MM-DD */
    p++;
    if ((nb = read_number(&p, 2, &b)) == 0 || *p++ != '-') return -1;
    if ((nc = read_number(&p, 2, &c)) == 0 || *p) return -1;
    year = a, month = b, day = c;
  } else if (na <= 2 && *p == '/') { /* M/D/YY or M/D/YYYY */
    p++;
    if ((nb = read_number(&p, 2, &b)) == 0 || *p++ != '/') return -1;
    if ((nc = read_number(&p, 4, &c)) == 0 || *p || (nc != 2 && nc != 4)) return -1;
    month = a, day = b;
    year = nc == 4 ? c : (c < 70 ? 2000 + c : 1900 + c);
  } else {
    return -1;
  }
  if (year < SC_YEAR_MIN || year > SC_YEAR_MAX || month < 1 || month > 12 || day < 1 ||
      day > days_in_month(year, month))
    return -1;
  *days = supply_date_from_civil(year, month, day);
  return 0;
}

void supply_date_format(int32_t days, char *buf, unsigned long cap) {
  int y, m, d;
  supply_date_to_civil(days, &y, &m, &d);
  snprintf(buf, cap, "%04d-%02d-%02d", y, m, d);
}

int32_t supply_date_month(int32_t days) {
  int y, m, d;
  supply_date_to_civil(days, &y, &m, &d);
  return (int32_t)((y - 1970) * 12 + (m - 1));
}
