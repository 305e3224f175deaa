/* SPDX-License-Identifier: BSD-3-Clause */
/* road_stops_path: how a stops file names its road network, so that moving both files together
 * keeps them working.
 *
 * `import stops` stores the road file relative to the folder of the stops file (from both
 * paths resolved: symbolic links followed), or as an absolute path when that cannot be worked
 * out. `solve` reads a relative name against the folder of the stops file it was given, and
 * falls back to the name as it is (relative to the working directory: how files written before
 * this were named) when no such file is there; --roads overrides both.
 * Failures: none; the functions always produce a name, at worst the one given.
 */
#ifndef AR_ROAD_STOPS_PATH_H
#define AR_ROAD_STOPS_PATH_H

#include <stddef.h>

/* out = the name to store for the road file roads in the stops file output (which need not
 * exist yet; its folder does). */
void road_stops_path_store(const char *roads, const char *output, char *out, size_t cap);

/* out = the road file a stops file at stops names by stored: an absolute path (symbolic links
 * resolved) when that file exists, else the name as it is (its reader then says it is missing). */
void road_stops_path_resolve(const char *stored, const char *stops, char *out, size_t cap);

#endif
