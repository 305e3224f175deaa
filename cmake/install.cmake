# install.cmake: the site install (included from CMakeLists.txt after the targets).
#
#   cmake --install build --prefix P
#
# P/bin/antroute; P/share/antroute/slurm (the batch templates and antroute-step.sh);
# P/share/antroute/report (the report script and its kinds' modules, found by the installed
# program relative to itself);
# P/share/doc/antroute (README and docs/); P/share/man/man1/antroute.1 (built from the option
# tables by running the program, cmake/man_page.cmake); P/share/modulefiles/antroute/VERSION.lua
# (Lmod: PATH, MANPATH, ANTROUTE_SLURM, ANTROUTE_DOCS).
include(GNUInstallDirs)

# The report scripts relative to the program: bin/antroute -> share/antroute/report/ (the build
# copies them to build/share/antroute/report/, beside build/antroute).
file(RELATIVE_PATH ANTROUTE_REPORT_FROM_BIN "${CMAKE_INSTALL_FULL_BINDIR}"
     "${CMAKE_INSTALL_FULL_DATADIR}/antroute/report")
set_property(SOURCE src/report/report_plot.c APPEND PROPERTY COMPILE_DEFINITIONS
             AR_REPORT_DIR_FROM_BIN="${ANTROUTE_REPORT_FROM_BIN}")

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
configure_file(${PROJECT_SOURCE_DIR}/cmake/antroute.lua.in
               ${CMAKE_BINARY_DIR}/modulefiles/antroute/${PROJECT_VERSION}.lua @ONLY)

install(TARGETS antroute RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(FILES ${PROJECT_SOURCE_DIR}/slurm/antroute-step.sh
        ${PROJECT_SOURCE_DIR}/slurm/e7-8890v4-64x3.sbatch
        ${PROJECT_SOURCE_DIR}/slurm/e7-8890v4-32x6.sbatch
        ${PROJECT_SOURCE_DIR}/slurm/2node-32x3-cores.sbatch
        ${PROJECT_SOURCE_DIR}/slurm/generic.sbatch
        DESTINATION ${CMAKE_INSTALL_DATADIR}/antroute/slurm)
install(FILES ${ANTROUTE_REPORT_SCRIPTS} DESTINATION ${CMAKE_INSTALL_DATADIR}/antroute/report)
install(FILES ${PROJECT_SOURCE_DIR}/README.md ${PROJECT_SOURCE_DIR}/LICENSE ${PROJECT_SOURCE_DIR}/CHANGELOG.md
              ${PROJECT_SOURCE_DIR}/CITATION.cff ${PROJECT_SOURCE_DIR}/inputs/LICENSES.md
        DESTINATION ${CMAKE_INSTALL_DOCDIR})
install(DIRECTORY ${PROJECT_SOURCE_DIR}/docs/ DESTINATION ${CMAKE_INSTALL_DOCDIR}
        FILES_MATCHING PATTERN "*.md")
install(FILES ${ANTROUTE_MAN_PAGE} DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
install(FILES ${CMAKE_BINARY_DIR}/modulefiles/antroute/${PROJECT_VERSION}.lua
        DESTINATION ${CMAKE_INSTALL_DATADIR}/modulefiles/antroute)
# The installed program keeps the paths of the MPI and HDF5 libraries it was linked with.
set_target_properties(antroute PROPERTIES INSTALL_RPATH_USE_LINK_PATH TRUE)
