//! `pieceeater`: PieceEater Chess (`../shared/rules/pieceeater.md`, rulings PE-1 .. PE-7).
//!
//! FIDE chess with capture of the king as the goal and no check rule, hands of reinforcements
//! that are dropped instead of a move, an optional promotion on the 7th rank (PE-2), and the
//! neutral PieceEater (PE, `X` in FEN) that steps on a torus after every player's action.
//!
//! A [`Move`] is a whole turn: the player's action in the usual fields and the PE's destination
//! in `aux` (its own square when it does not step). Moves that agree under
//! [`crate::moves::ACTION_MASK`] are the equally likely outcomes of one action
//! ([`Rules::HAS_CHANCE`]); [`PieceEater::probability`] gives each move's probability and
//! [`PeDie`] rolls the step in play (`chance.rs`).
//!
//! Codes in a move's `promo` field: [`PeKind::code`] = kind index + 1 (pawn 1, knight 2,
//! bishop 3, rook 4, queen 5), for promotions and for the dropped unit alike; 0 = none. A drop
//! has `from` = `to` = the drop square.
//!
//! Position: the orthodox base (`variants::orthodox::OrthoBase`: piece bitboards +
//! mailbox, castling rights, en-passant square, clocks and an incremental Zobrist key; the PE is
//! kept apart, as a square), hands, the PE's square and `pe-left`; copy-make by the shared
//! orthodox make-move with the drop and the PE's step added. Move generation (`movegen.rs`)
//! lists (action, outcome) pairs or counts them without listing (perft bulk counting); notation
//! is in `notation.rs`.

mod chance;
pub mod info;
mod movegen;
mod notation;

pub use chance::{PeDie, Step};

use crate::attacks::magic::tables;
use crate::board::Board;
use crate::castling;
use crate::fen::{self, FenError, Hands, Setup};
use crate::moves::{Move, MoveKind, MoveList};
use crate::position::Core;
use crate::rules::{EndReason, GameEnd, MoveError, Outcome, Rules, VariantId};
use crate::types::{Bb64, Bitboard, Color, Geo8x8, Geometry, Piece, PieceKind, Square};
use crate::variants::orthodox::{self, own_keys, OrthoBase, Orthodox};
use crate::view::MoveInput;
use crate::zobrist;

crate::piece_kinds! {
    /// Piece kinds. The index + 1 is the code of a promotion or a drop in a [`Move`].
    pub enum PeKind {
        orthodox,
    }
}

impl PeKind {
    /// The code of this kind in a move's `promo` field (promotion or drop): index + 1.
    #[inline(always)]
    pub const fn code(self) -> u8 {
        self as u8 + 1
    }

    /// Inverse of [`PeKind::code`].
    #[inline(always)]
    pub fn from_code(code: u8) -> Option<PeKind> {
        match code {
            1..=6 => Some(PeKind::ALL[usize::from(code - 1)]),
            _ => None,
        }
    }
}

/// The board type (the PE is not on it: it is [`PieceEater::pe`]).
pub type PeBoard = Board<Geo8x8, PeKind, 6>;

pub use crate::castling::{BLACK_KINGSIDE, BLACK_QUEENSIDE, WHITE_KINGSIDE, WHITE_QUEENSIDE};

/// Most units of one kind a hand may hold in a FEN (hands only shrink in play; the start holds
/// 3 pawns). A decision of ours: the rule book sets no limit; this keeps the hash keys finite.
pub const HAND_MAX: u8 = 16;

/// The kinds a hand may hold, in the order FEN writes them (`RBNP`, then `rbnp`).
pub const HAND_KINDS: [PeKind; 4] = [PeKind::Rook, PeKind::Bishop, PeKind::Knight, PeKind::Pawn];

const HAND_SLOTS: usize = HAND_MAX as usize + 1;
const PE_KEY: usize = own_keys(6);
const LEFT_KEY: usize = PE_KEY + 64;
const HAND_KEY: usize = LEFT_KEY + 64;
const KEY_COUNT: usize = HAND_KEY + 2 * 4 * HAND_SLOTS;
/// Zobrist keys: the orthodox ones ([`own_keys`]), then the PE square, the `pe-left` square and
/// the hand counts (colour, kind, count).
static KEYS: [u64; KEY_COUNT] = zobrist::keys(0x9E_EA7E_2002);

#[inline(always)]
fn hand_key(c: Color, kind: PeKind, count: u8) -> u64 {
    KEYS[HAND_KEY + (c.index() * 4 + kind.index()) * HAND_SLOTS + usize::from(count)]
}

