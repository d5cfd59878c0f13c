#!/usr/bin/env bash
# Generates completions/ and man/ from the command definitions (swift-argument-parser), or checks
# that the committed copies are current: `--write BIN_DIR` or `--check BIN_DIR`.
set -euo pipefail
mode="$1"; bin="$(cd "$2" && pwd)"
root="$(cd "$(dirname "$0")/.." && pwd)"
out="$(mktemp -d)"; trap 'rm -rf "$out"' EXIT
mkdir -p "$out/completions" "$out/man"

"$bin/hubctl" --generate-completion-script bash >"$out/completions/hubctl.bash"
# The generated bash script hands what hubctl computes (profile names, vault keys, the property names
# of a server's $metadata) to `compgen -W`, which expands $(…), `…` and $VAR in every word: a name
# holding shell syntax would run as a command on <Tab>. Those candidates go through
# __hubctl_add_custom_completions instead, which matches them as plain strings and offers each
# quoted for the command line (docs/security.md). The check below fails if the generator changes.
python3 - "$out/completions/hubctl.bash" <<'PY'
import re, sys
path = sys.argv[1]
text = open(path).read()
helper = r"""
# Candidates hubctl computes are data: matched as plain strings, offered quoted, never expanded.
__hubctl_add_custom_completions() {
    local candidate quoted
    while IFS='' read -r candidate; do
        if [[ -n "${candidate}" && "${candidate}" == "${cur}"* ]]; then
            printf -v quoted '%q' "${candidate}"
            COMPREPLY+=("${quoted}")
        fi
    done < <(__hubctl_custom_complete "${@}")
}
"""
anchor = "__hubctl_custom_complete() {"
text, calls = re.subn(r'__hubctl_add_completions -W "\$\(__hubctl_custom_complete (.*)\)"$',
                      r'__hubctl_add_custom_completions \1', text, flags=re.M)
if calls == 0 or anchor not in text or "compgen -W \"$(" in text:
    sys.exit("generate-docs.sh: the generated bash completion changed shape; update the custom-candidate rewrite")
text = text.replace(anchor, helper.lstrip("\n") + "\n" + anchor, 1)
open(path, "w").write(text)
PY
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
    echo "wrote completions/ and man/"
else
    if ! diff -r "$out/completions" "$root/completions" >/dev/null || ! diff -r "$out/man" "$root/man" >/dev/null; then
        echo "error: completions/ or man/ are stale: run 'make completions' and commit the result" >&2
        diff -r "$out/completions" "$root/completions" | head -20 >&2 || true
        diff -r "$out/man" "$root/man" | head -20 >&2 || true
        exit 1
    fi
    echo "completions/ and man/ are current"
fi
