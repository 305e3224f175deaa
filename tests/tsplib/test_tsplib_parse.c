/* SPDX-License-Identifier: BSD-3-Clause */
/* Unit tests of the TSPLIB parser: every metric and every EXPLICIT format on small hand-written
 * instances whose distances were computed by hand, tours, and malformed input in memory. */
#include <stdlib.h>
#include <string.h>

#include "test_util.h"
#include "tsplib_parse.h"

static int parse(const char *text, tour_net *t) {
  ar_status st = tsplib_parse_instance(text, strlen(text), "mem.tsp", t);
  if (st != AR_OK) fprintf(stderr, "unexpected failure: %s\n", ar_error_message());
  return st == AR_OK;
}

/* Parsing must fail with AR_ERR_INPUT and a message that contains `want`. */
static void expect_bad(const char *text, const char *want) {
  tour_net t;
  ar_status st = tsplib_parse_instance(text, strlen(text), "bad.tsp", &t);
  CHECK_EQ_INT(st, AR_ERR_INPUT);
  const char *msg = ar_error_message();
  if (!strstr(msg, want) || strncmp(msg, "bad.tsp:", 8) != 0) {
    fprintf(stderr, "message '%s' lacks 'bad.tsp:' or '%s'\n", msg, want);
    CHECK(0);
  }
  CHECK(t.x == NULL && t.weights == NULL);
}

static void test_euc_2d(void) {
  /* sqrt(2) = 1.414 -> 1; sqrt(5) = 2.236 -> 2; sqrt(13) = 3.606 -> 4; 0.5 rounds up -> 1. */
  const char *text = "NAME: euc\nTYPE: TSP\nCOMMENT: one\nCOMMENT: two\nDIMENSION: 5\n"
                     "EDGE_WEIGHT_TYPE: EUC_2D\nNODE_COORD_SECTION\n"
                     "1 0 0\n2 1 1\n3 1.0e0 2\n 4   2   3  \n5 0.5 0\nEOF\n";
  tour_net t;
  if (!parse(text, &t)) {
    CHECK(0);
    return;
  }
  CHECK(strcmp(t.name, "euc") == 0);
  CHECK(strcmp(t.comment, "one; two") == 0);
  CHECK_EQ_INT(t.n, 5);
  CHECK_EQ_INT(t.metric, TOUR_METRIC_EUC_2D);
  CHECK_EQ_INT(t.directed, 0);
  CHECK_EQ_INT(t.optimum, -1);
  CHECK(t.known_tour == NULL && t.weights == NULL);
  CHECK_EQ_INT(tour_dist(&t, 0, 1), 1);
  CHECK_EQ_INT(tour_dist(&t, 0, 2), 2);
  CHECK_EQ_INT(tour_dist(&t, 0, 3), 4);
  CHECK_EQ_INT(tour_dist(&t, 0, 4), 1);
  CHECK_EQ_INT(tour_dist(&t, 3, 0), 4);
  tour_net_free(&t);
}

static void test_ceil_2d(void) {
  /* ceil(sqrt(2)) = 2; (3,4) is exactly 5; ceil(sqrt(13)) = 4; ceil(0.5) = 1. */
  const char *text = "NAME: ceil\nTYPE: TSP\nDIMENSION: 4\nEDGE_WEIGHT_TYPE: CEIL_2D\n"
                     "NODE_COORD_SECTION\n1 0 0\n2 1 1\n3 3 4\n4 0.5 0\n";
  tour_net t;
  if (!parse(text, &t)) {
    CHECK(0);
    return;
  }
  CHECK_EQ_INT(t.metric, TOUR_METRIC_CEIL_2D);
  CHECK_EQ_INT(tour_dist(&t, 0, 1), 2);
  CHECK_EQ_INT(tour_dist(&t, 0, 2), 5);
  CHECK_EQ_INT(tour_dist(&t, 1, 2), 4); /* (2,3): sqrt(13) */
  CHECK_EQ_INT(tour_dist(&t, 0, 3), 1);
  tour_net_free(&t);
}

