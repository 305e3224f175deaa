/* SPDX-License-Identifier: BSD-3-Clause */
/* ckpt_lock: one run per checkpoint folder: an fcntl lock and a holder line (see ckpt_lock.h). */
#define _GNU_SOURCE
#include "ckpt_lock.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "ar_hooks.h"
#include "ckpt_deadline.h"

typedef struct {
  char host[256], job[64], since[32];
  long pid;
} holder;

static void this_run(holder *h) {
  memset(h, 0, sizeof *h);
  if (gethostname(h->host, sizeof h->host - 1) != 0) snprintf(h->host, sizeof h->host, "unknown");
  const char *job = getenv("SLURM_JOB_ID");
  snprintf(h->job, sizeof h->job, "%s", job && job[0] ? job : "-");
  h->pid = (long)getpid();
  time_t t = time(NULL);
  struct tm utc;
  gmtime_r(&t, &utc);
  strftime(h->since, sizeof h->since, "%Y-%m-%dT%H:%M:%SZ", &utc);
}

/* The holder line of the file (0: the file is empty or holds no such line: free). */
static int read_holder(int fd, holder *h) {
  char buf[512];
  ssize_t n = pread(fd, buf, sizeof buf - 1, 0);
  if (n <= 0) return 0;
  buf[n] = '\0';
  memset(h, 0, sizeof *h);
  return sscanf(buf, "host=%255s pid=%ld job=%63s since=%31s", h->host, &h->pid, h->job,
                h->since) == 4;
}

static ar_status write_holder(ckpt_lock *l, const holder *h) {
  char line[512];
  int n = snprintf(line, sizeof line, "host=%s pid=%ld job=%s since=%s\n", h->host, h->pid, h->job,
                   h->since);
  if (ftruncate(l->fd, 0) != 0 || pwrite(l->fd, line, (size_t)n, 0) != n || fsync(l->fd) != 0)
    return ar_fail(AR_ERR_IO, "cannot write the lock file %s: %s", l->path, strerror(errno));
  l->touched = ckpt_now();
  return AR_OK;
}

static ar_status refuse(const ckpt_lock *l, const char *dir, const holder *h, int known) {
  char who[512] = "";
  if (known)
    snprintf(who, sizeof who, " (host %s, PID %ld%s%s, since %s)", h->host, h->pid,
             strcmp(h->job, "-") ? ", Slurm job " : "", strcmp(h->job, "-") ? h->job : "",
             h->since);
  return ar_fail(AR_ERR_USAGE,
                 "checkpoint folder %s is in use by another run%s: two runs on one folder would "
                 "remove each other's checkpoints; wait for it to end, or give this run another "
                 "--checkpoint-dir (the lock: %s)",
                 dir, who, l->path);
}

/* Without kernel locks: is the holder h of the file gone? (why: for the note) */
static int stale(const ckpt_lock *l, const holder *h, const holder *me, const char **why) {
  struct stat sb;
  if (strcmp(h->host, me->host) == 0 && h->pid > 0 && kill((pid_t)h->pid, 0) != 0 &&
      errno == ESRCH) {
    *why = "its process runs no more";
    return 1;
  }
  if (strcmp(h->job, "-") != 0 && strcmp(h->job, me->job) == 0 && h->pid != me->pid) {
    *why = "it is an earlier run of this Slurm job (requeued)";
    return 1;
  }
  if (fstat(l->fd, &sb) == 0 && ckpt_now() - (double)sb.st_mtime > CKPT_LOCK_STALE_SECONDS) {
    *why = "it was not refreshed for an hour";
    return 1;
  }
  return 0;
}

/* Without kernel locks: the file decides (a holder not stale refuses; else ours is written and
 * read back, so that of two runs starting together the second writer wins and the first sees it).
 */
