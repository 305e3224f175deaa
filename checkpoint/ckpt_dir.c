/* SPDX-License-Identifier: BSD-3-Clause */
/* ckpt_dir: checkpoint file names, directory scan, rotation (--keep) and moving damaged files. */
#include "ckpt_dir.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include "ar_agree.h"
#include "ar_comm.h"
#include "ar_path.h"
#include "ckpt_identity.h"
#include "ckpt_keep.h"
#include "ckpt_lock.h"
#include "h5u.h"

static const char *kind_suffix(ckpt_file_kind kind) {
  return kind == CKPT_FILE_TMP ? ".tmp" : kind == CKPT_FILE_DAMAGED ? ".damaged" : "";
}

ar_status ckpt_dir_path(char *buf, size_t cap, const char *dir, int64_t seq, ckpt_file_kind kind) {
  int n = snprintf(buf, cap, "%s/ckpt-%0*lld.h5%s", dir, CKPT_SEQ_DIGITS, (long long)seq,
                   kind_suffix(kind));
  if (n < 0 || (size_t)n >= cap) return ar_fail(AR_ERR_USAGE, "checkpoint path too long: %s", dir);
  return AR_OK;
}

ar_status ckpt_dir_tmp_path(char *buf, size_t cap, const char *dir, int64_t seq, uint32_t id) {
  int n = snprintf(buf, cap, "%s/ckpt-%0*lld.h5.%08lx.tmp", dir, CKPT_SEQ_DIGITS, (long long)seq,
                   (unsigned long)id);
  if (n < 0 || (size_t)n >= cap) return ar_fail(AR_ERR_USAGE, "checkpoint path too long: %s", dir);
  return AR_OK;
}

ar_status ckpt_dir_entry_path(char *buf, size_t cap, const char *dir, const ckpt_dir_entry *e) {
  return e->kind == CKPT_FILE_TMP && e->tagged ? ckpt_dir_tmp_path(buf, cap, dir, e->seq, e->tag)
                                               : ckpt_dir_path(buf, cap, dir, e->seq, e->kind);
}

/* 1 and *tag for ".XXXXXXXX.tmp" (8 lower-case hex digits). */
static int parse_tag(const char *p, uint32_t *tag) {
  if (p[0] != '.' || strlen(p) != 13 || strcmp(p + 9, ".tmp") != 0) return 0;
  uint32_t v = 0;
  for (int i = 1; i <= 8; i++) {
    char c = p[i];
    int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
    if (d < 0) return 0;
    v = v << 4 | (uint32_t)d;
  }
  *tag = v;
  return 1;
}

int ckpt_dir_parse_entry(const char *name, ckpt_dir_entry *e) {
  if (strncmp(name, "ckpt-", 5) != 0) return 0;
  const char *p = name + 5;
  int64_t v = 0;
  int digits = 0;
  for (; *p >= '0' && *p <= '9'; p++, digits++) {
    if (v > (INT64_MAX - 9) / 10) return 0;
    v = v * 10 + (*p - '0');
  }
  if (digits == 0 || strncmp(p, ".h5", 3) != 0) return 0;
  p += 3;
  e->tagged = 0;
  e->tag = 0;
  if (strcmp(p, "") == 0)
    e->kind = CKPT_FILE_FINAL;
  else if (strcmp(p, ".tmp") == 0)
    e->kind = CKPT_FILE_TMP;
  else if (strcmp(p, ".damaged") == 0)
    e->kind = CKPT_FILE_DAMAGED;
  else if (parse_tag(p, &e->tag)) {
    e->kind = CKPT_FILE_TMP;
    e->tagged = 1;
  } else
    return 0;
  e->seq = v;
  return 1;
}

int ckpt_dir_parse_name(const char *name, int64_t *seq, ckpt_file_kind *kind) {
  ckpt_dir_entry e;
  if (!ckpt_dir_parse_entry(name, &e)) return 0;
  *seq = e.seq;
  *kind = e.kind;
  return 1;
}

int ckpt_dir_owns(const char *dir, const char *path) {
  /* As written (a link there is followed or replaced by the writes) and where it really is. */
  for (int resolve = 0; resolve <= 1; resolve++) {
    char name[H5U_PATH_MAX];
    int64_t seq;
    ckpt_file_kind kind;
    if (ar_path_in_dir(path, dir, resolve, name, sizeof name) &&
        (ckpt_dir_parse_name(name, &seq, &kind) || strcmp(name, CKPT_LOCK_NAME) == 0 ||
         ckpt_keep_is_name(name)))
      return 1;
  }
  return 0;
}

