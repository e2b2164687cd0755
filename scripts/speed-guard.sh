#!/usr/bin/env bash
# The measured speed guard (issue #59): this checkout's v1 reads beside the same reads of the
# baseline commit that bench/baseline.json names, in one run (bench/compare.ts: server CPU time per
# request, median of its rounds). Fails when a route costs more than MAX_ROUTE times the
# baseline's, or all routes summed more than MAX_SUM times (docs/benchmark.md, "The speed guard",
# says how the bounds were chosen from the bench's noise). The baseline moves on purpose, in a
# commit of its own with its figures. A run past a bound is measured once more and fails only when
# the second run is past a bound too: CI once measured all routes summed at ×1.113 on code that a
# quiet rerun measured at ×0.984; a real slowdown is past its bound in both.
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
if ! measure; then
  echo "speed guard: past a bound once; measuring again (it fails if the second run is past one too)"
  measure
fi
