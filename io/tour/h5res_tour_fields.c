/* SPDX-License-Identifier: BSD-3-Clause */
/* h5res_tour_fields: /best of a tour results file, declared once (see h5res_tour_fields.h). */
#include "h5res_tour_fields.h"

#define BOUND_ATTR(id, key, t, u, text)                                                            \
  [id] = {.name = "lower_bound_" key,                                                              \
          .path = "/best/lower_bound/" key,                                                        \
          .type = t,                                                                               \
          .unit = u,                                                                               \
          .meaning = text,                                                                         \
          .flags = H5FIELD_ATTRIBUTE | H5FIELD_OPTIONAL}

const h5field h5res_tour_fields[H5RES_TOUR_FIELDS] = {
    [H5RES_TOUR_TOUR] = {.name = "best_tour",
                         .path = H5RES_TOUR_TOUR_PATH,
                         .type = H5FIELD_I32,
                         .rank = 1,
                         .shape = "[n]",
                         .unit = "node index (0-based)",
                         .meaning = "0-based node indices in visiting order (the tour returns "
                                    "to the first node)",
                         .doc = "**Fixed interface** (row i of `/tour/coords` is node i). No "
                                "attributes of its own: `h5dump -d /best/tour -y -w 0 -O "
                                "/dev/null` prints exactly the numbers; this meaning is the "
                                "attribute `tour` of `/best`, its unit `tour_units`.",
                         .flags = H5FIELD_MEANING_ON_PARENT},
    [H5RES_TOUR_COST] = {.name = "best_cost",
                         .path = "/best/cost",
                         .type = H5FIELD_I64,
                         .unit = H5FIELD_UNIT_COST,
                         .meaning = "length of the tour in the network's distance, recomputed "
                                    "from scratch before writing",
                         .doc = "**Fixed interface** (directed for ATSP); its meaning is the "
                                "attribute `cost` of `/best`, its unit `cost_units` (\"TSPLIB "
                                "integer distance\"; a stops file's seconds or metres).",
                         .flags = H5FIELD_MEANING_ON_PARENT},
    [H5RES_TOUR_COLONY] = {.name = "best_colony",
                           .path = "/best/colony",
                           .type = H5FIELD_I32,
                           .unit = "colony index (0-based)",
                           .meaning = "the colony that found it"},
    [H5RES_TOUR_ITERATION] = {.name = "best_iteration",
                              .path = "/best/iteration",
                              .type = H5FIELD_I64,
                              .unit = "iteration index (0-based)",
                              .meaning = "the iteration (0-based) in which it was found; -1: "
                                         "the colony's first tour"},
    [H5RES_TOUR_TIME] = {.name = "best_time",
                         .path = "/best/time",
                         .type = H5FIELD_F64,
                         .unit = "s",
                         .meaning = "seconds since the start when it became known (at an "
                                    "epoch end)"},
    [H5RES_TOUR_OPTIMUM] = {.name = "best_optimum",
                            .path = "/best/optimum",
                            .type = H5FIELD_I64,
                            .unit = H5FIELD_UNIT_COST,
                            .meaning = "the optimal length, when known",
                            .flags = H5FIELD_ATTRIBUTE | H5FIELD_OPTIONAL},
    [H5RES_TOUR_GAP_PERCENT] = {.name = "best_gap_percent",
                                .path = "/best/gap_percent",
                                .type = H5FIELD_F64,
                                .unit = "percent",
                                .meaning = "100 (cost - optimum) / optimum, when the optimum is "
                                           "known",
                                .flags = H5FIELD_ATTRIBUTE | H5FIELD_OPTIONAL},
    [H5RES_TOUR_LOWER_BOUND] = {.name = "best_lower_bound",
                                .path = "/best/lower_bound",
                                .type = H5FIELD_I64,
                                .unit = H5FIELD_UNIT_COST,
                                .meaning = "a proven lower bound on every tour's length",
                                .doc = "Present unless `solve --no-bound` on a network without "
                                       "one.",
                                .flags = H5FIELD_OPTIONAL},
    BOUND_ATTR(H5RES_TOUR_BOUND_METHOD, "method", H5FIELD_STR, NULL,
               "\"held-karp\"; ATSP \"held-karp-atsp\" or \"assignment\""),
    BOUND_ATTR(H5RES_TOUR_BOUND_ASCENT_STEPS, "ascent_steps", H5FIELD_I64, "1",
               "1-trees computed on the sparse graph"),
    BOUND_ATTR(H5RES_TOUR_BOUND_EXACT_CHECKS, "exact_checks", H5FIELD_I64, "1",
               "minimum 1-trees computed on the complete graph"),
    BOUND_ATTR(H5RES_TOUR_BOUND_SECONDS, "seconds", H5FIELD_F64, "s",
               "wall time of the bound (the only figure that differs between runs)"),
    BOUND_ATTR(H5RES_TOUR_BOUND_COMPUTED_BY, "computed_by", H5FIELD_STR, NULL,
               "\"import\": read from the network; \"solve\": computed by this run"),
    [H5RES_TOUR_GAP_TO_BOUND] = {.name = "best_gap_to_bound",
                                 .path = "/best/gap_to_bound",
                                 .type = H5FIELD_F64,
                                 .unit = "percent",
                                 .meaning = "100 (cost - lower_bound) / cost: how far the best "
                                            "tour can be from the optimum",
                                 .flags = H5FIELD_OPTIONAL},
};

const h5field_table h5res_tour_table =
    H5FIELD_TABLE("tour:results", "Results file: tour (/best)", h5res_tour_fields);
