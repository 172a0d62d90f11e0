#!/usr/bin/env bash
# The wallet and gateway images (npm run images first) as real containers: podman with runc,
# on a bridge network of their own, with memory limits, configured exactly as
# docker-compose.yml configures them from a `.env` that `npm run keys` wrote (nothing added),
# NODE_ENV=production. What differs from `docker compose up`: Postgres, NATS and Redis are
# this machine's servers, reached through a TCP forwarder (HAProxy) on the network's gateway
# address, as their images cannot be pulled here.
#   1. the migration step (`node main.mjs migrate`, compose's wallet-migrate one-shot);
#   2. a container sent SIGTERM during its start-up stops at once (tini is PID 1);
#   3. wallet and gateway start, pass their HEALTHCHECK, /readyz, a request through the
#      gateway to the wallet by its network alias, and the seeded admin signs in... through
#      identity when its image is there (SMOKE_IDENTITY=1);
#   4. `podman stop` (SIGTERM): each exits 0 within its grace period.
# Everything it made (containers, network, forwarder, database) goes, whatever happens.
#   npm run images:smoke
set -euo pipefail
cd "$(dirname "$0")/../.."
ENGINE=${ENGINE:-podman}
TAG=${TAG:-latest}
# the default runtime (crun) cannot set up cgroups on this machine; runc can, given ulimits
run=("$ENGINE" --runtime "${RUNTIME:-runc}")
limits=(--ulimit nofile=1024:1024 --ulimit nproc=1024:1024 --memory 512m)
id="smoke$(date +%s)$$"
net="$id"
work=$(mktemp -d)
forwarder=""

cleanup() {
  set +e
  for c in $("$ENGINE" ps -a --filter "label=smoke=$id" --format '{{.Names}}'); do "${run[@]}" rm -f -t 0 "$c" >/dev/null 2>&1; done
  "$ENGINE" network rm -f "$net" >/dev/null 2>&1
  [ -n "$forwarder" ] && kill "$forwarder" 2>/dev/null && wait "$forwarder" 2>/dev/null
  psql -q -h 127.0.0.1 -U postgres -c "drop database if exists $id with (force)" postgres >/dev/null 2>&1
  rm -rf "$work"
}
trap cleanup EXIT

"$ENGINE" network create "$net" >/dev/null
gw=$("$ENGINE" network inspect "$net" --format '{{range .Subnets}}{{.Gateway}}{{end}}')
# the machine's servers on the network's gateway address (they listen on loopback only);
# `transparent` (IP_FREEBIND): podman brings the bridge up with its first container
cat >"$work/forward.cfg" <<EOF
defaults
  mode tcp
  timeout connect 5s
  timeout client 1h
  timeout server 1h
listen postgres
  bind $gw:5432 transparent
  server pg 127.0.0.1:5432
listen nats
  bind $gw:4222 transparent
  server nats 127.0.0.1:4222
listen redis
  bind $gw:6379 transparent
  server redis 127.0.0.1:6379
EOF
haproxy -db -f "$work/forward.cfg" >"$work/forward.log" 2>&1 &
forwarder=$!
psql -q -h 127.0.0.1 -U postgres -c "create database $id" postgres

# .env exactly as `npm run keys` writes it, read as Compose reads it
node --import tsx infra/src/keys.ts >"$work/.env" 2>"$work/keys.err"
# compose's environment of a service, from that .env, as `-e NAME=value` lines (NUL-separated)
env_of() {
  node --import tsx -e "
    const { readFileSync } = require('node:fs');
    const { parse } = require('yaml');
    const { interpolate } = require('./infra/src/compose-env.ts');
    const dotenv = {};
    for (const line of readFileSync('$work/.env', 'utf8').split('\n')) {
      const m = line.match(/^([A-Z0-9_]+)=(.*)\$/);
      if (m) dotenv[m[1]] = m[2].startsWith('\"') ? JSON.parse(m[2]) : m[2];
    }
    const compose = parse(readFileSync('docker-compose.yml', 'utf8'), { merge: true });
    const env = compose.services['$1'].environment;
    const out = [];
    for (const [k, v] of Object.entries(env)) out.push('-e', k + '=' + interpolate(String(v), dotenv));
    process.stdout.write(out.join('\0') + '\0');
  "
}
# compose's addresses, the machine's servers instead of the postgres/nats/redis services
backing=(-e "DATABASE_URL=postgres://postgres@$gw:5432/$id" -e "NATS_URL=nats://$gw:4222" -e "REDIS_URL=redis://$gw:6379"
  -e "BUS_PREFIX=$id" -e LOG_LEVEL=warn)