static void test_att(void) {
  /* (10,0): r = sqrt(100/10) = 3.162, nint 3 < r -> 4. (30,40): r = sqrt(250) = 15.81, nint 16.
   * (0,0)-(0,0) -> 0. */
  const char *text = "NAME: att\nTYPE: TSP\nDIMENSION: 4\nEDGE_WEIGHT_TYPE: ATT\n"
                     "NODE_COORD_SECTION\n1 0 0\n2 10 0\n3 30 40\n4 0 0\n";
  tour_net t;
  if (!parse(text, &t)) {
    CHECK(0);
    return;
  }
  CHECK_EQ_INT(t.metric, TOUR_METRIC_ATT);
  CHECK_EQ_INT(tour_dist(&t, 0, 1), 4);
  CHECK_EQ_INT(tour_dist(&t, 0, 2), 16);
  CHECK_EQ_INT(tour_dist(&t, 0, 3), 0);
  tour_net_free(&t);
}

/* burma14 (TSPLIB, GEO): optimum 3323 with the tour below; canonical tour 1..14 measures 4562
 * (computed independently with TSPLIB's formulas in Python). */
static const char burma14[] =
    "NAME: burma14\nTYPE: TSP\nCOMMENT: 14-Staedte in Burma (Zaw Win)\nDIMENSION: 14\n"
    "EDGE_WEIGHT_TYPE: GEO\nEDGE_WEIGHT_FORMAT: FUNCTION \nDISPLAY_DATA_TYPE: COORD_DISPLAY\n"
    "NODE_COORD_SECTION\n"
    "   1  16.47       96.10\n   2  16.47       94.44\n   3  20.09       92.54\n"
    "   4  22.39       93.37\n   5  25.23       97.24\n   6  22.00       96.05\n"
    "   7  20.47       97.02\n   8  17.20       96.29\n   9  16.30       97.38\n"
    "  10  14.05       98.12\n  11  16.53       97.38\n  12  21.52       95.59\n"
    "  13  19.41       97.13\n  14  20.09       94.55\nEOF\n";

static void test_geo(void) {
  /* Equator, one degree of longitude apart: 6378.388 * 0.017453283 = 111.3 -> 112;
   * 30 minutes (0.30 in DDD.MM) -> 55.7 -> 56. */
  const char *text = "NAME: geo\nTYPE: TSP\nDIMENSION: 3\nEDGE_WEIGHT_TYPE: GEO\n"
                     "NODE_COORD_SECTION\n1 0 0\n2 0 1.0\n3 0.0 0.30\n";
  tour_net t;
  if (!parse(text, &t)) {
    CHECK(0);
    return;
  }
  CHECK_EQ_INT(t.metric, TOUR_METRIC_GEO);
  CHECK_EQ_INT(tour_dist(&t, 0, 1), 112);
  CHECK_EQ_INT(tour_dist(&t, 0, 2), 56);
  tour_net_free(&t);

  if (!parse(burma14, &t)) {
    CHECK(0);
    return;
  }
  int32_t canon[14], opt[14];
  const int32_t opt1[14] = {1, 2, 14, 3, 4, 5, 6, 12, 7, 13, 8, 11, 9, 10};
  for (int i = 0; i < 14; i++) {
    canon[i] = i;
    opt[i] = opt1[i] - 1;
  }
  CHECK_EQ_INT(tour_length(&t, canon), 4562);
  CHECK_EQ_INT(tour_length(&t, opt), 3323);
  tour_net_free(&t);
}

/* The symmetric 4 x 4 matrix below, written in every EXPLICIT format; tour 1-2-3-4 measures
 * 3 + 4 + 2 + 7 = 16.
 *      0 3 5 7
 *      3 0 4 6
 *      5 4 0 2
 *      7 6 2 0 */
