//! `eightpiece` and `eightpiece-random`: 8-Piece Chess (`../shared/rules/eightpiece.md`,
//! rulings 8P-1 .. 8P-10; `docs/variants/eightpiece.md` describes the implementation).
//!
//! One position type plays both ids; a flag selects the Chess960 castling notation and the
//! Shredder-FEN castling field of `eightpiece-random` (§10).
//!
//! Layout: [`tables`] (rays, facings, holds), [`attack`] (the "is this square attacked" test
//! with pushes §6.4, holds 8P-1 and the pushed lancer 8P-10, on a bitboard-only copy of the
//! position), [`make`] (applying a move: the full position with its hash, or the bitboard copy
//! for legality tests), [`movegen`] (legal moves, listing or counting), [`fen`], [`notation`]
//! (coordinates and algebraic notation) and [`setup`] (the numbered `eightpiece-random` setups).

mod attack;
mod fen;
pub mod info;
mod make;
mod movegen;
mod notation;
pub mod setup;
mod tables;

use crate::board::Board;
use crate::fen::{FenError, Hands, Setup};
use crate::moves::{Move, MoveKind, MoveList};
use crate::position::Core;
use crate::rules::{MoveError, Rules, VariantId};
use crate::types::{Color, Geo8x8, Piece, Square};
use crate::view::MoveInput;
use crate::zobrist;

pub use fen::FenMode;

crate::piece_kinds! {
    /// The unit kinds of 8-Piece Chess. The index doubles as the promotion code of a [`Move`]
    /// (knight 1, bishop 2, rook 3, queen 4, jailer 6, lancer 7, sentry 8).
    pub enum EightKind {
        orthodox,
        /// Jailer: rook moves to empty squares, holds the enemy units orthogonally next to it.
        Jailer = 6 'J',
        /// Lancer: moves along its facing, passing over friends.
        Lancer = 7 'L',
        /// Sentry: bishop moves to empty squares, pushes enemy units.
        Sentry = 8 'S',
    }
}

use EightKind::{Bishop, Jailer, King, Knight, Lancer, Queen, Rook, Sentry};

/// The board type of 8-Piece Chess.
pub type EightBoard = Board<Geo8x8, EightKind, 9>;

/// Promotion choices (§5) other than the lancer, in the order moves are listed.
pub(crate) const PROMOS: [EightKind; 6] = [Queen, Rook, Bishop, Knight, Jailer, Sentry];

/// Castling right indices: White toward h, White toward a, Black toward h, Black toward a.
pub(crate) const RIGHT_WK: usize = 0;
/// See [`RIGHT_WK`].
pub(crate) const RIGHT_WQ: usize = 1;
/// See [`RIGHT_WK`].
pub(crate) const RIGHT_BK: usize = 2;
/// See [`RIGHT_WK`].
pub(crate) const RIGHT_BQ: usize = 3;

/// Zobrist keys: 18 x 64 unit-squares, 8 x 64 lancer facings, side, 4 x 8 castling rights by
/// partner file, 8 e.p. files, 64 + 64 push-field squares.
const N_KEYS: usize = 18 * 64 + 8 * 64 + 1 + 32 + 8 + 128;
static KEYS: [u64; N_KEYS] = zobrist::keys(0x0801_ECE5);
const FACE_KEY: usize = 18 * 64;
const SIDE_KEY: usize = FACE_KEY + 8 * 64;
const CASTLE_KEY: usize = SIDE_KEY + 1;
const EP_KEY: usize = CASTLE_KEY + 32;
const PUSH_KEY: usize = EP_KEY + 8;

#[inline(always)]
fn unit_key(p: Piece<EightKind>, sq: Square) -> u64 {
    KEYS[(usize::from(p.code()) - 1) * 64 + sq.idx()]
}

#[inline(always)]
fn facing_key(sq: Square, facing: usize) -> u64 {
    KEYS[FACE_KEY + facing * 64 + sq.idx()]
}

#[inline(always)]
fn push_key(from: Square, to: Square) -> u64 {
    KEYS[PUSH_KEY + from.idx()] ^ KEYS[PUSH_KEY + 64 + to.idx()]
}

#[inline(always)]
fn ep_key(ep: Square) -> u64 {
    KEYS[EP_KEY + usize::from(ep.0 % 8)]
}

