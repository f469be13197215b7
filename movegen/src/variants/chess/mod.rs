//! `chess`: orthodox chess per FIDE (`../shared/rules/chess.md`).
//!
//! Position: piece bitboards + mailbox, castling rights, en-passant square, clocks and an
//! incremental Zobrist key; copy-make. Legal moves come from a pin/check-mask generator
//! (`movegen.rs`) that can also count moves without listing them (perft bulk counting).

pub mod info;
mod movegen;
mod san;

use crate::attacks::magic::tables;
use crate::board::Board;
use crate::castling;
use crate::fen::{self, FenError, Hands, Setup};
use crate::moves::{Move, MoveKind, MoveList};
use crate::position::Core;
use crate::rules::{Rules, VariantId};
use crate::types::{Bb64, Color, Geo8x8, Geometry, Piece, PieceKind, Square};
use crate::variants::orthodox::{self, Counter, Lister, CASTLE_KEEP};
use crate::zobrist;

crate::piece_kinds! {
    /// Orthodox piece kinds. The index doubles as the promotion code of a [`Move`] (1..=4).
    pub enum ChessKind {
        orthodox,
    }
}

/// The board type of orthodox chess.
pub type ChessBoard = Board<Geo8x8, ChessKind, 6>;

pub use crate::variants::orthodox::{
    BLACK_KINGSIDE, BLACK_QUEENSIDE, WHITE_KINGSIDE, WHITE_QUEENSIDE,
};

/// Zobrist keys: 12 x 64 piece-squares, then side, 16 castling masks, 8 e.p. files.
const KEYS: [u64; 12 * 64 + 1 + 16 + 8] = zobrist::keys(0xC4E5_5000);
const SIDE_KEY: usize = 12 * 64;
const CASTLE_KEY: usize = SIDE_KEY + 1;
const EP_KEY: usize = CASTLE_KEY + 16;

#[inline(always)]
fn piece_key(p: Piece<ChessKind>, sq: Square) -> u64 {
    KEYS[(usize::from(p.code()) - 1) * 64 + sq.idx()]
}

/// An orthodox chess position.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Chess {
    board: ChessBoard,
    core: Core,
    castling: u8,
    ep: Option<Square>,
}

/// The start position FEN.
pub const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

impl Chess {
    /// The placement.
    #[inline(always)]
    pub fn board(&self) -> &ChessBoard {
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

    /// The king square of `c`.
    #[inline(always)]
    pub fn king(&self, c: Color) -> Square {
        self.board.pieces(ChessKind::King, c).lsb()
    }

    /// Units of `by` attacking `sq` with occupancy `occ`.
    #[inline(always)]
    pub fn attackers(&self, sq: Square, by: Color, occ: Bb64) -> Bb64 {
        let t = tables();
        let b = &self.board;
        let them = b.color(by);
        let rq = b.kind(ChessKind::Rook) | b.kind(ChessKind::Queen);
        let bq = b.kind(ChessKind::Bishop) | b.kind(ChessKind::Queen);
        ((t.knight[sq.idx()] & b.kind(ChessKind::Knight))
            | (t.king[sq.idx()] & b.kind(ChessKind::King))
            | (t.pawn_attacks(!by, sq) & b.kind(ChessKind::Pawn))
            | (t.rook(sq, occ) & rq)
            | (t.bishop(sq, occ) & bq))
            & them
    }

    /// Whether an en-passant capture onto `ep` by the side to move is legal (used for the
    /// repetition key, so that an impossible e.p. square does not split positions).
    fn ep_capturable(&self, ep: Square) -> bool {
        let t = tables();
        let us = self.core.turn;
        let pawns = t.pawn_attacks(!us, ep) & self.board.pieces(ChessKind::Pawn, us);
        pawns.into_iter().any(|from| self.ep_is_legal(from, ep))
    }

    /// Full legality test of an en-passant capture `from` -> `ep` (pinned and discovered
    /// cases included).
    pub(crate) fn ep_is_legal(&self, from: Square, ep: Square) -> bool {
        let us = self.core.turn;
        let victim = orthodox::ep_victim(us, ep);
        let occ = (self.board.occupied().without(from).without(victim)).with(ep);
        let king = self.king(us);
        let attackers = self.attackers(king, !us, occ).without(victim);
        attackers.is_empty()
    }

    /// Whether the side to move is in check.
    #[inline]
    pub fn is_check(&self) -> bool {
        let us = self.core.turn;
        self.attackers(self.king(us), !us, self.board.occupied()).any()
    }
}

/// Move list capacity: 218 is the most legal moves known in a chess position; 256 leaves room.
pub type ChessMoves = MoveList<256>;

impl Rules for Chess {
    type G = Geo8x8;
    type Moves = ChessMoves;
    const VARIANT: VariantId = VariantId::Chess;
    const START_FEN: &'static str = START_FEN;
    const HANDS: Hands = Hands::Refused("chess has no hands");

