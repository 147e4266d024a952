# SPDX-License-Identifier: GPL-3.0-or-later
# The layering holds when compiling (CMakeLists.txt, paxbot_module_headers): with the include
# directories of one library target, the preprocessor finds the header SEES (one of the
# library's own, with everything it includes) and none of the headers BLIND (other modules,
# the library does not link them).
#   cmake -DCOMPILER=c++ -DDIRS=a|b -DIMPLICIT=c|d -DSEES=engine/engine.h -DBLIND=x/y.h|z/w.h
#         -DWORK=dir -P check_layering.cmake
# IMPLICIT: the compiler's own directories, left out as the build leaves them out (an explicit
# -I/usr/include breaks the standard library's #include_next).
cmake_policy(SET CMP0057 NEW)  # if(IN_LIST) in script mode
foreach(var COMPILER DIRS SEES BLIND WORK)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "check_layering.cmake: ${var} is not set")
  endif()
endforeach()
string(REPLACE "|" ";" dirs "${DIRS}")
string(REPLACE "|" ";" blind "${BLIND}")
string(REPLACE "|" ";" implicit "${IMPLICIT}")
set(flags -std=c++23 -E -x c++)
foreach(dir IN LISTS dirs)
  if(dir IN_LIST implicit)
    continue()
  endif()
  list(APPEND flags -I${dir})
endforeach()
file(MAKE_DIRECTORY ${WORK})

function(preprocess header result_var output_var)
  string(MAKE_C_IDENTIFIER ${header} name)
  set(probe ${WORK}/${name}.cpp)
  file(WRITE ${probe} "#include \"${header}\"\n")
  execute_process(COMMAND ${COMPILER} ${flags} ${probe} -o ${WORK}/${name}.ii
                  RESULT_VARIABLE result ERROR_VARIABLE output)
  set(${result_var} ${result} PARENT_SCOPE)
  set(${output_var} "${output}" PARENT_SCOPE)
endfunction()

preprocess(${SEES} result output)
if(NOT result EQUAL 0)
  message(FATAL_ERROR "${SEES} does not preprocess with its own target's include directories:\n${output}")
endif()
foreach(header IN LISTS blind)
  preprocess(${header} result output)
  string(REGEX REPLACE "([.+])" "\\\\\\1" pattern "${header}")
  if(result EQUAL 0)
    message(FATAL_ERROR "${header} is visible, but the target does not link its module")
  elseif(NOT output MATCHES "${pattern}'? *(: No such file or directory|file not found)")
    message(FATAL_ERROR "${header}: the preprocessor failed for another reason:\n${output}")
  endif()
endforeach()
message(STATUS "sees ${SEES}; blind to ${blind}")
