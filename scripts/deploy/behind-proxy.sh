#!/usr/bin/env bash
# `npm run test:deploy`: the deploy/ files as an operator would use them. Installs Debian's nginx
# (and caddy, to validate the Caddyfile) when missing, builds the app, then runs
# scripts/deploy/behind-proxy.ts (two instances behind nginx with TLS, the nightly backup's
# retention) after checking the Caddyfile and the systemd units. Uses TEST_DATABASE_URL when set (CI runs it under
# scripts/with-system-postgres.sh), else a PostgreSQL server of its own.
set -euo pipefail
cd "$(dirname "$0")/../.."

need=()
command -v nginx >/dev/null || need+=(nginx)
command -v caddy >/dev/null || need+=(caddy)
command -v openssl >/dev/null || need+=(openssl)
if [ "${#need[@]}" -gt 0 ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "Installing Debian's ${need[*]}..."
    apt-get update -qq >/dev/null
    # The packages' own services are not wanted here: this test starts nginx by itself.
    printf '#!/bin/sh\nexit 101\n' >/usr/sbin/policy-rc.d && chmod +x /usr/sbin/policy-rc.d
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null
    rm -f /usr/sbin/policy-rc.d
  else
    echo "Missing ${need[*]}: install them (apt-get install ${need[*]})." >&2
    exit 1
  fi
fi

node --input-type=module -e '(await import("./scripts/ensure-built.mjs")).ensureBuilt(["client", "server"])'

echo "== caddy validate deploy/caddy/Caddyfile =="
caddy validate --adapter caddyfile --config deploy/caddy/Caddyfile 2>&1 | tail -n 1

if command -v systemd-analyze >/dev/null; then
  echo "== systemd-analyze verify deploy/systemd =="
  units=$(mktemp -d)
  cp deploy/systemd/* "$units/"
  # verify wants the programs the units start to exist: point them at this checkout.
  sed -i "s#/opt/podcast-site#$PWD#g; s#/usr/bin/node#$(command -v node)#g" "$units"/*.service
  out=$(cd "$units" && systemd-analyze verify --man=no ./podcast-site.service ./podcast-site-backup.service ./podcast-site-backup.timer 2>&1 || true)
  rm -rf "$units"
  # Only lines about our units count (verify also reports on the host's own units).
  ours=$(printf '%s\n' "$out" | grep 'podcast-site' || true)
  if [ -n "$ours" ]; then
    printf '%s\n' "$ours" >&2
    echo "NOT the systemd units verify cleanly" >&2
    exit 1
  fi
  echo "  ok  the service, backup service and timer verify cleanly"
fi

npx tsx scripts/deploy/behind-proxy.ts