static int entry_cmp(const void *a, const void *b) {
  const ckpt_dir_entry *x = a, *y = b;
  if (x->seq != y->seq) return x->seq < y->seq ? -1 : 1;
  return (int)x->kind - (int)y->kind;
}

ar_status ckpt_dir_scan(const char *dir, ckpt_dir_list *list) {
  list->entries = NULL;
  list->n = 0;
  DIR *d = opendir(dir);
  if (!d) {
    if (errno == ENOENT) return AR_OK;
    return ar_fail(AR_ERR_IO, "cannot read checkpoint directory %s: %s", dir, strerror(errno));
  }
  int cap = 0;
  struct dirent *e;
  while ((e = readdir(d)) != NULL) {
    ckpt_dir_entry entry;
    if (!ckpt_dir_parse_entry(e->d_name, &entry)) continue;
    if (list->n == cap) {
      cap = cap ? 2 * cap : 16;
      ckpt_dir_entry *grown = realloc(list->entries, (size_t)cap * sizeof *grown);
      if (!grown) {
        closedir(d);
        ckpt_dir_list_free(list);
        return ar_fail(AR_ERR_NOMEM, "out of memory listing %s", dir);
      }
      list->entries = grown;
    }
    list->entries[list->n++] = entry;
  }
  closedir(d);
  if (list->n > 1) qsort(list->entries, (size_t)list->n, sizeof *list->entries, entry_cmp);
  return AR_OK;
}

void ckpt_dir_list_free(ckpt_dir_list *list) {
  free(list->entries);
  list->entries = NULL;
  list->n = 0;
}

int64_t ckpt_dir_next_seq(const ckpt_dir_list *list) {
  return list->n > 0 ? list->entries[list->n - 1].seq + 1 : 1;
}

static ar_status mkdir_parents(const char *dir) {
  char path[H5U_PATH_MAX];
  if (snprintf(path, sizeof path, "%s", dir) >= (int)sizeof path)
    return ar_fail(AR_ERR_USAGE, "checkpoint directory name too long: %s", dir);
  for (char *p = path + 1;; p++) {
    if (*p != '/' && *p != '\0') continue;
    char saved = *p;
    *p = '\0';
    if (mkdir(path, 0777) != 0 && errno != EEXIST)
      return ar_fail(AR_ERR_IO, "cannot create checkpoint directory %s: %s", path, strerror(errno));
    *p = saved;
    if (saved == '\0') break;
  }
  struct stat sb;
  if (stat(dir, &sb) != 0 || !S_ISDIR(sb.st_mode))
    return ar_fail(AR_ERR_IO, "checkpoint directory %s is not a directory", dir);
  return AR_OK;
}

ar_status ckpt_dir_prepare(const char *dir, MPI_Comm comm) {
  int rank = 0;
  ar_status st = ar_mpi_check(MPI_Comm_rank(comm, &rank), "MPI_Comm_rank");
  if (st == AR_OK && rank == 0) st = mkdir_parents(dir);
  return ar_agree(comm, st);
}

ar_status ckpt_dir_probe(const char *dir, MPI_Comm comm) {
  int rank = 0;
  ar_status st = ar_comm_rank_size(comm, &rank, NULL);
  if (st != AR_OK) return st;
  if (rank == 0) {
    st = mkdir_parents(dir);
    char probe[H5U_PATH_MAX];
    if (st == AR_OK && snprintf(probe, sizeof probe, "%s/.antroute-probe-%ld", dir,
                                (long)getpid()) >= (int)sizeof probe)
      st = ar_fail(AR_ERR_USAGE, "checkpoint directory name too long: %s", dir);
    if (st == AR_OK) {
      int fd = open(probe, O_WRONLY | O_CREAT | O_EXCL, 0600);
      if (fd < 0)
        st = ar_fail(AR_ERR_IO, "%s", strerror(errno));
      else {
        close(fd);
        unlink(probe);
      }
    }
    if (st != AR_OK) {
      char why[1024];
      snprintf(why, sizeof why, "%s", ar_error_message());
      st = ar_fail(AR_ERR_IO,
                   "checkpoint folder %s cannot be written (%s); no search is started "
                   "without the checkpoints it asks for",
                   dir, why);
    }
  }
  return ar_agree(comm, st);
}

uint64_t ckpt_dir_free_bytes(const char *dir) {
  struct statvfs vfs;
  if (statvfs(dir, &vfs) != 0) return UINT64_MAX;
  return (uint64_t)vfs.f_bavail * (uint64_t)vfs.f_frsize;
}

