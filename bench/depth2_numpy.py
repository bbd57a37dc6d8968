#!/usr/bin/python3
"""Baseline for `critcalc depth tanh --cb 0.1 --cw 1.5 --layers 100 --inputs
1,1.2,0.9`: the two-input kernel recursion (PDLT eq. 5.1) as a numpy user
would iterate it, with a tensor-product Gauss-Hermite rule of the given
degree on the 2-D Gaussian of covariance [[K++, K+-], [K+-, K--]]
(Cholesky factor, rescaled every layer):

  K++' = C_b + C_W <s(z+)^2>,  K--' = C_b + C_W <s(z-)^2>,
  K+-' = C_b + C_W <s(z+) s(z-)>

No error control: with the defaults, degree 100 (10^4 nodes a layer)
agrees with degree 200 to 9 digits; degree 25 is off by about 1e-6 in K
and 5e-4 in 1 - rho.

Run with Debian's python3-numpy:
  /usr/bin/python3 bench/depth2_numpy.py [--degree N] [--layers L] [--cb X]
      [--cw Y] [--inputs K11,K22,K12]
"""
import argparse
import math
import time

import numpy as np


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--degree", type=int, default=100)
    ap.add_argument("--layers", type=int, default=100)
    ap.add_argument("--cb", type=float, default=0.1)
    ap.add_argument("--cw", type=float, default=1.5)
    ap.add_argument("--inputs", default="1,1.2,0.9")
    args = ap.parse_args()
    t0 = time.perf_counter()
    x, w = np.polynomial.hermite_e.hermegauss(args.degree)  # weight exp(-x^2/2)
    w = w / math.sqrt(2 * math.pi)
    W = np.outer(w, w)
    X1, X2 = np.meshgrid(x, x, indexing="ij")
    cb, cw = args.cb, args.cw
    kpp, kmm, kpm = (float(v) for v in args.inputs.split(","))
    for _ in range(args.layers - 1):
        a = math.sqrt(kpp)
        b = kpm / a
        c = math.sqrt(max(kmm - b * b, 0.0))
        sp = np.tanh(a * X1)
        sm = np.tanh(b * X1 + c * X2)
        kpp, kmm, kpm = (cb + cw * np.sum(W * sp * sp), cb + cw * np.sum(W * sm * sm),
                         cb + cw * np.sum(W * sp * sm))
    dt = time.perf_counter() - t0
    rho = kpm / math.sqrt(kpp * kmm)
    print(f"l = {args.layers}  K++ = {kpp:.9g}  K-- = {kmm:.9g}  K+- = {kpm:.9g}  rho = {rho:.12g}")
    print(f"seconds {dt:.3f}")


if __name__ == "__main__":
    main()
