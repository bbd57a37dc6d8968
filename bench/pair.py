#!/usr/bin/python3
"""Two commands side by side: the wall-clock time of each as a whole
process, in pairs, and the median of the pairs' ratios NEW/OLD.

The order within a pair alternates (new, old; old, new; ...), so that
whatever favours the first or the second process of a pair (caches, the
processor's clock) falls on both commands alike; a ratio taken pair by
pair follows the machine's drift, which on the shared 2-core development
machine moves absolute times by a fifth or more within an hour. Each
command runs --warmup times first, uncounted; its output is thrown away.

  /usr/bin/python3 bench/pair.py [--runs N] [--warmup W] --new 'CMD' --old 'CMD'

CMD is split as a shell splits words (no shell runs it). Prints the median
time of each, the median of the ratios, and their first and third
quartiles. Needs only Python's standard library.
"""
import argparse
import shlex
import statistics
import subprocess
import time


def timed(cmd):
    t0 = time.perf_counter()
    subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    return time.perf_counter() - t0


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--new", required=True)
    ap.add_argument("--old", required=True)
    ap.add_argument("--runs", type=int, default=60, help="pairs (default 60)")
    ap.add_argument("--warmup", type=int, default=3)
    args = ap.parse_args()
    if args.runs < 2 or args.warmup < 0:
        ap.error("--runs must be at least 2 and --warmup at least 0")
    new, old = shlex.split(args.new), shlex.split(args.old)
    for _ in range(args.warmup):
        timed(new)
        timed(old)
    tn, to, ratios = [], [], []
    for i in range(args.runs):
        if i % 2 == 0:
            a, b = timed(new), timed(old)
        else:
            b, a = timed(old), timed(new)
        tn.append(a)
        to.append(b)
        ratios.append(a / b)
    q = statistics.quantiles(ratios, n=4)
    print(f"new {statistics.median(tn) * 1e3:.2f} ms, old {statistics.median(to) * 1e3:.2f} ms (medians of {args.runs})")
    print(f"new/old: median {statistics.median(ratios):.3f}, quartiles {q[0]:.3f} and {q[2]:.3f}")


if __name__ == "__main__":
    main()
