//! FIDE machinery shared by the chess-based 8x8 variants (`chess`, `magician`).
//!
//! * [`generate`]: the legal move generator core. It finds checkers and a check mask, pin rays
//!   from enemy line pieces through exactly one own unit, and an enemy attack map (computed with
//!   the king removed) for king moves and castling. It generates knights, line pieces, pawns
//!   (pushes, captures, promotions, e.p. with a full make-and-test) and castling. It is written
//!   over the [`OrthoPosition`] view, whose hooks let a variant add attacks, pieces and moves,
//!   and it is monomorphised per variant and per [`Sink`].
//! * [`Sink`]s that list moves ([`Lister`]) or only count them ([`Counter`], perft bulk
//!   counting).
//! * Castling homes, castling and e.p. squares, and the castling / e.p. FEN field checks.
//! * The position these variants build on, with its make-move, null move and key
//!   ([`OrthoBase`], [`Orthodox`]; `base.rs`).

use crate::attacks::magic::{tables, Tables8};
use crate::board::Board;
use crate::castling::{FenRule, Homes};
use crate::fen::{self, FenError, Setup};
use crate::moves::{Move, MoveBuf, MoveKind};
use crate::types::{Bb64, Bitboard, Color, Geo8x8, Geometry, Piece, PieceKind, Square};

mod base;

pub use crate::castling::{BLACK_KINGSIDE, BLACK_QUEENSIDE, WHITE_KINGSIDE, WHITE_QUEENSIDE};
pub(crate) use base::{base_items, own_keys, OrthoBase, Orthodox};

/// The castling units' home squares: kings on e1/e8, rooks on a1, h1, a8, h8.
pub(crate) const HOMES: Homes = Homes {
    king: [Square(4), Square(60)],
    rooks: [[Square(0), Square(7)], [Square(56), Square(63)]],
};

/// `rights & CASTLE_KEEP[from] & CASTLE_KEEP[to]` are the rights left after a move.
pub(crate) const CASTLE_KEEP: [u8; 64] = HOMES.keep_table();

/// How the orthodox castling field is read: `KQkq` or the Shredder letters of the corner rooks
/// (`HAha`).
pub(crate) const CASTLING: FenRule = FenRule {
    homes: HOMES,
    only: "castling is only with the a- and h-file rooks",
    names: ("king", "rook"),
    twice: None,
};

/// The rook's `(from, to)` for a castling move whose king lands on `king_to` (file g or c).
#[inline(always)]
pub(crate) fn castle_rook_squares(king_to: Square) -> (Square, Square) {
    let rank_base = king_to.0 & !7;
    if Geo8x8::file(king_to) == 6 {
        (Square(rank_base + 7), Square(rank_base + 5))
    } else {
        (Square(rank_base), Square(rank_base + 3))
    }
}

/// For a castling move `m`, the square its rook stands on before the move
/// (`Rules::castle_partner`); `None` for every other move.
#[inline]
pub(crate) fn castle_partner(m: Move) -> Option<Square> {
    (m.kind() == MoveKind::Castle).then(|| castle_rook_squares(m.to()).0)
}

/// The square of the pawn that `us` takes en passant by capturing onto `ep`.
#[inline(always)]
pub(crate) fn ep_victim(us: Color, ep: Square) -> Square {
    Square((i16::from(ep.0) - 8 * i16::from(us.forward())) as u8)
}

/// Reads the en-passant field of an orthodox setup: `-`, or the square just skipped by a double
/// step of the side not to move (its `pawn` in front, the skipped square and the origin empty).
pub(crate) fn read_ep<P: PieceKind, const K: usize>(
    setup: &Setup,
    board: &Board<Geo8x8, P, K>,
    pawn: P,
) -> Result<Option<Square>, FenError> {
    let side = setup.side;
    fen::check_ep::<Geo8x8>(fen::parse_ep::<Geo8x8>(setup.ep)?, |ep| {
        let origin = Square((i16::from(ep.0) + 8 * i16::from(side.forward())) as u8);
        Geo8x8::rank(ep) == side.select(5, 2)
            && board.piece_at(ep_victim(side, ep)) == Some(Piece::new(pawn, !side))
            && board.piece_at(ep).is_none()
            && board.piece_at(origin).is_none()
    })
}

