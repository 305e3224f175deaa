# SPDX-License-Identifier: BSD-3-Clause
# install.cmake: the site install (included from CMakeLists.txt after the targets).
#
#   cmake --install build --prefix P
#
# P/bin/antroute; P/share/antroute/slurm (the batch templates and antroute-step.sh);
# P/share/antroute/report (the report script and its kinds' modules, found by the installed
# program relative to itself);
# P/share/doc/antroute (README and docs/); P/share/man/man1/antroute.1 (built from the option
# tables by running the program, cmake/man_page.cmake); P/share/modulefiles/antroute/VERSION.lua
# (Lmod: PATH, MANPATH, ANTROUTE_SLURM, ANTROUTE_DOCS, ANTROUTE_EXAMPLES);
# P/share/antroute/examples (two TSPLIB instances, the order-routing tables, a road extract and its
# stops, their licences and an example job: what `antroute selftest` and the guide's first steps
# use).
include(GNUInstallDirs)

# The report scripts relative to the program: bin/antroute -> share/antroute/report/ (the build
# copies them to build/share/antroute/report/, beside build/antroute).
file(RELATIVE_PATH ANTROUTE_REPORT_FROM_BIN "${CMAKE_INSTALL_FULL_BINDIR}"
     "${CMAKE_INSTALL_FULL_DATADIR}/antroute/report")
set_property(SOURCE src/report/report_plot.c APPEND PROPERTY COMPILE_DEFINITIONS
             AR_REPORT_DIR_FROM_BIN="${ANTROUTE_REPORT_FROM_BIN}")
# The examples likewise (`antroute selftest`): bin/antroute -> share/antroute/examples/.
file(RELATIVE_PATH ANTROUTE_EXAMPLES_FROM_BIN "${CMAKE_INSTALL_FULL_BINDIR}"
     "${CMAKE_INSTALL_FULL_DATADIR}/antroute/examples")
set_property(SOURCE src/app/cmd_selftest.c APPEND PROPERTY COMPILE_DEFINITIONS
             AR_EXAMPLES_DIR_FROM_BIN="${ANTROUTE_EXAMPLES_FROM_BIN}")

# antroute.1, rebuilt whenever the program is: the build runs it for every command.
set(ANTROUTE_MAN_PAGE ${CMAKE_BINARY_DIR}/antroute.1)
add_custom_command(OUTPUT ${ANTROUTE_MAN_PAGE}
  COMMAND ${CMAKE_COMMAND} -DANTROUTE=$<TARGET_FILE:antroute> -DOUT=${ANTROUTE_MAN_PAGE}
          -P ${PROJECT_SOURCE_DIR}/cmake/man_page.cmake
  DEPENDS antroute ${PROJECT_SOURCE_DIR}/cmake/man_page.cmake
  COMMENT "Writing the man page antroute.1 from the option tables"
  VERBATIM)
add_custom_target(antroute_man ALL DEPENDS ${ANTROUTE_MAN_PAGE})

set(ANTROUTE_VERSION ${PROJECT_VERSION})
# The MPI library the program is linked with, for the module file ("Open MPI 4.1.4"): its
# launcher's --version at configure time (MPI_C_VERSION is only the standard's version).
set(ANTROUTE_MPI_LIBRARY "MPI ${MPI_C_VERSION}")
set(ANTROUTE_MPIEXEC "${MPIEXEC_EXECUTABLE}")
if(MPIEXEC_EXECUTABLE)
  execute_process(COMMAND ${MPIEXEC_EXECUTABLE} --version OUTPUT_VARIABLE mpiexec_version
                  ERROR_QUIET RESULT_VARIABLE mpiexec_rc)
  # Open MPI's mpirun says "(Open MPI) 4.1.4", its mpiexec "(OpenRTE) 4.1.4".
  if(mpiexec_rc EQUAL 0 AND mpiexec_version MATCHES "\\((Open MPI|OpenRTE)\\) ([0-9][0-9.]*)")
    set(ANTROUTE_MPI_LIBRARY "Open MPI ${CMAKE_MATCH_2}")
  elseif(mpiexec_rc EQUAL 0 AND mpiexec_version MATCHES "HYDRA build details:.*Version: *([0-9.]+)")
    set(ANTROUTE_MPI_LIBRARY "MPICH ${CMAKE_MATCH_1}")
  endif()
