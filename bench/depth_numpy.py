#!/usr/bin/python3
"""Baseline for `critcalc depth tanh --cb 0 --cw 1 --layers 100000`: the
single-input recursions of the kernel K, the four-point vertex V and the
NLO metric G{1} (PDLT eqs. 5.108-5.110) as a numpy user would iterate them,
with one 64-node Gauss-Hermite rule rescaled to N(0, K) at every layer:

  K'  = C_b + C_W <s^2>_K
  V'  = chi_par^2 V + C_W^2 (<s^4>_K - <s^2>_K^2)
  G1' = chi_par G1 + (1/8) j(K) V / K^2,  chi_par = C_W <z s s'>_K / K,
        j(K)/(8 K^2) = C_W <s^2 (z^4 - 6 K z^2 + 3 K^2)>_K / (8 K^4)

No error control: the fixed rule and the three cancelling moments of j lose
digits (all of them in G{1} as K -> 0), which critcalc does not.

Run with Debian's python3-numpy:
  /usr/bin/python3 bench/depth_numpy.py [--layers L] [--cb X] [--cw Y] [--k1 K1]
"""
import argparse
import math
import time

import numpy as np


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--layers", type=int, default=100000)
    ap.add_argument("--cb", type=float, default=0.0)
    ap.add_argument("--cw", type=float, default=1.0)
    ap.add_argument("--k1", type=float, default=1.0)
    args = ap.parse_args()
    t0 = time.perf_counter()
    x, w = np.polynomial.hermite_e.hermegauss(64)  # weight exp(-x^2/2)
    w = w / math.sqrt(2 * math.pi)
    cb, cw = args.cb, args.cw
    K, V, G = args.k1, 0.0, 0.0
    for _ in range(args.layers - 1):
        z = math.sqrt(K) * x
        s = np.tanh(z)
        ds = 1 - s * s
        s2 = s * s
        g = w @ s2
        s4 = w @ (s2 * s2)
        chi = cw * (w @ (z * s * ds)) / K
        z2 = z * z
        j8 = cw * (w @ (s2 * (z2 * z2 - 6 * K * z2 + 3 * K * K))) / (8 * K ** 4)
        K, V, G = cb + cw * g, chi * chi * V + cw * cw * (s4 - g * g), chi * G + j8 * V
    dt = time.perf_counter() - t0
    print(f"l = {args.layers}  K = {K:.9g}  V = {V:.9g}  G1 = {G:.9g}")
    print(f"seconds {dt:.3f}")


if __name__ == "__main__":
    main()
