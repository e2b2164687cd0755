# A PostgreSQL server of a script's own, from Debian's `postgresql` binaries: sourced by
# scripts/with-postgres.sh (one command's server) and scripts/cluster.sh (a cluster's server).
# The server keeps its data in DIR/data, logs to DIR/server.log, and listens on 127.0.0.1 only.

pg_bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)

# PostgreSQL refuses to run as root: as root, the server belongs to the `postgres` user.
as_postgres() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }

free_port() {
  node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"
}

# Exits with 2 and why unless the server binaries are there (and, as root, the postgres user).
pg_require() {
  if [ -z "$pg_bin" ] || [ ! -x "$pg_bin/initdb" ]; then
    echo "$1: no PostgreSQL server binaries under /usr/lib/postgresql (apt-get install postgresql)" >&2
    exit 2
  fi
  if [ "$(id -u)" = 0 ] && ! id postgres >/dev/null 2>&1; then
    echo "$1: running as root, but there is no postgres user" >&2
    exit 2
  fi
}

# pg_start DIR PORT [MAX_CONNECTIONS]: starts the server of DIR (made by pg_create).
pg_start() {
  as_postgres "$pg_bin/pg_ctl" -D "$1/data" -l "$1/server.log" -w -t 60 \
    -o "-c listen_addresses=127.0.0.1 -c port=$2 -c unix_socket_directories=$1 -c max_connections=${3:-200}" \
    start >/dev/null || { cat "$1/server.log" >&2; return 2; }
}

pg_stop() { as_postgres "$pg_bin/pg_ctl" -D "$1/data" -m fast -w stop >/dev/null 2>&1 || true; }

# pg_create DIR PORT [MAX_CONNECTIONS]: a new server in DIR (an existing empty folder), started,
# with the role `calendar` (password `calendar`, may create databases, and may end the backends a
# forced DROP DATABASE ends: an autovacuum worker in the database otherwise makes it fail) owning
# database `calendar`.
pg_create() {
  chmod 755 "$1"
  [ "$(id -u)" = 0 ] && chown postgres "$1"
  as_postgres "$pg_bin/initdb" -D "$1/data" -U postgres --auth=trust --encoding=UTF8 --locale=C.UTF-8 \
    >"$1/initdb.log" 2>&1 || { cat "$1/initdb.log" >&2; return 2; }
  pg_start "$@" || return 2
  as_postgres "$pg_bin/psql" -h 127.0.0.1 -p "$2" -U postgres -d postgres -v ON_ERROR_STOP=1 -q \
    -c "CREATE ROLE calendar LOGIN CREATEDB PASSWORD 'calendar'" \
    -c "GRANT pg_signal_backend TO calendar" \
    -c "CREATE DATABASE calendar OWNER calendar" >/dev/null
}
