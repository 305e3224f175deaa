/* h5res_fields: the kind-free part of a results file, declared once (see h5res_fields.h). */
#include "h5res_fields.h"

#define ROOT_ATTR(id, key, t, text)                                                                \
  [id] = {.name = key, .path = "/" key, .type = t, .meaning = text, .flags = H5FIELD_ATTRIBUTE}

const h5field h5res_run_fields[H5RES_RUN_FIELDS] = {
    ROOT_ATTR(H5RES_KIND, "kind", H5FIELD_STR, "the problem kind: the wing that wrote the file"),
    ROOT_ATTR(H5RES_INPUT, "input", H5FIELD_STR, "the network file that was solved"),
    ROOT_ATTR(H5RES_INSTANCE, "instance", H5FIELD_STR, "the instance name"),
    [H5RES_OPTIMUM] = {.name = "optimum",
                       .path = "/optimum",
                       .type = H5FIELD_I64,
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
                               .meaning = "iterations completed at that epoch end"},
    [H5RES_TRACE_BEST] = {.name = "trace_best",
                          .path = "/trace/best",
                          .type = H5FIELD_F64,
                          .rank = 1,
                          .shape = "[T]",
                          .meaning = "best cost over all colonies (one entry per epoch end "
                                     "where it improved)"},
    [H5RES_EPOCHS_ITERATION] = {.name = "epochs_iteration",
                                .path = "/epochs/iteration",
                                .type = H5FIELD_I64,
                                .rank = 1,
                                .shape = "[E]",
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
                           .meaning = "global best cost at each epoch end"},
    [H5RES_EPOCHS_COLONY_BEST] = {.name = "epochs_colony_best",
                                  .path = "/epochs/colony_best",
                                  .type = H5FIELD_F64,
                                  .rank = 2,
                                  .shape = "[E][C]",
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
    [H5RES_LAYOUT_RANKS] = {.name = "layout_ranks",
                            .path = "/layout/ranks",
                            .type = H5FIELD_I64,
                            .meaning = "MPI ranks (R)",
                            .flags = H5FIELD_ATTRIBUTE},
    [H5RES_LAYOUT_THREADS] = {.name = "layout_threads_per_rank",
                              .path = "/layout/threads_per_rank",
                              .type = H5FIELD_I64,
                              .meaning = "OpenMP threads per rank",
                              .flags = H5FIELD_ATTRIBUTE},
    [H5RES_LAYOUT_COLONIES] = {.name = "layout_colonies",
                               .path = "/layout/colonies",
                               .type = H5FIELD_I64,
                               .meaning = "colonies (C)",
                               .flags = H5FIELD_ATTRIBUTE},
    [H5RES_LAYOUT_COLONY_RANK] = {.name = "layout_colony_rank",
                                  .path = "/layout/colony_rank",
                                  .type = H5FIELD_I32,
                                  .rank = 1,
                                  .shape = "[C]",
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
                              .doc = "Beside it, tours: the resolved search parameters `colonies`, "
                                     "`ants`, `alpha`, `beta`, `rho`, `q0`, `xi`, `p_best`, "
                                     "`p_gbest`, `restart_iterations`, `epoch_iterations`, "
                                     "`seed`, `migrate` and the totals `iterations`, `epochs`, "
                                     "`tours`, `seconds`, `iterations_per_second`, "
                                     "`tours_per_second`, `cpu_seconds` (CPU time of all ranks' "
                                     "processes: `cpu_seconds / (seconds x ranks x threads)` is "
                                     "the share of the cores the run got); order routing: "
                                     "`iterations`, `epochs`, `seconds`, `months` (totals over "
                                     "the months).",
                              .flags = H5FIELD_ATTRIBUTE | H5FIELD_OPTIONAL},
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
                                       .meaning = "checkpoints the run wrote (with "
                                                  "--checkpoint-dir)",
                                       .flags = H5FIELD_ATTRIBUTE | H5FIELD_OPTIONAL},
    [H5RES_RUN_CHECKPOINTS_FAILED] = {.name = "run_checkpoints_failed",
                                      .path = "/run/checkpoints_failed",
                                      .type = H5FIELD_I64,
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

const h5field h5res_bsp_fields[H5RES_BSP_FIELDS] = {
    BSP_EPOCH(H5RES_BSP_W_MAX, "w_max", "s",
              "compute seconds (construction + local search + trail update) per epoch, max "
              "over ranks"),
    BSP_EPOCH(H5RES_BSP_W_MEAN, "w_mean", "s", "compute seconds per epoch, mean over ranks"),
    BSP_EPOCH(H5RES_BSP_COMM, "comm", "s",
              "communication seconds (best exchange + pheromone sharing) per epoch, max over "
              "ranks"),
    BSP_EPOCH(H5RES_BSP_SYNC, "sync", "s",
              "seconds waiting at the epoch-end barrier per epoch, max over ranks"),
    BSP_EPOCH(H5RES_BSP_IO, "io", "s",
              "seconds in the epoch-end hook (progress, checkpoints) per epoch, max over ranks"),
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
                             .meaning = "seconds each rank waited at the epoch-end barrier, "
                                        "[epoch][rank]"},
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
};

const h5field_table h5res_bsp_table =
    H5FIELD_TABLE("results:bsp", "Results file: BSP cost (/bsp)", h5res_bsp_fields);
