/* SPDX-License-Identifier: BSD-3-Clause */
/* road_gunzip: gzip to a temporary file with zlib (see road_gunzip.h). */
#define _DEFAULT_SOURCE /* mkstemps */
#include "road_gunzip.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>

#include "ar_path.h"

int road_is_gzip(const char *path) {
  FILE *f = fopen(path, "rb");
  if (!f) return 0;
  unsigned char magic[2] = {0, 0};
  size_t got = fread(magic, 1, 2, f);
  fclose(f);
  return got == 2 && magic[0] == 0x1f && magic[1] == 0x8b;
}

void road_gunzip_remove(const char *tmp) {
  if (tmp && tmp[0]) unlink(tmp);
}

/* Copies the decompressed stream into fd; AR_OK at the end of a complete gzip stream. */
static ar_status inflate_into(const char *path, gzFile in, int fd, const char *tmp) {
  enum { CHUNK = 1 << 20 };
  char *buf = malloc(CHUNK);
  if (!buf) return ar_fail(AR_ERR_NOMEM, "out of memory decompressing %s", path);
  ar_status st = AR_OK;
  for (;;) {
    int got = gzread(in, buf, CHUNK);
    if (got < 0) {
      int code;
      const char *why = gzerror(in, &code);
      st = code == Z_ERRNO ? ar_fail(AR_ERR_IO, "%s: cannot read: %s", path, strerror(errno))
                           : ar_fail(AR_ERR_INPUT, "%s: damaged gzip data (%s)", path, why);
      break;
    }
    if (got == 0) break;
    for (int done = 0; done < got;) {
      ssize_t w = write(fd, buf + done, (size_t)(got - done));
      if (w < 0) {
        st = ar_fail(AR_ERR_IO, "%s: cannot write the decompressed copy of %s: %s", tmp, path,
                     strerror(errno));
        break;
      }
      done += (int)w;
    }
    if (st != AR_OK) break;
  }
  free(buf);
  /* gzread returns 0 at a premature end too; the stream is whole only if zlib saw its end. */
  if (st == AR_OK && !gzeof(in))
    st = ar_fail(AR_ERR_INPUT, "%s: gzip data ends early (truncated file?)", path);
  if (st == AR_OK) {
    int code;
    const char *why = gzerror(in, &code);
    if (code != Z_OK && code != Z_STREAM_END)
      st = ar_fail(AR_ERR_INPUT, "%s: damaged gzip data (%s)", path, why);
  }
  return st;
}

ar_status road_gunzip_temp(const char *path, const char *suffix, char *tmp, size_t cap) {
  tmp[0] = '\0';
  char name[AR_PATH_CAP];
  snprintf(name, sizeof name, "%s/antroute-XXXXXX%s", ar_path_tmp_dir(), suffix);
  gzFile in = gzopen(path, "rb");
  if (!in) return ar_fail(AR_ERR_IO, "cannot open %s: %s", path, strerror(errno));
  int fd = mkstemps(name, (int)strlen(suffix));
  if (fd < 0) {
    gzclose(in);
    return ar_fail(AR_ERR_IO, "cannot create a temporary file in %s: %s", ar_path_tmp_dir(),
                   strerror(errno));
  }
  ar_status st = inflate_into(path, in, fd, name);
  gzclose(in);
  if (close(fd) != 0 && st == AR_OK)
    st = ar_fail(AR_ERR_IO, "%s: cannot write: %s", name, strerror(errno));
  if (st != AR_OK) {
    unlink(name);
    return st;
  }
  snprintf(tmp, cap, "%s", name);
  return AR_OK;
}
