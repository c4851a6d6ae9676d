#!/usr/bin/env bash
# Every test Trawl has, as CI runs them: types, lint and format, the
# production build, then unit, route (supertest) and browser (Chromium) tests.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-chromium.sh
echo "== typecheck"; npm run --silent typecheck
echo "== lint"; npm run --silent lint
echo "== build"; npm run --silent build >/dev/null
echo "== tests"; npx mocha 'test/unit/**/*.test.ts' 'test/integration/**/*.test.ts' 'test/e2e/**/*.test.ts'
