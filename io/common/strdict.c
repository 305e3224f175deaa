/* SPDX-License-Identifier: BSD-3-Clause */
/* strdict: open-addressing hash of strings to dense indices (FNV-1a, linear probing). */
#include "strdict.h"

#include <stdlib.h>
#include <string.h>

static uint32_t hash_string(const char *s) {
  uint32_t h = 2166136261u;
  for (; *s; s++) {
    h ^= (unsigned char)*s;
    h *= 16777619u;
  }
  return h;
}

void strdict_init(strdict *d) { memset(d, 0, sizeof *d); }

int32_t strdict_find(const strdict *d, const char *key) {
  if (d->nslots == 0) return -1;
  uint32_t mask = d->nslots - 1;
  for (uint32_t s = hash_string(key) & mask;; s = (s + 1) & mask) {
    int32_t v = d->slots[s];
    if (v == 0) return -1;
    if (strcmp(d->keys[v - 1], key) == 0) return v - 1;
  }
}

static void insert_slot(int32_t *slots, uint32_t nslots, const char *key, int32_t index) {
  uint32_t mask = nslots - 1;
  uint32_t s = hash_string(key) & mask;
  while (slots[s] != 0)
    s = (s + 1) & mask;
  slots[s] = index + 1;
}

static ar_status grow(strdict *d) {
  if (d->n >= INT32_MAX / 4)
    return ar_fail(AR_ERR_NOMEM, "too many distinct codes (more than %d)", INT32_MAX / 4);
  int32_t cap = d->cap ? 2 * d->cap : 64;
  char **keys = realloc(d->keys, (size_t)cap * sizeof *keys);
  if (!keys) return ar_fail(AR_ERR_NOMEM, "out of memory growing a code table");
  d->keys = keys;
  d->cap = cap;
  uint32_t nslots = (uint32_t)cap * 2;
  int32_t *slots = calloc(nslots, sizeof *slots);
  if (!slots) return ar_fail(AR_ERR_NOMEM, "out of memory growing a code table");
  for (int32_t i = 0; i < d->n; i++)
    insert_slot(slots, nslots, d->keys[i], i);
  free(d->slots);
  d->slots = slots;
  d->nslots = nslots;
  return AR_OK;
}

ar_status strdict_add(strdict *d, const char *key, int32_t *index, int *added) {
  if (added) *added = 0;
  int32_t found = strdict_find(d, key);
  if (found >= 0) {
    *index = found;
    return AR_OK;
  }
  if (d->n == d->cap) {
    ar_status st = grow(d);
    if (st != AR_OK) return st;
  }
  char *copy = strdup(key);
  if (!copy) return ar_fail(AR_ERR_NOMEM, "out of memory storing a code");
  d->keys[d->n] = copy;
  insert_slot(d->slots, d->nslots, copy, d->n);
  *index = d->n++;
  if (added) *added = 1;
  return AR_OK;
}

char **strdict_take_keys(strdict *d, int32_t *n) {
  char **keys = d->keys;
  *n = d->n;
  free(d->slots);
  strdict_init(d);
  return keys;
}

void strdict_free(strdict *d) {
  for (int32_t i = 0; i < d->n; i++)
    free(d->keys[i]);
  free(d->keys);
  free(d->slots);
  strdict_init(d);
}
