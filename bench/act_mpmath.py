#!/usr/bin/python3
"""Baseline for `critcalc act --digits 30`: the same outputs for
mish(x) = x*tanh(softplus(x)) to 30 digits with mpmath, as a user would
compute them: the half-stable point K* (findroot from the float64 root that
act_scipy.py finds; that search is not timed here), C_b, C_W and a1~ there,
and the K* = 0 class from the Taylor coefficients at 0 (a1, a2, b1 of PDLT
5.86-5.88). Same equations as act_scipy.py.

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
    q = avg(lambda z: mish(z) ** 2 * (z ** 4 - 6 * K * z * z + 3 * K * K), K)
    cw = 1 / sp2
    a1t = cw * q / (8 * K ** 4)
    c = mp.taylor(mish, 0, 5)
    s = [c[p] * mp.factorial(p) for p in range(6)]
    a1 = s[3] / s[1] + mp.mpf(3) / 4 * (s[2] / s[1]) ** 2
    a2 = s[5] / (4 * s[1]) + mp.mpf(5) / 8 * (s[4] / s[1]) * (s[2] / s[1]) + mp.mpf(5) / 12 * (s[3] / s[1]) ** 2
    b1 = s[3] / s[1] + (s[2] / s[1]) ** 2
    dt = time.perf_counter() - t0
    print("K*  =", mp.nstr(K, 30))
    print("C_b =", mp.nstr(K - s2 / sp2, 30))
    print("C_W =", mp.nstr(cw, 30))
    print("a1~ =", mp.nstr(a1t, 30))
    print("K*=0: C_W =", mp.nstr(1 / s[1] ** 2, 30), " a1 =", mp.nstr(a1, 30), " a2 =", mp.nstr(a2, 30), " b1 =", mp.nstr(b1, 30))
    print(f"seconds {dt:.3f}")
