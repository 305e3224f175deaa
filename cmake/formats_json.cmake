# SPDX-License-Identifier: BSD-3-Clause
# formats_json.cmake: writes the JSON schema of the declared file layouts (`antroute formats
# --json`, io/common/h5field.h) beside the report script, which reads dataset paths from it.
#
#   cmake -DANTROUTE=build/antroute -DOUT=build/share/antroute/report/formats.json -P cmake/formats_json.cmake

foreach(var ANTROUTE OUT)
  if(NOT ${var})
    message(FATAL_ERROR "formats_json.cmake needs -D${var}=...")
  endif()
endforeach()
# The sanitizer build's program reports Open MPI's own allocations at exit: not a failure here.
set(ENV{ASAN_OPTIONS} "detect_leaks=0")
execute_process(COMMAND ${ANTROUTE} formats --json RESULT_VARIABLE rc OUTPUT_VARIABLE text
                ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "antroute formats --json failed (${rc}): ${err}")
endif()
file(WRITE ${OUT}.tmp "${text}")
file(RENAME ${OUT}.tmp ${OUT})
