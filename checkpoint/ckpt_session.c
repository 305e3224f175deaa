/* SPDX-License-Identifier: BSD-3-Clause */
/* ckpt_session: the checkpoints of one run: options, resume pick, stop agreement, schedule. */
#include "ckpt_session.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ar_agree.h"
#include "ar_comm.h"
#include "ar_memory.h"
#include "ar_signal.h"
#include "ckpt_dir.h"
#include "ckpt_read.h"
#include "ckpt_resume.h"
#include "ckpt_stop.h"
#include "ckpt_write.h"

/* Seconds between two checkpoint lines without --verbose. */
#define CKPT_INFO_INTERVAL 60.0

/* Rank 0 takes the folder's lock; every rank learns the outcome. */
static ar_status take_lock(ckpt_session *s) {
  ar_status st = AR_OK;
  if (s->rank == 0) st = ckpt_lock_take(&s->lock, s->opt.dir, s->warn);
  st = ar_agree(s->comm, st);
  if (st != AR_OK) ar_error_mark_shared();
  return st;
}

ar_status ckpt_session_init(ckpt_session *s, const param_set *ps, const char *input, FILE *info,
                            FILE *warn, MPI_Comm comm) {
  double start = ckpt_now();
  memset(s, 0, sizeof *s);
  s->comm = comm;
  s->ps = ps;
  s->input = input;
  s->info = info;
  s->warn = warn;
  s->last_boundary = MPI_Wtime();
  ar_status st = ar_comm_rank_size(comm, &s->rank, NULL);
  if (st == AR_OK) st = ckpt_options_get(ps, &s->opt);
  if (st != AR_OK) {
    ar_error_mark_shared(); /* every rank parsed the same options */
    return st;
  }
  s->writing = s->opt.dir != NULL;
  s->enabled = s->writing || s->opt.resume != NULL;
  if (!s->writing) return AR_OK;
  /* A folder that cannot take checkpoints, or that another run holds, stops the run now, not
   * after hours of search. */
  st = ckpt_dir_probe(s->opt.dir, comm);
  if (st == AR_OK) st = take_lock(s);
  if (st == AR_OK)
    st = ar_agree(comm, ckpt_deadline_init(&s->deadline, s->opt.max_hours, start, 0));
  ckpt_schedule_init(&s->schedule, s->opt.every_iterations, s->opt.every_seconds);
  return st;
}

ar_status ckpt_session_identify(ckpt_session *s) {
  if (!s->enabled) return AR_OK;
  free(s->search);
  s->search = param_serialize(s->ps, PARAM_RECORD_SEARCH);
  ar_status st = ar_agree(s->comm, s->search ? AR_OK : ar_fail(AR_ERR_NOMEM, "out of memory"));
  if (st == AR_OK)
    st = ckpt_input_checksum(s->input, s->comm, s->input_checksum, sizeof s->input_checksum);
  return st;
}

ar_status ckpt_session_stop_now(ckpt_session *s, int *stop) {
  *stop = 0;
  int reasons = 0, sig = 0;
  ar_status st = ckpt_stop_requested(s->writing ? &s->deadline : NULL, s->comm, &reasons, &sig);
  if (st != AR_OK || !reasons) return st;
  s->stop_reasons = reasons;
  s->stop_signal = sig;
  *stop = 1;
  return AR_OK;
}

ar_status ckpt_session_pick(ckpt_session *s, char *path, size_t cap, int *found) {
  *found = 0;
  if (cap) path[0] = '\0';
  if (!s->opt.resume) return AR_OK;
  ckpt_pick_request req = {s->opt.resume,     s->opt.dir, s->opt.force, 1,
                           s->input_checksum, s->search};
  return ckpt_pick(&req, s->comm, s->rank == 0 ? s->warn : NULL, path, cap, found);
}

/* A state of the session's match strings and parameters holding parts[0..n-1]. */
static ar_status make_state(const ckpt_session *s, ckpt_part *const *parts, int n, hsize_t first,
                            hsize_t count, ckpt_state *st) {
  memset(st, 0, sizeof *st);
  st->colony_first = first;
  st->colony_count = count;
  st->input_checksum = s->input_checksum;
  st->search_parameters = s->search;
  st->params = s->ps;
  for (int i = 0; i < n; i++) {
    ar_status e = ckpt_state_add(st, parts[i]);
    if (e != AR_OK) return e;
  }
  return AR_OK;
}

