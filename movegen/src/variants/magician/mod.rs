//! `magician`: Chess with the Magician (`../shared/rules/magician.md`, seed 002, amended).
//!
//! FIDE chess in which each side may bring in one Magician (M) once per game, by switching a
//! bishop that has moved (MG-1) or by promoting a pawn to her. She promotes to the
//! High-Priestess (H), Archbishop (A), Chancellor (C) or Prime Minister (Y) when one of her
//! side's pawns ends a move on its 6th rank, by the opponent's strongest orthodox piece after
//! that move (MG-2: only pawns left means she stays a Magician and a later arrival tries again).
//!
//! Position: piece bitboards + mailbox, castling rights, en-passant square, the two `magician`
//! flags, clocks and an incremental Zobrist key; copy-make. Legal moves come from the shared
//! FIDE generator ([`crate::variants::orthodox`]) with the Magician family added through its
//! hooks (`movegen.rs`); notation is in `notation.rs`.
//!
//! Promotion codes of [`Move::promo`] are [`MagicianKind`] indices: 1 knight, 2 bishop, 3 rook,
//! 4 queen (as in `chess`), 6 Magician. A switch is [`MoveKind::Switch`] with `from == to`.

pub mod info;
mod movegen;
mod notation;

use crate::board::Board;
use crate::castling;
use crate::fen::{self, FenError, Hands, Setup};
use crate::moves::{Move, MoveKind, MoveList};
use crate::position::Core;
use crate::rules::{MoveError, Rules, VariantId};
use crate::types::{Bb64, Bitboard, Color, Geo8x8, Geometry, Piece, PieceKind, Square};
use crate::variants::orthodox::{self, Counter, Lister, CASTLE_KEEP};
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

/// Zobrist keys: 22 x 64 piece-squares, then side, 16 castling masks, 8 e.p. files, 4 magician
/// flag values.
const KEYS: [u64; 22 * 64 + 1 + 16 + 8 + 4] = zobrist::keys(0x3A61_C1A0);
const SIDE_KEY: usize = 22 * 64;
const CASTLE_KEY: usize = SIDE_KEY + 1;
const EP_KEY: usize = CASTLE_KEY + 16;
const FLAG_KEY: usize = EP_KEY + 8;

#[inline(always)]
fn piece_key(p: Piece<MagicianKind>, sq: Square) -> u64 {
    KEYS[(usize::from(p.code()) - 1) * 64 + sq.idx()]
}

/// The start position FEN.
pub const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 Mm";

/// The bishops' start squares: c1, f1 (White), c8, f8 (Black). MG-1: a bishop anywhere else
/// "has moved".
const BISHOP_HOMES: [Bb64; 2] = [Bitboard((1 << 2) | (1 << 5)), Bitboard((1 << 58) | (1 << 61))];

/// A Chess-with-the-Magician position.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Magician {
    board: MagicianBoard,
    core: Core,
    castling: u8,
    ep: Option<Square>,
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
        &self.board
    }

    /// Castling rights as a mask of the `*_KINGSIDE` / `*_QUEENSIDE` bits.
    pub fn castling(&self) -> u8 {
        self.castling
    }

    /// The en-passant square as in FEN (set after every double step).
    pub fn ep_square(&self) -> Option<Square> {
        self.ep
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
        self.board.pieces(MagicianKind::King, c).lsb()
    }

    /// Squares of the Magician family (both colours).
    #[inline(always)]
    pub fn family(&self) -> Bb64 {
        let b = &self.board;
        b.kind(MagicianKind::Magician)
            | b.kind(MagicianKind::Priestess)
            | b.kind(MagicianKind::Archbishop)
            | b.kind(MagicianKind::Chancellor)
            | b.kind(MagicianKind::Minister)
    }

    /// Whether the side to move is in check.
    #[inline]
    pub fn is_check(&self) -> bool {
        let us = self.core.turn;
        self.attackers(self.king(us), !us, self.board.occupied()).any()
    }

    /// Full legality test of an en-passant capture `from` -> `ep` by the side to move.
    pub(crate) fn ep_is_legal(&self, from: Square, ep: Square) -> bool {
        let us = self.core.turn;
        let victim = orthodox::ep_victim(us, ep);
        let occ = (self.board.occupied().without(from).without(victim)).with(ep);
        let king = self.king(us);
        self.attackers(king, !us, occ).without(victim).is_empty()
    }

    /// Whether an en-passant capture onto `ep` by the side to move is legal (for the hash key,
    /// so that an impossible e.p. square does not split positions).
    fn ep_capturable(&self, ep: Square) -> bool {
        let t = crate::attacks::magic::tables();
        let us = self.core.turn;
        let pawns = t.pawn_attacks(!us, ep) & self.board.pieces(MagicianKind::Pawn, us);
        pawns.into_iter().any(|from| self.ep_is_legal(from, ep))
    }

    /// Whether the e.p. square currently contributes to the hash.
    #[inline]
    fn ep_hashed(&self, ep: Square) -> bool {
        let t = crate::attacks::magic::tables();
        (t.pawn_attacks(!self.core.turn, ep)
            & self.board.pieces(MagicianKind::Pawn, self.core.turn))
        .any()
            && self.ep_capturable(ep)
    }

    /// Replaces an unpromoted Magician of `us` by her promoted form if the §4 table gives one
    /// (judged on the current board); returns the updated hash.
    #[inline]
    fn promote_magician(&mut self, us: Color, mut h: u64) -> u64 {
        let mags = self.board.pieces(MagicianKind::Magician, us);
        if mags.any() {
            if let Some(form) = promoted_form(&self.board, us) {
                for sq in mags {
                    let old = self.board.remove(sq).expect("magician");
                    let new = Piece::new(form, us);
                    self.board.put(sq, new);
                    h ^= piece_key(old, sq) ^ piece_key(new, sq);
                }
            }
        }
        h
    }

    /// What the legal move `m` does to the Magician: `Some(M)` when it brings her in
    /// unpromoted (a switch, or a promotion to her that the table leaves a Magician),
    /// `Some(form)` when she takes a form (instant promotion, or the 6th-rank trigger), `None`
    /// otherwise (also for a 6th-rank arrival that leaves her a Magician, MG-2). Used by
    /// notation.
    pub fn magician_after(&self, m: Move) -> Option<MagicianKind> {
        let us = self.core.turn;
        let next = self.play(m);
        let before = self.board.pieces(MagicianKind::Magician, us);
        match m.kind() {
            MoveKind::Switch => Some(MagicianKind::Magician),
            _ if m.promo() == MAGICIAN_CODE => next.board.kind_at(m.to()),
            _ => {
                let sq = before.first()?;
                let k = next.board.kind_at(sq)?;
                (k != MagicianKind::Magician).then_some(k)
            }
        }
    }
}

