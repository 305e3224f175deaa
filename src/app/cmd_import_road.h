/* cmd_import_road: the `antroute import` sub-commands of road networks (osm, dimacs, stops) and
 * the road part of `import synthetic` (cmd_import_synthetic.c calls it for --kind road). */
#ifndef AR_CMD_IMPORT_ROAD_H
#define AR_CMD_IMPORT_ROAD_H

#include "ar_error.h"
#include "param.h"

ar_status cmd_import_osm(int argc, char **argv);
ar_status cmd_import_dimacs(int argc, char **argv);
ar_status cmd_import_stops(int argc, char **argv);

/* `import synthetic --kind road` on its parsed options (nodes, seed, output); runs on rank 0. */
ar_status cmd_import_synthetic_road(const param_set *ps);

#endif