/// The eight neighbours of every square on the torus (the PE's geometry, §4): the board wraps
/// at all four edges, so a1 neighbours a2, b2, b1, b8, a8, h8, h1 and h2.
pub const TORUS: [Bb64; 64] = torus_table();
/// A square and its torus neighbours: the squares a king there forbids to the PE (§4 rule 2).
pub const ZONE: [Bb64; 64] = zone_table();

const fn torus_table() -> [Bb64; 64] {
    let mut t = [Bitboard(0u64); 64];
    let mut s = 0;
    while s < 64 {
        let (f, r) = ((s % 8) as i32, (s / 8) as i32);
        let mut bits = 0u64;
        let mut dy = -1;
        while dy <= 1 {
            let mut dx = -1;
            while dx <= 1 {
                if dx != 0 || dy != 0 {
                    let nf = (f + dx + 8) % 8;
                    let nr = (r + dy + 8) % 8;
                    bits |= 1u64 << (nr * 8 + nf);
                }
                dx += 1;
            }
            dy += 1;
        }
        t[s] = Bitboard(bits);
        s += 1;
    }
    t
}

const fn zone_table() -> [Bb64; 64] {
    let t = torus_table();
    let mut z = [Bitboard(0u64); 64];
    let mut s = 0;
    while s < 64 {
        z[s] = Bitboard(t[s].0 | (1u64 << s));
        s += 1;
    }
    z
}

/// PE-6: the PE entering a corner cancels the right of that corner's rook for good.
const fn pe_corner_keep_table() -> [u8; 64] {
    let mut t = [0xffu8; 64];
    t[0] = !WHITE_QUEENSIDE;
    t[7] = !WHITE_KINGSIDE;
    t[56] = !BLACK_QUEENSIDE;
    t[63] = !BLACK_KINGSIDE;
    t
}
const PE_CORNER_KEEP: [u8; 64] = pe_corner_keep_table();

/// A PieceEater Chess position.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct PieceEater {
    base: OrthoBase<PeKind, 6>,
    pe: Square,
    pe_left: Option<Square>,
    /// Hand counts per colour, indexed by kind (pawn, knight, bishop, rook).
    hands: [[u8; 4]; 2],
}

/// The start position FEN (rule book §1).
pub const START_FEN: &str =
    "rnbqkbnr/pppppppp/8/8/3X4/8/PPPPPPPP/RNBQKBNR[RBNPPPrbnppp] w KQkq - 0 1 -";

/// Move list capacity: a proven bound on the (action, outcome) pairs of any position.
///
/// Actions, for a side with `n` units on the board (king included):
/// * Every board move of a unit other than a knight comes to its destination `t` along one of
///   the eight lines through `t`, and must be the first unit on that line seen from `t` (sliders,
///   the king and pawns all need the squares in between empty). With the eight knight jumps into
///   `t`, at most 16 units can move to any one destination, and a destination is any square not
///   holding an own unit or the PE: at most `16 * (63 - n)` moves. Each unit has at most 27 (a
///   queen's maximum), so also at most `27 * n`; `min(27n, 16(63 - n))` is at most 624 (n = 24).
/// * Promotion choices: a move into the 7th or 8th rank has 4 forms (Q/R/B/N on the 8th, pawn or
///   R/B/N on the 7th, PE-2); at most 3 pawn moves reach each of those 16 squares, so at most
///   `16 * 3 * 3 = 144` extra actions.
/// * Castling: 2. Drops: N, B, R on at most 8 first-rank squares and P on at most 8
///   second-rank squares: 32.
///
/// That is at most 802 actions, each with at most 8 PE outcomes (its eight torus neighbours):
/// 6416 moves (25.7 KB per list).
pub const MAX_MOVES: usize = 802 * 8;

/// The move list type.
pub type PeMoves = MoveList<MAX_MOVES>;

impl PieceEater {
    /// The placement (without the PE).
    #[inline(always)]
    pub fn board(&self) -> &PeBoard {
        &self.base.board
    }

    /// The PieceEater's square.
    #[inline(always)]
    pub fn pe(&self) -> Square {
        self.pe
    }

    /// The square the PE left on its last step (`pe-left`), if any.
    #[inline(always)]
    pub fn pe_left(&self) -> Option<Square> {
        self.pe_left
    }

    /// How many units of `kind` (pawn, knight, bishop or rook) `c` holds in hand.
    pub fn hand(&self, c: Color, kind: PeKind) -> u8 {
        match kind {
            PeKind::Pawn | PeKind::Knight | PeKind::Bishop | PeKind::Rook => {
                self.hands[c.index()][kind.index()]
            }
            _ => 0,
        }
    }

