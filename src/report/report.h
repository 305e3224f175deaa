/* report: what `antroute report RESULTS.h5 [-o DIR]` shows of a results file.
 *
 * report_summary() prints a text summary of a results file of either kind (tour, supply-chain):
 * problem, instance, parameters, layout, best cost per goal, gap to the optimum or bound, unserved
 * orders, the BSP time split per phase and the imbalance between ranks. It reads what exists and
 * skips what does not (results files grow as the solvers do): only a file that is not an antroute
 * results file, or a dataset of the wrong shape, is an error.
 *
 * report_network_resolve() finds the network file a results file was made from (its root `input`
 * attribute, which is the path as given to `solve`), for the pictures.
 *
 * report_plot_run() draws the pictures by running the Python script tools/antroute_report.py
 * (h5py + matplotlib) and waits for it.
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

/* What the summary learnt that the pictures need. */
typedef struct {
  char kind[32];            /* root `kind`: "tour", "supply-chain" ("" if absent) */
  char input[H5U_PATH_MAX]; /* root `input`: the network file as given to solve ("" if absent) */
  char instance[256];       /* root `instance` ("" if absent) */
  int64_t tour_nodes;       /* length of /best/tour; -1 when there is none */
} report_facts;

/* Prints the summary of an open results file to out and fills facts. `path` names the file in
 * messages. Fails with AR_ERR_INPUT when the file is not an antroute results file (the message
 * names it) or a dataset it reads has the wrong shape or type. */
ar_status report_summary(hid_t file, const char *path, FILE *out, report_facts *facts);

/* The network file for the pictures: `override` (--network) when given, else facts->input as
 * given, else the same name relative to the results file's directory, else its base name there.
 * Checks that it is an antroute network file of the same kind and, for tours, the same number of
 * nodes as /best/tour. On success writes the path to net (cap bytes) and, for tours, whether it
 * has coordinates (*has_coords). Fails with AR_ERR_IO when no candidate exists (the message names
 * the paths tried and suggests --network), AR_ERR_INPUT when the file does not match. */
ar_status report_network_resolve(const report_facts *facts, const char *results_path,
                                 const char *override, char *net, size_t cap, int *has_coords);

/* The script that draws the pictures: $ANTROUTE_REPORT_SCRIPT, else the installed one next to the
 * program (PREFIX/share/antroute/antroute_report.py for PREFIX/bin/antroute), else the path
 * compiled in (AR_REPORT_SCRIPT, the source tree's tools/antroute_report.py). The interpreter:
 * $ANTROUTE_PYTHON, else AR_REPORT_PYTHON (/usr/bin/python3, which has Debian's h5py). */
const char *report_plot_script(void);
const char *report_plot_python(void);

/* Runs `PYTHON SCRIPT RESULTS --out DIR --format FORMAT [--network NET]` (net may be NULL or "";
 * format "png" or "svg"), its standard
 * output going to ours. Creates DIR if missing. The script writes each picture atomically and
 * prints one line per picture (and a note for each one it skips). Fails with AR_ERR_IO when the
 * interpreter or script is missing, or h5py or matplotlib cannot be imported (the message says
 * what to install), AR_ERR_INPUT when the script finds the data unusable; the message is the
 * script's own last line of error output. */
/* AR_ERR_USAGE naming both when a picture the script may write into dir (DIR/NAME.FORMAT, or the
 * DIR/.NAME.FORMAT.tmp it is written through) is one of the inputs (NULL entries skipped):
 * report never writes over what it reads. report_plot_run() checks results and net itself. */
ar_status report_plot_check_outputs(const char *dir, const char *format, const char *const *inputs,
                                    int ninputs);

ar_status report_plot_run(const char *results, const char *dir, const char *net,
                          const char *format);

#endif
