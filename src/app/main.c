/* SPDX-License-Identifier: BSD-3-Clause */
/* main: the program is app_main (src/app/app_main.h) with the built-in wings. */
#include "app_main.h"

int main(int argc, char **argv) { return app_main(argc, argv); }
