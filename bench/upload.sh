#!/usr/bin/env bash
# Issue 50, `hubctl app version deploy` (a benchmark, not a test): the peak memory of a 1 GB App
# Update upload (/usr/bin/time, maximum resident set), and a 200 MB deploy against `curl -F
# file=@…` of the same package to the same emulator route (the same Admin API, the same Basic
# user). Runs against one hubctl-emulator on loopback; the median of BENCH_RUNS (15) per-run
# ratios, runs taken in turns (single runs on a shared 2-core machine vary by 20% and more).
# Writes the "Upload" section of bench/RESULTS.md. Usage: bench/upload.sh [BIN_DIR] (default
# .build/release).
set -euo pipefail
BIN="$(cd "${1:-.build/release}" && pwd)"
root="$(cd "$(dirname "$0")/.." && pwd)"
RUNS="${BENCH_RUNS:-15}"
work="$(mktemp -d)"
emu_pid=""
cleanup() { [ -n "$emu_pid" ] && kill "$emu_pid" 2>/dev/null; rm -rf "$work"; }
trap cleanup EXIT
for tool in curl python3 /usr/bin/time; do
    command -v "$tool" >/dev/null || { echo "bench needs $tool" >&2; exit 1; }
done

"$BIN/hubctl-emulator" --port 0 >"$work/emu.out" 2>"$work/emu.log" &
emu_pid=$!
for _ in $(seq 1 100); do grep -q listening "$work/emu.out" 2>/dev/null && break; sleep 0.1; done
url="$(sed -n 's/.*listening on //p' "$work/emu.out")"
user="ci-user@example.com" password="bench-password-not-secret" app="ci-bench"
ctl() { curl -sS -f -o "${3:-/dev/null}" -X "$1" "$url/_emulator/$2" -H 'Content-Type: application/json' ${4:+-d "$4"}; }
ctl PUT cf/settings "" "{\"users\": [{\"username\": \"$user\", \"password\": \"$password\"}]}"
ctl POST cf/apps "" "{\"id\": \"$app\", \"features\": [\"app-update\"]}"
ctl GET cf "$work/cf.json"
admin="$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["adminAPI"])' "$work/cf.json")"
route="$admin/app/$app/service/app-update/Admin/kapsel/jaxrs/KapselApp/$app"
umask 077
printf '%s' "$password" >"$work/password"
# curl's Basic from a config file, not argv; no `Expect: 100-continue` (curl would wait for a 100).
printf 'user = "%s:%s"\nheader = "Expect:"\n' "$user" "$password" >"$work/curl.conf"
export HUBCTL_HOME="$work/home" HUBCTL_TIMEOUT=600 CF_HOME="$work/no-cf"
basic=(--admin-api "$admin" --admin-user "$user" --admin-password-file "$work/password")
# Every revision goes, so the emulator's temporary directory holds one package at a time.
clear_app() { curl -sS -o /dev/null -K "$work/curl.conf" -X DELETE "$route"; }
# The seconds one command takes, from its start to its exit (python's own start is not counted);
# its output goes to /dev/null, and a failure stops the benchmark.
timed() {
    python3 -c 'import subprocess, sys, time
start = time.perf_counter()
done = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL)
elapsed = time.perf_counter() - start
sys.exit(f"failed: {sys.argv[1:]}") if done.returncode else print(elapsed)' "$@"
}
# A hybrid package of about N bytes: android/config.xml and android/www/ with one random file, stored.
package() {
    python3 - "$1" "$2" <<'PY'
import os, sys, zipfile
size, path = int(sys.argv[1]), sys.argv[2]
with zipfile.ZipFile(path, "w", zipfile.ZIP_STORED) as z:
    z.writestr("android/config.xml", '<widget id="ci.bench" version="1.0.0"/>')
    with z.open(zipfile.ZipInfo("android/www/payload.bin"), "w") as out:
        left = size
        while left:
            n = min(left, 1 << 20)
            out.write(os.urandom(n))
            left -= n
PY
}

# 1. A 1 GB (2^30 bytes of content) deploy's peak memory.
package $((1 << 30)) "$work/1g.zip"
/usr/bin/time -f '%M' -o "$work/rss" "$BIN/hubctl" app version deploy "$app" "$work/1g.zip" --kind hybrid "${basic[@]}" >"$work/big.json"
rss_kib="$(tail -n1 "$work/rss")"
clear_app
rm -f "$work/1g.zip"

# 2. 200 MB: hubctl's whole deploy (the details before, the upload, the details after) vs curl's POST alone.
package $((200 << 20)) "$work/200m.zip"
hub_times=() curl_times=()
for _ in $(seq 1 "$RUNS"); do
    hub_times+=("$(timed "$BIN/hubctl" app version deploy "$app" "$work/200m.zip" --kind hybrid "${basic[@]}")")
    clear_app
    curl_times+=("$(timed curl -sS -f -o /dev/null -K "$work/curl.conf" -F "file=@$work/200m.zip;filename=packagedKapselApp.zip;type=application/octet-stream" "$route")")
    clear_app
done
read -r hub_med curl_med ratio < <(python3 - "${hub_times[*]}" "${curl_times[*]}" <<'PY'
import statistics, sys
h = [float(x) for x in sys.argv[1].split()]
c = [float(x) for x in sys.argv[2].split()]
print(statistics.median(h), statistics.median(c), statistics.median([a / b for a, b in zip(h, c)]))
PY
)
rss_mib="$(python3 -c "print(round($rss_kib / 1024, 1))")"
rss_met="$(python3 -c "print('yes' if $rss_kib <= 65536 else 'no')")"
ratio_met="$(python3 -c "print('yes' if $ratio <= 1.1 else 'no')")"

BENCH_DIR="$root/bench" python3 - "$root/bench/RESULTS.md" "$rss_mib" "$rss_met" "$hub_med" "$curl_med" "$ratio" "$ratio_met" "$RUNS" "$BIN" <<'PY'
import os, sys
sys.path.insert(0, os.environ["BENCH_DIR"])  # bench/results.py
from results import put_section, measured_on
path, rss, rss_met, hub, curl, ratio, ratio_met, runs, bin_dir = sys.argv[1:]
put_section(path, "upload", f"""## Upload (issue 50, bench/upload.sh)

Measured {measured_on()}. hubctl and hubctl-emulator from {bin_dir.split('/')[-1]} on the same machine (loopback, shared cores); {runs} runs in turns, medians.

| measurement | hubctl | baseline | ratio | target | met |
|---|---|---|---|---|---|
| peak memory, `app version deploy` of a 1 GB hybrid package | {rss} MiB | | | ≤ 64 MiB | {rss_met} |
| `app version deploy` 200 MB vs `curl -F file=@…` of the same package | {float(hub):.2f} s | {float(curl):.2f} s | {float(ratio):.2f} | ≤ 1.1 | {ratio_met} |

hubctl's time is the whole command, from its start to its exit: the package's checks (its zip directory read), the details read before, the multipart upload streamed from the file, the details read after; curl's is its POST of the same multipart part alone (both Basic on the Admin API, without `Expect: 100-continue`). The emulator streams the part to a file either way (never whole in memory), so its share is the same for both.
""".split("\n"))
PY
echo "peak ${rss_mib} MiB; 200 MB: hubctl ${hub_med}s curl ${curl_med}s ratio ${ratio}"
