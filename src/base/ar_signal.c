/* SPDX-License-Identifier: BSD-3-Clause */
/* ar_signal: stop signals noted or acted on at once, and the temporary files a signal removes. */
#define _GNU_SOURCE
#include "ar_signal.h"

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "ar_path.h"

static const int stop_signals[] = {SIGTERM, SIGINT, SIGHUP, SIGUSR1};
enum { NSIGNALS = (int)(sizeof stop_signals / sizeof stop_signals[0]) };

static volatile sig_atomic_t received = 0, noted = 0, sigint_count = 0;
static volatile sig_atomic_t mode = AR_SIGNAL_DEFER;
static volatile sig_atomic_t message_fd = STDERR_FILENO;

/* The registry: a slot's path is complete before `used` says so, so the handler never reads a
 * path being written. */
static char tmp_paths[AR_SIGNAL_TMP_SLOTS][AR_PATH_CAP];
static volatile sig_atomic_t tmp_used[AR_SIGNAL_TMP_SLOTS];
static pthread_mutex_t tmp_lock = PTHREAD_MUTEX_INITIALIZER;

static void say(const char *text) {
  ssize_t ignored = write(message_fd, text, strlen(text));
  (void)ignored;
}

/* Async-signal-safe: removes the registered files and ends the process. */
static void remove_and_exit(int status, const char *message) {
  for (int i = 0; i < AR_SIGNAL_TMP_SLOTS; i++)
    if (tmp_used[i]) (void)unlink(tmp_paths[i]);
  say(message);
  _exit(status);
}

static const char *exit_message(int sig) {
  switch (sig) {
  case SIGTERM: return "antroute: stopped by SIGTERM (exit status 143)\n";
  case SIGINT: return "antroute: stopped by SIGINT (exit status 130)\n";
  case SIGHUP: return "antroute: stopped by SIGHUP (exit status 129)\n";
  case SIGUSR1: return "antroute: stopped by SIGUSR1 (exit status 138)\n";
  }
  return "antroute: stopped by a signal\n";
}

static void on_signal(int sig) {
  if (sig == SIGINT && ++sigint_count >= 2)
    remove_and_exit(AR_SIGNAL_SECOND_SIGINT_STATUS,
                    "antroute: second interrupt: stopping now, without a checkpoint\n");
  if (!received) received = sig;
  if (mode == AR_SIGNAL_EXIT) remove_and_exit(128 + sig, exit_message(sig));
}

ar_status ar_signal_install(void) {
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_signal;
  sigemptyset(&sa.sa_mask);
  for (int i = 0; i < NSIGNALS; i++)
    sigaddset(&sa.sa_mask, stop_signals[i]); /* one handler at a time */
  /* Restart interrupted system calls: the run notices the flag at its next look. */
  sa.sa_flags = SA_RESTART;
  for (int i = 0; i < NSIGNALS; i++)
    if (sigaction(stop_signals[i], &sa, NULL) != 0)
      return ar_fail(AR_ERR_INTERNAL, "cannot install the handler of %s: %s",
                     ar_signal_name(stop_signals[i]), strerror(errno));
  return AR_OK;
}

void ar_signal_set_mode(ar_signal_mode m) {
  mode = m;
  int sig = received;
  if (m == AR_SIGNAL_EXIT && sig) remove_and_exit(128 + sig, exit_message(sig));
}

int ar_signal_received(void) { return received; }

void ar_signal_message_fd(int fd) { message_fd = fd >= 0 ? fd : STDERR_FILENO; }

void ar_signal_note(int sig) {
  if (!received && !noted) noted = sig;
}

void ar_signal_clear(void) {
  received = 0;
  noted = 0;
  sigint_count = 0;
}

const char *ar_signal_name(int sig) {
  switch (sig) {
  case SIGTERM: return "SIGTERM";
  case SIGINT: return "SIGINT";
  case SIGHUP: return "SIGHUP";
  case SIGUSR1: return "SIGUSR1";
  }
  return "a signal";
}

int ar_signal_exit_status(void) {
  int sig = received ? received : noted;
  return 128 + (sig ? sig : SIGTERM);
}

int ar_signal_tmp_add(const char *path) {
  if (!path || strlen(path) >= AR_PATH_CAP) return -1;
  int slot = -1;
  pthread_mutex_lock(&tmp_lock);
  for (int i = 0; i < AR_SIGNAL_TMP_SLOTS && slot < 0; i++)
    if (!tmp_used[i]) slot = i;
  if (slot >= 0) {
    snprintf(tmp_paths[slot], AR_PATH_CAP, "%s", path);
    __atomic_signal_fence(__ATOMIC_SEQ_CST); /* the path before the mark */
    tmp_used[slot] = 1;
  }
  pthread_mutex_unlock(&tmp_lock);
  return slot;
}

void ar_signal_tmp_remove(int slot) {
  if (slot < 0 || slot >= AR_SIGNAL_TMP_SLOTS) return;
  pthread_mutex_lock(&tmp_lock);
  tmp_used[slot] = 0;
  pthread_mutex_unlock(&tmp_lock);
}
