/* param_priv: what param.c shares with param_file.c (not for other modules). */
#ifndef AR_PARAM_PRIV_H
#define AR_PARAM_PRIV_H

#include "param.h"

/* The index of parameter `name` in ps's table, -1 when it has none. */
int param_index(const param_set *ps, const char *name);

/* Validates value for parameter i and stores it with its origin; AR_ERR_USAGE "<where>: ..." for a
 * bad value, AR_ERR_NOMEM. */
ar_status param_store(param_set *ps, int i, const char *value, param_origin origin,
                      const char *where);

/* Reads parameter file `path` into ps (param_file.c): values not given on the command line. The
 * failures of param_parse() for files (param.h). */
ar_status param_load_file(param_set *ps, const char *path);

#endif
