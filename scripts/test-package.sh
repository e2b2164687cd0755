#!/usr/bin/env bash
# `npm run test:package`: the plugin packed once (`npm pack`, prepack builds it), then the package
# files (test/package/*.package.ts, or those named) on that one tarball: CAL_PACKED names npm's
# JSON answer beside it (test/package/templateApp.ts, packedPlugin).
set -euo pipefail
cd "$(dirname "$0")/.."
packed=$(mktemp -d "${TMPDIR:-/tmp}/calendar-packed-XXXXXX")
trap 'rm -rf "$packed"' EXIT
started=$SECONDS
npm pack --json --pack-destination "$packed" > "$packed/pack.json"
echo "test:package: npm pack ($(( SECONDS - started )) s)"
export CAL_PACKED="$packed/pack.json"
if [ $# -eq 0 ]; then set -- test/package/*.package.ts; fi
# Two files at a time: the foreign app (its install and scenarios) beside the template app.
node --import tsx --test --test-reporter=spec --test-timeout=1800000 --test-concurrency=2 "$@"
