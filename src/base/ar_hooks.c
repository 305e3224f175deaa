/* SPDX-License-Identifier: BSD-3-Clause */
/* ar_hooks: the installed hook table (see ar_hooks.h). */
#include "ar_hooks.h"

#include <stddef.h>

const ar_hook_table *ar_hooks_installed = NULL;

void ar_hooks_install(const ar_hook_table *table) { ar_hooks_installed = table; }
