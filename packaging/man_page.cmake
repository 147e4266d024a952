# SPDX-License-Identifier: GPL-3.0-or-later
# Writes the manual page paxbot.1.gz from the binary's own help texts (`paxbot --help` and
# `paxbot COMMAND --help` for every command it lists), so the page cannot drift from them.
# Run as: cmake -DPAXBOT=<binary> -DVERSION=<version> -DOUTPUT=<paxbot.1.gz> -P man_page.cmake
foreach(var PAXBOT VERSION OUTPUT)
  if(NOT ${var})
    message(FATAL_ERROR "man_page.cmake: ${var} is not set")
  endif()
endforeach()

# Help text as roff: backslashes doubled, lines that roff would read as requests guarded.
function(as_roff text out)
  string(REPLACE "\\" "\\e" text "${text}")
  string(REGEX REPLACE "(^|\n)([.'])" "\\1\\\\&\\2" text "${text}")
  set(${out} "${text}" PARENT_SCOPE)
endfunction()

execute_process(COMMAND ${PAXBOT} --help OUTPUT_VARIABLE main_help RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "man_page.cmake: '${PAXBOT} --help' failed (${rc})")
endif()
as_roff("${main_help}" main_roff)
set(page ".TH PAXBOT 1 \"\" \"paxbot ${VERSION}\" \"User Commands\"\n")
string(APPEND page ".SH NAME\npaxbot \\- chess bot daemon for the Lichess Bot API\n")
string(APPEND page ".SH SYNOPSIS\n.B paxbot\n.I command\n[\\fIoptions\\fR]\n")
string(APPEND page ".SH DESCRIPTION\n.nf\n${main_roff}.fi\n.SH COMMANDS\n")

# The command lines of the main help: two spaces, the name, then its summary.
string(REGEX MATCHALL "\n  [a-z][a-z0-9-]*  " command_lines "${main_help}")
foreach(line IN LISTS command_lines)
  string(STRIP "${line}" command)
  execute_process(COMMAND ${PAXBOT} ${command} --help OUTPUT_VARIABLE help ERROR_VARIABLE help_err
                  RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "man_page.cmake: '${PAXBOT} ${command} --help' failed (${rc}): ${help_err}")
  endif()
  as_roff("${help}" roff)
  string(APPEND page ".SS ${command}\n.nf\n${roff}.fi\n")
endforeach()
string(APPEND page ".SH FILES\n.TP\n.I /etc/paxbot/paxbot.yml\nthe configuration read by paxbot.service\n")
string(APPEND page ".SH SEE ALSO\nThe operator's documentation in /usr/share/doc/paxbot/ "
                   "(deployment.md, configuration.md) and the example configuration "
                   "paxbot.example.yml there.\n")

get_filename_component(dir "${OUTPUT}" DIRECTORY)
string(REGEX REPLACE "\\.gz$" "" plain "${OUTPUT}")
file(WRITE "${plain}" "${page}")
# gzip -n: no name or timestamp in the header, so the package is reproducible.
execute_process(COMMAND gzip -9nf "${plain}" RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "man_page.cmake: gzip failed (${rc})")
endif()
