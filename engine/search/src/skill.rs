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

/// A playing level below full strength, in tenths of a level (so a nominal Elo can fall
/// between two `Skill Level`s): level 10 is strength 100.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Skill {
    tenths: u16,
}

/// Tenths per level.
const TENTHS: u16 = 10;
/// Full strength in tenths.
const FULL: u16 = MAX_LEVEL as u16 * TENTHS;

/// Where a nominal `UCI_Elo` falls on the level scale: `(UCI_Elo, strength in tenths)`, in
/// rising order, interpolated linearly between neighbours and beyond the ends along the end
/// segments. Measured against Stockfish 15.1's own `UCI_Elo` in chess at 10 s + 0.1 s, 100
/// games per point (`docs/strength.md`, "Calibrated levels"). Round 5, after the chess table
/// of decision 0016 made every node budget stronger: strength 76 ~ 1549 (100 games) and
/// 123 ~ 1909 (66 games), 7.7 points a tenth, which meets 1500 at 69.6 and 1800 at 108.8.
/// Round 6: strength 135, where that line put 2000, scored 26.5% against 2000 (about 1823,
/// 100 games), so the scale is much flatter above 1800; the third anchor puts 2000 at
/// strength 190 (level 19), which scored 41.5% against 2000 (about 1940, 100 games).
/// Round 7, after the chess table of decision 0017: strength 70 scored 60.5% against 1500
/// (about 1574, 100 games), just above the band, and 62 scored 42.5% (about 1448); 109 still
/// 47.0% against 1800. Each result read along the old segment's 7.7 points a tenth puts 1500
/// at 60.4 and 68.8: the anchor is their mean, 65.
const ELO_ANCHORS: [(u32, u16); 3] = [(1500, 65), (1800, 109), (2000, 190)];

/// An anchor's `UCI_Elo` as a float (an axis of [`along_anchors`]).
fn elo_axis((e, _): (u32, u16)) -> f64 {
    f64::from(e)
}
/// An anchor's strength in tenths as a float (the other axis).
fn tenths_axis((_, t): (u32, u16)) -> f64 {
    f64::from(t)
}

/// The anchors' piecewise-linear line read at `x` on axis `from`, as a value on axis `to`: the
/// segment between the neighbours that hold `x`, or beyond the ends the end segment extended.
fn along_anchors(x: f64, from: fn((u32, u16)) -> f64, to: fn((u32, u16)) -> f64) -> f64 {
    let last = ELO_ANCHORS.len() - 2;
    let i = (0..last).find(|&i| x < from(ELO_ANCHORS[i + 1])).unwrap_or(last);
    let (a, b) = (ELO_ANCHORS[i], ELO_ANCHORS[i + 1]);
    to(a) + (x - from(a)) * (to(b) - to(a)) / (from(b) - from(a))
}

impl Skill {
    /// Level `level` (0..=19); `None` for full strength (20 and above).
    pub fn level(level: u8) -> Option<Skill> {
        Skill::tenths(u16::from(level) * TENTHS)
    }

    /// Strength `tenths` (0..=199, tenths of a level); `None` for full strength.
    fn tenths(tenths: u16) -> Option<Skill> {
        (tenths < FULL).then_some(Skill { tenths })
    }

    /// The strength for a nominal Elo on Stockfish's `UCI_Elo` scale (chess, 10 s + 0.1 s),
    /// from the measured anchors; below the weakest level it is level 0, from about 2024 up
    /// full strength (whose own rating on that scale, about 2100, is measured in
    /// `docs/strength.md`).
    pub fn from_elo(elo: u32) -> Option<Skill> {
        let e = f64::from(elo.clamp(ELO_MIN, ELO_MAX));
        let t = along_anchors(e, elo_axis, tenths_axis).round().clamp(0.0, f64::from(FULL));
        Skill::tenths(t as u16)
    }

    /// The nominal chess Elo of level `level` (0..=19) on the same scale (the inverse of
    /// [`Skill::from_elo`]), for menus; levels outside the measured anchors are extrapolated.
    pub fn elo_of_level(level: u8) -> u32 {
        let t = f64::from(u16::from(level) * TENTHS);
        along_anchors(t, tenths_axis, elo_axis).round().max(0.0) as u32
    }

    /// The level number (rounded down).
    pub fn number(self) -> u8 {
        (self.tenths / TENTHS) as u8
    }

    /// Most nodes per move: 100 at level 0, doubling every 4/3 levels (about 18,000 at level
    /// 10 and 1.9 million at level 19).
    pub fn node_cap(self) -> u64 {
        (100.0 * 2f64.powf(0.075 * f64::from(self.tenths))) as u64
    }

    /// Deepest iteration: level + 1 plies (the level rounded down).
    pub fn depth_cap(self) -> u32 {
        u32::from(self.tenths / TENTHS) + 1
    }

    /// Largest score loss (centipawns) the noise may accept against the best move seen:
    /// 240 at level 0, 12 at level 19 (1.2 per tenth between).
    pub fn noise_cp(self) -> i32 {
        i32::from(FULL - self.tenths) * 12 / i32::from(TENTHS)
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
        // The anchors: 1500 is strength 65 (level 6.5), 1800 strength 109.
        let s1500 = Skill::from_elo(1500).unwrap();
        assert_eq!(s1500.number(), 6);
        assert_eq!(s1500.depth_cap(), 7);
        assert_eq!(s1500.node_cap(), (100.0 * 2f64.powf(0.075 * 65.0)) as u64);
        assert_eq!(s1500.noise_cp(), 135 * 12 / 10);
        assert_eq!(
            Skill::from_elo(1800).unwrap().node_cap(),
            (100.0 * 2f64.powf(0.075 * 109.0)) as u64
        );
        // Between them, 44 tenths for 300 Elo: 1700 is strength 65 + 29.3 = 94.3 (rounded 94).
        assert_eq!(
            Skill::from_elo(1700).unwrap().node_cap(),
            (100.0 * 2f64.powf(0.075 * 94.0)) as u64
        );
        // Above 1800, 81 tenths for 200 Elo: 1900 is strength 109 + 40.5 = 149.5 (rounded 150),
        // 2000 strength 190 (level 19), and from 1800 + (199.5 - 109) * 200 / 81 = 2023.5 up
        // (where the strength rounds to 200) full strength.
        assert_eq!(
            Skill::from_elo(1900).unwrap().node_cap(),
            (100.0 * 2f64.powf(0.075 * 150.0)) as u64
        );
        assert_eq!(Skill::from_elo(2000), Skill::level(19));
        assert!(Skill::from_elo(2023).is_some());
        assert_eq!(Skill::from_elo(2024), None);
        assert_eq!(Skill::from_elo(2500), None);
        // 1500 + (100 - 65) * 300 / 44 = 1738.6; 1800 + (150 - 109) * 200 / 81 = 1901.2;
        // below the first anchor the first segment goes on: 1500 - 65 * 300 / 44 = 1056.8.
        assert_eq!(Skill::elo_of_level(10), 1739);
        assert_eq!(Skill::elo_of_level(15), 1901);
        assert_eq!(Skill::elo_of_level(19), 2000);
        assert_eq!(Skill::elo_of_level(0), 1057);
        // Monotone: a higher Elo is never a weaker level, and the levels' Elos round-trip.
        let strength = |e| Skill::from_elo(e).map_or(u64::MAX, Skill::node_cap);
        assert!((500..2500).all(|e| strength(e) <= strength(e + 1)));
        for l in 1..20 {
            assert_eq!(Skill::from_elo(Skill::elo_of_level(l)), Skill::level(l), "level {l}");
        }
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
