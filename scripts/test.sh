#!/usr/bin/env bash
# npm test — the whole suite on a fresh machine: installs what it needs (npm packages and
# Debian's chromium), type-checks, runs the unit tests, builds, runs the browser tests in
# both JavaScript modes.
set -euo pipefail
cd "$(dirname "$0")/.."

npm install --no-audit --no-fund

if [ ! -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ]; then
  echo "Installing Debian's chromium for the browser tests..."
  SUDO=""
  [ "$(id -u)" = 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium
fi

npm run typecheck
npx vitest run
npm run test:container
npm run build
npx playwright test
