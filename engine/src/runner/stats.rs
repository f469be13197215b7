//! Match statistics: Elo with a 95% interval from the score's sample variance, and a
//! trinomial sequential probability ratio test (SPRT) for stopping a match at a decision.

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
        let elo = |x: f64| -400.0 * (1.0 / x - 1.0).log10();
        if s <= 0.0 || s >= 1.0 {
            return None;
        }
        let lo = (s - 1.96 * se).clamp(1e-6, 1.0 - 1e-6);
        let hi = (s + 1.96 * se).clamp(1e-6, 1.0 - 1e-6);
        Some((elo(s), (elo(hi) - elo(lo)) / 2.0))
    }
}

/// SPRT parameters: H0 elo0, H1 elo1, error rates alpha and beta.
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
}

/// An SPRT verdict.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// H1 accepted (the first engine is stronger by about elo1).
    H1,
    /// H0 accepted.
    H0,
}

impl Sprt {
    /// Decision bounds (lower, upper) of the log-likelihood ratio.
    pub fn bounds(&self) -> (f64, f64) {
        ((self.beta / (1.0 - self.alpha)).ln(), ((1.0 - self.beta) / self.alpha).ln())
    }

    /// Log-likelihood ratio of the results (normal approximation of the trinomial GSPRT).
    pub fn llr(&self, r: &Wdl) -> f64 {
        if r.n() == 0 {
            return 0.0;
        }
        let var = r.variance();
        if var <= 0.0 {
            return 0.0;
        }
        let s0 = 1.0 / (1.0 + 10f64.powf(-self.elo0 / 400.0));
        let s1 = 1.0 / (1.0 + 10f64.powf(-self.elo1 / 400.0));
        let s = r.score();
        f64::from(r.n()) * (s1 - s0) * (2.0 * s - s0 - s1) / (2.0 * var)
    }

    /// The verdict, if one is reached.
    pub fn verdict(&self, r: &Wdl) -> Option<Verdict> {
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
    fn sprt_decides_clear_cases() {
        let t = Sprt { elo0: 0.0, elo1: 10.0, alpha: 0.05, beta: 0.05 };
        let (lo, hi) = t.bounds();
        assert!((hi - 2.944).abs() < 0.01 && (lo + 2.944).abs() < 0.01);
        assert_eq!(t.verdict(&Wdl { w: 600, d: 200, l: 200 }), Some(Verdict::H1));
        assert_eq!(t.verdict(&Wdl { w: 200, d: 200, l: 600 }), Some(Verdict::H0));
        assert_eq!(t.verdict(&Wdl { w: 3, d: 4, l: 3 }), None);
    }
}
