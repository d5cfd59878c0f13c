#!/usr/bin/env bash
# `make bench`: hubctl against the tools it replaces (curl, curl+bsdtar, Python's plistlib), on one
# hubctl-emulator, with hyperfine. Writes its section of bench/RESULTS.md and bench/results.json. Not a test.
set -euo pipefail
BIN="$(cd "${1:-.build/release}" && pwd)"
root="$(cd "$(dirname "$0")/.." && pwd)"
RUNS="${BENCH_RUNS:-15}"
work="$(mktemp -d)"
emu_pid=""
cleanup() { [ -n "$emu_pid" ] && kill "$emu_pid" 2>/dev/null; rm -rf "$work"; }
trap cleanup EXIT
for tool in hyperfine curl bsdtar python3 /usr/bin/time jq; do
    command -v "$tool" >/dev/null || { echo "bench needs $tool (make deps)" >&2; exit 1; }
done

"$BIN/hubctl-emulator" --port 0 >"$work/emu.out" 2>"$work/emu.log" &
emu_pid=$!
for _ in $(seq 1 100); do grep -q listening "$work/emu.out" 2>/dev/null && break; sleep 0.1; done
url="$(sed -n 's/.*listening on //p' "$work/emu.out")"

export HUBCTL_HOME="$work/home" HUBCTL_SERVER="$url" HUBCTL_APP_ID=com.example.demo HUBCTL_USER=demo
export HUBCTL_PASSWORD=demo-password HUBCTL_NO_INPUT=1
hubctl="$BIN/hubctl"
appcid="$("$hubctl" register | jq -r .ApplicationConnectionId)"
conn="$url/odata/applications/latest/com.example.demo/Connections('$appcid')"
printf 'user = "demo:demo-password"\n' >"$work/curl.cfg"   # curl's password kept out of argv too

# A 50 MB, 5,000-file bundle (incompressible content, as real images are).
python3 - "$work/bundle.zip" <<'PY'
import os, sys, zipfile
with zipfile.ZipFile(sys.argv[1], "w", zipfile.ZIP_DEFLATED) as z:
    z.writestr("META-INF/MANIFEST.MF", "Customization-Resource-Bundle-Name: Bench\nCustomization-Resource-Bundle-Version: 1.0\n")
    for i in range(4999):
        z.writestr(f"img/{i // 100}/{i}.bin", os.urandom(10_000))
PY
curl -fsS -X PUT --data-binary @"$work/bundle.zip" "$url/_emulator/bundles/com.example.demo/Bench:1.0" >/dev/null
curl -fsS -X POST -H 'Content-Type: application/json' -d '{"appId":"com.example.demo","bundleId":"Bench:1.0"}' "$url/_emulator/assign" >/dev/null

# 1,000 clienthub.plist files.
mkdir -p "$work/plists"
python3 - "$work/plists" <<'PY'
import plistlib, sys
for i in range(1000):
    with open(f"{sys.argv[1]}/p{i}.plist", "wb") as f:
        plistlib.dump({"Host": f"smp{i}.example.com", "Port": "8443", "FarmID": "0", "SecurityConfiguration": "SSO",
                       "UserCreationPolicy": "automatic", "HTTPS": "true"}, f)
PY
cat >"$work/plistlib_loop.py" <<'PY'
import glob, plistlib, sys
ok = 0
for path in sorted(glob.glob(sys.argv[1] + "/*.plist")):
    with open(path, "rb") as f:
        d = plistlib.load(f)
    ok += isinstance(d, dict) and all(k in d for k in ("Host", "Port", "FarmID", "SecurityConfiguration", "UserCreationPolicy"))
print(ok)
PY

