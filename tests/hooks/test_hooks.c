/* SPDX-License-Identifier: BSD-3-Clause */
/* test_hooks: installs the test hooks before main() runs (see test_hooks.h). */
#include "test_hooks.h"

#include "ar_hooks.h"

static const ar_hook_table table = {
    .pause = test_hook_pause,
    .no_flock = test_hook_no_flock,
    .pace = test_hook_pace,
    .until_hold = test_hook_until_hold,
    .boundary = test_hook_boundary,
    .new_write = test_hook_new_write,
    .fault = test_hook_fault,
    .fault_exit = test_hook_fault_exit,
};

/* A constructor: a program linked with this library has the hooks from its first instruction,
 * with no call in main() (a release build has neither the call nor the library). */
__attribute__((constructor)) static void test_hooks_install(void) { ar_hooks_install(&table); }
