#!/usr/bin/env bash
# Builds one image per deployable (infra/src/services.ts DEPLOYABLES) from infra/Dockerfile:
#   npm run images                 # all of them
#   npm run images -- wallet       # only some
# Each is tagged with the release and the commit, bet-platform/<name>:<version>-<commit>
# (the version from package.json), and also :latest; TAG adds one more. Prints the sizes.
# ENGINE=docker uses Docker instead of podman. NODE_IMAGE overrides the base image; when it
# is not set and the public node image cannot be pulled (no registry reachable), a local
# stand-in is made once: Debian bookworm (mmdebstrap) with this machine's node and npm and a
# `node` user, imported as localhost/node-local:bookworm.
set -euo pipefail
cd "$(dirname "$0")/../.."

ENGINE=${ENGINE:-podman}
VERSION=${VERSION:-$(node -p "require('./package.json').version")}
COMMIT=${COMMIT:-$(git rev-parse --short=12 HEAD 2>/dev/null || echo unknown)}
# a tree with uncommitted changes is not that commit
if [ "$COMMIT" != unknown ] && [ -n "$(git status --porcelain 2>/dev/null)" ]; then COMMIT="$COMMIT-dirty"; fi
RELEASE="$VERSION-$COMMIT"
TAG=${TAG:-}
PUBLIC_NODE=docker.io/library/node:20-bookworm-slim
LOCAL_NODE=localhost/node-local:bookworm
# podman here cannot create the cgroups of its default isolation; chroot builds run RUN steps fine
export BUILDAH_ISOLATION=${BUILDAH_ISOLATION:-chroot}

local_node_image() {
  if "$ENGINE" image exists "$LOCAL_NODE" 2>/dev/null; then return; fi
  command -v mmdebstrap >/dev/null || { apt-get update -qq && apt-get install -y -qq mmdebstrap >/dev/null; }
  local work node npm_dir
  work=$(mktemp -d)
  node=$(command -v node)
  npm_dir=$(dirname "$(dirname "$(readlink -f "$(command -v npm)")")")
  echo "::: making $LOCAL_NODE from Debian bookworm and $node ($(node -v))"
  mmdebstrap --quiet --variant=minbase --include=ca-certificates \
    --customize-hook="copy-in $node /usr/local/bin" \
    --customize-hook='mkdir -p "$1/usr/local/lib/node_modules"' \
    --customize-hook="copy-in $npm_dir /usr/local/lib/node_modules" \
    --customize-hook='ln -s ../lib/node_modules/npm/bin/npm-cli.js "$1/usr/local/bin/npm"' \
    --customize-hook='mkdir -p "$1/usr/local/include"' \
    --customize-hook='copy-in /usr/include/node /usr/local/include' \
    --customize-hook='chroot "$1" useradd --uid 1000 --create-home --shell /bin/sh node' \
    --customize-hook='cp -r /usr/local/share/ca-certificates/. "$1/usr/local/share/ca-certificates/" 2>/dev/null || true' \
    --customize-hook='chroot "$1" update-ca-certificates >/dev/null' \
    bookworm "$work/base.tar"
  # this machine's trust store comes along (its egress proxy has its own CA), and Node is told
  # to use it as this machine's Node is; native packages compile against the headers copied
  # in (node-gyp cannot download them here), as npm on this machine does (nodedir)
  "$ENGINE" import --change 'CMD ["node"]' --change 'ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt' \
    --change 'ENV npm_config_nodedir=/usr/local' \
    --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
    "$work/base.tar" "$LOCAL_NODE"
  rm -rf "$work"
}

if [ -z "${NODE_IMAGE:-}" ]; then
  if "$ENGINE" image exists "$PUBLIC_NODE" 2>/dev/null || timeout 30 "$ENGINE" pull -q "$PUBLIC_NODE" >/dev/null 2>&1; then
    NODE_IMAGE=$PUBLIC_NODE
  else
    echo "::: $PUBLIC_NODE cannot be pulled here; using a local stand-in"
    local_node_image
    NODE_IMAGE=$LOCAL_NODE
  fi
fi

if [ $# -gt 0 ]; then names="$*"; else
  names=$(node --import tsx -e "import('./infra/src/services.ts').then((m) => console.log(m.DEPLOYABLES.map((d) => d.name + ':' + d.port).join(' ')))")
fi
built=""
for entry in $names; do
  name=${entry%%:*}
  port=${entry#*:}
  [ "$port" = "$entry" ] && port=$(node --import tsx -e "import('./infra/src/services.ts').then((m) => console.log(m.DEPLOYABLES.find((d) => d.name === '$name').port))")
  echo "::: bet-platform/$name:$RELEASE (port $port, base $NODE_IMAGE)"
  # docker format: OCI image configs have no HEALTHCHECK
  "$ENGINE" build $([ "$ENGINE" = podman ] && echo --format docker) -f infra/Dockerfile --build-arg "NODE_IMAGE=$NODE_IMAGE" --build-arg "SERVICE=$name" \
    --build-arg "PORT=$port" --build-arg "VERSION=$VERSION" --build-arg "COMMIT=$COMMIT" \
    -t "bet-platform/$name:$RELEASE" -t "bet-platform/$name:latest" ${TAG:+-t "bet-platform/$name:$TAG"} .
  built="$built $name"
done
# the sizes, against the ceiling of issue 36 (150 MB a service image)
status=0
for name in $built; do
  bytes=$("$ENGINE" image inspect --format '{{.Size}}' "bet-platform/$name:$RELEASE")
  mb=$((bytes / 1000000))
  echo "::: bet-platform/$name:$RELEASE $mb MB"
  if [ "$mb" -gt "${MAX_IMAGE_MB:-150}" ]; then echo "::: bet-platform/$name is over ${MAX_IMAGE_MB:-150} MB"; status=1; fi
done
exit $status
