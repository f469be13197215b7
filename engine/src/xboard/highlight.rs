//! XBoard's highlight dialogue (`lift`/`put`/`hover`): a colour FEN marking where the unit on a
//! square can go, built from the legal moves as a human enters them in XBoard
//! ([`Dialect::xboard_entry`]; in a game of chance the action alone).

use super::dialect::Dialect;
use movegen::moves::ACTION_MASK;
use movegen::types::{Geometry, Square};
use movegen::Move;

/// The colour board for `lift` (and `put`, the end of a multi-leg move's first leg) in `pos`
/// with its `legal` moves: yellow quiet, red capture, magenta promotion, cyan the first leg of
/// a multi-leg move; after `put`, the second-leg targets of the moves whose first leg ends
/// there. `None` when `lift` is not a square.
pub fn board<V: Dialect>(pos: &V, legal: &[Move], lift: &str, put: Option<&str>) -> Option<String> {
    // Squares in XBoard's names (a variant may rename files).
    let square = |t: &str| V::xboard_square_prefix(t).filter(|&(_, n)| n == t.len());
    let from = square(lift)?.0;
    let mut marks: Vec<(Square, char)> = Vec::new();
    // In a game of chance a human enters the action only (the engine rolls the outcome),
    // and an action counts as a capture only if every outcome of it changes material.
    let action = |m: Move| m.0 & ACTION_MASK;
    let tactical = |m: Move| {
        if V::HAS_CHANCE {
            legal.iter().filter(|o| action(**o) == action(m)).all(|&o| pos.is_tactical(o))
        } else {
            pos.is_tactical(m)
        }
    };
    for &m in legal {
        let text = if V::HAS_CHANCE { pos.action_text(m) } else { pos.xboard_entry(m) };
        let legs: Vec<&str> = text.split(',').collect();
        let first = legs[0];
        let Some((f, n)) = V::xboard_square_prefix(first) else { continue };
        if f != from {
            continue;
        }
        let Some((to, _)) = V::xboard_square_prefix(&first[n..]) else { continue };
        let mark = match put {
            None if legs.len() > 1 => (to, 'C'),
            None if m.promo() != 0 => (to, 'M'),
            None if tactical(m) => (to, 'R'),
            None => (to, 'Y'),
            Some(p) => {
                if Some(to) != square(p).map(|s| s.0) || legs.len() < 2 {
                    continue;
                }
                let second = legs[1];
                let Some((_, n2)) = V::xboard_square_prefix(second) else { continue };
                let Some((to2, _)) = V::xboard_square_prefix(&second[n2..]) else {
                    continue;
                };
                (to2, if tactical(m) { 'R' } else { 'Y' })
            }
        };
        match marks.iter_mut().find(|(s, _)| *s == mark.0) {
            // Multi-leg beats promotion beats capture beats quiet.
            Some(e) => {
                let rank = |c: char| "YRMC".find(c).unwrap_or(0);
                if rank(mark.1) > rank(e.1) {
                    e.1 = mark.1;
                }
            }
            None => marks.push(mark),
        }
    }
    Some(colour_fen::<V::G>(&marks))
}

/// A board of colour letters for XBoard's `highlight` (holes are written as empty squares).
pub fn colour_fen<G: Geometry>(marks: &[(Square, char)]) -> String {
    let mut s = String::new();
    for r in (0..i32::from(G::RANKS)).rev() {
        let mut run = 0;
        for f in 0..i32::from(G::FILES) {
            let sq = G::square(f, r).expect("on grid");
            match marks.iter().find(|(m, _)| *m == sq) {
                Some((_, c)) => {
                    if run > 0 {
                        s.push_str(&run.to_string());
                        run = 0;
                    }
                    s.push(*c);
                }
                None => run += 1,
            }
        }
        if run > 0 {
            s.push_str(&run.to_string());
        }
        if r > 0 {
            s.push('/');
        }
    }
    s
}