/// The squares each pawn has stood on during the game (§9: the automatic 50-move draw resets
/// only when a pawn reaches a square that pawn never stood on). Pawns are never created, so a
/// game has at most 16; a FEN start gives each pawn only its current square.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct PawnTrack {
    /// Current square of pawn `i` (`NONE` once captured or promoted).
    sq: [u8; 16],
    /// Squares pawn `i` has stood on.
    seen: [u64; 16],
}

impl PawnTrack {
    const NONE: u8 = 0xff;

    fn new(pawns: impl Iterator<Item = Square>) -> PawnTrack {
        let mut t = PawnTrack { sq: [Self::NONE; 16], seen: [0; 16] };
        for (i, s) in pawns.enumerate().take(16) {
            t.sq[i] = s.0;
            t.seen[i] = 1 << s.0;
        }
        t
    }

    /// The index of the pawn on `sq`: the first byte of `self.sq` equal to `sq`, found eight
    /// bytes at a time (a zero byte of `word ^ pattern`; the lowest flagged byte is exact).
    #[inline]
    fn find(&self, sq: Square) -> Option<usize> {
        const ONES: u64 = 0x0101_0101_0101_0101;
        const HIGHS: u64 = 0x8080_8080_8080_8080;
        let all = u128::from_le_bytes(self.sq);
        let pattern = ONES * u64::from(sq.0);
        for (half, base) in [(all as u64, 0), ((all >> 64) as u64, 8)] {
            let x = half ^ pattern;
            let zero = x.wrapping_sub(ONES) & !x & HIGHS;
            if zero != 0 {
                return Some(base + (zero.trailing_zeros() / 8) as usize);
            }
        }
        None
    }

    /// The pawn on `sq` left the board.
    #[inline]
    fn remove(&mut self, sq: Square) {
        if let Some(i) = self.find(sq) {
            self.sq[i] = Self::NONE;
        }
    }

    /// The pawn on `from` now stands on `to`; whether `to` is new for it.
    #[inline]
    fn relocate(&mut self, from: Square, to: Square) -> bool {
        match self.find(from) {
            Some(i) => {
                self.sq[i] = to.0;
                let new = self.seen[i] & (1 << to.0) == 0;
                self.seen[i] |= 1 << to.0;
                new
            }
            None => true,
        }
    }
}

/// The facing index of the lancer on `sq` in the facing planes `planes`.
#[inline(always)]
pub(crate) fn facing_of(planes: &[u64; 3], sq: Square) -> usize {
    let s = sq.0;
    (((planes[0] >> s) & 1) | (((planes[1] >> s) & 1) << 1) | (((planes[2] >> s) & 1) << 2))
        as usize
}

/// Sets the facing of `sq` to `f` in the facing planes `planes`.
#[inline(always)]
pub(crate) fn set_facing_of(planes: &mut [u64; 3], sq: Square, f: usize) {
    let bit = 1u64 << sq.0;
    for (k, plane) in planes.iter_mut().enumerate() {
        if (f >> k) & 1 != 0 {
            *plane |= bit;
        } else {
            *plane &= !bit;
        }
    }
}

/// An 8-Piece Chess position (both `eightpiece` and `eightpiece-random`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct EightPiece {
    pub(crate) board: EightBoard,
    /// Lancer facings as three bit planes (bit `k` of the facing index of the lancer on each
    /// square); zero on squares without a lancer.
    pub(crate) facing: [u64; 3],
    /// Side, castling rights (bit `i` for right `i`, `RIGHT_*`), e.p. square, clocks and key.
    pub(crate) core: Core,
    /// The castling partner's square of each right (meaningful while the right is held).
    pub(crate) partner: [Square; 4],
    /// Each side's king start square (meaningful while that side has a right).
    pub(crate) king_home: [Square; 2],
    /// Chess960 conventions (`eightpiece-random`): castling written king + partner square and
    /// Shredder-FEN castling letters.
    pub(crate) chess960: bool,
    /// The `push` field: (from, to) of the unit pushed on the move just made (§6.3, §7.4).
    pub(crate) push: Option<(Square, Square)>,
    pub(crate) pawns: PawnTrack,
}

/// The start position FEN (§1).
pub const START_FEN: &str = "jl(se)sqkbnr/pppppppp/8/8/8/8/PPPPPPPP/JL(ne)SQKBNR w KQkq - 0 1 -";

