/* SPDX-License-Identifier: BSD-3-Clause */
/* report_plot: draw the pictures by running antroute_report.py (see report.h).
 *
 * Why a Python script: matplotlib lays out axes, ticks, legends and labels well, and h5py reads
 * any dataset the results may gain without new C. Debian ships both (python3-h5py,
 * python3-matplotlib) for /usr/bin/python3, so no extra registry is needed; the summary stays in C
 * and works without Python.
 *
 * The script is started with posix_spawn (no fork of an MPI process's address space). Its
 * standard output is ours; its error output is captured so that a failure becomes one clear
 * message: exit 3 = the data cannot be drawn (AR_ERR_INPUT), 4 = a missing module or an
 * unwritable picture (AR_ERR_IO), anything else = a bug in the script (AR_ERR_INTERNAL, with its
 * traceback printed).
 */
#include <errno.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "ar_path.h"
#include "ar_signal.h"
#include "h5u.h"
#include "report.h"

/* Where the install puts the scripts, relative to the program's folder (cmake/install.cmake). */
#ifndef AR_REPORT_DIR_FROM_BIN
#define AR_REPORT_DIR_FROM_BIN "../share/antroute/report"
#endif
#ifndef AR_REPORT_PYTHON
#define AR_REPORT_PYTHON "/usr/bin/python3"
#endif

extern char **environ;

enum { ERR_KEEP = 8192 };

/* The script relative to the running program: installed (PREFIX/bin/antroute ->
 * PREFIX/share/antroute/report/) or built (build/antroute -> build/share/antroute/report/). The
 * first that exists, else the installed place (so that a message names where it was looked for).
 */
static const char *script_beside_program(void) {
  static char path[H5U_PATH_MAX];
  const char *const places[] = {AR_REPORT_DIR_FROM_BIN, "share/antroute/report"};
  char exe[H5U_PATH_MAX];
  ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
  if (n <= 0) return "antroute_report.py";
  exe[n] = '\0';
  char *slash = strrchr(exe, '/');
  if (slash) *slash = '\0';
  for (int i = 1; i >= 0; i--) { /* the installed place last, so that it is the fallback */
    snprintf(path, sizeof path, "%s/%s/antroute_report.py", slash ? exe : ".", places[i]);
    if (access(path, R_OK) == 0) return path;
  }
  return path;
}

const char *report_plot_script(void) {
  const char *s = getenv("ANTROUTE_REPORT_SCRIPT");
  if (s && s[0]) return s;
  return script_beside_program();
}

const char *report_plot_python(void) {
  const char *s = getenv("ANTROUTE_PYTHON");
  return s && s[0] ? s : AR_REPORT_PYTHON;
}

/* mkdir -p: every missing component of dir. */
static ar_status make_dirs(const char *dir) {
  char buf[H5U_PATH_MAX];
  snprintf(buf, sizeof buf, "%s", dir);
  for (char *p = buf + 1;; p++) {
    if (*p != '/' && *p != '\0') continue;
    char saved = *p;
    *p = '\0';
    if (mkdir(buf, 0777) != 0 && errno != EEXIST)
      return ar_fail(AR_ERR_IO, "cannot create the picture directory %s: %s", buf, strerror(errno));
    *p = saved;
    if (saved == '\0') break;
  }
  struct stat sb;
  if (stat(dir, &sb) != 0 || !S_ISDIR(sb.st_mode))
    return ar_fail(AR_ERR_IO, "%s: exists and is not a directory", dir);
  return AR_OK;
}

/* The last non-empty line of text (in place). */
static const char *last_line(char *text) {
  size_t n = strlen(text);
  while (n > 0 && (text[n - 1] == '\n' || text[n - 1] == ' '))
    text[--n] = '\0';
  char *nl = strrchr(text, '\n');
  return nl ? nl + 1 : text;
}

/* Picture i: those every kind gets, then the kinds' own; NULL past the end. */
static const char *picture(const char *const *kinds, int i) {
  /* The shared pictures of antroute_report.py (its save() calls). */
  static const char *const shared[] = {"convergence", "bsp"};
  enum { SHARED = (int)(sizeof shared / sizeof shared[0]) };
  if (i < SHARED) return shared[i];
  for (int k = 0; kinds && kinds[k]; k++)
    if (k == i - SHARED) return kinds[k];
  return NULL;
}

ar_status report_plot_check_outputs(const char *dir, const char *format,
                                    const char *const *pictures, const char *const *inputs,
                                    int ninputs) {
  const char *fmt = format ? format : "png";
  for (int p = 0; picture(pictures, p); p++) {
    char final[H5U_PATH_MAX], tmp[H5U_PATH_MAX];
    snprintf(final, sizeof final, "%s/%s.%s", dir, picture(pictures, p), fmt);
    snprintf(tmp, sizeof tmp, "%s/.%s.%s.tmp", dir, picture(pictures, p), fmt);
    /* A picture is a regular file or nothing (ar_path.h): never a FIFO, a device, a folder. */
    char target[H5U_PATH_MAX], what[H5U_PATH_MAX + 32];
    snprintf(what, sizeof what, "-o %s: the picture", dir);
    ar_status st = ar_output_resolve(final, what, target, sizeof target);
    if (st == AR_OK) st = ar_output_resolve(tmp, what, target, sizeof target);
    if (st != AR_OK) return st;
    for (int i = 0; i < ninputs; i++) {
      if (!inputs[i]) continue;
      const char *hit = ar_path_same_file(final, inputs[i]) ? final
                        : ar_path_same_file(tmp, inputs[i]) ? tmp
                                                            : NULL;
      if (hit)
        return ar_fail(AR_ERR_USAGE,
                       "-o %s: the picture %s would be %s, which report reads: antroute never "
                       "writes over its own inputs (draw into another folder)",
                       dir, hit, inputs[i]);
    }
  }
  return AR_OK;
}

