/* SPDX-License-Identifier: BSD-3-Clause */
/* param_wrap: --help text wrapped to the terminal (docs/cli.md, "Help").
 *
 * The width is COLUMNS when set to a number (at least 40), else the terminal's width when the
 * stream is a terminal, else 80 (a pipe, a file, a man page build). Words are never split: a word
 * longer than the line stands on a line of its own. */
#ifndef AR_PARAM_WRAP_H
#define AR_PARAM_WRAP_H

#include <stdio.h>

/* The width to wrap out's text to (see above). Cannot fail. */
int param_wrap_width(FILE *out);

/* Writes text from column col (where the cursor stands) up to width columns, each further line
 * indented by indent spaces (a hanging indent), and ends with a newline. Newlines in text start
 * a new line (indented). Cannot fail (write errors are the stream's). */
void param_wrap(FILE *out, const char *text, int col, int indent, int width);

#endif