    /// The king of `c`, if it is still on the board.
    #[inline(always)]
    pub fn king(&self, c: Color) -> Option<Square> {
        self.base.board.pieces(PeKind::King, c).first()
    }

    /// Whether a king has been captured (the game is over).
    #[inline(always)]
    pub fn king_captured(&self) -> bool {
        self.base.board.kind(PeKind::King).count() < 2
    }

    /// Units of `by` attacking `sq` with blockers `occ` (the PE is a blocker: include it).
    #[inline(always)]
    pub fn attackers(&self, sq: Square, by: Color, occ: Bb64) -> Bb64 {
        self.base.attackers(sq, by, occ, Bitboard::EMPTY, Bitboard::EMPTY)
    }

    /// Every occupied square, the PE's included.
    #[inline(always)]
    pub fn occupied(&self) -> Bb64 {
        self.base.board.occupied().with(self.pe)
    }

    /// The player's part of a turn in coordinates (`e2e4`, `N@b1`), without the PE leg: what an
    /// engine sends as `bestmove` (notation.md: the die is not the player's to roll).
    pub fn action_text(&self, m: Move) -> String {
        notation::action_text(m)
    }

    /// Whether the side to move's king is attacked (informational: there is no check rule).
    pub fn is_check(&self) -> bool {
        let us = self.base.core.turn;
        match self.king(us) {
            Some(k) => self.attackers(k, !us, self.occupied()).any(),
            None => false,
        }
    }

    /// The position after the move `m`: the player's action ([`Orthodox::make`]), then the
    /// PE's step to `m.aux()`.
    fn play_inner(&self, m: Move) -> Self {
        let mut p = *self;
        let mut h = p.begin_move();
        let captured = p.make(m, &mut h);
        // The PE's step (§4), unless a king was captured (§2) or it cannot move (PE-4).
        let game_over = captured.is_some_and(|c| c.kind == PeKind::King);
        let step = m.aux();
        if !game_over && step != p.pe {
            p.step_pe(step, m.to(), &mut h);
        }
        p.end_move(h);
        p
    }

    /// The PE steps to `step` (eating what stands there), after an action whose unit landed on
    /// `to`; key changes folded into `h`.
    #[inline(always)]
    fn step_pe(&mut self, step: Square, to: Square, h: &mut u64) {
        *h ^= KEYS[PE_KEY + self.pe.idx()] ^ KEYS[PE_KEY + step.idx()];
        if let Some(l) = self.pe_left {
            *h ^= KEYS[LEFT_KEY + l.idx()];
        }
        *h ^= KEYS[LEFT_KEY + self.pe.idx()];
        self.pe_left = Some(self.pe);
        self.pe = step;
        let b = &mut self.base;
        if let Some(eaten) = b.board.remove(step) {
            *h ^= Self::piece_key(eaten, step);
            b.core.halfmove = 0;
        }
        // PE-5: eating the double-stepped pawn, or standing on the skipped square, leaves no
        // e.p. capture.
        if let Some(ep) = b.core.ep {
            if step == ep || step == to {
                b.core.ep = None;
            }
        }
        // PE-6.
        b.core.castling &= PE_CORNER_KEEP[step.idx()];
    }
}

impl Orthodox<6> for PieceEater {
    orthodox::base_items!(PeKind, 6, &KEYS);

    /// A pawn of the side to move stands to capture onto the square (with no check rule every
    /// such capture is legal), so an e.p. square that no pawn can use does not split
    /// repetitions.
    #[inline(always)]
    fn ep_capturable(&self, ep: Square) -> bool {
        let us = self.base.core.turn;
        (tables().pawn_attacks(!us, ep) & self.base.board.pieces(PeKind::Pawn, us)).any()
    }

    /// Promotion codes are [`PeKind::code`]s.
    #[inline(always)]
    fn promotion(&mut self, us: Color, code: u8) -> Piece<PeKind> {
        Piece::new(PeKind::from_code(code).expect("promotion code"), us)
    }

    /// A drop (counted as a quiet move for the halfmove clock, §5).
    #[inline(always)]
    fn other_move(&mut self, m: Move, h: &mut u64) {
        debug_assert_eq!(m.kind(), MoveKind::Drop);
        let us = self.base.core.turn;
        let kind = PeKind::from_code(m.promo()).expect("drop code");
        let piece = Piece::new(kind, us);
        let n = &mut self.hands[us.index()][kind.index()];
        *h ^= hand_key(us, kind, *n) ^ hand_key(us, kind, *n - 1);
        *n -= 1;
        self.base.board.put(m.to(), piece);
        *h ^= Self::piece_key(piece, m.to());
    }
}