/* Starts python with argv, its standard error into a pipe whose read end is *errfd. */
static ar_status spawn_script(const char *python, char **argv, pid_t *pid, int *errfd) {
  int pipefd[2];
  if (pipe(pipefd) != 0)
    return ar_fail(AR_ERR_IO, "pipe for the picture script: %s", strerror(errno));
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  posix_spawn_file_actions_adddup2(&fa, pipefd[1], 2);
  posix_spawn_file_actions_addclose(&fa, pipefd[0]);
  posix_spawn_file_actions_addclose(&fa, pipefd[1]);
  fflush(stdout); /* our summary comes before the script's lines */
  int rc = posix_spawn(pid, python, &fa, NULL, argv, environ);
  posix_spawn_file_actions_destroy(&fa);
  close(pipefd[1]);
  if (rc != 0) {
    close(pipefd[0]);
    return ar_fail(AR_ERR_IO, "cannot start %s: %s", python, strerror(rc));
  }
  *errfd = pipefd[0];
  return AR_OK;
}

/* Everything fd gives until its end, of which the last ERR_KEEP bytes are kept (a traceback can
 * be long); malloc'ed, NULL when out of memory. */
static char *read_tail(int fd) {
  char *err = calloc(ERR_KEEP + 1, 1);
  size_t len = 0;
  char chunk[4096];
  ssize_t got;
  while ((got = read(fd, chunk, sizeof chunk)) != 0) {
    if (got < 0) {
      if (errno == EINTR) continue;
      break;
    }
    if (!err) continue;
    if (len + (size_t)got > ERR_KEEP) {
      size_t drop = len + (size_t)got - ERR_KEEP;
      if (drop > len) drop = len;
      memmove(err, err + drop, len - drop);
      len -= drop;
    }
    size_t take = (size_t)got < ERR_KEEP ? (size_t)got : ERR_KEEP;
    memcpy(err + len, chunk + (size_t)got - take, take);
    len += take;
    err[len] = '\0';
  }
  return err;
}

/* The script's wait status as a status: 3 the data cannot be drawn, 4 a missing module or an
 * unwritable picture, anything else a bug (its error output is printed). */
static ar_status script_outcome(const char *script, int status, char *err) {
  const char *msg = err ? last_line(err) : "";
  if (WIFSIGNALED(status))
    return ar_fail(AR_ERR_INTERNAL, "the picture script %s was killed by signal %d", script,
                   WTERMSIG(status));
  int code = WEXITSTATUS(status);
  if (code == 0) return AR_OK;
  if (code == 3)
    return ar_fail(AR_ERR_INPUT, "%s", msg[0] ? msg : "the picture script cannot draw this file");
  if (code == 4)
    return ar_fail(AR_ERR_IO, "%s", msg[0] ? msg : "the picture script could not write");
  if (err) fprintf(stderr, "%s\n", err);
  return ar_fail(AR_ERR_INTERNAL, "the picture script %s failed (exit %d; its output is above)",
                 script, code);
}

ar_status report_plot_run(const char *results, const char *dir, const char *net, const char *format,
                          const char *const *pictures) {
  const char *const inputs[2] = {results, net && net[0] ? net : NULL};
  ar_status st = report_plot_check_outputs(dir, format, pictures, inputs, 2);
  if (st != AR_OK) return st;
  const char *python = report_plot_python(), *script = report_plot_script();
  if (access(python, X_OK) != 0)
    return ar_fail(AR_ERR_IO,
                   "pictures need Python 3 with h5py and matplotlib, but %s is not there "
                   "(Debian: apt-get install python3-h5py python3-matplotlib; or set "
                   "ANTROUTE_PYTHON to a python3 that has them)",
                   python);
  if (access(script, R_OK) != 0)
    return ar_fail(AR_ERR_IO,
                   "the picture script %s is missing (set ANTROUTE_REPORT_SCRIPT to "
                   "share/antroute/report/antroute_report.py of an antroute build or install)",
                   script);
  st = make_dirs(dir);
  if (st != AR_OK) return st;

  char *argv[10];
  int a = 0;
  argv[a++] = (char *)python;
  argv[a++] = (char *)script;
  argv[a++] = (char *)results;
  argv[a++] = "--out";
  argv[a++] = (char *)dir;
  argv[a++] = "--format";
  argv[a++] = (char *)(format ? format : "png");
  if (net && net[0]) {
    argv[a++] = "--network";
    argv[a++] = (char *)net;
  }
  argv[a] = NULL;

  /* The script writes DIR/.NAME.tmp and renames it: a signal that ends antroute meanwhile
   * removes them too (the script removes its own on SIGINT, SIGTERM and SIGHUP). */
  enum { SLOTS_MAX = 64 };
  int slots[SLOTS_MAX], nslots = 0;
  for (int p = 0; picture(pictures, p) && nslots < SLOTS_MAX; p++) {
    char tmp[H5U_PATH_MAX];
    snprintf(tmp, sizeof tmp, "%s/.%s.%s.tmp", dir, picture(pictures, p), format ? format : "png");
    slots[nslots++] = ar_signal_tmp_add(tmp);
  }
  pid_t pid;
  int errfd = -1;
  st = spawn_script(python, argv, &pid, &errfd);
  char *err = NULL;
  int status = 0;
  if (st == AR_OK) {
    err = read_tail(errfd);
    close(errfd);
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
  }
  for (int p = 0; p < nslots; p++)
    ar_signal_tmp_remove(slots[p]);
  if (st != AR_OK) return st;
  st = script_outcome(script, status, err);
  free(err);
  return st;
}
