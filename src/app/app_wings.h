/* SPDX-License-Identifier: BSD-3-Clause */
/* app_wings: the registry of problem kinds (wings, io/wing/wing.h): one line per kind in
 * app_wings.c, in the order --help lists them. Every command finds a kind here by name; a test
 * binary adds a kind of its own with app_wing_register() before app_main(). */
#ifndef AR_APP_WINGS_H
#define AR_APP_WINGS_H

#include <stddef.h>

#include "ar_error.h"
#include "wing.h"

/* The number of wings, and wing i (0 <= i < count; NULL outside). */
int app_wing_count(void);
const wing *app_wing_at(int i);

/* The wing of that name, or NULL. */
const wing *app_wing_find(const char *name);

/* Adds a wing after the built-in ones. AR_ERR_INTERNAL when its name is taken or the registry is
 * full. Not thread-safe: call it before app_main(). */
ar_status app_wing_register(const wing *w);

/* "'tour' and 'supply-chain'": the names of the wings, for messages (cut short at cap). */
void app_wing_names(char *buf, size_t cap);

#endif
