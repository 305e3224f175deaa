/* SPDX-License-Identifier: BSD-3-Clause */
/* road_gunzip: a gzipped input decompressed to a temporary file, for readers that only take
 * plain files (libreadosm reads .osm and .pbf but not .osm.gz).
 *
 * The temporary file goes to $TMPDIR (else /tmp) as antroute-XXXXXX<suffix>; the caller
 * removes it (road_gunzip_remove) whatever happens. Failures: AR_ERR_IO when the input cannot
 * be opened or the temporary file cannot be written (a full disk), AR_ERR_INPUT naming the file
 * when the gzip data is damaged or truncated. Nothing is left behind on failure.
 */
#ifndef AR_ROAD_GUNZIP_H
#define AR_ROAD_GUNZIP_H

#include <stddef.h>

#include "ar_error.h"

/* 1 when the file starts with the gzip magic bytes (0 also when it cannot be read). */
int road_is_gzip(const char *path);

/* Decompresses path into a new temporary file whose name ends in suffix (".osm"), returned in
 * tmp (cap bytes). AR_ERR_IO naming the file that cannot be opened, created or written. */
ar_status road_gunzip_temp(const char *path, const char *suffix, char *tmp, size_t cap);

/* Removes the temporary file (nothing when tmp is ""). */
void road_gunzip_remove(const char *tmp);

#endif
