/* ckpt_session: the checkpoints of one run: options, resume pick, stop agreement, schedule. */
#include "ckpt_session.h"

#include <stdlib.h>
#include <string.h>

#include "ar_agree.h"
#include "ar_comm.h"
#include "ckpt_dir.h"
#include "ckpt_read.h"
#include "ckpt_resume.h"
#include "ckpt_signal.h"
#include "ckpt_stop.h"
#include "ckpt_write.h"

ar_status ckpt_session_init(ckpt_session *s, const param_set *ps, const char *input, FILE *info,
                            FILE *warn, MPI_Comm comm) {
  double start = ckpt_now();
  memset(s, 0, sizeof *s);
  s->comm = comm;
  s->ps = ps;
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
  if (!s->enabled) return AR_OK;
  s->search = param_serialize(ps, 1);
  if (!s->search) st = ar_fail(AR_ERR_NOMEM, "out of memory");
  st = ar_agree(comm, st);
  if (st == AR_OK)
    st = ckpt_input_checksum(input, comm, s->input_checksum, sizeof s->input_checksum);
  if (!s->writing || st != AR_OK) return st;
  /* A folder that cannot take checkpoints stops the run now, not after hours of search. */
  st = ckpt_dir_probe(s->opt.dir, comm);
  if (st != AR_OK) return st;
  st = ar_agree(comm, ckpt_signal_install());
  if (st == AR_OK)
    st = ar_agree(comm, ckpt_deadline_init(&s->deadline, s->opt.max_hours, start, 0));
  ckpt_schedule_init(&s->schedule, s->opt.every_iterations, s->opt.every_seconds);
  return st;
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
    e = ar_agree(s->comm, MPI_Barrier(s->comm) == MPI_SUCCESS
                              ? AR_ERR_INPUT
                              : ar_fail(AR_ERR_MPI, "MPI_Barrier after moving %s aside", path));
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
  *seconds = 0.0;
  if (!s->writing) return;
  *seconds = SESSION_LOOK_SECONDS;
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
  if (s->rank == 0 && s->info) {
    fprintf(s->info, "checkpoint %s: iteration %lld, %.1f MB in %.2f s\n", info.path,
            (long long)s->state.iteration, (double)info.bytes / 1e6, info.seconds);
    fflush(s->info);
  }
  return AR_OK;
}

ar_status ckpt_session_boundary(ckpt_session *s, int64_t iteration, int epoch_end, int finishing,
                                int *stop) {
  *stop = 0;
  if (!s->writing) return AR_OK;
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
                               char *buf, size_t cap) {
  snprintf(buf, cap,
           "stopped by %s%s after iteration %lld; checkpoint %s; exit status 75: run again with "
           "--resume auto --checkpoint-dir %s to continue",
           ckpt_stop_describe(s->stop_reasons, s->stop_signal, &s->deadline), where ? where : "",
           (long long)iteration, s->last_path, s->opt.dir ? s->opt.dir : "DIR");
}

void ckpt_session_free(ckpt_session *s) {
  if (s->writing) ckpt_signal_restore();
  free(s->search);
  memset(s, 0, sizeof *s);
}
