//! Applying a move: to the full position ([`play`]: board, facings, hash, castling rights, e.p.,
//! the push field, clocks and pawn tracks), or to the bitboard copy used by legality tests
//! ([`apply_lite`]). Both go through [`apply`], which knows what every move kind does to the
//! board.

use super::attack::Lite;
use super::tables::orth_adj;
use super::{
    ep_key, facing_key, facing_of, push_key, set_facing_of, unit_key, EightBoard, EightKind,
    EightPiece, KEYS, RIGHT_BK, RIGHT_BQ, RIGHT_WK, RIGHT_WQ, SIDE_KEY,
};
use crate::attacks::magic::tables;
use crate::moves::{Move, MoveKind};
use crate::types::{squares, Color, Piece, PieceKind, Square};

/// Something units can be taken from and put on.
pub(super) trait Place {
    /// Removes `p` from `sq`.
    fn take(&mut self, sq: Square, p: Piece<EightKind>);
    /// Puts `p` on the empty `sq`, facing `facing` if it is a lancer.
    fn put(&mut self, sq: Square, p: Piece<EightKind>, facing: usize);
}

impl Place for Lite {
    #[inline(always)]
    fn take(&mut self, sq: Square, p: Piece<EightKind>) {
        Lite::take(self, sq, p.kind.index(), p.color);
    }
    #[inline(always)]
    fn put(&mut self, sq: Square, p: Piece<EightKind>, facing: usize) {
        Lite::put(self, sq, p.kind.index(), p.color, facing);
    }
}

/// The part of a position [`apply`] changes: placement, lancer facings and the hash. [`play`]
/// works on these (and the other fields one by one) and assembles the new position at the end,
/// so no copy of the whole position is made twice.
pub(super) struct Parts {
    pub board: EightBoard,
    pub facing: [u64; 3],
    pub hash: u64,
}

impl Place for Parts {
    #[inline(always)]
    fn take(&mut self, sq: Square, p: Piece<EightKind>) {
        self.board.remove(sq);
        self.hash ^= unit_key(p, sq);
        if p.kind == EightKind::Lancer {
            self.hash ^= facing_key(sq, facing_of(&self.facing, sq));
            set_facing_of(&mut self.facing, sq, 0);
        }
    }
    #[inline(always)]
    fn put(&mut self, sq: Square, p: Piece<EightKind>, facing: usize) {
        self.board.put(sq, p);
        self.hash ^= unit_key(p, sq);
        if p.kind == EightKind::Lancer {
            set_facing_of(&mut self.facing, sq, facing);
            self.hash ^= facing_key(sq, facing);
        }
    }
}

/// What a move did, beyond the board.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Applied {
    /// A unit was captured on this square.
    pub captured: Option<(Square, Piece<EightKind>)>,
    /// A pawn went from / to (own move or pushed).
    pub pawn: Option<(Square, Square)>,
    /// The moving pawn promoted.
    pub promoted: bool,
    /// The mover's king square afterwards.
    pub king: Square,
}

/// Castling geometry of right `right` for a king on `k`: (partner square, king destination,
/// partner destination).
#[inline]
pub(super) fn castle_squares(pos: &EightPiece, right: usize) -> (Square, Square, Square) {
    let base = if right >= RIGHT_BK { 56 } else { 0 };
    let kside = right == RIGHT_WK || right == RIGHT_BK;
    let (kd, pd) = if kside { (6, 5) } else { (2, 3) };
    (pos.partner[right], Square(base + kd), Square(base + pd))
}

/// The castling right used by a castle move of `us` whose king goes to `to`.
#[inline]
pub(super) fn castle_right(us: Color, to: Square) -> usize {
    let kside = to.0 % 8 == 6;
    match (us, kside) {
        (Color::White, true) => RIGHT_WK,
        (Color::White, false) => RIGHT_WQ,
        (Color::Black, true) => RIGHT_BK,
        (Color::Black, false) => RIGHT_BQ,
    }
}