/* Rank 0: is entry e of dir a file of the run `own`? (A tagged .tmp by its name, a final
 * checkpoint or an untagged .tmp by its attributes; a damaged file never.) */
static int is_own(const char *dir, const ckpt_dir_entry *e, uint32_t own) {
  if (e->kind == CKPT_FILE_DAMAGED) return 0;
  if (e->kind == CKPT_FILE_TMP && e->tagged) return e->tag == own;
  char path[H5U_PATH_MAX];
  uint32_t id;
  return ckpt_dir_entry_path(path, sizeof path, dir, e) == AR_OK && ckpt_identity_read(path, &id) &&
         id == own;
}

/* The run's own entries of dir (the others dropped from the list, in order). */
static ar_status scan_own(const char *dir, uint32_t own, ckpt_dir_list *list) {
  ar_status st = ckpt_dir_scan(dir, list);
  if (st != AR_OK) return st;
  int kept = 0;
  for (int i = 0; i < list->n; i++)
    if (is_own(dir, &list->entries[i], own)) list->entries[kept++] = list->entries[i];
  list->n = kept;
  return AR_OK;
}

ar_status ckpt_dir_make_room(const char *dir, int keep, uint64_t need, uint32_t own,
                             uint64_t *free_after) {
  *free_after = ckpt_dir_free_bytes(dir);
  if (*free_after >= need) return AR_OK;
  ckpt_dir_list list;
  ar_status st = scan_own(dir, own, &list);
  if (st != AR_OK) return st;
  int finals = 0;
  for (int i = 0; i < list.n; i++)
    finals += list.entries[i].kind == CKPT_FILE_FINAL;
  const int keep_now = keep - 1 > 1 ? keep - 1 : 1;
  /* Oldest first: leftovers of interrupted writes, then final checkpoints beyond keep_now. */
  for (int pass = 0; pass < 2 && *free_after < need && st == AR_OK; pass++)
    for (int i = 0; i < list.n && *free_after < need; i++) {
      const ckpt_dir_entry *e = &list.entries[i];
      if (pass == 0 ? e->kind != CKPT_FILE_TMP : e->kind != CKPT_FILE_FINAL || finals <= keep_now)
        continue;
      char path[H5U_PATH_MAX];
      if (ckpt_dir_entry_path(path, sizeof path, dir, e) != AR_OK) continue;
      if (unlink(path) != 0 && errno != ENOENT) {
        st = ar_fail(AR_ERR_IO, "cannot remove old checkpoint %s: %s", path, strerror(errno));
        break;
      }
      if (e->kind == CKPT_FILE_FINAL) finals--;
      *free_after = ckpt_dir_free_bytes(dir);
    }
  ckpt_dir_list_free(&list);
  return st;
}

ar_status ckpt_dir_rotate(const char *dir, int keep, uint32_t own) {
  ckpt_dir_list list;
  ar_status st = scan_own(dir, own, &list);
  if (st != AR_OK) return st;
  if (keep < 1) keep = 1;
  /* The seq below which final checkpoints go: the keep-th newest final one. */
  int64_t oldest_kept = INT64_MAX, newest_final = -1;
  int finals = 0;
  for (int i = list.n - 1; i >= 0; i--) {
    if (list.entries[i].kind != CKPT_FILE_FINAL) continue;
    if (newest_final < 0) newest_final = list.entries[i].seq;
    if (++finals <= keep) oldest_kept = list.entries[i].seq;
  }
  ar_status result = AR_OK;
  for (int i = 0; i < list.n; i++) {
    const ckpt_dir_entry *e = &list.entries[i];
    int drop = (e->kind == CKPT_FILE_FINAL && e->seq < oldest_kept) ||
               (e->kind == CKPT_FILE_TMP && e->seq < newest_final);
    if (!drop) continue;
    char path[H5U_PATH_MAX];
    if (ckpt_dir_entry_path(path, sizeof path, dir, e) != AR_OK) continue;
    if (unlink(path) != 0 && errno != ENOENT && result == AR_OK)
      result = ar_fail(AR_ERR_IO, "cannot remove old checkpoint %s: %s", path, strerror(errno));
  }
  ckpt_dir_list_free(&list);
  return result;
}

ar_status ckpt_dir_move_aside(const char *path, char *moved, size_t cap) {
  if (snprintf(moved, cap, "%s.damaged", path) >= (int)cap)
    return ar_fail(AR_ERR_USAGE, "checkpoint path too long: %s", path);
  if (rename(path, moved) != 0)
    return ar_fail(AR_ERR_IO, "cannot rename %s to %s: %s", path, moved, strerror(errno));
  return h5u_fsync_dir(path);
}
