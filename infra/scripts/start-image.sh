#!/usr/bin/env bash
# Starts what an image contains without a container runtime, for machines where
# `podman run` cannot work (no usable cgroups). As faithful as that allows:
#   - the image's own filesystem (podman image mount) under a throw-away writable layer,
#   - its own mount and PID namespaces (unshare), /proc of its own, /tmp a tmpfs,
#   - the image's configured user, working directory, environment and command,
#   - then the image's HEALTHCHECK command run the same way until it passes.
# What it does not give: a network namespace (the process is on the host network, so it
# reaches Postgres/NATS/Redis on 127.0.0.1), cgroup limits, and the engine's own runtime.
#
#   infra/scripts/start-image.sh bet-platform/wallet:latest PORT=4102 DATABASE_URL=… [-- command…]
# Runs in the foreground until the process exits; SIGTERM/SIGINT are passed on.
set -euo pipefail
image=$1
shift
extra_env=()
while [ $# -gt 0 ] && [ "$1" != "--" ]; do extra_env+=("$1"); shift; done
[ "${1:-}" = "--" ] && shift
override_cmd=("$@")

ENGINE=${ENGINE:-podman}
config=$("$ENGINE" image inspect --format '{{json .Config}}' "$image")
field() { node -e "const c=JSON.parse(process.argv[1]); const v=($1); process.stdout.write(v==null?'':String(v))" "$config"; }
user=$(field 'c.User || "0"')
workdir=$(field 'c.WorkingDir || "/"')
mapfile -t image_env < <(field '(c.Env||[]).join("\n")')
mapfile -t cmd < <(field '[...(c.Entrypoint||[]), ...(c.Cmd||[])].join("\n")')
[ ${#override_cmd[@]} -gt 0 ] && cmd=("${override_cmd[@]}")
# podman keeps the HEALTHCHECK beside the config, not in it
healthcheck=$("$ENGINE" image inspect --format '{{json .HealthCheck}}' "$image" 2>/dev/null || echo null)
mapfile -t health < <(node -e "const h=JSON.parse(process.argv[1]||'null'); process.stdout.write(((h&&h.Test)||[]).join('\n'))" "$healthcheck")

lower=$("$ENGINE" image mount "$image")
# START_IMAGE_WORK: a folder the caller names, so it can unmount what a SIGKILL left behind
if [ -n "${START_IMAGE_WORK:-}" ]; then work=$START_IMAGE_WORK; mkdir -p "$work"; else work=$(mktemp -d /tmp/start-image.XXXXXX); fi
mkdir -p "$work/upper" "$work/work" "$work/root"
cleanup() {
  umount -R -l "$work/root" 2>/dev/null || true
  rm -rf "$work"
  "$ENGINE" image unmount "$image" >/dev/null 2>&1 || true
}
trap cleanup EXIT
mount -t overlay overlay -o "lowerdir=$lower,upperdir=$work/upper,workdir=$work/work" "$work/root"
# the image's user name → uid:gid, as the image's own /etc/passwd says
uidgid=$(awk -F: -v u="${user%%:*}" '$1==u || $3==u {print $3":"$4; exit}' "$work/root/etc/passwd")
[ -n "$uidgid" ] || uidgid=$user

inside() {
  # runs "$@" as the image's user, in its root, working dir and environment; the images have
  # no shell, so the host's env and unshare set all that up and exec the command itself
  exec /usr/bin/env -i "${image_env[@]}" "${extra_env[@]}" HOME=/tmp \
    /usr/bin/unshare --mount --pid --fork --kill-child --mount-proc=/proc \
    --root="$work/root" --wd="$workdir" --setgid="${uidgid#*:}" --setuid="${uidgid%%:*}" "$@"
}
# an empty base has no /dev or /proc to mount on: made in the throw-away layer
mkdir -p "$work/root/dev" "$work/root/proc" "$work/root/tmp"
mount -t tmpfs tmpfs "$work/root/tmp"
mount --bind /dev "$work/root/dev"

echo "::: starting $image as $user ($uidgid) in $workdir: ${cmd[*]}" >&2
inside "${cmd[@]}" &
pid=$!
# unshare does not pass signals on: they go to the image's process (its child) directly
forward() { kill "-$1" "$(pgrep -P $pid || echo $pid)" 2>/dev/null || true; }
trap 'forward TERM' TERM
trap 'forward INT' INT

if [ "${health[0]:-}" = "CMD" ] || [ "${health[0]:-}" = "CMD-SHELL" ]; then
  probe=("${health[@]:1}")
  [ "${health[0]}" = "CMD-SHELL" ] && probe=(/bin/sh -c "${health[1]}")
  # wait as long as the process lives: under load a start can take minutes
  (
    while kill -0 $pid 2>/dev/null; do
      sleep 1
      if (inside "${probe[@]}") >/dev/null 2>&1; then echo "::: $image HEALTHCHECK passed" >&2; exit 0; fi
    done
  ) &
fi
set +e
# a trapped signal interrupts `wait`; wait again until the process itself has ended
while :; do
  wait $pid
  code=$?
  kill -0 $pid 2>/dev/null || break
done
exit $code
