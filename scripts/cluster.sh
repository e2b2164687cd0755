#!/usr/bin/env bash
# A calendar cluster on this machine: a PostgreSQL server of its own (Debian's `postgresql`), N app
# nodes on it and Debian's `nginx` balancing requests over them, all on 127.0.0.1 and free ports,
# all in one folder ($CAL_CLUSTER_DIR, default /tmp/calendar-cluster).
#
#   bash scripts/cluster.sh up [--nodes N] [--admin]   start it (N = 3); prints CLUSTER_URL=... once
#                                                      every node answers through the balancer, and
#                                                      CACHED_URL=...: the same behind nginx's shared
#                                                      cache (proxy_cache, docs/cluster.md)
#   bash scripts/cluster.sh down                       stop all of it and remove the folder
#   bash scripts/cluster.sh status                     the URL, each node's port, pid and health
#   bash scripts/cluster.sh kill-node I                kill -9 of node I (1..N)
#   bash scripts/cluster.sh start-node I               start node I again
#   bash scripts/cluster.sh pg-stop | pg-start         stop or start PostgreSQL (the nodes stay)
#
# Node 1 runs the jobs queues (the recurrence horizon, webhook deliveries); the others leave them
# alone (CAL_JOBS_AUTORUN=false): docs/cluster.md. Each node logs to node-I.log in the folder.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
dir=${CAL_CLUSTER_DIR:-${TMPDIR:-/tmp}/calendar-cluster}
# shellcheck source=scripts/lib/postgres.sh
source "$root/scripts/lib/postgres.sh"

die() { echo "cluster: $*" >&2; exit 2; }
# A process killed but not yet reaped (a zombie: its parent, the shell that started it, is gone,
# and whoever inherits it may reap it late) holds no port and runs nothing: it counts as gone.
running() { kill -0 "$1" 2>/dev/null && [ "$(sed 's/^.*) //' "/proc/$1/stat" 2>/dev/null | cut -d' ' -f1)" != Z ]; }
alive() { [ -f "$1" ] && running "$(cat "$1")"; }

# kill -9 of node $1, returning once it has exited (the kernel frees a big process in its own time).
kill_node() {
  local pid tries=0
  pid=$(cat "$dir/node-$1.pid")
  kill -KILL "$pid" 2>/dev/null || true
  while running "$pid"; do
    tries=$((tries + 1))
    [ $tries -gt 300 ] && die "node $1 (pid $pid) still runs 30 s after kill -9"
    sleep 0.1
  done
}

# Waits until $1 answers 200 (curl-free: node's fetch), at most $2 seconds.
wait_for() {
  node -e '
    const [url, seconds] = process.argv.slice(1)
    const until = Date.now() + Number(seconds) * 1000
    const poll = async () => {
      try { if ((await fetch(url, { signal: AbortSignal.timeout(2000) })).ok) process.exit(0) } catch {}
      if (Date.now() > until) process.exit(1)
      setTimeout(poll, 250)
    }
    poll()' "$1" "$2"
}

# The cluster's PostgreSQL: its server in $dir/pg, enough connections for every node's pool.
pg_up() { pg_start "$dir/pg" "$(cat "$dir/pg.port")" 300 || die "PostgreSQL did not start"; }
pg_down() { pg_stop "$dir/pg"; }

start_node() {
  local i=$1 port
  port=$(cat "$dir/node-$i.port")
  (
    cd "$root"
    # shellcheck disable=SC1091
    source "$dir/env"
    CAL_JOBS_AUTORUN=$([ "$i" = 1 ] && echo true || echo false) PORT=$port HOST=127.0.0.1 \
      NODE_ENV=production exec node build/server/start.js >>"$dir/node-$i.log" 2>&1
  ) &
  echo $! >"$dir/node-$i.pid"
}

nginx_conf() {
  local nodes=$1 lb=$2 cached=$3 servers="" proxy
  for i in $(seq 1 "$nodes"); do
    servers+="    server 127.0.0.1:$(cat "$dir/node-$i.port") max_fails=1 fail_timeout=3s;"$'\n'
  done
  # How both addresses hand a request to a node. A node that refuses or drops the connection: the
  # request goes to the next one, unless it was not idempotent (a POST may have been written
  # already: nginx's default).
  proxy=$(cat <<EOF
      proxy_pass http://calendar;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host \$host;
      proxy_set_header X-Forwarded-For \$proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto \$scheme;
      proxy_next_upstream error timeout http_502;
      proxy_connect_timeout 2s;
      proxy_read_timeout 60s;
EOF
)
  cat <<EOF
worker_processes 1;
pid $dir/nginx.pid;
error_log $dir/nginx-error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path $dir/nginx-body;
  proxy_temp_path $dir/nginx-proxy;
  fastcgi_temp_path $dir/nginx-fastcgi;
  uwsgi_temp_path $dir/nginx-uwsgi;
  scgi_temp_path $dir/nginx-scgi;
  client_max_body_size 20m;
  upstream calendar {
$servers    keepalive 32;
  }
  # The shared cache of the second address: nginx keeps what the nodes mark public
  # (Cache-Control: public, max-age: anonymous reads of published content) for that max-age, then
  # revalidates it with its ETag; a request with credentials or a cookie never uses it.
  proxy_cache_path $dir/nginx-cache keys_zone=calendar:10m max_size=256m inactive=10m;
  server {
    listen 127.0.0.1:$lb;
    location / {
$proxy
    }
  }
  server {
    listen 127.0.0.1:$cached;
    location / {
$proxy
      proxy_cache calendar;
      proxy_cache_key \$scheme\$host\$request_uri;
      proxy_cache_revalidate on;
      proxy_cache_lock on;
      proxy_cache_bypass \$http_authorization \$http_cookie;
      proxy_no_cache \$http_authorization \$http_cookie;
      add_header X-Cache-Status \$upstream_cache_status always;
    }
  }
}
EOF
}

