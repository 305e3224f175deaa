/* SPDX-License-Identifier: BSD-3-Clause */
/* app_wings: the registry of problem kinds (see app_wings.h). A new kind is one line here. */
#include "app_wings.h"

#include <stdio.h>
#include <string.h>

#include "wing_road.h"
#include "wing_road_graph.h"
#include "wing_supply.h"
#include "wing_tour.h"

static const wing *const builtin[] = {
    &wing_tour,
    &wing_supply,
    &wing_road_graph,
    &wing_road,
};
enum { BUILTIN = (int)(sizeof builtin / sizeof builtin[0]), REGISTERED_MAX = 8 };

static const wing *registered[REGISTERED_MAX];
static int nregistered;

int app_wing_count(void) { return BUILTIN + nregistered; }

const wing *app_wing_at(int i) {
  if (i < 0 || i >= app_wing_count()) return NULL;
  return i < BUILTIN ? builtin[i] : registered[i - BUILTIN];
}

const wing *app_wing_find(const char *name) {
  for (int i = 0; i < app_wing_count(); i++)
    if (strcmp(app_wing_at(i)->name, name) == 0) return app_wing_at(i);
  return NULL;
}

ar_status app_wing_register(const wing *w) {
  if (app_wing_find(w->name))
    return ar_fail(AR_ERR_INTERNAL, "a kind named '%s' is registered already", w->name);
  if (nregistered == REGISTERED_MAX)
    return ar_fail(AR_ERR_INTERNAL, "no room for the kind '%s' (%d kinds at most)", w->name,
                   BUILTIN + REGISTERED_MAX);
  registered[nregistered++] = w;
  return AR_OK;
}

void app_wing_names(char *buf, size_t cap) {
  size_t len = 0;
  int n = app_wing_count();
  if (cap > 0) buf[0] = '\0';
  for (int i = 0; i < n && len < cap; i++) {
    const char *sep = i == 0 ? "" : i == n - 1 ? " and " : ", ";
    int w = snprintf(buf + len, cap - len, "%s'%s'", sep, app_wing_at(i)->name);
    if (w < 0) break;
    len += (size_t)w;
  }
}
