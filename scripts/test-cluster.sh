#!/usr/bin/env bash
# `npm run test:cluster`: the cluster tests (test/cluster/), then one line `N passed, M failed`.
set -uo pipefail
cd "$(dirname "$0")/.."
tap=$(mktemp)
node --import tsx --test --test-concurrency=1 --test-timeout=600000 \
  --test-reporter=spec --test-reporter-destination=stdout \
  --test-reporter=tap --test-reporter-destination="$tap" \
  test/cluster/*.cluster.ts
code=$?
passed=$(grep -m1 '^# pass ' "$tap" | awk '{print $3}')
failed=$(grep -m1 '^# fail ' "$tap" | awk '{print $3}')
rm -f "$tap"
echo "${passed:-0} passed, ${failed:-0} failed"
exit $code