up() {
  local nodes=3 admin=false
  while [ $# -gt 0 ]; do
    case $1 in
      --nodes) nodes=$2; shift 2 ;;
      --admin) admin=true; shift ;;
      *) die "unknown option $1" ;;
    esac
  done
  pg_require cluster
  command -v nginx >/dev/null || [ -x /usr/sbin/nginx ] || die "no nginx (apt-get install nginx)"
  [ -e "$dir" ] && die "$dir exists: 'down' first (or set CAL_CLUSTER_DIR)"
  mkdir -p "$dir/pg"
  chmod 755 "$dir"
  free_port >"$dir/pg.port"
  pg_create "$dir/pg" "$(cat "$dir/pg.port")" 300 || die "PostgreSQL did not start"

  cat >"$dir/env" <<EOF
export DATABASE_URI=postgres://calendar:calendar@127.0.0.1:$(cat "$dir/pg.port")/calendar
export PAYLOAD_SECRET=${PAYLOAD_SECRET:-cluster-$(node -e "console.log(require('crypto').randomBytes(16).toString('hex'))")}
export CAL_ADMIN=$admin
export TRUST_PROXY=true
EOF
  (cd "$root" && node scripts/build-server.mjs >/dev/null)
  for i in $(seq 1 "$nodes"); do free_port >"$dir/node-$i.port"; done
  echo "$nodes" >"$dir/nodes"
  # Every node starts at once: they meet at the migrations (dev/database.ts takes turns).
  for i in $(seq 1 "$nodes"); do start_node "$i"; done

  free_port >"$dir/nginx.port"
  free_port >"$dir/nginx-cache.port"
  mkdir -p "$dir/nginx-body" "$dir/nginx-proxy" "$dir/nginx-fastcgi" "$dir/nginx-uwsgi" "$dir/nginx-scgi"
  nginx_conf "$nodes" "$(cat "$dir/nginx.port")" "$(cat "$dir/nginx-cache.port")" >"$dir/nginx.conf"
  nginx -c "$dir/nginx.conf" -p "$dir" -e "$dir/nginx-error.log" || die "nginx did not start"

  for i in $(seq 1 "$nodes"); do
    wait_for "http://127.0.0.1:$(cat "$dir/node-$i.port")/api/health" 180 \
      || { tail -n 30 "$dir/node-$i.log" >&2; die "node $i did not answer"; }
  done
  local url="http://127.0.0.1:$(cat "$dir/nginx.port")"
  wait_for "$url/api/health" 30 || die "the balancer did not answer"
  echo "CLUSTER_URL=$url"
  echo "CACHED_URL=http://127.0.0.1:$(cat "$dir/nginx-cache.port")"
}

down() {
  [ -d "$dir" ] || return 0
  [ -f "$dir/nginx.pid" ] && nginx -c "$dir/nginx.conf" -p "$dir" -e "$dir/nginx-error.log" -s stop 2>/dev/null || true
  for pid in "$dir"/node-*.pid; do
    [ -f "$pid" ] && kill -TERM "$(cat "$pid")" 2>/dev/null || true
  done
  for _ in $(seq 1 40); do
    local running=0
    for pid in "$dir"/node-*.pid; do alive "$pid" && running=1; done
    [ $running = 0 ] && break
    sleep 0.25
  done
  for pid in "$dir"/node-*.pid; do alive "$pid" && kill -KILL "$(cat "$pid")" 2>/dev/null || true; done
  pg_down
  rm -rf "$dir"
}

status() {
  [ -d "$dir" ] || die "no cluster in $dir"
  echo "CLUSTER_URL=http://127.0.0.1:$(cat "$dir/nginx.port")"
  echo "CACHED_URL=http://127.0.0.1:$(cat "$dir/nginx-cache.port")"
  echo "DATABASE_URI=$(. "$dir/env"; echo "$DATABASE_URI")"
  for i in $(seq 1 "$(cat "$dir/nodes")"); do
    local port state=down
    port=$(cat "$dir/node-$i.port")
    alive "$dir/node-$i.pid" && state="pid $(cat "$dir/node-$i.pid")"
    echo "node $i: http://127.0.0.1:$port ($state)"
  done
}

command=${1:-}
shift || true
case $command in
  up) up "$@" ;;
  down) down ;;
  status) status ;;
  kill-node) kill_node "$1" ;;
  start-node)
    alive "$dir/node-$1.pid" && die "node $1 runs already"
    start_node "$1"
    wait_for "http://127.0.0.1:$(cat "$dir/node-$1.port")/api/health" 180 || die "node $1 did not answer"
    ;;
  pg-stop) pg_down ;;
  pg-start) pg_up ;;
  *) sed -n '2,18p' "$0" | sed 's/^# \{0,1\}//'; exit 2 ;;
esac
