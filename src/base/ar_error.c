/* SPDX-License-Identifier: BSD-3-Clause */
/* ar_error: thread-local error messages and the status -> exit code mapping. */
#include "ar_error.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

enum { AR_ERROR_MAX = 2048 };
static _Thread_local char error_text[AR_ERROR_MAX];
static _Thread_local int error_shared;

ar_status ar_fail(ar_status code, const char *fmt, ...) {
  va_list ap;
  error_shared = 0;
  va_start(ap, fmt);
  vsnprintf(error_text, sizeof error_text, fmt, ap);
  va_end(ap);
  return code;
}

void ar_error_prefix(const char *fmt, ...) {
  char prefix[AR_ERROR_MAX];
  char old[AR_ERROR_MAX];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(prefix, sizeof prefix, fmt, ap);
  va_end(ap);
  /* A message that already starts with the prefix (a reader names its file) keeps one. */
  size_t len = strlen(prefix);
  if (strncmp(error_text, prefix, len) == 0 && error_text[len] == ':') return;
  memcpy(old, error_text, sizeof old);
  snprintf(error_text, sizeof error_text, "%s: %s", prefix, old);
}

const char *ar_error_message(void) { return error_text; }

void ar_error_clear(void) {
  error_text[0] = '\0';
  error_shared = 0;
}

void ar_error_mark_shared(void) { error_shared = 1; }

int ar_error_is_shared(void) { return error_shared; }

int ar_exit_code(ar_status code) {
  switch (code) {
  case AR_OK: return AR_EXIT_OK;
  case AR_ERR_USAGE: return AR_EXIT_USAGE;
  case AR_ERR_INPUT: return AR_EXIT_INPUT;
  case AR_ERR_IO: return AR_EXIT_IO;
  case AR_ERR_NOMEM: return AR_EXIT_NOMEM;
  case AR_ERR_RESUME: return AR_EXIT_RESUME;
  case AR_ERR_INFEASIBLE: return AR_EXIT_INFEASIBLE;
  case AR_ERR_STOPPED: return AR_EXIT_STOPPED;
  case AR_ERR_MPI:
  case AR_ERR_HDF5:
  case AR_ERR_INTERNAL: return AR_EXIT_FAILURE;
  }
  return AR_EXIT_FAILURE;
}

const char *ar_status_name(ar_status code) {
  switch (code) {
  case AR_OK: return "ok";
  case AR_ERR_USAGE: return "usage error";
  case AR_ERR_INPUT: return "input error";
  case AR_ERR_IO: return "I/O error";
  case AR_ERR_NOMEM: return "out of memory";
  case AR_ERR_MPI: return "MPI error";
  case AR_ERR_HDF5: return "HDF5 error";
  case AR_ERR_INTERNAL: return "internal error";
  case AR_ERR_RESUME: return "checkpointed";
  case AR_ERR_INFEASIBLE: return "infeasible plan";
  case AR_ERR_STOPPED: return "stopped by a signal";
  }
  return "error";
}
