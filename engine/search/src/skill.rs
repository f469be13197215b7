//! Levels for humans: `Skill Level` 0..=20 (20 = full strength) and `UCI_LimitStrength` with
//! `UCI_Elo`. A weaker level searches less (a node budget and a depth cap that grow with the
//! level) and picks its move with bounded noise among the best few root moves: it may prefer a
//! move up to `noise_cp` worse than the best one it saw, never a worse one, so it plays
//! plausible moves and loses by a thousand small inaccuracies rather than by random blunders.

use movegen::Move;

/// The strongest level: no weakening.
pub const MAX_LEVEL: u8 = 20;
/// `UCI_Elo` range (nominal, see [`Skill::from_elo`]).
pub const ELO_MIN: u32 = 500;
/// Upper end of the `UCI_Elo` range: full strength.
pub const ELO_MAX: u32 = 2500;
/// Root moves the noise chooses among (the search runs this many principal variations).
pub const CANDIDATES: usize = 4;

/// A playing level below full strength.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Skill {
    level: u8,
}

impl Skill {
    /// Level `level` (0..=19); `None` for full strength (20 and above).
    pub fn level(level: u8) -> Option<Skill> {
        (level < MAX_LEVEL).then_some(Skill { level })
    }

    /// The level for a nominal Elo: linear, `ELO_MIN` is level 0, every 100 points one level,
    /// `ELO_MAX` full strength. The published ladder (`docs/strength.md`) gives what a level
    /// step is really worth in each variant.
    pub fn from_elo(elo: u32) -> Option<Skill> {
        let steps = elo.clamp(ELO_MIN, ELO_MAX).saturating_sub(ELO_MIN) / 100;
        Skill::level(u8::try_from(steps).unwrap_or(MAX_LEVEL))
    }

    /// The level number.
    pub fn number(self) -> u8 {
        self.level
    }

    /// Most nodes per move: 100 at level 0, doubling every 4/3 levels (about 18,000 at level
    /// 10 and 1.9 million at level 19).
    pub fn node_cap(self) -> u64 {
        (100.0 * 2f64.powf(0.75 * f64::from(self.level))) as u64
    }

    /// Deepest iteration: level + 1 plies.
    pub fn depth_cap(self) -> u32 {
        u32::from(self.level) + 1
    }

    /// Largest score loss (centipawns) the noise may accept against the best move seen:
    /// 240 at level 0, 12 at level 19.
    pub fn noise_cp(self) -> i32 {
        12 * i32::from(MAX_LEVEL - self.level)
    }

    /// The move to play among the root lines `(move, score)` (best first, scores from the
    /// mover's view): each line gets a uniform bonus in `[0, noise_cp]` drawn from `random`, the
    /// highest total wins. Mate scores are never traded away: if the best line mates, it is
    /// played.
    pub fn choose(self, lines: &[(Move, i32)], random: u64) -> Option<Move> {
        let &(best_move, best) = lines.first()?;
        if best >= crate::MATE_BOUND {
            return Some(best_move);
        }
        let span = u64::try_from(self.noise_cp()).unwrap_or(0) + 1;
        let mut r = random;
        lines
            .iter()
            .map(|&(m, s)| {
                r = movegen::zobrist::splitmix64(r);
                let bonus = i32::try_from(r % span).unwrap_or(0);
                (s.saturating_add(bonus), m)
            })
            .max_by_key(|&(total, _)| total)
            .map(|(_, m)| m)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use movegen::types::Square;
    use movegen::MoveKind;

    fn mv(i: u8) -> Move {
        Move::new(MoveKind::Normal, Square(i), Square(i + 8))
    }

    #[test]
    fn levels_and_elo() {
        assert_eq!(Skill::level(20), None);
        assert_eq!(Skill::level(0).unwrap().node_cap(), 100);
        // 100 * 2^7.5 = 18101.9
        assert_eq!(Skill::level(10).unwrap().node_cap(), 18101);
        assert_eq!(Skill::level(0).unwrap().depth_cap(), 1);
        assert_eq!(Skill::level(0).unwrap().noise_cp(), 240);
        assert_eq!(Skill::level(19).unwrap().noise_cp(), 12);
        assert_eq!(Skill::from_elo(0), Skill::level(0));
        assert_eq!(Skill::from_elo(1549), Skill::level(10));
        assert_eq!(Skill::from_elo(2500), None);
        assert_eq!(Skill::from_elo(9999), None);
    }

    #[test]
    fn the_noise_is_bounded() {
        let s = Skill::level(0).unwrap();
        // A move 241 cp worse than the best is never chosen at level 0 (noise 240).
        let lines = [(mv(0), 100), (mv(1), -141), (mv(2), -500)];
        for r in 0..2000 {
            assert_eq!(s.choose(&lines, r), Some(mv(0)));
        }
        // Within the noise, both are chosen sometimes.
        let lines = [(mv(0), 100), (mv(1), 40)];
        let picks: Vec<Move> = (0..2000).filter_map(|r| s.choose(&lines, r)).collect();
        assert!(picks.contains(&mv(0)) && picks.contains(&mv(1)));
        // A mate is always played.
        let lines = [(mv(0), crate::MATE - 3), (mv(1), crate::MATE - 5)];
        assert!((0..100).all(|r| s.choose(&lines, r) == Some(mv(0))));
        assert_eq!(s.choose(&[], 1), None);
    }
}
