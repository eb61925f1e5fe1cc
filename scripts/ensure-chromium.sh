#!/usr/bin/env bash
# The browser tests drive Debian's Chromium at /usr/bin/chromium (never a downloaded browser).
set -euo pipefail

if [ -x /usr/bin/chromium ]; then
  exit 0
fi

if [ "$(id -u)" = "0" ] && [ -f /etc/debian_version ] && command -v apt-get >/dev/null 2>&1; then
  echo "Chromium is missing: installing Debian's chromium package..." >&2
  apt-get update
  DEBIAN_FRONTEND=noninteractive apt-get install -y chromium
  if [ -x /usr/bin/chromium ]; then
    exit 0
  fi
  echo "apt-get finished but /usr/bin/chromium is still missing." >&2
  exit 1
fi

cat >&2 <<'MSG'
The browser tests need Chromium at /usr/bin/chromium, and it is not installed.
Install it, then run the tests again:
  Debian/Ubuntu (as root):  apt-get update && apt-get install -y chromium
  (elsewhere: install Chromium so that /usr/bin/chromium exists)
This script installs it by itself only when run as root on Debian.
MSG
exit 1