/// Where generated moves go.
pub(crate) trait Sink {
    /// One normal move `from` -> each target.
    fn piece_moves(&mut self, from: Square, targets: Bb64);
    /// Pawn moves to each target, coming from `target - delta` (delta in square indices).
    fn pawn_moves(&mut self, targets: Bb64, delta: i8, kind: MoveKind);
    /// Promotions (every choice of the sink) to each target, coming from `target - delta`.
    fn promotions(&mut self, targets: Bb64, delta: i8);
    /// A single move.
    fn push(&mut self, m: Move);
}

/// Lists the moves into a move buffer; promotions get the codes of `promos`, in order.
pub(crate) struct Lister<'a, L: MoveBuf> {
    list: &'a mut L,
    promos: &'a [u8],
}

impl<'a, L: MoveBuf> Lister<'a, L> {
    /// A lister into `list` with the promotion choices `promos`.
    #[inline(always)]
    pub(crate) fn new(list: &'a mut L, promos: &'a [u8]) -> Self {
        Lister { list, promos }
    }
}

/// Only counts the moves (perft bulk counting).
pub(crate) struct Counter {
    /// Moves counted so far.
    pub(crate) n: u64,
    promos: u64,
}

impl Counter {
    /// A counter where each promotion square counts `promos` moves.
    #[inline(always)]
    pub(crate) fn new(promos: u64) -> Self {
        Counter { n: 0, promos }
    }
}

#[inline(always)]
fn from_of(to: Square, delta: i8) -> Square {
    Square((to.0 as i8 - delta) as u8)
}

impl<L: MoveBuf> Sink for Lister<'_, L> {
    #[inline(always)]
    fn piece_moves(&mut self, from: Square, targets: Bb64) {
        self.list.push_each(MoveKind::Normal, from, targets.0);
    }
    #[inline(always)]
    fn pawn_moves(&mut self, targets: Bb64, delta: i8, kind: MoveKind) {
        for to in targets {
            self.list.push(Move::new(kind, from_of(to, delta), to));
        }
    }
    #[inline(always)]
    fn promotions(&mut self, targets: Bb64, delta: i8) {
        for to in targets {
            for &k in self.promos {
                self.list.push(Move::promotion(from_of(to, delta), to, k));
            }
        }
    }
    #[inline(always)]
    fn push(&mut self, m: Move) {
        self.list.push(m);
    }
}

impl Sink for Counter {
    #[inline(always)]
    fn piece_moves(&mut self, _from: Square, targets: Bb64) {
        self.n += u64::from(targets.count());
    }
    #[inline(always)]
    fn pawn_moves(&mut self, targets: Bb64, _delta: i8, _kind: MoveKind) {
        self.n += u64::from(targets.count());
    }
    #[inline(always)]
    fn promotions(&mut self, targets: Bb64, _delta: i8) {
        self.n += self.promos * u64::from(targets.count());
    }
    #[inline(always)]
    fn push(&mut self, _m: Move) {
        self.n += 1;
    }
}

/// One side's units as the orthodox generator sees them.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Army {
    /// Pawns.
    pub pawns: Bb64,
    /// Knights.
    pub knights: Bb64,
    /// Units whose moves and captures include full bishop slides (B, Q, and e.g. the
    /// Magician's Archbishop and Prime Minister).
    pub diagonal: Bb64,
    /// Units whose moves and captures include full rook slides (R, Q, and e.g. the
    /// Magician's Chancellor and Prime Minister).
    pub straight: Bb64,
    /// The king's square.
    pub king: Square,
}

