/* solve_kinds: the problem kinds `antroute solve` knows, by the network's `kind` attribute. */
#ifndef AR_SOLVE_KINDS_H
#define AR_SOLVE_KINDS_H

#include "solve_kind.h"

/* The number of kinds, and kind i (0 <= i < count), in the order --help lists them. */
int solve_kinds_count(void);
const solve_kind *solve_kind_at(int i);
/* The kind of that name, or NULL. */
const solve_kind *solve_kind_find(const char *name);

#endif
