#!/usr/bin/env python3
"""Times commands in turns (A, B, A, B, ...) and writes hyperfine's JSON shape.

usage: interleave.py RUNS WARMUP OUT.json COMMAND...

Run one after the other in blocks (as hyperfine does), two commands of a few milliseconds each
see different moments of a shared machine, and their ratio moves by 10% or more between runs.
In turns, run i of each command sees nearly the same machine, so the median of the per-run ratios
is steady. A command is split like a shell would (shlex) and run without a shell, output to
/dev/null; leading NAME=value words are set in its environment (as a shell would, without the
extra process `env` would add to its time); a run that exits non-zero stops the benchmark.
"""
import json, os, re, shlex, statistics, subprocess, sys, time

runs, warmup, out = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
commands = sys.argv[4:]
def split(command):
    words, env = shlex.split(command), dict(os.environ)
    while words and re.match(r"^[A-Za-z_][A-Za-z0-9_]*=", words[0]):
        name, _, value = words.pop(0).partition("=")
        env[name] = value
    return words, env
argvs = [split(c) for c in commands]
times = [[] for _ in commands]
for i in range(warmup + runs):
    for j, (argv, env) in enumerate(argvs):
        start = time.perf_counter()
        done = subprocess.run(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        elapsed = time.perf_counter() - start
        if done.returncode != 0:
            sys.exit(f"interleave.py: {commands[j]!r} exited with {done.returncode}")
        if i >= warmup:
            times[j].append(elapsed)
json.dump({"results": [{"command": c, "median": statistics.median(t), "mean": statistics.mean(t), "times": t}
                       for c, t in zip(commands, times)]}, open(out, "w"), indent=2)