/// Move list capacity, a proven bound: a side has at most 16 units, that is a king (8 steps and
/// 2 castlings), at most one Magician-family piece (at most 35 moves: the Prime Minister's 27
/// queen moves plus 8 knight captures; A has at most 29, C 30, H 24, M 16), and 14 others with
/// at most 27 each (a queen; a rook has 14, a bishop 13 + 1 switch, a knight 8, a pawn 3
/// targets x 5 promotion choices = 15). 10 + 35 + 14 x 27 = 423.
pub type MagicianMoves = MoveList<448>;

impl Rules for Magician {
    type G = Geo8x8;
    type Moves = MagicianMoves;
    const VARIANT: VariantId = VariantId::Magician;
    const START_FEN: &'static str = START_FEN;
    const FEN_FIELDS: usize = 1;
    const HANDS: Hands = Hands::Refused("magician has no hands");

    #[inline(always)]
    fn core(&self) -> &Core {
        &self.core
    }

    fn from_setup(f: &Setup) -> Result<Self, FenError> {
        let board: MagicianBoard = f.place("a magician piece letter", " here")?;
        fen::one_king(&board, MagicianKind::King)?;
        fen::no_pawn_on_back_ranks(&board, MagicianKind::Pawn)?;
        let castling = castling::read(
            f.castling,
            &orthodox::CASTLING,
            &board,
            MagicianKind::King,
            MagicianKind::Rook,
        )?;
        let ep = orthodox::read_ep(f, &board, MagicianKind::Pawn)?;
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
        let mut pos = Magician { board, core: f.core(), castling, ep, magician };
        let us = pos.core.turn;
        fen::check_side(us, pos.attackers(pos.king(!us), us, pos.board.occupied()).any())?;
        pos.core.hash = pos.compute_hash();
        Ok(pos)
    }

    fn fen(&self) -> String {
        let board = fen::write_board::<Geo8x8>(|sq| self.board.token(sq));
        let castling = castling::text(self.castling);
        let flags = fen::flags_text(self.magician, FLAG_WORDS);
        fen::write::<Geo8x8>(&board, None, &self.core, &castling, self.ep, Some(flags))
    }

    #[inline]
    fn legal_moves(&self, out: &mut MagicianMoves) {
        let promos = movegen::promotions(self.may_bring_in(self.core.turn));
        orthodox::generate(self, &mut Lister::new(out, promos));
    }

    #[inline]
    fn count_legal(&self) -> u64 {
        let promos = movegen::promotions(self.may_bring_in(self.core.turn));
        let mut c = Counter::new(promos.len() as u64);
        orthodox::generate(self, &mut c);
        c.n
    }

