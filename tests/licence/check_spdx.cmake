# SPDX-License-Identifier: GPL-3.0-or-later
# Fails when a source file, build file or script of the tree does not name its licence
# with an SPDX identifier in its first two lines (the second allows for a #! line).
# Run as: cmake -DSOURCE_DIR=<repository root> -P check_spdx.cmake
if(NOT SOURCE_DIR)
  message(FATAL_ERROR "check_spdx.cmake: SOURCE_DIR is not set")
endif()
file(GLOB_RECURSE candidates RELATIVE ${SOURCE_DIR}
     ${SOURCE_DIR}/*.cpp ${SOURCE_DIR}/*.h ${SOURCE_DIR}/*.h.in ${SOURCE_DIR}/CMakeLists.txt
     ${SOURCE_DIR}/*.cmake ${SOURCE_DIR}/scripts/*.sh ${SOURCE_DIR}/.ci/run
     ${SOURCE_DIR}/web/src/* ${SOURCE_DIR}/tests/browser/*.mjs)
set(missing "")
set(checked 0)
foreach(path IN LISTS candidates)
  if(path MATCHES "^(build[^/]*|node_modules)/" OR path MATCHES "/node_modules/")
    continue()
  endif()
  math(EXPR checked "${checked} + 1")
  file(STRINGS ${SOURCE_DIR}/${path} head LIMIT_COUNT 2)
  if(NOT head MATCHES "SPDX-License-Identifier: GPL-3.0-or-later")
    list(APPEND missing ${path})
  endif()
endforeach()
if(missing)
  list(JOIN missing "\n  " listing)
  message(FATAL_ERROR "files without 'SPDX-License-Identifier: GPL-3.0-or-later' in their first two lines:\n  ${listing}")
endif()
message(STATUS "SPDX identifiers: ${checked} files checked")
