//! Match statistics as the field's tools report them: the trinomial W-D-L with its Elo; the
//! pentanomial counts over game pairs (the same opening with swapped colours) with Elo and
//! normalized Elo and their 95% intervals; and a generalized SPRT on the pentanomial results
//! (the maximum-likelihood LLR of M. Van den Bergh's "Comments on Normalized Elo", in its
//! normalized-Elo and logistic-Elo forms, as fishtest and fastchess compute it).

/// Wins, draws, losses of the first engine.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Wdl {
    /// Wins.
    pub w: u32,
    /// Draws.
    pub d: u32,
    /// Losses.
    pub l: u32,
}

/// z for a two-sided 95% interval.
const Z95: f64 = 1.959_963_984_540_054;

/// Elo of a mean score (logistic).
fn score_to_elo(s: f64) -> f64 {
    -400.0 * (1.0 / s - 1.0).log10()
}

/// `800 / ln 10`: normalized Elo per unit of t = (mean - 1/2) / sigma.
fn nelo_scale() -> f64 {
    800.0 / std::f64::consts::LN_10
}

impl Wdl {
    /// Games counted.
    pub fn n(&self) -> u32 {
        self.w + self.d + self.l
    }

    /// Mean score (0..1).
    pub fn score(&self) -> f64 {
        let n = f64::from(self.n().max(1));
        (f64::from(self.w) + 0.5 * f64::from(self.d)) / n
    }

    /// Per-game score variance.
    fn variance(&self) -> f64 {
        let n = f64::from(self.n().max(1));
        let s = self.score();
        (f64::from(self.w) * (1.0 - s).powi(2)
            + f64::from(self.d) * (0.5 - s).powi(2)
            + f64::from(self.l) * s.powi(2))
            / n
    }

    /// Elo difference and the half-width of its 95% interval (`None` without games or with a
    /// 0% / 100% score, where the estimate is unbounded).
    pub fn elo(&self) -> Option<(f64, f64)> {
        if self.n() == 0 {
            return None;
        }
        let s = self.score();
        let se = (self.variance() / f64::from(self.n())).sqrt();
        if s <= 0.0 || s >= 1.0 {
            return None;
        }
        let lo = (s - Z95 * se).clamp(1e-6, 1.0 - 1e-6);
        let hi = (s + Z95 * se).clamp(1e-6, 1.0 - 1e-6);
        Some((score_to_elo(s), (score_to_elo(hi) - score_to_elo(lo)) / 2.0))
    }

    /// Adds another count.
    pub fn add(&mut self, o: &Wdl) {
        self.w += o.w;
        self.d += o.d;
        self.l += o.l;
    }
}

/// Pentanomial counts: game pairs by the first engine's points in the pair, `[0, 0.5, 1, 1.5,
/// 2]` (fastchess's `Ptnml(0-2)`: LL, LD, WL+DD, WD, WW).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Penta(pub [u32; 5]);

/// The pair scores (points / 2) of the five pentanomial outcomes.
const PAIR_SCORES: [f64; 5] = [0.0, 0.25, 0.5, 0.75, 1.0];

impl Penta {
    /// Counts a finished pair from the first engine's two game scores (each 0, 0.5 or 1).
    pub fn add_pair(&mut self, a: f64, b: f64) {
        let i = ((a + b) * 2.0).round().clamp(0.0, 4.0) as usize;
        self.0[i] += 1;
    }

    /// Adds another count.
    pub fn add(&mut self, o: &Penta) {
        for (a, b) in self.0.iter_mut().zip(o.0) {
            *a += b;
        }
    }

    /// Pairs counted.
    pub fn pairs(&self) -> u32 {
        self.0.iter().sum()
    }

    /// Mean pair score (0..1) and its per-pair variance.
    fn mean_var(&self) -> Option<(f64, f64)> {
        let n = f64::from(self.pairs());
        if n == 0.0 {
            return None;
        }
        let p: Vec<f64> = self.0.iter().map(|&c| f64::from(c) / n).collect();
        let mu: f64 = p.iter().zip(PAIR_SCORES).map(|(p, a)| p * a).sum();
        let var: f64 = p.iter().zip(PAIR_SCORES).map(|(p, a)| p * (a - mu).powi(2)).sum();
        Some((mu, var))
    }

