#!/usr/bin/env bash
# `npm run test:deploy`: the deploy/ files as an operator would use them. Installs Debian's nginx
# (and caddy, to validate the Caddyfile) when missing, builds the app, checks the Caddyfile and the
# systemd units, then runs scripts/deploy/behind-proxy.ts (two instances behind nginx with TLS,
# the nightly backup's retention). Uses TEST_DATABASE_URL when set (CI runs it under
# scripts/with-system-postgres.sh), else a PostgreSQL server of its own.
set -euo pipefail
cd "$(dirname "$0")/../.."

bash scripts/deploy/ensure-packages.sh nginx caddy openssl
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