/// Reads the en-passant field: the square skipped by a pawn's double step, or `-`.
fn read_ep(f: &Setup, board: &PeBoard, pe: Square) -> Result<Option<Square>, FenError> {
    let us = f.side;
    let origin_of = |sq: Square| Square((i16::from(sq.0) + 8 * i16::from(us.forward())) as u8);
    let mut ep = fen::parse_ep::<Geo8x8>(f.ep)?;
    if let Some(sq) = ep {
        // PE-8: the skipped square with the PE on it (it stepped there after the double
        // step) is accepted and means `-`: no capture onto the PE (PE-5).
        if sq == pe
            && Geo8x8::rank(sq) == us.select(5, 2)
            && board.piece_at(orthodox::ep_victim(us, sq)) == Some(Piece::new(PeKind::Pawn, !us))
            && board.piece_at(origin_of(sq)).is_none()
        {
            ep = None;
        }
    }
    // The PE may have stepped onto the origin square since; not onto the skipped square
    // (PE-5 clears the field then) and it cannot have eaten the pawn (PE-5 again).
    fen::check_ep::<Geo8x8>(ep, |ep| {
        Geo8x8::rank(ep) == us.select(5, 2)
            && board.piece_at(orthodox::ep_victim(us, ep)) == Some(Piece::new(PeKind::Pawn, !us))
            && board.piece_at(ep).is_none()
            && ep != pe
            && board.piece_at(origin_of(ep)).is_none()
    })
}

fn parse_hand(text: &str) -> Result<[[u8; 4]; 2], FenError> {
    let mut hands = [[0u8; 4]; 2];
    for c in text.chars() {
        let p =
            Piece::<PeKind>::from_fen_char(c).filter(|p| HAND_KINDS.contains(&p.kind)).ok_or_else(
                || FenError::new("hand", format!("`{c}`: a hand holds only R, B, N and P")),
            )?;
        let n = &mut hands[p.color.index()][p.kind.index()];
        if *n == HAND_MAX {
            return Err(FenError::new(
                "hand",
                format!("more than {HAND_MAX} of `{c}` in hand (our limit)"),
            ));
        }
        *n += 1;
    }
    Ok(hands)
}

impl Rules for PieceEater {
    type G = Geo8x8;
    type Moves = PeMoves;
    const VARIANT: VariantId = VariantId::PieceEater;
    const HAS_CHANCE: bool = true;
    const START_FEN: &'static str = START_FEN;
    const FEN_FIELDS: usize = 1;
    /// PE-7: the brackets are compulsory.
    const HANDS: Hands =
        Hands::Required("the hand in brackets must follow the board (`[]` when empty)");

    #[inline(always)]
    fn core(&self) -> &Core {
        &self.base.core
    }

    fn from_setup(f: &Setup) -> Result<Self, FenError> {
        // Build the shared attack tables now (first use), not inside the first move generation.
        let _ = tables();
        let mut pe = None;
        let board: PeBoard = f.place_with("a PieceEater Chess letter", "", |sq, c| {
            if c != 'X' {
                return Ok(false);
            }
            if pe.is_some() {
                return Err(FenError::new("board", "more than one PieceEater `X`"));
            }
            pe = Some(sq);
            Ok(true)
        })?;
        let pe = pe.ok_or_else(|| FenError::new("board", "no PieceEater `X` on the board"))?;
        for c in Color::ALL {
            let n = board.pieces(PeKind::King, c).count();
            // §2: a finished game, the side to move's king just captured, is a position too
            // (the FEN written after the capture loads back, and the game is over).
            let captured = n == 0 && c == f.side;
            if n != 1 && !captured {
                return Err(FenError::new(
                    "board",
                    format!(
                        "{} has {n} kings; exactly one is required{}",
                        c.name(),
                        if c == f.side { " (none: the king was just captured)" } else { "" }
                    ),
                ));
            }
        }
        fen::no_pawn_on_back_ranks(&board, PeKind::Pawn)?;
        let hands = parse_hand(f.hand.unwrap_or_default())?;
        let mut core = f.core();
        core.castling =
            castling::read(f.castling, &orthodox::CASTLING, &board, PeKind::King, PeKind::Rook)?;
        core.ep = read_ep(f, &board, pe)?;
        let pe_left = match f.extra(0) {
            None | Some("-") => None,
            Some(s) => {
                let sq = Geo8x8::parse_square(s).ok_or_else(|| {
                    FenError::new("pe-left", format!("`{s}` is not `-` or a square"))
                })?;
                if !TORUS[pe.idx()].has(sq) {
                    return Err(FenError::new(
                        "pe-left",
                        format!(
                            "{s} is not a torus neighbour of the PieceEater on {}",
                            Geo8x8::name(pe)
                        ),
                    ));
                }
                Some(sq)
            }
        };
        if board.piece_at(pe).is_some() {
            // Unreachable (one item per square), kept as a guard.
            return Err(FenError::new("board", "the PieceEater shares a square"));
        }
        let mut pos = PieceEater { base: OrthoBase { board, core }, pe, pe_left, hands };
        pos.seal();
        Ok(pos)
    }

