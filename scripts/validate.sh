#!/usr/bin/env bash
# npm run validate — every check, in two lanes where the machine has room (2 cores: the type
# checker and ESLint use one each, the build and the unit tests both), then the browser tests.
#   1. typecheck, then lint        |  build, then the unit tests
#   2. the container start          |  the show-night rehearsal (a room arriving over a minute)
#   3. the browser tests (Playwright: JavaScript on and off, the vote specs with FAST_PATHS=off)
# Each lane's output is printed whole when the step ends, with its time; any failure fails the
# run after its step (the other lane finishes first).
set -uo pipefail
cd "$(dirname "$0")/.."
logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT
failed=0

# lane NAME SCRIPT... : runs the npm scripts one after another, stops at the first failure.
lane() {
  local name=$1
  shift
  local start=$SECONDS script
  for script in "$@"; do
    local t=$SECONDS
    if ! npm run -s "$script" >"$logs/$script.log" 2>&1; then
      echo "FAILED" >"$logs/$script.status"
      echo "$((SECONDS - t))" >>"$logs/$script.status"
      return 1
    fi
    echo "ok" >"$logs/$script.status"
    echo "$((SECONDS - t))" >>"$logs/$script.status"
  done
}

# step SCRIPTS-OF-LANE-A -- SCRIPTS-OF-LANE-B
step() {
  local a=() b=() side=a arg
  for arg in "$@"; do
    if [ "$arg" = -- ]; then side=b; elif [ $side = a ]; then a+=("$arg"); else b+=("$arg"); fi
  done
  local t=$SECONDS
  rm -f "$logs"/*.status
  lane a "${a[@]}" &
  local pa=$!
  lane b "${b[@]}" &
  local pb=$!
  wait $pa || failed=1
  wait $pb || failed=1
  for script in "${a[@]}" "${b[@]}"; do
    [ -f "$logs/$script.status" ] || continue
    local status seconds
    status=$(sed -n 1p "$logs/$script.status")
    seconds=$(sed -n 2p "$logs/$script.status")
    echo "=== npm run $script: $status ($seconds s) ==="
    cat "$logs/$script.log"
  done
  echo "=== step took $((SECONDS - t)) s (load average: $(cut -d' ' -f1-3 /proc/loadavg)) ==="
  [ $failed = 0 ] || { echo "validate: FAILED"; exit 1; }
}

step typecheck lint -- build test:unit
step test:container -- rehearse
t=$SECONDS
npx playwright test || { echo "validate: browser tests FAILED"; exit 1; }
echo "=== browser tests took $((SECONDS - t)) s (load average: $(cut -d' ' -f1-3 /proc/loadavg)) ==="
echo "validate: every check passed in $SECONDS s"