ar_status ckpt_session_read(ckpt_session *s, const char *path, ckpt_part *const *parts, int n,
                            hsize_t first, hsize_t count) {
  ckpt_state st;
  ar_status e = ar_agree(s->comm, make_state(s, parts, n, first, count, &st));
  if (e != AR_OK) return e;
  ckpt_problem problem;
  /* The pick compared the input and the parameters (and reported a forced difference). */
  e = ckpt_read(path, &st, 1, NULL, s->comm, &problem);
  if (e != AR_OK && problem == CKPT_PROBLEM_DAMAGED && s->opt.resume &&
      strcmp(s->opt.resume, "auto") == 0) {
    ckpt_report_damaged(path, 1, s->rank == 0 ? s->warn : NULL, s->rank);
    s->retry = 1;
    char what[1024];
    snprintf(what, sizeof what, "MPI_Barrier after moving %s aside", path);
    e = ar_mpi_check(MPI_Barrier(s->comm), what);
    e = ar_agree(s->comm, e == AR_OK ? AR_ERR_INPUT : e);
  }
  if (e != AR_OK) {
    ar_error_mark_shared();
    return problem == CKPT_PROBLEM_OTHER ? e : AR_ERR_INPUT;
  }
  s->state.epoch = st.epoch;
  s->state.iteration = st.iteration;
  s->last_boundary = MPI_Wtime();
  return AR_OK;
}

ar_status ckpt_session_attach(ckpt_session *s, ckpt_part *const *parts, int n, hsize_t first,
                              hsize_t count) {
  ar_status e = ar_agree(s->comm, make_state(s, parts, n, first, count, &s->state));
  if (e == AR_OK && s->writing)
    /* The first estimate of a checkpoint's duration, until one is measured (100 MB/s). */
    ckpt_deadline_note_checkpoint(&s->deadline, (double)ckpt_state_bytes(&s->state) / 1e8);
  s->last_boundary = MPI_Wtime();
  return e;
}

/* Seconds between looks at signals and the deadline while checkpoints are written. */
static const double SESSION_LOOK_SECONDS = 0.5;

void ckpt_session_cadence(const ckpt_session *s, int64_t *every, double *seconds) {
  *every = s->writing ? s->opt.every_iterations : 0;
  /* Signals are looked at with or without checkpoints (without, a stop keeps nothing). */
  *seconds = SESSION_LOOK_SECONDS;
  if (!s->writing) return;
  if (s->opt.every_seconds > 0 && s->opt.every_seconds < *seconds) *seconds = s->opt.every_seconds;
}

static ar_status write_now(ckpt_session *s, int stopping) {
  ar_status st = ar_agree(s->comm, ckpt_state_stage(&s->state));
  ckpt_write_info info;
  if (st == AR_OK) st = ckpt_write(s->opt.dir, s->opt.keep, &s->state, s->comm, &info);
  if (st != AR_OK) {
    /* The previous checkpoints are intact. Inside the run, going on keeps the work in memory;
     * a checkpoint asked for by a stop must not be lost silently: the run fails. */
    if (stopping) return st;
    /* One warning for the first: the following ones (usually the same full disk) are counted,
     * said at the end and recorded in the results (checkpoints_failed). */
    if (s->failed++ == 0 && s->rank == 0 && s->warn)
      fprintf(s->warn,
              "antroute solve: warning: %s; the search goes on (checkpoints that cannot be "
              "written from now on are counted, not repeated)\n",
              ar_error_message());
    ar_error_clear();
    return AR_OK;
  }
  s->written++;
  s->write_seconds += info.seconds;
  snprintf(s->last_path, sizeof s->last_path, "%s", info.path);
  ckpt_deadline_note_checkpoint(&s->deadline, info.seconds);
  ckpt_schedule_written(&s->schedule);
  if (s->rank == 0 && info.rotate_error && s->warn)
    fprintf(s->warn, "antroute solve: warning: %s\n", info.warning);
  double now = MPI_Wtime();
  /* A line every epoch drowns the progress lines: the first, then one a minute at most. */
  int say = s->info_every || s->info_last == 0 || now - s->info_last >= CKPT_INFO_INTERVAL;
  if (s->rank == 0 && s->info && say) {
    char size[32];
    ar_memory_format(info.bytes, size, sizeof size);
    fprintf(s->info, "checkpoint %s: iteration %lld, %s in %.2f s\n", info.path,
            (long long)s->state.iteration, size, info.seconds);
    fflush(s->info);
    s->info_last = now;
  }
  return AR_OK;
}

