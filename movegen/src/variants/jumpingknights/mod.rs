//! `jumpingknights`: Jumping Knights Chess (D. Paulowich) on the 10x10 board, per
//! `../shared/rules/jumpingknights.md` (rulings JK-1 .. JK-5). Rules as implemented, with every
//! decision: `docs/variants/jumpingknights.md`.
//!
//! Files `z a b c d e f g h i`, ranks `0`..`9` (square index `rank * 10 + file`, u128
//! bitboards). The 64 squares a1-h8 are central, the other 36 are edge squares that only
//! captures may end on. Every capture jumps the victim and lands on an empty square beyond it
//! (`MoveKind::Jump`: `from`, victim in `to`, landing in `aux`); en passant jumps the skipped
//! square (`MoveKind::JumpEnPassant`). A king is in check when an enemy unit could capture it
//! that way, so occupying the landing square parries (JK-4). Rule 4 (JK-5) filters the legal
//! moves; Rule 2 makes some stalemates wins.
//!
//! Position: piece bitboards + mailbox, castling rights, en-passant square, clocks and an
//! incremental Zobrist key; copy-make. Move generation (`movegen.rs`) lists or only counts.

mod attack;
pub mod info;
mod leaf;
mod movegen;
mod notation;
mod sink;
pub mod tables;

use crate::board::Board;
use crate::castling::{self, FenRule, Homes};
use crate::fen::{self, FenError, Hands, Setup};
use crate::moves::{Move, MoveKind, MoveList};
use crate::position::Core;
use crate::rules::{EndReason, GameEnd, MoveError, Outcome, Rules, VariantId};
use crate::types::{Bb128, Bitboard, Color, Geo10x10, Geometry, Piece, PieceKind, Square};
use crate::zobrist;
use tables::{CENTRAL, EDGE, RANK};

crate::piece_kinds! {
    /// Jumping Knights piece kinds. The index doubles as the promotion code of a [`Move`]
    /// (1 Nightrider, 2 Bishop, 3 Rook, 4 Queen, 6 War Machine).
    pub enum JkKind {
        /// Pawn `P`.
        Pawn = 0 'P',
        /// Nightrider `N` (rides knight leaps along a line).
        Nightrider = 1 'N',
        /// Bishop `B`.
        Bishop = 2 'B',
        /// Rook `R`.
        Rook = 3 'R',
        /// Queen `Q`.
        Queen = 4 'Q',
        /// King `K`.
        King = 5 'K',
        /// War Machine `W` (one orthogonal step or a 3-square orthogonal jump).
        WarMachine = 6 'W',
    }
}

/// Promotion choices in generation order: Q R B N W.
pub const PROMOTIONS: [JkKind; 5] =
    [JkKind::Queen, JkKind::Rook, JkKind::Bishop, JkKind::Nightrider, JkKind::WarMachine];

/// The board type of Jumping Knights.
pub type JkBoard = Board<Geo10x10, JkKind, 7>;

pub use crate::castling::{BLACK_KINGSIDE, BLACK_QUEENSIDE, WHITE_KINGSIDE, WHITE_QUEENSIDE};

/// Zobrist keys: 14 piece codes x 100 squares, then side, 16 castling masks, 10 e.p. files.
static KEYS: [u64; 14 * 100 + 1 + 16 + 10] = zobrist::keys(0x0004_0600_cb5d_0a7c);
const SIDE_KEY: usize = 14 * 100;
const CASTLE_KEY: usize = SIDE_KEY + 1;
const EP_KEY: usize = CASTLE_KEY + 16;

#[inline(always)]
fn piece_key(p: Piece<JkKind>, sq: Square) -> u64 {
    code_key(p.code(), sq)
}

/// The castling units' home squares (index = rank * 10 + file): kings on e1 and e8, rooks on
/// a1, h1, a8, h8.
const HOMES: Homes = Homes {
    king: [Square(15), Square(85)],
    rooks: [[Square(11), Square(18)], [Square(81), Square(88)]],
};

/// How the castling field is read.
const CASTLING: FenRule = FenRule {
    homes: HOMES,
    only: "Jumping Knights castles only with the a- and h-file rooks",
    names: ("king", "rook"),
    twice: Some("a castling right is given twice"),
};

/// Castling rights kept after a move touches a square (king or rook home squares).
const CASTLE_KEEP: [u8; 100] = HOMES.keep_table();

/// The start position (JK-1: War Machines on b0, g0, b9, g9).
pub const START_FEN: &str =
    "2w4w2/1rnbqkbnr1/1pppppppp1/10/10/10/10/1PPPPPPPP1/1RNBQKBNR1/2W4W2 w KQkq - 0 1";

