#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# MPI failures become a message and exit status 1, not an abort: main sets MPI_ERRORS_RETURN and
# the communicators antroute creates carry it. A preloaded library (mpi_fault.c, $1) makes one MPI
# call fail the way MPI reports a failure, through the communicator's error handler; under the
# default MPI_ERRORS_ARE_FATAL these runs would abort instead.
source "$AR_SOURCE_DIR/tests/common/lib.sh"
FAULT_LIB=${1:?the path of the mpi_fault library}
[ -f "$FAULT_LIB" ] || { fail "no $FAULT_LIB (built with the tests: ar_mpi_fault)"; finish; }

# faulty NAME[:N] NP command...: runs the command on NP ranks with that MPI call failing.
faulty() {
  local fault=$1 np=$2
  shift 2
  OMP_NUM_THREADS=1 timeout 300 "$MPIEXEC" --oversubscribe --bind-to none -np "$np" \
    -x LD_PRELOAD="$FAULT_LIB" -x AR_MPI_FAULT="$fault" "$@"
}
# no_abort: the last run's log shows no MPI abort.
no_abort() {
  if grep -Eq "MPI_ERRORS_ARE_FATAL|MPI_ABORT|aborting" "$AR_TMP/last.log"; then
    fail "$1: MPI aborted: $(head -c 600 "$AR_TMP/last.log")"
  else pass "$1: no abort"; fi
}
E4="pack:1 core:4 pu:1"

# The status broadcast of a serial command (cli_rank0_run), on 2 ranks and on 1.
expect_error 1 "antroute advise: error: MPI_Bcast of rank 0's status failed: MPI_ERR_OTHER" - -- \
  faulty MPI_Bcast 2 "$ANTROUTE" advise --topology "$E4"
no_abort "advise, MPI_Bcast"
grep -q "^topology: 1 package x 4 cores" "$AR_TMP/last.log" && pass "rank 0 advised before the failure" \
  || fail "no advice printed: $(head -c 400 "$AR_TMP/last.log")"

# A communicator antroute creates (the binding report's node communicator).
expect_error 1 "MPI_Comm_split_type \(the ranks of this node.*\) failed: MPI_ERR_OTHER" - -- \
  faulty MPI_Comm_split_type 2 "$ANTROUTE" advise --report-binding
no_abort "advise --report-binding, MPI_Comm_split_type"
# A collective on that communicator, and the agreement of all ranks before the report.
expect_error 1 "binding report: MPI_Gather of the record sizes failed: MPI_ERR_OTHER" - -- \
  faulty MPI_Gather 2 "$ANTROUTE" advise --report-binding
no_abort "advise --report-binding, MPI_Gather on the node communicator"
expect_error 1 "MPI_Allreduce of the lowest failing rank, agreeing on a status failed: MPI_ERR_OTHER" \
  - -- faulty MPI_Allreduce:2 2 "$ANTROUTE" advise --report-binding
no_abort "advise --report-binding, MPI_Allreduce"

# solve --bind: the failure is agreed before the search and no results file is left.
"$ANTROUTE" import tsplib "$AR_SOURCE_DIR/inputs/tsplib/eil51.tsp" -o "$AR_TMP/eil51.h5" >/dev/null \
  || fail "import eil51"
expect_error 1 "error: MPI_Comm_split_type \(the ranks of this node.*\) failed: MPI_ERR_OTHER" \
  "$AR_TMP/r.h5" -- faulty MPI_Comm_split_type 2 "$ANTROUTE" solve "$AR_TMP/eil51.h5" \
  -o "$AR_TMP/r.h5" -c 2 -i 10 --bind auto
no_abort "solve --bind auto, MPI_Comm_split_type"
finish
