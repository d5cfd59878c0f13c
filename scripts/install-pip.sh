#!/usr/bin/env bash
# Installs the PyPI packages given as arguments into python3 when they cannot be imported
# (non-interactive, CI-safe). Arguments are `module=package` pairs, e.g. selenium=selenium.
set -euo pipefail
missing=()
for pair in "$@"; do
    module=${pair%%=*}; package=${pair#*=}
    python3 -c "import $module" 2>/dev/null || missing+=("$package")
done
[ ${#missing[@]} -eq 0 ] && exit 0
echo "Installing missing Python packages: ${missing[*]}" >&2
export PIP_DISABLE_PIP_VERSION_CHECK=1 PIP_NO_INPUT=1 PIP_ROOT_USER_ACTION=ignore
# Debian's own python3 refuses installs outside a virtual environment (PEP 668) unless told.
python3 -m pip install --quiet "${missing[@]}" </dev/null \
    || python3 -m pip install --quiet --break-system-packages "${missing[@]}" </dev/null
