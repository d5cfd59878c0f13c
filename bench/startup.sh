#!/usr/bin/env bash
# Issue 32's table: one call of hubctl against the same work done by curl (with the system's
# libcurl), on a home with one registration and on a home with REGS registrations, all commands of
# a home in turns (bench/interleave.py): `settings get` and `acp check` against curl's GET of the
# connection's settings (the one request either makes: the bundle is assigned and fetched, so
# `acp check` asks nothing more), `settings get --help` against the same GET (reported), and
# `--version` against `curl --version`. Given a second directory of release binaries (an earlier
# build), its hubctl runs the same commands on the same homes in the same turns, and the section says
# this build's time against that one's. Writes bench/startup.json and the "Start-up" section of
# bench/RESULTS.md. Not a test.
#
#   bench/startup.sh [BIN (.build/release)] [BEFORE_BIN]
set -euo pipefail
BIN="$(cd "${1:-.build/release}" && pwd)"
BEFORE="${2:-}"
[ -z "$BEFORE" ] || BEFORE="$(cd "$BEFORE" && pwd)"
root="$(cd "$(dirname "$0")/.." && pwd)"
REGS="${BENCH_REGISTRATIONS:-10000}"
RUNS="${BENCH_RUNS:-41}"
. "$root/bench/load-emulator.sh"

# hubctl as a user runs it: installed, a fresh copy (as `make install` and the package make it).
# The linker's own output file takes about 60 more page faults a call on this machine (its page
# cache holds it in smaller pieces), some 5% of a call, which no installed hubctl pays.
mkdir -p "$work/bin"
install -m 0755 "$BIN/hubctl" "$work/bin/hubctl"
HUB="$work/bin/hubctl"
if [ -n "$BEFORE" ]; then
    mkdir -p "$work/before"
    install -m 0755 "$BEFORE/hubctl" "$work/before/hubctl"
fi

# A small bundle, assigned to the application and fetched into each home below: `acp check` then
# finds it current from the settings alone.
python3 - "$work/bundle.zip" <<'PY'
import sys, zipfile
with zipfile.ZipFile(sys.argv[1], "w") as z:
    z.writestr("META-INF/MANIFEST.MF", "Customization-Resource-Bundle-Name: Bench\nCustomization-Resource-Bundle-Version: 1.0\n")
    z.writestr("config.json", '{"bench": true}\n')
PY
curl -fsS -X PUT --data-binary @"$work/bundle.zip" "$url/_emulator/bundles/com.example.demo/Bench:1.0" >/dev/null
curl -fsS -X POST -H 'Content-Type: application/json' -d '{"appId":"com.example.demo","bundleId":"Bench:1.0"}' "$url/_emulator/assign" >/dev/null

# home NAME COUNT: COUNT registrations (load-0 … ) made by one batch; load-0's bundle fetched.
home() {
    load_batch "$work/$1.ndjson" "$2"
    HUBCTL_HOME="$work/$1" "$HUB" batch --concurrency 8 "$work/$1.ndjson" >"$work/$1.out" 2>"$work/$1.err"
    test "$(grep -c '"exitCode":0' "$work/$1.out")" -eq "$2"
    HUBCTL_HOME="$work/$1" HUBCTL_USER=load-0 HUBCTL_PASSWORD=load-password "$HUB" acp fetch >/dev/null
}
home one 1
home many "$REGS"

# measure NAME: every command in turns on that home; curl's configuration keeps the password out of argv.
measure() {
    local cid
    cid="$(HUBCTL_HOME="$work/$1" "$HUB" status | jq -r '.registrations[] | select(.user == "load-0") | .applicationConnectionId')"
    printf 'user = "load-0:load-password"\nheader = "X-SMP-APPCID: %s"\nheader = "Accept: application/json"\nurl = "%s/odata/applications/latest/com.example.demo/Connections('"'"'%s'"'"')"\noutput = "/dev/null"\nsilent\nfail\n' \
        "$cid" "$url" "$cid" >"$work/$1.curl"
    local run="HUBCTL_HOME=$work/$1 HUBCTL_USER=load-0 HUBCTL_PASSWORD=load-password $HUB"
    # `acp check` must make exactly the one GET curl makes.
    local requests
    requests="$(HUBCTL_HOME="$work/$1" HUBCTL_USER=load-0 HUBCTL_PASSWORD=load-password "$HUB" acp check --verbose 2>&1 >/dev/null | grep -c '^hubctl: GET ')"
    test "$requests" -eq 1
    local earlier=()
    if [ -n "$BEFORE" ]; then
        local old="HUBCTL_HOME=$work/$1 HUBCTL_USER=load-0 HUBCTL_PASSWORD=load-password $work/before/hubctl"
        earlier=("$old settings get" "$old acp check" "$old settings get --help" "$work/before/hubctl --version")
    fi
    python3 "$root/bench/interleave.py" "$RUNS" 3 "$work/$1.json" \
        "curl -K $work/$1.curl" "$run settings get" "$run acp check" "$run settings get --help" \
        "curl --version" "$HUB --version" "${earlier[@]}"
}
measure one
measure many

