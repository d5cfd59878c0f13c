#!/usr/bin/env python3
"""Writes one bench script's section of bench/RESULTS.md (imported by the bench/*.sh scripts).

RESULTS.md opens with the current figures: one section per script, between `<!-- NAME -->` and
`<!-- /NAME -->`, each saying the day and the commit it measured. A script replaces its own section
where it stands, or adds it after the other current sections; it never touches another script's
section or what stands under "## History", where earlier measurements and their analyses are kept
for their reasoning (they do not describe the current build).
"""
import datetime, os, re, subprocess

HISTORY = "## History"
HEAD = ("# Benchmark results\n\n"
        "The current figures, one section per bench script (`make bench` runs them all on the release "
        "binaries), each with the day and commit it measured. Under [History](#history): earlier "
        "measurements and analyses, kept for their reasoning; they do not describe the current build.\n")


def measured_on():
    """`2026-12-07, commit 1a2b3c4 (load average …)` (`+ uncommitted changes` when tracked files
    differ from the commit): the
    checkout the script runs in, or `BENCH_BUILD` when the binaries measured were built elsewhere
    (`BENCH_BUILD="commit 1a2b3c4" bench/run.sh /tmp/old-release`)."""
    load = f" (load average {os.getloadavg()[1]:.1f} over the last 5 minutes as it was written)"
    if os.environ.get("BENCH_BUILD"):
        return f"{datetime.date.today().isoformat()}, {os.environ['BENCH_BUILD']}{load}"
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

    def git(*args):
        return subprocess.run(["git", "-C", root, *args], capture_output=True, text=True).stdout.strip()
    commit = git("rev-parse", "--short", "HEAD") or "unknown"
    dirty = " + uncommitted changes" if git("status", "--porcelain", "--untracked-files=no") else ""
    return f"{datetime.date.today().isoformat()}, commit {commit}{dirty}{load}"


def put_section(path, name, lines):
    """Puts `lines` (a list of markdown lines, the heading first) as the section NAME."""
    body = "\n".join(lines).rstrip("\n")
    section = f"<!-- {name} -->\n{body}\n<!-- /{name} -->\n"
    text = open(path).read() if os.path.exists(path) else HEAD
    pattern = re.compile(rf"<!-- {re.escape(name)} -->\n.*?<!-- /{re.escape(name)} -->\n", re.S)
    if pattern.search(text):
        text = pattern.sub(lambda _: section, text, count=1)
    elif HISTORY in text:
        at = text.index(HISTORY)
        text = text[:at].rstrip("\n") + "\n\n" + section + "\n" + text[at:]
    else:
        text = text.rstrip("\n") + "\n\n" + section
    open(path, "w").write(text)
