/* SPDX-License-Identifier: BSD-3-Clause */
/* h5res_fields: the kind-free part of a results file, declared once (see h5res_fields.h). */
#include "h5res_fields.h"

#define ROOT_ATTR(id, key, t, text)                                                                \
  [id] = {.name = key, .path = "/" key, .type = t, .meaning = text, .flags = H5FIELD_ATTRIBUTE}
/* A tour run's search parameter or total: an attribute of /run. */
#define RUN_ATTR(id, key, t, u, text)                                                              \
  [id] = {.name = "run_" key,                                                                      \
          .path = "/run/" key,                                                                     \
          .type = t,                                                                               \
          .unit = u,                                                                               \
          .meaning = text,                                                                         \
          .flags = H5FIELD_ATTRIBUTE | H5FIELD_OPTIONAL}

const h5res_setup_part h5res_setup_parts[H5RES_SETUP_PARTS] = {
    {"time_setup_mpi", "MPI's start"},
    {"time_setup_read", "reading"},
    {"time_setup_prepare", "preparing"},
    {"time_setup_problem", "the problem"},
    {"time_setup_first", "first solutions"}};

const h5field h5res_run_fields[H5RES_RUN_FIELDS] = {
    ROOT_ATTR(H5RES_KIND, "kind", H5FIELD_STR, "the problem kind: the wing that wrote the file"),
    ROOT_ATTR(H5RES_INPUT, "input", H5FIELD_STR, "the network file that was solved"),
    ROOT_ATTR(H5RES_INSTANCE, "instance", H5FIELD_STR, "the instance name"),
    [H5RES_OPTIMUM] = {.name = "optimum",
                       .path = "/optimum",
                       .type = H5FIELD_I64,
                       .unit = H5FIELD_UNIT_COST,
                       .meaning = "tours: the optimal length used for gaps (the network's, or "
                                  "--optimum), -1 if unknown",
                       .flags = H5FIELD_ATTRIBUTE | H5FIELD_OPTIONAL},
    [H5RES_TRACE_TIME] = {.name = "trace_time",
                          .path = "/trace/time",
                          .type = H5FIELD_F64,
                          .rank = 1,
                          .shape = "[T]",
                          .unit = "s",
                          .meaning = "seconds since the start of the search when the improved "
                                     "best was known"},
    [H5RES_TRACE_ITERATION] = {.name = "trace_iteration",
                               .path = "/trace/iteration",
                               .type = H5FIELD_I64,
                               .rank = 1,
                               .shape = "[T]",
                               .unit = "1",
                               .meaning = "iterations completed at that epoch end"},
    [H5RES_TRACE_BEST] = {.name = "trace_best",
                          .path = "/trace/best",
                          .type = H5FIELD_F64,
                          .rank = 1,
                          .shape = "[T]",
                          .unit = H5FIELD_UNIT_COST,
                          .meaning = "best cost over all colonies (one entry per epoch end "
                                     "where it improved)"},
    [H5RES_EPOCHS_ITERATION] = {.name = "epochs_iteration",
                                .path = "/epochs/iteration",
                                .type = H5FIELD_I64,
                                .rank = 1,
                                .shape = "[E]",
                                .unit = "1",
                                .meaning = "iterations completed at each epoch end"},
    [H5RES_EPOCHS_TIME] = {.name = "epochs_time",
                           .path = "/epochs/time",
                           .type = H5FIELD_F64,
                           .rank = 1,
                           .shape = "[E]",
                           .unit = "s",
                           .meaning = "seconds since the start of the search at each epoch end"},
    [H5RES_EPOCHS_BEST] = {.name = "epochs_best",
                           .path = "/epochs/best",
                           .type = H5FIELD_F64,
                           .rank = 1,
                           .shape = "[E]",
                           .unit = H5FIELD_UNIT_COST,
                           .meaning = "global best cost at each epoch end"},
    [H5RES_EPOCHS_COLONY_BEST] = {.name = "epochs_colony_best",
                                  .path = "/epochs/colony_best",
                                  .type = H5FIELD_F64,
                                  .rank = 2,
                                  .shape = "[E][C]",
                                  .unit = H5FIELD_UNIT_COST,
                                  .meaning = "each colony's best cost at each epoch end, "
                                             "[epoch][colony]",
                                  .doc = "(before migration)"},
    [H5RES_EPOCHS_RANK_SECONDS] = {.name = "epochs_rank_seconds",
                                   .path = "/epochs/rank_seconds",
                                   .type = H5FIELD_F64,
                                   .rank = 3,
                                   .shape = "[E][R][4]",
                                   .unit = "s",
                                   .meaning = "per epoch and rank: compute w, communication, "
                                              "waiting at the barrier, I/O",
                                   .doc = "Attribute `columns` = `\"compute,communication,sync,"
                                          "io\"`; written with /bsp, for tours.",
                                   .flags = H5FIELD_OPTIONAL},
    [H5RES_IMPROVEMENTS_START] = {.name = "improvements_start",
                                  .path = "/improvements/start",
                                  .type = H5FIELD_F64,
                                  .unit = "s",
                                  .meaning = "the start of this run's search on rank 0, Unix time",
                                  .doc = "time + start is when an improvement was known on the "
                                         "wall clock (a resumed run: its restart less the "
                                         "earlier runs' search); tours.",
                                  .flags = H5FIELD_ATTRIBUTE | H5FIELD_OPTIONAL},
    [H5RES_IMPROVEMENTS_DROPPED] = {.name = "improvements_dropped",
                                    .path = "/improvements/dropped",
                                    .type = H5FIELD_I64,
                                    .unit = "1",
                                    .meaning = "improvements not listed: a rank's after its "
                                               "first 4,096 of the run",
                                    .doc = "tours.",
                                    .flags = H5FIELD_ATTRIBUTE | H5FIELD_OPTIONAL},
    [H5RES_IMPROVEMENTS_ITERATION] = {.name = "improvements_iteration",
                                      .path = "/improvements/iteration",
                                      .type = H5FIELD_I64,
                                      .rank = 1,
                                      .shape = "[N]",
                                      .unit = "iteration index (0-based)",
                                      .meaning = "the iteration whose ants improved a colony's "
                                                 "best (as /best/iteration)",
                                      .doc = "Every improvement of a colony's best found by its "
                                             "own ants in this run (not a best adopted at an epoch "
                                             "end; a resumed run lists those after its restart), "
                                             "ordered by iteration, then colony: the same rows on "
                                             "every layout but for `time` when none is dropped "
                                             "(a rank keeps the first it notes); tours.",
                                      .flags = H5FIELD_OPTIONAL},
    [H5RES_IMPROVEMENTS_TIME] = {.name = "improvements_time",
                                 .path = "/improvements/time",
                                 .type = H5FIELD_F64,
                                 .rank = 1,
                                 .shape = "[N]",
                                 .unit = "s",
                                 .meaning = "seconds since the start of the search when the "
                                            "colony's rank knew it",
                                 .doc = "On rank 0's clock (other ranks' times moved by the "
                                        "difference of their starts on the wall clock: exact on "
                                        "one node; a rank that started first may list times "
                                        "below 0); unlike /trace, not delayed to the next epoch "
                                        "end; tours.",
                                 .flags = H5FIELD_OPTIONAL},
    [H5RES_IMPROVEMENTS_COLONY] = {.name = "improvements_colony",
                                   .path = "/improvements/colony",
                                   .type = H5FIELD_I32,
                                   .rank = 1,
                                   .shape = "[N]",
                                   .unit = "colony index (0-based)",
                                   .meaning = "the colony whose best improved",
                                   .doc = "tours.",
                                   .flags = H5FIELD_OPTIONAL},
    [H5RES_IMPROVEMENTS_COST] = {.name = "improvements_cost",
                                 .path = "/improvements/cost",
                                 .type = H5FIELD_F64,
                                 .rank = 1,
                                 .shape = "[N]",
                                 .unit = H5FIELD_UNIT_COST,
                                 .meaning = "the colony's new best cost",
                                 .doc = "tours.",
                                 .flags = H5FIELD_OPTIONAL},
    [H5RES_LAYOUT_RANKS] = {.name = "layout_ranks",
                            .path = "/layout/ranks",
                            .type = H5FIELD_I64,
                            .unit = "1",
                            .meaning = "MPI ranks (R)",
                            .flags = H5FIELD_ATTRIBUTE},
    [H5RES_LAYOUT_THREADS] = {.name = "layout_threads_per_rank",
                              .path = "/layout/threads_per_rank",
                              .type = H5FIELD_I64,
                              .unit = "1",
                              .meaning = "OpenMP threads per rank",
                              .flags = H5FIELD_ATTRIBUTE},
    [H5RES_LAYOUT_COLONIES] = {.name = "layout_colonies",
                               .path = "/layout/colonies",
                               .type = H5FIELD_I64,
                               .unit = "1",
                               .meaning = "colonies (C)",
                               .flags = H5FIELD_ATTRIBUTE},
    [H5RES_LAYOUT_COLONY_RANK] = {.name = "layout_colony_rank",
                                  .path = "/layout/colony_rank",
                                  .type = H5FIELD_I32,
                                  .rank = 1,
                                  .shape = "[C]",
                                  .unit = "MPI rank (0-based)",
                                  .meaning = "the MPI rank that ran each colony (contiguous "
                                             "blocks)",
                                  .doc = "rank r runs colonies `[r*C/R, (r+1)*C/R)`; tours.",
                                  .flags = H5FIELD_OPTIONAL},
    [H5RES_LAYOUT_RANK_HOST] = {.name = "layout_rank_host",
                                .path = "/layout/rank_host",
                                .type = H5FIELD_STR,
                                .rank = 1,
                                .shape = "[R]",
                                .meaning = "the host (gethostname) each MPI rank ran on",
                                .doc = "(fixed-length strings: h5py reads them as bytes)"},
    [H5RES_RUN_ATTRIBUTES] = {.name = "run_algorithm",
                              .path = "/run/algorithm",
                              .type = H5FIELD_STR,
                              .meaning = "\"mmas\" or \"acs\"",
                              .doc = "Tours: the resolved search parameters and the run's totals "
                                     "follow; order routing writes `iterations`, `epochs`, "
                                     "`seconds`, `months` (totals over the months; its own "
                                     "table).",
                              .flags = H5FIELD_ATTRIBUTE | H5FIELD_OPTIONAL},
    RUN_ATTR(H5RES_RUN_COLONIES, "colonies", H5FIELD_I64, "1", "colonies (--colonies)"),
    RUN_ATTR(H5RES_RUN_ANTS, "ants", H5FIELD_I64, "1", "ants per colony (--ants)"),
    RUN_ATTR(H5RES_RUN_ALPHA, "alpha", H5FIELD_F64, "1", "pheromone exponent (--alpha)"),
    RUN_ATTR(H5RES_RUN_BETA, "beta", H5FIELD_F64, "1", "heuristic exponent (--beta)"),
    RUN_ATTR(H5RES_RUN_RHO, "rho", H5FIELD_F64, "1", "pheromone evaporation rate (--rho)"),
    RUN_ATTR(H5RES_RUN_Q0, "q0", H5FIELD_F64, "1", "ACS: probability of the greedy choice (--q0)"),
    RUN_ATTR(H5RES_RUN_XI, "xi", H5FIELD_F64, "1", "ACS: local evaporation rate (--xi)"),
    RUN_ATTR(H5RES_RUN_P_BEST, "p_best", H5FIELD_F64, "1",
             "MMAS: probability of building the best tour, sets the trail limits (--p-best)"),
    RUN_ATTR(H5RES_RUN_P_GBEST, "p_gbest", H5FIELD_F64, "1",
             "MMAS: probability of depositing the colony best instead of the iteration best"),
    RUN_ATTR(H5RES_RUN_RESTART_ITERATIONS, "restart_iterations", H5FIELD_I64, "1",
             "MMAS: iterations without improvement before a colony's trails restart"),
    RUN_ATTR(H5RES_RUN_RESTART_DESCENT, "restart_descent", H5FIELD_F64, "1",
             "MMAS: a restart also waits this many times the iterations from the colony's last "
             "start to its best since (--restart-descent)"),
    RUN_ATTR(H5RES_RUN_EPOCH_ITERATIONS, "epoch_iterations", H5FIELD_I64, "1",
             "iterations between colony meetings (--epoch-iterations)"),
    RUN_ATTR(H5RES_RUN_SEED, "seed", H5FIELD_I64, "1", "random seed (--seed)"),
    RUN_ATTR(H5RES_RUN_MIGRATE, "migrate", H5FIELD_I64, "1",
             "1: at each epoch end the global best replaces worse colony bests"),
    RUN_ATTR(H5RES_RUN_ITERATIONS, "iterations", H5FIELD_I64, "1", "iterations completed"),
    RUN_ATTR(H5RES_RUN_EPOCHS, "epochs", H5FIELD_I64, "1", "epochs (colony meetings) completed"),
    RUN_ATTR(H5RES_RUN_TOURS, "tours", H5FIELD_I64, "1",
             "tours built: iterations x ants x colonies"),
    RUN_ATTR(H5RES_RUN_SECONDS, "seconds", H5FIELD_F64, "s", "wall time of the search"),
    RUN_ATTR(H5RES_RUN_ITERATIONS_PER_SECOND, "iterations_per_second", H5FIELD_F64, "1/s",
             "iterations / seconds"),
    RUN_ATTR(H5RES_RUN_TOURS_PER_SECOND, "tours_per_second", H5FIELD_F64, "1/s", "tours / seconds"),
    RUN_ATTR(H5RES_RUN_CPU_SECONDS, "cpu_seconds", H5FIELD_F64, "s",
             "CPU time of all ranks' processes (all threads): cpu_seconds / (seconds x ranks x "
             "threads) is the share of the cores the run got"),
    [H5RES_RUN_STOPPED_BY] = {.name = "run_stopped_by",
                              .path = "/run/stopped_by",
                              .type = H5FIELD_STR,
                              .meaning = "\"iterations\", \"time\", \"requested\" or \"gap\" "
                                         "(--gap reached)",
                              .flags = H5FIELD_ATTRIBUTE | H5FIELD_OPTIONAL},
    [H5RES_RUN_MEMORY_ESTIMATE] = {.name = "run_memory_estimate_bytes",
                                   .path = "/run/memory_estimate_bytes",
                                   .type = H5FIELD_I64,
                                   .unit = "bytes",
                                   .meaning = "the largest memory estimate of any rank",
                                   .flags = H5FIELD_ATTRIBUTE},
    [H5RES_RUN_MEMORY_LIMIT_BYTES] = {.name = "run_memory_limit_bytes",
                                      .path = "/run/memory_limit_bytes",
                                      .type = H5FIELD_I64,
                                      .unit = "bytes",
                                      .meaning = "the smallest memory limit of any rank; -1: none "
                                                 "found",
                                      .flags = H5FIELD_ATTRIBUTE},
    [H5RES_RUN_MEMORY_LIMIT] = {.name = "run_memory_limit",
                                .path = "/run/memory_limit",
                                .type = H5FIELD_STR,
                                .meaning = "where rank 0's limit comes from, e.g. "
                                           "\"--max-memory\"",
                                .flags = H5FIELD_ATTRIBUTE},
    [H5RES_RUN_MEMORY_PEAK] = {.name = "run_memory_peak_bytes",
                               .path = "/run/memory_peak_bytes",
                               .type = H5FIELD_I64,
                               .unit = "bytes",
                               .meaning = "the largest peak resident set of any rank when the "
                                          "results were written",
                               .flags = H5FIELD_ATTRIBUTE},
    [H5RES_RUN_CHECKPOINTS_WRITTEN] = {.name = "run_checkpoints_written",
                                       .path = "/run/checkpoints_written",
                                       .type = H5FIELD_I64,
                                       .unit = "1",
                                       .meaning = "checkpoints the run wrote (with "
                                                  "--checkpoint-dir)",
                                       .flags = H5FIELD_ATTRIBUTE | H5FIELD_OPTIONAL},
    [H5RES_RUN_CHECKPOINTS_FAILED] = {.name = "run_checkpoints_failed",
                                      .path = "/run/checkpoints_failed",
                                      .type = H5FIELD_I64,
                                      .unit = "1",
                                      .meaning = "checkpoints it could not write (a full disk; "
                                                 "docs/checkpoint.md)",
                                      .flags = H5FIELD_ATTRIBUTE | H5FIELD_OPTIONAL},
#define RUN_TIME(id, attr, what)                                                                   \
  [id] = {.name = "run_" attr,                                                                     \
          .path = "/run/" attr,                                                                    \
          .type = H5FIELD_F64,                                                                     \
          .unit = "s",                                                                             \
          .meaning = what " (with a time budget: --time, or no --iterations)",                     \
          .flags = H5FIELD_ATTRIBUTE | H5FIELD_OPTIONAL}
    RUN_TIME(H5RES_RUN_TIME_BUDGET, "time_budget",
             "the budget: wall clock of the whole command from its start"),
    RUN_TIME(H5RES_RUN_TIME_SETUP, "time_setup",
             "measured: the start until the search began (reading, bound, candidates, first "
             "tours)"),
    RUN_TIME(H5RES_RUN_TIME_SETUP_MPI, "time_setup_mpi",
             "of time_setup: the start until MPI was ready (MPI_Init; what a launcher spends "
             "before the command starts is not counted)"),
    RUN_TIME(H5RES_RUN_TIME_SETUP_READ, "time_setup_read",
             "of time_setup: then reading the network"),
    RUN_TIME(H5RES_RUN_TIME_SETUP_PREPARE, "time_setup_prepare",
             "of time_setup: then the kind's work before its phases (tours: a lower bound the "
             "network does not hold), the memory check and a checkpoint to resume"),
    RUN_TIME(H5RES_RUN_TIME_SETUP_PROBLEM, "time_setup_problem",
             "of time_setup: then the first phase's problem (tours: the candidate lists)"),
    RUN_TIME(H5RES_RUN_TIME_SETUP_FIRST, "time_setup_first",
             "of time_setup: then its first solutions (tours: the first tours and their local "
             "search); the rest of time_setup is the engine's start"),
    RUN_TIME(H5RES_RUN_TIME_SEARCH_PLANNED, "time_search_planned",
             "what the plan gave the search when it began"),
    RUN_TIME(H5RES_RUN_TIME_SEARCH, "time_search", "measured: the search"),
    RUN_TIME(H5RES_RUN_TIME_WRITE_PLANNED, "time_write_planned",
             "the estimate for checking and writing the results"),
    RUN_TIME(H5RES_RUN_TIME_WRITE, "time_write",
             "measured: the end of the search until the results file was complete but for its "
             "last step"),
#undef RUN_TIME
    [H5RES_RUN_TIME_PLAN] = {.name = "run_time_plan",
                             .path = "/run/time_plan",
                             .type = H5FIELD_STR,
                             .meaning = "the time plan in words: the budget, the measured reading, "
                                        "the estimates, what was left out",
                             .flags = H5FIELD_ATTRIBUTE | H5FIELD_OPTIONAL},
    [H5RES_RUN_RANK_SECONDS] = {.name = "run_rank_seconds",
                                .path = "/run/rank_seconds",
                                .type = H5FIELD_F64,
                                .rank = 2,
                                .shape = "[R][5]",
                                .unit = "s",
                                .meaning = "per rank: seconds building ants, updating trails, "
                                           "exchanging, in total; CPU seconds of the process "
                                           "(all threads)",
                                .doc = "Order routing writes [R][4] (no CPU column), summed "
                                       "over the months."},
    [H5RES_RUN_RANK_SECONDS_COLUMNS] = {.name = "run_rank_seconds_columns",
                                        .path = "/run/rank_seconds/columns",
                                        .type = H5FIELD_STR,
                                        .meaning = "the column names: "
                                                   "\"construct,update,exchange,total,cpu\" "
                                                   "(order routing: without cpu)",
                                        .flags = H5FIELD_ATTRIBUTE},
};

