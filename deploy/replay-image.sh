#!/usr/bin/env bash
# Replays deploy/Dockerfile's steps without Docker and starts the result, proving that what the
# image holds runs: install from the lockfile, build, prune to the production dependencies, copy
# only what the runtime stage copies, then start it as an unprivileged user (nobody, when run as
# root) on an empty DATA_DIR, check /healthz and /readyz, take a backup through the running server
# with the bundled command, and stop it with SIGTERM. Run from anywhere: deploy/replay-image.sh
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d /tmp/crm-image.XXXXXX)"
chmod 755 "$work"
server_pid=""
cleanup() {
  if [ -n "$server_pid" ] && kill -0 "$server_pid" 2>/dev/null; then kill -9 "$server_pid" || true; fi
  rm -rf "$work"
}
trap cleanup EXIT
step() { echo "▶ $*"; }

# As the unprivileged user the image runs as, or as ourselves when we cannot switch users.
if [ "$(id -u)" = 0 ]; then as_app=(setpriv --reuid=nobody --regid=nogroup --clear-groups --); app_user=nobody
else as_app=(); app_user="$(id -un) (not root: no user to switch to)"; fi

# --- Stage "build" -------------------------------------------------------------------------
build="$work/build-stage"
mkdir -p "$build"
# The build context: the repository's files (Dockerfile.dockerignore leaves out the same
# generated folders .gitignore does, and .git).
(cd "$root" && git ls-files -z --cached --others --exclude-standard | tar --null -T - --ignore-failed-read -cf - 2>/dev/null) | tar -xf - -C "$build"

step "install (npm install with the committed lockfile)"
cp "$build/package-lock.json" "$work/package-lock.json"
# --prefer-offline only spares the registry's metadata requests; the lockfile decides the versions.
(cd "$build" && npm install --no-audit --no-fund --prefer-offline --loglevel=error >/dev/null)
cmp -s "$build/package-lock.json" "$work/package-lock.json" || { echo "npm install changed package-lock.json"; exit 1; }

step "build"
(cd "$build" && BASE_URL=http://localhost:3000 npm run build >/dev/null 2>&1) || { echo "the build failed"; exit 1; }
chmod -R a+rX "$build/build"

step "prune to the production dependencies"
(cd "$build" && npm prune --omit=dev --no-audit --no-fund --loglevel=error >/dev/null)

# --- Stage "runtime": only what the Dockerfile copies ----------------------------------------
app="$work/app"
mkdir -p "$app"
for part in package.json node_modules build locales; do cp -a "$build/$part" "$app/$part"; done
rm -rf "$build"
# Development-only packages are gone. (npm keeps the optional peers of production packages, e.g.
# vitest as better-auth's: they are in the lockfile as "devOptional" and stay, unused.)
for dev in @playwright/test @biomejs/biome @react-router/dev tailwindcss smtp-server; do
  [ ! -e "$app/node_modules/$dev" ] || { echo "the runtime holds a development dependency: $dev"; exit 1; }
done
[ -f "$app/build/node/pglite-template/PG_VERSION" ] || { echo "the runtime lacks the embedded database template"; exit 1; }
data="$work/data"
mkdir -p "$data"
chmod 700 "$data"
if [ "$(id -u)" = 0 ]; then chown nobody:nogroup "$data"; fi
echo "  runtime: $(du -sh "$app" | cut -f1) (node_modules $(du -sh "$app/node_modules" | cut -f1)), started as $app_user"

# --- Start it as the image does ------------------------------------------------------------------
port="$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')"
env_vars=(NODE_ENV=production HOST=127.0.0.1 PORT="$port" DATA_DIR="$data" BASE_URL=http://localhost:3000
  AUTH_SECRET=image-replay-secret-image-replay-secret LOG_LEVEL=warn PATH="$PATH")
step "start (node build/node/main.js as $app_user)"
(cd "$app" && exec "${as_app[@]}" env -i "${env_vars[@]}" node build/node/main.js) &
server_pid=$!

status() { node -e 'fetch(process.argv[1]).then((r) => { console.log(r.status); }, () => console.log(0))' "http://127.0.0.1:$port$1"; }
for _ in $(seq 1 300); do
  [ "$(status /healthz)" = 200 ] && break
  kill -0 "$server_pid" 2>/dev/null || { echo "the server exited"; exit 1; }
  sleep 0.2
done
[ "$(status /healthz)" = 200 ] || { echo "/healthz did not answer 200"; exit 1; }
[ "$(status /readyz)" = 200 ] || { echo "/readyz did not answer 200"; exit 1; }
[ "$(status /en)" = 200 ] || { echo "/en did not answer 200"; exit 1; }
echo "  /healthz 200, /readyz 200, /en 200"

step "backup through the running server (node build/node/backup.js)"
backup="$data/replay-backup.tar.gz"
(cd "$app" && "${as_app[@]}" env -i "${env_vars[@]}" node build/node/backup.js "$backup")

step "stop (SIGTERM)"
kill -TERM "$server_pid"
code=0
wait "$server_pid" || code=$?
server_pid=""
[ "$code" = 0 ] || { echo "the server ended with $code after SIGTERM"; exit 1; }
echo "✔ the image's contents install, build, start unprivileged, answer ready, back up and stop cleanly"
