#!/usr/bin/env bash
# npm run validate — every check, in four lanes at once (docs/decisions/test-kit.md). The browser
# tests are the longest part and leave about a third of the 2 cores idle (they wait on pages,
# servers and timers), so everything else runs beside them and fills that idle time:
#   checks:  typecheck, then lint (at a lower CPU priority: nice)
#   unit:    the unit tests (vitest), while the browser tests' workers are still starting
#   build:   the build, then at once
#     browser: the browser tests (Playwright: JavaScript on and off, the vote specs with FAST_PATHS=off)
#     night:   the show-night rehearsal (a room arriving over a minute), then the container start
# The browser tests print as they go; each other lane's output is printed whole at the end, with
# each script's time; any failure fails the run once every lane has finished.
set -uo pipefail
cd "$(dirname "$0")/.."
logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT
start=$SECONDS

# lane NAME [nice] SCRIPT... : runs the npm scripts one after another, stops at the first failure.
lane() {
  local name=$1 prefix=()
  shift
  if [ "${1:-}" = nice ]; then
    prefix=(nice -n 10)
    shift
  fi
  local script
  for script in "$@"; do
    local t=$SECONDS
    echo "$script" >>"$logs/order"
    if ! "${prefix[@]}" npm run -s "$script" >"$logs/$script.log" 2>&1; then
      printf 'FAILED\n%s\n' "$((SECONDS - t))" >"$logs/$script.status"
      return 1
    fi
    printf 'ok\n%s\n' "$((SECONDS - t))" >"$logs/$script.status"
  done
}

load() { cut -d' ' -f1-3 /proc/loadavg; }

lane checks nice typecheck lint &
checks=$!
# Not niced: a unit test has a 15 s limit, and niced beside the browser tests one ran out of it.
lane unit test:unit &
unit=$!
browser=skipped night=""
if lane build build; then
  lane night rehearse test:container &
  night=$!
  t=$SECONDS
  echo "=== browser tests (started at $((t - start)) s; beside them: typecheck, lint; unit tests; rehearse, container) ==="
  if npx playwright test; then browser=ok; else browser=FAILED; fi
  echo "=== browser tests: $browser ($((SECONDS - t)) s, load average: $(load)) ==="
fi
failed=0
wait $checks || failed=1
wait $unit || failed=1
[ -z "$night" ] || wait "$night" || failed=1
[ "$browser" = ok ] || failed=1

for script in $(cat "$logs/order"); do
  status=$(sed -n 1p "$logs/$script.status" 2>/dev/null || echo "did not finish")
  seconds=$(sed -n 2p "$logs/$script.status" 2>/dev/null)
  echo "=== npm run $script: $status (${seconds:-?} s) ==="
  cat "$logs/$script.log"
done
for script in $(cat "$logs/order"); do
  printf '  %-15s %s (%s s)\n' "$script" "$(sed -n 1p "$logs/$script.status")" "$(sed -n 2p "$logs/$script.status")"
done
printf '  %-15s %s\n' "browser tests" "$browser"
if [ $failed = 0 ]; then
  echo "validate: every check passed in $((SECONDS - start)) s (load average: $(load))"
else
  echo "validate: FAILED after $((SECONDS - start)) s (load average: $(load))"
  exit 1
fi
