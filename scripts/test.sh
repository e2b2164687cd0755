#!/usr/bin/env bash
# `npm test`: the suite, then the test of pauses alone (test/event-loop.test.ts; see
# jest.config.js, which also says which files run on which store). With arguments (test files,
# jest's options), jest once with them on any store; naming the test of pauses runs it alone.
set -euo pipefail
# jest from this checkout, when run as `bash scripts/test.sh` as well as through npm (.ci/run).
export PATH="$(cd "$(dirname "$0")/.." && pwd)/node_modules/.bin:$PATH"
export NODE_OPTIONS='--experimental-vm-modules --no-deprecation'
if [ $# -gt 0 ]; then
  export CAL_TEST_EVERYTHING=true
  case " $* " in *event-loop*) export CAL_TEST_PAUSES=alone ;; esac
  exec jest "$@"
fi
jest
CAL_TEST_PAUSES=alone jest --passWithNoTests