/// What [`generate`] needs to know about a position beyond its [`Orthodox`] base, and the hooks
/// through which a variant adds what FIDE chess does not have. The defaults are FIDE chess.
/// [`rules_items!`] writes the [`crate::rules::Rules`] items such a position takes from here.
pub(crate) trait OrthoPosition<const K: usize>: Orthodox<K> {
    /// `c`'s army.
    fn army(&self, c: Color) -> Army;
    /// The promotion choices of the side to move (codes of [`Move::promotion`], listing order).
    fn promotions(&self) -> &'static [u8];

    /// Side to move.
    #[inline(always)]
    fn mover(&self) -> Color {
        self.base().core.turn
    }
    /// Squares of `c`'s units.
    #[inline(always)]
    fn units(&self, c: Color) -> Bb64 {
        self.base().board.color(c)
    }
    /// Castling rights (`*_KINGSIDE` / `*_QUEENSIDE` bits).
    #[inline(always)]
    fn castle_rights(&self) -> u8 {
        self.base().core.castling
    }
    /// Whether the side to move is in check.
    #[inline]
    fn is_check(&self) -> bool {
        let (b, us) = (self.base(), self.mover());
        self.attackers_of(b.king(us), !us, b.board.occupied()).any()
    }
    /// Completes a position read from a FEN: refused when the side not to move is in check,
    /// else [`Orthodox::seal`]ed.
    fn checked(mut self) -> Result<Self, FenError> {
        let (b, us) = (self.base(), self.mover());
        fen::check_side(us, self.attackers_of(b.king(!us), us, b.board.occupied()).any())?;
        self.seal();
        Ok(self)
    }
    /// Lists the legal moves into `out` ([`generate`]).
    #[inline(always)]
    fn list_moves<L: MoveBuf>(&self, out: &mut L) {
        generate(self, &mut Lister::new(out, self.promotions()));
    }
    /// Counts the legal moves ([`generate`] into a [`Counter`]).
    #[inline(always)]
    fn count_moves(&self) -> u64 {
        let mut c = Counter::new(self.promotions().len() as u64);
        generate(self, &mut c);
        c.n
    }
    /// Squares attacked by `by` beyond what its [`Army`] attacks (occupancy `occ`).
    #[inline(always)]
    fn extra_attacks(&self, _by: Color, _occ: Bb64) -> Bb64 {
        Bitboard::EMPTY
    }
    /// The squares where a non-king move answers a single check from `checker`: capture it, or
    /// block a line between it and the king.
    #[inline(always)]
    fn evasion_target(&self, ksq: Square, checker: Square) -> Bb64 {
        tables().between[ksq.idx()][checker.idx()].with(checker)
    }
    /// Moves beyond the orthodox ones (called unless the king is in double check).
    #[inline(always)]
    fn extra_moves<S: Sink>(&self, _sink: &mut S, _g: &GenState) {}
}

/// The state [`generate`] hands to [`OrthoPosition::extra_moves`].
#[derive(Clone, Copy, Debug)]
pub(crate) struct GenState {
    /// Side to move.
    pub us: Color,
    /// Its units.
    pub own: Bb64,
    /// The opponent's units.
    pub enemy: Bb64,
    /// All units.
    pub occ: Bb64,
    /// Its king's square.
    pub ksq: Square,
    /// Its units pinned to the king. A slider or pawn may move only along the line through the
    /// king ([`crate::attacks::magic::Tables8::line`]); a unit that leaps must also stay
    /// between the king and the pinner.
    pub pinned: Bb64,
    /// Where non-king units may go: not onto own units, and onto the check mask when in check.
    pub move_mask: Bb64,
    /// Whether the king is in (single) check.
    pub in_check: bool,
}

const FILE_A: u64 = 0x0101_0101_0101_0101;
const FILE_H: u64 = FILE_A << 7;
const RANK_3: u64 = 0xff << 16;
const RANK_6: u64 = 0xff << 40;
const RANK_8: u64 = 0xff << 56;
const RANK_1: u64 = 0xff;