export HUBCTL_VAULT_KEY_BENCH="$(openssl rand -base64 32)"
HUBCTL_VAULT_KEY="$HUBCTL_VAULT_KEY_BENCH" "$hubctl" vault init >/dev/null
printf 'token-value' | HUBCTL_VAULT_KEY="$HUBCTL_VAULT_KEY_BENCH" "$hubctl" vault set api-token >/dev/null
mkdir -p "$work/pp" && HUBCTL_HOME="$work/pp" HUBCTL_VAULT_PASSPHRASE='bench passphrase 1!' "$hubctl" vault init >/dev/null
printf 'token-value' | HUBCTL_HOME="$work/pp" HUBCTL_VAULT_PASSPHRASE='bench passphrase 1!' "$hubctl" vault set api-token >/dev/null

hf() { hyperfine --style none --runs "$RUNS" --warmup 2 --export-json "$work/$1.json" "${@:2}" >/dev/null 2>&1; }
hf settings "$hubctl settings get" "curl -fsS -K $work/curl.cfg -H 'Accept: application/json' -H 'X-SMP-APPCID: $appcid' \"$conn\""
hf version "$hubctl --version" "curl --version"
hf acp --prepare "rm -rf $work/dest $work/x $work/dl.zip" \
    "$hubctl acp fetch --force --no-sync --dest $work/dest" \
    "curl -fsS -K $work/curl.cfg -H 'X-SMP-APPCID: $appcid' -o $work/dl.zip '$url/bundles/com.example.demo/Bench:1.0' && mkdir -p $work/x && bsdtar -xf $work/dl.zip -C $work/x"
hf acpsync --prepare "rm -rf $work/dest" "$hubctl acp fetch --force --dest $work/dest"
hf plist "$hubctl plist validate $work/plists/*.plist" "python3 $work/plistlib_loop.py $work/plists"
hf vaultkey "env HUBCTL_VAULT_KEY=$HUBCTL_VAULT_KEY_BENCH $hubctl vault show api-token"
hf vaultpass "env HUBCTL_HOME=$work/pp HUBCTL_VAULT_PASSPHRASE='bench passphrase 1!' $hubctl vault show api-token"

peak() { /usr/bin/time -f '%M' -o "$work/mem" bash -c "$1" >/dev/null 2>&1 || true; cat "$work/mem"; }
rm -rf "$work/dest"
mem_acp=$(peak "$hubctl acp fetch --force --dest $work/dest")
mem_curl_bsdtar=$(peak "curl -fsS -K $work/curl.cfg -H 'X-SMP-APPCID: $appcid' -o $work/dl.zip '$url/bundles/com.example.demo/Bench:1.0' && rm -rf $work/x && mkdir -p $work/x && bsdtar -xf $work/dl.zip -C $work/x")
mem_settings=$(peak "$hubctl settings get")
mem_plist=$(peak "$hubctl plist validate $work/plists/*.plist")
mem_python=$(peak "python3 $work/plistlib_loop.py $work/plists")
mem_vault=$(peak "env HUBCTL_VAULT_KEY=$HUBCTL_VAULT_KEY_BENCH $hubctl vault show api-token")

BENCH_DIR="$root/bench" python3 - "$work" "$root/bench" "$mem_acp" "$mem_curl_bsdtar" "$mem_settings" "$mem_plist" "$mem_python" "$mem_vault" <<'PY'
import json, os, statistics, sys, platform, datetime
sys.path.insert(0, os.environ["BENCH_DIR"])  # bench/results.py
from results import put_section, measured_on
work, out = sys.argv[1], sys.argv[2]
mem = dict(zip(["acp", "curl_bsdtar", "settings", "plist", "python", "vault"], [int(x) for x in sys.argv[3:9]]))
def load(name):
    return json.load(open(f"{work}/{name}.json"))["results"]
rows, data = [], {}
targets = {"settings": 1.3, "version": 2.0, "acp": 1.0, "plist": 1.0}
labels = {"settings": "settings get vs curl", "version": "--version vs curl --version",
          "acp": "acp fetch --no-sync 50 MB/5,000 files vs curl + bsdtar", "plist": "plist validate ×1000 vs plistlib loop"}
