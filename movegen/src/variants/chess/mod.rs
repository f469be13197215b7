//! `chess`: orthodox chess per FIDE (`../shared/rules/chess.md`).
//!
//! Position: the orthodox base (`variants::orthodox::OrthoBase`: piece bitboards +
//! mailbox and the core with castling rights, en-passant square, clocks and an incremental
//! Zobrist key) and nothing else; copy-make by the shared orthodox make-move. Legal moves come
//! from the shared pin/check-mask generator (`movegen.rs` gives it chess's army), which can also
//! count moves without listing them (perft bulk counting).

pub mod info;
mod movegen;
mod san;

use crate::board::Board;
use crate::fen::{FenError, Hands, Setup};
use crate::moves::{Move, MoveList};
use crate::rules::{Rules, VariantId};
use crate::types::{Bb64, Bitboard, Color, Geo8x8, Geometry, PieceKind, Square};
use crate::variants::orthodox::{self, own_keys, Lister, OrthoBase, OrthoPosition, Orthodox};
use crate::zobrist;

crate::piece_kinds! {
    /// Orthodox piece kinds. The index doubles as the promotion code of a [`Move`] (1..=4).
    pub enum ChessKind {
        orthodox,
    }
}

/// The board type of orthodox chess.
pub type ChessBoard = Board<Geo8x8, ChessKind, 6>;

/// Move list capacity: 218 is the most legal moves known in a chess position; 256 leaves room.
pub type ChessMoves = MoveList<256>;

pub use crate::variants::orthodox::{
    BLACK_KINGSIDE, BLACK_QUEENSIDE, WHITE_KINGSIDE, WHITE_QUEENSIDE,
};

/// Zobrist keys: the orthodox ones ([`own_keys`]), none of chess's own.
static KEYS: [u64; own_keys(6)] = zobrist::keys(0xC4E5_5000);

/// An orthodox chess position: the orthodox base and nothing else.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Chess {
    base: OrthoBase<ChessKind, 6>,
}

/// The start position FEN.
pub const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

impl Chess {
    /// The placement.
    #[inline(always)]
    pub fn board(&self) -> &ChessBoard {
        &self.base.board
    }

    /// The king square of `c`.
    #[inline(always)]
    pub fn king(&self, c: Color) -> Square {
        self.base.king(c)
    }

    /// Units of `by` attacking `sq` with occupancy `occ`.
    #[inline(always)]
    pub fn attackers(&self, sq: Square, by: Color, occ: Bb64) -> Bb64 {
        self.base.attackers(sq, by, occ, Bitboard::EMPTY, Bitboard::EMPTY)
    }

    /// Whether the side to move is in check.
    #[inline]
    pub fn is_check(&self) -> bool {
        OrthoPosition::is_check(self)
    }

    /// The legal captures, promotions (every choice) and en-passant captures, in the order
    /// [`Rules::legal_moves`] lists them, when the side to move is not in check; every legal
    /// move when it is. Quiescence search's moves without the quiet ones it would drop.
    pub fn tactical_moves(&self, out: &mut ChessMoves) {
        orthodox::generate_tactical(self, &mut Lister::new(out, &movegen::PROMOS));
    }
}

impl Orthodox<6> for Chess {
    orthodox::base_items!(ChessKind, 6, &KEYS);
}

impl Rules for Chess {
    type Moves = ChessMoves;
    const VARIANT: VariantId = VariantId::Chess;
    const START_FEN: &'static str = START_FEN;
    const HANDS: Hands = Hands::Refused("chess has no hands");

    orthodox::rules_items!();

    fn from_setup(f: &Setup) -> Result<Self, FenError> {
        let base = OrthoBase::read(f, "a chess piece letter", " in chess")?;
        Chess { base }.checked()
    }

    fn fen(&self) -> String {
        self.base.fen(None)
    }

    fn insufficient_material(&self) -> bool {
        // K v K, K+minor v K (rule book: dead positions a runner adjudicates).
        let b = &self.base.board;
        let heavy = b.kind(ChessKind::Pawn) | b.kind(ChessKind::Rook) | b.kind(ChessKind::Queen);
        let minors = b.kind(ChessKind::Knight) | b.kind(ChessKind::Bishop);
        heavy.is_empty() && minors.count() <= 1
    }

    fn can_mate(&self, side: Color) -> bool {
        // FIDE 6.9 (a flag fall): a bare king never mates; king and one minor piece mate only
        // with help from the other side's own men, which a bare king does not have.
        let b = &self.base.board;
        let (own, other) = (b.color(side), b.color(!side));
        let minors = b.kind(ChessKind::Knight) | b.kind(ChessKind::Bishop);
        let king_and_minor = own.count() == 2 && (own & minors).any();
        !(own.count() == 1 || (king_and_minor && other.count() == 1))
    }

    fn move_san(&self, m: Move) -> String {
        san::san(self, m)
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
