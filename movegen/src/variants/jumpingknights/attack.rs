//! Check in Jumping Knights (JK-4): whether a unit could be captured by a jump onto the empty
//! square beyond it, with a side's units grouped by how they capture ([`Army`]); whether a move
//! gives check without making it; and the Rule 4 (JK-5) filter in front of a sink.

use super::sink::{back, jump, push_jump, Sink};
use super::tables::{bit, opposite, positive, CENTRAL, EDGE, T, VALID};
use super::{castle_rook, ep_victim, JkBoard, JkKind, JumpingKnights};
use crate::attacks::wide;
use crate::moves::{Move, MoveKind};
use crate::types::{squares, Color, PieceKind, Square};

/// The compass directions (from the attacked square to the pawn) of pawns of colour `by` that
/// could capture on that square: White pawns capture north-east / north-west, so they stand
/// south-west / south-east of their victim.
#[inline(always)]
pub(super) const fn pawn_sources(by: Color) -> [usize; 2] {
    match by {
        Color::White => [3, 5],
        Color::Black => [1, 7],
    }
}

/// The orthogonal compass directions.
pub(super) const ORTH: [usize; 4] = [0, 2, 4, 6];

/// One side's units grouped by how they capture. A test reads them only on occupied squares,
/// so a unit taken off the board by a move (its square empty in the occupancy handed to
/// [`Army::captures`]) no longer counts.
#[derive(Clone, Copy, Debug)]
pub(super) struct Army {
    /// Rooks and Queens.
    pub(super) rq: u128,
    /// Bishops and Queens.
    pub(super) bq: u128,
    /// Nightriders.
    pub(super) n: u128,
    /// The king.
    pub(super) kings: u128,
    /// Pawns.
    pub(super) pawns: u128,
    /// War Machines.
    pub(super) wm: u128,
    /// Whose units.
    pub(super) by: Color,
}

impl Army {
    /// `by`'s units on `b`.
    #[inline(always)]
    pub(super) fn of(b: &JkBoard, by: Color) -> Army {
        let set = b.color(by).0;
        let queens = b.kind(JkKind::Queen).0;
        Army {
            rq: (b.kind(JkKind::Rook).0 | queens) & set,
            bq: (b.kind(JkKind::Bishop).0 | queens) & set,
            n: b.kind(JkKind::Nightrider).0 & set,
            kings: b.kind(JkKind::King).0 & set,
            pawns: b.kind(JkKind::Pawn).0 & set,
            wm: b.kind(JkKind::WarMachine).0 & set,
            by,
        }
    }

    /// Adds a unit of `kind` on the squares `at` (where a move puts it).
    #[inline(always)]
    fn add(&mut self, kind: JkKind, at: u128) {
        match kind {
            JkKind::Pawn => self.pawns |= at,
            JkKind::Nightrider => self.n |= at,
            JkKind::Bishop => self.bq |= at,
            JkKind::Rook => self.rq |= at,
            JkKind::Queen => {
                self.rq |= at;
                self.bq |= at;
            }
            JkKind::King => self.kings |= at,
            JkKind::WarMachine => self.wm |= at,
        }
    }

    /// The enemy riders on the king square `ki`'s lines (any distance, unblocked).
    #[inline(always)]
    pub(super) fn riders_on_lines(&self, ki: usize) -> u128 {
        (T.orth_lines[ki].0 & self.rq)
            | (T.diag_lines[ki].0 & self.bq)
            | (T.knight_lines[ki].0 & self.n)
    }

    /// Whether a unit of the army standing on a square of `occ` could capture the unit on `k`
    /// by the rules of capture (JK-4: the landing square beyond must exist and be empty). The
    /// attackers' own king safety and Rule 4 do not matter (as in orthodox check).
    pub(super) fn captures(&self, k: Square, occ: u128) -> bool {
        let empty = VALID & !occ;
        let ki = k.idx();
        // Riders on one of the king's 16 lines: the squares between must be empty, and so must
        // the square just beyond the king.
        for s in squares(self.riders_on_lines(ki) & occ) {
            let d = usize::from(T.dir[ki][s.idx()]);
            if empty & bit(T.step[ki][opposite(d)]) != 0
                && (T.ray[ki][d].0 ^ T.ray[s.idx()][d].0) & occ == bit(s.0)
            {
                return true;
            }
        }
        // Adjacent kings and pawns: the square beyond the king must be empty.
        let near = T.king_nbr[ki].0 & (self.kings | self.pawns) & occ;
        if near != 0 {
            let [p1, p2] = pawn_sources(self.by);
            for a in squares(near) {
                let d = usize::from(T.dir[ki][a.idx()]);
                if (self.kings & bit(a.0) != 0 || d == p1 || d == p2)
                    && empty & bit(T.step[ki][opposite(d)]) != 0
                {
                    return true;
                }
            }
        }
        // War Machines: a 1-step or 3-jump to the victim, then a 1-step or 3-jump beyond (JK-2).
        let wm = self.wm & occ;
        if wm & T.wm_ring[ki].0 != 0 {
            for d in ORTH {
                if wm & (bit(T.step[ki][d]) | bit(T.step3[ki][d])) != 0 {
                    let o = opposite(d);
                    if empty & (bit(T.step[ki][o]) | bit(T.step3[ki][o])) != 0 {
                        return true;
                    }
                }
            }
        }
        false
    }

