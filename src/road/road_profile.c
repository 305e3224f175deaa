/* SPDX-License-Identifier: BSD-3-Clause */
/* road_profile: OSM tags to drivable ways (see road_profile.h). */
#include "road_profile.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  const char *name;
  double kmh;
} class_row;

/* OSRM car profile, profiles/car.lua, speeds.highway (km/h). */
static const class_row classes[ROAD_CLASS_COUNT] = {
    [ROAD_CLASS_MOTORWAY] = {"motorway", 90},
    [ROAD_CLASS_MOTORWAY_LINK] = {"motorway_link", 45},
    [ROAD_CLASS_TRUNK] = {"trunk", 85},
    [ROAD_CLASS_TRUNK_LINK] = {"trunk_link", 40},
    [ROAD_CLASS_PRIMARY] = {"primary", 65},
    [ROAD_CLASS_PRIMARY_LINK] = {"primary_link", 30},
    [ROAD_CLASS_SECONDARY] = {"secondary", 55},
    [ROAD_CLASS_SECONDARY_LINK] = {"secondary_link", 25},
    [ROAD_CLASS_TERTIARY] = {"tertiary", 40},
    [ROAD_CLASS_TERTIARY_LINK] = {"tertiary_link", 20},
    [ROAD_CLASS_UNCLASSIFIED] = {"unclassified", 25},
    [ROAD_CLASS_RESIDENTIAL] = {"residential", 25},
    [ROAD_CLASS_LIVING_STREET] = {"living_street", 10},
    [ROAD_CLASS_SERVICE] = {"service", 15},
};

const char *road_class_name(road_class c) {
  return (unsigned)c < ROAD_CLASS_COUNT ? classes[c].name : "?";
}

double road_class_speed(road_class c) {
  return (unsigned)c < ROAD_CLASS_COUNT ? classes[c].kmh : 0;
}

const char *road_way_reason_name(road_way_reason r) {
  static const char *const names[ROAD_WAY_REASONS] = {
      [ROAD_WAY_KEPT] = "kept",
      [ROAD_WAY_NOT_HIGHWAY] = "not a highway",
      [ROAD_WAY_NOT_FOR_CARS] = "not for cars",
      [ROAD_WAY_NO_ACCESS] = "access no/private",
      [ROAD_WAY_AREA] = "area",
      [ROAD_WAY_REVERSIBLE] = "oneway=reversible",
  };
  return (unsigned)r < ROAD_WAY_REASONS ? names[r] : "?";
}

static const char *tag(const road_tag *tags, int ntags, const char *key) {
  for (int i = 0; i < ntags; i++)
    if (tags[i].key && tags[i].value && strcmp(tags[i].key, key) == 0) return tags[i].value;
  return NULL;
}

static int is_one_of(const char *v, const char *const *words) {
  for (; *words; words++)
    if (strcmp(v, *words) == 0) return 1;
  return 0;
}

/* The most specific access tag decides. */
static int access_denied(const road_tag *tags, int ntags) {
  static const char *const keys[] = {"motorcar", "motor_vehicle", "vehicle", "access", NULL};
  static const char *const denied[] = {"no", "private", NULL};
  for (const char *const *k = keys; *k; k++) {
    const char *v = tag(tags, ntags, *k);
    if (v) return is_one_of(v, denied);
  }
  return 0;
}

/* 0 both ways, 1 forward, -1 backward, 2 reversible (dropped). */
static int way_direction(const road_tag *tags, int ntags, road_class cls) {
  static const char *const forward[] = {"yes", "1", "true", NULL};
  static const char *const both[] = {"no", "0", "false", NULL};
  const char *v = tag(tags, ntags, "oneway");
  if (v) {
    if (is_one_of(v, forward)) return 1;
    if (strcmp(v, "-1") == 0) return -1;
    if (strcmp(v, "reversible") == 0) return 2;
    if (is_one_of(v, both)) return 0;
    return 0;
  }
  const char *junction = tag(tags, ntags, "junction");
  if (junction && (strcmp(junction, "roundabout") == 0 || strcmp(junction, "circular") == 0))
    return 1;
  return cls == ROAD_CLASS_MOTORWAY || cls == ROAD_CLASS_MOTORWAY_LINK;
}

void road_way_judge(const road_tag *tags, int ntags, road_way *w) {
  memset(w, 0, sizeof *w);
  const char *highway = tag(tags, ntags, "highway");
  if (!highway) {
    w->reason = ROAD_WAY_NOT_HIGHWAY;
    return;
  }
  int found = 0;
  for (int c = 0; c < ROAD_CLASS_COUNT && !found; c++)
    if (strcmp(highway, classes[c].name) == 0) {
      w->cls = (road_class)c;
      found = 1;
    }
  const char *area = tag(tags, ntags, "area");
  int dir = found ? way_direction(tags, ntags, w->cls) : 0;
  if (!found)
    w->reason = ROAD_WAY_NOT_FOR_CARS;
  else if (access_denied(tags, ntags))
    w->reason = ROAD_WAY_NO_ACCESS;
  else if (area && strcmp(area, "yes") == 0)
    w->reason = ROAD_WAY_AREA;
  else if (dir == 2)
    w->reason = ROAD_WAY_REVERSIBLE;
  if (w->reason != ROAD_WAY_KEPT) return;
  w->direction = dir;
  const char *maxspeed = tag(tags, ntags, "maxspeed");
  double v = maxspeed ? road_maxspeed_parse(maxspeed) : 0;
  w->speed_from_tag = v > 0;
  w->speed_kmh = v > 0 ? v : classes[w->cls].kmh;
}

double road_maxspeed_parse(const char *value) {
  const char *p = value;
  while (*p == ' ')
    p++;
  if (!isdigit((unsigned char)*p)) return 0;
  char *end;
  double v = strtod(p, &end);
  while (*end == ' ')
    end++;
  double factor = 0;
  if (*end == '\0' || strcmp(end, "km/h") == 0 || strcmp(end, "kmh") == 0 ||
      strcmp(end, "kph") == 0)
    factor = 1;
  else if (strcmp(end, "mph") == 0)
    factor = 1.609344;
  else if (strcmp(end, "knots") == 0)
    factor = 1.852;
  v *= factor;
  return v >= 1 && v <= 300 ? v : 0;
}
