/* SPDX-License-Identifier: BSD-3-Clause */
/* strdict: a string -> dense index dictionary (open addressing), used while importing tables to
 * turn codes ("PLANT03", "V444_1") into integer indices. Keys are copied; index i is the i-th
 * distinct key added. Not thread-safe; import-time only (hot data never holds strings).
 *
 * Failures: strdict_add() returns AR_ERR_NOMEM when memory runs out or the dictionary would
 * exceed INT32_MAX keys.
 */
#ifndef AR_STRDICT_H
#define AR_STRDICT_H

#include <stdint.h>

#include "ar_error.h"

typedef struct {
  int32_t n;       /* keys held */
  int32_t cap;     /* room in keys[] */
  char **keys;     /* keys[i] is the key of index i */
  int32_t *slots;  /* hash slots: index + 1, or 0 when empty */
  uint32_t nslots; /* a power of two, at least 2 n */
} strdict;

/* An empty dictionary (no allocation until the first add). */
void strdict_init(strdict *d);

/* Index of key, or -1. */
int32_t strdict_find(const strdict *d, const char *key);

/* Index of key, adding it when absent (*added = 1 then; added may be NULL). AR_ERR_NOMEM. */
ar_status strdict_add(strdict *d, const char *key, int32_t *index, int *added);

/* Hands the key array (n malloc'ed strings) to the caller and empties the dictionary. */
char **strdict_take_keys(strdict *d, int32_t *n);

void strdict_free(strdict *d);

#endif