    /// Elo and the half-width of its 95% interval from the pair scores (`None` without pairs or
    /// at a 0% / 100% score).
    pub fn elo(&self) -> Option<(f64, f64)> {
        let (mu, var) = self.mean_var()?;
        if mu <= 0.0 || mu >= 1.0 {
            return None;
        }
        let se = (var / f64::from(self.pairs())).sqrt();
        let lo = (mu - Z95 * se).clamp(1e-6, 1.0 - 1e-6);
        let hi = (mu + Z95 * se).clamp(1e-6, 1.0 - 1e-6);
        Some((score_to_elo(mu), (score_to_elo(hi) - score_to_elo(lo)) / 2.0))
    }

    /// Normalized Elo, `(mean - 1/2) / sqrt(2 var) * 800 / ln 10` (the per-game normalization of
    /// the pair variance), and the half-width of its 95% interval (`None` without variance).
    pub fn nelo(&self) -> Option<(f64, f64)> {
        let (mu, var) = self.mean_var()?;
        if var <= 0.0 {
            return None;
        }
        let k = nelo_scale() / (2.0 * var).sqrt();
        let se = (var / f64::from(self.pairs())).sqrt();
        Some(((mu - 0.5) * k, Z95 * se * k))
    }
}

/// The Elo model an SPRT's bounds are given in.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Model {
    /// Normalized Elo (fastchess's default and fishtest's current model).
    Normalized,
    /// Logistic Elo.
    Logistic,
}

impl Model {
    /// Its name in options and JSON.
    pub fn name(self) -> &'static str {
        match self {
            Model::Normalized => "normalized",
            Model::Logistic => "logistic",
        }
    }

    /// Parses a name.
    pub fn parse(s: &str) -> Option<Model> {
        match s {
            "normalized" => Some(Model::Normalized),
            "logistic" => Some(Model::Logistic),
            _ => None,
        }
    }
}

/// SPRT parameters: H0 elo0, H1 elo1, error rates alpha and beta, in a model.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Sprt {
    /// Elo under H0.
    pub elo0: f64,
    /// Elo under H1.
    pub elo1: f64,
    /// False-positive rate.
    pub alpha: f64,
    /// False-negative rate.
    pub beta: f64,
    /// Elo model of `elo0` and `elo1`.
    pub model: Model,
}

/// An SPRT verdict.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// H1 accepted (the first engine is stronger by about elo1).
    H1,
    /// H0 accepted.
    H0,
}

/// A count of zero is replaced by this much in the LLR (so an outcome never seen keeps a small
/// probability; the same value as fishtest and fastchess use).
const REGULARIZE: f64 = 1e-3;

impl Sprt {
    /// Decision bounds (lower, upper) of the log-likelihood ratio.
    pub fn bounds(&self) -> (f64, f64) {
        ((self.beta / (1.0 - self.alpha)).ln(), ((1.0 - self.beta) / self.alpha).ln())
    }

    /// The log-likelihood ratio of H1 against H0 given the pentanomial results: the sample size
    /// times the mean log ratio of the two maximum-likelihood distributions of pair outcomes
    /// under the constraints of H1 and H0 (0 without pairs).
    pub fn llr(&self, r: &Penta) -> f64 {
        if r.pairs() == 0 {
            return 0.0;
        }
        let counts: Vec<f64> =
            r.0.iter().map(|&c| if c == 0 { REGULARIZE } else { f64::from(c) }).collect();
        let total: f64 = counts.iter().sum();
        let phat: Vec<f64> = counts.iter().map(|c| c / total).collect();
        let (p0, p1) = match self.model {
            Model::Normalized => {
                // t = (mean - 1/2) / sigma of the pair score; per-game nElo needs sqrt(2).
                let t = |elo: f64| std::f64::consts::SQRT_2 * elo / nelo_scale();
                (mle_t(&phat, t(self.elo0)), mle_t(&phat, t(self.elo1)))
            }
            Model::Logistic => {
                let s = |elo: f64| 1.0 / (1.0 + 10f64.powf(-elo / 400.0));
                (mle_mean(&phat, s(self.elo0)), mle_mean(&phat, s(self.elo1)))
            }
        };
        let (Some(p0), Some(p1)) = (p0, p1) else { return 0.0 };
        total * phat.iter().zip(p0.iter().zip(&p1)).map(|(h, (a, b))| h * (b / a).ln()).sum::<f64>()
    }