for name in ["settings", "version", "acp", "plist"]:
    a, b = load(name)
    ratios = [x / y for x, y in zip(a["times"], b["times"])]
    r = statistics.median(ratios)
    data[name] = {"hubctl_median_s": a["median"], "baseline_median_s": b["median"], "median_ratio": r,
                  "target": targets[name], "met": r <= targets[name]}
    rows.append(f"| {labels[name]} | {a['median']*1000:.1f} ms | {b['median']*1000:.1f} ms | {r:.2f} | ≤ {targets[name]} | {'yes' if r <= targets[name] else 'no'} |")
for name, label in [("acpsync", "acp fetch, durable (default: syncfs before the switch)"), ("vaultkey", "vault show (HUBCTL_VAULT_KEY)"), ("vaultpass", "vault show (passphrase, scrypt 2^17)")]:
    (a,) = load(name)
    data[name] = {"hubctl_median_s": a["median"]}
    rows.append(f"| {label} | {a['median']*1000:.1f} ms | | | | |")
data["peak_memory_kib"] = mem
data["acp_memory_target_met"] = mem["acp"] < 64 * 1024
data["machine"] = {"platform": platform.platform(), "date": datetime.date.today().isoformat()}
md = ["## Against the tools it replaces (bench/run.sh)", "", f"Measured {measured_on()}. Release build, medians of {len(load('settings')[0]['times'])} runs (hyperfine); the ratio is the median of per-run ratios.", "",
      "| measurement | hubctl | baseline | ratio | target | met |", "|---|---|---|---|---|---|", *rows, "",
      "Peak memory (KiB, /usr/bin/time): " + ", ".join(f"{k} {v}" for k, v in mem.items()) +
      f". Target for acp fetch: < 65536 KiB ({'met' if data['acp_memory_target_met'] else 'missed'}).", ""]
why = {
    "settings": (f"hubctl is a Swift program: starting it (loading and initialising the Swift runtime and Foundation, "
                 f"statically linked in release builds) takes {data['version']['hubctl_median_s']*1000:.0f} ms here "
                 f"(`hubctl --version`), more than curl's whole run time for one GET on loopback "
                 f"({data['settings']['baseline_median_s']*1000:.0f} ms). The rest, "
                 f"{(data['settings']['hubctl_median_s'] - data['version']['hubctl_median_s'])*1000:.0f} ms, is the work itself: "
                 "the configuration layers, the state file, the HTTP exchange, decoding the OData entity and writing the "
                 "JSON. Against a real server, where the network round trip dominates, the ratio tends to 1."),
    "version": "Process start of a Swift binary (runtime and Foundation initialisation) against a C binary.",
    "acp": "Extraction creates every file itself with O_EXCL|O_NOFOLLOW and counts bytes as they stream; "
           "on a disk shared with other jobs, file creation dominates and the timings vary from run to run: the ratio sits at about 1 and moves by several percent between runs.",
    "plist": "Parsing goes through Foundation's PropertyListSerialization and the full rule set.",
}
notes = [f"- **{labels[n]}**: missed by {data[n]['median_ratio'] / data[n]['target']:.2f}× the target. {why[n]}"
         for n in ["settings", "version", "acp", "plist"] if not data[n]["met"]]
if notes:
    md += ["### Targets missed, and why", "", *notes, ""]
md += ["The durable `acp fetch` (the default) flushes the filesystem once (syncfs) before switching `current`, "
       "so a power loss cannot leave a profile of empty files current; `--no-sync` skips that, like `bsdtar -x`, "
       "which is what the ratio compares. On a disk that other jobs are writing to, the flush can take seconds.", ""]
put_section(f"{out}/RESULTS.md", "run", md)
json.dump(data, open(f"{out}/results.json", "w"), indent=2)
print("\n".join(md))
PY

# logs upload of a 500 MB client log vs curl --data-binary (its own emulator; its own section of bench/RESULTS.md).
bash "$root/bench/logs.sh" "$BIN"
