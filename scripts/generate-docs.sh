#!/usr/bin/env bash
# Generates completions/ and man/ from the command definitions (swift-argument-parser), and the
# global options' declarations from the settings table (Sources/HubCLI/Runtime/GlobalOptions+Generated.swift,
# printed by the hidden `hubctl --generate-global-options`), or checks that the committed copies
# are current: `--write BIN_DIR` or `--check BIN_DIR`.
set -euo pipefail
mode="$1"; bin="$(cd "$2" && pwd)"
root="$(cd "$(dirname "$0")/.." && pwd)"
out="$(mktemp -d)"; trap 'rm -rf "$out"' EXIT
mkdir -p "$out/completions" "$out/man"

generated="Sources/HubCLI/Runtime/GlobalOptions+Generated.swift"
"$bin/hubctl" --generate-global-options >"$out/GlobalOptions+Generated.swift"

"$bin/hubctl" --generate-completion-script bash >"$out/completions/hubctl.bash"
"$bin/hubctl" --generate-completion-script zsh >"$out/completions/_hubctl"
"$bin/hubctl" --generate-completion-script fish >"$out/completions/hubctl.fish"

# Man pages: swift-argument-parser's generate-manual tool reads the tool's own help dump.
# The date is fixed so that the pages only change when the commands do.
(cd "$root" && swift package plugin --allow-writing-to-package-directory generate-manual \
    --configuration debug --multi-page --date 2026-11-22 --authors "hubctl maintainers" >/dev/null)
gen="$root/.build/plugins/GenerateManual/outputs/hubctl"
[ -d "$gen" ] || gen="$(find "$root/.build/plugins" -path '*GenerateManual*' -type d -name hubctl | head -n1)"
cp "$gen"/*.1 "$out/man/"

if [ "$mode" = "--write" ]; then
    rm -rf "$root/completions" "$root/man"
    cp -r "$out/completions" "$out/man" "$root/"
    cp "$out/GlobalOptions+Generated.swift" "$root/$generated"
    echo "wrote completions/, man/ and $generated (rebuild if it changed)"
else
    if ! diff -r "$out/completions" "$root/completions" >/dev/null || ! diff -r "$out/man" "$root/man" >/dev/null; then
        echo "error: completions/ or man/ are stale: run 'make completions' and commit the result" >&2
        diff -r "$out/completions" "$root/completions" | head -20 >&2 || true
        diff -r "$out/man" "$root/man" | head -20 >&2 || true
        exit 1
    fi
    if ! diff "$out/GlobalOptions+Generated.swift" "$root/$generated" >/dev/null; then
        echo "error: $generated is stale: run 'make completions' and commit the result" >&2
        diff "$out/GlobalOptions+Generated.swift" "$root/$generated" | head -20 >&2 || true
        exit 1
    fi
    echo "completions/, man/ and $generated are current"
fi
