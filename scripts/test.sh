#!/usr/bin/env bash
# The one test command (`npm test`): installs what the tests need when it is missing, builds,
# then runs every test: type checks and lint, unit and server tests (Vitest), browser tests
# (Playwright driving Debian's Chromium). Prints "N passed, N failed" last; exits non-zero on any failure.
set -uo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n== %s\n' "$*"; }
need_root() { [ "$(id -u)" = 0 ] || { echo "$1 is missing; install it (as root: apt-get install -y $2)"; exit 1; }; }

if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  step "Installing npm packages"
  npm ci --no-audit --no-fund || exit 1
fi

if [ ! -x /usr/bin/chromium ]; then
  need_root "Chromium (/usr/bin/chromium)" chromium
  step "Installing Debian's chromium for the browser tests"
  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-liberation) || exit 1
fi

if [ -n "${TEST_DATABASE_URL:-}" ]; then
  step "PostgreSQL's pgvector extension for the vector store tests"
  bash scripts/install-pgvector.sh || exit 1
  psql "$TEST_DATABASE_URL" -qc 'CREATE EXTENSION IF NOT EXISTS vector' || exit 1
fi

mkdir -p .reports
rm -f .reports/vitest.json .reports/playwright.json

step "Building"
npm run build --silent || exit 1

status=0
step "Type checks and lint"
npx tsc -p packages/web --noEmit || status=1
npx tsc -p tsconfig.tests.json || status=1
npx eslint . || status=1

step "Unit and server tests (Vitest)"
npx vitest run || status=1

step "Browser tests (Playwright, Chromium)"
npx playwright test -c e2e/playwright.config.ts || status=1

step "Summary"
node scripts/test-summary.mjs .reports/vitest.json .reports/playwright.json || status=1
exit $status
