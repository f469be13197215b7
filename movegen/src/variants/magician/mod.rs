//! `magician`: Chess with the Magician (`../shared/rules/magician.md`, seed 002, amended).
//!
//! FIDE chess in which each side may bring in one Magician (M) once per game, by switching a
//! bishop that has moved (MG-1) or by promoting a pawn to her. She promotes to the
//! High-Priestess (H), Archbishop (A), Chancellor (C) or Prime Minister (Y) when one of her
//! side's pawns ends a move on its 6th rank, by the opponent's strongest orthodox piece after
//! that move (MG-2: only pawns left means she stays a Magician and a later arrival tries again).
//!
//! Position: the orthodox base (`variants::orthodox::OrthoBase`: piece bitboards +
//! mailbox, castling rights, en-passant square, clocks and an incremental Zobrist key) and the
//! two `magician` flags; copy-make by the shared orthodox make-move with the Magician's hooks.
//! Legal moves come from the shared FIDE generator ([`crate::variants::orthodox`]) with the
//! Magician family added through its hooks (`movegen.rs`); notation is in `notation.rs`.
//!
//! Promotion codes of [`Move::promo`] are [`MagicianKind`] indices: 1 knight, 2 bishop, 3 rook,
//! 4 queen (as in `chess`), 6 Magician. A switch is [`MoveKind::Switch`] with `from == to`.

pub mod info;
mod movegen;
mod notation;

use crate::board::Board;
use crate::fen::{self, FenError, Hands, Setup};
use crate::moves::{Move, MoveKind, MoveList};
use crate::rules::{Rules, VariantId};
use crate::types::{Bb64, Bitboard, Color, Geo8x8, Geometry, Piece, PieceKind, Square};
use crate::variants::orthodox::{self, own_keys, OrthoBase, OrthoPosition, Orthodox};
use crate::zobrist;

pub use movegen::family_moves;

pub use crate::variants::orthodox::{
    BLACK_KINGSIDE, BLACK_QUEENSIDE, WHITE_KINGSIDE, WHITE_QUEENSIDE,
};

crate::piece_kinds! {
    /// Piece kinds. The index doubles as the promotion code of a [`Move`] (1..=4 orthodox as in
    /// `chess`, 6 = Magician).
    pub enum MagicianKind {
        orthodox,
        /// Magician (M): moves mF mnA, captures cK cA cD.
        Magician = 6 'M',
        /// High-Priestess (H): moves mK mnA mnD, captures cK cA cD cN.
        Priestess = 7 'H',
        /// Archbishop, magician form (A): moves mB mW mnD, captures cB cK cA cD cN.
        Archbishop = 8 'A',
        /// Chancellor, magician form (C): moves mR mF mnA, captures cR cK cA cD cN.
        Chancellor = 9 'C',
        /// Prime Minister (Y; the seed writes `P`): moves mQ, captures cQ cN cA cD.
        Minister = 10 'Y',
    }
}

impl MagicianKind {
    /// Whether this is the Magician or one of her promoted forms.
    #[inline(always)]
    pub fn is_family(self) -> bool {
        self as usize >= MagicianKind::Magician as usize
    }
}

/// The Magician-family kinds (M H A C Y).
pub const FAMILY: [MagicianKind; 5] = [
    MagicianKind::Magician,
    MagicianKind::Priestess,
    MagicianKind::Archbishop,
    MagicianKind::Chancellor,
    MagicianKind::Minister,
];

/// The promotion code of a pawn promoting to the Magician.
pub const MAGICIAN_CODE: u8 = MagicianKind::Magician as u8;

/// The board type of the variant.
pub type MagicianBoard = Board<Geo8x8, MagicianKind, 11>;

/// Move list capacity, a proven bound: a side has at most 16 units, that is a king (8 steps and
/// 2 castlings), at most one Magician-family piece (at most 35 moves: the Prime Minister's 27
/// queen moves plus 8 knight captures; A has at most 29, C 30, H 24, M 16), and 14 others with
/// at most 27 each (a queen; a rook has 14, a bishop 13 + 1 switch, a knight 8, a pawn 3
/// targets x 5 promotion choices = 15). 10 + 35 + 14 x 27 = 423.
pub type MagicianMoves = MoveList<448>;

/// `magician` flag bit: White may still bring in its Magician.
pub const WHITE_MAGICIAN: u8 = 1;
/// `magician` flag bit: Black may still bring in its Magician.
pub const BLACK_MAGICIAN: u8 = 2;

/// The `magician` field's texts: both flags, White's, Black's, none.
const FLAG_WORDS: [&str; 4] = ["Mm", "M", "m", "-"];

#[inline(always)]
fn flag_bit(c: Color) -> u8 {
    c.select(WHITE_MAGICIAN, BLACK_MAGICIAN)
}