start() { # name alias image [extra args…]
  local name=$1 alias=$2 image=$3
  shift 3
  local envs=()
  mapfile -d '' envs < <(env_of "$alias")
  "${run[@]}" run -d --name "$id-$name" --label "smoke=$id" --network "$net" --network-alias "$alias" \
    "${limits[@]}" "${envs[@]}" "${backing[@]}" "$@" "$image" >/dev/null
}
healthy() { # waits for the image's own HEALTHCHECK, as long as the container runs
  local c="$id-$1"
  while :; do
    state=$("$ENGINE" inspect --format '{{.State.Status}}' "$c")
    if [ "$state" != running ]; then echo "$c is $state:"; "$ENGINE" logs "$c" 2>&1 | tail -20; return 1; fi
    if "${run[@]}" healthcheck run "$c" >/dev/null 2>&1; then echo "::: $c HEALTHCHECK passed"; return 0; fi
    sleep 1
  done
}

for svc in wallet ${SMOKE_IDENTITY:+identity}; do
  echo "::: $svc migrations (the $svc-migrate one-shot)"
  "${run[@]}" run --rm --label "smoke=$id" --network "$net" "${limits[@]}" "${backing[@]}" \
    "bet-platform/$svc:$TAG" node main.mjs migrate
done

echo "::: SIGTERM one second into a wallet's start"
start early wallet "bet-platform/wallet:$TAG"
sleep 1
t0=$(date +%s)
"$ENGINE" kill --signal TERM "$id-early" >/dev/null
timeout 15 "$ENGINE" wait "$id-early" >/dev/null || { echo "the container ignored SIGTERM during start-up"; exit 1; }
echo "::: stopped $(($(date +%s) - t0)) s after SIGTERM"

start wallet wallet "bet-platform/wallet:$TAG"
[ -n "${SMOKE_IDENTITY:-}" ] && start identity identity "bet-platform/identity:$TAG"
healthy wallet
[ -n "${SMOKE_IDENTITY:-}" ] && healthy identity
start gateway gateway "bet-platform/gateway:$TAG" -p "127.0.0.1::8080"
healthy gateway
port=$("$ENGINE" port "$id-gateway" 8080 | sed 's/.*://')
check() { local got; got=$(curl -s -o /dev/null -w '%{http_code}' "$2"); echo "$1 $2 -> $got"; [ "$got" = "$3" ]; }
check gateway "http://127.0.0.1:$port/readyz" 200
# through the gateway to the wallet by its network alias: no token, so the wallet's own 401
check gateway "http://127.0.0.1:$port/api/v1/wallet" 401
if [ -n "${SMOKE_IDENTITY:-}" ]; then
  email=$(sed -n 's/^ADMIN_EMAIL=//p' "$work/.env")
  password=$(sed -n 's/^ADMIN_PASSWORD=//p' "$work/.env")
  got=$(curl -s -o /dev/null -w '%{http_code}' -H 'content-type: application/json' \
    -d "{\"email\":\"$email\",\"password\":\"$password\"}" "http://127.0.0.1:$port/api/v1/auth/login")
  echo "the admin from .env signs in -> $got"
  [ "$got" = 200 ]
fi

codes=""
for c in gateway wallet ${SMOKE_IDENTITY:+identity}; do
  "$ENGINE" stop -t 30 "$id-$c" >/dev/null
  code=$("$ENGINE" inspect --format '{{.State.ExitCode}}' "$id-$c")
  codes="$codes $c=$code"
  [ "$code" = 0 ] || { echo "$c exited $code after SIGTERM:"; "$ENGINE" logs "$id-$c" 2>&1 | tail -10; exit 1; }
done
echo "exit codes after SIGTERM:$codes"
echo "images smoke test passed"
