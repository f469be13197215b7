//! Small constant tables of 8-Piece Chess, on top of [`crate::attacks::magic`]: rays per
//! compass direction (lancer lines), the facings that have a square in front (8P-8), and the
//! orthogonal-neighbour fill used for jailer holds.

/// File a.
pub(super) const FILE_A: u64 = 0x0101_0101_0101_0101;
/// File h.
pub(super) const FILE_H: u64 = FILE_A << 7;
/// Rank 1.
pub(super) const RANK_1: u64 = 0xff;
/// Rank 2.
pub(super) const RANK_2: u64 = 0xff << 8;
/// Rank 3.
pub(super) const RANK_3: u64 = 0xff << 16;
/// Rank 6.
pub(super) const RANK_6: u64 = 0xff << 40;
/// Rank 7.
pub(super) const RANK_7: u64 = 0xff << 48;
/// Rank 8.
pub(super) const RANK_8: u64 = 0xff << 56;
/// The board's border.
pub(super) const EDGES: u64 = FILE_A | FILE_H | RANK_1 | RANK_8;
/// The four corners.
pub(super) const CORNERS: u64 = 1 | (1 << 7) | (1 << 56) | (1 << 63);

/// File step of direction `d` (`Dir` index order: n ne e se s sw w nw).
pub(super) const DX: [i32; 8] = [0, 1, 1, 1, 0, -1, -1, -1];
/// Rank step of direction `d`.
pub(super) const DY: [i32; 8] = [1, 1, 0, -1, -1, -1, 0, 1];

const fn build_rays() -> [[u64; 64]; 8] {
    let mut out = [[0u64; 64]; 8];
    let mut d = 0;
    while d < 8 {
        let mut sq = 0;
        while sq < 64 {
            let (mut f, mut r) = ((sq % 8) as i32, (sq / 8) as i32);
            let mut bits = 0u64;
            loop {
                f += DX[d];
                r += DY[d];
                if f < 0 || f > 7 || r < 0 || r > 7 {
                    break;
                }
                bits |= 1u64 << (r * 8 + f);
            }
            out[d][sq] = bits;
            sq += 1;
        }
        d += 1;
    }
    out
}

/// `RAYS[d][sq]`: the squares from `sq` (excluded) to the edge in direction `d`.
pub(super) static RAYS: [[u64; 64]; 8] = build_rays();

/// What each square's rays give: the squares on its diagonals, on all its lines, and the
/// directions with at least one square.
struct Lines {
    diags: [u64; 64],
    lines: [u64; 64],
    face_ok: [u8; 64],
}

const fn build_lines() -> Lines {
    let rays = build_rays();
    let mut t = Lines { diags: [0; 64], lines: [0; 64], face_ok: [0; 64] };
    let mut sq = 0;
    while sq < 64 {
        let mut d = 0;
        while d < 8 {
            t.lines[sq] |= rays[d][sq];
            if d % 2 == 1 {
                t.diags[sq] |= rays[d][sq];
            }
            if rays[d][sq] != 0 {
                t.face_ok[sq] |= 1 << d;
            }
            d += 1;
        }
        sq += 1;
    }
    t
}

const LINE_TABLES: Lines = build_lines();

/// `DIAGS[sq]`: the squares on the diagonals through `sq` (a bishop's reach on an empty board).
pub(super) static DIAGS: [u64; 64] = LINE_TABLES.diags;

/// `LINES[sq]`: the squares on the ranks, files and diagonals through `sq` (a queen's reach on
/// an empty board).
pub(super) static LINES: [u64; 64] = LINE_TABLES.lines;

/// `FACE_OK[sq]`: bit `d` set if a lancer on `sq` facing `d` has a square in front (8P-8).
pub(super) static FACE_OK: [u8; 64] = LINE_TABLES.face_ok;

/// Whether direction `d` runs toward higher square indices (n, ne, e, nw).
#[inline(always)]
pub(super) const fn positive(d: usize) -> bool {
    matches!(d, 0 | 1 | 2 | 7)
}