/// Zobrist keys: the orthodox ones ([`own_keys`]), then the 4 values of the magician flags.
static KEYS: [u64; FLAG_KEY + 4] = zobrist::keys(0x3A61_C1A0);
const FLAG_KEY: usize = own_keys(11);

/// The start position FEN.
pub const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 Mm";

/// The bishops' start squares: c1, f1 (White), c8, f8 (Black). MG-1: a bishop anywhere else
/// "has moved".
const BISHOP_HOMES: [Bb64; 2] = [Bitboard((1 << 2) | (1 << 5)), Bitboard((1 << 58) | (1 << 61))];

/// A Chess-with-the-Magician position.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Magician {
    base: OrthoBase<MagicianKind, 11>,
    magician: u8,
}

/// The form an unpromoted Magician of `side` takes when judged on `board` (§4): the
/// opponent's strongest orthodox piece Q -> Y, R -> C, B -> A, N -> H; `None` when the
/// opponent has only pawns and king (MG-2: she stays a Magician).
pub fn promoted_form(board: &MagicianBoard, side: Color) -> Option<MagicianKind> {
    let opp = board.color(!side);
    [
        (MagicianKind::Queen, MagicianKind::Minister),
        (MagicianKind::Rook, MagicianKind::Chancellor),
        (MagicianKind::Bishop, MagicianKind::Archbishop),
        (MagicianKind::Knight, MagicianKind::Priestess),
    ]
    .into_iter()
    .find(|&(k, _)| (board.kind(k) & opp).any())
    .map(|(_, form)| form)
}

impl Magician {
    /// The placement.
    #[inline(always)]
    pub fn board(&self) -> &MagicianBoard {
        &self.base.board
    }

    /// The `magician` flags (`WHITE_MAGICIAN` / `BLACK_MAGICIAN` bits).
    pub fn magician_flags(&self) -> u8 {
        self.magician
    }

    /// Whether `c` may still bring in its Magician.
    #[inline(always)]
    pub fn may_bring_in(&self, c: Color) -> bool {
        self.magician & flag_bit(c) != 0
    }

    /// The king square of `c`.
    #[inline(always)]
    pub fn king(&self, c: Color) -> Square {
        self.base.king(c)
    }

    /// Squares of the Magician family (both colours).
    #[inline(always)]
    pub fn family(&self) -> Bb64 {
        let b = &self.base.board;
        b.kind(MagicianKind::Magician)
            | b.kind(MagicianKind::Priestess)
            | b.kind(MagicianKind::Archbishop)
            | b.kind(MagicianKind::Chancellor)
            | b.kind(MagicianKind::Minister)
    }

    /// Whether the side to move is in check.
    #[inline]
    pub fn is_check(&self) -> bool {
        OrthoPosition::is_check(self)
    }

    /// Replaces an unpromoted Magician of `us` by her promoted form if the §4 table gives one
    /// (judged on the current board), with the key changes folded into `h`.
    #[inline]
    fn promote_magician(&mut self, us: Color, h: &mut u64) {
        let board = &mut self.base.board;
        let mags = board.pieces(MagicianKind::Magician, us);
        if mags.any() {
            if let Some(form) = promoted_form(board, us) {
                for sq in mags {
                    let old = board.remove(sq).expect("magician");
                    let new = Piece::new(form, us);
                    board.put(sq, new);
                    *h ^= Self::piece_key(old, sq) ^ Self::piece_key(new, sq);
                }
            }
        }
    }

    /// What the legal move `m` does to the Magician: `Some(M)` when it brings her in
    /// unpromoted (a switch, or a promotion to her that the table leaves a Magician),
    /// `Some(form)` when she takes a form (instant promotion, or the 6th-rank trigger), `None`
    /// otherwise (also for a 6th-rank arrival that leaves her a Magician, MG-2). Used by
    /// notation.
    pub fn magician_after(&self, m: Move) -> Option<MagicianKind> {
        let us = self.base.core.turn;
        let next = self.play(m);
        let before = self.base.board.pieces(MagicianKind::Magician, us);
        match m.kind() {
            MoveKind::Switch => Some(MagicianKind::Magician),
            _ if m.promo() == MAGICIAN_CODE => next.base.board.kind_at(m.to()),
            _ => {
                let sq = before.first()?;
                let k = next.base.board.kind_at(sq)?;
                (k != MagicianKind::Magician).then_some(k)
            }
        }
    }
}

impl Orthodox<11> for Magician {
    orthodox::base_items!(MagicianKind, 11, &KEYS);

    /// The `magician` flags' key.
    #[inline(always)]
    fn own_key(&self) -> u64 {
        KEYS[FLAG_KEY + usize::from(self.magician)]
    }