endif()
configure_file(${PROJECT_SOURCE_DIR}/cmake/antroute.lua.in
               ${CMAKE_BINARY_DIR}/modulefiles/antroute/${PROJECT_VERSION}.lua @ONLY)

install(TARGETS antroute RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(FILES ${PROJECT_SOURCE_DIR}/slurm/antroute-step.sh
        ${PROJECT_SOURCE_DIR}/slurm/e7-8890v4-64x3.sbatch
        ${PROJECT_SOURCE_DIR}/slurm/e7-8890v4-32x6.sbatch
        ${PROJECT_SOURCE_DIR}/slurm/2node-32x3-cores.sbatch
        ${PROJECT_SOURCE_DIR}/slurm/generic.sbatch
        DESTINATION ${CMAKE_INSTALL_DATADIR}/antroute/slurm)
install(FILES ${ANTROUTE_REPORT_SCRIPTS} ${ANTROUTE_FORMATS_JSON}
        DESTINATION ${CMAKE_INSTALL_DATADIR}/antroute/report)
install(FILES ${PROJECT_SOURCE_DIR}/README.md ${PROJECT_SOURCE_DIR}/LICENSE ${PROJECT_SOURCE_DIR}/CHANGELOG.md
              ${PROJECT_SOURCE_DIR}/CITATION.cff ${PROJECT_SOURCE_DIR}/inputs/LICENSES.md
        DESTINATION ${CMAKE_INSTALL_DOCDIR})
install(DIRECTORY ${PROJECT_SOURCE_DIR}/docs/ DESTINATION ${CMAKE_INSTALL_DOCDIR}
        FILES_MATCHING PATTERN "*.md")
install(FILES ${ANTROUTE_MAN_PAGE} DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
# Small examples with their licences (inputs/LICENSES.md), and an example job.
set(ANTROUTE_EXAMPLES_DIR ${CMAKE_INSTALL_DATADIR}/antroute/examples)
install(FILES ${PROJECT_SOURCE_DIR}/inputs/LICENSES.md ${PROJECT_SOURCE_DIR}/slurm/generic.sbatch
        DESTINATION ${ANTROUTE_EXAMPLES_DIR})
install(FILES ${PROJECT_SOURCE_DIR}/inputs/tsplib/berlin52.tsp
              ${PROJECT_SOURCE_DIR}/inputs/tsplib/berlin52.opt.tour
              ${PROJECT_SOURCE_DIR}/inputs/tsplib/pcb442.tsp
              ${PROJECT_SOURCE_DIR}/inputs/tsplib/pcb442.opt.tour
              ${PROJECT_SOURCE_DIR}/inputs/tsplib/OPTIMA.tsv
              ${PROJECT_SOURCE_DIR}/inputs/tsplib/README.md
        DESTINATION ${ANTROUTE_EXAMPLES_DIR}/tsplib)
install(DIRECTORY ${PROJECT_SOURCE_DIR}/inputs/supply_chain/
        DESTINATION ${ANTROUTE_EXAMPLES_DIR}/supply_chain)
install(FILES ${PROJECT_SOURCE_DIR}/inputs/roads/monaco.osm.gz
              ${PROJECT_SOURCE_DIR}/inputs/roads/monaco_stops.csv
              ${PROJECT_SOURCE_DIR}/inputs/roads/README.md
              ${PROJECT_SOURCE_DIR}/inputs/roads/SOURCE.md
        DESTINATION ${ANTROUTE_EXAMPLES_DIR}/roads)
install(FILES ${CMAKE_BINARY_DIR}/modulefiles/antroute/${PROJECT_VERSION}.lua
        DESTINATION ${CMAKE_INSTALL_DATADIR}/modulefiles/antroute)
# The installed program keeps the paths of the MPI and HDF5 libraries it was linked with. The
# build tree's program gets the same RUNPATH at link time: left to rewrite it at install, CMake pads
# the build tree's RUNPATH with an empty entry, which the loader reads as the current folder (the
# build tree's antroute then loaded, or failed on, any libz.so.1 in the folder it was run from).
set_target_properties(antroute PROPERTIES INSTALL_RPATH_USE_LINK_PATH TRUE
                                          BUILD_WITH_INSTALL_RPATH TRUE)
