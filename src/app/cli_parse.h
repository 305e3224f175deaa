/* cli_parse: the option-parsing prologue every command shares.
 *
 * Parses argv into ps; on --help prints the help on rank 0 and sets *help_done (on the hidden
 * --help-man, the same as a man page section, for the build's antroute.1); when `required`
 * names a parameter that is unset, fails with AR_ERR_USAGE and `missing_message`. Every rank
 * parses the same arguments, so a failure is marked shared (rank 0 alone reports it). The caller
 * frees ps in every case.
 */
#ifndef AR_CLI_PARSE_H
#define AR_CLI_PARSE_H

#include "ar_error.h"
#include "param.h"

ar_status cli_parse(param_set *ps, int argc, char **argv, const char *required,
                    const char *missing_message, int *help_done);

#endif
