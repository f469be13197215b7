//! Board zones used by the rule book: the outer ring of a grid (Jumping Knights' edge squares),
//! its corners, TamerSpiel's citadels, and rank masks seen from a side. Holes come from the
//! geometry itself (`Geometry::holes`). The Jumping Knights and TamerSpiel generators keep
//! compile-time constant copies of their zones for speed.

use crate::types::{Bitboard, Color, Geo12x8, Geometry};

/// Every existing square on the first or last rank or file of the grid.
pub fn edge_ring<G: Geometry>() -> Bitboard<G::Bits> {
    G::file_mask(0) | G::file_mask(G::FILES - 1) | G::rank_mask(0) | G::rank_mask(G::RANKS - 1)
}

/// The existing squares not on the edge ring.
pub fn interior<G: Geometry>() -> Bitboard<G::Bits> {
    G::valid() & !edge_ring::<G>()
}

/// The four corner squares of the grid that exist.
pub fn corners<G: Geometry>() -> Bitboard<G::Bits> {
    let (f, r) = (i32::from(G::FILES) - 1, i32::from(G::RANKS) - 1);
    [(0, 0), (f, 0), (0, r), (f, r)].into_iter().filter_map(|(x, y)| G::existing(x, y)).collect()
}

/// The squares of rank `n` counted from `color`'s side (0 = its first rank).
pub fn relative_rank<G: Geometry>(color: Color, n: u8) -> Bitboard<G::Bits> {
    G::rank_mask(G::relative_rank(color, n))
}

/// TamerSpiel's citadels a1, l1 (White's) and a8, l8 (Black's): the grid squares of files a and
/// l that exist.
pub fn citadels(owner: Color) -> Bitboard<u128> {
    corners::<Geo12x8>() & relative_rank::<Geo12x8>(owner, 0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::types::{Geo10x10, Geo8x8};

    #[test]
    fn zone_sizes() {
        assert_eq!(edge_ring::<Geo10x10>().count(), 36);
        assert_eq!(interior::<Geo10x10>().count(), 64);
        assert_eq!(edge_ring::<Geo8x8>().count(), 28);
        assert_eq!(corners::<Geo8x8>().count(), 4);
        // On the 12x8 grid the corners are the four citadels.
        assert_eq!(corners::<Geo12x8>(), citadels(Color::White) | citadels(Color::Black));
        let names = |b: Bitboard<u128>| b.iter().map(Geo12x8::name).collect::<Vec<_>>();
        assert_eq!(names(citadels(Color::White)), ["a1", "l1"]);
        assert_eq!(names(citadels(Color::Black)), ["a8", "l8"]);
        assert_eq!(
            interior::<Geo10x10>(),
            (1..9)
                .flat_map(|r| (1..9).map(move |f| (f, r)))
                .filter_map(|(f, r)| Geo10x10::existing(f, r))
                .collect()
        );
        assert_eq!(relative_rank::<Geo8x8>(Color::Black, 1), Geo8x8::rank_mask(6));
    }
}