    #[inline(always)]
    fn core(&self) -> &Core {
        &self.core
    }

    fn from_setup(f: &Setup) -> Result<Self, FenError> {
        let board: ChessBoard = f.place("a chess piece letter", " in chess")?;
        fen::one_king(&board, ChessKind::King)?;
        fen::no_pawn_on_back_ranks(&board, ChessKind::Pawn)?;
        let castling = castling::read(
            f.castling,
            &orthodox::CASTLING,
            &board,
            ChessKind::King,
            ChessKind::Rook,
        )?;
        let ep = orthodox::read_ep(f, &board, ChessKind::Pawn)?;
        let mut pos = Chess { board, core: f.core(), castling, ep };
        let us = pos.core.turn;
        fen::check_side(us, pos.attackers(pos.king(!us), us, pos.board.occupied()).any())?;
        pos.core.hash = pos.compute_hash();
        Ok(pos)
    }

    fn fen(&self) -> String {
        let board = fen::write_board::<Geo8x8>(|sq| self.board.token(sq));
        let castling = castling::text(self.castling);
        fen::write::<Geo8x8>(&board, None, &self.core, &castling, self.ep, None)
    }

    #[inline]
    fn legal_moves(&self, out: &mut ChessMoves) {
        orthodox::generate(self, &mut Lister::new(out, &movegen::PROMOS));
    }

    #[inline]
    fn count_legal(&self) -> u64 {
        let mut c = Counter::new(movegen::PROMOS.len() as u64);
        orthodox::generate(self, &mut c);
        c.n
    }

    fn play(&self, m: Move) -> Self {
        let mut p = *self;
        let us = self.core.turn;
        let (from, to) = (m.from(), m.to());
        let mut h = p.core.hash ^ KEYS[SIDE_KEY] ^ KEYS[CASTLE_KEY + usize::from(p.castling)];
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
            }
            _ => {
                if let Some(cap) = p.board.remove(to) {
                    h ^= piece_key(cap, to);
                    p.core.halfmove = 0;
                }
                let piece = p.board.remove(from).expect("mover");
                h ^= piece_key(piece, from);
                let placed = if m.promo() != 0 {
                    Piece::new(ChessKind::ALL[usize::from(m.promo())], us)
                } else {
                    piece
                };
                p.board.put(to, placed);
                h ^= piece_key(placed, to);
                if piece.kind == ChessKind::Pawn {
                    p.core.halfmove = 0;
                    if m.kind() == MoveKind::DoublePush {
                        p.ep = Some(Square((from.0 + to.0) / 2));
                    }
                }
            }
        }
        p.castling &= CASTLE_KEEP[from.idx()] & CASTLE_KEEP[to.idx()];
        h ^= KEYS[CASTLE_KEY + usize::from(p.castling)];
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
        // K v K, K+minor v K (rule book: dead positions a runner adjudicates).
        let b = &self.board;
        let heavy = b.kind(ChessKind::Pawn) | b.kind(ChessKind::Rook) | b.kind(ChessKind::Queen);
        let minors = b.kind(ChessKind::Knight) | b.kind(ChessKind::Bishop);
        heavy.is_empty() && minors.count() <= 1
    }

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

    fn move_san(&self, m: Move) -> String {
        san::san(self, m)
    }

    fn castle_partner(&self, m: Move) -> Option<Square> {
        (m.kind() == MoveKind::Castle).then(|| orthodox::castle_rook_squares(m.to()).0)
    }

    fn move_text(&self, m: Move) -> String {
        let mut s = Geo8x8::name(m.from());
        s.push_str(&Geo8x8::name(m.to()));
        if m.promo() != 0 {
            s.push(ChessKind::ALL[usize::from(m.promo())].letter().to_ascii_lowercase());
        }
        s
    }
}

impl Chess {
    /// The legal captures, promotions (every choice) and en-passant captures, in the order
    /// [`Rules::legal_moves`] lists them, when the side to move is not in check; every legal
    /// move when it is. Quiescence search's moves without the quiet ones it would drop.
    pub fn tactical_moves(&self, out: &mut ChessMoves) {
        orthodox::generate_tactical(self, &mut Lister::new(out, &movegen::PROMOS));
    }

    /// Whether the e.p. square currently contributes to the hash (the same test the key used
    /// when the square was set: a legal capture exists for the side to move).
    #[inline]
    fn ep_hashed(&self, ep: Square) -> bool {
        // Cheap pre-test: a capturing pawn must stand beside the double-stepped pawn.
        let t = tables();
        (t.pawn_attacks(!self.core.turn, ep) & self.board.pieces(ChessKind::Pawn, self.core.turn))
            .any()
            && self.ep_capturable(ep)
    }
}
