//! `tamerspiel`: TamerSpiel (E. Greenwood) per `../shared/rules/tamerspiel.md`, rulings TS-1 ..
//! TS-6, on the 12x8 grid whose a2-a7 and l2-l7 do not exist (`Geo12x8`, u128 bitboards).
//!
//! Position: piece bitboards + mailbox, castling rights, the two swap flags, clocks and an
//! incremental Zobrist key; copy-make. Move generation (`movegen.rs`) is legal by construction
//! for unpinned units (check mask, pin candidates from riders, Noblemen and Supercavs) and falls
//! back to a make-and-test for the candidates; it lists or only counts (perft bulk counting).
//!
//! Promotion codes in [`Move::promo`]: only the pawn's promotion to Dabbabah is written there
//! (code = `TsKind::Dabbabah as u8` = 1). Citadel promotions (TS-3, TS-4) are automatic and
//! follow from the squares, so a move carries no code for them.

pub mod info;
mod movegen;
mod notation;
pub mod tables;

use crate::board::Board;
use crate::castling::{self, FenRule, Homes};
use crate::fen::{self, FenError, Hands, Setup};
use crate::moves::{Move, MoveKind, MoveList};
use crate::position::Core;
use crate::rules::{MoveError, Rules, VariantId};
use crate::types::{Color, Geo12x8, Piece, Square};
use crate::zobrist;

crate::piece_kinds! {
    /// The 19 piece kinds of the rule book's §3 table. The index of `Dabbabah` (1) is the pawn
    /// promotion code of a [`Move`].
    pub enum TsKind {
        /// Pawn: one step forward, captures one step diagonally forward (TS-2).
        Pawn = 0 'P',
        /// Dabbabah: W + D.
        Dabbabah = 1 'D',
        /// Firzan: F + one step straight backward.
        Firzan = 2 'F',
        /// Vizier: W.
        Vizier = 3 'V',
        /// Guard: K (not royal).
        Guard = 4 'G',
        /// Horse: N.
        Horse = 5 'N',
        /// Bishop: B.
        Bishop = 6 'B',
        /// Rook: R.
        Rook = 7 'R',
        /// Eagle: K + N.
        Eagle = 8 'E',
        /// Lion: K + A + D.
        Lion = 9 'L',
        /// Champion: N + A + D.
        Champion = 10 'C',
        /// Nobleman: one king step, or two king steps through an empty middle square.
        Nobleman = 11 'O',
        /// Archbishop: B + N.
        Archbishop = 12 'A',
        /// Marshall: R + N.
        Marshall = 13 'M',
        /// Queen: Q.
        Queen = 14 'Q',
        /// Warlord: Q + N.
        Warlord = 15 'W',
        /// Supercav: K + Cavalier.
        Supercav = 16 'S',
        /// King (royal).
        King = 17 'K',
        /// Tetrarch (royal): K + A (TS-1).
        Tetrarch = 18 'T',
    }
}

impl TsKind {
    /// The next step of the citadel promotion chain (TS-3), if any: Vizier -> Lion -> Warlord,
    /// Firzan -> Eagle -> Queen, Guard -> Champion -> Supercav, Rook -> Marshall,
    /// Horse -> Nobleman, Bishop -> Archbishop, King -> Tetrarch.
    pub const fn promoted(self) -> Option<TsKind> {
        match self {
            TsKind::Vizier => Some(TsKind::Lion),
            TsKind::Lion => Some(TsKind::Warlord),
            TsKind::Firzan => Some(TsKind::Eagle),
            TsKind::Eagle => Some(TsKind::Queen),
            TsKind::Guard => Some(TsKind::Champion),
            TsKind::Champion => Some(TsKind::Supercav),
            TsKind::Rook => Some(TsKind::Marshall),
            TsKind::Horse => Some(TsKind::Nobleman),
            TsKind::Bishop => Some(TsKind::Archbishop),
            TsKind::King => Some(TsKind::Tetrarch),
            _ => None,
        }
    }

    /// Whether it is royal (King or Tetrarch).
    #[inline(always)]
    pub const fn is_royal(self) -> bool {
        matches!(self, TsKind::King | TsKind::Tetrarch)
    }
}

/// The board type of TamerSpiel.
pub type TsBoard = Board<Geo12x8, TsKind, 19>;

/// Castling right: White toward the l-file (`K`).
pub const WHITE_L: u8 = castling::WHITE_KINGSIDE;
/// Castling right: White toward the a-file (`Q`).
pub const WHITE_A: u8 = castling::WHITE_QUEENSIDE;
/// Castling right: Black toward the l-file (`k`).
pub const BLACK_L: u8 = castling::BLACK_KINGSIDE;
/// Castling right: Black toward the a-file (`q`).
pub const BLACK_A: u8 = castling::BLACK_QUEENSIDE;

