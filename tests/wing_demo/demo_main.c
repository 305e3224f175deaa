/* SPDX-License-Identifier: BSD-3-Clause */
/* demo_main: antroute with the demo kind registered besides the built-in ones (the program
 * `antroute_demo_wing` of tests/wing_demo). */
#include <stdio.h>

#include "app_main.h"
#include "app_wings.h"
#include "ar_error.h"
#include "wing_demo.h"

int main(int argc, char **argv) {
  if (app_wing_register(&wing_demo) != AR_OK) {
    fprintf(stderr, "antroute_demo_wing: %s\n", ar_error_message());
    return ar_exit_code(AR_ERR_INTERNAL);
  }
  return app_main(argc, argv);
}
