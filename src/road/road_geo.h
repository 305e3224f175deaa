/* SPDX-License-Identifier: BSD-3-Clause */
/* road_geo: distances on the Earth, for arc lengths and for snapping stops to roads.
 *
 * The Earth is a sphere of the IUGG mean radius 6,371,008.8 m (the radius OSRM and most routing
 * engines use); the great-circle distance is the haversine formula, accurate to about 0.5 %
 * against the ellipsoid, well below what OSM geometry is accurate to. Nothing here fails.
 */
#ifndef AR_ROAD_GEO_H
#define AR_ROAD_GEO_H

#define ROAD_EARTH_RADIUS_M 6371008.8

/* Great-circle distance in metres between two points given in degrees. */
double road_geo_metres(double lat1, double lon1, double lat2, double lon2);

/* The point as a unit vector (x, y, z): the straight-line (chord) distance between two such
 * vectors grows with the great-circle distance, so nearest by chord is nearest on the sphere. */
void road_geo_unit(double lat, double lon, double xyz[3]);

/* Great-circle metres of a chord length between unit vectors (0..2). */
double road_geo_chord_metres(double chord);

/* 1 when lat is in [-90, 90] and lon in [-180, 180] (and both finite). */
int road_geo_valid(double lat, double lon);

#endif
