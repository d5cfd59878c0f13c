#!/usr/bin/env bash
# The package version, from git: a tag vX.Y.Z on HEAD gives X.Y.Z; commits after a tag give
# X.Y.Z+gitN.SHA (newer than the release); no tag gives the version in Sources/HubCore/Version.swift
# as ~gitN.SHA (older than that release when it comes). Debian and the tarball both use this.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
source_version="$(sed -n 's/.*current = "\(.*\)".*/\1/p' Sources/HubCore/Version.swift)"
sha="$(git rev-parse --short=10 HEAD)"
if described="$(git describe --tags --long --match 'v[0-9]*' 2>/dev/null)"; then
    # vX.Y.Z-N-gSHA
    tag="${described%-*-g*}"; rest="${described#"$tag"-}"; count="${rest%%-*}"
    version="${tag#v}"
    if [ "$count" != "0" ]; then version="$version+git$count.$sha"; fi
else
    version="$source_version~git$(git rev-list --count HEAD).$sha"
fi
printf '%s\n' "$version"