/// The central squares a1-h8.
pub fn central() -> Bb128 {
    Bitboard(CENTRAL)
}

/// The 36 edge squares.
pub fn edge() -> Bb128 {
    Bitboard(EDGE)
}

/// A Jumping Knights position.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct JumpingKnights {
    board: JkBoard,
    core: Core,
}

/// Move list capacity. Every move of a unit ends on a distinct square of its lines (a quiet
/// destination, or a landing square that determines its victim), so a unit has at most as many
/// moves as its lines have squares: 35 for a queen on a central square of the 10x10 board, and
/// fewer for every other unit (a pawn has at most 3 destinations x 5 promotion choices). With
/// 15 non-king units (a side never has more than 16) and a king with 8 steps, 8 captures and 2
/// castlings: 15 * 35 + 18 = 543 < 576.
pub type JkMoves = MoveList<576>;

impl JumpingKnights {
    /// The placement.
    #[inline(always)]
    pub fn board(&self) -> &JkBoard {
        &self.board
    }

    /// The king square of `c`.
    #[inline(always)]
    pub fn king(&self, c: Color) -> Square {
        self.board.pieces(JkKind::King, c).lsb()
    }

    /// Whether the side to move is in check (its king could be captured by a jump: JK-4).
    #[inline]
    pub fn is_check(&self) -> bool {
        let us = self.core.turn;
        attack::capturable(&self.board, self.king(us), !us, self.board.occupied().0)
    }

    /// The legal moves before the Rule 4 filter (JK-5): every move that does not leave the own
    /// king in check.
    pub fn moves_without_rule4(&self) -> JkMoves {
        let mut out = JkMoves::default();
        movegen::generate_unfiltered(self, &mut sink::Lister(&mut out));
        out
    }

    /// Whether Rule 4 (JK-5) binds the side to move: one of its units on an edge square has a
    /// legal capture landing on a central square.
    pub fn rule4_applies(&self) -> bool {
        movegen::rule4_applies(self)
    }

    /// Whether `m` is a capture that satisfies Rule 4 (JK-5): from an edge square onto a
    /// central one.
    pub fn is_rule4_capture(m: Move) -> bool {
        attack::is_rule4_capture(m)
    }

    /// Whether `m` (legal here) gives check.
    pub fn gives_check(&self, m: Move) -> bool {
        attack::gives_check(self, m)
    }

    /// The square of the unit a jump removes (for en passant: the double-stepped pawn).
    pub fn victim_square(&self, m: Move) -> Option<Square> {
        match m.kind() {
            MoveKind::Jump => Some(m.to()),
            MoveKind::JumpEnPassant => Some(ep_victim(m.to(), self.core.turn)),
            _ => None,
        }
    }

    /// Whether an en-passant capture is legal for the side to move (hash and repetition key:
    /// an e.p. square that allows no capture does not split positions).
    fn ep_legal(&self) -> bool {
        let Some(ep) = self.core.ep else { return false };
        if !movegen::ep_candidate(self, ep) {
            return false;
        }
        let mut list = JkMoves::default();
        self.legal_moves(&mut list);
        list.iter().any(|m| m.kind() == MoveKind::JumpEnPassant)
    }
}

impl JumpingKnights {
    /// The position after the legal move `m`. Without `HASH` (perft's leaves, which only count
    /// the replies) the Zobrist key, the halfmove clock and the e.p. hash flag are left stale.
    #[inline(always)]
    fn after<const HASH: bool>(&self, m: Move) -> Self {
        let mut p = *self;
        p.apply::<HASH>(m);
        p
    }

    /// Makes this position a copy of `parent` again, field by field: the placement fits in
    /// one run of inlined vector moves, where the whole position took a call to `memcpy`.
    #[inline(always)]
    fn restore(&mut self, parent: &Self) {
        self.board = parent.board;
        self.core = parent.core;
    }

