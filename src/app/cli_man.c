/* SPDX-License-Identifier: BSD-3-Clause */
/* cli_man: the head of antroute.1 and the list of commands the build asks for their sections. */
#include "cli_man.h"

#include "app_wings.h"
#include "ar_version.h"
#include "cli.h"

const char cli_exit_status_text[] =
    "exit status: 0 ok, 1 internal/MPI/HDF5 failure, 2 usage, 3 bad input data,\n"
    "4 file system error, 5 out of memory, 6 infeasible plan (evaluate),\n"
    "75 checkpointed (resume with --resume auto)\n";

const char cli_examples_text[] = "antroute solve inputs/tsplib/berlin52.tsp -o r.h5\n"
                                 "antroute report r.h5 -o pictures\n"
                                 "antroute export r.h5 --tour r.tour --json r.json\n";

static const char *const exit_statuses[][2] = {
    {"0", "finished"},
    {"1", "internal, MPI or HDF5 failure"},
    {"2", "usage error (an unknown or malformed option)"},
    {"3", "bad input data, or a checkpoint of another input or other parameters"},
    {"4", "file system error"},
    {"5", "out of memory"},
    {"6", "infeasible plan (evaluate)"},
    {"75", "checkpointed: run again with --resume auto to continue"},
};

static const char *const environment[][2] = {
    {"OMP_NUM_THREADS", "OpenMP threads per rank"},
    {"SLURM_JOB_END_TIME",
     "the job's end (seconds since 1970): solve checkpoints and stops before it"},
    {"ANTROUTE_PROGRESS",
     "progress lines: live (one line refreshed in place) or batch (time-stamped "
     "lines); default: live on a terminal, else batch (--quiet: none)"},
    {"ANTROUTE_POOL",
     "0: ranks of one node do not build each other's ants, and each makes its own first "
     "solutions (the answer is the same)"},
    {"ANTROUTE_REPORT_SCRIPT", "the picture script of report (default: the installed one)"},
    {"ANTROUTE_PYTHON", "the Python 3 that runs it (with h5py and matplotlib)"},
    {"ANTROUTE_SLURM", "set by the module file: the folder of the installed Slurm templates"},
};

static void tagged_list(FILE *out, const char *const (*rows)[2], size_t n) {
  for (size_t i = 0; i < n; i++) {
    fputs(".TP\n.B ", out);
    param_man_text(out, rows[i][0]);
    fputc('\n', out);
    param_man_text(out, rows[i][1]);
    fputc('\n', out);
  }
}

void cli_man_head(FILE *out) {
  fputs(".TH ANTROUTE 1 \"\" \"antroute " AR_VERSION_STRING "\" \"User Commands\"\n", out);
  fputs(".SH NAME\nantroute \\- Ant Colony Optimization for routes on transport networks\n", out);
  fputs(".SH SYNOPSIS\n.B antroute\n.I command\n[options]\n.br\n.B antroute\n.I command\n"
        ".B \\-\\-help\n.br\n[\n.B mpirun\n.I ...\n|\n.B srun\n.I ...\n]\n.B antroute solve\n"
        ".I IN.h5\n.B \\-o\n.I RESULTS.h5\n[options]\n",
        out);
  fputs(".SH DESCRIPTION\n", out);
  param_man_text(out, "antroute searches transport networks with ant colonies, on MPI ranks x "
                      "OpenMP threads, with parallel HDF5 input and output and "
                      "checkpoint/restart. The answer depends on the input, the parameters, the "
                      "seed and the number of colonies, not on the layout nor on restarts. Kinds "
                      "of network:\n");
  for (int i = 0; i < app_wing_count(); i++) {
    fputs(".TP\n.B ", out);
    param_man_text(out, app_wing_at(i)->name);
    fputc('\n', out);
    param_man_text(out, app_wing_at(i)->title);
    fputc('\n', out);
  }
  fputs(".PP\n", out);
  param_man_text(out, "Commands:\n");
  for (const cli_command *c = cli_command_table; c->name; c++) {
    fputs(".TP\n.B ", out);
    param_man_text(out, c->name);
    fputc('\n', out);
    param_man_text(out, c->summary);
    fputc('\n', out);
  }
  fputs(".SH \"EXIT STATUS\"\n", out);
  tagged_list(out, exit_statuses, sizeof exit_statuses / sizeof exit_statuses[0]);
  fputs(".SH ENVIRONMENT\n", out);
  tagged_list(out, environment, sizeof environment / sizeof environment[0]);
  fputs(".SH FILES\n.TP\n.I PREFIX/share/antroute/slurm\nbatch templates (sbatch) and their "
        "helper antroute\\-step.sh\n.TP\n.I PREFIX/share/doc/antroute\nthe user guide and "
        "reference (guide.md, cli.md, formats.md, slurm.md, ...)\n",
        out);
  fputs(".SH EXAMPLES\nA first run: a TSPLIB file solved (imported on the fly), its report "
        "and pictures, its tour for other tools.\n.PP\n.nf\n.RS\n",
        out);
  param_man_text(out, cli_examples_text);
  fputs(".RE\n.fi\n.SH COMMANDS\n", out);
}

void cli_man_commands(FILE *out) {
  for (const cli_command *c = cli_command_table; c->name; c++) {
    if (c->run == cmd_import) {
      for (int i = 0; i < app_wing_count(); i++)
        for (const wing_command *k = app_wing_at(i)->imports; k && k->name; k++)
          fprintf(out, "%s %s\n", c->name, k->name);
      fprintf(out, "%s synthetic\n", c->name);
    } else {
      fprintf(out, "%s\n", c->name);
    }
  }
}
