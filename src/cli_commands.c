/* cli_commands: the list of commands that `antroute --help` shows and main() dispatches. */
#include "cli.h"

#include <stddef.h>

const cli_command cli_command_table[] = {
    {"import", cmd_import,
     "convert TSPLIB, supply-chain CSV or synthetic data into a network file"},
    {"solve", cmd_solve, "search for the best tour of a network file with ant colonies"},
    {"inspect", cmd_inspect, "print a short summary of a network, results or checkpoint file"},
    {"advise", cmd_advise,
     "recommend or judge ranks x threads for a node; print #SBATCH, srun, mpirun, OMP_* lines"},
    {NULL, NULL, NULL},
};