    /// The verdict, if one is reached.
    pub fn verdict(&self, r: &Penta) -> Option<Verdict> {
        let (lo, hi) = self.bounds();
        let llr = self.llr(r);
        if llr >= hi {
            Some(Verdict::H1)
        } else if llr <= lo {
            Some(Verdict::H0)
        } else {
            None
        }
    }

    /// `LLR: 2.95 (-2.94, 2.94) [0.00, 10.00]` (fastchess's form).
    pub fn line(&self, r: &Penta) -> String {
        let (lo, hi) = self.bounds();
        // Rounded first, so that a tiny negative value does not print as `-0.00`.
        let llr = (self.llr(r) * 100.0).round() / 100.0 + 0.0;
        format!("LLR: {llr:.2} ({lo:.2}, {hi:.2}) [{:.2}, {:.2}]", self.elo0, self.elo1)
    }
}

/// The root of the decreasing function `f` on the open interval (lo, hi), where it runs from
/// +inf to -inf, by bisection.
fn root(lo: f64, hi: f64, f: impl Fn(f64) -> f64) -> f64 {
    let (mut a, mut b) = (lo, hi);
    for _ in 0..200 {
        let m = 0.5 * (a + b);
        if m <= a || m >= b {
            break;
        }
        if f(m) > 0.0 {
            a = m;
        } else {
            b = m;
        }
    }
    0.5 * (a + b)
}

/// The distribution `p_i = phat_i / (1 + theta phi_i)` with theta chosen so that
/// `sum p_i phi_i = 0` (the maximum-likelihood distribution under that linear constraint, by
/// Lagrange multipliers); `None` when the constraint cannot be met (phi of one sign).
fn tilt(phat: &[f64], phi: &[f64]) -> Option<Vec<f64>> {
    let u = phi.iter().copied().fold(f64::INFINITY, f64::min);
    let v = phi.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    if !(u < 0.0 && v > 0.0) {
        return None;
    }
    // 1 + theta phi_i > 0 for every i: theta in (-1/v, -1/u).
    let g = |theta: f64| phat.iter().zip(phi).map(|(h, f)| h * f / (1.0 + theta * f)).sum::<f64>();
    let theta = root(-1.0 / v, -1.0 / u, g);
    Some(phat.iter().zip(phi).map(|(h, f)| h / (1.0 + theta * f)).collect())
}

/// The maximum-likelihood distribution of pair outcomes with mean pair score `s`.
fn mle_mean(phat: &[f64], s: f64) -> Option<Vec<f64>> {
    let phi: Vec<f64> = PAIR_SCORES.iter().map(|a| a - s).collect();
    tilt(phat, &phi)
}

