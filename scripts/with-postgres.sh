#!/usr/bin/env bash
# Runs a command against a PostgreSQL server of its own: a cluster made by Debian's `postgresql`
# binaries in a temporary folder, listening on 127.0.0.1 and a free port, gone when the command ends.
#   bash scripts/with-postgres.sh npm test
# The command sees DATABASE_URI=postgres://calendar:calendar@127.0.0.1:<port>/calendar; that role
# may create databases (the tests make one per server they start). Exits with the command's code.
set -euo pipefail
# shellcheck source=scripts/lib/postgres.sh
source "$(dirname "$0")/lib/postgres.sh"
pg_require with-postgres

dir=$(mktemp -d "${TMPDIR:-/tmp}/calendar-postgres-XXXXXX")
port=$(free_port)
stop() {
  pg_stop "$dir"
  rm -rf "$dir"
}
trap stop EXIT

# Durable as in production (fsync on); enough connections for two test workers and their servers.
pg_create "$dir" "$port" 200 || exit 2

export DATABASE_URI="postgres://calendar:calendar@127.0.0.1:$port/calendar"
echo "with-postgres: PostgreSQL $("$pg_bin/postgres" --version | awk '{print $3}') on 127.0.0.1:$port" >&2
set +e
"$@"
code=$?
set -e
exit $code
