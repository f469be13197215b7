//! The arithmetic of Texel tuning: the win probability `sigmoid(K * eval)`, the mean squared
//! error against game results, the fit of `K`, and gradient descent on the evaluation
//! parameters where the evaluation is (locally) linear in them.
//!
//! Every sample is a position's evaluation at the starting parameters and its gradient: how
//! the evaluation moves per centipawn of each fitted parameter half (from the evaluation's
//! trace). The model evaluation at parameter changes `d` is `eval + sum(grad_j * d_j)`.

/// One labelled position, linearised around the starting parameters.
#[derive(Clone, Debug, PartialEq)]
pub struct Sample {
    /// Evaluation at the starting parameters, White's view, centipawns.
    pub eval: f64,
    /// Game result from White's view: 1, 0.5 or 0.
    pub result: f64,
    /// (fitted half, d eval / d half) for the halves this position depends on.
    pub grad: Vec<(u32, f32)>,
}

/// `ln(10) / 400`: the slope factor of the base-10 logistic with a 400-point scale.
const LN10_400: f64 = std::f64::consts::LN_10 / 400.0;

/// Expected score of a side with evaluation `e` centipawns: `1 / (1 + 10^(-k * e / 400))`.
pub fn sigmoid(k: f64, e: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-k * e / 400.0))
}

/// The model evaluation of `s` after parameter changes `d`.
pub fn model_eval(s: &Sample, d: &[f64]) -> f64 {
    s.eval + s.grad.iter().map(|&(j, g)| f64::from(g) * d[j as usize]).sum::<f64>()
}

/// Mean squared error of `sigmoid(k * eval)` against the results, at parameter changes `d`.
pub fn mse(samples: &[Sample], k: f64, d: &[f64]) -> f64 {
    if samples.is_empty() {
        return 0.0;
    }
    let sum: f64 = samples
        .iter()
        .map(|s| {
            let e = s.result - sigmoid(k, model_eval(s, d));
            e * e
        })
        .sum();
    sum / samples.len() as f64
}

/// The `K` in `[lo, hi]` minimising the error of the starting evaluations (golden-section
/// search; the error is unimodal in `K` for data whose better side scores better).
pub fn fit_k(samples: &[Sample], lo: f64, hi: f64) -> f64 {
    let n = samples.iter().flat_map(|x| x.grad.iter().map(|g| g.0 as usize + 1)).max();
    let d = vec![0.0; n.unwrap_or(0)];
    let f = |k: f64| mse(samples, k, &d);
    let phi = (5f64.sqrt() - 1.0) / 2.0;
    let (mut a, mut b) = (lo, hi);
    let mut c = b - phi * (b - a);
    let mut e = a + phi * (b - a);
    let (mut fc, mut fe) = (f(c), f(e));
    for _ in 0..100 {
        if b - a < 1e-7 {
            break;
        }
        if fc < fe {
            b = e;
            e = c;
            fe = fc;
            c = b - phi * (b - a);
            fc = f(c);
        } else {
            a = c;
            c = e;
            fc = fe;
            e = a + phi * (b - a);
            fe = f(e);
        }
    }
    (a + b) / 2.0
}

/// Gradient of the error at `d` with respect to every half (`n` halves), plus
/// `sum(l2_j * d_j^2) / 10^4` (a pull toward the starting values, `l2_j` per (100 cp)^2 for
/// half `j`; a missing entry is 0).
pub fn gradient(samples: &[Sample], k: f64, d: &[f64], l2: &[f64]) -> Vec<f64> {
    let mut g = vec![0.0; d.len()];
    let n = samples.len().max(1) as f64;
    for s in samples {
        let p = sigmoid(k, model_eval(s, d));
        // d/de (r - p)^2 = -2 (r - p) dp/de, dp/de = k ln10/400 p (1 - p).
        let f = -2.0 * (s.result - p) * k * LN10_400 * p * (1.0 - p) / n;
        for &(j, x) in &s.grad {
            g[j as usize] += f * f64::from(x);
        }
    }
    for ((gj, dj), lj) in g.iter_mut().zip(d).zip(l2) {
        *gj += 2.0 * lj * dj / 1e4;
    }
    g
}

/// Settings of [`descend`].
#[derive(Clone, Debug)]
pub struct Descent {
    /// Full-batch steps.
    pub epochs: usize,
    /// Adam step size, centipawns.
    pub rate: f64,
    /// Pull toward the starting values, per half (see [`gradient`]).
    pub l2: Vec<f64>,
}