/// Shifts one rank toward `color`'s forward direction plus `dx` files (edge-masked).
#[inline(always)]
pub(crate) fn advance(bb: Bb64, color: Color, dx: i8) -> Bb64 {
    let b = match dx {
        1 => bb.0 & !FILE_H,
        -1 => bb.0 & !FILE_A,
        _ => bb.0,
    };
    let delta = pawn_delta(color, dx);
    Bitboard(if delta >= 0 { b << delta } else { b >> -delta })
}

/// Square-index change of a pawn step of `color` with `dx` files.
#[inline(always)]
pub(crate) const fn pawn_delta(color: Color, dx: i8) -> i8 {
    match color {
        Color::White => 8 + dx,
        Color::Black => -8 + dx,
    }
}

/// Squares attacked by an army of colour `by` with occupancy `occ`.
#[inline(always)]
pub(crate) fn army_attacks(army: &Army, by: Color, occ: Bb64) -> Bb64 {
    let t = tables();
    let mut a = advance(army.pawns, by, 1) | advance(army.pawns, by, -1);
    a |= t.king[army.king.idx()];
    for sq in army.knights {
        a |= t.knight[sq.idx()];
    }
    for sq in army.diagonal {
        a |= t.bishop(sq, occ);
    }
    for sq in army.straight {
        a |= t.rook(sq, occ);
    }
    a
}

/// Generates every legal move of `pos` into `sink`.
#[inline(always)]
pub(crate) fn generate<P: OrthoPosition<K>, S: Sink, const K: usize>(pos: &P, sink: &mut S) {
    generate_some::<P, S, K, false>(pos, sink);
}

/// Generates the legal moves of `pos` that capture or promote (en passant included), in the
/// order [`generate`] lists them, when the side to move is not in check; every legal move when
/// it is (quiescence searches every evasion). Only the orthodox moves: a variant whose
/// [`OrthoPosition::extra_moves`] adds moves must restrict those itself (they are handed the
/// restricted [`GenState::move_mask`]).
#[inline(always)]
pub(crate) fn generate_tactical<P: OrthoPosition<K>, S: Sink, const K: usize>(
    pos: &P,
    sink: &mut S,
) {
    generate_some::<P, S, K, true>(pos, sink);
}

/// [`generate`] (`TACTICAL` false) or [`generate_tactical`] (true).
#[inline(always)]
fn generate_some<P: OrthoPosition<K>, S: Sink, const K: usize, const TACTICAL: bool>(
    pos: &P,
    sink: &mut S,
) {
    let t = tables();
    let us = pos.mover();
    let them = !us;
    let own = pos.units(us);
    let enemy = pos.units(them);
    let occ = own | enemy;
    let mine = pos.army(us);
    let theirs = pos.army(them);
    let ksq = mine.king;
    let checkers = pos.attackers_of(ksq, them, occ);

    // Where a move may land: anywhere not our own, or (tactical moves, not in check) on an
    // enemy unit only; promotions and en passant are let through below.
    let quiet = !TACTICAL || checkers.any();
    let land = if quiet { !own } else { enemy };
    let king_gone = occ.without(ksq);
    let danger = army_attacks(&theirs, them, king_gone) | pos.extra_attacks(them, king_gone);
    sink.piece_moves(ksq, t.king[ksq.idx()] & land & !danger);
    if checkers.more_than_one() {
        return;
    }
    let target =
        if checkers.any() { pos.evasion_target(ksq, checkers.lsb()) } else { Bitboard(!0) };
    let move_mask = target & land;
    let pinned = pinned(t, ksq, own, enemy, occ, &theirs);
    let g = GenState { us, own, enemy, occ, ksq, pinned, move_mask, in_check: checkers.any() };
    piece_moves(t, &mine, &g, sink);
    pos.extra_moves(sink, &g);
    pawn_moves(t, pos, mine.pawns, &g, target, quiet, sink);

    let rights = pos.castle_rights();
    if !TACTICAL && checkers.is_empty() && rights != 0 {
        castling(us, rights, ksq, occ, danger, sink);
    }
}

