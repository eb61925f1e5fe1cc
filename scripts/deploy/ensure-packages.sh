#!/usr/bin/env bash
# Installs the Debian packages named (by their command) when their command is missing:
#   bash scripts/deploy/ensure-packages.sh nginx caddy openssl
# As root with apt-get only; otherwise says what to install. The packages' own services are not
# started (the tests and the benchmark start nginx by themselves, in the foreground).
set -euo pipefail
need=()
for command in "$@"; do command -v "$command" >/dev/null || need+=("$command"); done
[ "${#need[@]}" -eq 0 ] && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  echo "Installing Debian's ${need[*]}..."
  apt-get update -qq >/dev/null
  printf '#!/bin/sh\nexit 101\n' >/usr/sbin/policy-rc.d && chmod +x /usr/sbin/policy-rc.d
  trap 'rm -f /usr/sbin/policy-rc.d' EXIT
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null
else
  echo "Missing ${need[*]}: install them (apt-get install ${need[*]})." >&2
  exit 1
fi
