#!/usr/bin/env bash
# Starts Postgres, Redis and NATS JetStream on this machine if they are not already up
# (Debian packages, the layout of our development and CI machines). Idempotent.
set -uo pipefail

port_open() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null && exec 3>&- 3<&-; }
wait_port() { for _ in $(seq 1 60); do port_open "$1" && return 0; sleep 0.5; done; echo "port $1 did not open" >&2; return 1; }

if ! port_open 5432; then
  if ! command -v pg_ctlcluster >/dev/null; then apt-get update -qq && apt-get install -y -qq postgresql >/dev/null; fi
  version=$(ls /etc/postgresql | sort -V | tail -n1)
  pg_ctlcluster --skip-systemctl-redirect "$version" main start
  wait_port 5432
fi

if ! port_open 6379; then
  if ! command -v redis-server >/dev/null; then apt-get update -qq && apt-get install -y -qq redis-server >/dev/null; fi
  mkdir -p /var/lib/redis /var/log/redis
  redis-server --daemonize yes --bind 127.0.0.1 -::1 --port 6379 --save "" --appendonly no --dir /var/lib/redis --logfile /var/log/redis/ci.log
  wait_port 6379
fi

if ! port_open 4222; then
  if ! command -v nats-server >/dev/null && [ ! -x /usr/sbin/nats-server ]; then apt-get update -qq && apt-get install -y -qq nats-server >/dev/null; fi
  mkdir -p /var/lib/nats-server
  start-stop-daemon --start --oknodo --background --exec "$(command -v nats-server || echo /usr/sbin/nats-server)" -- \
    -a 127.0.0.1 -p 4222 -js -sd /var/lib/nats-server -l /var/log/nats-server.log
  wait_port 4222
fi
echo "postgres, redis and nats are up"
