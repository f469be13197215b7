//! The eight compass directions (lancer facings, ray directions).

use super::square::Delta;

/// One of the eight compass directions, from White's view for both colours.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
#[repr(u8)]
pub enum Dir {
    /// North (toward the highest rank).
    N = 0,
    /// North-east.
    NE = 1,
    /// East (toward the highest file).
    E = 2,
    /// South-east.
    SE = 3,
    /// South.
    S = 4,
    /// South-west.
    SW = 5,
    /// West.
    W = 6,
    /// North-west.
    NW = 7,
}

impl Dir {
    /// All directions, clockwise from north (index order).
    pub const ALL: [Dir; 8] = [Dir::N, Dir::NE, Dir::E, Dir::SE, Dir::S, Dir::SW, Dir::W, Dir::NW];
    /// The four orthogonal directions.
    pub const ORTHOGONAL: [Dir; 4] = [Dir::N, Dir::E, Dir::S, Dir::W];
    /// The four diagonal directions.
    pub const DIAGONAL: [Dir; 4] = [Dir::NE, Dir::SE, Dir::SW, Dir::NW];

    /// Index 0..8 (clockwise from north).
    #[inline(always)]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// Direction with index `i & 7`.
    #[inline(always)]
    pub const fn from_index(i: usize) -> Dir {
        Dir::ALL[i & 7]
    }

    /// The unit step.
    pub const fn delta(self) -> Delta {
        match self {
            Dir::N => Delta::new(0, 1),
            Dir::NE => Delta::new(1, 1),
            Dir::E => Delta::new(1, 0),
            Dir::SE => Delta::new(1, -1),
            Dir::S => Delta::new(0, -1),
            Dir::SW => Delta::new(-1, -1),
            Dir::W => Delta::new(-1, 0),
            Dir::NW => Delta::new(-1, 1),
        }
    }

    /// The direction of a unit step, if `(dx, dy)` is one (any magnitude along a line counts).
    pub fn from_delta(dx: i32, dy: i32) -> Option<Dir> {
        if dx == 0 && dy == 0 || (dx != 0 && dy != 0 && dx.abs() != dy.abs()) {
            return None;
        }
        let (sx, sy) = (dx.signum(), dy.signum());
        Dir::ALL.into_iter().find(|d| {
            let dd = d.delta();
            i32::from(dd.dx) == sx && i32::from(dd.dy) == sy
        })
    }

    /// The opposite direction.
    #[inline(always)]
    pub const fn opposite(self) -> Dir {
        Dir::from_index(self.index() + 4)
    }

    /// Whether it is orthogonal.
    #[inline(always)]
    pub const fn is_orthogonal(self) -> bool {
        self.index() & 1 == 0
    }

    /// Notation name: `n ne e se s sw w nw`.
    pub const fn name(self) -> &'static str {
        match self {
            Dir::N => "n",
            Dir::NE => "ne",
            Dir::E => "e",
            Dir::SE => "se",
            Dir::S => "s",
            Dir::SW => "sw",
            Dir::W => "w",
            Dir::NW => "nw",
        }
    }

    /// Parses a notation name.
    pub fn parse(s: &str) -> Option<Dir> {
        Dir::ALL.into_iter().find(|d| d.name() == s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_deltas() {
        for d in Dir::ALL {
            assert_eq!(Dir::parse(d.name()), Some(d));
            let dd = d.delta();
            assert_eq!(Dir::from_delta(i32::from(dd.dx) * 3, i32::from(dd.dy) * 3), Some(d));
            assert_eq!(d.opposite().opposite(), d);
        }
        assert_eq!(Dir::from_delta(1, 2), None);
        assert_eq!(Dir::from_delta(0, 0), None);
    }
}
