#!/usr/bin/python3
"""Baseline for `critcalc act`: the critical points of an activation as a
user would compute them with SciPy (quad for the Gaussian averages, brentq
for the roots), here for mish(x) = x*tanh(softplus(x)).

Criticality (PDLT eq. 5.73): R(K) = 2K^2 <s'^2>_K - <s^2 (z^2 - K)>_K = 0;
then C_W = 1/<s'^2>, C_b = K* - <s^2>/<s'^2> (5.71-5.72), and the quadratic
coefficient a1~ = C_W <s^2 (z^4 - 6K z^2 + 3K^2)>_K / (8 K^4).

Run with Debian's python3-scipy:  /usr/bin/python3 bench/act_scipy.py
"""
import math
import time

import numpy as np
import warnings

from scipy import integrate, optimize, special


def mish(z):
    return z * np.tanh(np.logaddexp(0.0, z))


def dmish(z):
    sp = np.logaddexp(0.0, z)
    t = np.tanh(sp)
    sig = special.expit(z)
    return t + z * (1.0 - t * t) * sig


def avg(f, K):
    """<f(z)>_K for z ~ N(0, K) by adaptive quadrature on the real line."""
    s = math.sqrt(K)
    g = lambda t: f(s * t) * math.exp(-t * t / 2) / math.sqrt(2 * math.pi)
    v, _ = integrate.quad(g, -np.inf, np.inf, epsabs=1e-14, epsrel=1e-13, limit=200)
    return v


def R(K):
    return 2 * K * K * avg(lambda z: dmish(z) ** 2, K) - avg(lambda z: mish(z) ** 2 * (z * z - K), K)


def analyze(kmax=100.0, n=800):
    grid = np.concatenate([np.geomspace(1e-8 * kmax, kmax, 500), np.linspace(kmax / 300, kmax, 300)])
    grid = np.unique(grid)
    vals = [R(K) for K in grid]
    roots = []
    for a, b, fa, fb in zip(grid[:-1], grid[1:], vals[:-1], vals[1:]):
        if fa == 0 or fa * fb < 0:
            roots.append(optimize.brentq(R, a, b, xtol=1e-15, rtol=1e-14))
    out = []
    for K in roots:
        sp2 = avg(lambda z: dmish(z) ** 2, K)
        s2 = avg(lambda z: mish(z) ** 2, K)
        q = avg(lambda z: mish(z) ** 2 * (z ** 4 - 6 * K * z * z + 3 * K * K), K)
        cw = 1 / sp2
        out.append((K, K - s2 / sp2, cw, cw * q / (8 * K ** 4)))
    return out


if __name__ == "__main__":
    warnings.simplefilter("ignore", integrate.IntegrationWarning)
    t0 = time.perf_counter()
    res = analyze()
    dt = time.perf_counter() - t0
    for K, cb, cw, a1 in res:
        print(f"K* = {K:.12g}  C_b = {cb:.12g}  C_W = {cw:.12g}  a1~ = {a1:.9g}")
    print(f"seconds {dt:.3f}")
