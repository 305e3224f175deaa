/* SPDX-License-Identifier: BSD-3-Clause */
/* fuzz_h5net: libFuzzer target for the network file reader. The input is the bytes of an HDF5
 * file: they are written to a temporary file and read by the real reader, as solve and inspect
 * read a network (h5u_open_read, h5net_header_read and the kind's version, then the kind's
 * reader), in a serial
 * process (a singleton MPI_Init, MPI_COMM_SELF). Any file must either read into a consistent
 * network or fail as bad input (AR_ERR_INPUT, exit 3) with a message naming the file; never
 * crash, read out of bounds, allocate what the file cannot back, or fail as an internal, MPI or
 * HDF5 error (exit 1 is for antroute's bugs, not the user's files). Built with
 * -DANTROUTE_FUZZ=ON (clang); seeds are real network files made at test time. */
#include <mpi.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fuzz_file.h"
#include "h5net.h"
#include "h5net_supply.h"
#include "h5net_tour.h"
#include "h5u.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static char path[64];

int LLVMFuzzerInitialize(int *argc, char ***argv) {
  int provided = 0;
  if (MPI_Init_thread(argc, argv, MPI_THREAD_SERIALIZED, &provided) != MPI_SUCCESS) abort();
  h5u_init();
  snprintf(path, sizeof path, "/tmp/fuzz_h5net_%ld.h5", (long)getpid());
  return 0;
}

static void check_failure(ar_status st) {
  if (st == AR_OK) return;
  /* Bad bytes are bad input, said with the file's name. A missing file is not possible here. */
  if (st != AR_ERR_INPUT) {
    fprintf(stderr, "status %d: %s\n", (int)st, ar_error_message());
    abort();
  }
  if (!strstr(ar_error_message(), path)) {
    fprintf(stderr, "message without the file: %s\n", ar_error_message());
    abort();
  }
}

static void read_tour(hid_t file) {
  tour_net t;
  ar_status st = h5net_tour_read_file(file, &t);
  check_failure(st);
  if (st != AR_OK) {
    if (t.x || t.y || t.weights || t.known_tour) abort(); /* nothing left to free */
    return;
  }
  if (t.n < 3 || (t.metric == TOUR_METRIC_EXPLICIT) != (t.weights != NULL)) abort();
  /* Every distance of a network read is defined. */
  if (tour_length_file_order(&t) < 0) abort();
  if (t.known_tour && tour_is_permutation(t.known_tour, t.n) != 1) abort();
  tour_net_free(&t);
}

static void read_supply(hid_t file) {
  supply_net net;
  ar_status st = h5net_supply_read_file(file, &net);
  check_failure(st);
  if (st != AR_OK) return;
  /* Every reference a network read holds is in range. */
  for (int32_t k = 0; k < net.n_orders; k++)
    if (net.order_product[k] < 0 || net.order_product[k] >= net.products.n ||
        net.hist_plant[k] < 0 || net.hist_plant[k] >= net.plants.n)
      abort();
  supply_net_free(&net);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (!fuzz_write_file(path, data, size)) return 0;
  ar_error_clear();
  hid_t file;
  ar_status st = h5u_open_read(path, MPI_COMM_SELF, &file);
  if (st == AR_OK) {
    char kind[64];
    int64_t version = 0;
    /* The header as src/app judges it (app_wing_network): format, kind, the kind's version. */
    st = h5net_header_read(file, kind, sizeof kind, &version);
    int tour = st == AR_OK && strcmp(kind, H5NET_TOUR_KIND) == 0;
    int supply = st == AR_OK && strcmp(kind, H5NET_SUPPLY_KIND) == 0;
    if (st == AR_OK && !tour && !supply)
      st = ar_fail(AR_ERR_INPUT, "%s: network kind '%s' is unknown", h5u_file_name(file), kind);
    if (st == AR_OK)
      st = h5net_version_check(h5u_file_name(file), kind, version,
                               tour ? H5NET_TOUR_VERSION : H5NET_SUPPLY_VERSION);
    check_failure(st);
    if (st == AR_OK && tour) read_tour(file);
    if (st == AR_OK && supply) read_supply(file);
    h5u_close(file);
  } else if (size > 0) {
    check_failure(st);
  }
  unlink(path);
  return 0;
}