/// Adam descent on the error from `d = 0` over `n` halves; calls `report(epoch, d)` every 100
/// epochs and at the end. Returns the changes `d`.
pub fn descend(
    samples: &[Sample],
    k: f64,
    n: usize,
    cfg: &Descent,
    mut report: impl FnMut(usize, &[f64]),
) -> Vec<f64> {
    let (b1, b2, eps): (f64, f64, f64) = (0.9, 0.999, 1e-8);
    let mut d = vec![0.0; n];
    let mut m = vec![0.0; n];
    let mut v = vec![0.0; n];
    for t in 1..=cfg.epochs {
        let g = gradient(samples, k, &d, &cfg.l2);
        let c1 = 1.0 - b1.powi(t.min(10_000) as i32);
        let c2 = 1.0 - b2.powi(t.min(100_000) as i32);
        for j in 0..n {
            m[j] = b1 * m[j] + (1.0 - b1) * g[j];
            v[j] = b2 * v[j] + (1.0 - b2) * g[j] * g[j];
            d[j] -= cfg.rate * (m[j] / c1) / ((v[j] / c2).sqrt() + eps);
        }
        if t % 100 == 0 || t == cfg.epochs {
            report(t, &d);
        }
    }
    d
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample(eval: f64, result: f64, grad: &[(u32, f32)]) -> Sample {
        Sample { eval, result, grad: grad.to_vec() }
    }

    #[test]
    fn sigmoid_and_mse_by_hand() {
        // 10^(-400/400) = 0.1, so sigmoid(1, 400) = 1 / 1.1; sigmoid(1, 0) = 1/2; and
        // sigmoid(2, 200) = sigmoid(1, 400).
        assert!((sigmoid(1.0, 400.0) - 1.0 / 1.1).abs() < 1e-12);
        assert_eq!(sigmoid(1.0, 0.0), 0.5);
        assert!((sigmoid(2.0, 200.0) - 1.0 / 1.1).abs() < 1e-12);
        // Two positions: eval 0 won (error 1/2), eval 400 lost (error 1/1.1):
        // MSE = (0.25 + (1/1.1)^2) / 2 = (0.25 + 0.826446...) / 2 = 0.538223...
        let s = [sample(0.0, 1.0, &[]), sample(400.0, 0.0, &[])];
        let want = (0.25 + (1.0f64 / 1.1).powi(2)) / 2.0;
        assert!((mse(&s, 1.0, &[]) - want).abs() < 1e-12);
        assert!((want - 0.538_223).abs() < 1e-6);
        // The model evaluation moves with the gradient: 400 + 2 * 50 = 500.
        let t = sample(400.0, 0.0, &[(0, 2.0)]);
        assert_eq!(model_eval(&t, &[50.0]), 500.0);
    }

    #[test]
    fn k_fit_finds_the_derived_optimum() {
        // Eleven positions at +400 of which ten were won, and their mirror images: the error
        // is smallest where sigmoid(K * 400) = 10/11, i.e. 10^(-K) = 1/10, K = 1.
        let mut s = Vec::new();
        for i in 0..11 {
            let r = if i < 10 { 1.0 } else { 0.0 };
            s.push(sample(400.0, r, &[]));
            s.push(sample(-400.0, 1.0 - r, &[]));
        }
        let k = fit_k(&s, 0.01, 10.0);
        assert!((k - 1.0).abs() < 1e-4, "{k}");
        // Three quarters won at +200: 10^(-K/2) = 1/3, K = 2 log10(3) = 0.954243.
        let s: Vec<Sample> =
            (0..4).map(|i| sample(200.0, if i < 3 { 1.0 } else { 0.0 }, &[])).collect();
        let k = fit_k(&s, 0.01, 10.0);
        assert!((k - 2.0 * 3f64.log10()).abs() < 1e-4, "{k}");
    }

    #[test]
    fn gradient_matches_finite_differences() {
        let s = [
            sample(30.0, 1.0, &[(0, 1.0), (1, -0.5)]),
            sample(-120.0, 0.5, &[(1, 2.0)]),
            sample(250.0, 0.0, &[(0, 0.25), (2, 1.0)]),
        ];
        let d = [10.0, -5.0, 3.0];
        let g = gradient(&s, 1.3, &d, &[]);
        for j in 0..3 {
            let mut up = d;
            let mut down = d;
            up[j] += 1e-4;
            down[j] -= 1e-4;
            let fd = (mse(&s, 1.3, &up) - mse(&s, 1.3, &down)) / 2e-4;
            assert!((g[j] - fd).abs() < 1e-9, "half {j}: {} vs {fd}", g[j]);
        }
    }

    #[test]
    fn descent_recovers_weights_whose_optimum_is_derived() {
        // Two parameters, starting at 0: positions that depend on the first alone (coefficient
        // 1) scored 10/11, on the second alone (coefficient 1) 1/11, with K = 1. The error is
        // smallest where sigmoid(w1) = 10/11 and sigmoid(w2) = 1/11: w1 = 400, w2 = -400. A
        // third group depends on both (w1 + w2 = 0 there) and scored 1/2, which agrees.
        let mut s = Vec::new();
        for i in 0..11 {
            let r = if i < 10 { 1.0 } else { 0.0 };
            s.push(sample(0.0, r, &[(0, 1.0)]));
            s.push(sample(0.0, 1.0 - r, &[(1, 1.0)]));
        }
        s.push(sample(0.0, 1.0, &[(0, 1.0), (1, 1.0)]));
        s.push(sample(0.0, 0.0, &[(0, 1.0), (1, 1.0)]));
        let cfg = Descent { epochs: 4000, rate: 2.0, l2: vec![0.0; 2] };
        let d = descend(&s, 1.0, 2, &cfg, |_, _| {});
        assert!((d[0] - 400.0).abs() < 1.0, "{d:?}");
        assert!((d[1] + 400.0).abs() < 1.0, "{d:?}");
        assert!(mse(&s, 1.0, &d) < mse(&s, 1.0, &[0.0, 0.0]));
        // A pull toward the start shrinks the fit: with l2 the optimum moves inside.
        let pulled = descend(&s, 1.0, 2, &Descent { l2: vec![1.0; 2], ..cfg.clone() }, |_, _| {});
        assert!(pulled[0] > 0.0 && pulled[0] < d[0] - 10.0, "{pulled:?}");
        // A pull on the second half alone leaves the first where it was.
        let one = descend(&s, 1.0, 2, &Descent { l2: vec![0.0, 1.0], ..cfg }, |_, _| {});
        assert!(one[1] > d[1] + 10.0 && one[0] > pulled[0] + 10.0, "{one:?} {pulled:?}");
    }
}