    /// Plays the legal move `m` on this position ([`JumpingKnights::after`] in place).
    #[inline(always)]
    fn apply<const HASH: bool>(&mut self, m: Move) {
        let p = self;
        let us = p.core.turn;
        let (from, to) = (m.from(), m.to());
        let mut h = 0;
        let lapsed = p.core.lapse_ep();
        if HASH {
            h = p.core.hash ^ KEYS[SIDE_KEY] ^ KEYS[CASTLE_KEY + usize::from(p.core.castling)];
            if let Some(ep) = lapsed {
                h ^= ep_key(ep);
            }
            p.core.halfmove += 1;
        }
        match m.kind() {
            MoveKind::Castle => {
                h ^= p.board.castle(from, to, castle_rook(to), piece_key);
            }
            // By mailbox codes (`Piece::code`): no decoding of the units.
            MoveKind::Jump | MoveKind::JumpEnPassant => {
                let victim = if m.kind() == MoveKind::Jump { to } else { ep_victim(to, us) };
                let (cap, piece) = (p.board.code_at(victim), p.board.code_at(from));
                let placed = promoted_code(piece, m.promo(), us);
                p.board.take_coded(victim, cap);
                p.board.take_coded(from, piece);
                p.board.put_coded(m.aux(), placed);
                if HASH {
                    h ^= code_key(cap, victim) ^ code_key(piece, from) ^ code_key(placed, m.aux());
                    p.core.halfmove = 0;
                }
            }
            _ => {
                let piece = p.board.code_at(from);
                let placed = promoted_code(piece, m.promo(), us);
                p.board.take_coded(from, piece);
                p.board.put_coded(to, placed);
                if HASH {
                    h ^= code_key(piece, from) ^ code_key(placed, to);
                }
                if piece == Piece::new(JkKind::Pawn, us).code() {
                    if HASH {
                        p.core.halfmove = 0;
                    }
                    if m.kind() == MoveKind::DoublePush {
                        p.core.ep = Some(Square((from.0 + to.0) / 2));
                    }
                }
            }
        }
        p.core.castling &= CASTLE_KEEP[from.idx()] & CASTLE_KEEP[to.idx()];
        p.core.pass_turn();
        if HASH {
            h ^= KEYS[CASTLE_KEY + usize::from(p.core.castling)];
            if let Some(ep) = p.core.ep {
                if p.ep_legal() {
                    p.core.ep_keyed = true;
                    h ^= ep_key(ep);
                }
            }
            p.core.hash = h;
        }
    }
}

/// The mailbox code of the unit placed after a move: the mover's (`code`), or its
/// promotion's.
#[inline(always)]
fn promoted_code(code: u8, promo: u8, us: Color) -> u8 {
    if promo == 0 {
        code
    } else {
        Piece::new(JkKind::ALL[usize::from(promo)], us).code()
    }
}

/// The key of the e.p. square `ep` (by its file).
#[inline(always)]
fn ep_key(ep: Square) -> u64 {
    KEYS[EP_KEY + usize::from(Geo10x10::file(ep))]
}

/// [`piece_key`] of the unit with mailbox code `code` (not 0).
#[inline(always)]
fn code_key(code: u8, sq: Square) -> u64 {
    KEYS[(usize::from(code) - 1) * 100 + sq.idx()]
}

/// The double-stepped pawn removed by an e.p. jump over `skipped` made by `us`.
#[inline(always)]
fn ep_victim(skipped: Square, us: Color) -> Square {
    Square((i16::from(skipped.0) - 10 * i16::from(us.forward())) as u8)
}

/// The rook's squares for a castling whose king lands on `king_to` (g- or c-file).
#[inline(always)]
fn castle_rook(king_to: Square) -> (Square, Square) {
    let base = king_to.0 - king_to.0 % 10;
    if king_to.0 % 10 == 7 {
        (Square(base + 8), Square(base + 6))
    } else {
        (Square(base + 1), Square(base + 4))
    }
}

impl Rules for JumpingKnights {
    type G = Geo10x10;
    type Moves = JkMoves;
    const VARIANT: VariantId = VariantId::JumpingKnights;
    const START_FEN: &'static str = START_FEN;
    const HANDS: Hands = Hands::Refused("Jumping Knights has no hands");

    #[inline(always)]
    fn core(&self) -> &Core {
        &self.core
    }

    fn from_setup(f: &Setup) -> Result<Self, FenError> {
        let board: JkBoard = f.place("a Jumping Knights letter (K Q R B N W P)", "")?;
        fen::one_king(&board, JkKind::King)?;
        // Pawns move only forward from their second rank and must promote on the last two.
        // For both colours that rules out ranks 0, 1, 8 and 9.
        if board.kind(JkKind::Pawn).0 & (RANK[0] | RANK[1] | RANK[8] | RANK[9]) != 0 {
            return Err(FenError::new(
                "board",
                "a pawn stands on rank 0, 1, 8 or 9 (pawns start on 2 / 7 and promote on 8-9 / 1-0)",
            ));
        }
        let mut core = f.core();
        core.castling = castling::read(f.castling, &CASTLING, &board, JkKind::King, JkKind::Rook)?;
        let us = f.side;
        let fwd = 10 * i16::from(us.forward());
        core.ep = fen::check_ep::<Geo10x10>(fen::parse_ep::<Geo10x10>(f.ep)?, |ep| {
            Geo10x10::rank(ep) == us.select(6, 3)
                && (1..=8).contains(&Geo10x10::file(ep))
                && board.piece_at(Square((i16::from(ep.0) - fwd) as u8))
                    == Some(Piece::new(JkKind::Pawn, !us))
                && board.piece_at(ep).is_none()
                && board.piece_at(Square((i16::from(ep.0) + fwd) as u8)).is_none()
        })?;
        let mut pos = JumpingKnights { board, core };
        let b = &pos.board;
        fen::check_side(us, attack::capturable(b, pos.king(!us), us, b.occupied().0))?;
        pos.core.ep_keyed = pos.ep_legal();
        pos.core.hash = pos.compute_hash();
        Ok(pos)
    }

