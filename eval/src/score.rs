//! Tapered (middlegame, endgame) scores.

use std::ops::{Add, AddAssign, Mul, Neg, Sub, SubAssign};

/// A pair of middlegame and endgame values, blended by game phase.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Score {
    /// Middlegame value.
    pub mg: i32,
    /// Endgame value.
    pub eg: i32,
}

/// Shorthand constructor.
#[allow(non_snake_case)]
pub const fn S(mg: i32, eg: i32) -> Score {
    Score { mg, eg }
}

impl Score {
    /// Blends by `phase` in `0..=max` (`max` = full middlegame).
    #[inline]
    pub fn taper(self, phase: i32, max: i32) -> i32 {
        let p = phase.clamp(0, max);
        (self.mg * p + self.eg * (max - p)) / max.max(1)
    }
}

impl Add for Score {
    type Output = Score;
    #[inline(always)]
    fn add(self, o: Score) -> Score {
        S(self.mg + o.mg, self.eg + o.eg)
    }
}
impl Sub for Score {
    type Output = Score;
    #[inline(always)]
    fn sub(self, o: Score) -> Score {
        S(self.mg - o.mg, self.eg - o.eg)
    }
}
impl AddAssign for Score {
    #[inline(always)]
    fn add_assign(&mut self, o: Score) {
        self.mg += o.mg;
        self.eg += o.eg;
    }
}
impl SubAssign for Score {
    #[inline(always)]
    fn sub_assign(&mut self, o: Score) {
        self.mg -= o.mg;
        self.eg -= o.eg;
    }
}
impl Mul<i32> for Score {
    type Output = Score;
    #[inline(always)]
    fn mul(self, k: i32) -> Score {
        S(self.mg * k, self.eg * k)
    }
}
impl Neg for Score {
    type Output = Score;
    #[inline(always)]
    fn neg(self) -> Score {
        S(-self.mg, -self.eg)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn taper_blends() {
        let s = S(100, 20);
        assert_eq!(s.taper(24, 24), 100);
        assert_eq!(s.taper(0, 24), 20);
        assert_eq!(s.taper(12, 24), 60);
        assert_eq!(s.taper(99, 24), 100);
        assert_eq!((s + S(1, 1) - S(2, 2)) * 2, S(198, 38));
    }
}
