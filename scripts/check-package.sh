#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Installs a paxbot Debian package with dpkg -i, checks what it installed (paxbot --version,
# paxbot check-config on the example configuration, systemd-analyze verify on both units)
# and removes it again with dpkg -r. Fails on the first error. Needs root (or sudo).
# Usage: scripts/check-package.sh PACKAGE.deb
set -euo pipefail
deb=${1:?usage: scripts/check-package.sh PACKAGE.deb}
sudo_cmd=()
[ "$(id -u)" -eq 0 ] || sudo_cmd=(sudo)
if dpkg-query -W -f='${Status}' paxbot 2>/dev/null | grep -q "install ok installed"; then
  echo "check-package.sh: a paxbot package is installed already; remove it first" >&2
  exit 1
fi
"${sudo_cmd[@]}" dpkg -i "$deb"
trap '"${sudo_cmd[@]}" dpkg -r paxbot >/dev/null' EXIT
expected=$(dpkg-deb -f "$deb" Version)
got=$(/usr/bin/paxbot --version)
[ "$got" = "paxbot $expected" ] || { echo "paxbot --version says '$got', the package is $expected" >&2; exit 1; }
/usr/bin/paxbot check-config /usr/share/doc/paxbot/paxbot.example.yml >/dev/null
zcat /usr/share/man/man1/paxbot.1.gz | grep -q '^\.SH NAME'
units=/usr/lib/systemd/system
for unit in paxbot.service paxbot@.service; do
  grep -q '^ExecStart=/usr/bin/paxbot ' "$units/$unit" || { echo "$unit: ExecStart is not /usr/bin/paxbot" >&2; exit 1; }
done
systemd-analyze verify --man=no "$units/paxbot.service"
# A template verifies as an instance.
instance_dir=$(mktemp -d)
trap '"${sudo_cmd[@]}" dpkg -r paxbot >/dev/null; rm -rf "$instance_dir"' EXIT
cp "$units/paxbot@.service" "$instance_dir/paxbot@check.service"
systemd-analyze verify --man=no "$instance_dir/paxbot@check.service"
rm -rf "$instance_dir"
trap - EXIT
"${sudo_cmd[@]}" dpkg -r paxbot
if [ -e /usr/bin/paxbot ] || [ -e "$units/paxbot.service" ]; then
  echo "check-package.sh: dpkg -r left files behind" >&2
  exit 1
fi
echo "check-package.sh: $deb installs, runs, verifies and removes cleanly"