/// Swap flag of White (may still make the king swap).
pub const SWAP_WHITE: u8 = 1;
/// Swap flag of Black.
pub const SWAP_BLACK: u8 = 2;

/// The `swap` field's texts: both flags, White's, Black's, none.
const SWAP_WORDS: [&str; 4] = ["wb", "w", "b", "-"];

/// Named squares (index = rank * 12 + file).
pub mod sq {
    use crate::types::Square;
    /// a1 (White's citadel).
    pub const A1: Square = Square(0);
    /// b1.
    pub const B1: Square = Square(1);
    /// c1 (White's a-side castling: king destination).
    pub const C1: Square = Square(2);
    /// d1 (White's a-side castling: rook destination).
    pub const D1: Square = Square(3);
    /// g1 (White king's start).
    pub const G1: Square = Square(6);
    /// i1 (White's l-side castling: rook destination).
    pub const I1: Square = Square(8);
    /// j1 (White's l-side castling: king destination).
    pub const J1: Square = Square(9);
    /// k1.
    pub const K1: Square = Square(10);
    /// l1 (White's citadel).
    pub const L1: Square = Square(11);
    /// a8 (Black's citadel).
    pub const A8: Square = Square(84);
    /// b8.
    pub const B8: Square = Square(85);
    /// c8 (Black's a-side castling: king destination).
    pub const C8: Square = Square(86);
    /// d8 (Black's a-side castling: rook destination).
    pub const D8: Square = Square(87);
    /// f8 (Black king's start).
    pub const F8: Square = Square(89);
    /// i8 (Black's l-side castling: rook destination).
    pub const I8: Square = Square(92);
    /// j8 (Black's l-side castling: king destination).
    pub const J8: Square = Square(93);
    /// k8.
    pub const K8: Square = Square(94);
    /// l8 (Black's citadel).
    pub const L8: Square = Square(95);
}

const fn bit(s: Square) -> u128 {
    1u128 << s.0
}

/// The citadels `color`'s pieces promote in (the enemy's): a8/l8 for White, a1/l1 for Black.
pub const fn enemy_citadels(color: Color) -> u128 {
    match color {
        Color::White => bit(sq::A8) | bit(sq::L8),
        Color::Black => bit(sq::A1) | bit(sq::L1),
    }
}

/// Where `color`'s bishops promote: the enemy citadels and the enemy corners b8/k8 (b1/k1).
pub const fn bishop_zone(color: Color) -> u128 {
    match color {
        Color::White => enemy_citadels(color) | bit(sq::B8) | bit(sq::K8),
        Color::Black => enemy_citadels(color) | bit(sq::B1) | bit(sq::K1),
    }
}

/// The kind a unit of `kind` and `color` becomes on arriving on `to` by a move or a swap
/// (TS-3, TS-4): one step of its chain inside an enemy citadel (bishops also on the enemy corner
/// squares), else unchanged. Pawns are handled by their own promotion (§5).
#[inline(always)]
pub fn arrival_kind(kind: TsKind, color: Color, to: Square) -> TsKind {
    let zone = if kind == TsKind::Bishop { bishop_zone(color) } else { enemy_citadels(color) };
    if zone & bit(to) != 0 {
        if let Some(k) = kind.promoted() {
            return k;
        }
    }
    kind
}

/// Zobrist keys: 38 mailbox codes x 96 cells, side, 16 castling masks, 4 swap masks.
const PIECE_KEYS: usize = 38 * 96;
const SIDE_KEY: usize = PIECE_KEYS;
const CASTLE_KEY: usize = SIDE_KEY + 1;
const SWAP_KEY: usize = CASTLE_KEY + 16;
static KEYS: [u64; SWAP_KEY + 4] = zobrist::keys(0x7A3E_5313);

#[inline(always)]
fn piece_key(p: Piece<TsKind>, s: Square) -> u64 {
    KEYS[(usize::from(p.code()) - 1) * 96 + s.idx()]
}

/// The castling units' home squares: kings on g1 and f8, rooks in the corners.
const HOMES: Homes = Homes { king: [sq::G1, sq::F8], rooks: [[sq::A1, sq::L1], [sq::A8, sq::L8]] };

/// How the castling field is read.
const CASTLING: FenRule = FenRule {
    homes: HOMES,
    only: "tamerspiel castles only with the a- and l-file rooks",
    names: ("King", "Rook"),
    twice: Some("the same right given twice"),
};

/// Castling rights kept after a move touches a square (king and rook start squares).
const CASTLE_KEEP: [u8; 96] = HOMES.keep_table();