static ar_status take_by_file(ckpt_lock *l, const char *dir, const holder *me, FILE *note) {
  holder h;
  const char *why = NULL;
  if (read_holder(l->fd, &h)) {
    if (!stale(l, &h, me, &why)) return refuse(l, dir, &h, 1);
    if (note)
      fprintf(note,
              "antroute: taking over the stale lock of %s (host %s, PID %ld, job %s, since %s): "
              "%s\n",
              dir, h.host, h.pid, h.job, h.since, why);
  }
  ar_status st = write_holder(l, me);
  if (st != AR_OK) return st;
  holder back;
  int known = read_holder(l->fd, &back);
  if (!known || back.pid != me->pid || strcmp(back.host, me->host) != 0)
    return refuse(l, dir, &back, known);
  return AR_OK;
}

/* An fcntl write lock on the whole file: 1 taken, 0 held by another process, -1 no locks here. */
static int kernel_lock(int fd) {
  if (ar_hook_no_flock()) return -1;
  struct flock fl;
  memset(&fl, 0, sizeof fl);
  fl.l_type = F_WRLCK;
  fl.l_whence = SEEK_SET;
  if (fcntl(fd, F_SETLK, &fl) == 0) return 1;
  return errno == EAGAIN || errno == EACCES ? 0 : -1;
}

/* The kernel lock, waiting up to CKPT_LOCK_REQUEUE_WAIT s when the holder is this Slurm job. */
static int kernel_lock_wait(ckpt_lock *l, const char *dir, const holder *me, FILE *note) {
  int got = kernel_lock(l->fd);
  holder h;
  if (got != 0 || strcmp(me->job, "-") == 0 || !read_holder(l->fd, &h) ||
      strcmp(h.job, me->job) != 0)
    return got;
  if (note) {
    fprintf(note,
            "antroute: %s is locked by an earlier run of this Slurm job (host %s, PID %ld): "
            "waiting up to %d s for it to end\n",
            dir, h.host, h.pid, CKPT_LOCK_REQUEUE_WAIT);
    fflush(note);
  }
  struct timespec second = {1, 0};
  for (int i = 0; i < CKPT_LOCK_REQUEUE_WAIT && got == 0; i++) {
    nanosleep(&second, NULL);
    got = kernel_lock(l->fd);
  }
  return got;
}

ar_status ckpt_lock_take(ckpt_lock *l, const char *dir, FILE *note) {
  l->held = 0;
  l->fd = -1;
  l->kernel = 0;
  if (snprintf(l->path, sizeof l->path, "%s/%s", dir, CKPT_LOCK_NAME) >= (int)sizeof l->path)
    return ar_fail(AR_ERR_USAGE, "checkpoint directory name too long: %s", dir);
  int fd = open(l->path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0644);
  if (fd < 0)
    return ar_fail(AR_ERR_IO, "cannot open the lock file %s: %s", l->path, strerror(errno));
  l->fd = fd;
  holder me;
  this_run(&me);
  int got = kernel_lock_wait(l, dir, &me, note);
  ar_status st;
  if (got == 0) {
    holder h;
    st = refuse(l, dir, &h, read_holder(fd, &h));
  } else {
    l->kernel = got == 1;
    st = l->kernel ? write_holder(l, &me) : take_by_file(l, dir, &me, note);
  }
  if (st != AR_OK) {
    close(fd); /* also releases a kernel lock taken */
    l->fd = -1;
  }
  l->held = st == AR_OK;
  return st;
}

void ckpt_lock_refresh(ckpt_lock *l) {
  if (!l->held || l->kernel) return;
  double now = ckpt_now();
  if (now - l->touched < CKPT_LOCK_REFRESH_SECONDS) return;
  if (futimens(l->fd, NULL) == 0) l->touched = now;
}

void ckpt_lock_release(ckpt_lock *l) {
  if (!l->held) return;
  l->held = 0;
  if (ftruncate(l->fd, 0) != 0) { /* an unreleased file mode lock goes stale by itself */
  }
  close(l->fd);
  l->fd = -1;
}