/// Applies the board part of the legal move `m` of `pos` to `out` (which starts equal to
/// `pos`'s board).
#[inline(always)]
pub(super) fn apply<P: Place>(pos: &EightPiece, m: Move, out: &mut P) -> Applied {
    let b = &pos.board;
    let us = pos.core.turn;
    let (from, to) = (m.from(), m.to());
    let mut res = Applied { king: pos.king(us), ..Applied::default() };
    match m.kind() {
        MoveKind::Normal | MoveKind::DoublePush | MoveKind::TurnMove => {
            let mover = b.piece_at(from).expect("mover");
            if let Some(cap) = b.piece_at(to) {
                out.take(to, cap);
                res.captured = Some((to, cap));
            }
            out.take(from, mover);
            let placed = if m.promo() != 0 {
                res.promoted = true;
                Piece::new(EightKind::ALL[usize::from(m.promo())], us)
            } else {
                mover
            };
            out.put(to, placed, m.facing().index());
            match mover.kind {
                EightKind::Pawn => res.pawn = Some((from, to)),
                EightKind::King => res.king = to,
                _ => {}
            }
        }
        MoveKind::EnPassant => {
            res.captured = Some(en_passant(b, us, from, to, out));
            res.pawn = Some((from, to));
        }
        MoveKind::Castle => {
            let (p, kd, pd) = castle_squares(pos, castle_right(us, to));
            let king = b.piece_at(from).expect("king");
            let partner = b.piece_at(p).expect("partner");
            out.take(from, king);
            out.take(p, partner);
            out.put(kd, king, 0);
            out.put(pd, partner, 0);
            res.king = kd;
        }
        MoveKind::Push | MoveKind::Nudge => {
            let a = m.aux();
            let sentry = b.piece_at(from).expect("sentry");
            let unit = b.piece_at(to).expect("pushed unit");
            out.take(from, sentry);
            out.take(to, unit);
            // The sentry's start square is empty during the pushed unit's move.
            if a != from {
                if let Some(cap) = b.piece_at(a) {
                    out.take(a, cap);
                    res.captured = Some((a, cap));
                }
            }
            out.put(to, sentry, 0);
            out.put(a, unit, m.facing().index());
            if unit.kind == EightKind::Pawn {
                res.pawn = Some((to, a));
            }
        }
        MoveKind::Turn => {
            let lancer = b.piece_at(from).expect("lancer");
            out.take(from, lancer);
            out.put(from, lancer, m.facing().index());
        }
        _ => {}
    }
    res
}

/// The board part of `us`'s en-passant capture from `from` to `to` on `board`, applied to
/// `out`: the captured pawn (in front of `to`) and its square.
#[inline(always)]
fn en_passant<P: Place>(
    board: &EightBoard,
    us: Color,
    from: Square,
    to: Square,
    out: &mut P,
) -> (Square, Piece<EightKind>) {
    let victim = Square((i16::from(to.0) - 8 * i16::from(us.forward())) as u8);
    let cap = board.piece_at(victim).expect("e.p. victim");
    out.take(victim, cap);
    let pawn = board.piece_at(from).expect("pawn");
    out.take(from, pawn);
    out.put(to, pawn, 0);
    (victim, cap)
}

/// Whether `us`, to move on `board` (lancer facings `facing`), has a legal en-passant capture
/// onto `ep` (the pawn that just made a double step stands in front of `ep`).
pub(super) fn ep_capture_exists(
    board: &EightBoard,
    facing: &[u64; 3],
    us: Color,
    ep: Square,
) -> bool {
    let t = tables();
    let jailers = board.kind(EightKind::Jailer).0;
    let held = orth_adj(jailers & board.color(!us).0);
    let pawns = board.pieces(EightKind::Pawn, us).0 & !held & t.pawn_attacks(!us, ep).0;
    if pawns == 0 {
        return false;
    }
    let lite = Lite::from_parts(board, facing);
    let k = board.pieces(EightKind::King, us).lsb();
    squares(pawns).any(|from| {
        let mut l = lite;
        en_passant(board, us, from, ep, &mut l);
        !l.attacked(k, !us, None)
    })
}