/// Our units pinned to the king on `ksq`: enemy line pieces see the king through exactly one
/// of them. (A piece that also jumps, seen at distance 2, "pins" the middle unit only while it
/// gives check through the jump; the check mask is then its square, which lies on the pin line,
/// so the restriction changes nothing.)
#[inline(always)]
fn pinned(t: &Tables8, ksq: Square, own: Bb64, enemy: Bb64, occ: Bb64, theirs: &Army) -> Bb64 {
    let snipers = (t.rook(ksq, enemy) & theirs.straight) | (t.bishop(ksq, enemy) & theirs.diagonal);
    let mut pinned = Bitboard::EMPTY;
    for s in snipers {
        let between = t.between[ksq.idx()][s.idx()] & occ;
        if !between.more_than_one() {
            pinned |= between & own;
        }
    }
    pinned
}

/// Knight and line-piece moves (a pinned one only along its pin line; a pinned knight never).
#[inline(always)]
fn piece_moves<S: Sink>(t: &Tables8, mine: &Army, g: &GenState, sink: &mut S) {
    let (ksq, occ, pinned, move_mask) = (g.ksq, g.occ, g.pinned, g.move_mask);
    for sq in mine.knights & !pinned {
        sink.piece_moves(sq, t.knight[sq.idx()] & move_mask);
    }
    for sq in mine.diagonal {
        let mut a = t.bishop(sq, occ) & move_mask;
        if pinned.has(sq) {
            a &= t.line[ksq.idx()][sq.idx()];
        }
        sink.piece_moves(sq, a);
    }
    for sq in mine.straight {
        let mut a = t.rook(sq, occ) & move_mask;
        if pinned.has(sq) {
            a &= t.line[ksq.idx()][sq.idx()];
        }
        sink.piece_moves(sq, a);
    }
}

/// Pawn moves: pushes, captures and promotions set-wise for the free pawns, one by one along
/// the pin line for the pinned ones, and en passant with its full test. `target`: the check
/// mask (everything when not in check); `quiet`: whether non-capturing moves are wanted.
#[inline(always)]
fn pawn_moves<P: OrthoPosition<K>, S: Sink, const K: usize>(
    t: &Tables8,
    pos: &P,
    pawns: Bb64,
    g: &GenState,
    target: Bb64,
    quiet: bool,
    sink: &mut S,
) {
    let (us, ksq, enemy, pinned) = (g.us, g.ksq, g.enemy, g.pinned);
    let promo_rank = Bitboard(if us == Color::White { RANK_8 } else { RANK_1 });
    let double_rank = Bitboard(if us == Color::White { RANK_3 } else { RANK_6 });
    let empty = !g.occ;
    let free = pawns & !pinned;
    let single = advance(free, us, 0) & empty;
    let double = advance(single & double_rank, us, 0) & empty & target;
    let double = if quiet { double } else { Bitboard::EMPTY };
    let single = single & target;
    let steps = if quiet { single & !promo_rank } else { Bitboard::EMPTY };
    let d0 = pawn_delta(us, 0);
    sink.pawn_moves(steps, d0, MoveKind::Normal);
    sink.promotions(single & promo_rank, d0);
    sink.pawn_moves(double, 2 * d0, MoveKind::DoublePush);
    for dx in [-1i8, 1] {
        let caps = advance(free, us, dx) & enemy & target;
        let d = pawn_delta(us, dx);
        sink.pawn_moves(caps & !promo_rank, d, MoveKind::Normal);
        sink.promotions(caps & promo_rank, d);
    }
    for sq in pawns & pinned {
        let line = t.line[ksq.idx()][sq.idx()];
        let one = advance(Bitboard::from_square(sq), us, 0) & empty;
        let two = advance(one & double_rank, us, 0) & empty & target & line;
        let two = if quiet { two } else { Bitboard::EMPTY };
        let one = one & target & line & if quiet { !Bitboard::EMPTY } else { promo_rank };
        let caps = t.pawn_attacks(us, sq) & enemy & target & line;
        for to in one | caps {
            if promo_rank.has(to) {
                sink.promotions(Bitboard::from_square(to), to.0 as i8 - sq.0 as i8);
            } else {
                sink.push(Move::new(MoveKind::Normal, sq, to));
            }
        }
        for to in two {
            sink.push(Move::new(MoveKind::DoublePush, sq, to));
        }
    }
    if let Some(ep) = pos.base().core.ep {
        for from in t.pawn_attacks(!us, ep) & pawns {
            if pos.ep_legal(from, ep) {
                sink.push(Move::new(MoveKind::EnPassant, from, ep));
            }
        }
    }
}

