#!/usr/bin/python3
"""Side-by-side timing of `critcalc act` against its SciPy and mpmath
baselines on the same activation (mish), as wall-clock times of whole
processes, each the median of several runs:

  critcalc act mish                 vs  act_scipy.py   (every critical point, float64)
  critcalc act mish --digits 30     vs  act_mpmath.py  (30 digits at the half-stable
                                        point and the K* = 0 class)

act_mpmath.py starts from the float64 root that act_scipy.py finds and
does not time that search, while `critcalc act --digits 30` finds every
root itself; so the 30-digit comparison is given twice: against
act_mpmath.py alone, and against the whole Python pipeline (act_scipy.py
then act_mpmath.py). The scripts' own in-process times (their "seconds"
line, without interpreter start and imports) are printed beside.

Run from the repository root, with Go and Debian's python3-scipy and
python3-mpmath:  /usr/bin/python3 bench/act_speed.py [--runs N]
"""
import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def wall(cmd, runs):
    """Median wall time of cmd over runs, and the last run's stdout."""
    times, out = [], ""
    for _ in range(runs):
        t0 = time.perf_counter()
        out = subprocess.run(cmd, check=True, capture_output=True, text=True).stdout
        times.append(time.perf_counter() - t0)
    return statistics.median(times), out


def inner(out):
    """The in-process time a baseline script prints as 'seconds X'."""
    m = re.search(r"seconds ([0-9.]+)", out)
    return float(m.group(1)) if m else float("nan")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=21, help="runs of each critcalc command")
    ap.add_argument("--py-runs", type=int, default=3, help="runs of each Python baseline")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        exe = os.path.join(tmp, "critcalc")
        subprocess.run(["go", "build", "-o", exe, "./cmd/critcalc"], cwd=ROOT, check=True)
        wall([exe, "act", "mish"], 2)  # warm the file cache
        cc64, _ = wall([exe, "act", "mish"], args.runs)
        cc30, _ = wall([exe, "act", "mish", "--digits", "30"], args.runs)
    py = sys.executable
    sp, sp_out = wall([py, os.path.join(HERE, "act_scipy.py")], args.py_runs)
    mp, mp_out = wall([py, os.path.join(HERE, "act_mpmath.py")], args.py_runs)
    rows = [
        ("critcalc act mish", cc64, None),
        ("act_scipy.py", sp, inner(sp_out)),
        ("critcalc act mish --digits 30", cc30, None),
        ("act_mpmath.py (root given)", mp, inner(mp_out)),
    ]
    for name, w, i in rows:
        extra = f"   (in-process {i:.3f} s)" if i is not None else ""
        print(f"{name:34s} {w:8.4f} s wall{extra}")
    print()
    print(f"act vs SciPy:                      {sp / cc64:6.1f}x wall   {inner(sp_out) / cc64:6.1f}x against SciPy in-process")
    print(f"act --digits 30 vs mpmath:         {mp / cc30:6.1f}x wall   {inner(mp_out) / cc30:6.1f}x against mpmath in-process")
    print(f"act --digits 30 vs SciPy + mpmath: {(sp + mp) / cc30:6.1f}x wall")


if __name__ == "__main__":
    main()