static void test_explicit_formats(void) {
  static const struct {
    const char *format, *data;
  } cases[] = {
      {"FULL_MATRIX", "0 3 5 7\n3 0 4 6\n5 4 0 2\n7 6 2 0\n"},
      {"UPPER_ROW", "3 5 7\n4 6\n2\n"},
      {"LOWER_ROW", "3\n5 4\n7 6 2\n"},
      {"UPPER_DIAG_ROW", "0 3 5 7\n0 4 6\n0 2\n0\n"},
      {"LOWER_DIAG_ROW", "0\n3 0\n5 4 0\n7 6 2 0\n"},
      {"UPPER_COL", "3\n5 4\n7 6 2\n"},
      {"LOWER_COL", "3 5 7\n4 6\n2\n"},
      {"UPPER_DIAG_COL", "0\n3 0\n5 4 0\n7 6 2 0\n"},
      {"LOWER_DIAG_COL", "0 3 5 7\n0 4 6\n0 2\n0\n"},
      {"UPPER_ROW", "3 5 7 4 6 2\n"},                 /* one line: weights flow across lines */
      {"LOWER_DIAG_ROW", "0 3\n0 5 4 0 7\n6 2\n0\n"}, /* odd line breaks */
  };
  static const int32_t want[16] = {0, 3, 5, 7, 3, 0, 4, 6, 5, 4, 0, 2, 7, 6, 2, 0};
  for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
    char text[512];
    snprintf(text, sizeof text,
             "NAME: m\nTYPE: TSP\nDIMENSION: 4\nEDGE_WEIGHT_TYPE: EXPLICIT\n"
             "EDGE_WEIGHT_FORMAT: %s\nEDGE_WEIGHT_SECTION\n%sEOF\n",
             cases[c].format, cases[c].data);
    tour_net t;
    if (!parse(text, &t)) {
      fprintf(stderr, "format %s\n", cases[c].format);
      CHECK(0);
      continue;
    }
    CHECK_EQ_INT(t.metric, TOUR_METRIC_EXPLICIT);
    CHECK(t.x == NULL && t.y == NULL && t.weights != NULL);
    int same = memcmp(t.weights, want, sizeof want) == 0;
    if (!same) fprintf(stderr, "format %s: wrong matrix\n", cases[c].format);
    CHECK(same);
    int32_t order[4] = {0, 1, 2, 3};
    CHECK_EQ_INT(tour_length(&t, order), 16);
    tour_net_free(&t);
  }
}

static void test_atsp(void) {
  /* 1->2 1, 2->3 2, 3->1 3 (sum 6); the reverse 1->3 9, 3->2 8, 2->1 7 (sum 24). */
  const char *text = "NAME: a\nTYPE: ATSP\nDIMENSION: 3\nEDGE_WEIGHT_TYPE: EXPLICIT\n"
                     "EDGE_WEIGHT_FORMAT: FULL_MATRIX\nEDGE_WEIGHT_SECTION\n"
                     "9999999 1 9\n7 9999999 2\n3 8 9999999\nEOF\n";
  tour_net t;
  if (!parse(text, &t)) {
    CHECK(0);
    return;
  }
  CHECK_EQ_INT(t.directed, 1);
  int32_t fwd[3] = {0, 1, 2}, back[3] = {0, 2, 1};
  CHECK_EQ_INT(tour_length(&t, fwd), 6);
  CHECK_EQ_INT(tour_length(&t, back), 24);
  CHECK_EQ_INT(tour_dist(&t, 0, 0), 9999999);
  tour_net_free(&t);
}

static void test_tours(void) {
  const char *good =
      "NAME : x.opt.tour\nTYPE : TOUR\nDIMENSION : 4\nTOUR_SECTION\n1\n3 2\n4\n-1\nEOF\n";
  int32_t *tour = NULL;
  CHECK_EQ_INT(tsplib_parse_tour(good, strlen(good), "x.tour", 4, &tour), AR_OK);
  if (tour) {
    CHECK(tour[0] == 0 && tour[1] == 2 && tour[2] == 1 && tour[3] == 3);
    free(tour);
  }
  static const struct {
    const char *text, *want;
  } bad[] = {
      {"TYPE : TOUR\nDIMENSION : 5\nTOUR_SECTION\n1\n2\n3\n4\n-1\n", "x.tour:2: DIMENSION 5"},
      {"TYPE : TOUR\nTOUR_SECTION\n1\n2\n2\n4\n-1\n", "x.tour:5: node 2 appears twice"},
      {"TYPE : TOUR\nTOUR_SECTION\n1\n2\n9\n4\n-1\n", "x.tour:5: unknown node id 9"},
      {"TYPE : TOUR\nTOUR_SECTION\n1\n2\n3\n-1\n", "x.tour:6: the tour has 3 nodes"},
      {"TYPE : TOUR\nTOUR_SECTION\n1\n2\n3\n4\n", "without the -1 terminator"},
      {"TYPE : TOUR\nTOUR_SECTION\n1\n2\n3\n4\nEOF\n",
       "x.tour:7: TOUR_SECTION ends without its -1"},
      {"TYPE : TOUR\nTOUR_SECTION\n1\n2\nx\n4\n-1\n", "x.tour:5: tour entry 'x'"},
      {"TYPE : TOUR\nTOUR_SECTION\n1 2 3 4 5 -1\n", "x.tour:3: unknown node id 5"},
      {"TYPE : TSP\nTOUR_SECTION\n1\n2\n3\n4\n-1\n", "x.tour:1: TYPE TSP"},
      {"NAME : t\n", "x.tour:1: end of file without TOUR_SECTION"},
      {"", "x.tour:1: the file is empty"},
  };
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    tour = NULL;
    ar_status st = tsplib_parse_tour(bad[i].text, strlen(bad[i].text), "x.tour", 4, &tour);
    CHECK_EQ_INT(st, AR_ERR_INPUT);
    CHECK(tour == NULL);
    if (!strstr(ar_error_message(), bad[i].want)) {
      fprintf(stderr, "tour case %zu: '%s' lacks '%s'\n", i, ar_error_message(), bad[i].want);
      CHECK(0);
    }
  }
}

