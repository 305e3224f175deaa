/* cli_parse: parse, --help (or --help-man) on rank 0, required parameter, shared failure. */
#include "cli_parse.h"

#include <mpi.h>
#include <stdio.h>

ar_status cli_parse(param_set *ps, int argc, char **argv, const char *required,
                    const char *missing_message, int *help_done) {
  *help_done = 0;
  ar_status st = param_parse(ps, argc, argv);
  if (st == AR_OK && ps->help_requested) {
    int rank = 0;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0 && ps->help_requested == PARAM_HELP_MAN)
      param_print_man(ps, stdout);
    else if (rank == 0)
      param_print_help(ps, stdout);
    *help_done = 1;
    return AR_OK;
  }
  if (st == AR_OK && required && !param_is_set(ps, required))
    st = ar_fail(AR_ERR_USAGE, "%s", missing_message);
  if (st != AR_OK) ar_error_mark_shared();
  return st;
}
