#!/bin/sh
# One backup into BACKUP_DIR, then only the newest BACKUP_KEEP are kept. The archive is written
# under a temporary name and renamed when whole, so a failed night never leaves a half archive
# that would count as one of the kept. Run by podcast-site-backup.service, or by hand:
#   BACKUP_DIR=/var/backups/podcast-site BACKUP_KEEP=14 sh deploy/backup.sh
set -eu
dir="${BACKUP_DIR:?set BACKUP_DIR}"
keep="${BACKUP_KEEP:-14}"
case "$keep" in '' | *[!0-9]* | 0) echo "BACKUP_KEEP must be a whole number above 0" >&2; exit 2 ;; esac
cd "$(dirname "$0")/.."
mkdir -p "$dir"
# One archive a second at most: a run in the same second as another waits for the next.
while stamp=$(date -u +%Y%m%dT%H%M%SZ) && [ -e "$dir/site-$stamp.bak" ]; do sleep 1; done
partial="$dir/.site-$stamp.bak.partial"
trap 'rm -f "$partial"' EXIT
node scripts/cli.mjs backup "$partial"
mv "$partial" "$dir/site-$stamp.bak"
echo "backup: $dir/site-$stamp.bak"
# Names sort by time (UTC stamps), so the oldest come first.
count=$(ls -1 "$dir" | grep -c '^site-.*\.bak$' || true)
if [ "$count" -gt "$keep" ]; then
  ls -1 "$dir" | grep '^site-.*\.bak$' | head -n "$((count - keep))" | while read -r old; do
    rm -f "$dir/$old"
    echo "backup: removed $dir/$old"
  done
fi
