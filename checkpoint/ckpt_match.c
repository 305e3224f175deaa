/* SPDX-License-Identifier: BSD-3-Clause */
/* ckpt_match: comparison of a checkpoint's input checksum and search parameters with this run's. */
#include "ckpt_match.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MATCH_MAX_KEYS = 256, MATCH_KEY_MAX = 128, MATCH_VALUE_MAX = 512 };

typedef struct {
  char key[MATCH_KEY_MAX];
  char value[MATCH_VALUE_MAX];
} kv;

static void trim(char *s) {
  size_t len = strlen(s);
  while (len > 0 && (s[len - 1] == ' ' || s[len - 1] == '\t' || s[len - 1] == '\r'))
    s[--len] = '\0';
  size_t lead = strspn(s, " \t");
  if (lead) memmove(s, s + lead, strlen(s + lead) + 1);
}

/* Parses "key = value" lines (section headers and blank lines skipped). */
static int parse_pairs(const char *text, kv *out, int max) {
  int n = 0;
  const char *p = text ? text : "";
  while (*p && n < max) {
    const char *end = strchr(p, '\n');
    size_t len = end ? (size_t)(end - p) : strlen(p);
    char line[MATCH_KEY_MAX + MATCH_VALUE_MAX + 8];
    if (len >= sizeof line) len = sizeof line - 1;
    memcpy(line, p, len);
    line[len] = '\0';
    p = end ? end + 1 : p + strlen(p);
    char *eq = strchr(line, '=');
    if (line[0] == '[' || !eq) continue;
    *eq = '\0';
    snprintf(out[n].key, sizeof out[n].key, "%s", line);
    snprintf(out[n].value, sizeof out[n].value, "%s", eq + 1);
    trim(out[n].key);
    trim(out[n].value);
    n++;
  }
  return n;
}

static const kv *find_key(const kv *pairs, int n, const char *key) {
  for (int i = 0; i < n; i++)
    if (strcmp(pairs[i].key, key) == 0) return &pairs[i];
  return NULL;
}

/* Appends one difference to buf, separated by "; ". */
static void append(char *buf, size_t cap, const char *key, const char *now, const char *then) {
  size_t len = strlen(buf);
  if (len + 1 >= cap) return;
  const char *sep = len ? "; " : "";
  if (!then)
    snprintf(buf + len, cap - len, "%s%s = %s in this run, not set in the checkpoint", sep, key,
             now);
  else if (!now)
    snprintf(buf + len, cap - len, "%s%s = %s in the checkpoint, not set in this run", sep, key,
             then);
  else
    snprintf(buf + len, cap - len, "%s%s = %s in this run, %s in the checkpoint", sep, key, now,
             then);
}

int ckpt_match_params_diff(const char *checkpoint, const char *now, char *buf, size_t cap) {
  kv *then = calloc(MATCH_MAX_KEYS, sizeof *then), *cur = calloc(MATCH_MAX_KEYS, sizeof *cur);
  if (cap) buf[0] = '\0';
  if (!then || !cur) {
    free(then);
    free(cur);
    snprintf(buf, cap, "out of memory comparing parameters");
    return 1;
  }
  int nthen = parse_pairs(checkpoint, then, MATCH_MAX_KEYS);
  int ncur = parse_pairs(now, cur, MATCH_MAX_KEYS);
  int differences = 0;
  for (int i = 0; i < ncur; i++) {
    const kv *old = find_key(then, nthen, cur[i].key);
    if (!old) {
      append(buf, cap, cur[i].key, cur[i].value, NULL);
      differences++;
    } else if (strcmp(old->value, cur[i].value) != 0) {
      append(buf, cap, cur[i].key, cur[i].value, old->value);
      differences++;
    }
  }
  for (int i = 0; i < nthen; i++) {
    if (find_key(cur, ncur, then[i].key)) continue;
    append(buf, cap, then[i].key, NULL, then[i].value);
    differences++;
  }
  free(then);
  free(cur);
  return differences;
}

int ckpt_match_check(const char *ckpt_input, const char *ckpt_search, const char *now_input,
                     const char *now_search, char *buf, size_t cap) {
  int differences = 0;
  size_t len = 0;
  if (cap) buf[0] = '\0';
  if (now_input && ckpt_input && strcmp(now_input, ckpt_input) != 0) {
    snprintf(buf, cap, "the input file differs (checksum %s now, %s in the checkpoint)", now_input,
             ckpt_input);
    differences++;
    len = strlen(buf);
  }
  if (now_search && ckpt_search && len < cap) {
    char diff[2048];
    int n = ckpt_match_params_diff(ckpt_search, now_search, diff, sizeof diff);
    if (n > 0)
      snprintf(buf + len, cap - len, "%ssearch parameters differ: %s", len ? "; " : "", diff);
    differences += n;
  }
  return differences;
}
