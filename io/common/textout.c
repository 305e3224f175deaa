/* SPDX-License-Identifier: BSD-3-Clause */
/* textout: text outputs through PATH.tmp and a rename (see textout.h). */
#include "textout.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <unistd.h>

#include "ar_signal.h"

ar_status textout_open(textout *t, const char *path) {
  memset(t, 0, sizeof *t);
  t->slot = -1;
  ar_status st = ar_output_resolve(path, NULL, t->target, sizeof t->target);
  if (st != AR_OK) return st;
  snprintf(t->tmp, sizeof t->tmp, "%s.tmp", t->target);
  t->slot = ar_signal_tmp_add(t->tmp); /* removed if a signal ends the process meanwhile */
  /* O_NOFOLLOW: a link planted at PATH.tmp is refused, never written through. */
  int fd = open(t->tmp, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0644);
  t->f = fd >= 0 ? fdopen(fd, "w") : NULL;
  if (t->f) return AR_OK;
  st = ar_fail(AR_ERR_IO, "%s: cannot write: %s", t->tmp, strerror(errno));
  if (fd >= 0) {
    close(fd);
    remove(t->tmp);
  }
  ar_signal_tmp_remove(t->slot);
  return st;
}

ar_status textout_close(textout *t, ar_status st) {
  if (!t->f) return st;
  int bad = ferror(t->f);
  if (fclose(t->f) != 0) bad = 1;
  t->f = NULL;
  if (st == AR_OK && bad)
    st = ar_fail(AR_ERR_IO, "%s: write failed: %s", t->tmp, strerror(errno));
  else if (st == AR_OK && (st = ar_output_replaceable(t->target)) != AR_OK)
    ar_error_prefix("%s", t->tmp);
  else if (st == AR_OK && rename(t->tmp, t->target) != 0)
    st = ar_fail(AR_ERR_IO, "%s: cannot rename to %s: %s", t->tmp, t->target, strerror(errno));
  if (st != AR_OK) remove(t->tmp);
  ar_signal_tmp_remove(t->slot);
  return st;
}
