#!/usr/bin/python3
"""Every speed goal of critcalc side by side with its baseline, as wall-clock
times of whole processes (interpreter or program start included), each the
median of several runs, the runs of a pair interleaved (critcalc, baseline,
critcalc, baseline, ...) so that a change of machine load hits both alike.
Prints a Markdown table: workload, critcalc time, baseline time, ratio,
goal, met?.

  workload                                      baseline
  act mish                                      bench/act_scipy.py (SciPy quad + brentq)
  act mish --digits 30                          bench/act_mpmath.py (mpmath, root given)
  depth tanh, 10^5 layers (float64)             bench/depth_numpy.py (64-node Gauss-Hermite loop)
  depth tanh with --inputs, 100 layers          bench/depth2_numpy.py, degree 100 and degree 25
  the two-input map alone, per layer            the degree-100 loop's own time (in process both:
                                                go test -bench IterateTwoChecked/two)
  depth tanh --digits 30, per layer             critcalc as of commit 62a9799 (built from a
                                                temporary git worktree)
  hermite gelu --digits 30 --terms 10           bench/hermite_mpmath.py (truncated map)
  expr '(1/3)^100000*x', expr '2^10000000*x'    none: goal 1 s absolute

The --digits 30 depth rows run the same commands on both binaries; the
per-layer row takes the difference of a 200- and a 20-layer run, so that
start-up and the first layer drop out of it. A time "a layer" is the whole process's
divided by the layers (start-up, and for 10^5 layers the asymptotic fit,
included). act_speed.py, the older script for the
first two rows alone, is kept for its in-process times.

Needs only Go (to build critcalc here and the baseline commit) and
Debian's python3-numpy, python3-scipy and python3-mpmath. Run from the
repository root:

  /usr/bin/python3 bench/speed.py [--runs N] [--only SUBSTRING] [--no-base]

--runs is the number of runs of each command (default 5; 3 for
baselines that take more than 10 s a run); --only keeps the rows whose
workload contains SUBSTRING; --no-base skips building the baseline commit
(the --digits 30 depth row is then left out).
"""
import argparse
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
BASE_COMMIT = "62a9799"
PY = "/usr/bin/python3" if os.path.exists("/usr/bin/python3") else sys.executable


def once(cmd):
    """Wall time of one run of cmd; it must succeed."""
    t0 = time.perf_counter()
    r = subprocess.run(cmd, capture_output=True, text=True)
    dt = time.perf_counter() - t0
    if r.returncode != 0:
        raise SystemExit(f"{' '.join(cmd)} failed ({r.returncode}):\n{r.stderr[-2000:]}")
    return dt


def paired(a, b, runs):
    """Median wall times of a and b, runs of each, interleaved."""
    ta, tb = [], []
    for _ in range(runs):
        ta.append(once(a))
        if b is not None:
            tb.append(once(b))
    return statistics.median(ta), (statistics.median(tb) if tb else None)


def build(tmp, no_base):
    """Builds critcalc from the working tree and, unless no_base, from
    BASE_COMMIT in a temporary worktree; returns their paths."""
    exe = os.path.join(tmp, "critcalc")
    subprocess.run(["go", "build", "-o", exe, "./cmd/critcalc"], cwd=ROOT, check=True)
    if no_base:
        return exe, None
    wt = os.path.join(tmp, "base")
    base = os.path.join(tmp, "critcalc-base")
    subprocess.run(["git", "worktree", "add", "--detach", "-q", wt, BASE_COMMIT], cwd=ROOT, check=True)
    try:
        subprocess.run(["go", "build", "-o", base, "./cmd/critcalc"], cwd=wt, check=True)
    finally:
        subprocess.run(["git", "worktree", "remove", "--force", wt], cwd=ROOT, check=False)
    return exe, base


def map_per_layer(runs, baseline):
    """Per-layer times of the two-input map in process: the median ns/op
    of `go test -bench IterateTwoChecked/two` (100 layers) over 100, and
    the median of the baseline's own loop time ("seconds" line, 99
    layers) over 99; the runs interleaved."""
    tc, tb = [], []
    for _ in range(runs):
        r = subprocess.run(["go", "test", "-run", "XXX", "-bench", "IterateTwoChecked/two$", "-benchtime", "200x",
                            "./recursions"], cwd=ROOT, capture_output=True, text=True, check=True)
        ns = next(float(l.split()[2]) for l in r.stdout.splitlines() if l.startswith("BenchmarkIterateTwoChecked/two"))
        tc.append(ns * 1e-9 / 100)
        r = subprocess.run(baseline, capture_output=True, text=True, check=True)
        sec = next(float(l.split()[1]) for l in r.stdout.splitlines() if l.startswith("seconds"))
        tb.append(sec / 99)
    return statistics.median(tc), statistics.median(tb)


