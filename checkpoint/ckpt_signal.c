/* ckpt_signal: async-signal-safe stop flag for SIGTERM, SIGUSR1, SIGINT; a second SIGINT exits. */
#include "ckpt_signal.h"

#include <errno.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>

static volatile sig_atomic_t received = 0;
static volatile sig_atomic_t sigint_count = 0;
static struct sigaction saved[3];
static int installed = 0;
static const int stop_signals[3] = {SIGTERM, SIGUSR1, SIGINT};

static void on_stop_signal(int sig) {
  if (sig == SIGINT && ++sigint_count >= 2) {
    static const char msg[] = "antroute: second interrupt: stopping now, without a checkpoint\n";
    ssize_t ignored = write(STDERR_FILENO, msg, sizeof msg - 1);
    (void)ignored;
    _exit(CKPT_EXIT_SECOND_SIGINT);
  }
  if (!received) received = sig;
}

ar_status ckpt_signal_install(void) {
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_stop_signal;
  sigemptyset(&sa.sa_mask);
  /* Restart interrupted system calls: the run notices the flag at its next boundary. */
  sa.sa_flags = SA_RESTART;
  for (int i = 0; i < 3; i++)
    if (sigaction(stop_signals[i], &sa, installed ? NULL : &saved[i]) != 0)
      return ar_fail(AR_ERR_INTERNAL, "cannot install the handler for signal %d: %s",
                     stop_signals[i], strerror(errno));
  installed = 1;
  return AR_OK;
}

void ckpt_signal_restore(void) {
  if (!installed) return;
  for (int i = 0; i < 3; i++)
    sigaction(stop_signals[i], &saved[i], NULL);
  installed = 0;
}

int ckpt_signal_received(void) { return received; }

void ckpt_signal_clear(void) {
  received = 0;
  sigint_count = 0;
}
