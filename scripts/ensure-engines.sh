#!/usr/bin/env bash
# The browser tests' other engines, from Debian's packages (never a downloaded browser):
# WebKit (WebKitGTK's MiniBrowser and WebKitWebDriver) under a virtual display, Firefox ESR, and a
# sound server with no speakers for Firefox (e2e/engines/sound.ts). Installs what is missing when
# run as root on Debian; otherwise says what to install.
set -euo pipefail
declare -A package_of=(
  [WebKitWebDriver]=webkit2gtk-driver
  [firefox-esr]=firefox-esr
  [xvfb-run]=xvfb
  [pulseaudio]=pulseaudio
)
need=()
for command in "${!package_of[@]}"; do command -v "$command" >/dev/null || need+=("${package_of[$command]}"); done
[ "${#need[@]}" -eq 0 ] && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  echo "Installing Debian's ${need[*]} for the WebKit and Firefox tests..." >&2
  apt-get update -qq >/dev/null
  # No services started by the packages (the tests start what they need), no recommended extras.
  printf '#!/bin/sh\nexit 101\n' >/usr/sbin/policy-rc.d && chmod +x /usr/sbin/policy-rc.d
  trap 'rm -f /usr/sbin/policy-rc.d' EXIT
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
else
  echo "The WebKit and Firefox tests need ${need[*]}: install them (apt-get install ${need[*]})." >&2
  exit 1
fi