    fn play(&self, m: Move) -> Self {
        let mut p = *self;
        let us = self.core.turn;
        let (from, to) = (m.from(), m.to());
        let mut h = p.core.hash
            ^ KEYS[SIDE_KEY]
            ^ KEYS[CASTLE_KEY + usize::from(p.castling)]
            ^ KEYS[FLAG_KEY + usize::from(p.magician)];
        if let Some(ep) = p.ep {
            if self.ep_hashed(ep) {
                h ^= KEYS[EP_KEY + usize::from(Geo8x8::file(ep))];
            }
        }
        p.ep = None;
        p.core.halfmove += 1;
        match m.kind() {
            MoveKind::Castle => {
                h ^= p.board.castle(from, to, orthodox::castle_rook_squares(to), piece_key);
            }
            MoveKind::EnPassant => {
                let victim = orthodox::ep_victim(us, to);
                h ^= p.board.capture_aside(from, to, victim, piece_key);
                p.core.halfmove = 0;
                // An e.p. capture always ends on the capturer's 6th rank (§4).
                h = p.promote_magician(us, h);
            }
            MoveKind::Switch => {
                // §2: the moved bishop is replaced in place; a non-capturing, non-pawn move.
                let bishop = p.board.remove(from).expect("bishop");
                let mage = Piece::new(MagicianKind::Magician, us);
                p.board.put(from, mage);
                h ^= piece_key(bishop, from) ^ piece_key(mage, from);
                p.magician &= !flag_bit(us);
            }
            _ => {
                if let Some(cap) = p.board.remove(to) {
                    h ^= piece_key(cap, to);
                    p.core.halfmove = 0;
                }
                let piece = p.board.remove(from).expect("mover");
                h ^= piece_key(piece, from);
                let placed = match m.promo() {
                    0 => piece,
                    MAGICIAN_CODE => {
                        // §2: promoted at once by the §4 table, judged after the capture.
                        p.magician &= !flag_bit(us);
                        let form = promoted_form(&p.board, us).unwrap_or(MagicianKind::Magician);
                        Piece::new(form, us)
                    }
                    code => Piece::new(MagicianKind::ALL[usize::from(code)], us),
                };
                p.board.put(to, placed);
                h ^= piece_key(placed, to);
                if piece.kind == MagicianKind::Pawn {
                    p.core.halfmove = 0;
                    if m.kind() == MoveKind::DoublePush {
                        p.ep = Some(Square((from.0 + to.0) / 2));
                    } else if Geo8x8::rank(to) == us.select(5, 2) {
                        // §4: a pawn ending its move on its 6th rank promotes the Magician.
                        h = p.promote_magician(us, h);
                    }
                }
            }
        }
        p.castling &= CASTLE_KEEP[from.idx()] & CASTLE_KEEP[to.idx()];
        h ^= KEYS[CASTLE_KEY + usize::from(p.castling)];
        h ^= KEYS[FLAG_KEY + usize::from(p.magician)];
        p.core.pass_turn();
        if let Some(ep) = p.ep {
            if p.ep_capturable(ep) {
                h ^= KEYS[EP_KEY + usize::from(Geo8x8::file(ep))];
            }
        }
        p.core.hash = h;
        p
    }

    fn compute_hash(&self) -> u64 {
        let mut h = self.board.zobrist(piece_key) ^ self.core.side_key(KEYS[SIDE_KEY]);
        h ^= KEYS[CASTLE_KEY + usize::from(self.castling)];
        h ^= KEYS[FLAG_KEY + usize::from(self.magician)];
        if let Some(ep) = self.ep {
            if self.ep_capturable(ep) {
                h ^= KEYS[EP_KEY + usize::from(Geo8x8::file(ep))];
            }
        }
        h
    }

    fn in_check(&self) -> bool {
        self.is_check()
    }

    fn insufficient_material(&self) -> bool {
        // Dead only when no mate can ever arise: K v K, or K + knight v K, or K + bishop v K
        // where the bishop's side can no longer bring in a Magician (a switched-in Magician
        // can mate with her king's help, e.g. White Kc7, Ma6 v Ka8).
        let b = &self.board;
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

    fn castle_partner(&self, m: Move) -> Option<Square> {
        (m.kind() == MoveKind::Castle).then(|| orthodox::castle_rook_squares(m.to()).0)
    }

    fn move_text(&self, m: Move) -> String {
        notation::move_text(m)
    }

    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        notation::parse_move(self, text)
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

    /// The turn passed: the e.p. right lapses, the clocks run; castling rights and the
    /// `magician` flags stay. `None` in check.
    fn null_move(&self) -> Option<Self> {
        if self.is_check() {
            return None;
        }
        let mut p = *self;
        if let Some(ep) = p.ep {
            if self.ep_hashed(ep) {
                p.core.hash ^= KEYS[EP_KEY + usize::from(Geo8x8::file(ep))];
            }
        }
        p.ep = None;
        p.core.null_move(KEYS[SIDE_KEY]);
        Some(p)
    }
}
