#!/usr/bin/env bash
# Every check and test suite, in order. Prints one closing line "tests: N passed, N failed".
# Needs: Debian chromium (installed here with apt-get when missing and running as root) and,
# for the PostgreSQL leg, a server at 127.0.0.1:5432 (started here on machines that have one installed).
set -uo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
RESULTS="$ROOT/test-results/summary"
rm -rf "$RESULTS"; mkdir -p "$RESULTS"
failed_steps=()

step() { # step <name> <command...>
  local name=$1; shift
  echo
  echo "━━ $name"
  local t0=$SECONDS
  if "$@"; then echo "✓ $name ($((SECONDS - t0)) s)"; else echo "✗ $name ($((SECONDS - t0)) s)"; failed_steps+=("$name"); fi
}

ensure_chromium() {
  if [ -x /usr/bin/chromium ]; then return 0; fi
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "» installing Debian chromium (browser tests)"
    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null) || return 1
  else
    echo "Browser tests need Chromium at /usr/bin/chromium (Debian: sudo apt-get install chromium)." >&2
    return 1
  fi
}

ensure_postgres() {
  if pg_isready -q -h 127.0.0.1 -p 5432 2>/dev/null; then return 0; fi
  if command -v pg_ctlcluster >/dev/null && [ -d /etc/postgresql ]; then
    echo "» starting the local PostgreSQL server"
    pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -1)" main start || true
    for _ in $(seq 1 20); do pg_isready -q -h 127.0.0.1 -p 5432 && return 0; sleep 0.5; done
  fi
  echo "PostgreSQL is not answering at 127.0.0.1:5432: the PostgreSQL leg of the API tests needs it." >&2
  return 1
}

ensure_fonts() { # the visual tests pin Debian's DejaVu fonts (fonts-dejavu-core)
  if fc-list 2>/dev/null | grep -q "DejaVu Sans"; then return 0; fi
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "» installing fonts-dejavu-core (visual tests)"
    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq fonts-dejavu-core >/dev/null) || return 1
  else
    echo "Visual tests need the DejaVu fonts (Debian: sudo apt-get install fonts-dejavu-core)." >&2
    return 1
  fi
}

vitest_json() { # vitest_json <name> <dir> <args...>: run vitest and keep its JSON report for the summary
  local name=$1 dir=$2; shift 2
  (cd "$dir" && pnpm exec vitest run --reporter=default --reporter=json --outputFile.json="$RESULTS/$name.json" "$@")
}

step "chromium available" ensure_chromium
step "lint (biome)" pnpm exec biome check .
step "API import layers (no upward import, no folder cycle)" node --import tsx scripts/check-imports.ts
step "dependency audit (pnpm audit --prod: no high or critical)" node scripts/audit.mjs
step "openapi.yaml lint (redocly)" pnpm exec redocly lint openapi.yaml --format=stylish
step "api-client types match openapi.yaml" pnpm --filter @fantasy-cricket/api-client codegen:check
step "typecheck" pnpm typecheck
step "unit tests (rules, api-client, ui, web)" vitest_json unit "$ROOT" --project rules --project api-client --project ui --project web
step "API tests on PGlite" env DB_TARGET=pglite bash -c "$(declare -f vitest_json); RESULTS='$RESULTS'; vitest_json api-pglite apps/api"
if ensure_postgres; then
  step "API tests on PostgreSQL" env DB_TARGET=postgres bash -c "$(declare -f vitest_json); RESULTS='$RESULTS'; vitest_json api-postgres apps/api"
else
  failed_steps+=("PostgreSQL server")
fi
step "story tests in Chromium (Storybook + axe)" vitest_json stories "$ROOT" --project storybook
step "story tests in Chromium, dark theme at phone width (390 px, axe contrast)" vitest_json stories-phone-dark "$ROOT" --project storybook-phone-dark
step "fonts for the visual tests" ensure_fonts
step "visual regression (a screenshot per kit story)" vitest_json visual "$ROOT" --project storybook-visual
step "visual regression at phone width (390 px)" vitest_json visual-phone "$ROOT" --project storybook-visual-phone
step "build packages and web app" pnpm build
step "web byte budgets (gzip first load of landing and home)" node scripts/check-bundle-budgets.mjs
step "package lint (publint + attw)" pnpm lint:packages
step "packages from outside (pack, install, tsc, render, call the API)" node scripts/pack-test.mjs
step "storybook build" pnpm build-storybook
step "end-to-end tests in Chromium" env PLAYWRIGHT_JSON_OUTPUT_NAME="$RESULTS/e2e.json" pnpm exec playwright test --reporter=list,json

echo
node scripts/summarize-tests.mjs "$RESULTS" "${#failed_steps[@]}"
if [ ${#failed_steps[@]} -gt 0 ]; then
  echo "Failed steps: ${failed_steps[*]}"
  exit 1
fi