int ckpt_session_look(ckpt_session *s) {
  double now = MPI_Wtime();
  if (s->writing) {
    if (s->rank == 0) ckpt_lock_refresh(&s->lock);
    ckpt_deadline_note_iteration(&s->deadline, now - s->last_boundary);
    s->last_boundary = now;
  }
  /* What ckpt_session_boundary's agreement would find, and rank 0's schedule by seconds. */
  int local[2];
  ckpt_stop_local(s->writing ? &s->deadline : NULL, local);
  return local[0] || local[1] ||
         (s->writing && s->rank == 0 && ckpt_schedule_seconds_passed(&s->schedule, now));
}

ar_status ckpt_session_boundary(ckpt_session *s, int64_t iteration, int epoch_end, int finishing,
                                int *stop) {
  *stop = 0;
  if (!s->writing) {
    /* Nothing to write: a signal ends the run here, unless it has reached its limit. */
    int stop_now = 0;
    ar_status st = finishing ? AR_OK : ckpt_session_stop_now(s, &stop_now);
    *stop = stop_now;
    return st;
  }
  if (s->rank == 0) ckpt_lock_refresh(&s->lock);
  double now = MPI_Wtime();
  ckpt_deadline_note_iteration(&s->deadline, now - s->last_boundary);
  int reasons = 0, sig = 0;
  ar_status st = ckpt_stop_requested(&s->deadline, s->comm, &reasons, &sig);
  if (st != AR_OK) return st;
  /* A run that has reached its iteration limit ends normally (results), whatever arrived. */
  if (finishing) reasons = 0;
  int due = 0;
  st = ckpt_schedule_due(&s->schedule, iteration, epoch_end || finishing, reasons != 0, s->comm,
                         &due);
  if (st == AR_OK && due) st = write_now(s, reasons != 0);
  if (st != AR_OK) return st;
  if (reasons) {
    s->stop_reasons = reasons;
    s->stop_signal = sig;
    *stop = 1;
  }
  s->last_boundary = MPI_Wtime();
  return AR_OK;
}

void ckpt_session_stop_message(const ckpt_session *s, int64_t iteration, const char *where,
                               const char *resumed_from, char *buf, size_t cap) {
  const char *why = ckpt_stop_describe(s->stop_reasons, s->stop_signal, &s->deadline);
  char when[64] = "";
  if (iteration >= 0) snprintf(when, sizeof when, " after iteration %lld", (long long)iteration);
  if (!s->writing) {
    int status = ar_signal_exit_status();
    snprintf(buf, cap,
             "stopped by %s%s%s; nothing is kept (no --checkpoint-dir); exit status %d (128 + "
             "%s)",
             why, where ? where : "", when, status, ar_signal_name(status - 128));
    return;
  }
  char kept[H5U_PATH_MAX + 64];
  if (iteration >= 0)
    snprintf(kept, sizeof kept, "checkpoint %s", s->last_path);
  else if (resumed_from && resumed_from[0])
    snprintf(kept, sizeof kept, "it continues from %s", resumed_from);
  else
    snprintf(kept, sizeof kept, "nothing new to checkpoint");
  snprintf(buf, cap,
           "stopped by %s%s%s; %s; exit status 75: run again with --resume auto "
           "--checkpoint-dir %s to continue",
           why, where ? where : "", when, kept, s->opt.dir);
}

void ckpt_session_free(ckpt_session *s) {
  if (s->rank == 0) ckpt_lock_release(&s->lock);
  free(s->search);
  memset(s, 0, sizeof *s);
}