static void test_bad_instances(void) {
  const char *head = "NAME: b\nTYPE: TSP\nDIMENSION: 4\nEDGE_WEIGHT_TYPE: EUC_2D\n";
  char text[512];
  static const struct {
    const char *body, *want;
  } cases[] = {
      {"NODE_COORD_SECTION\n1 0 0\n2 1 1\n3 inf 2\n4 2 3\n", "bad.tsp:8: node 3: x coordinate"},
      {"NODE_COORD_SECTION\n1 0 0\n2 1 1\n3 1 2 5\n4 2 3\n", "bad.tsp:8: NODE_COORD_SECTION entry"},
      {"NODE_COORD_SECTION\n1 0 0\n2 1 1\n3 1e300 2\n4 2 3\n", "beyond"},
      {"NODE_COORD_SECTION\n1 0 0\n2 1 1\n0 1 2\n4 2 3\n", "bad.tsp:8: unknown node id 0"},
      {"NODE_COORD_SECTION\n1 0 0\n2 1 1\n3.0 1 2\n4 2 3\n", "node id '3.0' is not an integer"},
      {"NODE_COORD_SECTION\n1 0 0\n2 1 1\n3 1 2\n4 2 3\n5 2 3\n", "unknown node id 5"},
      {"NODE_COORD_SECTION\n1 0 0\n2 1 1\n3 1 2\n4 2 3\nNODE_COORD_SECTION\n", "given twice"},
      {"EDGE_WEIGHT_SECTION\n1 2 3\n", "only EXPLICIT has one"},
      {"TOUR_SECTION\n1\n", "TOUR_SECTION in an instance file"},
      {"NODE_COORD_SECTION\n1 0 0\n2 1 1\n3 1 2\n4 2 3\nFOO: 1\n", "bad.tsp:10: unknown keyword"},
      {"DIMENSION: 5\n", "DIMENSION is given twice"},
      {"hello world\n", "expected ':' after keyword hello"},
      {"NODE_COORD_SECTION\n1 0 0\n2 1 1\n\x01\x02 1 2\n4 2 3\n",
       "bad.tsp:8: node id '?\?' is not an integer"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    snprintf(text, sizeof text, "%s%s", head, cases[i].body);
    expect_bad(text, cases[i].want);
  }
  expect_bad("NAME: b\nTYPE: CVRP\n", "bad.tsp:2: TYPE CVRP is not supported");
  expect_bad("TYPE: TSP\nDIMENSION: 4\nEDGE_WEIGHT_TYPE: EUC_3D\n", "EUC_3D is not supported");
  expect_bad("TYPE: TSP\nDIMENSION: two\n", "bad.tsp:2: DIMENSION 'two' is not an integer");
  expect_bad("TYPE: TSP\nDIMENSION: 2\n", "out of range");
  expect_bad("TYPE: TSP\nDIMENSION: 99999999999999999999\n", "out of range");
  expect_bad("TYPE: TSP\nDIMENSION: 30000000\n", "far larger than the file could hold");
  expect_bad("TYPE: TSP\nEDGE_WEIGHT_TYPE: EUC_2D\nNODE_COORD_SECTION\n1 0 0\n",
             "bad.tsp:3: NODE_COORD_SECTION before DIMENSION");
  expect_bad("TYPE: TSP\nDIMENSION: 3\nEDGE_WEIGHT_TYPE: EUC_2D\n",
             "bad.tsp:3: end of file without NODE_COORD_SECTION");
  expect_bad("TYPE: TSP\nDIMENSION: 3\n", "without EDGE_WEIGHT_TYPE");
  expect_bad("  \n\n", "bad.tsp:2: end of file without DIMENSION");
  expect_bad("TYPE: TSP\nDIMENSION: 3\nEDGE_WEIGHT_TYPE: GEO\nNODE_COORD_SECTION\n1 0 0\n2 95 "
             "0\n3 0 0\n",
             "bad.tsp:6: node 2: GEO coordinates");
  /* A huge node-coordinate claim is refused before allocating, with the bytes left. */
  expect_bad("TYPE: TSP\nDIMENSION: 5000\nEDGE_WEIGHT_TYPE: EUC_2D\nNODE_COORD_SECTION\n1 0 0\n",
             "bad.tsp:2: DIMENSION 5000 is far larger than the file could hold");

  const char *ex = "NAME: e\nTYPE: TSP\nDIMENSION: 3\nEDGE_WEIGHT_TYPE: EXPLICIT\n";
  static const struct {
    const char *body, *want;
  } ecases[] = {
      {"EDGE_WEIGHT_SECTION\n1 2 3\n", "bad.tsp:5: EDGE_WEIGHT_TYPE EXPLICIT needs an"},
      {"EDGE_WEIGHT_FORMAT: UPPER_ROW\nEDGE_WEIGHT_SECTION\n1 2\n",
       "bad.tsp:7: EDGE_WEIGHT_SECTION ends after 2 of the 3"},
      {"EDGE_WEIGHT_FORMAT: UPPER_ROW\nEDGE_WEIGHT_SECTION\n1 2 3 4\n",
       "bad.tsp:7: EDGE_WEIGHT_SECTION has more"},
      {"EDGE_WEIGHT_FORMAT: UPPER_ROW\nEDGE_WEIGHT_SECTION\n1 2 3\n4\n",
       "bad.tsp:8: EDGE_WEIGHT_SECTION has more"},
      {"EDGE_WEIGHT_FORMAT: UPPER_ROW\nEDGE_WEIGHT_SECTION\n1 nan 3\n",
       "bad.tsp:7: weight 'nan' (row 1, column 3) is not finite"},
      {"EDGE_WEIGHT_FORMAT: UPPER_ROW\nEDGE_WEIGHT_SECTION\n1 2.5 3\n", "not an integer"},
      {"EDGE_WEIGHT_FORMAT: UPPER_ROW\nEDGE_WEIGHT_SECTION\n1 3000000000 3\n", "not an integer"},
      {"EDGE_WEIGHT_FORMAT: UPPER_ROW\nEDGE_WEIGHT_SECTION\n1 two 3\n",
       "weight 'two' (row 1, column 3) is not a number"},
      {"EDGE_WEIGHT_FORMAT: FULL_MATRIX\nEDGE_WEIGHT_SECTION\n0 1 2\n1 0 3\n2 4 0\n",
       "bad.tsp:9: TYPE TSP but weight(3,2)"},
      {"EDGE_WEIGHT_FORMAT: TRIANGLE\n", "bad.tsp:5: unknown EDGE_WEIGHT_FORMAT 'TRIANGLE'"},
      {"EDGE_WEIGHT_FORMAT: UPPER_ROW\n", "bad.tsp:5: end of file without EDGE_WEIGHT_SECTION"},
  };
  for (size_t i = 0; i < sizeof ecases / sizeof ecases[0]; i++) {
    snprintf(text, sizeof text, "%s%s", ex, ecases[i].body);
    expect_bad(text, ecases[i].want);
  }
  expect_bad("TYPE: ATSP\nDIMENSION: 3\nEDGE_WEIGHT_TYPE: EXPLICIT\nEDGE_WEIGHT_FORMAT: "
             "UPPER_ROW\nEDGE_WEIGHT_SECTION\n1 2 3\n",
             "TYPE ATSP needs EDGE_WEIGHT_FORMAT FULL_MATRIX");
  expect_bad("TYPE: ATSP\nDIMENSION: 3\nEDGE_WEIGHT_TYPE: EUC_2D\nNODE_COORD_SECTION\n1 0 0\n2 0 "
             "1\n3 1 1\n",
             "TYPE ATSP needs EDGE_WEIGHT_TYPE EXPLICIT");
  /* A claim of a huge matrix is refused before allocating, even when the file is long enough to
   * pass the cheap check on the DIMENSION line (a long comment pads it here). */
  size_t pad = 12000;
  char *big = malloc(pad + 256);
  int k = snprintf(big, 256, "TYPE: TSP\nDIMENSION: 5000\nEDGE_WEIGHT_TYPE: EXPLICIT\nCOMMENT: ");
  memset(big + k, 'c', pad);
  snprintf(big + k + pad, 256 - 1,
           "\nEDGE_WEIGHT_FORMAT: FULL_MATRIX\nEDGE_WEIGHT_SECTION\n1 2 3\n");
  expect_bad(big, "bad.tsp:6: DIMENSION 5000 with FULL_MATRIX needs 25000000 weights but only");
  free(big);
}

/* A buffer that is not NUL-terminated must be read only within its length. */
static void test_unterminated_buffer(void) {
  const char *src = "NAME: u\nTYPE: TSP\nDIMENSION: 3\nEDGE_WEIGHT_TYPE: EUC_2D\n"
                    "NODE_COORD_SECTION\n1 0 0\n2 3 4\n3 6 8";
  size_t len = strlen(src);
  char *exact = malloc(len); /* no room for a terminator: ASan catches any overread */
  memcpy(exact, src, len);
  tour_net t;
  ar_status st = tsplib_parse_instance(exact, len, "u.tsp", &t);
  CHECK_EQ_INT(st, AR_OK);
  if (st == AR_OK) {
    CHECK_EQ_INT(tour_dist(&t, 0, 2), 10);
    tour_net_free(&t);
  }
  /* Cut after "3 6": the last entry has two fields. */
  st = tsplib_parse_instance(exact, len - 2, "u.tsp", &t);
  CHECK_EQ_INT(st, AR_ERR_INPUT);
  CHECK(strstr(ar_error_message(), "u.tsp:8: NODE_COORD_SECTION entry has 2 fields") != NULL);
  free(exact);
}

/* The shipped pcb442 and att532: TSPLIB's documented canonical-tour lengths (doc section 2.8). */
static void test_shipped_canonical(void) {
  const char *src = getenv("AR_SOURCE_DIR");
  if (!src) return;
  static const struct {
    const char *file;
    int64_t length;
  } cases[] = {{"inputs/tsplib/pcb442.tsp", 221440}, {"inputs/tsplib/att532.tsp", 309636}};
  for (size_t i = 0; i < 2; i++) {
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", src, cases[i].file);
    tour_net t;
    ar_status st = tsplib_load_instance(path, &t);
    if (st != AR_OK) fprintf(stderr, "%s\n", ar_error_message());
    CHECK_EQ_INT(st, AR_OK);
    if (st != AR_OK) continue;
    int32_t *order = malloc((size_t)t.n * sizeof *order);
    for (int32_t k = 0; k < t.n; k++)
      order[k] = k;
    CHECK_EQ_INT(tour_length(&t, order), cases[i].length);
    free(order);
    tour_net_free(&t);
  }
  tour_net t;
  CHECK_EQ_INT(tsplib_load_instance("/nonexistent/x.tsp", &t), AR_ERR_IO);
  CHECK(strstr(ar_error_message(), "cannot open /nonexistent/x.tsp") != NULL);
}

int test_run(int argc, char **argv) {
  (void)argc;
  (void)argv;
  test_euc_2d();
  test_ceil_2d();
  test_att();
  test_geo();
  test_explicit_formats();
  test_atsp();
  test_tours();
  test_bad_instances();
  test_unterminated_buffer();
  test_shipped_canonical();
  return 0;
}
