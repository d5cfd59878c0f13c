#!/usr/bin/env bash
# Builds the packages of hubctl from binaries already built (`make release`):
#   deb  BIN_DIR OUT_DIR   a Debian package: /usr/bin, man pages, completions where bash, zsh and
#                          fish look, a Debian changelog and copyright; Depends from the libraries
#                          the binaries load (the Swift runtime is linked in statically)
#   dist BIN_DIR OUT_DIR   hubctl-VERSION-linux-ARCH.tar.gz (binaries, man pages, completions,
#                          README) and SHA256SUMS
# Prints the path of what it built. The version comes from scripts/package-version.sh.
set -euo pipefail
mode="$1"; bin="$(cd "$2" && pwd)"; mkdir -p "$3"; out="$(cd "$3" && pwd)"
root="$(cd "$(dirname "$0")/.." && pwd)"
version="$(bash "$root/scripts/package-version.sh")"
arch="$(dpkg --print-architecture)"
for b in hubctl hubctl-emulator; do
    [ -x "$bin/$b" ] || { echo "error: $bin/$b is missing: run 'make release' first" >&2; exit 1; }
done
# The binary must say the version the package claims (a tag without its Version.swift bump fails).
binary_version="$("$bin/hubctl" --version)"
case "$version" in
    "$binary_version"|"$binary_version"[~+]*) ;;
    *) echo "error: hubctl --version says $binary_version, the package would be $version" >&2; exit 1 ;;
esac
# Reproducible timestamps: the commit's time.
export SOURCE_DATE_EPOCH="${SOURCE_DATE_EPOCH:-$(git -C "$root" log -1 --format=%ct)}"
work="$(mktemp -d)"; trap 'rm -rf "$work"' EXIT

