#!/usr/bin/env bash
# Issue 40, item 3: one registration read with SQLite in each of the ways read.c knows, in turns
# (bench/interleave.py), each minus a process that only starts and exits. Not hubctl itself: what
# SQLite costs, each option alone. bench/STARTUP.md has the results. Not a test.
#
#   bench/sqlite-read/run.sh [RUNS (201)]
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cc -O2 -o "$work/setup" "$here/setup.c" -lsqlite3
cc -O2 -DSTATIC -o "$work/read-static" "$here/read.c" -l:libsqlite3.a -lm
cc -O2 -o "$work/read-dyn" "$here/read.c" -ldl
cd "$work"
./setup wal-triggers.db wal triggers 10000
./setup wal-plain.db wal plain 10000
./setup delete-plain.db delete plain 10000
python3 "$here/../interleave.py" "${1:-201}" 5 "$work/out.json" \
  "./read-static none" \
  "./read-dyn dyn,rw,count wal-triggers.db" \
  "./read-static static,rw,count wal-triggers.db" \
  "./read-static static,rw,count wal-plain.db" \
  "./read-static static,ro,count wal-plain.db" \
  "./read-static static,ro,uv wal-plain.db" \
  "./read-static static,ro,hdr wal-plain.db" \
  "./read-static static,ro,hdr,cfg wal-plain.db" \
  "./read-static static,ro,hdr delete-plain.db" \
  "./read-static static,rw,hdr delete-plain.db" >/dev/null
python3 - "$work/out.json" <<'PY'
import json, statistics, sys
r = json.load(open(sys.argv[1]))["results"]
base = r[0]["times"]
for x in r:
    d = statistics.median(a - b for a, b in zip(x["times"], base))
    print(f'{statistics.median(x["times"]) * 1000:7.3f} ms  +{d * 1000:6.3f} ms  {x["command"]}')
PY
