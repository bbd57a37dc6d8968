#!/usr/bin/python3
"""Baseline for `critcalc act --digits 30`: the half-stable critical point
of mish(x) = x*tanh(softplus(x)) to 30 digits with mpmath (quad for the
Gaussian averages, findroot from a float64 starting point), as a user would
do it. Same equations as act_scipy.py.

Run with Debian's python3-mpmath:  /usr/bin/python3 bench/act_mpmath.py [K0]
"""
import sys
import time

import mpmath as mp

mp.mp.dps = 40


def mish(z):
    return z * mp.tanh(mp.log1p(mp.exp(z)))


def dmish(z):
    sp = mp.log1p(mp.exp(z))
    t = mp.tanh(sp)
    sig = 1 / (1 + mp.exp(-z))
    return t + z * (1 - t * t) * sig


def avg(f, K):
    s = mp.sqrt(K)
    g = lambda t: f(s * t) * mp.exp(-t * t / 2)
    return mp.quad(g, [-mp.inf, 0, mp.inf]) / mp.sqrt(2 * mp.pi)


def R(K):
    return 2 * K * K * avg(lambda z: dmish(z) ** 2, K) - avg(lambda z: mish(z) ** 2 * (z * z - K), K)


if __name__ == "__main__":
    K0 = mp.mpf(sys.argv[1]) if len(sys.argv) > 1 else mp.mpf("1.67016913248")
    t0 = time.perf_counter()
    K = mp.findroot(R, K0, tol=mp.mpf(10) ** -32)
    sp2 = avg(lambda z: dmish(z) ** 2, K)
    s2 = avg(lambda z: mish(z) ** 2, K)
    dt = time.perf_counter() - t0
    print("K*  =", mp.nstr(K, 30))
    print("C_b =", mp.nstr(K - s2 / sp2, 30))
    print("C_W =", mp.nstr(1 / sp2, 30))
    print(f"seconds {dt:.3f}")