/// Castling with the held `rights` (standard squares): the squares between king and rook
/// empty, the king's path not attacked (`danger`).
#[inline(always)]
fn castling<S: Sink>(us: Color, rights: u8, ksq: Square, occ: Bb64, danger: Bb64, sink: &mut S) {
    let (kbit, qbit, base) = match us {
        Color::White => (WHITE_KINGSIDE, WHITE_QUEENSIDE, 0u8),
        Color::Black => (BLACK_KINGSIDE, BLACK_QUEENSIDE, 56u8),
    };
    let sq = |f: u8| Square(base + f);
    if rights & kbit != 0 {
        let path = Bitboard::from_square(sq(5)).with(sq(6));
        if (path & occ).is_empty() && (path & danger).is_empty() {
            sink.push(Move::new(MoveKind::Castle, ksq, sq(6)));
        }
    }
    if rights & qbit != 0 {
        let path = Bitboard::from_square(sq(1)).with(sq(2)).with(sq(3));
        let walk = Bitboard::from_square(sq(2)).with(sq(3));
        if (path & occ).is_empty() && (walk & danger).is_empty() {
            sink.push(Move::new(MoveKind::Castle, ksq, sq(2)));
        }
    }
}

/// Writes the [`crate::rules::Rules`] items that a position type implementing [`OrthoPosition`]
/// and keeping its [`OrthoBase`] in the field `base` takes from the orthodox core: the 8x8
/// geometry, the core, the legal moves and their count, the make-move, the key from scratch,
/// check, the null move (none in check) and the castling partner.
macro_rules! rules_items {
    () => {
        type G = $crate::types::Geo8x8;

        #[inline(always)]
        fn core(&self) -> &$crate::position::Core {
            &self.base.core
        }

        #[inline]
        fn legal_moves(&self, out: &mut Self::Moves) {
            $crate::variants::orthodox::OrthoPosition::list_moves(self, out);
        }

        #[inline]
        fn count_legal(&self) -> u64 {
            $crate::variants::orthodox::OrthoPosition::count_moves(self)
        }

        fn play(&self, m: $crate::moves::Move) -> Self {
            $crate::variants::orthodox::Orthodox::make_move(self, m)
        }

        fn compute_hash(&self) -> u64 {
            $crate::variants::orthodox::Orthodox::key_from_scratch(self)
        }

        fn in_check(&self) -> bool {
            $crate::variants::orthodox::OrthoPosition::is_check(self)
        }

        fn null_move(&self) -> Option<Self> {
            (!self.in_check()).then(|| $crate::variants::orthodox::Orthodox::null_moved(self))
        }

        fn castle_partner(&self, m: $crate::moves::Move) -> Option<$crate::types::Square> {
            $crate::variants::orthodox::castle_partner(m)
        }
    };
}
pub(crate) use rules_items;