/// The start position FEN (rule book §2).
pub const START_FEN: &str =
    "rgnblkcebngr/*ppppvfpppp*/*4pp4*/*10*/*10*/*4PP4*/*PPPPFVPPPP*/RGNBECKLBNGR w KQkq - 0 1 wb";

/// Move list capacity. Bound: at most 22 units per side (no unit is ever added), each moving to
/// a square not holding an own unit: n * (84 - n) <= 22 * 62 = 1364 plain moves for n <= 22;
/// plus at most 6 extra b/k-file promotion choices, 2 castlings and 21 swaps.
pub type TsMoves = MoveList<1400>;

/// A TamerSpiel position.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct TamerSpiel {
    board: TsBoard,
    core: Core,
    swap: u8,
}

impl TamerSpiel {
    /// The placement.
    #[inline(always)]
    pub fn board(&self) -> &TsBoard {
        &self.board
    }

    /// Swap flags as a mask of `SWAP_WHITE`, `SWAP_BLACK`.
    pub fn swap_flags(&self) -> u8 {
        self.swap
    }

    /// The royal square (King or Tetrarch) of `c`.
    #[inline(always)]
    pub fn royal(&self, c: Color) -> Square {
        ((self.board.kind(TsKind::King) | self.board.kind(TsKind::Tetrarch)) & self.board.color(c))
            .lsb()
    }

    /// Whether `s` is attacked by `by` (occupancy as on the board): some unit of `by` could
    /// capture on `s` by its move geometry, ignoring whether that would expose its own royal.
    pub fn is_attacked(&self, s: Square, by: Color) -> bool {
        movegen::Threats::of(&self.board, by).attacks(tables::tables(), s, self.board.occupied().0)
    }

    /// Whether the side to move is in check.
    #[inline]
    pub fn is_check(&self) -> bool {
        let us = self.core.turn;
        self.is_attacked(self.royal(us), !us)
    }

    /// The rook squares of a castling whose king goes to `king_to`: (rook from, rook to).
    pub fn castle_rook(king_to: Square) -> (Square, Square) {
        match king_to {
            sq::J1 => (sq::L1, sq::I1),
            sq::C1 => (sq::A1, sq::D1),
            sq::C8 => (sq::A8, sq::D8),
            _ => (sq::L8, sq::I8),
        }
    }

    /// Makes the legal move `m` on this position ([`Rules::play`] in place).
    #[inline(always)]
    fn make(&mut self, m: Move) {
        let us = self.core.turn;
        let (from, to) = (m.from(), m.to());
        let mut h = self.core.hash
            ^ KEYS[SIDE_KEY]
            ^ KEYS[CASTLE_KEY + usize::from(self.core.castling)]
            ^ KEYS[SWAP_KEY + usize::from(self.swap)];
        self.core.halfmove += 1;
        match m.kind() {
            MoveKind::Castle => {
                h ^= self.board.castle(from, to, Self::castle_rook(to), piece_key);
            }
            MoveKind::Swap => {
                let royal = self.board.remove(from).expect("royal");
                let piece = self.board.remove(to).expect("swap partner");
                h ^= piece_key(royal, from) ^ piece_key(piece, to);
                let royal_after = Piece::new(arrival_kind(royal.kind, us, to), us);
                let piece_after = Piece::new(arrival_kind(piece.kind, us, from), us);
                self.board.put(to, royal_after);
                self.board.put(from, piece_after);
                h ^= piece_key(royal_after, to) ^ piece_key(piece_after, from);
                self.swap &= !us.select(SWAP_WHITE, SWAP_BLACK);
                // TS-6: the swap moves the king, so both castling rights go.
                self.core.castling &= !us.select(WHITE_L | WHITE_A, BLACK_L | BLACK_A);
            }
            _ => {
                if let Some(cap) = self.board.remove(to) {
                    h ^= piece_key(cap, to);
                    self.core.halfmove = 0;
                }
                let piece = self.board.remove(from).expect("mover");
                h ^= piece_key(piece, from);
                let kind = if piece.kind == TsKind::Pawn {
                    self.core.halfmove = 0;
                    if m.promo() != 0 {
                        TsKind::Dabbabah
                    } else {
                        TsKind::Pawn
                    }
                } else {
                    arrival_kind(piece.kind, us, to)
                };
                let placed = Piece::new(kind, us);
                self.board.put(to, placed);
                h ^= piece_key(placed, to);
            }
        }
        self.core.castling &= CASTLE_KEEP[from.idx()] & CASTLE_KEEP[to.idx()];
        h ^= KEYS[CASTLE_KEY + usize::from(self.core.castling)]
            ^ KEYS[SWAP_KEY + usize::from(self.swap)];
        self.core.pass_turn();
        self.core.hash = h;
    }
}

