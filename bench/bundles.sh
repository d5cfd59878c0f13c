#!/usr/bin/env bash
# Issue 41, `hubctl bundle publish` (a benchmark, not a test): the peak memory of a 1 GB upload
# (/usr/bin/time, maximum resident set), and a 200 MB publish against `curl -T` of the same file to
# the same server (the same admin address, the same API key). Runs against one hubctl-emulator on
# loopback; the median of BENCH_RUNS (15) per-run ratios, runs taken in turns: single runs on a
# shared 2-core machine vary by 20% and more. Appends a "Bundles" section to
# bench/RESULTS.md. Usage: bench/bundles.sh [BIN_DIR] (default .build/release).
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
curl -sS -o /dev/null -X PUT "$url/_emulator/platform" -H 'Content-Type: application/json' -d '{"platform": "mobile-services"}'
apikey="emulator-bundles-api-key"
umask 077
printf '{"url": "%s", "apiKey": "%s", "alias": "emulator"}' "$url" "$apikey" >"$work/key.json"
export HUBCTL_APP_ID=com.example.demo HUBCTL_HOME="$work/home" HUBCTL_TIMEOUT=600
admin="$url/mobileservices/origin/SAP%20Mobile%20Services/bundles/v1/admin/ApplicationResourceBundles"
entity() { echo "$admin(ApplicationId='com.example.demo',BundleName='$1',BundleVersion='$2')"; }
# The seconds one command takes, from its start to its exit (python's own start is not counted);
# its output goes to /dev/null, and a failure stops the benchmark.
timed() {
    python3 -c 'import subprocess, sys, time
start = time.perf_counter()
done = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL)
elapsed = time.perf_counter() - start
sys.exit(f"failed: {sys.argv[1:]}") if done.returncode else print(elapsed)' "$@"
}

# 1. A 1 GB (2^30 bytes, the most Mobile Services takes) upload's peak memory.
head -c $((1 << 30)) /dev/urandom >"$work/1g.bin"
/usr/bin/time -f '%M' -o "$work/rss" "$BIN/hubctl" bundle publish "$work/1g.bin" --name big --version 1 --extension bin \
    --service-key "$work/key.json" >"$work/big.json"
rss_kib="$(tail -n1 "$work/rss")"
"$BIN/hubctl" bundle delete big:1 --service-key "$work/key.json" >/dev/null
rm -f "$work/1g.bin"

# 2. 200 MB: hubctl's whole publish (list, create, upload) vs curl's PUT of the content alone.
head -c $((200 << 20)) /dev/urandom >"$work/200m.bin"
hub_times=() curl_times=()
for i in $(seq 1 "$RUNS"); do
    hub_times+=("$(timed "$BIN/hubctl" bundle publish "$work/200m.bin" --name m --version "h$i" --extension bin --service-key "$work/key.json")")
    "$BIN/hubctl" bundle delete "m:h$i" --service-key "$work/key.json" >/dev/null
    curl -sS -o /dev/null -X POST "$admin" -H "X-API-Key: $apikey" -H 'Content-Type: application/json' \
        -d "{\"ApplicationId\": \"com.example.demo\", \"BundleName\": \"m\", \"BundleVersion\": \"c$i\", \"BundleExtension\": \"bin\", \"IsDefault\": false}"
    # No `Expect: 100-continue` (curl would wait a second for a 100 the server need not send).
    curl_times+=("$(timed curl -sS -f -o /dev/null -T "$work/200m.bin" -H 'Expect:' -H "X-API-Key: $apikey" "$(entity m "c$i")/BundleFile")")
    curl -sS -o /dev/null -X DELETE -H "X-API-Key: $apikey" "$(entity m "c$i")"
done
read -r hub_med curl_med ratio < <(python3 - "${hub_times[*]}" "${curl_times[*]}" <<'PY'
import statistics, sys
h = [float(x) for x in sys.argv[1].split()]
c = [float(x) for x in sys.argv[2].split()]
print(statistics.median(h), statistics.median(c), statistics.median([a / b for a, b in zip(h, c)]))
PY
)
rss_mib="$(python3 -c "print(round($rss_kib / 1024, 1))")"
rss_met="$(python3 -c "print('yes' if $rss_kib < 65536 else 'no')")"
ratio_met="$(python3 -c "print('yes' if $ratio <= 1.1 else 'no')")"

BENCH_DIR="$root/bench" python3 - "$root/bench/RESULTS.md" "$rss_mib" "$rss_met" "$hub_med" "$curl_med" "$ratio" "$ratio_met" "$RUNS" "$BIN" <<'PY'
import os, sys
sys.path.insert(0, os.environ["BENCH_DIR"])  # bench/results.py
from results import put_section, measured_on
path, rss, rss_met, hub, curl, ratio, ratio_met, runs, bin_dir = sys.argv[1:]
put_section(path, "bundles", f"""## Bundles (issue 41, bench/bundles.sh)

Measured {measured_on()}. hubctl and hubctl-emulator from {bin_dir.split('/')[-1]} on the same machine (loopback, shared cores); {runs} runs in turns, medians.

| measurement | hubctl | baseline | ratio | target | met |
|---|---|---|---|---|---|
| peak memory, `bundle publish` of 1 GB | {rss} MiB | | | < 64 MiB | {rss_met} |
| `bundle publish` 200 MB vs `curl -T` of the same file | {float(hub):.2f} s | {float(curl):.2f} s | {float(ratio):.2f} | ≤ 1.1 | {ratio_met} |

hubctl's time is the whole command, from its start to its exit: the list (for the 100 limit), the create, the upload streamed in libcurl's 64 KiB pieces and its SHA-256 (read on a thread that runs on idle CPU only); curl's is its PUT of the content alone (both without `Expect: 100-continue`).
""".split("\n"))
PY
echo "peak ${rss_mib} MiB; 200 MB: hubctl ${hub_med}s curl ${curl_med}s ratio ${ratio}"
