/* SPDX-License-Identifier: BSD-3-Clause */
/* h5net_supply: import the shipped data, write it, read it back: every column identical; the
 * written file carries the root attributes and units; inspect summarises it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "h5meta.h"
#include "h5net_supply.h"
#include "h5net_supply_inspect.h"
#include "h5u.h"
#include "supply_equal.h"
#include "supply_import.h"
#include "test_util.h"

int test_run(int argc, char **argv) {
  (void)argc;
  (void)argv;
  const char *src = getenv("AR_SOURCE_DIR");
  const char *tmp = getenv("AR_BUILD_DIR");
  char dir[4096], path[4096], why[512] = "";
  snprintf(dir, sizeof dir, "%s/inputs/supply_chain", src ? src : ".");
  snprintf(path, sizeof path, "%s/supply_roundtrip.h5", tmp ? tmp : ".");
  supply_net a, b;
  ar_status st = supply_import_dir(dir, 0, &a, NULL);
  CHECK(st == AR_OK);
  if (st != AR_OK) {
    fprintf(stderr, "  %s\n", ar_error_message());
    return 0;
  }
  st = h5net_supply_write(&a, path, NULL);
  CHECK(st == AR_OK);
  if (st != AR_OK) fprintf(stderr, "  %s\n", ar_error_message());
  st = h5net_supply_read(path, MPI_COMM_SELF, &b);
  CHECK(st == AR_OK);
  if (st != AR_OK) fprintf(stderr, "  %s\n", ar_error_message());
  int same = supply_net_equal(&a, &b, why, sizeof why);
  CHECK(same);
  if (!same) fprintf(stderr, "  %s\n", why);
  supply_net_free(&b);

  /* Attributes, and the inspect summary. */
  hid_t file;
  CHECK(h5u_open_read(path, MPI_COMM_SELF, &file) == AR_OK);
  char text[128];
  CHECK(h5u_attr_read_str(file, "kind", text, sizeof text) == AR_OK &&
        strcmp(text, "supply-chain") == 0);
  CHECK(h5u_attr_read_str(file, "format", text, sizeof text) == AR_OK &&
        strcmp(text, H5META_NETWORK) == 0);
  hid_t dset = H5Dopen2(file, "/supply/orders/weight", H5P_DEFAULT);
  CHECK(dset >= 0 && h5u_attr_read_str(dset, "units", text, sizeof text) == AR_OK &&
        strcmp(text, "kg") == 0);
  if (dset >= 0) H5Dclose(dset);
  char *summary = NULL;
  size_t len = 0;
  FILE *out = open_memstream(&summary, &len);
  CHECK(h5net_supply_inspect(file, out) == AR_OK);
  fclose(out);
  CHECK(summary && strstr(summary, "plants      19 (daily capacity 5791 orders in total)"));
  CHECK(summary && strstr(summary, "lanes       76 (69 AIR, 7 GROUND) with 1540 weight-band rows"));
  CHECK(summary && strstr(summary, "orders      9215 from 2013-05-26 to 2013-05-26 (1 month)"));
  if (summary) fputs(summary, stdout);
  free(summary);
  h5u_close(file);

  /* A tour network is refused with a clear message. */
  h5u_output o;
  snprintf(path, sizeof path, "%s/supply_not_supply.h5", tmp ? tmp : ".");
  CHECK(h5u_output_create(&o, path, MPI_COMM_SELF) == AR_OK);
  CHECK(h5meta_write(o.file, H5META_NETWORK, 1, NULL) == AR_OK);
  CHECK(h5u_attr_write_str(o.file, "kind", "tour") == AR_OK);
  CHECK(h5u_output_commit(&o) == AR_OK);
  CHECK(h5net_supply_read(path, MPI_COMM_SELF, &b) == AR_ERR_INPUT);
  CHECK(strstr(ar_error_message(), "is a 'tour' network, expected a 'supply-chain' network"));
  supply_net_free(&a);
  return 0;
}
