#!/usr/bin/env bash
# action.yml's first step: the Node the suite runs on, by absolute path (output `node`).
# The runner's own when it is 20.19 or newer (package.json's engines). Otherwise Node
# NODE_VERSION from NODE_MIRROR, checked against the mirror's SHASUMS256.txt and unpacked
# into a folder of this action's own under RUNNER_TEMP. Nothing goes to GITHUB_PATH or
# GITHUB_ENV: setup-node would put its Node first on the job's PATH for every later
# step, and a composite action cannot take that back, so the caller's steps after this
# action would run on a Node they never chose.
set -euo pipefail

readonly MINIMUM=20.19.0

fail() {
  echo "::error title=banking-api-conformance%3A no Node to run on::$1"
  exit 2
}

# Whether version $1 (v20.19.0 or 20.19.0) is MINIMUM or newer.
at_least_minimum() {
  local have need index
  IFS=. read -r -a have <<<"${1#v}"
  IFS=. read -r -a need <<<"$MINIMUM"
  for index in 0 1 2; do
    [[ ${have[index]:-0} =~ ^[0-9]+$ ]] || return 1
    ((10#${have[index]:-0} > 10#${need[index]})) && return 0
    ((10#${have[index]:-0} < 10#${need[index]})) && return 1
  done
  return 0
}

fetch() {
  if command -v curl >/dev/null; then
    curl --fail --silent --show-error --location --retry 3 --output "$2" "$1"
  elif command -v wget >/dev/null; then
    wget --quiet --tries 3 --output-document "$2" "$1"
  else
    fail "neither curl nor wget is installed to download Node from $1"
  fi
}

sha256() {
  if command -v sha256sum >/dev/null; then sha256sum "$1"; else shasum -a 256 "$1"; fi | cut -d' ' -f1
}

# Sets `node` to the private node binary, downloading it when this job has not yet
# (not through $(...): fail's annotation must reach the log, not a variable).
private_node() {
  local os arch folder base work line sum file version home target
  case "$(uname -s)" in
    Linux) os=linux ;;
    Darwin) os=darwin ;;
    *) fail "the runner's Node is ${RUNNER_NODE_VERSION:-missing} (20.19 or newer needed) and this action installs its own only on Linux and macOS: run actions/setup-node before it" ;;
  esac
  case "$(uname -m)" in
    x86_64 | amd64) arch=x64 ;;
    aarch64 | arm64) arch=arm64 ;;
    *) fail "no Node build for this machine ($(uname -m)): run actions/setup-node before this action" ;;
  esac
  version=${NODE_VERSION#v}
  if [[ $version =~ ^[0-9]+$ ]]; then
    folder="latest-v$version.x"
  elif [[ $version =~ ^[0-9]+\.[0-9]+\.[0-9]+$ ]]; then
    folder="v$version"
  else
    fail "node-version is '$NODE_VERSION': give a major version (22) or an exact one (22.12.0)"
  fi
  base="${NODE_MIRROR%/}/$folder"
  work=$(mktemp -d)
  fetch "$base/SHASUMS256.txt" "$work/SHASUMS256.txt" || fail "could not read $base/SHASUMS256.txt"
  line=$(grep -E "^[0-9a-f]{64}  node-v[0-9.]+-$os-$arch\.tar\.gz$" "$work/SHASUMS256.txt" | head -n 1) ||
    fail "$base has no node-*-$os-$arch.tar.gz"
  sum=${line%% *}
  file=${line##* }
  version=${file#node-}
  version=${version%%-*}
  at_least_minimum "$version" || fail "node-version $NODE_VERSION is $version: the suite needs $MINIMUM or newer"
  home="${RUNNER_TEMP:-${TMPDIR:-/tmp}}/banking-api-conformance-node"
  target="$home/$version-$os-$arch"
  if [ ! -x "$target/bin/node" ]; then
    fetch "$base/$file" "$work/$file" || fail "could not download $base/$file"
    [ "$(sha256 "$work/$file")" = "$sum" ] || fail "$file does not match its SHA-256 in $base/SHASUMS256.txt"
    rm -rf "$target.partial"
    mkdir -p "$target.partial"
    tar -xzf "$work/$file" -C "$target.partial" --strip-components 1 || fail "could not unpack $file"
    mv "$target.partial" "$target"
  fi
  rm -rf "$work"
  node="$target/bin/node"
}

node=$(command -v node || true)
RUNNER_NODE_VERSION=$([ -n "$node" ] && "$node" --version 2>/dev/null || true)
if [ -n "$RUNNER_NODE_VERSION" ] && at_least_minimum "$RUNNER_NODE_VERSION"; then
  echo "The suite runs on the runner's Node $RUNNER_NODE_VERSION ($node)."
else
  private_node
  echo "::notice title=banking-api-conformance::The runner's Node is ${RUNNER_NODE_VERSION:-missing} (the suite needs $MINIMUM or newer): the suite runs on Node $("$node" --version) from $NODE_MIRROR, in $(dirname "$(dirname "$node")"), for this action only: the job's later steps keep the Node they had."
fi
version=$("$node" --version)
major=${version#v}
{
  echo "node=$node"
  echo "version=$version"
  echo "major=${major%%.*}"
} >>"$GITHUB_OUTPUT"
