#!/usr/bin/env bash
# `logs upload` of a 500 MB client log (issue 13): hubctl's peak memory (target < 64 MiB) and its
# time against `curl --data-binary @file` to the same emulator (target ≤ 1.2×). Not a test.
# Usage: bench/logs.sh [BIN_DIR]   (default .build/release). Writes its section of bench/RESULTS.md.
set -euo pipefail
BIN="$(cd "${1:-.build/release}" && pwd)"
root="$(cd "$(dirname "$0")/.." && pwd)"
RUNS="${BENCH_LOG_RUNS:-3}"
SIZE_MB="${BENCH_LOG_MB:-500}"
work="$(mktemp -d)"
emu_pid=""
cleanup() { [ -n "$emu_pid" ] && kill "$emu_pid" 2>/dev/null; rm -rf "$work"; }
trap cleanup EXIT
for tool in hyperfine curl python3 /usr/bin/time jq; do
    command -v "$tool" >/dev/null || { echo "bench needs $tool (make deps)" >&2; exit 1; }
done

"$BIN/hubctl-emulator" --port 0 >"$work/emu.out" 2>"$work/emu.log" &
emu_pid=$!
for _ in $(seq 1 100); do grep -q listening "$work/emu.out" 2>/dev/null && break; sleep 0.1; done
url="$(sed -n 's/.*listening on //p' "$work/emu.out")"
# Mobile Services' client log service is served once the emulator plays Mobile Services.
curl -fsS -X PUT -H 'Content-Type: application/json' -d '{"platform": "mobile-services"}' "$url/_emulator/platform" >/dev/null

export HUBCTL_HOME="$work/home" HUBCTL_SERVER="$url" HUBCTL_APP_ID=com.example.demo HUBCTL_USER=demo
export HUBCTL_PASSWORD=demo-password HUBCTL_NO_INPUT=1 HUBCTL_PLATFORM=mobile-services HUBCTL_DEADLINE=3600 HUBCTL_TIMEOUT=3600
hubctl="$BIN/hubctl"
appcid="$("$hubctl" register | jq -r .ApplicationConnectionId)"
printf 'user = "demo:demo-password"\n' >"$work/curl.cfg"
logs_url="$url/mobileservices/application/com.example.demo/clientlogs/v1/runtime/log/application/com.example.demo?deviceId=$appcid"

# A log of SIZE_MB MB: valid lines of varying length.
python3 - "$work/big.log" "$SIZE_MB" <<'PY'
import sys
path, mb = sys.argv[1], int(sys.argv[2])
sev = ["DEBUG", "INFO", "WARN", "ERROR", "FATAL"]
lines = [f"#2024-07-01T17:16:{i % 60:02d}.{i % 1000:03d}+02:00#{sev[i % 5]}#corr-{i}#com.acme.field#Sync.swift:{i % 900}#"
         f"synchronised {i % 97} entities in {i % 1000} ms {'x' * (i % 80)}#\n" for i in range(10_000)]
block = "".join(lines).encode()
with open(path, "wb") as f:
    written = 0
    while written < mb * 1_000_000:
        f.write(block)
        written += len(block)
PY
bytes=$(stat -c %s "$work/big.log")

hyperfine --style none --runs "$RUNS" --warmup 1 --export-json "$work/logs.json" \
    --prepare "curl -fsS -X DELETE $url/_emulator/received" \
    "$hubctl logs upload $work/big.log" \
    "curl -fsS -K $work/curl.cfg -H 'Content-Type: text/plain' -H 'X-SMP-APPCID: $appcid' --data-binary @$work/big.log '$logs_url'" >/dev/null 2>&1
/usr/bin/time -f '%M' -o "$work/mem-hubctl" "$hubctl" logs upload "$work/big.log" >"$work/out.json"
/usr/bin/time -f '%M' -o "$work/mem-curl" curl -fsS -K "$work/curl.cfg" -H 'Content-Type: text/plain' -H "X-SMP-APPCID: $appcid" \
    --data-binary @"$work/big.log" "$logs_url"

BENCH_DIR="$root/bench" python3 - "$work" "$root/bench" "$bytes" <<'PY'
import json, os, statistics, sys
sys.path.insert(0, os.environ["BENCH_DIR"])  # bench/results.py
from results import put_section, measured_on
work, out, size = sys.argv[1], sys.argv[2], int(sys.argv[3])
a, b = json.load(open(f"{work}/logs.json"))["results"]
ratio = statistics.median([x / y for x, y in zip(a["times"], b["times"])])
mem_h, mem_c = int(open(f"{work}/mem-hubctl").read()), int(open(f"{work}/mem-curl").read())
upload = json.load(open(f"{work}/out.json"))
data = {"bytes": size, "hubctl_median_s": a["median"], "curl_median_s": b["median"], "median_ratio": ratio,
        "ratio_target": 1.2, "ratio_met": ratio <= 1.2, "hubctl_peak_kib": mem_h, "curl_peak_kib": mem_c,
        "memory_target_kib": 65536, "memory_met": mem_h < 65536, "requests": upload["requests"], "lines": upload["lines"]}
md = ["## Client log upload (bench/logs.sh)", "", f"Measured {measured_on()}.",
      f"A {size / 1e6:.0f} MB client log ({upload['lines']} lines) to one hubctl-emulator (Mobile Services), release build, "
      f"medians of {len(a['times'])} runs (hyperfine).", "",
      "| measurement | hubctl | curl --data-binary | ratio | target | met |", "|---|---|---|---|---|---|",
      f"| time | {a['median']:.2f} s ({size / a['median'] / 1e6:.0f} MB/s) | {b['median']:.2f} s ({size / b['median'] / 1e6:.0f} MB/s) | {ratio:.2f} | ≤ 1.2 | {'yes' if ratio <= 1.2 else 'no'} |",
      f"| peak memory | {mem_h} KiB | {mem_c} KiB | | < 65536 KiB | {'yes' if mem_h < 65536 else 'no'} |", "",
      f"hubctl reads the file twice (every line is checked before anything is sent, then the body is streamed) "
      f"and sends it in {upload['requests']} requests of at most 8 MiB; curl sends it once, unchecked, in one request, "
      f"after reading the whole file into memory (`--data-binary @file` does; hence its peak memory).", ""]
put_section(f"{out}/RESULTS.md", "logs", md)
json.dump(data, open(f"{out}/logs-results.json", "w"), indent=2)
print("\n".join(md))
PY