/// The bitboards after `m`, the mover's king square, and the 8P-10 lancer of the opponent
/// (a pushed lancer with its banned squares) for the attack test.
#[inline(always)]
pub(super) fn apply_lite(
    pos: &EightPiece,
    base: &Lite,
    m: Move,
) -> (Lite, Square, Option<(Square, u64)>) {
    let mut l = *base;
    let res = apply(pos, m, &mut l);
    let tm = match m.kind() {
        MoveKind::Push | MoveKind::Nudge if l.k[super::attack::L] & (1 << m.aux().0) != 0 => {
            Some((m.aux(), banned(m.to(), m.aux())))
        }
        _ => None,
    };
    (l, res.king, tm)
}

/// The squares a unit pushed from `from` to `to` may not end its next move on (§6.3): the
/// square it left and every square it passed over (for a knight, king or nudge, just the
/// square it left).
#[inline(always)]
pub(super) fn banned(from: Square, to: Square) -> u64 {
    (1u64 << from.0) | tables().between[from.idx()][to.idx()].0
}

/// The position after the legal move `m`.
pub(super) fn play(pos: &EightPiece, m: Move) -> EightPiece {
    let us = pos.core.turn;
    let mut core = pos.core;
    let mut h = core.hash ^ KEYS[SIDE_KEY];
    if let Some(ep) = core.lapse_ep() {
        h ^= ep_key(ep);
    }
    if let Some((f, t)) = pos.push {
        h ^= push_key(f, t);
    }
    let mut parts = Parts { board: pos.board, facing: pos.facing, hash: h };
    let res = apply(pos, m, &mut parts);
    let kind = m.kind();

    // Castling rights (8P-6: being pushed counts as moving; a captured partner loses its right).
    let mut castling = pos.core.castling;
    if castling != 0 {
        let touched: u64 = match kind {
            MoveKind::Pass | MoveKind::Turn => 0,
            MoveKind::Castle => {
                let mask = if us == Color::White { 0b0011 } else { 0b1100 };
                castling &= !mask;
                0
            }
            MoveKind::Push | MoveKind::Nudge => {
                (1u64 << m.from().0) | (1u64 << m.to().0) | (1u64 << m.aux().0)
            }
            _ => (1u64 << m.from().0) | (1u64 << m.to().0),
        };
        if touched != 0 {
            for i in 0..4 {
                if castling & (1 << i) != 0 {
                    let home = pos.king_home[i / 2];
                    if touched & ((1u64 << home.0) | (1u64 << pos.partner[i].0)) != 0 {
                        castling &= !(1 << i);
                    }
                }
            }
        }
        if castling != pos.core.castling {
            parts.hash ^= EightPiece::castle_key(pos.core.castling, &pos.partner)
                ^ EightPiece::castle_key(castling, &pos.partner);
        }
    }

    // Clocks and pawn tracks (§9: a capture, or a pawn reaching a square new to it).
    let mut pawns = pos.pawns;
    let mut reset = false;
    if let Some((sq, cap)) = res.captured {
        reset = true;
        if cap.kind == EightKind::Pawn {
            pawns.remove(sq);
        }
    }
    if let Some((f, t)) = res.pawn {
        if res.promoted {
            pawns.remove(f);
            reset = true;
        } else if pawns.relocate(f, t) {
            reset = true;
        }
    }
    core.castling = castling;
    core.halfmove = if reset { 0 } else { core.halfmove + 1 };
    core.pass_turn();

    let push = match kind {
        MoveKind::Push | MoveKind::Nudge => Some((m.to(), m.aux())),
        _ => None,
    };
    let mut h = parts.hash;
    if kind == MoveKind::DoublePush {
        let ep = Square((m.from().0 + m.to().0) / 2);
        core.ep = Some(ep);
        if ep_capture_exists(&parts.board, &parts.facing, !us, ep) {
            core.ep_keyed = true;
            h ^= ep_key(ep);
        }
    }
    if let Some((f, t)) = push {
        h ^= push_key(f, t);
    }
    core.hash = h;
    EightPiece {
        board: parts.board,
        facing: parts.facing,
        core,
        partner: pos.partner,
        king_home: pos.king_home,
        chess960: pos.chess960,
        push,
        pawns,
    }
}