/// Move list capacity, from a per-unit bound: king 8 steps + 2 castlings; pawn 3 targets x
/// (6 + 5 lancer facings) promotions = 33; knight 8, bishop 13, rook 14, queen 27, jailer 14;
/// lancer 7 squares x 8 facings = 56, + 27 Turn-then-Moves for the pushed one; sentry 13
/// slides + 4 victims x at most 27 destinations (a queen's) = 121. A side has at most 16 units
/// and at most 9 sentries (1 + 8 promoted): 9 x 121 + (27 + 14 + 13 + 8 + 14 + 83) + 10 = 1258.
pub type EightMoves = MoveList<2048>;

impl EightPiece {
    /// The placement.
    #[inline(always)]
    pub fn board(&self) -> &EightBoard {
        &self.board
    }

    /// The facing of the lancer on `sq` (meaningful only where a lancer stands).
    #[inline(always)]
    pub fn facing_at(&self, sq: Square) -> crate::types::Dir {
        crate::types::Dir::from_index(self.facing_idx(sq))
    }

    #[inline(always)]
    pub(crate) fn facing_idx(&self, sq: Square) -> usize {
        facing_of(&self.facing, sq)
    }

    /// The king square of `c`.
    #[inline(always)]
    pub fn king(&self, c: Color) -> Square {
        self.board.pieces(King, c).lsb()
    }

    /// The push field (from, to), if the last move was a push.
    pub fn push_field(&self) -> Option<(Square, Square)> {
        self.push
    }

    /// Whether the Chess960 conventions of `eightpiece-random` are in force.
    pub fn is_chess960(&self) -> bool {
        self.chess960
    }

    /// Loads a FEN with the given castling conventions.
    pub fn from_fen_mode(text: &str, mode: FenMode) -> Result<EightPiece, FenError> {
        fen::parse(text, mode)
    }

    fn castle_key(castling: u8, partner: &[Square; 4]) -> u64 {
        let mut h = 0;
        for (i, p) in partner.iter().enumerate() {
            if castling & (1 << i) != 0 {
                h ^= KEYS[CASTLE_KEY + i * 8 + usize::from(p.0 % 8)];
            }
        }
        h
    }

    /// Whether the side to move has a legal en-passant capture onto `ep`.
    pub(crate) fn ep_capturable(&self, ep: Square) -> bool {
        make::ep_capture_exists(&self.board, &self.facing, self.core.turn, ep)
    }

    /// Whether `c`'s unit on `sq` is held by an enemy jailer (§3).
    pub fn is_held(&self, sq: Square) -> bool {
        match self.board.piece_at(sq) {
            Some(p) => {
                let jailers = self.board.pieces(Jailer, !p.color).0;
                tables::orth_adj(jailers) & (1 << sq.0) != 0
            }
            None => false,
        }
    }

    /// Whether the side to move is in check (§6.4 attacks included).
    pub fn is_check(&self) -> bool {
        let us = self.core.turn;
        attack::Lite::of(self).attacked(self.king(us), !us, None)
    }

    /// Whether the side to move is checkmated.
    pub fn is_checkmate(&self) -> bool {
        self.is_check() && self.count_legal() == 0
    }
}

impl Rules for EightPiece {
    type G = Geo8x8;
    type Moves = EightMoves;
    const VARIANT: VariantId = VariantId::EightPiece;
    const START_FEN: &'static str = START_FEN;
    const FEN_FIELDS: usize = 1;
    const HANDS: Hands = Hands::Refused("8-Piece Chess has no hands");

    #[inline(always)]
    fn core(&self) -> &Core {
        &self.core
    }

    /// Read with the conventions the castling field shows (`FenMode::Auto`).
    fn from_setup(setup: &Setup) -> Result<Self, FenError> {
        fen::from_setup(setup, FenMode::Auto)
    }

    fn from_fen_as(variant: VariantId, text: &str) -> Result<Self, FenError> {
        let mode = match variant {
            VariantId::EightPieceRandom => FenMode::Random,
            _ => FenMode::Standard,
        };
        fen::parse(text, mode)
    }

    fn fen(&self) -> String {
        fen::write(self)
    }

    #[inline]
    fn legal_moves(&self, out: &mut EightMoves) {
        movegen::generate(self, &mut movegen::Lister(out));
    }

