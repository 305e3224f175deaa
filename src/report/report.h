/* SPDX-License-Identifier: BSD-3-Clause */
/* report: what `antroute report RESULTS.h5 [-o DIR]` shows of a results file.
 *
 * report_summary() prints a text summary of a results file of any kind: problem, instance,
 * parameters, layout, the run, then the kind's sections (its wing's report_summary: best cost per
 * goal, gap to the optimum or bound, unserved orders...), the BSP time split per phase and the
 * imbalance between ranks. It reads what exists and skips what does not (results files grow as
 * the solvers do): only a file that is not an antroute results file, or a dataset of the wrong
 * shape, is an error. A kind that no wing knows gets the kind-free sections.
 *
 * report_network_resolve() finds the network file a results file was made from (its root `input`
 * attribute, which is the path as given to `solve`), for the pictures.
 *
 * report_plot_run() draws the pictures by running the Python script antroute_report.py (h5py +
 * matplotlib, with the kinds' modules report_<kind>.py beside it) and waits for it.
 *
 * Failures: AR_ERR_INPUT naming the file and dataset (not a results file, wrong shapes, a network
 * file that does not match the results), AR_ERR_IO (missing files, a missing python3, h5py or
 * matplotlib, a picture that cannot be written), AR_ERR_NOMEM.
 */
#ifndef AR_REPORT_H
#define AR_REPORT_H

#include <hdf5.h>
#include <stdint.h>
#include <stdio.h>

#include "ar_error.h"
#include "h5u.h"
#include "wing.h"

/* How the report finds the wing of a results file (src/app's registry): by its `kind` attribute,
 * else ("" ) by what the file holds; NULL when no wing knows it. */
typedef const wing *(*report_wing_lookup)(hid_t file, const char *kind);

/* Prints the summary of an open results file to out, fills facts and *w (the file's wing, or
 * NULL). `path` names the file in messages. Fails with AR_ERR_INPUT when the file is not an
 * antroute results file (the message names it) or a dataset it reads has the wrong shape or type.
 */
ar_status report_summary(hid_t file, const char *path, report_wing_lookup lookup, FILE *out,
                         wing_report_facts *facts, const wing **w);

/* The network file for the pictures: `override` (--network) when given, else facts->input as
 * given, else the same name relative to the results file's directory, else its base name there.
 * Checks that it is an antroute network file of the same kind, in a version the wing w reads, and
 * what the wing's report_network_check judges (tours: the same number of nodes as /best/tour).
 * On success writes the path to net (cap bytes). Fails with AR_ERR_IO when no candidate exists
 * (the message names the paths tried and suggests --network), AR_ERR_INPUT when the file does not
 * match. */
ar_status report_network_resolve(const wing *w, const wing_report_facts *facts,
                                 const char *override, char *net, size_t cap);

/* The script that draws the pictures: $ANTROUTE_REPORT_SCRIPT, else antroute_report.py found
 * relative to the running program (/proc/self/exe): ../share/antroute/report/ from PREFIX/bin,
 * share/antroute/report/ beside build/antroute, where the build and the install copy it with the
 * kinds' report_<kind>.py. NULL when neither exists. The interpreter: $ANTROUTE_PYTHON, else
 * AR_REPORT_PYTHON (/usr/bin/python3, which has Debian's h5py). */
const char *report_plot_script(void);
const char *report_plot_python(void);

/* AR_ERR_USAGE naming both when a picture the script may write into dir (DIR/NAME.FORMAT, or the
 * DIR/.NAME.FORMAT.tmp it is written through) is one of the inputs (NULL entries skipped):
 * report never writes over what it reads. The pictures: those every kind gets (convergence, bsp)
 * and `pictures` (the kinds' own, NULL-terminated; may be NULL). report_plot_run() checks results
 * and net itself. */
ar_status report_plot_check_outputs(const char *dir, const char *format,
                                    const char *const *pictures, const char *const *inputs,
                                    int ninputs);

/* Runs `PYTHON SCRIPT RESULTS --out DIR --format FORMAT [--network NET]` (net may be NULL or "";
 * format "png" or "svg"), its standard output going to ours, after report_plot_check_outputs()
 * (AR_ERR_USAGE). Creates DIR if missing. The script writes each picture atomically and
 * prints one line per picture (and a note for each one it skips). Fails with AR_ERR_IO when the
 * interpreter or script is missing, or h5py or matplotlib cannot be imported (the message says
 * what to install), AR_ERR_INPUT when the script finds the data unusable; the message is the
 * script's own last line of error output. */
ar_status report_plot_run(const char *results, const char *dir, const char *net, const char *format,
                          const char *const *pictures);

#endif
