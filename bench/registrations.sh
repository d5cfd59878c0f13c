#!/usr/bin/env bash
# Issue 32, item 3: what one command pays for the registration read on a home with many
# registrations. Fills a home with REGS registrations through `hubctl batch` (one process, as a
# fleet script would), then times `hubctl settings get` (one registration read, one GET) in turns
# with the same GET by curl (bench/interleave.py). Given a second directory of release binaries
# (an older build), fills a second home with that build's hubctl and times it in the same turns,
# and that build's home read by this build too (the read path alone, on the old WAL). Writes
# bench/registrations.json and the "Registration read" section of bench/RESULTS.md. Not a test.
#
#   bench/registrations.sh [BIN (.build/release)] [BEFORE_BIN]
set -euo pipefail
BIN="$(cd "${1:-.build/release}" && pwd)"
BEFORE="${2:-}"
[ -z "$BEFORE" ] || BEFORE="$(cd "$BEFORE" && pwd)"
root="$(cd "$(dirname "$0")/.." && pwd)"
REGS="${BENCH_REGISTRATIONS:-10000}"
RUNS="${BENCH_RUNS:-41}"
. "$root/bench/load-emulator.sh"

load_batch "$work/reg.ndjson" "$REGS"

# fill NAME BINDIR: a home of REGS registrations made by BINDIR's hubctl; prints seconds taken.
fill() {
    local t0 t1
    t0=$(date +%s.%N)
    HUBCTL_HOME="$work/$1" "$2/hubctl" batch --concurrency 8 "$work/reg.ndjson" >"$work/$1.out" 2>"$work/$1.err"
    t1=$(date +%s.%N)
    test "$(grep -c '"exitCode":0' "$work/$1.out")" -eq "$REGS"
    python3 -c "print($t1 - $t0)"
}
wal() { stat -c %s "$work/$1/registrations.db-wal" 2>/dev/null || echo 0; }

fill_after=$(fill after "$BIN")
wal_after=$(wal after)
fill_before=""; wal_before=""
if [ -n "$BEFORE" ]; then
    fill_before=$(fill before "$BEFORE")
    wal_before=$(wal before)
fi

# One registration's GET by curl: its connection id, the password kept out of argv.
cid="$(HUBCTL_HOME="$work/after" "$BIN/hubctl" status | jq -r '.registrations[] | select(.user == "load-0") | .applicationConnectionId')"
printf 'user = "load-0:load-password"\nheader = "X-SMP-APPCID: %s"\nheader = "Accept: application/json"\nurl = "%s/odata/applications/latest/com.example.demo/Connections('"'"'%s'"'"')"\noutput = "/dev/null"\nsilent\nfail\n' \
    "$cid" "$url" "$cid" >"$work/curl.cfg"
get() { echo "HUBCTL_HOME=$work/$1 HUBCTL_USER=load-0 HUBCTL_PASSWORD=load-password $2/hubctl settings get"; }
commands=("$(get after "$BIN")" "curl -K $work/curl.cfg")
versions=("$BIN/hubctl --version" "curl --version")
if [ -n "$BEFORE" ]; then
    commands+=("$(get before "$BEFORE")" "$(get before "$BIN")")
    versions+=("$BEFORE/hubctl --version")
fi
python3 "$root/bench/interleave.py" "$RUNS" 3 "$work/get.json" "${commands[@]}"
python3 "$root/bench/interleave.py" "$RUNS" 3 "$work/version.json" "${versions[@]}"
# Both homes are read only above: their WAL is as the fill left it.
test "$(wal after)" = "$wal_after"

BENCH_DIR="$root/bench" python3 - "$work" "$root/bench" "$REGS" "$fill_after" "$wal_after" "$fill_before" "$wal_before" <<'PY'
import json, statistics, sys, platform, datetime, re, os
sys.path.insert(0, os.environ["BENCH_DIR"])  # bench/results.py
from results import put_section, measured_on
work, out, regs = sys.argv[1], sys.argv[2], int(sys.argv[3])
fill_after, wal_after = float(sys.argv[4]), int(sys.argv[5])
before = sys.argv[6] != ""
fill_before, wal_before = (float(sys.argv[6]), int(sys.argv[7])) if before else (None, None)
get = json.load(open(f"{work}/get.json"))["results"]
ver = json.load(open(f"{work}/version.json"))["results"]
runs = len(get[0]["times"])
def ratio(a, b): return statistics.median(x / y for x, y in zip(a["times"], b["times"]))
ms = lambda r: r["median"] * 1000
data = {"registrations": regs, "runs": runs,
        "after": {"fill_s": fill_after, "wal_bytes": wal_after, "settings_get_ms": ms(get[0]),
                  "ratio_to_curl": ratio(get[0], get[1]), "version_ms": ms(ver[0])},
        "curl_get_ms": ms(get[1]), "curl_version_ms": ms(ver[1]),
        "machine": {"platform": platform.platform(), "date": datetime.date.today().isoformat()}}
rows = [f"| settings get, this build, its own home | {ms(get[0]):.1f} ms | {ms(get[1]):.1f} ms | {ratio(get[0], get[1]):.2f} |"]
if before:
    data["before"] = {"fill_s": fill_before, "wal_bytes": wal_before, "settings_get_ms": ms(get[2]),
                      "ratio_to_curl": ratio(get[2], get[1]), "version_ms": ms(ver[2]),
                      "this_build_on_its_home_ms": ms(get[3])}
    data["after_over_before"] = {"settings_get": ratio(get[0], get[2]), "version": ratio(ver[0], ver[2]),
                                 "read_path_on_old_home": ratio(get[3], get[2])}
    rows += [f"| settings get, the older build, its own home | {ms(get[2]):.1f} ms | {ms(get[1]):.1f} ms | {ratio(get[2], get[1]):.2f} |",
             f"| settings get, this build, the older build's home | {ms(get[3]):.1f} ms | {ms(get[1]):.1f} ms | {ratio(get[3], get[1]):.2f} |"]
rows += [f"| --version, this build | {ms(ver[0]):.1f} ms | {ms(ver[1]):.1f} ms | {ratio(ver[0], ver[1]):.2f} |"]
if before:
    rows += [f"| --version, the older build | {ms(ver[2]):.1f} ms | {ms(ver[1]):.1f} ms | {ratio(ver[2], ver[1]):.2f} |"]
md = ["## Registration read (issue 32, bench/registrations.sh)", "", f"Measured {measured_on()}.", "",
      f"Release build; emulator and client on the same {platform.machine()} machine (shared cores). A home of {regs:,} "
      f"registrations made by one `hubctl batch --concurrency 8`; then `settings get` of one of them against the same GET by "
      f"curl, and `--version` against `curl --version`: {runs} runs each, all commands of a table in turns "
      "(bench/interleave.py); medians, and the median of per-run ratios.", "",
      "| measurement | hubctl | curl | ratio |", "|---|---|---|---|", *rows, ""]
md.append(f"Filling the home: {fill_after:.1f} s, WAL left {wal_after:,} bytes" +
          (f" (older build: {fill_before:.1f} s, WAL left {wal_before:,} bytes)." if before else "."))
if before:
    a = data["after_over_before"]
    md.append(f"This build against the older one, in the same turns: settings get {a['settings_get']:.2f}×, "
              f"--version {a['version']:.2f}×; on the older build's home (its WAL as that build left it) "
              f"{a['read_path_on_old_home']:.2f}×.")
md.append("")
json.dump(data, open(f"{out}/registrations.json", "w"), indent=2)
path = f"{out}/RESULTS.md"
put_section(path, "registrations", md)
print("\n".join(md))
PY
