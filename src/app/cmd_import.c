/* cmd_import: `antroute import <kind> ...` dispatches to one importer per input kind. */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "cmd_import_road.h"

const cli_command cli_import_kinds[] = {
    {"tsplib", cmd_import_tsplib, "a TSPLIB 95 .tsp/.atsp file (optionally with its .opt.tour)"},
    {"supply-chain", cmd_import_supply_chain, "the seven CSV tables of the supply-chain data set"},
    {"synthetic", cmd_import_synthetic, "a seeded generator of large networks of every kind"},
    {"osm", cmd_import_osm, "an OpenStreetMap extract (.pbf, .osm, .osm.gz) into a road network"},
    {"dimacs", cmd_import_dimacs, "a DIMACS shortest-path graph (.gr, .co) into a road network"},
    {"stops", cmd_import_stops, "stops (CSV id,lat,lon) on a road network: a tour of road costs"},
    {NULL, NULL, NULL},
};

static void import_usage(FILE *out) {
  fprintf(out, "usage: antroute import <kind> INPUT -o OUT.h5 [options]\n\n"
               "Converts input data into one antroute network file (HDF5, see docs/formats.md).\n"
               "The output is written to OUT.h5.tmp and renamed when complete.\n\nkinds:\n");
  for (const cli_command *k = cli_import_kinds; k->name; k++)
    fprintf(out, "  %-13s %s\n", k->name, k->summary);
  fprintf(out, "\nantroute import <kind> --help shows the options of each kind.\n");
}

ar_status cmd_import(int argc, char **argv) {
  if (argc < 2 || strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0) {
    import_usage(argc < 2 ? stderr : stdout);
    return argc < 2
               ? ar_fail(
                     AR_ERR_USAGE,
                     "which kind of input? (tsplib, supply-chain, synthetic, osm, dimacs, stops)")
               : AR_OK;
  }
  for (const cli_command *k = cli_import_kinds; k->name; k++)
    if (strcmp(argv[1], k->name) == 0) return k->run(argc - 1, argv + 1);
  return ar_fail(AR_ERR_USAGE,
                 "unknown input kind '%s' (tsplib, supply-chain, synthetic, osm, dimacs, stops)",
                 argv[1]);
}
