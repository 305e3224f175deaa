/* SPDX-License-Identifier: BSD-3-Clause */
/* h5net_tour_fields: a tour network file, declared once (see h5net_tour_fields.h). */
#include "h5net_tour_fields.h"

#define ROOT(id, key, text)                                                                        \
  [id] = {.name = key,                                                                             \
          .path = "/" key,                                                                         \
          .type = H5FIELD_STR,                                                                     \
          .meaning = text,                                                                         \
          .flags = H5FIELD_ATTRIBUTE}
#define GROUP(id, key, t, u, text)                                                                 \
  [id] = {.name = "tour_" key,                                                                     \
          .path = "/tour/" key,                                                                    \
          .type = t,                                                                               \
          .unit = u,                                                                               \
          .meaning = text,                                                                         \
          .flags = H5FIELD_ATTRIBUTE}
#define BOUND(id, key, t, text)                                                                    \
  [id] = {.name = "lower_bound_" key,                                                              \
          .path = "/tour/lower_bound/" key,                                                        \
          .type = t,                                                                               \
          .meaning = text,                                                                         \
          .flags = H5FIELD_ATTRIBUTE | H5FIELD_OPTIONAL}

const h5field h5net_tour_fields[H5NET_TOUR_FIELDS] = {
    ROOT(H5NET_TOUR_F_KIND, "kind", "\"" H5NET_TOUR_KIND "\""),
    ROOT(H5NET_TOUR_F_NAME, "name", "instance name (TSPLIB NAME, or --name)"),
    ROOT(H5NET_TOUR_F_SOURCE, "source", "the input file the network was imported from"),
    ROOT(H5NET_TOUR_F_COMMENT, "comment", "TSPLIB COMMENT lines, joined with \"; \""),
    GROUP(H5NET_TOUR_F_N, "n", H5FIELD_I64, "1", "number of nodes (3 .. 20,000,000)"),
    GROUP(H5NET_TOUR_F_METRIC, "metric", H5FIELD_STR, NULL,
          "TSPLIB spelling: EUC_2D, CEIL_2D, ATT, GEO or EXPLICIT"),
    GROUP(H5NET_TOUR_F_DIRECTED, "directed", H5FIELD_I64, "1",
          "1 for an ATSP (weights may differ by direction), else 0"),
    GROUP(H5NET_TOUR_F_OPTIMUM, "optimum", H5FIELD_I64, H5NET_DISTANCE_UNITS,
          "proven optimal tour length, -1 if unknown"),
    GROUP(H5NET_TOUR_F_DISTANCE_UNITS, "distance_units", H5FIELD_STR, NULL,
          "\"" H5NET_DISTANCE_UNITS "\""),
    [H5NET_TOUR_F_COORDS] = {.name = "tour_coords",
                             .path = "/tour/coords",
                             .type = H5FIELD_F64,
                             .rank = 2,
                             .shape = "[n][2]",
                             .unit = "TSPLIB coordinate units",
                             .meaning = "node coordinates, row i = node i+1 of the TSPLIB file: "
                                        "(x, y)",
                             .doc = "Unless the metric is EXPLICIT. For GEO, TSPLIB's DDD.MM "
                                    "values (unit \"TSPLIB GEO DDD.MM (degrees.minutes): x = "
                                    "latitude, y = longitude\").",
                             .flags = H5FIELD_OPTIONAL},
    [H5NET_TOUR_F_WEIGHTS] = {.name = "tour_weights",
                              .path = "/tour/weights",
                              .type = H5FIELD_I32,
                              .rank = 2,
                              .shape = "[n][n]",
                              .unit = H5NET_DISTANCE_UNITS,
                              .meaning = "weights[i][j] = cost of going from node i+1 to node j+1",
                              .doc = "When the metric is EXPLICIT, whatever EDGE_WEIGHT_FORMAT "
                                     "the file used (expanded to the full matrix; the diagonal "
                                     "keeps the file's value, 0 for triangular formats without "
                                     "one).",
                              .flags = H5FIELD_OPTIONAL},
    [H5NET_TOUR_F_KNOWN_TOUR] = {.name = "tour_known_tour",
                                 .path = "/tour/known_tour",
                                 .type = H5FIELD_I32,
                                 .rank = 1,
                                 .shape = "[n]",
                                 .unit = "0-based node index",
                                 .meaning = "a known tour (node order, closed)",
                                 .flags = H5FIELD_OPTIONAL},
    [H5NET_TOUR_F_KNOWN_LENGTH] = {.name = "known_tour_length",
                                   .path = "/tour/known_tour/length",
                                   .type = H5FIELD_I64,
                                   .meaning = "its length under the metric",
                                   .flags = H5FIELD_ATTRIBUTE | H5FIELD_OPTIONAL},
    [H5NET_TOUR_F_KNOWN_SOURCE] = {.name = "known_tour_source",
                                   .path = "/tour/known_tour/source",
                                   .type = H5FIELD_STR,
                                   .meaning = "the .opt.tour file",
                                   .flags = H5FIELD_ATTRIBUTE | H5FIELD_OPTIONAL},
    [H5NET_TOUR_F_LOWER_BOUND] = {.name = "tour_lower_bound",
                                  .path = "/tour/lower_bound",
                                  .type = H5FIELD_I64,
                                  .rank = 1,
                                  .shape = "[1]",
                                  .unit = H5NET_DISTANCE_UNITS,
                                  .meaning = "proven lower bound on every tour's length",
                                  .doc = "Unless imported with --no-bound (docs/bounds.md).",
                                  .flags = H5FIELD_OPTIONAL},
    BOUND(H5NET_TOUR_F_BOUND_METHOD, "method", H5FIELD_STR,
          "\"held-karp\"; ATSP \"held-karp-atsp\" or \"assignment\", whichever is larger"),
    BOUND(H5NET_TOUR_F_BOUND_ASCENT_STEPS, "ascent_steps", H5FIELD_I64,
          "1-trees computed on the sparse graph"),
    BOUND(H5NET_TOUR_F_BOUND_EXACT_CHECKS, "exact_checks", H5FIELD_I64,
          "minimum 1-trees computed on the complete graph"),
    BOUND(H5NET_TOUR_F_BOUND_SPARSE_EDGES, "sparse_edges", H5FIELD_I64,
          "edges of the sparse graph at the end"),
    BOUND(H5NET_TOUR_F_BOUND_SECONDS, "seconds", H5FIELD_F64,
          "wall time (the only figure that differs between runs)"),
    [H5NET_TOUR_F_ALPHA_PI] = {.name = "tour_alpha_pi",
                               .path = "/tour/alpha_pi",
                               .type = H5FIELD_I64,
                               .rank = 1,
                               .shape = "[n]",
                               .unit = "1 / scale of the distance unit",
                               .meaning = "node penalties of the short Held-Karp ascent that "
                                          "solve's alpha-nearness candidate lists start from",
                               .doc = "Symmetric networks of up to 80,000 nodes, unless imported "
                                      "with --alpha-steps 0. A solve whose ascent would run "
                                      "`steps` steps on the same `scale` takes these and the "
                                      "tree instead of running it: the same lists, sooner.",
                               .flags = H5FIELD_OPTIONAL},
    [H5NET_TOUR_F_ALPHA_STEPS] = {.name = "alpha_pi_steps",
                                  .path = "/tour/alpha_pi/steps",
                                  .type = H5FIELD_I64,
                                  .meaning = "the ascent's steps (import --alpha-steps, at most "
                                             "4,000,000 / n)",
                                  .flags = H5FIELD_ATTRIBUTE | H5FIELD_OPTIONAL},
    [H5NET_TOUR_F_ALPHA_SCALE] = {.name = "alpha_pi_scale",
                                  .path = "/tour/alpha_pi/scale",
                                  .type = H5FIELD_I64,
                                  .meaning = "distances are multiplied by this before penalties "
                                             "are added",
                                  .flags = H5FIELD_ATTRIBUTE | H5FIELD_OPTIONAL},
    [H5NET_TOUR_F_ALPHA_TREE] = {.name = "tour_alpha_tree",
                                 .path = "/tour/alpha_tree",
                                 .type = H5FIELD_I32,
                                 .rank = 2,
                                 .shape = "[n-1][2]",
                                 .unit = "0-based node index",
                                 .meaning = "the minimum spanning tree under those penalties: "
                                            "its edges",
                                 .doc = "With /tour/alpha_pi, never without it.",
                                 .flags = H5FIELD_OPTIONAL},
};

const h5field_table h5net_tour_table =
    H5FIELD_TABLE("tour:network", "Network file: tours", h5net_tour_fields);
