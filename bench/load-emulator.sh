# Sourced by bench/startup.sh and bench/registrations.sh (with BIN and root set): a work directory
# removed at exit, and an emulator whose users load-0, load-1, … share one password, for homes of
# many registrations, stopped at exit. Sets work, url and emu_pid and the variables every hubctl of
# the benchmark reads.
for tool in curl python3 jq; do
    command -v "$tool" >/dev/null || { echo "bench needs $tool (make deps)" >&2; exit 1; }
done
work="$(mktemp -d)"
emu_pid=""
cleanup() { [ -n "$emu_pid" ] && kill "$emu_pid" 2>/dev/null; rm -rf "$work"; }
trap cleanup EXIT
cat >"$work/emu.json" <<'JSON'
{"applications": [{"id": "com.example.demo", "users": {"demo": "demo-password"},
                   "userPatterns": {"load-*": "load-password"}, "securityConfiguration": "DemoSSO"}]}
JSON
"$BIN/hubctl-emulator" --port 0 --config "$work/emu.json" >"$work/emu.out" 2>"$work/emu.log" &
emu_pid=$!
for _ in $(seq 1 100); do grep -q listening "$work/emu.out" 2>/dev/null && break; sleep 0.1; done
url="$(sed -n 's/.*listening on //p' "$work/emu.out")"
export HUBCTL_SERVER="$url" HUBCTL_APP_ID=com.example.demo HUBCTL_NO_INPUT=1 HUBCTL_PW_LOAD=load-password

# load_batch FILE COUNT: the batch lines that register load-0 … load-(COUNT-1).
load_batch() {
    python3 - "$1" "$2" <<'PY'
import json, sys
with open(sys.argv[1], "w") as f:
    for i in range(int(sys.argv[2])):
        f.write(json.dumps({"command": ["register"], "user": f"load-{i}", "password-env": "HUBCTL_PW_LOAD"}) + "\n")
PY
}