    #[inline]
    fn count_legal(&self) -> u64 {
        let mut c = movegen::Counter(0);
        movegen::generate(self, &mut c);
        c.0
    }

    fn play(&self, m: Move) -> Self {
        make::play(self, m)
    }

    fn compute_hash(&self) -> u64 {
        let mut h = self.board.zobrist(|p, sq| {
            unit_key(p, sq) ^ if p.kind == Lancer { facing_key(sq, self.facing_idx(sq)) } else { 0 }
        });
        h ^= self.core.side_key(KEYS[SIDE_KEY]);
        h ^= Self::castle_key(self.core.castling, &self.partner);
        if let Some(ep) = self.core.ep {
            if self.ep_capturable(ep) {
                h ^= ep_key(ep);
            }
        }
        if let Some((f, t)) = self.push {
            h ^= push_key(f, t);
        }
        h
    }

    fn in_check(&self) -> bool {
        self.is_check()
    }

    /// §9: drawn automatically after 100 plies without a capture (pushed units included) and
    /// without a pawn reaching a square it never stood on before. The clock is the FEN halfmove
    /// field, kept exactly by [`Rules::play`] with each pawn's squares (a FEN start knows only
    /// each pawn's current square). A mate given on the 100th ply stands (FIDE 9.6.2).
    fn fifty_move_draw(&self) -> bool {
        self.core.halfmove >= 100 && !self.is_checkmate()
    }

    fn castle_partner(&self, m: Move) -> Option<Square> {
        (m.kind() == MoveKind::Castle)
            .then(|| make::castle_squares(self, make::castle_right(self.core.turn, m.to())).0)
    }

    /// The default input, with the partner's square as castling's second click in Chess960
    /// mode (where the text names it).
    fn move_input(&self, m: Move) -> MoveInput {
        let mut input = MoveInput::of(m, self.castle_partner(m));
        if m.kind() == MoveKind::Castle {
            input.clicks[1] = notation::castle_target(self, m);
        }
        input
    }

    fn move_text(&self, m: Move) -> String {
        notation::coordinates(self, m)
    }

    /// Coordinate text to move: only moves whose origin matches the text's first square (or
    /// the pass, for `0000`) have their text compared.
    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        notation::parse(self, text)
    }

    fn move_san(&self, m: Move) -> String {
        notation::san(self, m)
    }

    /// The turn passed, for null-move pruning: exactly what the King's pass does to the
    /// position (side, clocks, e.p. and the push field lapse; the board and the pawn tracks stay),
    /// but offered only where the pass is *not* a legal move: `None` when the side to move is
    /// in check (8P-2) or its king is held (then the pass is a real move and a null move would
    /// prove nothing).
    fn null_move(&self) -> Option<Self> {
        if self.is_held(self.king(self.core.turn)) || self.is_check() {
            return None;
        }
        Some(make::play(self, Move::new(MoveKind::Pass, Square(0), Square(0))))
    }
}

/// Squares of `bb` as a move-list helper for tests and notation.
pub(crate) fn legal_list(pos: &EightPiece) -> EightMoves {
    let mut l = EightMoves::default();
    pos.legal_moves(&mut l);
    l
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pawn_track_finds_the_first_match() {
        let mut t = PawnTrack::new([8, 9, 15, 48, 63].into_iter().map(Square));
        assert_eq!(t.find(Square(8)), Some(0));
        assert_eq!(t.find(Square(15)), Some(2));
        assert_eq!(t.find(Square(63)), Some(4));
        assert_eq!(t.find(Square(10)), None);
        t.sq[12] = 10;
        assert_eq!(t.find(Square(10)), Some(12));
        t.remove(Square(9));
        assert_eq!(t.find(Square(9)), None);
        for i in 0..16 {
            t.sq[i] = PawnTrack::NONE;
        }
        t.sq[15] = 0;
        assert_eq!(t.find(Square(0)), Some(15));
        assert_eq!(t.find(Square(1)), None);
    }

    #[test]
    fn start_position_loads_and_round_trips() {
        let p = EightPiece::startpos();
        assert_eq!(p.fen(), START_FEN);
        assert_eq!(p.hash(), p.compute_hash());
        assert_eq!(p.facing_at(Square(1)), crate::types::Dir::NE);
        assert_eq!(p.facing_at(Square(57)), crate::types::Dir::SE);
        assert_eq!(legal_list(&p).len(), 55);
    }
}
