/* SPDX-License-Identifier: BSD-3-Clause */
/* cli_commands: the list of commands that `antroute --help` shows and main() dispatches. */
#include "cli.h"

#include <stddef.h>

const cli_command cli_command_table[] = {
    {"import", cmd_import,
     "convert input data (each kind's formats, or synthetic) into a network file"},
    {"solve", cmd_solve,
     "search a network with ant colonies: the best tour, the routing of orders"},
    {"evaluate", cmd_evaluate, "cost and constraint check of a plan on its network"},
    {"export", cmd_export, "write what a results file holds in another format (a plan as CSV)"},
    {"inspect", cmd_inspect, "print a short summary of a network, results or checkpoint file"},
    {"report", cmd_report, "summarise a results file; with -o DIR, draw its pictures"},
    {"advise", cmd_advise,
     "recommend or judge ranks x threads for a node; print #SBATCH, srun, mpirun, OMP_* lines"},
    {"selftest", cmd_selftest,
     "check an installed antroute on its examples: import, solve, checkpoint, resume, report"},
    {"formats", cmd_formats,
     "list the datasets of every file as declared (Markdown for docs/formats.md, JSON schema)"},
    {NULL, NULL, NULL},
};