    /// Whether the legal move `m` of this army's side in `pos` (whose occupancy is `occ`) leaves
    /// the unit on `k` (the enemy king) capturable: the move is applied to the sets only.
    #[inline(always)]
    pub(super) fn checks_after(&self, pos: &JumpingKnights, occ: u128, k: Square, m: Move) -> bool {
        let mut a = *self;
        let from = m.from();
        let (arrive, victim) = match m.kind() {
            MoveKind::Castle => {
                let (rook_from, rook_to) = castle_rook(m.to());
                a.add(JkKind::King, bit(m.to().0));
                a.add(JkKind::Rook, bit(rook_to.0));
                let occ = occ ^ bit(from.0) ^ bit(rook_from.0) | bit(m.to().0) | bit(rook_to.0);
                return a.captures(k, occ);
            }
            MoveKind::Jump => (m.aux(), bit(m.to().0)),
            MoveKind::JumpEnPassant => (m.aux(), bit(ep_victim(m.to(), self.by).0)),
            _ => (m.to(), 0),
        };
        let kind = match m.promo() {
            0 => pos.board.kind_at(from).expect("mover"),
            p => JkKind::ALL[usize::from(p)],
        };
        a.add(kind, bit(arrive.0));
        a.captures(k, (occ ^ bit(from.0) ^ victim) | bit(arrive.0))
    }
}

/// Whether a unit of colour `by` among `by`'s units on `b` could capture the unit on `k`, with
/// occupancy `occ` ([`Army::captures`]).
pub(super) fn capturable(b: &JkBoard, k: Square, by: Color, occ: u128) -> bool {
    Army::of(b, by).captures(k, occ)
}

/// Whether the legal move `m` gives check.
pub(super) fn gives_check(pos: &JumpingKnights, m: Move) -> bool {
    let us = pos.core.turn;
    let b = &pos.board;
    Army::of(b, us).checks_after(pos, b.occupied().0, pos.king(!us), m)
}

/// Which moves of the side to move give check, answered for most moves from sets made once per
/// position. Before the move the enemy king on `ek` cannot be captured (a legal position never
/// leaves the side not to move in check); after it, either the moved unit captures it from its
/// landing square (a *direct* check) or another unit does because the move emptied a square of
/// that unit's line to the king or the landing square beyond the king (a *discovered* check;
/// filling a square only blocks).
///
/// * Direct: `direct[kind]` holds the empty squares from which a unit of that kind would
///   capture the king with the occupancy before the move. The squares a move empties cannot
///   change that answer for a rider, king or pawn: an emptied square on the line from its landing
///   square to the king, or the landing square beyond the king, would mean the unit passed over
///   the king or already gave check. A War Machine passes over units (JK-2), so its moves that
///   empty a square of the king's orthogonal lines get the full test; so do promotions (a pawn
///   stepping away from the king along a file may become a rook that looks back over its
///   start square), en passant (two squares of one rank emptied) and castling.
/// * Discovered: `discover` holds the squares whose emptying can discover a check: the only
///   unit between the king and an own rider of the line's kind (the king's landing square
///   empty), and the occupied landing square beyond the king of an own unit that would capture
///   it otherwise. Emptying two squares of one line at once takes a jump along that line,
///   which lands on it again (War Machines aside, above). A move that empties a square of
///   `discover` gets the full test.
pub(super) struct Checks {
    /// By [`JkKind`] index: the squares from which a unit of that kind gives check.
    direct: [u128; 7],
    /// Squares whose emptying needs the full test (any unit).
    discover: u128,
    /// The same for a War Machine: `discover` and the king's orthogonal lines.
    wm_full: u128,
}

