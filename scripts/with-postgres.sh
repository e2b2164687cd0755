#!/usr/bin/env bash
# Runs a command against a PostgreSQL server of its own: a cluster made by Debian's `postgresql`
# binaries in a temporary folder, listening on 127.0.0.1 and a free port, gone when the command ends.
#   bash scripts/with-postgres.sh npm test
# The command sees DATABASE_URI=postgres://calendar:calendar@127.0.0.1:<port>/calendar; that role
# may create databases (the tests make one per server they start). Exits with the command's code.
set -euo pipefail

bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
if [ -z "$bin" ] || [ ! -x "$bin/initdb" ]; then
  echo "with-postgres: no PostgreSQL server binaries under /usr/lib/postgresql (apt-get install postgresql)" >&2
  exit 2
fi

# PostgreSQL refuses to run as root: as root, the cluster belongs to the `postgres` user.
as_owner() { "$@"; }
if [ "$(id -u)" = 0 ]; then
  id postgres >/dev/null 2>&1 || { echo "with-postgres: running as root, but there is no postgres user" >&2; exit 2; }
  as_owner() { runuser -u postgres -- "$@"; }
fi

dir=$(mktemp -d "${TMPDIR:-/tmp}/calendar-postgres-XXXXXX")
chmod 755 "$dir"
[ "$(id -u)" = 0 ] && chown postgres "$dir"
port=$(node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")

stop() {
  as_owner "$bin/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null 2>&1 || true
  rm -rf "$dir"
}
trap stop EXIT

as_owner "$bin/initdb" -D "$dir/data" -U postgres --auth=trust --encoding=UTF8 --locale=C.UTF-8 >"$dir/initdb.log" 2>&1 \
  || { cat "$dir/initdb.log" >&2; exit 2; }
# Durable as in production (fsync on); enough connections for two test workers and their servers.
as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
  -o "-c listen_addresses=127.0.0.1 -c port=$port -c unix_socket_directories=$dir -c max_connections=200" start >/dev/null \
  || { cat "$dir/server.log" >&2; exit 2; }
as_owner "$bin/psql" -h 127.0.0.1 -p "$port" -U postgres -d postgres -v ON_ERROR_STOP=1 -q \
  -c "CREATE ROLE calendar LOGIN CREATEDB PASSWORD 'calendar'" -c "CREATE DATABASE calendar OWNER calendar" >/dev/null

export DATABASE_URI="postgres://calendar:calendar@127.0.0.1:$port/calendar"
echo "with-postgres: PostgreSQL $("$bin/postgres" --version | awk '{print $3}') on 127.0.0.1:$port" >&2
set +e
"$@"
code=$?
set -e
exit $code
