/* SPDX-License-Identifier: BSD-3-Clause */
/* road_profile: which OpenStreetMap ways a car may drive, in which direction, and how fast.
 *
 * The rules (docs/formats.md, "Reading OpenStreetMap"), one place for every importer:
 *  - highway classes kept: motorway, trunk, primary, secondary, tertiary (and their _link
 *    roads), unclassified, residential, living_street, service. Everything else (track, path,
 *    footway, cycleway, pedestrian, construction, proposed, ...) is not for cars.
 *  - access: the most specific of motorcar, motor_vehicle, vehicle, access decides; "no" and
 *    "private" drop the way (so access=no with motor_vehicle=yes is kept).
 *  - area=yes drops the way (a square, not a street).
 *  - oneway: yes/1/true = forward only, -1 = backward only, no/false/0 = both ways;
 *    "reversible" (direction changes by time of day) drops the way; without the tag,
 *    junction=roundabout/circular and highway=motorway/motorway_link are one-way forward
 *    (OSM's implied oneway); any other value is both ways.
 *  - speed: maxspeed when it is a plain number ("50", "50 km/h", "30 mph", "10 knots") in
 *    1..300 km/h; anything else ("none", "walk", "signals", country codes such as "DE:urban",
 *    several values "50;30") falls back to the class default.
 * Default speeds are those of OSRM's car profile (Project-OSRM/osrm-backend, profiles/car.lua,
 * table `speeds.highway`): free-flow speeds for urban and rural roads that OSRM has tuned
 * against real trips, so our costs are close to those of the engine most route solvers use.
 * Nothing here fails or allocates.
 */
#ifndef AR_ROAD_PROFILE_H
#define AR_ROAD_PROFILE_H

typedef enum {
  ROAD_CLASS_MOTORWAY,
  ROAD_CLASS_MOTORWAY_LINK,
  ROAD_CLASS_TRUNK,
  ROAD_CLASS_TRUNK_LINK,
  ROAD_CLASS_PRIMARY,
  ROAD_CLASS_PRIMARY_LINK,
  ROAD_CLASS_SECONDARY,
  ROAD_CLASS_SECONDARY_LINK,
  ROAD_CLASS_TERTIARY,
  ROAD_CLASS_TERTIARY_LINK,
  ROAD_CLASS_UNCLASSIFIED,
  ROAD_CLASS_RESIDENTIAL,
  ROAD_CLASS_LIVING_STREET,
  ROAD_CLASS_SERVICE,
  ROAD_CLASS_COUNT
} road_class;

/* The OSM highway value of a class ("motorway_link"). */
const char *road_class_name(road_class c);
/* Its default speed in km/h. */
double road_class_speed(road_class c);

typedef struct {
  const char *key, *value;
} road_tag;

/* Why a way is not kept (ROAD_WAY_KEPT when it is). */
typedef enum {
  ROAD_WAY_KEPT,
  ROAD_WAY_NOT_HIGHWAY,  /* no highway tag */
  ROAD_WAY_NOT_FOR_CARS, /* a highway class cars do not use */
  ROAD_WAY_NO_ACCESS,    /* access/motor_vehicle/... = no or private */
  ROAD_WAY_AREA,         /* area=yes */
  ROAD_WAY_REVERSIBLE,   /* oneway=reversible */
  ROAD_WAY_REASONS
} road_way_reason;

/* A short phrase for each reason ("not for cars"), for the importer's summary. */
const char *road_way_reason_name(road_way_reason r);

typedef struct {
  road_way_reason reason;
  road_class cls;
  int direction;      /* 0 both ways, 1 forward only (node order), -1 backward only */
  double speed_kmh;   /* maxspeed when usable, else the class default */
  int speed_from_tag; /* 1 when maxspeed gave the speed */
} road_way;

/* Judges a way from its tags. */
void road_way_judge(const road_tag *tags, int ntags, road_way *w);

/* A maxspeed value in km/h, or 0 when it is not a usable plain number (see above). */
double road_maxspeed_parse(const char *value);

#endif
