#!/usr/bin/env bash
# One entry point for the README's two commands:
#   npm start  -> bash scripts/run.sh start   (install, build, start API + web on one port, embedded DB, demo season)
#   npm test   -> bash scripts/run.sh test    (install, then every check and test suite; CI calls exactly this)
# Needs only Node >= 20.19 and npm. pnpm is installed locally into .tools/ when it is not on PATH.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
PNPM_VERSION=10.34.9

ensure_pnpm() {
  if command -v pnpm >/dev/null 2>&1 && [ "$(pnpm --version 2>/dev/null)" = "$PNPM_VERSION" ]; then return; fi
  if [ ! -x "$ROOT/.tools/node_modules/.bin/pnpm" ]; then
    echo "» installing pnpm@$PNPM_VERSION into .tools/"
    npm install --silent --no-audit --no-fund --prefix "$ROOT/.tools" "pnpm@$PNPM_VERSION" >/dev/null
  fi
  export PATH="$ROOT/.tools/node_modules/.bin:$PATH"
}

install_deps() {
  echo "» pnpm install"
  pnpm install --frozen-lockfile --reporter=silent
}

# Every open live event stream holds a file descriptor: raise the soft limit on open files to the hard
# limit where the platform allows (the API caps its streams at half the limit it gets, at most 10,000;
# docs/reliability.md, "Live streams").
raise_file_limit() {
  local hard
  hard=$(ulimit -Hn 2>/dev/null) || return 0
  if [ "$hard" != "$(ulimit -Sn)" ]; then
    ulimit -Sn "$hard" 2>/dev/null || true
  fi
  echo "» open-file limit: $(ulimit -Sn)"
}

cmd=${1:-}
case "$cmd" in
  start)
    ensure_pnpm
    install_deps
    echo "» building packages and web app"
    pnpm build >/dev/null
    raise_file_limit
    exec pnpm --filter @fantasy-cricket/api start
    ;;
  test)
    ensure_pnpm
    install_deps
    exec bash scripts/test-all.sh
    ;;
  *)
    echo "usage: scripts/run.sh start|test" >&2
    exit 2
    ;;
esac
