#!/usr/bin/env bash
# Every benchmark in bench/ (bench/*.bench.ts), each writing its figures to
# bench/results/ and printing them beside their budgets.
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p bench/results
shopt -s nullglob
benches=(bench/*.bench.ts)
if [ ${#benches[@]} -eq 0 ]; then echo "No benchmarks yet."; exit 0; fi
for bench in "${benches[@]}"; do
  echo "== $bench"
  npx tsx "$bench" "$@"
done
