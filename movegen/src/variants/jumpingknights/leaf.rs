//! Perft's last two plies (`perft(2)`, [`crate::rules::Rules::count_two`]): the replies to every
//! legal move are counted without the Zobrist key (`JumpingKnights::after::<false>`), and the
//! sibling positions share the work of the replier's riders (Nightriders, Bishops, Rooks,
//! Queens; about a third of a node's instructions were their slides).
//!
//! Before the first move, every rider of the replying side gets its moves counted once on the
//! parent's board, with its **zone**: the squares whose contents the count depends on. Per line,
//! the zone holds the squares up to and including the first unit; when that unit may be jumped
//! (an enemy unit other than the king, rule book section 4), also the squares beyond it up to
//! and including the next unit (the landing squares). After a move that changes neither the
//! occupancy nor the set of jumpable units on the zone, the rider has the same moves. They are
//! all legal, and the stored count is used, when neither the rider nor one of the units it
//! jumps stands on a sensitive square of the new position (the legality test of `movegen.rs`)
//! and Rule 4 (JK-5) does not bind there; every other rider is generated as usual.

use super::attack::Rule4Filter;
use super::movegen::{Ctx, RIDERS};
use super::sink::Counter;
use super::tables::{bit, positive, CENTRAL, T, VALID};
use super::{JkKind, JkMoves, JumpingKnights};
use crate::attacks::wide;
use crate::rules::Rules;
use crate::types::{squares, Square};

/// One rider's moves on the parent's board.
#[derive(Clone, Copy, Debug, Default)]
struct Rider {
    /// Its square.
    sq: u8,
    /// Its kind's index in [`RIDERS`].
    kind: u8,
    /// The squares its moves depend on (module docs).
    zone: u128,
    /// The units it may jump.
    jumps: u128,
    /// How many moves it has (legal when none of them needs a test).
    count: u64,
}

/// A rider's reach and captures, line by line.
#[derive(Default)]
struct Reach {
    /// The squares up to and including the first unit of each line.
    reach: u128,
    zone: u128,
    jumps: u128,
    landings: u32,
}

/// The parent's board as the replying side sees it.
struct Parent {
    occ: u128,
    empty: u128,
    /// The units the replier may jump: the mover's, without its king.
    victims: u128,
}

impl Parent {
    /// Adds the line from `f` in direction `D` to `acc`.
    #[inline(always)]
    fn line<const D: usize>(&self, f: usize, acc: &mut Reach) {
        let ray = T.ray[f][D].0;
        let r = wide::slide(ray, self.occ, positive(D));
        acc.reach |= r;
        let v = r & self.victims;
        if v != 0 {
            // The landing squares: beyond the victim up to the next unit (section 4).
            let beyond = wide::slide(ray, self.occ ^ v, positive(D)) & !r;
            acc.zone |= beyond;
            acc.jumps |= v;
            acc.landings += (beyond & self.empty).count_ones();
        }
    }

    #[inline(always)]
    fn orthogonal(&self, f: usize, acc: &mut Reach) {
        self.line::<0>(f, acc);
        self.line::<2>(f, acc);
        self.line::<4>(f, acc);
        self.line::<6>(f, acc);
    }

    #[inline(always)]
    fn diagonal(&self, f: usize, acc: &mut Reach) {
        self.line::<1>(f, acc);
        self.line::<3>(f, acc);
        self.line::<5>(f, acc);
        self.line::<7>(f, acc);
    }

    #[inline(always)]
    fn knight_lines(&self, f: usize, acc: &mut Reach) {
        self.line::<8>(f, acc);
        self.line::<9>(f, acc);
        self.line::<10>(f, acc);
        self.line::<11>(f, acc);
        self.line::<12>(f, acc);
        self.line::<13>(f, acc);
        self.line::<14>(f, acc);
        self.line::<15>(f, acc);
    }

    /// The rider of `RIDERS[kind]` on `sq`.
    fn rider(&self, kind: usize, sq: Square) -> Rider {
        let f = sq.idx();
        let mut a = Reach::default();
        match RIDERS[kind] {
            JkKind::Nightrider => self.knight_lines(f, &mut a),
            JkKind::Bishop => self.diagonal(f, &mut a),
            JkKind::Rook => self.orthogonal(f, &mut a),
            _ => {
                self.orthogonal(f, &mut a);
                self.diagonal(f, &mut a);
            }
        }
        let quiets = (a.reach & self.empty & CENTRAL).count_ones();
        Rider {
            sq: sq.0,
            kind: kind as u8,
            zone: a.reach | a.zone,
            jumps: a.jumps,
            count: u64::from(quiets + a.landings),
        }
    }
}

/// The replier's riders on the parent's board.
struct Cache {
    board: Parent,
    riders: [Rider; 16],
    len: usize,
}

impl Cache {
    /// `None` when the replier has more riders than the cache holds (only a set-up position
    /// with more than 16 units on a side can).
    fn new(pos: &JumpingKnights) -> Option<Cache> {
        let b = &pos.board;
        let (mover, replier) = (pos.core.turn, !pos.core.turn);
        let occ = b.occupied().0;
        let board = Parent {
            occ,
            empty: VALID & !occ,
            victims: b.color(mover).0 & !b.kind(JkKind::King).0,
        };
        let mut c = Cache { board, riders: [Rider::default(); 16], len: 0 };
        for (k, kind) in RIDERS.iter().enumerate() {
            for sq in squares(b.pieces(*kind, replier).0) {
                *c.riders.get_mut(c.len)? = c.board.rider(k, sq);
                c.len += 1;
            }
        }
        Some(c)
    }

    /// The number of legal moves in `pos`, a child of the parent (Rule 4 applied).
    fn count(&self, pos: &JumpingKnights) -> u64 {
        let c = Ctx::new(pos);
        let mut n = Counter(0);
        if c.rule4() {
            c.all(&mut Rule4Filter::new(pos, &mut n));
            return n.0;
        }
        c.head(&mut n);
        let changed = (self.board.occ ^ c.occ) | (self.board.victims ^ c.victims);
        for r in &self.riders[..self.len] {
            let at = bit(r.sq);
            if c.own & at == 0 {
                continue; // jumped by the move
            }
            if r.zone & changed == 0 && (at | r.jumps) & c.sens == 0 {
                n.0 += r.count;
            } else {
                c.rider_of(RIDERS[usize::from(r.kind)], Square(r.sq), &mut n);
            }
        }
        c.tail(&mut n);
        n.0
    }
}

/// `perft(2)` of `pos`, whose legal moves are `list`.
pub(super) fn count_two(pos: &JumpingKnights, list: &JkMoves) -> u64 {
    match Cache::new(pos) {
        Some(cache) => list.iter().map(|&m| cache.count(&pos.after::<false>(m))).sum(),
        None => list.iter().map(|&m| pos.after::<false>(m).count_legal()).sum(),
    }
}
