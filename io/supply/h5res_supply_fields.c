/* SPDX-License-Identifier: BSD-3-Clause */
/* h5res_supply_fields: the order-routing part of a results file, declared once (see
 * h5res_supply_fields.h). The meanings are the `description` attributes the files carry. */
#include "h5res_supply_fields.h"

#include "supply_bound.h"

#define REASONS                                                                                    \
  "0 served, 1 no route, 2 plant capacity, 3 lane weight cap, 4 not chosen (it fits, the goals "   \
  "leave it out)"

#define CODES(id, key, text)                                                                       \
  [id] = {.name = "codes_" key,                                                                    \
          .path = "/codes/" key,                                                                   \
          .type = H5FIELD_STR,                                                                     \
          .rank = 1,                                                                               \
          .shape = "[codes]",                                                                      \
          .meaning = text}
#define PLAN(id, key, t, u, text)                                                                  \
  [id] = {.name = "plan_" key,                                                                     \
          .path = "/plan/" key,                                                                    \
          .type = t,                                                                               \
          .rank = 1,                                                                               \
          .shape = "[N]",                                                                          \
          .unit = u,                                                                               \
          .meaning = text}
#define UNSERVED(id, key, t, u, text)                                                              \
  [id] = {.name = "unserved_" key,                                                                 \
          .path = "/unserved/" key,                                                                \
          .type = t,                                                                               \
          .rank = 1,                                                                               \
          .shape = "[U]",                                                                          \
          .unit = u,                                                                               \
          .meaning = text}
#define MONTHS(id, key, t, u, text)                                                                \
  [id] = {.name = "months_" key,                                                                   \
          .path = "/months/" key,                                                                  \
          .type = t,                                                                               \
          .rank = 1,                                                                               \
          .shape = "[M]",                                                                          \
          .unit = u,                                                                               \
          .meaning = text}
#define TRACE(id, key, t, u, text)                                                                 \
  [id] = {.name = "month_trace_" key,                                                              \
          .path = "/months/YYYY-MM/trace/" key,                                                    \
          .type = t,                                                                               \
          .rank = 1,                                                                               \
          .shape = "[T]",                                                                          \
          .unit = u,                                                                               \
          .meaning = text,                                                                         \
          .flags = H5FIELD_PER_GROUP}
#define TOTAL(id, key, t, u, text)                                                                 \
  [id] = {.name = "totals_" key,                                                                   \
          .path = "/totals/" key,                                                                  \
          .type = t,                                                                               \
          .unit = u,                                                                               \
          .meaning = text,                                                                         \
          .flags = H5FIELD_ATTRIBUTE}
#define RUN(id, key, t, u, text)                                                                   \
  [id] = {.name = "run_" key,                                                                      \
          .path = "/run/" key,                                                                     \
          .type = t,                                                                               \
          .unit = u,                                                                               \
          .meaning = text,                                                                         \
          .flags = H5FIELD_ATTRIBUTE}

