# SPDX-License-Identifier: GPL-3.0-or-later
# The Debian package (`cpack -G DEB` in the build directory, or scripts/package.sh):
# paxbot_<version>_amd64.deb with the binary, both systemd units, the example
# configuration, the operator's documentation, the manual page, the machine-readable
# copyright file and the changelog; dependencies computed from the shared libraries.
# Included from the top-level CMakeLists.txt after the install() rules.

set(PAXBOT_PACKAGE_MAINTAINER "paxbot maintainers <maintainers@users.noreply.a-seed-7cf79786.example>"
    CACHE STRING "Maintainer field of the Debian package")

# The changelog's newest entry must be this version (Debian compares them).
file(STRINGS ${PROJECT_SOURCE_DIR}/packaging/changelog changelog_head LIMIT_COUNT 1)
if(NOT changelog_head MATCHES "^paxbot \\(${PROJECT_VERSION}\\) ")
  message(FATAL_ERROR "packaging/changelog starts with '${changelog_head}'; add an entry for "
                      "version ${PROJECT_VERSION} first")
endif()

# changelog.gz and the manual page, gzip -9n as Debian wants them.
add_custom_command(OUTPUT ${PROJECT_BINARY_DIR}/packaging/changelog.gz
  COMMAND ${CMAKE_COMMAND} -E make_directory ${PROJECT_BINARY_DIR}/packaging
  COMMAND ${CMAKE_COMMAND} -E copy ${PROJECT_SOURCE_DIR}/packaging/changelog
          ${PROJECT_BINARY_DIR}/packaging/changelog
  COMMAND gzip -9nf ${PROJECT_BINARY_DIR}/packaging/changelog
  DEPENDS ${PROJECT_SOURCE_DIR}/packaging/changelog VERBATIM)
add_custom_command(OUTPUT ${PROJECT_BINARY_DIR}/packaging/paxbot.1.gz
  COMMAND ${CMAKE_COMMAND} -E make_directory ${PROJECT_BINARY_DIR}/packaging
  COMMAND ${CMAKE_COMMAND} -DPAXBOT=$<TARGET_FILE:paxbot> -DVERSION=${PROJECT_VERSION}
          -DOUTPUT=${PROJECT_BINARY_DIR}/packaging/paxbot.1.gz
          -P ${PROJECT_SOURCE_DIR}/packaging/man_page.cmake
  DEPENDS paxbot ${PROJECT_SOURCE_DIR}/packaging/man_page.cmake VERBATIM)
add_custom_target(paxbot_package_files ALL
  DEPENDS ${PROJECT_BINARY_DIR}/packaging/changelog.gz ${PROJECT_BINARY_DIR}/packaging/paxbot.1.gz)

install(FILES ${PROJECT_BINARY_DIR}/packaging/paxbot.1.gz DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
install(FILES packaging/copyright ${PROJECT_BINARY_DIR}/packaging/changelog.gz
        DESTINATION ${CMAKE_INSTALL_DOCDIR})

set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME paxbot)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_VENDOR "paxbot maintainers")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "chess bot daemon for the Lichess Bot API")
# CPack writes the summary as the Description's first line and this as the extended part.
string(CONCAT CPACK_DEBIAN_PACKAGE_DESCRIPTION
    "paxbot plays chess (standard, Chess960, from a position, and the Pacifist\n"
    "variant) as a bot account on servers speaking the Lichess Bot API, with its\n"
    "own rules engine and search. It runs as a systemd service, reports its games\n"
    "on a loopback status page with Prometheus metrics, and includes a local\n"
    "server speaking the same API for tests and demonstrations.")
set(CPACK_DEBIAN_PACKAGE_MAINTAINER "${PAXBOT_PACKAGE_MAINTAINER}")
# Not "games": Debian keeps that section for programs in /usr/games; this is a network daemon.
set(CPACK_DEBIAN_PACKAGE_SECTION net)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)  # paxbot_<version>_<arch>.deb
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_STRIP_FILES ON)
set(CPACK_INSTALL_DEFAULT_DIRECTORY_PERMISSIONS
    OWNER_READ OWNER_WRITE OWNER_EXECUTE GROUP_READ GROUP_EXECUTE WORLD_READ WORLD_EXECUTE)
set(CPACK_DEBIAN_PACKAGE_CONTROL_STRICT_PERMISSION ON)
set(CPACK_RESOURCE_FILE_LICENSE ${PROJECT_SOURCE_DIR}/LICENSE)
include(CPack)
