/* SPDX-License-Identifier: BSD-3-Clause */
/* road_stops: the stops CSV of `import stops`: a header naming at least the columns id, lat,
 * lon (any order, more columns allowed), then one stop per row. Row order is stop order: stop
 * i is data row i (0-based), which is what a road tour's answer counts in.
 *
 * Failures: AR_ERR_IO when the file cannot be read; AR_ERR_INPUT "FILE:LINE: column NAME: what
 * is wrong" for an empty or too long id, an id that repeats an earlier row's (naming that row's
 * line), a latitude outside [-90, 90] or a longitude outside [-180, 180] (or not a number), and
 * "FILE: ..." for fewer than 3 stops or more than max; AR_ERR_NOMEM.
 */
#ifndef AR_ROAD_STOPS_H
#define AR_ROAD_STOPS_H

#include <stdint.h>

#include "ar_error.h"

enum { ROAD_STOP_ID_MAX = 255 };

typedef struct {
  int32_t n;
  char **id;     /* [n] */
  double *lat;   /* [n] degrees north */
  double *lon;   /* [n] degrees east */
  int64_t *line; /* [n] the CSV line each stop is on (the header is line 1) */
} road_stops;

/* Reads path; max is the most stops accepted (the caller's limit, named in the message). AR_ERR_IO
 * when path cannot be read, AR_ERR_INPUT naming the file and line (more than max stops included),
 * AR_ERR_NOMEM. */
ar_status road_stops_read(const char *path, int32_t max, road_stops *s);
void road_stops_free(road_stops *s);

#endif