    fn chance_piece(&self) -> Option<Square> {
        Some(self.pe)
    }

    fn fen(&self) -> String {
        let board = fen::write_board::<Geo8x8>(|sq| {
            if sq == self.pe {
                Some("X".to_string())
            } else {
                self.base.board.token(sq)
            }
        });
        let mut hand = String::new();
        for c in Color::ALL {
            for k in HAND_KINDS {
                for _ in 0..self.hands[c.index()][k.index()] {
                    hand.push(Piece::new(k, c).fen_char());
                }
            }
        }
        let castling = castling::text(self.base.core.castling);
        let left = self.pe_left.map_or("-".to_string(), Geo8x8::name);
        fen::write::<Geo8x8>(&board, Some(&hand), &self.base.core, &castling, Some(&left))
    }

    #[inline]
    fn legal_moves(&self, out: &mut PeMoves) {
        movegen::generate(self, &mut movegen::Lister(out));
    }

    #[inline]
    fn count_legal(&self) -> u64 {
        let mut c = movegen::Counter::default();
        let ctx = movegen::generate(self, &mut c);
        c.total(&ctx)
    }

    #[inline]
    fn play(&self, m: Move) -> Self {
        self.play_inner(m)
    }

    fn compute_hash(&self) -> u64 {
        let mut h = self.key_from_scratch() ^ KEYS[PE_KEY + self.pe.idx()];
        if let Some(l) = self.pe_left {
            h ^= KEYS[LEFT_KEY + l.idx()];
        }
        for c in Color::ALL {
            for k in HAND_KINDS {
                h ^= hand_key(c, k, self.hands[c.index()][k.index()]);
            }
        }
        h
    }

    fn in_check(&self) -> bool {
        self.is_check()
    }

    fn end_by_rule(&self, legal: &[Move]) -> Option<GameEnd> {
        if self.king(self.base.core.turn).is_none() {
            return Some(GameEnd {
                outcome: Outcome::Win(!self.base.core.turn),
                reason: EndReason::KingCaptured,
            });
        }
        if self.king(!self.base.core.turn).is_none() {
            // Not reachable by play (the capturer never moves again); a guard.
            return Some(GameEnd {
                outcome: Outcome::Win(self.base.core.turn),
                reason: EndReason::KingCaptured,
            });
        }
        if legal.is_empty() {
            // §6: no action at all (no move, no drop) is a stalemate, a draw.
            return Some(GameEnd { outcome: Outcome::Draw, reason: EndReason::Stalemate });
        }
        None
    }

    fn castle_partner(&self, m: Move) -> Option<Square> {
        orthodox::castle_partner(m)
    }

    /// The default input with the dropped piece's letter.
    fn move_input(&self, m: Move) -> MoveInput {
        MoveInput { drop: notation::drop_letter(m), ..MoveInput::of(m, self.castle_partner(m)) }
    }

    fn move_text(&self, m: Move) -> String {
        notation::move_text(self, m)
    }

    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        notation::parse(self, text, None)
    }

    fn move_san(&self, m: Move) -> String {
        notation::san(self, m)
    }

    fn action_text(&self, m: Move) -> String {
        notation::action_text(m)
    }

    /// The die keyed by `seed`, the position and the action (`chance::keyed_outcome`).
    fn roll(&self, m: Move, seed: u64) -> Move {
        chance::keyed_outcome(self, m, seed)
    }

    /// The turn passed for null-move pruning (`Orthodox::null_moved`), and the PE does not
    /// step (a pass is not a move of the game, so there is no step to follow it; the search
    /// uses this only as a bound). `None` when the side to move's king is attacked (it would be
    /// captured) or a king is gone.
    fn null_move(&self) -> Option<Self> {
        (!self.king_captured() && !self.is_check()).then(|| self.null_moved())
    }
}
