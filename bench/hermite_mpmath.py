#!/usr/bin/python3
"""Baseline for `critcalc hermite gelu --digits 30 --terms 10`: the
normalized Hermite coefficients of gelu and its kernel map at 30 digits
with mpmath, as a user would compute them (Gaussian quadrature by mp.quad,
the fixed point by findroot):

  C = sqrt(E[s(X)^2]),  phi = s/C,  c_k = E[phi(X) He_k(X)] / sqrt(k!),
  kappa(rho) = sum_k c_k^2 rho^k,  kappa(0), kappa'(0), kappa'(1),
  rho* = kappa(rho*) in (0, 1),  kappa'(rho*),
  Parseval: 1 - sum_{k<=10} c_k^2

kappa here is the map truncated at 10 terms (critcalc certifies rho* and
kappa'(rho*) of the whole map, whose 2-D Gaussian integrals at 30 digits
would take mpmath far longer): this baseline does less than critcalc.

Run with Debian's python3-mpmath:  /usr/bin/python3 bench/hermite_mpmath.py
"""
import time

import mpmath as mp

mp.mp.dps = 40


def gelu(x):
    return x * mp.ncdf(x)


def gauss(f):
    g = lambda t: f(t) * mp.exp(-t * t / 2)
    return mp.quad(g, [-mp.inf, -4, 0, 4, mp.inf]) / mp.sqrt(2 * mp.pi)


if __name__ == "__main__":
    t0 = time.perf_counter()
    terms = 10
    C = mp.sqrt(gauss(lambda t: gelu(t) ** 2))
    c = [gauss(lambda t, k=k: gelu(t) * mp.hermite(k, t / mp.sqrt(2)) * mp.mpf(2) ** (-mp.mpf(k) / 2)) / (C * mp.sqrt(mp.factorial(k)))
         for k in range(terms + 1)]
    q = [x * x for x in c]
    kappa = lambda r: sum(qk * r ** k for k, qk in enumerate(q))
    dkappa = lambda r: sum(k * qk * r ** (k - 1) for k, qk in enumerate(q) if k > 0)
    rho = mp.findroot(lambda r: kappa(r) - r, mp.mpf("0.76"))
    dt = time.perf_counter() - t0
    print("C        ", mp.nstr(C, 30))
    print("kappa(0) ", mp.nstr(q[0], 30))
    print("kappa'(0)", mp.nstr(q[1], 30))
    print("kappa'(1)", mp.nstr(dkappa(1), 30), "(truncated at", terms, "terms)")
    print("rho*     ", mp.nstr(rho, 30), "(truncated map)")
    print("kappa'(rho*)", mp.nstr(dkappa(rho), 30))
    print("Parseval ", mp.nstr(1 - sum(q), 20))
    for k, x in enumerate(c):
        print(f"  c{k:<3d}", mp.nstr(x, 30))
    print(f"seconds {dt:.3f}")