/// The maximum-likelihood distribution of pair outcomes with `(mean - 1/2) / sigma = t`, by the
/// fixed-point iteration of Van den Bergh's section 4.1: linearise the constraint at the current
/// distribution (phi_i = a_i - 1/2 - t sigma (1 + ((a_i - mu) / sigma)^2) / 2), tilt the
/// empirical distribution to it, repeat from the uniform distribution until it settles.
fn mle_t(phat: &[f64], t: f64) -> Option<Vec<f64>> {
    let mut p = vec![1.0 / PAIR_SCORES.len() as f64; PAIR_SCORES.len()];
    for _ in 0..1000 {
        let mu: f64 = p.iter().zip(PAIR_SCORES).map(|(p, a)| p * a).sum();
        let var: f64 = p.iter().zip(PAIR_SCORES).map(|(p, a)| p * (a - mu).powi(2)).sum();
        let sigma = var.sqrt();
        if sigma <= 0.0 {
            return None;
        }
        let phi: Vec<f64> = PAIR_SCORES
            .iter()
            .map(|a| a - 0.5 - 0.5 * t * sigma * (1.0 + ((a - mu) / sigma).powi(2)))
            .collect();
        let next = tilt(phat, &phi)?;
        let diff = next.iter().zip(&p).map(|(a, b)| (a - b).abs()).fold(0.0, f64::max);
        p = next;
        if diff < 1e-12 {
            break;
        }
    }
    Some(p)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elo_of_known_scores() {
        let r = Wdl { w: 60, d: 20, l: 20 };
        let (e, err) = r.elo().unwrap();
        // Score 0.7 -> 400 * log10(0.7 / 0.3) = 147.2 Elo.
        assert!((e - 147.2).abs() < 0.1, "{e}");
        assert!(err > 30.0 && err < 120.0, "{err}");
        assert_eq!(Wdl { w: 5, d: 0, l: 0 }.elo(), None);
        let even = Wdl { w: 10, d: 10, l: 10 }.elo().unwrap();
        assert!(even.0.abs() < 1e-9);
    }

    #[test]
    fn pairs_count_by_points() {
        let mut p = Penta::default();
        for (a, b) in [(1.0, 1.0), (1.0, 0.5), (0.5, 0.5), (1.0, 0.0), (0.0, 0.5), (0.0, 0.0)] {
            p.add_pair(a, b);
        }
        // WW -> 2 points, WD -> 1.5, DD and WL -> 1, LD -> 0.5, LL -> 0.
        assert_eq!(p, Penta([1, 1, 2, 1, 1]));
        assert_eq!(p.pairs(), 6);
    }

    /// Expected values: fastchess's published test values (`app/tests/elo_test.cpp`:
    /// `Stats(LL, LD, WL, DD, WD, WW)` = (34, 54, 31, 32, 64, 75) and (332, 433, 457, 41, 333,
    /// 334)), and for all three a second derivation from the definitions in python3
    /// (/tmp/derive/elo.py in the session log): mean pair score mu = sum c_i a_i / n with a =
    /// (0, 1/4, 1/2, 3/4, 1), var = sum c_i (a_i - mu)^2 / n, se = sqrt(var / n); Elo = -400
    /// log10(1/mu - 1), its interval half the Elo span of mu -/+ 1.96 se; nElo = (mu - 1/2) /
    /// sqrt(2 var) * 800 / ln 10 +/- 1.96 se / sqrt(2 var) * 800 / ln 10. E.g. [1, 3, 10, 4, 2]:
    /// mu = (0.75 + 5 + 3 + 2) / 20 = 0.5375, var = 0.0423..., Elo 26.107, nElo 38.264.
    #[test]
    fn pentanomial_elo_against_hand_values() {
        let cases = [
            ([34, 54, 63, 64, 75], 55.5798, 27.6534, 57.9356, 28.2754),
            ([332, 433, 498, 333, 334], -8.6427, 10.3342, -9.1729, 10.9605),
            ([1, 3, 10, 4, 2], 26.1067, 74.8953, 38.2643, 107.6694),
        ];
        for (c, e, ee, n, ne) in cases {
            let p = Penta(c);
            let (de, dee) = p.elo().unwrap();
            let (dn, dne) = p.nelo().unwrap();
            for (got, want) in [(de, e), (dee, ee), (dn, n), (dne, ne)] {
                assert!((got - want).abs() < 1e-3, "{c:?}: {got} vs {want}");
            }
        }
        assert_eq!(Penta([0, 0, 0, 0, 3]).elo(), None, "100%: unbounded");
        assert_eq!(Penta([0, 0, 3, 0, 0]).nelo(), None, "no variance");
        assert_eq!(Penta::default().elo(), None);
    }

    /// Expected LLRs: fastchess's published values (`app/tests/sprt_test.cpp`, two decimals) and
    /// a second derivation with a generic optimizer in python3 (scipy's SLSQP maximizing
    /// sum phat_i log p_i on the 5-simplex under the hypothesis' constraint: mean pair score
    /// = 1/(1 + 10^(-elo/400)) for logistic, (mu - 1/2)/sigma = sqrt(2) elo ln10 / 800 for
    /// normalized; zero counts as 1e-3; LLR = n sum phat_i ln(p1_i / p0_i)):
    /// [365, 16618, 36229, 16974, 390] normalized [0, 2]: 2.250368 (fastchess 2.25);
    /// [127, 4883, 10712, 5150, 104] normalized [-1.75, 0.25]: 3.010154 (3.01);
    /// [223, 9863, 21279, 10037, 246] logistic [0.5, 2.5]: -3.074126 (-3.07);
    /// [871, 26175, 55983, 26678, 821] logistic [0, 2]: -4.978673 (-4.98);
    /// small samples: [1, 3, 10, 4, 2] normalized [0, 10]: 0.109096, logistic: 0.148356;
    /// [2, 9, 20, 14, 5] normalized [-5, 5]: 0.443208; [0, 2, 5, 9, 4] logistic [0, 10]:
    /// 0.567185. The degenerate [0, 0, 0, 0, 104] normalized [0, 5] gives 2.094955 with SLSQP
    /// and with a python re-run of the fixed-point iteration (also at fastchess's 1e-4
    /// stopping tolerance), while fastchess's test expects 2.94; we keep the twice-derived
    /// value (the cause of fastchess's figure on this sample of four regularized zeros was not
    /// found).
    #[test]
    fn pentanomial_llr_against_reference_values() {
        use Model::{Logistic, Normalized};
        let cases = [
            ([365, 16618, 36229, 16974, 390], 0.0, 2.0, Normalized, 2.250368),
            ([127, 4883, 10712, 5150, 104], -1.75, 0.25, Normalized, 3.010154),
            ([223, 9863, 21279, 10037, 246], 0.5, 2.5, Logistic, -3.074126),
            ([871, 26175, 55983, 26678, 821], 0.0, 2.0, Logistic, -4.978673),
            ([1, 3, 10, 4, 2], 0.0, 10.0, Normalized, 0.109096),
            ([1, 3, 10, 4, 2], 0.0, 10.0, Logistic, 0.148356),
            ([2, 9, 20, 14, 5], -5.0, 5.0, Normalized, 0.443208),
            ([0, 2, 5, 9, 4], 0.0, 10.0, Logistic, 0.567185),
            ([0, 0, 0, 0, 104], 0.0, 5.0, Normalized, 2.094955),
        ];
        for (c, elo0, elo1, model, want) in cases {
            let t = Sprt { elo0, elo1, alpha: 0.05, beta: 0.05, model };
            let got = t.llr(&Penta(c));
            assert!((got - want).abs() < 2e-3, "{c:?} {model:?}: {got} vs {want}");
        }
        let t = Sprt { elo0: 0.0, elo1: 2.0, alpha: 0.05, beta: 0.05, model: Normalized };
        let p = Penta([365, 16618, 36229, 16974, 390]);
        assert_eq!(t.line(&p), "LLR: 2.25 (-2.94, 2.94) [0.00, 2.00]");
        assert_eq!(t.verdict(&p), None);
        let strong = Sprt { elo0: 0.0, elo1: 10.0, ..t };
        assert_eq!(strong.verdict(&Penta([10, 40, 100, 150, 60])), Some(Verdict::H1));
        assert_eq!(strong.verdict(&Penta([60, 150, 100, 40, 10])), Some(Verdict::H0));
    }

    #[test]
    fn sprt_bounds() {
        let t = Sprt { elo0: 0.0, elo1: 10.0, alpha: 0.05, beta: 0.05, model: Model::Normalized };
        let (lo, hi) = t.bounds();
        // ln(0.05 / 0.95) = -2.9444, ln(0.95 / 0.05) = 2.9444.
        assert!((hi - 2.9444).abs() < 1e-4 && (lo + 2.9444).abs() < 1e-4);
        assert_eq!(t.llr(&Penta::default()), 0.0);
    }
}