impl Rules for TamerSpiel {
    type G = Geo12x8;
    type Moves = TsMoves;
    const VARIANT: VariantId = VariantId::TamerSpiel;
    const START_FEN: &'static str = START_FEN;
    const FEN_FIELDS: usize = 1;
    const HANDS: Hands = Hands::Refused("tamerspiel has no hands");
    /// A position is 464 bytes: perft makes the moves in place in one child.
    const PLAY_INTO: bool = true;

    #[inline(always)]
    fn core(&self) -> &Core {
        &self.core
    }

    fn from_setup(f: &Setup) -> Result<Self, FenError> {
        let board: TsBoard = f.place("a tamerspiel piece letter", " in tamerspiel")?;
        for c in Color::ALL {
            let n = (board.kind(TsKind::King) | board.kind(TsKind::Tetrarch)) & board.color(c);
            if n.count() != 1 {
                return Err(FenError::new(
                    "board",
                    format!(
                        "{} has {} royal pieces (King or Tetrarch); exactly one is required",
                        c.name(),
                        n.count()
                    ),
                ));
            }
        }
        fen::no_pawn_on_back_ranks(&board, TsKind::Pawn)?;
        let mut core = f.core();
        core.castling = castling::read(f.castling, &CASTLING, &board, TsKind::King, TsKind::Rook)?;
        if f.ep != "-" {
            return Err(FenError::new(
                "en-passant",
                format!("`{}`: tamerspiel has no en passant (TS-2); write `-`", f.ep),
            ));
        }
        let swap = f.flags(0, "swap", SWAP_WORDS, "one of `wb`, `w`, `b`, `-`")?;
        let mut pos = TamerSpiel { board, core, swap };
        let us = pos.core.turn;
        fen::check_side(us, pos.is_attacked(pos.royal(!us), us))?;
        pos.core.hash = pos.compute_hash();
        Ok(pos)
    }

    fn fen(&self) -> String {
        let board = fen::write_board::<Geo12x8>(|s| self.board.token(s));
        let castling = castling::text(self.core.castling);
        let swap = fen::flags_text(self.swap, SWAP_WORDS);
        fen::write::<Geo12x8>(&board, None, &self.core, &castling, Some(swap))
    }

    #[inline]
    fn legal_moves(&self, out: &mut TsMoves) {
        movegen::generate(self, &mut movegen::Lister(out), None);
    }

    #[inline]
    fn count_legal(&self) -> u64 {
        let mut c = movegen::Counter(0);
        movegen::generate(self, &mut c, None);
        c.0
    }

    /// The replies' leaps and riders are read once from this position for all its children
    /// (`movegen::Replier`).
    fn count_two(&self) -> u64 {
        let mut list = TsMoves::default();
        self.legal_moves(&mut list);
        let replier = movegen::Replier::of(self);
        self.sum_children(&list, |child| {
            let mut c = movegen::Counter(0);
            movegen::generate(child, &mut c, Some(&replier));
            c.0
        })
    }

    fn play(&self, m: Move) -> Self {
        let mut p = *self;
        p.make(m);
        p
    }

    /// In place: one copy of the position (perft's child), no second one.
    #[inline(always)]
    fn play_into(&self, m: Move, out: &mut Self) {
        *out = *self;
        out.make(m);
    }

    fn compute_hash(&self) -> u64 {
        self.board.zobrist(piece_key)
            ^ self.core.side_key(KEYS[SIDE_KEY])
            ^ KEYS[CASTLE_KEY + usize::from(self.core.castling)]
            ^ KEYS[SWAP_KEY + usize::from(self.swap)]
    }

    fn in_check(&self) -> bool {
        self.is_check()
    }

    fn castle_partner(&self, m: Move) -> Option<Square> {
        (m.kind() == MoveKind::Castle).then(|| Self::castle_rook(m.to()).0)
    }

    fn move_text(&self, m: Move) -> String {
        notation::move_text(m)
    }

    /// A pawn's mandatory `d` may be left out.
    fn parse_unmatched(&self, text: &str, legal: &TsMoves) -> Result<Move, MoveError> {
        notation::unmatched(self, text, legal)
    }

    fn move_san(&self, m: Move) -> String {
        notation::move_san(self, m)
    }

    /// The turn passed ([`Core::null_move`]; TamerSpiel has no e.p. square, and castling and
    /// swap rights stay). `None` when in check.
    fn null_move(&self) -> Option<Self> {
        if self.is_check() {
            return None;
        }
        let mut p = *self;
        p.core.null_move(KEYS[SIDE_KEY], |_| 0);
        Some(p)
    }
}
