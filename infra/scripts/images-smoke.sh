#!/usr/bin/env bash
# Starts the wallet and the gateway from their images (npm run images first) against the
# Postgres, NATS and Redis of this machine, the way infra/scripts/start-image.sh can (no
# container runtime here): waits for each image's HEALTHCHECK, checks /readyz and a request
# through the gateway to the wallet, then stops both with SIGTERM and checks they exit 0.
#   npm run images:smoke
set -euo pipefail
cd "$(dirname "$0")/../.."
db="imgsmoke_$(date +%s)"
prefix="imgsmoke$(date +%s)"
psql -q -h 127.0.0.1 -U postgres -c "create database $db" postgres
eval "$(node --import tsx infra/src/keys.ts)"
pick_port() { node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"; }
wallet_port=$(pick_port)
gateway_port=$(pick_port)
common=(HOST=127.0.0.1 "JWT_PUBLIC_KEY=$JWT_PUBLIC_KEY" "BUS_PREFIX=$prefix" LOG_LEVEL=warn
  "DATABASE_URL=postgres://postgres@127.0.0.1:5432/$db" NATS_URL=nats://127.0.0.1:4222 REDIS_URL=redis://127.0.0.1:6379)
logs=$(mktemp -d)
infra/scripts/start-image.sh bet-platform/wallet:latest "PORT=$wallet_port" "${common[@]}" >"$logs/wallet.log" 2>&1 &
wallet=$!
infra/scripts/start-image.sh bet-platform/gateway:latest "PORT=$gateway_port" "WALLET_URL=http://127.0.0.1:$wallet_port" \
  "${common[@]}" >"$logs/gateway.log" 2>&1 &
gateway=$!
cleanup() {
  kill -TERM $wallet $gateway 2>/dev/null || true
  wait $wallet $gateway 2>/dev/null || true
  psql -q -h 127.0.0.1 -U postgres -c "drop database if exists $db with (force)" postgres || true
}
trap cleanup EXIT
wait_log() { for _ in $(seq 1 90); do grep -q "$2" "$1" && return 0; sleep 1; done; echo "no '$2' in $1:"; cat "$1"; return 1; }
wait_log "$logs/wallet.log" 'HEALTHCHECK passed'
wait_log "$logs/gateway.log" 'HEALTHCHECK passed'
check() { local got; got=$(curl -s -o /dev/null -w '%{http_code}' "$2"); echo "$1 $2 -> $got"; [ "$got" = "$3" ]; }
check wallet "http://127.0.0.1:$wallet_port/readyz" 200
check wallet "http://127.0.0.1:$wallet_port/metrics" 200
check gateway "http://127.0.0.1:$gateway_port/healthz" 200
# through the gateway to the wallet: no token, so the wallet's own 401
check gateway "http://127.0.0.1:$gateway_port/api/v1/wallet" 401
kill -TERM $wallet $gateway
set +e
wait $wallet; wcode=$?
wait $gateway; gcode=$?
set -e
echo "exit codes after SIGTERM: wallet $wcode, gateway $gcode"
trap - EXIT
psql -q -h 127.0.0.1 -U postgres -c "drop database if exists $db with (force)" postgres
if [ "$wcode" != 0 ] || [ "$gcode" != 0 ]; then
  echo "a process did not exit cleanly"; tail -n 5 "$logs"/*.log; exit 1
fi
echo "images smoke test passed"