case "$mode" in
deb)
    pkg="$work/hubctl_${version}_$arch"
    install -d "$pkg/DEBIAN" "$pkg/usr/bin" "$pkg/usr/share/man/man1" "$pkg/usr/share/doc/hubctl" \
        "$pkg/usr/share/bash-completion/completions" "$pkg/usr/share/zsh/vendor-completions" \
        "$pkg/usr/share/fish/vendor_completions.d"
    install -m 0755 -s "$bin/hubctl" "$bin/hubctl-emulator" "$pkg/usr/bin/"
    for page in "$root"/man/*.1; do
        gzip -9n <"$page" >"$pkg/usr/share/man/man1/$(basename "$page").gz"
    done
    install -m 0644 "$root/completions/hubctl.bash" "$pkg/usr/share/bash-completion/completions/hubctl"
    install -m 0644 "$root/completions/_hubctl" "$pkg/usr/share/zsh/vendor-completions/_hubctl"
    install -m 0644 "$root/completions/hubctl.fish" "$pkg/usr/share/fish/vendor_completions.d/hubctl.fish"
    install -m 0644 "$root/README.md" "$pkg/usr/share/doc/hubctl/README.md"
    # The documents the README links to, where its relative links find them.
    install -d "$pkg/usr/share/doc/hubctl/docs"
    install -m 0644 "$root"/docs/*.md "$pkg/usr/share/doc/hubctl/docs/"
    # The Prometheus alert rules for `hubctl probe` (docs/operations.md "probe (Prometheus)").
    install -d "$pkg/usr/share/doc/hubctl/examples"
    install -m 0644 "$root/contrib/prometheus/hubctl-probe.rules.yml" "$pkg/usr/share/doc/hubctl/examples/"
    # The systemd units (docs/operations.md "systemd units") where Debian packages put them; they name /usr/bin/hubctl.
    install -d "$pkg/lib/systemd/system"
    install -m 0644 "$root"/contrib/systemd/*.service "$root"/contrib/systemd/*.timer "$pkg/lib/systemd/system/"
    {
        echo "hubctl ($version) unstable; urgency=medium"
        echo
        echo "  * Built from commit $(git -C "$root" rev-parse HEAD):"
        echo "    $(git -C "$root" log -1 --format=%s | cut -c1-70)"
        echo
        echo " -- hubctl maintainers <hubctl@example.invalid>  $(date -u -R -d "@$SOURCE_DATE_EPOCH")"
    } | gzip -9n >"$pkg/usr/share/doc/hubctl/changelog.Debian.gz"
    cat >"$pkg/usr/share/doc/hubctl/copyright" <<'COPYRIGHT'
Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/
Upstream-Name: hubctl
Files: *
Copyright: hubctl maintainers
License: see the project's repository
COPYRIGHT
    # Depends: the Debian packages that ship the shared libraries the binaries name (NEEDED), found
    # where the dynamic loader finds them, and those hubctl loads on first use (the sonames in
    # Sources/CLibraries/include/CLibraries.h), found where dlopen finds them.
    loaded_later="$(sed -n 's/^#define HUB_[A-Z]*_SONAME "\(.*\)"$/\1/p' "$root/Sources/CLibraries/include/CLibraries.h")"
    [ "$(echo "$loaded_later" | wc -w)" -ge 3 ] || { echo "error: no sonames in CLibraries.h" >&2; exit 1; }
    loaded_later_paths=""
    for name in $loaded_later; do
        path="$(/sbin/ldconfig -p | awk -v n="$name" '!found && $1 == n && $NF ~ /^\// { print $NF; found = 1 }')"
        [ -n "$path" ] || { echo "error: $name is not installed" >&2; exit 1; }
        loaded_later_paths="$loaded_later_paths $path"
    done
    depends="$({ for b in "$bin/hubctl" "$bin/hubctl-emulator"; do
            readelf -d "$b" | sed -n 's/.*Shared library: \[\(.*\)\]/\1/p' | while read -r name; do
                ldd "$b" | awk -v n="$name" '$1 == n && $3 ~ /^\// { print $3 }'
            done
        done
        printf '%s\n' $loaded_later_paths; } | sort -u |
        while read -r lib; do dpkg -S "$lib" 2>/dev/null || dpkg -S "$(readlink -f "$lib")" 2>/dev/null || true; done |
        cut -d: -f1 | sort -u | paste -sd, | sed 's/,/, /g')"
    [ -n "$depends" ] || { echo "error: could not work out the package's dependencies" >&2; exit 1; }
    size="$(du -sk "$pkg/usr" "$pkg/lib" | awk '{ total += $1 } END { print total }')"
    cat >"$pkg/DEBIAN/control" <<CONTROL
Package: hubctl
Version: $version
Architecture: $arch
Maintainer: hubctl maintainers <hubctl@example.invalid>
Installed-Size: $size
Depends: $depends
Section: admin
Priority: optional
Homepage: https://example.invalid/hubctl
Description: client life cycle for SAP Mobile Platform 3 and SAP Mobile Services
 hubctl registers, configures and provisions application connections from a
 shell: settings, Application Configuration Profiles, an encrypted vault for
 credentials, JSON on stdout for scripts. hubctl-emulator stands in for the
 server in tests.
CONTROL
    (cd "$pkg" && find usr lib -type f -print0 | sort -z | xargs -0 md5sum >DEBIAN/md5sums)
    chmod 0644 "$pkg/DEBIAN/control" "$pkg/DEBIAN/md5sums"
    deb="$out/hubctl_${version}_$arch.deb"
    dpkg-deb --root-owner-group -Zxz --build "$pkg" "$deb" >/dev/null
    echo "$deb"
    ;;
dist)
    name="hubctl-$version-linux-$arch"
    dir="$work/$name"
    install -d "$dir/bin" "$dir/man/man1" "$dir/completions"
    install -m 0755 -s "$bin/hubctl" "$bin/hubctl-emulator" "$dir/bin/"
    install -m 0644 "$root"/man/*.1 "$dir/man/man1/"
    install -m 0644 "$root/completions/hubctl.bash" "$root/completions/_hubctl" "$root/completions/hubctl.fish" "$dir/completions/"
    install -m 0644 "$root/README.md" "$dir/"
    install -d "$dir/docs"
    install -m 0644 "$root"/docs/*.md "$dir/docs/"
    # Summed into a file outside the tree, then moved in: created inside, the list could include
    # SHA256SUMS itself, half-written.
    (cd "$dir" && find . -type f | LC_ALL=C sort | sed 's|^\./||' | xargs sha256sum >"$work/SHA256SUMS" && mv "$work/SHA256SUMS" SHA256SUMS)
    tar --sort=name --mtime="@$SOURCE_DATE_EPOCH" --owner=0 --group=0 --numeric-owner \
        -C "$work" -czf "$out/$name.tar.gz" "$name"
    (cd "$out" && sha256sum "$name.tar.gz" >SHA256SUMS)
    echo "$out/$name.tar.gz"
    ;;
*)
    echo "usage: $0 deb|dist BIN_DIR OUT_DIR" >&2; exit 64 ;;
esac
