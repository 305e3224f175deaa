/* solve_kinds: the list of problem kinds. A new kind is one more line here (and its files). */
#include "solve_kinds.h"

#include <string.h>

#include "kind_supply.h"
#include "kind_tour.h"

static const solve_kind *(*const kinds[])(void) = {kind_tour_get, kind_supply_get};

int solve_kinds_count(void) { return (int)(sizeof kinds / sizeof kinds[0]); }

const solve_kind *solve_kind_at(int i) {
  return i >= 0 && i < solve_kinds_count() ? kinds[i]() : NULL;
}

const solve_kind *solve_kind_find(const char *name) {
  for (int i = 0; i < solve_kinds_count(); i++)
    if (strcmp(kinds[i]()->name, name) == 0) return kinds[i]();
  return NULL;
}