impl Checks {
    /// The sets for `army` (the mover's units) against the enemy king on `ek`, occupancy `occ`.
    #[inline(always)]
    pub(super) fn new(army: &Army, ek: usize, occ: u128) -> Checks {
        let empty = VALID & !occ;
        let mut c = Checks { direct: [0; 7], discover: 0, wm_full: T.orth_lines[ek].0 };
        let (rq, bq, n) = (army.rq, army.bq, army.n);
        let orth = c.line::<0>(ek, occ, empty, rq)
            | c.line::<2>(ek, occ, empty, rq)
            | c.line::<4>(ek, occ, empty, rq)
            | c.line::<6>(ek, occ, empty, rq);
        let diag = c.line::<1>(ek, occ, empty, bq)
            | c.line::<3>(ek, occ, empty, bq)
            | c.line::<5>(ek, occ, empty, bq)
            | c.line::<7>(ek, occ, empty, bq);
        let knight = c.line::<8>(ek, occ, empty, n)
            | c.line::<9>(ek, occ, empty, n)
            | c.line::<10>(ek, occ, empty, n)
            | c.line::<11>(ek, occ, empty, n)
            | c.line::<12>(ek, occ, empty, n)
            | c.line::<13>(ek, occ, empty, n)
            | c.line::<14>(ek, occ, empty, n)
            | c.line::<15>(ek, occ, empty, n);
        c.direct[JkKind::Rook.index()] = orth;
        c.direct[JkKind::Bishop.index()] = diag;
        c.direct[JkKind::Queen.index()] = orth | diag;
        c.direct[JkKind::Nightrider.index()] = knight;
        // Kings and pawns capture an adjacent unit (pawns forward-diagonally).
        let mut king = 0;
        for d in 0..8 {
            king |= c.near(ek, d, empty, army.kings);
        }
        c.direct[JkKind::King.index()] = king;
        let [p1, p2] = pawn_sources(army.by);
        c.direct[JkKind::Pawn.index()] =
            c.near(ek, p1, empty, army.pawns) | c.near(ek, p2, empty, army.pawns);
        // War Machines 1 or 3 away, landing 1 or 3 beyond the king (JK-2).
        let mut wm = 0;
        for d in ORTH {
            let o = opposite(d);
            let from = (bit(T.step[ek][d]) | bit(T.step3[ek][d])) & VALID;
            let land = (bit(T.step[ek][o]) | bit(T.step3[ek][o])) & VALID;
            if land & empty != 0 {
                wm |= from;
            } else if from & army.wm != 0 {
                c.discover |= land;
            }
        }
        c.direct[JkKind::WarMachine.index()] = wm;
        c.wm_full |= c.discover;
        c
    }

    /// The king's line in direction `D`: the squares a rider of its kind gives check from
    /// (returned), and the square to `discover` when `attackers` hold one beyond a single unit
    /// or stand first with the landing square occupied.
    #[inline(always)]
    fn line<const D: usize>(&mut self, ek: usize, occ: u128, empty: u128, attackers: u128) -> u128 {
        let l = bit(T.step[ek][opposite(D)]);
        let ray = T.ray[ek][D].0;
        if l & empty == 0 {
            // No check along the line until its landing square (if on the board) empties.
            if ray & attackers != 0 && l & VALID != 0 {
                let first = wide::slide(ray, occ, positive(D)) & occ;
                if first & attackers != 0 {
                    self.discover |= l;
                }
            }
            return 0;
        }
        let r = wide::slide(ray, occ, positive(D));
        let first = r & occ;
        if first != 0 && ray & attackers & !first != 0 {
            let second = wide::slide(ray, occ ^ first, positive(D)) & occ & !first;
            if second & attackers != 0 {
                self.discover |= first;
            }
        }
        r & empty
    }

    /// The king's neighbour in direction `d`: returned when a unit of `units`' kind there
    /// would capture the king; the occupied landing square beyond the king goes to `discover`
    /// when one stands there.
    #[inline(always)]
    fn near(&mut self, ek: usize, d: usize, empty: u128, units: u128) -> u128 {
        let (s, l) = (bit(T.step[ek][d]) & VALID, bit(T.step[ek][opposite(d)]) & VALID);
        if l & empty != 0 {
            s
        } else {
            if s & units != 0 {
                self.discover |= l;
            }
            0
        }
    }

    /// The squares from which a unit of `kind` gives check.
    #[inline(always)]
    pub(super) fn direct(&self, kind: JkKind) -> u128 {
        self.direct[kind.index()]
    }

