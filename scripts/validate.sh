#!/usr/bin/env bash
# npm run validate — every check, in lanes that run at once (docs/decisions/test-kit.md):
#   checks:  typecheck, then lint, at a lower CPU priority (nice), beside everything else
#   container: the container start (its own build, its servers), from the start
#   unit:    the unit tests (vitest), from the start
#   build:   the build
#   rehearse: once the build is done, the show-night rehearsal (a room arriving over a minute)
#   browser: once the build is done, the browser tests (Playwright: JavaScript on and off,
#            the vote specs with FAST_PATHS=off), at a lower CPU priority (nice) than the rehearsal
# The timed checks, the unit tests (15 s per test) and the rehearsal (a rate budget per second),
# run beside the browser tests with the CPU first: the browser tests are niced. Beside 4 browser
# workers of the same priority a HEIC unit test ran out of its 15 s and the rehearsal refused 5
# honest phones (quiet fresh-clone run of 855b71d) (docs/decisions/test-kit.md). The browser tests print as they go;
# each other lane's output is printed whole at the end, with each script's time; any failure
# fails the run once every lane has finished.
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
lane container test:container &
container=$!
lane unit test:unit &
unit=$!
lane build build &
build=$!
failed=0
wait $build || failed=1
built() { [ -f "$logs/build.status" ] && [ "$(sed -n 1p "$logs/build.status")" = ok ]; }
rehearse=
if built; then
  lane rehearse rehearse &
  rehearse=$!
fi
browser=skipped
if built; then
  t=$SECONDS
  echo "=== browser tests (started at $((t - start)) s, niced; beside them: the unit tests, the rehearsal, typecheck, lint, the container start) ==="
  if nice -n 10 npx playwright test; then browser=ok; else browser=FAILED; fi
  echo "=== browser tests: $browser ($((SECONDS - t)) s, load average: $(load)) ==="
fi
wait $unit || failed=1
[ -z "$rehearse" ] || wait $rehearse || failed=1
wait $checks || failed=1
wait $container || failed=1
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
