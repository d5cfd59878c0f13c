#!/usr/bin/env bash
# `hubctl --version` must match the release tag: when HEAD carries a tag vX.Y.Z, the binary must say X.Y.Z.
set -euo pipefail
bin="$1"
version="$("$bin/hubctl" --version)"
tag="$(git describe --tags --exact-match --match 'v*' 2>/dev/null || true)"
if [ -n "$tag" ] && [ "v$version" != "$tag" ]; then
    echo "error: hubctl --version says $version but HEAD is tagged $tag: update Sources/HubCore/Version.swift" >&2
    exit 1
fi
echo "hubctl --version: $version${tag:+ (tag $tag)}"
