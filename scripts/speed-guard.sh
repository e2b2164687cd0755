#!/usr/bin/env bash
# The measured speed guard (issue #59): this checkout's v1 reads beside the same reads of the
# baseline commit that bench/baseline.json names, in one run (bench/compare.ts: server CPU time per
# request, median of its rounds). Fails when a route costs more than MAX_ROUTE times the
# baseline's, or all routes summed more than MAX_SUM times (docs/benchmark.md, "The speed guard",
# says how the bounds were chosen from the bench's noise). The baseline moves on purpose, in a
# commit of its own with its figures. A run past a bound is measured once more, and the guard fails
# only when the second run is past a bound on the same route (or on the sum) again: a real slowdown
# is past its bound in both, while the noise of a busy machine lands on any route: CI's run of
# ad820d0 measured one route at ×1.476 and, in the second run, another at ×1.466.
set -euo pipefail
cd "$(dirname "$0")/.."
MAX_ROUTE=${MAX_ROUTE:-1.35}
MAX_SUM=${MAX_SUM:-1.10}
BASELINE=$(node -p "require('./bench/baseline.json').commit")
DIR="$(mktemp -d)/baseline"
git worktree add --detach "$DIR" "$BASELINE" > /dev/null
trap 'git worktree remove --force "$DIR"; rm -rf "$(dirname "$DIR")"' EXIT
# The baseline runs on this checkout's packages: a baseline is moved whenever they change.
ln -s "$PWD/node_modules" "$DIR/node_modules"
measure() {
  npm run bench:compare -- --against "$DIR" --rounds "${ROUNDS:-5}" --requests "${REQUESTS:-200}" \
    --max-route "$MAX_ROUTE" --max-sum "$MAX_SUM"
}
# One run of the bench, its output kept in $1; a run that did not finish fails the guard. The
# busiest processes are listed first: another's work is the likeliest cause of a noisy run.
run() {
  ps -eo pid,pcpu,etime,args --sort=-pcpu | head -4 | cut -c1-120 || true # ps may meet a closed pipe
  measure 2>&1 | tee "$1" || true
  grep -q '^results: ' "$1" || { echo "speed guard: the bench did not finish"; exit 1; }
}
# The routes (or the sum) past a bound in a run's output, one a line.
slips() { sed -n 's/^SLOWER: \(.*\): ×.*/\1/p' "$1" | sort -u; }
FIRST="$(dirname "$DIR")/first.log"
SECOND="$(dirname "$DIR")/second.log"
run "$FIRST"
[ -z "$(slips "$FIRST")" ] && exit 0
echo "speed guard: past a bound once; measuring again (it fails if the same route is past it again)"
run "$SECOND"
AGAIN=$(comm -12 <(slips "$FIRST") <(slips "$SECOND"))
if [ -n "$AGAIN" ]; then
  echo "speed guard: slower in both runs:"
  echo "$AGAIN"
  exit 1
fi
echo "speed guard: nothing past a bound in both runs"
