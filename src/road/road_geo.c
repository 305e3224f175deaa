/* SPDX-License-Identifier: BSD-3-Clause */
/* road_geo: great-circle distances (see road_geo.h). */
#include "road_geo.h"

#include <math.h>

static const double DEG = 3.14159265358979323846 / 180.0;

double road_geo_metres(double lat1, double lon1, double lat2, double lon2) {
  double p1 = lat1 * DEG, p2 = lat2 * DEG;
  double dp = (lat2 - lat1) * DEG, dl = (lon2 - lon1) * DEG;
  double s = sin(dp / 2), t = sin(dl / 2);
  double h = s * s + cos(p1) * cos(p2) * t * t;
  if (h > 1) h = 1;
  return 2 * ROAD_EARTH_RADIUS_M * asin(sqrt(h));
}

void road_geo_unit(double lat, double lon, double xyz[3]) {
  double p = lat * DEG, l = lon * DEG;
  xyz[0] = cos(p) * cos(l);
  xyz[1] = cos(p) * sin(l);
  xyz[2] = sin(p);
}

double road_geo_chord_metres(double chord) {
  double half = chord / 2;
  if (half > 1) half = 1;
  return 2 * ROAD_EARTH_RADIUS_M * asin(half);
}

int road_geo_valid(double lat, double lon) {
  return isfinite(lat) && isfinite(lon) && fabs(lat) <= 90.0 && fabs(lon) <= 180.0;
}
