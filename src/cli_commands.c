/* cli_commands: the list of commands that `antroute --help` shows and main() dispatches. */
#include "cli.h"

#include <stddef.h>

const cli_command cli_command_table[] = {
    {"import", cmd_import,
     "convert TSPLIB, supply-chain CSV or synthetic data into a network file"},
    {"evaluate", cmd_evaluate,
     "cost and constraint check of an order-routing plan (CSV or the historical one)"},
    {"solve", cmd_solve_supply, "route the orders of a supply-chain network month by month"},
    {"inspect", cmd_inspect, "print a short summary of a network, results or checkpoint file"},
    {"advise", cmd_advise,
     "recommend or judge ranks x threads for a node; print #SBATCH, srun, mpirun, OMP_* lines"},
    {NULL, NULL, NULL},
};
