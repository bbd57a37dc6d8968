// Package autoinit implements the analytic theory of AutoInit (He, Doshi and
// Gromov, "AutoInit: Automatic Initialization via Jacobian Tuning"): the
// Jacobian losses that tune per-layer scalars a_W, a_b towards criticality
// 𝒥^{l,l+1} = 1 — Jacobian Log Loss (JLL, eq 12), Jacobian Square Loss (JSL)
// and Jacobian-Kernel Loss (JKL, eq 24) — and, for ReLU MLPs, where
// 𝒥^{l,l+1} = (a_W σ_w)²/2 does not depend on the kernel, the closed-form
// gradient-descent dynamics of √𝒥 with its convergence bounds and learning
// rates, eqs (17)–(20) for JLL and (41)–(44) for JSL.
//
// Conventions: functions take the weight variance C_W ≡ σ_w² of the base
// initialisation (the auxiliary scalars multiply σ_w, so the effective variance
// is (a_W σ_w)²); AutoInit prints its formulas in σ_w, converted here. The
// rates (20) and (44) are the largest stable rates at t = 0 and equal exactly
// twice the one-step rates (19) and (43) (§2.1 speaks of optimal rates; see
// README Corrections): with
// the one-step rate a single update lands on 𝒥 = 1.
package autoinit