const h5field_table h5res_run_table =
    H5FIELD_TABLE("results:run", "Results file: root, convergence, layout and run (both kinds)",
                  h5res_run_fields);

#define BSP_EPOCH(id, key, u, text)                                                                \
  [id] = {.name = "bsp_" key,                                                                      \
          .path = "/bsp/" key,                                                                     \
          .type = H5FIELD_F64,                                                                     \
          .rank = 1,                                                                               \
          .shape = "[E]",                                                                          \
          .unit = u,                                                                               \
          .meaning = text}

/* An attribute of /bsp: its declared name, its name in the file. */
#define BSP_ATTR(id, key, leaf, t, u, text)                                                        \
  [id] = {.name = "bsp_" key,                                                                      \
          .path = "/bsp/" leaf,                                                                    \
          .type = t,                                                                               \
          .unit = u,                                                                               \
          .meaning = text,                                                                         \
          .flags = H5FIELD_ATTRIBUTE}

const h5field h5res_bsp_fields[H5RES_BSP_FIELDS] = {
    BSP_EPOCH(H5RES_BSP_W_MAX, "w_max", "s",
              "compute seconds (construction + local search + trail update) per epoch, max "
              "over ranks"),
    BSP_EPOCH(H5RES_BSP_W_MEAN, "w_mean", "s", "compute seconds per epoch, mean over ranks"),
    BSP_EPOCH(H5RES_BSP_COMM, "comm", "s",
              "communication seconds (best exchange + pheromone sharing) per epoch, max over "
              "ranks"),
    BSP_EPOCH(H5RES_BSP_SYNC, "sync", "s",
              "seconds waiting for the other ranks (at the epoch's boundaries and end) per "
              "epoch, max over ranks"),
    BSP_EPOCH(H5RES_BSP_IO, "io", "s",
              "seconds in the boundary hooks (progress, checkpoints, the stop agreement) per "
              "epoch, max over ranks"),
    BSP_EPOCH(H5RES_BSP_IMBALANCE, "imbalance", "1",
              "w_max / w_mean - 1 per epoch: how much longer the slowest rank computed than the "
              "mean"),
    [H5RES_BSP_RANK_W] = {.name = "bsp_rank_w",
                          .path = "/bsp/rank_w",
                          .type = H5FIELD_F64,
                          .rank = 2,
                          .shape = "[E][R]",
                          .unit = "s",
                          .meaning = "compute seconds of each rank in each epoch, [epoch][rank]"},
    [H5RES_BSP_RANK_SYNC] = {.name = "bsp_rank_sync",
                             .path = "/bsp/rank_sync",
                             .type = H5FIELD_F64,
                             .rank = 2,
                             .shape = "[E][R]",
                             .unit = "s",
                             .meaning = "seconds each rank waited for the others (at the "
                                        "epoch's boundaries and end), [epoch][rank]"},
    [H5RES_BSP_RANK_TIMERS] = {.name = "bsp_rank_timers",
                               .path = "/bsp/rank_timers",
                               .type = H5FIELD_F64,
                               .rank = 2,
                               .shape = "[R][T]",
                               .unit = "s",
                               .meaning = "each rank's seconds per named timer, [rank][timer] "
                                          "(see timer_names)",
                               .doc = "T = 7 columns named by the group attribute "
                                      "`timer_names` = `\"construct,local_search,update,"
                                      "exchange,share,checkpoint,wait\"`."},
    [H5RES_BSP_RANK_POOL_ANTS] = {.name = "bsp_rank_pool_ants",
                                  .path = "/bsp/rank_pool_ants",
                                  .type = H5FIELD_I64,
                                  .rank = 2,
                                  .shape = "[R][2]",
                                  .unit = "1",
                                  .meaning = "per rank: the ants it built for colonies of other "
                                             "ranks of its node, and its colonies' ants that "
                                             "other ranks built (0 where ranks do not share a "
                                             "node)"},
    BSP_ATTR(H5RES_BSP_TIMER_NAMES, "timer_names", "timer_names", H5FIELD_STR, NULL,
             "the names of the columns of rank_timers, comma-separated"),
    BSP_ATTR(H5RES_BSP_RANKS, "ranks", "ranks", H5FIELD_I64, "1", "MPI ranks (R)"),
    BSP_ATTR(H5RES_BSP_EPOCHS, "epochs", "epochs", H5FIELD_I64, "1", "epochs recorded (E)"),
    BSP_ATTR(H5RES_BSP_COLONIES, "colonies", "colonies", H5FIELD_I64, "1", "colonies"),
    BSP_ATTR(H5RES_BSP_SLOWEST_RANK, "slowest_rank", "slowest_rank", H5FIELD_I64,
             "MPI rank (0-based)", "the rank with the largest total compute w"),
    BSP_ATTR(H5RES_BSP_RUN_IMBALANCE, "run_imbalance", "imbalance", H5FIELD_F64, "1",
             "sum of w_max / sum of w_mean - 1 over the run"),
    BSP_ATTR(H5RES_BSP_BLOCK_IMBALANCE, "block_imbalance", "block_imbalance", H5FIELD_F64, "1",
             "the imbalance the colony blocks alone cause when the ranks do not divide the "
             "colonies: the largest block / the mean block - 1 (0 when they divide evenly)"),
    BSP_ATTR(H5RES_BSP_TEAM_EFFICIENCY, "team_efficiency", "team_efficiency", H5FIELD_F64, "1",
             "busy thread-seconds in ants and trail updates / (wall time of the segments x "
             "threads), over all ranks: the share of the OpenMP team's time not lost to waiting"),
};

const h5field_table h5res_bsp_table =
    H5FIELD_TABLE("results:bsp", "Results file: BSP cost (/bsp)", h5res_bsp_fields);
