#!/usr/bin/env bash
# Issue 32's table: one call of hubctl against the same work done by curl (with the system's
# libcurl), on a home with one registration and on a home with REGS registrations, all commands of
# a home in turns (bench/interleave.py): `settings get` and `acp check` against curl's GET of the
# connection's settings (the one request either makes: the bundle is assigned and fetched, so
# `acp check` asks nothing more), `settings get --help` against the same GET (reported), and
# `--version` against `curl --version`. Writes bench/startup.json and the "Start-up" section of
# bench/RESULTS.md. Not a test.
#
#   bench/startup.sh [BIN (.build/release)]
set -euo pipefail
BIN="$(cd "${1:-.build/release}" && pwd)"
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
    python3 "$root/bench/interleave.py" "$RUNS" 3 "$work/$1.json" \
        "curl -K $work/$1.curl" "$run settings get" "$run acp check" "$run settings get --help" \
        "curl --version" "$HUB --version"
}
measure one
measure many

python3 - "$work" "$root/bench" "$REGS" <<'PY'
import json, statistics, sys, platform, datetime, re, os
work, out, regs = sys.argv[1], sys.argv[2], int(sys.argv[3])
def ratio(a, b): return statistics.median(x / y for x, y in zip(a["times"], b["times"]))
ms = lambda r: r["median"] * 1000
targets = {"settings get": 1.4, "acp check": 1.4, "--version": 0.5}
data = {"runs": None, "homes": {}, "machine": {"platform": platform.platform(), "date": datetime.date.today().isoformat()}}
rows = []
for name, count in (("one", 1), ("many", regs)):
    r = json.load(open(f"{work}/{name}.json"))["results"]
    curl_get, get, check, help_, curl_version, version = r
    data["runs"] = len(curl_get["times"])
    measured = [("settings get", get, curl_get, "curl's GET"), ("acp check", check, curl_get, "curl's GET"),
                ("settings get --help", help_, curl_get, "curl's GET"), ("--version", version, curl_version, "curl --version")]
    data["homes"][str(count)] = {label: {"ms": ms(a), "baseline_ms": ms(b), "ratio": ratio(a, b)} for label, a, b, _ in measured}
    for label, a, b, base in measured:
        target = targets.get(label)
        met = "" if target is None else ("yes" if ratio(a, b) <= target else "no")
        rows.append(f"| {count:,} | `hubctl {label}` | {ms(a):.1f} ms | {base} {ms(b):.1f} ms | {ratio(a, b):.2f} | "
                    f"{'≤ %.1f' % target if target else 'reported'} | {met} |")
md = ["<!-- startup -->", "## Start-up: one call against curl (issue 32, bench/startup.sh)", "",
      f"Release build (`make release`), installed (a copy, as `make install` makes it); emulator and client on the same {platform.machine()} machine. Homes with one "
      f"registration and with {regs:,} (one `hubctl batch`); the bundle assigned and fetched, so `acp check` makes the "
      f"one GET curl makes. {data['runs']} runs of every command of a home in turns (bench/interleave.py): medians, "
      "and the median of per-run ratios.", "",
      "| registrations | command | hubctl | baseline | ratio | target | met |", "|---|---|---|---|---|---|---|", *rows, ""]
json.dump(data, open(f"{out}/startup.json", "w"), indent=2)
path = f"{out}/RESULTS.md"
text = open(path).read() if os.path.exists(path) else "# Benchmark results\n"
text = re.sub(r"\n<!-- startup -->.*?\n<!-- /startup -->\n?", "\n", text, flags=re.S)
text = text.rstrip("\n") + "\n\n" + "\n".join(md) + "<!-- /startup -->\n"
open(path, "w").write(text)
print("\n".join(md))
PY