    fn fen(&self) -> String {
        let board = fen::write_board::<Geo10x10>(|sq| self.board.token(sq));
        let castling = castling::text(self.core.castling);
        fen::write::<Geo10x10>(&board, None, &self.core, &castling, None)
    }

    #[inline]
    fn legal_moves(&self, out: &mut JkMoves) {
        movegen::generate(self, &mut sink::Lister(out));
    }

    #[inline]
    fn count_legal(&self) -> u64 {
        let mut c = sink::Counter(0);
        movegen::generate(self, &mut c);
        c.0
    }

    fn play(&self, m: Move) -> Self {
        self.after::<true>(m)
    }

    /// Shares work between the sibling leaves (`leaf.rs`).
    fn count_two(&self) -> u64 {
        let mut list = JkMoves::default();
        self.legal_moves(&mut list);
        leaf::count_two(self, &list)
    }

    fn compute_hash(&self) -> u64 {
        let mut h = self.board.zobrist(piece_key) ^ self.core.side_key(KEYS[SIDE_KEY]);
        h ^= KEYS[CASTLE_KEY + usize::from(self.core.castling)];
        if let Some(ep) = self.core.ep {
            if self.ep_legal() {
                h ^= ep_key(ep);
            }
        }
        h
    }

    fn in_check(&self) -> bool {
        self.is_check()
    }

    /// Checkmate wins; stalemate (no legal move, not in check) is a win for the other side when
    /// its king stands on a central square and the stalemated side has a unit (king and pawns
    /// included) on an edge square, otherwise a draw (Rule 2).
    fn end_by_rule(&self, legal: &[Move]) -> Option<GameEnd> {
        if !legal.is_empty() {
            return None;
        }
        let us = self.core.turn;
        if self.is_check() {
            return Some(GameEnd { outcome: Outcome::Win(!us), reason: EndReason::Checkmate });
        }
        let their_king_central = CENTRAL & self.board.pieces(JkKind::King, !us).0 != 0;
        let ours_on_edge = EDGE & self.board.color(us).0 != 0;
        let outcome =
            if their_king_central && ours_on_edge { Outcome::Win(!us) } else { Outcome::Draw };
        Some(GameEnd { outcome, reason: EndReason::Stalemate })
    }

    // No insufficient-material draw (Rule 2 can win with bare kings): the default `false`.

    /// The turn passed ([`Core::null_move`]), nothing else changes; `None` in check. The side
    /// that passed is not in check, so the result is a valid position.
    fn null_move(&self) -> Option<Self> {
        if self.is_check() {
            return None;
        }
        let mut p = *self;
        p.core.null_move(KEYS[SIDE_KEY], ep_key);
        Some(p)
    }

    fn castle_partner(&self, m: Move) -> Option<Square> {
        (m.kind() == MoveKind::Castle).then(|| castle_rook(m.to()).0)
    }

    fn move_text(&self, m: Move) -> String {
        notation::move_text(m)
    }

    fn parse_unmatched(&self, text: &str, _legal: &JkMoves) -> Result<Move, MoveError> {
        notation::unmatched(self, text)
    }

    fn move_san(&self, m: Move) -> String {
        notation::move_san(self, m)
    }
}

/// Start positions of the seeded random games in the unit tests: the start, and positions
/// with checks, Rule 4 and jumps.
#[cfg(test)]
const TEST_FENS: [&str; 5] = [
    START_FEN,
    "10/8k1/10/10/1R8/10/5K4/10/2n7/2W7 w - - 0 1",
    "2w4w2/1rnb1kb1r1/1pp2pppp1/3p6/10/10/7P2/1PPP1PPBP1/1RNBqK1NR1/6WW2 w KQkq - 0 5",
    "10/4r5/3P3n2/6P3/10/8k1/10/2P7/1K8/10 w - - 0 1",
    "10/1w3k4/10/1q3p4/10/10/2W2Q2w1/10/5K4/10 w - - 0 1",
];

/// [`super::testing::random_games`] of Jumping Knights.
#[cfg(test)]
fn random_games(
    fens: &[&str],
    games: usize,
    plies: usize,
    seed: u64,
    visit: impl FnMut(&JumpingKnights),
) {
    super::testing::random_games(fens, games, plies, seed, visit);
}