const h5field h5res_supply_fields[H5RES_SUPPLY_FIELDS] = {
    CODES(H5RES_SUPPLY_CODES_PLANTS, "plants", "plant codes (/plan/plant indexes them)"),
    CODES(H5RES_SUPPLY_CODES_PORTS, "ports", "port codes (/plan/port indexes them)"),
    CODES(H5RES_SUPPLY_CODES_CARRIERS, "carriers", "carrier codes (/plan/carrier indexes them)"),
    PLAN(H5RES_SUPPLY_PLAN_ORDER_ID, "order_id", H5FIELD_I64, "identifier",
         "Order_ID, in the network's order"),
    PLAN(H5RES_SUPPLY_PLAN_MONTH, "month", H5FIELD_I32, "row index (0-based)",
         "row of /months the order belongs to"),
    PLAN(H5RES_SUPPLY_PLAN_SERVED, "served", H5FIELD_I8, "1", "1 served, 0 unserved"),
    PLAN(H5RES_SUPPLY_PLAN_PLANT, "plant", H5FIELD_I32, "code index (0-based)",
         "index into /codes/plants, -1 when unserved"),
    PLAN(H5RES_SUPPLY_PLAN_PORT, "port", H5FIELD_I32, "code index (0-based)",
         "origin port, index into /codes/ports, -1"),
    PLAN(H5RES_SUPPLY_PLAN_LANE, "lane", H5FIELD_I32, "lane index (0-based)",
         "lane index of the network (/supply/lanes), -1 for CRF and unserved orders"),
    PLAN(H5RES_SUPPLY_PLAN_CARRIER, "carrier", H5FIELD_I32, "code index (0-based)",
         "index into /codes/carriers, -1 without lane"),
    PLAN(H5RES_SUPPLY_PLAN_SERVICE, "service", H5FIELD_I8, "code",
         "service level: 0 DTD, 1 DTP, 2 CRF (the lane's, else the order's)"),
    PLAN(H5RES_SUPPLY_PLAN_MODE, "mode", H5FIELD_I8, "code", "0 AIR, 1 GROUND, -1 without lane"),
    PLAN(H5RES_SUPPLY_PLAN_TPT_DAYS, "tpt_days", H5FIELD_I32, "days",
         "the lane's transit days, -1 without lane"),
    PLAN(H5RES_SUPPLY_PLAN_SHIP_DAY, "ship_day", H5FIELD_I32, "days since 1970-01-01",
         "ship day, -1 when unserved"),
    PLAN(H5RES_SUPPLY_PLAN_WC, "wc", H5FIELD_F64, "USD", "warehouse cost (units x plant rate)"),
    PLAN(H5RES_SUPPLY_PLAN_TC, "tc", H5FIELD_F64, "USD",
         "transport cost (the order's share of its lane-day)"),
    PLAN(H5RES_SUPPLY_PLAN_TIME, "time", H5FIELD_F64, "day kg", "transit days x weight"),
    PLAN(H5RES_SUPPLY_PLAN_CO2, "co2", H5FIELD_F64, "kg CO2e", "emission estimate (docs/model.md)"),
    PLAN(H5RES_SUPPLY_PLAN_REASON, "reason", H5FIELD_I8, "code", REASONS),
    [H5RES_SUPPLY_PLAN_REASON_CODES] = {.name = "plan_reason_codes",
                                        .path = "/plan/reason_codes",
                                        .type = H5FIELD_STR,
                                        .meaning = REASONS,
                                        .doc = "(the names of the codes of reason)",
                                        .flags = H5FIELD_ATTRIBUTE},
    UNSERVED(H5RES_SUPPLY_UNSERVED_ORDER_ID, "order_id", H5FIELD_I64, "identifier",
             "the unserved orders"),
    UNSERVED(H5RES_SUPPLY_UNSERVED_MONTH, "month", H5FIELD_I32, "row index (0-based)",
             "row of /months"),
    UNSERVED(H5RES_SUPPLY_UNSERVED_REASON, "reason", H5FIELD_I8, "code", REASONS),
    MONTHS(H5RES_SUPPLY_MONTHS_YEAR, "year", H5FIELD_I32, "year", "calendar year of the month"),
    MONTHS(H5RES_SUPPLY_MONTHS_MONTH, "month", H5FIELD_I32, "month of the year",
           "calendar month, 1..12"),
    MONTHS(H5RES_SUPPLY_MONTHS_ORDERS, "orders", H5FIELD_I32, "1", "orders dated in the month"),
    MONTHS(H5RES_SUPPLY_MONTHS_BEST_COLONY, "best_colony", H5FIELD_I32, "colony index (0-based)",
           "colony that found the month's best plan"),
    MONTHS(H5RES_SUPPLY_MONTHS_MIN_UNSERVED, "min_unserved", H5FIELD_I64, "1",
           "lower bound on unserved orders (max flow over orders, plants and ship days)"),
    MONTHS(H5RES_SUPPLY_MONTHS_SERVED, "served", H5FIELD_I64, "1", "orders served"),
    MONTHS(H5RES_SUPPLY_MONTHS_UNSERVED, "unserved", H5FIELD_I64, "1", "orders left unserved"),
    MONTHS(H5RES_SUPPLY_MONTHS_ITERATIONS, "iterations", H5FIELD_I64, "1",
           "engine iterations run for the month"),
    MONTHS(H5RES_SUPPLY_MONTHS_EPOCHS, "epochs", H5FIELD_I64, "1",
           "epochs (colony meetings) in the month"),
    MONTHS(H5RES_SUPPLY_MONTHS_BEST_ITERATION, "best_iteration", H5FIELD_I64,
           "iteration index (0-based)",
           "iteration that found the best plan (-1: the initial plan)"),
    MONTHS(H5RES_SUPPLY_MONTHS_WC, "wc", H5FIELD_F64, "USD",
           "warehouse cost of the month's orders"),
    MONTHS(H5RES_SUPPLY_MONTHS_TC, "tc", H5FIELD_F64, "USD",
           "transport cost of the month's orders"),
    MONTHS(H5RES_SUPPLY_MONTHS_TIME, "time", H5FIELD_F64, "day kg", "transit days x weight"),
    MONTHS(H5RES_SUPPLY_MONTHS_CO2, "co2", H5FIELD_F64, "kg CO2e", "emission estimate"),
    MONTHS(H5RES_SUPPLY_MONTHS_LOWER_WC, "lower_wc", H5FIELD_F64, "USD",
           "lower bound on WC if every order were served"),
    MONTHS(H5RES_SUPPLY_MONTHS_LOWER_COST, "lower_cost", H5FIELD_F64, "USD",
           "lower bound on WC + TC if every order were served"),
    MONTHS(H5RES_SUPPLY_MONTHS_SECONDS, "seconds", H5FIELD_F64, "s", "wall time of the month"),
    MONTHS(H5RES_SUPPLY_MONTHS_PENALTY, "penalty", H5FIELD_F64, "USD", "unserved penalty"),
    MONTHS(H5RES_SUPPLY_MONTHS_COST, "cost", H5FIELD_F64, "USD", "wc + tc + penalty"),
    MONTHS(H5RES_SUPPLY_MONTHS_LOWER_SERVED_COST, "lower_served_cost", H5FIELD_F64, "USD",
           "lower bound on wc + tc for as many served orders, within capacity (-inf: not "
           "computed)"),
    MONTHS(H5RES_SUPPLY_MONTHS_LOWER_BOUND, "lower_bound", H5FIELD_F64, "USD",
           "min-cost-flow lower bound on wc + tc of any plan of the month serving max-flow many "
           "orders (-inf: not computed, or left out by --time where it did not fit)"),
    MONTHS(H5RES_SUPPLY_MONTHS_GAP_TO_BOUND, "gap_to_bound", H5FIELD_F64, "percent",
           "100 (wc + tc - lower_bound) / (wc + tc); NaN when the month leaves more orders "
           "unserved than min_unserved"),
    [H5RES_SUPPLY_MONTH_STOPPED_BY] = {.name = "month_stopped_by",
                                       .path = "/months/YYYY-MM/stopped_by",
                                       .type = H5FIELD_STR,
                                       .meaning = "how the month's search stopped (\"gap\" when "
                                                  "--gap ended it)",
                                       .flags = H5FIELD_ATTRIBUTE | H5FIELD_PER_GROUP},
    TRACE(H5RES_SUPPLY_MONTH_TRACE_TIME, "time", H5FIELD_F64, "s",
          "seconds since the month's search started (initial plans excluded)"),
    TRACE(H5RES_SUPPLY_MONTH_TRACE_ITERATION, "iteration", H5FIELD_I64, "1",
          "iterations completed"),
    TRACE(H5RES_SUPPLY_MONTH_TRACE_KEY0, "key0", H5FIELD_F64, SUPPLY_GOAL_UNIT,
          "best value of goal 1 (its name)"),
    TRACE(H5RES_SUPPLY_MONTH_TRACE_KEY1, "key1", H5FIELD_F64, SUPPLY_GOAL_UNIT,
          "best value of goal 2 (its name, or none)"),
    [H5RES_SUPPLY_MONTH_RANK_SECONDS] = {.name = "month_rank_seconds",
                                         .path = "/months/YYYY-MM/rank_seconds",
                                         .type = H5FIELD_F64,
                                         .rank = 2,
                                         .shape = "[R][4]",
                                         .unit = "s",
                                         .meaning = "per rank: seconds building ants, updating "
                                                    "trails, exchanging at epoch ends, and in "
                                                    "total (the search; initial plans excluded)",
                                         .doc = "Attribute `columns` = "
                                                "`\"construct,update,exchange,total\"`.",
                                         .flags = H5FIELD_PER_GROUP | H5FIELD_OPTIONAL},
    [H5RES_SUPPLY_BEST_LOWER_BOUND] = {.name = "best_lower_bound",
                                       .path = "/best/lower_bound",
                                       .type = H5FIELD_F64,
                                       .unit = "USD",
                                       .meaning = "the months' lower bounds added up: no plan "
                                                  "serving as many orders costs less (wc + tc)"},
    [H5RES_SUPPLY_BEST_GAP_TO_BOUND] = {.name = "best_gap_to_bound",
                                        .path = "/best/gap_to_bound",
                                        .type = H5FIELD_F64,
                                        .unit = "percent",
                                        .meaning = "100 (wc + tc - lower_bound) / (wc + tc) of "
                                                   "the whole plan (NaN: see "
                                                   "/months/gap_to_bound)"},
    [H5RES_SUPPLY_BOUND_METHOD] = {.name = "lower_bound_method",
                                   .path = "/months/lower_bound/method",
                                   .type = H5FIELD_STR,
                                   .meaning = "\"" SUPPLY_BOUND_METHOD "\"",
                                   .doc = "(also on /best/lower_bound)",
                                   .flags = H5FIELD_ATTRIBUTE},
    TOTAL(H5RES_SUPPLY_TOTALS_SERVED, "served", H5FIELD_I64, "1", "orders served"),
    TOTAL(H5RES_SUPPLY_TOTALS_UNSERVED, "unserved", H5FIELD_I64, "1", "orders left unserved"),
    TOTAL(H5RES_SUPPLY_TOTALS_MIN_UNSERVED, "min_unserved", H5FIELD_I64, "1",
          "the fewest unserved orders possible (the months' max-flow bounds added up)"),
    TOTAL(H5RES_SUPPLY_TOTALS_WC, "wc", H5FIELD_F64, "USD", "warehouse cost"),
    TOTAL(H5RES_SUPPLY_TOTALS_TC, "tc", H5FIELD_F64, "USD", "transport cost"),
    TOTAL(H5RES_SUPPLY_TOTALS_PENALTY, "penalty", H5FIELD_F64, "USD", "unserved penalty"),
    TOTAL(H5RES_SUPPLY_TOTALS_COST, "cost", H5FIELD_F64, "USD", "wc + tc + penalty"),
    TOTAL(H5RES_SUPPLY_TOTALS_TIME, "time", H5FIELD_F64, "day kg", "transit days x weight"),
    TOTAL(H5RES_SUPPLY_TOTALS_CO2, "co2", H5FIELD_F64, "kg CO2e", "emission estimate"),
    TOTAL(H5RES_SUPPLY_TOTALS_GOAL_ORDER, "goal_order", H5FIELD_STR, NULL,
          "the goals of the objective, in order, comma-separated"),
    [H5RES_SUPPLY_TOTALS_GOAL1] =
        {.name = "totals_goal1",
         .path = "/totals/goal1",
         .type = H5FIELD_F64,
         .unit = SUPPLY_GOAL_UNIT,
         .meaning = "the value of the first goal of goal_order",
         .doc = "`goal2`, ... follow, one per goal, each with its unit (`goal1_units`).",
         .flags = H5FIELD_ATTRIBUTE},
    RUN(H5RES_SUPPLY_RUN_ITERATIONS, "iterations", H5FIELD_I64, "1",
        "engine iterations over the months"),
    RUN(H5RES_SUPPLY_RUN_EPOCHS, "epochs", H5FIELD_I64, "1", "epochs over the months"),
    RUN(H5RES_SUPPLY_RUN_SECONDS, "seconds", H5FIELD_F64, "s", "wall time of the months"),
    RUN(H5RES_SUPPLY_RUN_MONTHS, "months", H5FIELD_I64, "1", "months solved"),
};

const h5field_table h5res_supply_table =
    H5FIELD_TABLE("supply-chain:results", "Results file: supply chain", h5res_supply_fields);
