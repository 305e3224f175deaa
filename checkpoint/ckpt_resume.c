/* SPDX-License-Identifier: BSD-3-Clause */
/* ckpt_resume: --resume auto|FILE: pick a sound checkpoint of this run (falling back past
 * damaged ones) and read it. */
#include "ckpt_resume.h"

#include <stdlib.h>
#include <string.h>

#include "ar_agree.h"
#include "ar_comm.h"
#include "ckpt_dir.h"
#include "ckpt_find.h"
#include "ckpt_read.h"
#include "ckpt_verify.h"
#include "h5u.h"

/* Checks one candidate: sound (verify) and of this run (match). *problem says why not. */
static ar_status check_candidate(const ckpt_pick_request *req, const char *path, MPI_Comm comm,
                                 FILE *report, ckpt_problem *problem) {
  ar_status st = ckpt_verify(path, comm, problem, NULL);
  if (st == AR_OK)
    st = ckpt_match(path, req->input_checksum, req->search_parameters, req->force, report, comm,
                    problem);
  return st;
}

void ckpt_report_damaged(const char *path, int move_aside, FILE *report, int rank) {
  if (rank != 0) return;
  char moved[H5U_PATH_MAX], what[2048];
  snprintf(what, sizeof what, "%s", ar_error_message());
  int aside = move_aside && ckpt_dir_move_aside(path, moved, sizeof moved) == AR_OK;
  if (!report) return;
  if (move_aside)
    fprintf(report, "antroute: damaged checkpoint: %s; %s%s; trying the previous one\n", what,
            aside ? "moved to " : "could not move it aside: ", aside ? moved : ar_error_message());
  else
    fprintf(report, "antroute: skipping checkpoint: %s\n", what);
  fflush(report);
}

/* Rank 0: a sound checkpoint of another run found by --resume auto (the message says whose). */
static void report_other_run(FILE *report, int rank) {
  if (rank != 0 || !report) return;
  char what[2048];
  snprintf(what, sizeof what, "%s", ar_error_message());
  char *advice = strstr(what, " (start without --resume"); /* meant for --resume FILE */
  if (advice) *advice = '\0';
  fprintf(report, "antroute: note: passing over %s; it is left alone\n", what);
  fflush(report);
}

static ar_status pick_file(const ckpt_pick_request *req, MPI_Comm comm, FILE *report, char *path,
                           size_t cap, int *found) {
  ckpt_problem problem;
  ar_status st = check_candidate(req, req->resume, comm, report, &problem);
  if (st != AR_OK) {
    ar_error_prefix("--resume %s", req->resume);
    ar_error_mark_shared();
    return problem == CKPT_PROBLEM_OTHER ? st : AR_ERR_INPUT;
  }
  snprintf(path, cap, "%s", req->resume);
  *found = 1;
  return AR_OK;
}

static ar_status pick_auto(const ckpt_pick_request *req, MPI_Comm comm, FILE *report, char *path,
                           size_t cap, int *found) {
  int rank = 0;
  ar_status rank_st = ar_comm_rank_size(comm, &rank, NULL);
  if (rank_st != AR_OK) return rank_st;
  int64_t *seqs;
  int n;
  ar_status st = ckpt_find_candidates(req->dir, comm, report, &seqs, &n);
  if (st != AR_OK) return st;
  for (int i = 0; i < n && st == AR_OK && !*found; i++) {
    st = ckpt_dir_path(path, cap, req->dir, seqs[i], CKPT_FILE_FINAL);
    if (st != AR_OK) break;
    ckpt_problem problem;
    ar_status cst = check_candidate(req, path, comm, report, &problem);
    if (cst == AR_OK)
      *found = 1;
    else if (problem == CKPT_PROBLEM_DAMAGED)
      ckpt_report_damaged(path, req->move_aside, report, rank);
    else if (problem == CKPT_PROBLEM_OTHER_RUN)
      report_other_run(report, rank); /* passed over, left alone; an older one may be ours */
    else if (problem != CKPT_PROBLEM_MISSING) /* another run's, or not the file's fault */
      st = problem == CKPT_PROBLEM_OTHER ? cst : AR_ERR_INPUT;
    if (cst != AR_OK && st == AR_OK) ar_error_clear();
  }
  free(seqs);
  if (st == AR_OK && !*found && rank == 0 && report) {
    fprintf(report, "antroute: no %scheckpoint%s in %s: starting from the beginning\n",
            n > 0 ? "valid " : "", n > 0 ? " of this run" : "", req->dir);
    fflush(report);
  }
  if (!*found && cap) path[0] = '\0';
  return st;
}

ar_status ckpt_pick(const ckpt_pick_request *req, MPI_Comm comm, FILE *report, char *path,
                    size_t cap, int *found) {
  *found = 0;
  if (cap) path[0] = '\0';
  if (!req->resume || !req->resume[0]) return AR_OK;
  if (strcmp(req->resume, "auto") != 0) return pick_file(req, comm, report, path, cap, found);
  if (!req->dir || !req->dir[0])
    return ar_fail(AR_ERR_USAGE, "--resume auto needs --checkpoint-dir DIR (where to look)");
  return pick_auto(req, comm, report, path, cap, found);
}

ar_status ckpt_resume(const char *resume, const char *dir, int force, ckpt_state *state,
                      MPI_Comm comm, FILE *report, char *path, size_t cap, int *resumed) {
  *resumed = 0;
  ckpt_pick_request req = {resume, dir, force, 1, state->input_checksum, state->search_parameters};
  int found = 0;
  ar_status st = ckpt_pick(&req, comm, report, path, cap, &found);
  if (st != AR_OK || !found) return st;
  ckpt_problem problem;
  /* The match was checked (and a forced one reported) by the pick. */
  st = ckpt_read(path, state, 1, NULL, comm, &problem);
  if (st != AR_OK) {
    ar_error_mark_shared();
    return problem == CKPT_PROBLEM_OTHER ? st : AR_ERR_INPUT;
  }
  *resumed = 1;
  return AR_OK;
}

ar_status ckpt_find(const char *dir, MPI_Comm comm, FILE *report, char *path, size_t cap,
                    int *found) {
  ckpt_pick_request req = {"auto", dir, 0, 0, NULL, NULL};
  return ckpt_pick(&req, comm, report, path, cap, found);
}
