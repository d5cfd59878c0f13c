#!/usr/bin/env bash
# Installs the Python packages the interoperability tests use (Tests/Interop), when missing:
# SAP's pyodata, an OData V2 client, with requests. Idempotent, non-interactive (CI has no stdin).
set -euo pipefail
PYTHON=${PYTHON:-python3}
if ! command -v "$PYTHON" >/dev/null 2>&1; then
    echo "install-python-deps: $PYTHON not found; install python3 (make deps)" >&2
    exit 1
fi
if "$PYTHON" -c 'import pyodata, requests' >/dev/null 2>&1; then
    exit 0
fi
echo "install-python-deps: installing pyodata and requests with pip" >&2
# A Debian python3 marks its site-packages externally managed (PEP 668); this is a test machine.
PIP_BREAK_SYSTEM_PACKAGES=1 PIP_NO_INPUT=1 PIP_DISABLE_PIP_VERSION_CHECK=1 PIP_ROOT_USER_ACTION=ignore \
    "$PYTHON" -m pip install --quiet pyodata requests
"$PYTHON" -c 'import pyodata, requests'
