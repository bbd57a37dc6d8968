#!/usr/bin/python3
"""Baseline for `critcalc beta --sim` and the sim package: the Monte-Carlo
experiment of the log-Gaussian notes (§1.1) with explicit weight
matrices, as a user would write it in numpy: ReLU networks
z0 = W0 x/sqrt(n_in), z^l = sqrt(2/n) W^l relu(z^{l-1}) (l = 1..d),
z_out = W_out z^d/sqrt(n), iid N(0, 1) weights, no biases, ||x||^2/n_in = 1;
G = ln[(||z^d||^2/n)/(||x||^2/n_in)].

Networks are processed in batches with np.matmul on stacked weight
matrices drawn by numpy's default generator (PCG64, ziggurat normals). It
prints the throughput (networks per second) and the moments of G and of
ln||z_out||^2 with their standard errors.

Run with Debian's python3-numpy:
    /usr/bin/python3 bench/sim_numpy.py [--nets M] [--width n] [--depth d]
"""
import argparse
import time

import numpy as np


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--nets", type=int, default=1024)
    p.add_argument("--width", type=int, default=100)
    p.add_argument("--depth", type=int, default=100)
    p.add_argument("--nin", type=int, default=10)
    p.add_argument("--nout", type=int, default=10)
    p.add_argument("--batch", type=int, default=64)
    p.add_argument("--seed", type=int, default=1)
    a = p.parse_args()
    n, d = a.width, a.depth
    rng = np.random.default_rng(a.seed)
    x = rng.standard_normal(a.nin)
    x *= np.sqrt(a.nin / (x @ x))  # ||x||^2/n_in = 1
    G, logout = [], []
    t0 = time.perf_counter()
    for start in range(0, a.nets, a.batch):
        b = min(a.batch, a.nets - start)
        w0 = rng.standard_normal((b, n, a.nin))
        z = (w0 @ x) / np.sqrt(a.nin)  # (b, n)
        for _ in range(d):
            w = rng.standard_normal((b, n, n))
            z = np.sqrt(2.0 / n) * np.matmul(w, np.maximum(z, 0.0)[:, :, None])[:, :, 0]
        wout = rng.standard_normal((b, a.nout, n))
        out = np.matmul(wout, z[:, :, None])[:, :, 0] / np.sqrt(n)
        G.append(np.log((z * z).sum(axis=1) / n))
        logout.append(np.log((out * out).sum(axis=1)))
    dt = time.perf_counter() - t0
    G = np.concatenate(G)
    logout = np.concatenate(logout)
    M = len(G)

    def moments(v):
        m, s2 = v.mean(), v.var(ddof=1)
        m4 = ((v - m) ** 4).mean()
        return m, np.sqrt(s2 / M), s2, np.sqrt((m4 - s2 * s2) / M)

    print(f"numpy {np.__version__}: {M} networks, n = {n}, d = {d}, "
          f"n_in = {a.nin}, n_out = {a.nout}, batch {a.batch}")
    print(f"time {dt:.3f} s, {M / dt:.1f} networks/s, "
          f"{M * (d * n * n + n * (a.nin + a.nout)) / dt / 1e6:.1f} M weights/s")
    for name, v in (("G", G), ("ln||z_out||^2", logout)):
        m, sm, s2, sv = moments(v)
        print(f"{name}: mean {m:.4f} +- {sm:.4f}, variance {s2:.4f} +- {sv:.4f}")


if __name__ == "__main__":
    main()
