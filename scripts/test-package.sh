#!/usr/bin/env bash
# Builds the Debian package and the tarball from BIN_DIR (release binaries), installs the package
# with dpkg into a throw-away root, and runs the installed hubctl; unpacks the tarball, checks its
# SHA256SUMS and runs the hubctl in it. `make test` runs this after the other tests.
set -euo pipefail
bin="$1"; out="$2"
root="$(cd "$(dirname "$0")/.." && pwd)"
version="$(bash "$root/scripts/package-version.sh")"
scratch="$(mktemp -d)"; trap 'rm -rf "$scratch"' EXIT
fail() { echo "package test failed: $*" >&2; exit 1; }

deb="$(bash "$root/scripts/make-package.sh" deb "$bin" "$out")"
[ "$(dpkg-deb -f "$deb" Package)" = hubctl ] || fail "Package field"
[ "$(dpkg-deb -f "$deb" Version)" = "$version" ] || fail "Version field is not $version"
# libcurl, libarchive and libxml2 are loaded on first use, not named by hubctl: Depends must still
# list them. SQLite is linked in: hubctl needs no libsqlite3-0.
# (Read once: `dpkg-deb … | grep -q` under pipefail fails with SIGPIPE when grep stops early.)
depends="$(dpkg-deb -f "$deb" Depends)"
for package in libcurl4 libarchive13 libxml2 libssl3; do
    grep -qw -- "$package" <<<"$depends" || fail "Depends lacks $package: $depends"
done

# dpkg -i into an empty root: its own database, no maintainer scripts, dependencies on the host.
target="$scratch/root"
mkdir -p "$target/var/lib/dpkg/info" "$target/var/lib/dpkg/updates"
: >"$target/var/lib/dpkg/status"
force=(--force-depends)
[ "$(id -u)" -eq 0 ] || force+=(--force-not-root)
# (dpkg lists the dependencies the empty root lacks on stderr; shown only when it fails.)
dpkg --root="$target" "${force[@]}" --log=/dev/null -i "$deb" >"$scratch/dpkg.log" 2>&1 || { cat "$scratch/dpkg.log" >&2; fail "dpkg -i"; }
status="$(dpkg-query --admindir="$target/var/lib/dpkg" -W -f='${Status} ${Version}' hubctl)"
[ "$status" = "install ok installed $version" ] || fail "dpkg says: $status"
for f in usr/bin/hubctl usr/bin/hubctl-emulator usr/share/man/man1/hubctl.1.gz \
         usr/share/bash-completion/completions/hubctl usr/share/zsh/vendor-completions/_hubctl \
         usr/share/fish/vendor_completions.d/hubctl.fish usr/share/doc/hubctl/changelog.Debian.gz \
         usr/share/doc/hubctl/examples/hubctl-probe.rules.yml usr/share/doc/hubctl/docs/usage.md \
         usr/share/doc/hubctl/docs/errors.md; do
    [ -f "$target/$f" ] || fail "the package did not install /$f"
done
changelog="$(zcat "$target/usr/share/doc/hubctl/changelog.Debian.gz")"
grep -qF "hubctl ($version) unstable" <<<"${changelog%%$'\n'*}" || fail "changelog"
cmp -s "$target/usr/share/bash-completion/completions/hubctl" "$root/completions/hubctl.bash" || fail "bash completion differs"
# The systemd units, as in contrib/systemd (they name /usr/bin/hubctl, where the package puts it).
units=0
for unit in "$root"/contrib/systemd/*.service "$root"/contrib/systemd/*.timer; do
    installed_unit="$target/lib/systemd/system/$(basename "$unit")"
    [ -f "$installed_unit" ] || fail "the package did not install /lib/systemd/system/$(basename "$unit")"
    cmp -s "$installed_unit" "$unit" || fail "/lib/systemd/system/$(basename "$unit") differs from contrib/systemd"
    units=$((units + 1))
done
[ "$units" -ge 3 ] || fail "contrib/systemd has $units units; expected hubctl-acp-wait@.service, hubctl-probe@.service and .timer"
grep -q '^    exec /usr/bin/hubctl acp check --wait --fetch ' "$target/lib/systemd/system/hubctl-acp-wait@.service" || fail "hubctl-acp-wait@.service ExecStart"
grep -q '^    exec /usr/bin/hubctl probe --textfile ' "$target/lib/systemd/system/hubctl-probe@.service" || fail "hubctl-probe@.service ExecStart"

installed="$target/usr/bin/hubctl"
[ "$("$installed" --version)" = "${version%%[~+]*}" ] || fail "installed hubctl --version: $("$installed" --version)"
home="$scratch/home"; mkdir -p "$home"
env -i HOME="$home" PATH=/usr/bin:/bin "$installed" config set server https://smp.example.com:8443 --profile ci >"$scratch/set.json"
env -i HOME="$home" PATH=/usr/bin:/bin "$installed" config get server --profile ci >"$scratch/get.json"
grep -q '"value":"https://smp.example.com:8443"' "$scratch/get.json" || fail "installed hubctl config get: $(cat "$scratch/get.json")"
"$installed" completion bash | cmp -s - "$root/completions/hubctl.bash" || fail "installed hubctl completion bash differs"
echo "ok: $(basename "$deb") installs with dpkg and runs"

tarball="$(bash "$root/scripts/make-package.sh" dist "$bin" "$out")"
(cd "$out" && sha256sum -c --quiet SHA256SUMS) || fail "SHA256SUMS of the tarball"
tar -xzf "$tarball" -C "$scratch"
unpacked="$scratch/$(basename "$tarball" .tar.gz)"
(cd "$unpacked" && sha256sum -c --quiet SHA256SUMS) || fail "SHA256SUMS inside the tarball"
[ "$("$unpacked/bin/hubctl" --version)" = "${version%%[~+]*}" ] || fail "tarball hubctl --version"
env -i HOME="$home" PATH=/usr/bin:/bin "$unpacked/bin/hubctl" config list >"$scratch/list.json"
grep -q '"ci"' "$scratch/list.json" || fail "tarball hubctl config list: $(cat "$scratch/list.json")"
echo "ok: $(basename "$tarball") and SHA256SUMS check out"