    /// The squares whose emptying by a move of a unit of `kind` needs the full test.
    #[inline(always)]
    pub(super) fn full(&self, kind: JkKind) -> u128 {
        if kind == JkKind::WarMachine {
            self.wm_full
        } else {
            self.discover
        }
    }

    /// Whether the legal move `m` of a unit of `kind` gives check, when the sets answer it.
    #[inline(always)]
    fn quick(&self, kind: JkKind, m: Move) -> Option<bool> {
        let (emptied, arrive) = match m.kind() {
            MoveKind::Normal | MoveKind::DoublePush if m.promo() == 0 => (bit(m.from().0), m.to()),
            MoveKind::Jump if m.promo() == 0 => (bit(m.from().0) | bit(m.to().0), m.aux()),
            _ => return None,
        };
        if emptied & self.full(kind) != 0 {
            return None;
        }
        Some(self.direct(kind) & bit(arrive.0) != 0)
    }
}

/// Whether `m` is a capture that satisfies Rule 4: from an edge square onto a central one.
#[inline(always)]
pub(super) fn is_rule4_capture(m: Move) -> bool {
    matches!(m.kind(), MoveKind::Jump | MoveKind::JumpEnPassant)
        && EDGE & bit(m.from().0) != 0
        && CENTRAL & bit(m.aux().0) != 0
}

/// Passes on to `inner` only the moves Rule 4 leaves when it binds: its captures and the moves
/// that give check ([`Checks`]), in the order they come.
pub(super) struct Rule4Filter<'a, S: Sink> {
    pos: &'a JumpingKnights,
    /// The mover's units.
    army: Army,
    occ: u128,
    /// The enemy king.
    ek: Square,
    checks: Checks,
    inner: &'a mut S,
}

impl<'a, S: Sink> Rule4Filter<'a, S> {
    /// The filter for the side to move in `pos`.
    pub(super) fn new(pos: &'a JumpingKnights, inner: &'a mut S) -> Self {
        let b = &pos.board;
        let us = pos.core.turn;
        let occ = b.occupied().0;
        let ek = pos.king(!us);
        let army = Army::of(b, us);
        let checks = Checks::new(&army, ek.idx(), occ);
        Rule4Filter { pos, army, occ, ek, checks, inner }
    }
}

impl<S: Sink> Rule4Filter<'_, S> {
    /// The sets that tell checking moves ([`Checks`]).
    pub(super) fn checks(&self) -> &Checks {
        &self.checks
    }

    /// The unit on `from`.
    #[inline(always)]
    fn kind_at(&self, from: Square) -> JkKind {
        self.pos.board.kind_at(from).expect("mover")
    }

    /// Passes on `m`, a move of a unit of `kind`, if Rule 4 leaves it: a capture from the edge
    /// to the centre, or a check ([`Checks::quick`], else the full test: castling among others).
    #[inline(always)]
    fn pass(&mut self, kind: JkKind, m: Move) {
        if is_rule4_capture(m) {
            self.inner.push(m);
        } else {
            match self.checks.quick(kind, m) {
                Some(true) => self.inner.push(m),
                Some(false) => {}
                None => self.keep_checks(m),
            }
        }
    }

    #[inline(always)]
    fn keep_checks(&mut self, m: Move) {
        if self.army.checks_after(self.pos, self.occ, self.ek, m) {
            self.inner.push(m);
        }
    }
}

