# SPDX-License-Identifier: BSD-3-Clause
# man_page.cmake: assembles antroute.1 from the program itself (cmake -P; the build runs it).
#
#   cmake -DANTROUTE=build/antroute -DOUT=build/antroute.1 -P cmake/man_page.cmake
#
# The head comes from `antroute --help-man`; then each line of `antroute --man-commands` names a
# command whose section is `antroute COMMAND --help-man`, printed from the same option table as
# its --help (param_print_man). A command that does not print roff yet (one that parses its
# options by hand) gets its --help text as a literal block, so the page is always complete.

foreach(var ANTROUTE OUT)
  if(NOT ${var})
    message(FATAL_ERROR "man_page.cmake needs -D${var}=...")
  endif()
endforeach()
# The sanitizer build's program reports Open MPI's own allocations at exit: not a failure here.
set(ENV{ASAN_OPTIONS} "detect_leaks=0")
# Open MPI starts a daemon for each singleton unless told it is isolated: 0.5 s a command, 8.6 s
# for the page (0.1 s a command isolated), at the end of every build. Other MPIs ignore it.
set(ENV{OMPI_MCA_ess_singleton_isolated} "1")

function(run_antroute out_var)
  execute_process(COMMAND ${ANTROUTE} ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE text
                  ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    string(REPLACE ";" " " args "${ARGN}")
    message(FATAL_ERROR "antroute ${args} failed (${rc}): ${err}")
  endif()
  set(${out_var} "${text}" PARENT_SCOPE)
endfunction()

run_antroute(page --help-man)
run_antroute(commands --man-commands)
string(REPLACE "\n" ";" commands "${commands}")
foreach(cmd ${commands})
  if(cmd STREQUAL "")
    continue()
  endif()
  string(REPLACE " " ";" argv "${cmd}")
  run_antroute(section ${argv} --help-man)
  if(NOT section MATCHES "^\\.SS ")
    # Plain --help text: escape backslashes, dashes and leading dots, keep the lines as they are.
    string(REPLACE "\\" "\\e" section "${section}")
    string(REPLACE "-" "\\-" section "${section}")
    string(REGEX REPLACE "(^|\n)([.'])" "\\1\\\\&\\2" section "${section}")
    set(section ".SS \"antroute ${cmd}\"\n.nf\n${section}.fi\n")
  endif()
  string(APPEND page "${section}")
endforeach()
string(APPEND page ".SH \"SEE ALSO\"\n.BR mpirun (1),\n.BR srun (1),\n.BR sbatch (1),\n"
       ".BR h5dump (1);\nthe guide and reference in PREFIX/share/doc/antroute.\n")
file(WRITE "${OUT}.tmp" "${page}")
file(RENAME "${OUT}.tmp" "${OUT}")