def fmt(t):
    if t is None:
        return "–"
    return f"{t * 1000:.1f} ms" if t < 1 else f"{t:.2f} s"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--only", default="")
    ap.add_argument("--no-base", action="store_true")
    args = ap.parse_args()
    bench = lambda name: [PY, os.path.join(HERE, name)]
    with tempfile.TemporaryDirectory() as tmp:
        cc, base = build(tmp, args.no_base)
        depth30 = ["depth", "tanh", "--cb", "0", "--cw", "1", "--layers", "20", "--every", "20", "--digits", "30"]
        two = ["depth", "tanh", "--cb", "0.1", "--cw", "1.5", "--layers", "100", "--every", "100",
               "--inputs", "1,1.2,0.9"]
        # (workload, critcalc command, baseline command or None, goal text,
        #  goal test on (critcalc time, baseline time), per-layer divisor)
        rows = [
            ("`act mish` vs SciPy", [cc, "act", "mish"], bench("act_scipy.py"),
             "≥ 100×, ≤ 10 ms", lambda c, b: b / c >= 100 and c <= 0.010, 0),
            ("`act mish --digits 30` vs mpmath", [cc, "act", "mish", "--digits", "30"], bench("act_mpmath.py"),
             "≥ 200×", lambda c, b: b / c >= 200, 0),
            ("`depth tanh --cb 0 --cw 1 --layers 100000` (with its asymptotic fit) vs numpy (64-node rule)",
             [cc, "depth", "tanh", "--cb", "0", "--cw", "1", "--layers", "100000", "--every", "100000"],
             bench("depth_numpy.py"), "≥ 20×", lambda c, b: b / c >= 20, 100000),
            ("`depth tanh --cb 0.1 --cw 1.5 --layers 100 --inputs 1,1.2,0.9` vs numpy degree 100",
             [cc] + two, bench("depth2_numpy.py") + ["--degree", "100"],
             "≥ 10× (≤ 10 µs a layer: the map alone, last row)", lambda c, b: b / c >= 10, 100),
            ("the same vs numpy degree 25 (1e-6 accurate)", [cc] + two,
             bench("depth2_numpy.py") + ["--degree", "25"], "(for reference)", None, 100),
        ]
        if base is not None:
            rows.append(("`depth tanh --cb 0 --cw 1 --layers 20 --digits 30` vs critcalc " + BASE_COMMIT,
                         [cc] + depth30, [base] + depth30, "(whole process, for reference)",
                         None, 20))
            # Per layer: the difference of a 200- and a 20-layer run over
            # 180, so that start-up and the first layer's nodes drop out.
            depth200 = [a if a != "20" else "200" for a in depth30]
            rows.append(("`depth tanh --cb 0 --cw 1 --digits 30` per layer, (t(200 layers) − t(20))/180, vs critcalc "
                         + BASE_COMMIT, ([cc] + depth200, [cc] + depth30), ([base] + depth200, [base] + depth30),
                         "≥ 10× (≤ 1.5 ms a layer)", lambda c, b: b / c >= 10 and c <= 1.5e-3, -180))
        rows += [
            ("`hermite gelu --digits 30 --terms 10` vs mpmath (truncated map)",
             [cc, "hermite", "gelu", "--digits", "30", "--terms", "10"], bench("hermite_mpmath.py"),
             "≤ 0.3 s", lambda c, b: c <= 0.3, 0),
            ("`expr '(1/3)^100000*x'`", [cc, "expr", "(1/3)^100000*x"], None, "≤ 1 s",
             lambda c, b: c <= 1, 0),
            ("`expr '2^10000000*x'`", [cc, "expr", "2^10000000*x"], None, "≤ 1 s",
             lambda c, b: c <= 1, 0),
        ]
        rows.append(("the two-input map alone, per layer, in process: `BenchmarkIterateTwoChecked/two` (the 100 layers "
                     "of the row above, both checked runs, from a new σ) vs the degree-100 loop's own time / 99",
                     "gobench", None, "≤ 10 µs a layer, ≥ 10×", lambda c, b: c <= 10e-6 and b / c >= 10, 0))
        rows = [r for r in rows if args.only in r[0]]
        load0 = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
        once([cc, "act", "mish"])  # the file cache
        out = []
        for name, c, b, goal, test, layers in rows:
            if layers < 0:
                # A per-layer row: c and b are (long, short) pairs of commands.
                tcl, tbl = paired(c[0], b[0], args.runs)
                tcs, tbs = paired(c[1], b[1], args.runs)
                tc, tb = (tcl - tcs) / -layers, (tbl - tbs) / -layers
                met = "yes" if test(tc, tb) else "no"
                out.append(f"| {name} | {tc * 1e3:.3g} ms | {tb * 1e3:.3g} ms | {tb / tc:.1f}× | {goal} | {met} |")
                print(out[-1], file=sys.stderr, flush=True)
                continue
            if c == "gobench":
                tc, tb = map_per_layer(args.runs, bench("depth2_numpy.py") + ["--degree", "100"])
                met = "yes" if test(tc, tb) else "no"
                out.append(f"| {name} | {tc * 1e6:.3g} µs | {tb * 1e6:.3g} µs | {tb / tc:.1f}× | {goal} | {met} |")
                print(out[-1], file=sys.stderr, flush=True)
                continue
            probe = once(b) if b is not None else once(c)
            runs = args.runs if probe < 10 else max(1, min(args.runs, 3))
            tc, tb = paired(c, b, runs)
            ratio = f"{tb / tc:.1f}×" if tb is not None else "–"
            met = "–" if test is None else ("yes" if test(tc, tb) else "no")
            per = ""
            if layers:
                pl = tc / layers
                per = f" ({pl * 1e6:.3g} µs a layer)" if pl < 1e-3 else f" ({pl * 1e3:.3g} ms a layer)"
            out.append(f"| {name} | {fmt(tc)}{per} | {fmt(tb)} | {ratio} | {goal} | {met} |")
            print(out[-1], file=sys.stderr, flush=True)
    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo") as f:
            cpu = next(l.split(":", 1)[1].strip() for l in f if l.startswith("model name"))
    except (OSError, StopIteration):
        pass
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, {cpu}, {os.cpu_count()} cores, "
          f"load {load0:.1f} at the start, {load:.1f} at the end; medians of {args.runs} interleaved runs "
          f"(3 for baselines over 10 s)")
    print()
    print("| workload | critcalc | baseline | ratio | goal | met? |")
    print("|---|---|---|---|---|---|")
    print("\n".join(out))


if __name__ == "__main__":
    main()
