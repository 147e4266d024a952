# SPDX-License-Identifier: GPL-3.0-or-later
# Compiler flags of the libFuzzer build (-DPAXBOT_FUZZ=ON), included by the top-level
# CMakeLists.txt before any library so that every library is built with coverage
# instrumentation (-fsanitize=fuzzer-no-link) and the sanitizers; the fuzz programs add
# -fsanitize=fuzzer (libFuzzer's main) in fuzz/CMakeLists.txt.
#
# Why clang 19: libFuzzer is a clang feature, and the project uses std::expected (C++23).
# Debian 12's libstdc++ 12 declares std::expected only when the compiler reports
# __cpp_concepts >= 202002L (<expected>, line 34). Debian 12's clang 14, 15 and 16 report
# 201907L (their concepts support is not the complete C++20 one), so for them <expected> is
# empty. Forcing -D__cpp_concepts=202002L would make the header rely on a language feature
# the compiler does not claim to implement: code that compiles is not thereby right.
# Debian 12 (bookworm main) also ships clang-19 (1:19.1.7), which reports 202002L and reads
# libstdc++ 12's <expected> as intended; scripts/install-deps.sh installs it with
# libclang-rt-19-dev (the libFuzzer and sanitizer runtimes).
if(NOT CMAKE_CXX_COMPILER_ID STREQUAL "Clang" OR CMAKE_CXX_COMPILER_VERSION VERSION_LESS 19)
  message(FATAL_ERROR "PAXBOT_FUZZ needs clang 19 or later (-DCMAKE_CXX_COMPILER=clang++-19); "
                      "see fuzz/flags.cmake for why")
endif()
if(PAXBOT_SANITIZE OR PAXBOT_TSAN)
  message(FATAL_ERROR "PAXBOT_FUZZ brings its own sanitizers; leave PAXBOT_SANITIZE and PAXBOT_TSAN off")
endif()
# -O1 and line tables only (after the build type's flags, so they win): the same sanitizer
# build also runs the unit tests in .ci/run, and at -O2 -g it took most of CI's time to
# compile; stack traces keep file and line.
add_compile_options(-fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=undefined
                    -fno-omit-frame-pointer -O1 -gline-tables-only)
add_link_options(-fsanitize=address,undefined)
