/* ckpt_resume: --resume auto|FILE: pick, validate and read a checkpoint, falling back on damage. */
#include "ckpt_resume.h"

#include <stdlib.h>
#include <string.h>

#include "ar_agree.h"
#include "ckpt_dir.h"
#include "ckpt_find.h"
#include "ckpt_read.h"
#include "h5u.h"

static ar_status resume_file(const char *file, int force, ckpt_state *state, MPI_Comm comm,
                             FILE *report, char *path, size_t cap, int *resumed) {
  ckpt_problem problem;
  ar_status st = ckpt_read(file, state, force, report, comm, &problem);
  if (st != AR_OK) {
    ar_error_prefix("--resume %s", file);
    ar_error_mark_shared();
    return problem == CKPT_PROBLEM_OTHER ? st : AR_ERR_INPUT;
  }
  snprintf(path, cap, "%s", file);
  *resumed = 1;
  return AR_OK;
}

static ar_status resume_auto(const char *dir, int force, ckpt_state *state, MPI_Comm comm,
                             FILE *report, char *path, size_t cap, int *resumed) {
  int rank = 0;
  MPI_Comm_rank(comm, &rank);
  int64_t *seqs;
  int n;
  ar_status st = ckpt_find_candidates(dir, comm, report, &seqs, &n);
  if (st != AR_OK) return st;
  for (int i = 0; i < n && st == AR_OK && !*resumed; i++) {
    st = ckpt_dir_path(path, cap, dir, seqs[i], CKPT_FILE_FINAL);
    if (st != AR_OK) break;
    ckpt_problem problem;
    ar_status rst = ckpt_read(path, state, force, report, comm, &problem);
    if (rst == AR_OK) {
      *resumed = 1;
    } else if (problem == CKPT_PROBLEM_DAMAGED) {
      if (rank == 0) {
        char moved[H5U_PATH_MAX], what[2048];
        snprintf(what, sizeof what, "%s", ar_error_message());
        int aside = ckpt_dir_move_aside(path, moved, sizeof moved) == AR_OK;
        if (report) {
          fprintf(report, "antroute: damaged checkpoint: %s; %s%s; trying the previous one\n", what,
                  aside ? "moved to " : "could not move it aside: ",
                  aside ? moved : ar_error_message());
          fflush(report);
        }
      }
    } else if (problem != CKPT_PROBLEM_MISSING) {
      st = problem == CKPT_PROBLEM_OTHER ? rst : AR_ERR_INPUT;
    }
  }
  free(seqs);
  if (st == AR_OK && !*resumed && rank == 0 && report) {
    fprintf(report, "antroute: no %scheckpoint in %s: starting from the beginning\n",
            n > 0 ? "valid " : "", dir);
    fflush(report);
  }
  return st;
}

ar_status ckpt_resume(const char *resume, const char *dir, int force, ckpt_state *state,
                      MPI_Comm comm, FILE *report, char *path, size_t cap, int *resumed) {
  *resumed = 0;
  if (cap) path[0] = '\0';
  if (!resume || !resume[0]) return AR_OK;
  if (strcmp(resume, "auto") != 0)
    return resume_file(resume, force, state, comm, report, path, cap, resumed);
  if (!dir || !dir[0])
    return ar_fail(AR_ERR_USAGE, "--resume auto needs --checkpoint-dir DIR (where to look)");
  return resume_auto(dir, force, state, comm, report, path, cap, resumed);
}
