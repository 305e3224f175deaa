/* SPDX-License-Identifier: BSD-3-Clause */
/* wing_road_import_stops: `antroute import stops STOPS.csv --roads ROADS.h5 -o STOPS.h5` snaps
 * stops given by coordinates to a road network and computes the stop-to-stop costs by shortest
 * paths, in parallel: every rank reads the road network collectively, the rows of the matrix are
 * split across ranks and their searches across threads (io/road/road_stops_import.h). The output is
 * a tour network (an ATSP) that `solve` takes as it is, plus what expands an answer into roads.
 */
#include <mpi.h>
#include <stdio.h>

#include "ar_agree.h"
#include "ar_path.h"
#include "cli_parse.h"
#include "h5net_stops.h"
#include "h5net_tour.h"
#include "param.h"
#include "road_stops_import.h"
#include "wing_road_import_stops.h"

/* The stops file is a tour network with explicit weights: its limit is the tour kind's. */
_Static_assert(ROAD_STOPS_MAX <= TOUR_EXPLICIT_MAX_N, "more stops than a tour matrix holds");

static const param_def import_stops_params[] = {
    {"output", 'o', PARAM_STRING, NULL, NULL, 1, 0, "OUT.h5",
     "the stops file to write (required): a tour network for solve", PARAM_OUTPUT},
    {"roads", 0, PARAM_STRING, NULL, NULL, 1, 0, "ROADS.h5",
     "the road network (from import osm, dimacs or synthetic --kind road; required)", 0},
    {"cost", 0, PARAM_CHOICE, "time", "time|distance", 1, 0, "COST",
     "what a leg costs: travel time in seconds or length in metres (rounded per leg)", 0},
    {"max-snap", 0, PARAM_REAL, "500", NULL, 0, 1e7, "METRES",
     "refuse a stop farther than this from the road network", 0},
    {"progress", 0, PARAM_REAL, "5", NULL, 0, 1e9, "SECONDS",
     "at most one progress line of the shortest paths per SECONDS (0: one per stop of rank 0)", 0},
};

int wing_road_import_stops_defs(param_def *out, int cap) {
  return cli_copy_defs(import_stops_params,
                       (int)(sizeof import_stops_params / sizeof import_stops_params[0]), out, cap);
}

static const cli_rule import_stops_rules[] = {
    CLI_RULE_NETWORK_OUTPUT,
    {CLI_REQUIRED, "roads", NULL, "missing --roads ROADS.h5 (the road network)", NULL},
};

static void print_summary(const road_stops_job *job, const road_stops_summary *s) {
  double per_cpu = s->cpu_seconds > 0 ? (double)s->settled / s->cpu_seconds : 0;
  printf("%s: %d stops of %s on %s (%d nodes, %lld arcs, largest component %d nodes), %s in "
         "%s; largest snap %.1f m (line %lld); %d searches settled %lld nodes in %.2f s on %d "
         "rank%s x %d thread%s (%.3g settled nodes per CPU second)\n",
         job->output, (int)s->stops, job->stops_csv, job->roads, (int)s->road_nodes,
         (long long)s->road_arcs, (int)s->component_nodes, road_cost_name(job->cost),
         road_cost_units(job->cost), s->snap_max, (long long)s->snap_max_line, (int)s->stops,
         (long long)s->settled, s->matrix_seconds, s->ranks, s->ranks == 1 ? "" : "s", s->threads,
         s->threads == 1 ? "" : "s", per_cpu);
}

static ar_status import_stops_run(const param_set *ps) {
  road_stops_job job = {.stops_csv = ps->positional[0],
                        .roads = param_str(ps, "roads"),
                        .output = param_str(ps, "output"),
                        .max_snap = param_real(ps, "max-snap"),
                        .progress = param_real(ps, "progress"),
                        .ps = ps};
  road_cost_parse(param_str(ps, "cost"), &job.cost);
  ar_path_role inputs[] = {
      {job.stops_csv, "the stops"}, {job.roads, "--roads"}, {ps->param_file, "--params"}};
  ar_path_role output = {job.output, "-o"};
  ar_status st = ar_agree(MPI_COMM_WORLD, ar_outputs_check(inputs, 3, &output, 1));
  road_stops_summary sum;
  if (st == AR_OK) st = road_stops_import(&job, MPI_COMM_WORLD, &sum);
  int rank = 0;
  if (st == AR_OK) st = ar_mpi_check(MPI_Comm_rank(MPI_COMM_WORLD, &rank), "MPI_Comm_rank");
  if (st == AR_OK && rank == 0) print_summary(&job, &sum);
  return st;
}

ar_status wing_road_import_stops(int argc, char **argv) {
  param_set ps = {
      .command = "import stops",
      .usage = "[mpirun -np R] antroute import stops STOPS.csv --roads ROADS.h5 -o "
               "STOPS.h5 [--cost time|distance] [--max-snap METRES] [--progress SECONDS]",
      .examples = "antroute import stops inputs/roads/monaco_stops.csv --roads "
                  "monaco-roads.h5 -o monaco-stops.h5\n"
                  "antroute import stops stops.csv --roads roads.h5 -o s.h5 --cost "
                  "distance",
      .description = "Snaps the stops of a CSV (columns id, lat, lon; more allowed) to the "
                     "nearest node of the road network's largest strongly connected component "
                     "and computes every stop-to-stop cost by shortest paths (asymmetric where "
                     "one-way streets make it so), in parallel over MPI ranks and OpenMP "
                     "threads. Writes a tour network that `antroute solve` takes as an ATSP. "
                     "At most 20,000 stops.",
      CLI_OPTIONS(import_stops_params, 1, 1)};
  int help_done = 0;
  ar_status st = cli_parse_rules(&ps, argc, argv, CLI_RULES(import_stops_rules), &help_done);
  if (st == AR_OK && !help_done) st = import_stops_run(&ps);
  param_free(&ps);
  return st;
}