/// The squares orthogonally next to any square of `bb` (the hold squares of jailers on `bb`).
#[inline(always)]
pub(super) const fn orth_adj(bb: u64) -> u64 {
    (bb << 8) | (bb >> 8) | ((bb << 1) & !FILE_A) | ((bb >> 1) & !FILE_H)
}

/// Number of (square, facing) choices for a lancer landing on each square of `bb` after a
/// normal move: 8 facings inside, 5 on an edge, 3 in a corner (8P-8).
#[inline(always)]
pub(super) const fn facing_choices(bb: u64) -> u64 {
    8 * (bb & !EDGES).count_ones() as u64
        + 5 * (bb & EDGES & !CORNERS).count_ones() as u64
        + 3 * (bb & CORNERS).count_ones() as u64
}

/// The first square of `set` on the ray from `sq` in direction `d`, if any.
#[inline(always)]
pub(super) fn first_on_ray(d: usize, sq: usize, set: u64) -> Option<usize> {
    let hit = RAYS[d][sq] & set;
    if hit == 0 {
        None
    } else if positive(d) {
        Some(hit.trailing_zeros() as usize)
    } else {
        Some(63 - hit.leading_zeros() as usize)
    }
}

/// The squares a lancer on `sq` facing `d` may move to when `friends` are the units it passes
/// over and `foes` the units that stop it (it may capture the first foe). Excludes `friends`.
#[inline(always)]
pub(super) fn lancer_reach(d: usize, sq: usize, friends: u64, foes: u64) -> u64 {
    let ray = RAYS[d][sq];
    let seg = match first_on_ray(d, sq, foes) {
        Some(f) => ray & !RAYS[d][f],
        None => ray,
    };
    seg & !friends
}

/// The direction from `a` to `b` if they share a rank, file or diagonal.
#[inline]
pub(super) fn direction(a: usize, b: usize) -> Option<usize> {
    let dx = (b % 8) as i32 - (a % 8) as i32;
    let dy = (b / 8) as i32 - (a / 8) as i32;
    if (dx == 0 && dy == 0) || (dx != 0 && dy != 0 && dx.abs() != dy.abs()) {
        return None;
    }
    let (sx, sy) = (dx.signum(), dy.signum());
    (0..8).find(|&d| DX[d] == sx && DY[d] == sy)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rays_and_facings() {
        // a1 north: a2..a8.
        assert_eq!(RAYS[0][0], FILE_A & !1);
        assert_eq!(RAYS[4][0], 0);
        assert_eq!(FACE_OK[0].count_ones(), 3);
        assert_eq!(FACE_OK[3].count_ones(), 5);
        assert_eq!(FACE_OK[27].count_ones(), 8);
        assert_eq!(facing_choices(1 | (1 << 3) | (1 << 27)), 3 + 5 + 8);
        assert_eq!(first_on_ray(1, 0, 1 << 27), Some(27));
        assert_eq!(first_on_ray(5, 63, (1 << 27) | (1 << 9)), Some(27));
        // Lancer on b1 facing ne, friends c2, foes h7: d3 e4 f5 g6 h7.
        let reach = lancer_reach(1, 1, 1 << 10, 1 << 55);
        assert_eq!(reach, (1 << 19) | (1 << 28) | (1 << 37) | (1 << 46) | (1 << 55));
        assert_eq!(direction(1, 55), Some(1));
        assert_eq!(direction(1, 17), Some(0));
        assert_eq!(direction(1, 18), None);
        assert_eq!(orth_adj(1), 2 | (1 << 8));
        let t = crate::attacks::magic::tables();
        for sq in 0..64u8 {
            let empty = crate::types::Bitboard(0);
            let sq_ = crate::types::Square(sq);
            assert_eq!(DIAGS[sq as usize], t.bishop(sq_, empty).0);
            assert_eq!(LINES[sq as usize], t.queen(sq_, empty).0);
        }
    }
}
