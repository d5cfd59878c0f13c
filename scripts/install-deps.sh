#!/usr/bin/env bash
# Installs the Debian packages given as arguments when they are missing (non-interactive, CI-safe).
set -euo pipefail
missing=()
for p in "$@"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
echo "Installing missing Debian packages: ${missing[*]}" >&2
SUDO=""
if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null || { echo "error: need root or sudo to install: ${missing[*]}" >&2; exit 1; }
    SUDO="sudo -n"
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq </dev/null
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" </dev/null >/dev/null
# nginx-light's package starts a system nginx on port 80; the tests run their own unprivileged one.
if printf '%s\n' "${missing[@]}" | grep -qx nginx-light; then
    ($SUDO systemctl disable --now nginx 2>/dev/null || $SUDO service nginx stop 2>/dev/null || true) >/dev/null
fi
# prometheus (for promtool) and prometheus-node-exporter start system services on ports 9090 and
# 9100 where systemd runs; the tests only run promtool and their own node exporter on a free port.
for service in prometheus prometheus-node-exporter; do
    if printf '%s\n' "${missing[@]}" | grep -qx "$service"; then
        ($SUDO systemctl disable --now "$service" 2>/dev/null || $SUDO service "$service" stop 2>/dev/null || true) >/dev/null
    fi
done