    /// A promotion to the Magician (§2) is promoted at once by the §4 table, judged after the
    /// capture, and uses up the flag.
    #[inline(always)]
    fn promotion(&mut self, us: Color, code: u8) -> Piece<MagicianKind> {
        if code == MAGICIAN_CODE {
            self.magician &= !flag_bit(us);
            let form = promoted_form(&self.base.board, us).unwrap_or(MagicianKind::Magician);
            Piece::new(form, us)
        } else {
            Piece::new(MagicianKind::ALL[usize::from(code)], us)
        }
    }

    /// §4: a pawn ending its move on its 6th rank (an e.p. capture always does) promotes the
    /// Magician.
    #[inline(always)]
    fn pawn_arrived(&mut self, us: Color, to: Square, h: &mut u64) {
        if Geo8x8::rank(to) == us.select(5, 2) {
            self.promote_magician(us, h);
        }
    }

    /// The switch (§2): the moved bishop is replaced in place; a non-capturing, non-pawn move.
    #[inline(always)]
    fn other_move(&mut self, m: Move, h: &mut u64) {
        debug_assert_eq!(m.kind(), MoveKind::Switch);
        let (from, us) = (m.from(), self.base.core.turn);
        let bishop = self.base.board.remove(from).expect("bishop");
        let mage = Piece::new(MagicianKind::Magician, us);
        self.base.board.put(from, mage);
        *h ^= Self::piece_key(bishop, from) ^ Self::piece_key(mage, from);
        self.magician &= !flag_bit(us);
    }
}

impl Rules for Magician {
    type Moves = MagicianMoves;
    const VARIANT: VariantId = VariantId::Magician;
    const START_FEN: &'static str = START_FEN;
    const FEN_FIELDS: usize = 1;
    const HANDS: Hands = Hands::Refused("magician has no hands");

    orthodox::rules_items!();

    fn from_setup(f: &Setup) -> Result<Self, FenError> {
        let base: OrthoBase<MagicianKind, 11> =
            OrthoBase::read(f, "a magician piece letter", " here")?;
        let board = &base.board;
        let magician = f.flags(0, "magician", FLAG_WORDS, "`Mm`, `M`, `m` or `-`")?;
        // MG-3: at most one Magician-family piece per side, and none for a side whose flag is
        // still set.
        for c in Color::ALL {
            let n: u32 = FAMILY.iter().map(|&k| board.pieces(k, c).count()).sum();
            if n > 1 {
                return Err(FenError::new(
                    "board",
                    format!("{} has {n} Magician-family pieces; at most one", c.name()),
                ));
            }
            if n == 1 && magician & flag_bit(c) != 0 {
                return Err(FenError::new(
                    "magician",
                    format!(
                        "{} may still bring in a Magician but already has one on the board",
                        c.name()
                    ),
                ));
            }
        }
        Magician { base, magician }.checked()
    }

    fn fen(&self) -> String {
        self.base.fen(Some(fen::flags_text(self.magician, FLAG_WORDS)))
    }

    fn can_mate(&self, side: Color) -> bool {
        // A flag fall (FIDE 6.9): a bare king never mates, and with no bishop it cannot bring
        // in the Magician either. Anything more might, with help.
        self.base.board.color(side).count() > 1
    }

    fn insufficient_material(&self) -> bool {
        // Dead only when no mate can ever arise: K v K, or K + knight v K, or K + bishop v K
        // where the bishop's side can no longer bring in a Magician (a switched-in Magician
        // can mate with her king's help, e.g. White Kc7, Ma6 v Ka8).
        let b = &self.base.board;
        let heavy = b.kind(MagicianKind::Pawn)
            | b.kind(MagicianKind::Rook)
            | b.kind(MagicianKind::Queen)
            | self.family();
        let knights = b.kind(MagicianKind::Knight);
        let bishops = b.kind(MagicianKind::Bishop);
        if heavy.any() || (knights | bishops).more_than_one() {
            return false;
        }
        match bishops.first() {
            None => true,
            Some(sq) => {
                let owner = b.piece_at(sq).expect("bishop").color;
                !self.may_bring_in(owner)
            }
        }
    }

    fn move_text(&self, m: Move) -> String {
        notation::move_text(m)
    }

    fn alias_text(&self, m: Move) -> Option<String> {
        notation::final_form_text(self, m)
    }

    fn move_san(&self, m: Move) -> String {
        notation::move_san(self, m)
    }

    /// The seed's annotation `(M = H)` would open a variation in PGN: it becomes a comment.
    fn pgn_san(&self, m: Move) -> String {
        let san = self.move_san(m);
        match san.split_once(" (") {
            Some((mv, note)) => format!("{mv} {{{}}}", note.trim_end_matches(')')),
            None => san,
        }
    }
}