impl<S: Sink> Sink for Rule4Filter<'_, S> {
    #[inline]
    fn push(&mut self, m: Move) {
        self.pass(self.kind_at(m.from()), m);
    }
    /// Pawn steps (a War Machine's come through [`Sink::quiets`] to a sink that lists in
    /// order, as this one does).
    #[inline]
    fn steps(&mut self, targets: u128, delta: i8, kind: MoveKind) {
        let origins = if delta > 0 { targets >> delta } else { targets << -delta };
        if origins & self.checks.discover != 0 {
            for to in squares(targets) {
                self.push(Move::new(kind, back(to, delta), to));
            }
        } else {
            let checks = targets & self.checks.direct(JkKind::Pawn);
            if checks != 0 {
                self.inner.steps(checks, delta, kind);
            }
        }
    }
    /// Pawn jumps: the mover's kind is known (no mailbox lookup per move).
    #[inline]
    fn pawn_jumps(&mut self, landings: u128, delta: i8, promote: bool) {
        for l in squares(landings) {
            let (from, v) = (back(l, 2 * delta), back(l, delta));
            if promote {
                push_jump(self, from, v, l, true);
            } else {
                self.pass(JkKind::Pawn, jump(from, v, l, 0));
            }
        }
    }
    #[inline]
    fn quiets(&mut self, from: Square, targets: u128) {
        let kind = self.kind_at(from);
        if self.checks.full(kind) & bit(from.0) != 0 {
            for to in squares(targets) {
                self.keep_checks(Move::new(MoveKind::Normal, from, to));
            }
        } else {
            let checks = targets & self.checks.direct(kind);
            if checks != 0 {
                self.inner.quiets(from, checks);
            }
        }
    }
    #[inline]
    fn jumps(&mut self, from: Square, victim: Square, landings: u128) {
        let rule4 = if EDGE & bit(from.0) != 0 { landings & CENTRAL } else { 0 };
        let kind = self.kind_at(from);
        if self.checks.full(kind) & (bit(from.0) | bit(victim.0)) != 0 {
            for l in squares(landings) {
                let m = jump(from, victim, l, 0);
                if rule4 & bit(l.0) != 0 {
                    self.inner.push(m);
                } else {
                    self.keep_checks(m);
                }
            }
        } else {
            let kept = landings & (rule4 | self.checks.direct(kind));
            if kept != 0 {
                self.inner.jumps(from, victim, kept);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::movegen::generate_unfiltered;
    use super::super::sink::{Counter, Lister};
    use super::super::{JkMoves, JumpingKnights};
    use super::{is_rule4_capture, Army, Checks, Rule4Filter};
    use crate::rules::Rules;

    /// [`Checks`] answers every move it answers as the full test does ([`Army::checks_after`]),
    /// for every move that keeps the own king safe, along seeded random games (Rule 4 not
    /// applied, so that the moves it would filter are looked at too), and [`Rule4Filter`]
    /// keeps exactly the moves the full test and [`is_rule4_capture`] keep.
    #[test]
    fn checks_agree_with_the_full_test() {
        let mut fens = super::super::TEST_FENS.to_vec();
        fens.extend([
            // A War Machine leaves the e-file over its victim and the rook (JK-2): We5xe6-e9
            // empties e5 and e6 and the rook on e7 gives check.
            "10/10/5R4/5p4/5W4/10/10/1K8/5k4/10 w - - 0 1",
        ]);
        let pos = JumpingKnights::from_fen(fens[5]).expect("fen");
        let m = pos.parse_move("e5e6,e6e9").expect("the War Machine's jump");
        assert!(pos.gives_check(m));
        let army = Army::of(&pos.board, pos.core.turn);
        let sets = Checks::new(&army, pos.king(!pos.core.turn).idx(), pos.board.occupied().0);
        assert_eq!(
            sets.quick(super::JkKind::WarMachine, m),
            None,
            "a War Machine's jump is tested"
        );
        let (mut quick, mut checks, mut all) = (0, 0, 0);
        super::super::random_games(&fens, 20, 80, 0x9e37_79b9_7f4a_7c15, |pos| {
            let mut list = JkMoves::default();
            generate_unfiltered(pos, &mut Lister(&mut list));
            let us = pos.core.turn;
            let army = Army::of(&pos.board, us);
            let occ = pos.board.occupied().0;
            let ek = pos.king(!us);
            let sets = Checks::new(&army, ek.idx(), occ);
            // The Rule 4 filter keeps exactly the edge captures and the checks, in order,
            // listing or counting.
            let mut kept = JkMoves::default();
            generate_unfiltered(pos, &mut Rule4Filter::new(pos, &mut Lister(&mut kept)));
            let mut count = Counter(0);
            generate_unfiltered(pos, &mut Rule4Filter::new(pos, &mut count));
            let want: Vec<_> = list
                .iter()
                .filter(|&&m| is_rule4_capture(m) || army.checks_after(pos, occ, ek, m))
                .collect();
            assert_eq!(kept.iter().collect::<Vec<_>>(), want, "at {}", pos.fen());
            assert_eq!(count.0, want.len() as u64, "at {}", pos.fen());
            for &m in list.iter() {
                let full = army.checks_after(pos, occ, ek, m);
                let kind = pos.board.kind_at(m.from()).expect("mover");
                if let Some(q) = sets.quick(kind, m) {
                    assert_eq!(q, full, "{m:?} at {}", pos.fen());
                    quick += 1;
                }
                checks += usize::from(full);
                all += 1;
            }
        });
        assert!(all > 50_000 && checks > 2_000, "only {all} moves, {checks} checks");
        assert!(quick * 10 > all * 9, "the sets answered only {quick} of {all} moves");
    }
}
