/* cli_commands: the list of commands that `antroute --help` shows and main() dispatches. */
#include "cli.h"

#include <stddef.h>

const cli_command cli_command_table[] = {
    {"import", cmd_import,
     "convert TSPLIB, supply-chain CSV or synthetic data into a network file"},
    {"solve", cmd_solve,
     "search for the best tour, or route the orders of a supply-chain network, with ant colonies"},
    {"evaluate", cmd_evaluate,
     "cost and constraint check of an order-routing plan (CSV or the historical one)"},
    {"export", cmd_export, "write the plan of a supply-chain results file as CSV"},
    {"inspect", cmd_inspect, "print a short summary of a network, results or checkpoint file"},
    {"report", cmd_report, "summarise a results file; with -o DIR, draw its pictures"},
    {"advise", cmd_advise,
     "recommend or judge ranks x threads for a node; print #SBATCH, srun, mpirun, OMP_* lines"},
    {NULL, NULL, NULL},
};