BENCH_DIR="$root/bench" python3 - "$work" "$root/bench" "$REGS" "$BEFORE" <<'PY'
import json, statistics, sys, platform, datetime, re, os
sys.path.insert(0, os.environ["BENCH_DIR"])  # bench/results.py
from results import put_section, measured_on
work, out, regs, before = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
def ratio(a, b): return statistics.median(x / y for x, y in zip(a["times"], b["times"]))
ms = lambda r: r["median"] * 1000
targets = {"settings get": 1.4, "acp check": 1.4, "--version": 0.5}
data = {"runs": None, "homes": {}, "machine": {"platform": platform.platform(), "date": datetime.date.today().isoformat()}}
rows, versus = [], []
for name, count in (("one", 1), ("many", regs)):
    r = json.load(open(f"{work}/{name}.json"))["results"]
    curl_get, get, check, help_, curl_version, version = r[:6]
    data["runs"] = len(curl_get["times"])
    measured = [("settings get", get, curl_get, "curl's GET"), ("acp check", check, curl_get, "curl's GET"),
                ("settings get --help", help_, curl_get, "curl's GET"), ("--version", version, curl_version, "curl --version")]
    data["homes"][str(count)] = {label: {"ms": ms(a), "baseline_ms": ms(b), "ratio": ratio(a, b)} for label, a, b, _ in measured}
    for label, a, b, base in measured:
        target = targets.get(label)
        met = "" if target is None else ("yes" if ratio(a, b) <= target else "no")
        rows.append(f"| {count:,} | `hubctl {label}` | {ms(a):.1f} ms | {base} {ms(b):.1f} ms | {ratio(a, b):.2f} | "
                    f"{'≤ %.1f' % target if target else 'reported'} | {met} |")
    if before:
        old = dict(zip(("settings get", "acp check", "settings get --help", "--version"), r[6:10]))
        data["homes"][str(count)]["before"] = {label: {"ms": ms(old[label]), "this_over_before": ratio(a, old[label])}
                                               for label, a, _, _ in measured}
        for label, a, _, _ in measured:
            versus.append(f"| {count:,} | `hubctl {label}` | {ms(a):.1f} ms | {ms(old[label]):.1f} ms | {ratio(a, old[label]):.2f} |")
md = ["## Start-up: one call against curl (issue 32, bench/startup.sh)", "", f"Measured {measured_on()}.", "",
      f"Release build (`make release`), installed (a copy, as `make install` makes it); emulator and client on the same {platform.machine()} machine. Homes with one "
      f"registration and with {regs:,} (one `hubctl batch`); the bundle assigned and fetched, so `acp check` makes the "
      f"one GET curl makes. {data['runs']} runs of every command of a home in turns (bench/interleave.py): medians, "
      "and the median of per-run ratios.", "",
      "| registrations | command | hubctl | baseline | ratio | target | met |", "|---|---|---|---|---|---|---|", *rows, ""]
if before:
    md += [f"This build against the earlier one in {before} (run in the same turns on the same homes; the ratio is "
           "the median of per-run ratios, below 1 when this build is faster):", "",
           "| registrations | command | this build | earlier build | ratio |", "|---|---|---|---|---|", *versus, ""]
json.dump(data, open(f"{out}/startup.json", "w"), indent=2)
path = f"{out}/RESULTS.md"
put_section(path, "startup", md)
print("\n".join(md))
PY
