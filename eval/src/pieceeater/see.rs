//! Static exchange evaluation for PieceEater ([`Evaluator::see_ge`](crate::Evaluator::see_ge)):
//! the chess exchange on the target square with the PE's part of the rules that every outcome of
//! the action shares, so that every outcome of one action gets the same answer.
//!
//! * The PE blocks lines where it stands before the action (`PieceEater::pe`); its step after
//!   each capture is not followed (it depends on the die).
//! * A unit moved or dropped next to the PE is eaten at once (rule 3, a forced step: the move's
//!   `aux` is its target): the exchange is the victim minus the mover, and nothing can recapture
//!   on the square the PE now holds.
//! * There is no check rule: a king may recapture, and a king captured is the game
//!   ([`ORDER_VALUE`]'s king is larger than anything else on the board).
//! * Captured units are gone (no hand gains), as in chess.

use super::ORDER_VALUE;
use crate::board8::{exchange, FirstMove};
use movegen::moves::{Move, MoveKind};
use movegen::rules::Rules;
use movegen::types::Square;
use movegen::variants::pieceeater::{PeKind, PieceEater};

/// The value of `kind` in the exchange.
#[inline]
fn value(kind: PeKind) -> i32 {
    ORDER_VALUE[kind as usize]
}

/// The unit that `m` puts on its target square (a drop's unit, a promotion's new kind, else the
/// mover), and the one it risks there: a promoting pawn loses a pawn if it is eaten at once.
fn mover(pos: &PieceEater, m: Move) -> Option<(PeKind, PeKind)> {
    match m.kind() {
        MoveKind::Drop => PeKind::from_code(m.promo()).map(|k| (k, k)),
        _ => {
            let k = pos.board().kind_at(m.from())?;
            Some((PeKind::from_code(m.promo()).unwrap_or(k), k))
        }
    }
}

/// The material the side to move wins on `m`'s target square (see the module): the victim,
/// then both sides recapture with their least valuable attacker while it pays, each free to
/// stop. Castling scores 0; a promotion scores what it captures (plus nothing for the new
/// piece: it is searched among the first moves anyway) unless the PE eats it at once.
pub fn see(pos: &PieceEater, m: Move) -> i32 {
    if m.kind() == MoveKind::Castle {
        return 0;
    }
    let b = pos.board();
    let us = pos.turn();
    let to = m.to();
    let mut occ = pos.occupied();
    let victim = match m.kind() {
        MoveKind::EnPassant => {
            // The captured pawn stands on the mover's rank, on the target's file.
            occ.clear(Square(m.from().0 / 8 * 8 + to.0 % 8));
            value(PeKind::Pawn)
        }
        MoveKind::Drop => 0,
        _ => match b.kind_at(to) {
            // The game ends with the capture: nothing comes back.
            Some(PeKind::King) => return value(PeKind::King),
            k => k.map_or(0, value),
        },
    };
    let Some((placed, risked)) = mover(pos, m) else { return victim };
    if m.aux() == to {
        // Rule 3: the PE steps onto the unit just moved; nothing can come back to its square.
        return victim - value(risked);
    }
    if m.promo() != 0 && m.kind() != MoveKind::Drop {
        return victim;
    }
    let attackers = pos.attackers(to, us, occ) | pos.attackers(to, !us, occ);
    let from = (m.kind() != MoveKind::Drop).then(|| m.from());
    let first = FirstMove { to, from, side: us, victim, on_target: value(placed) };
    // Exact values (no early stop once the sign is decided): the search compares them with
    // thresholds other than 0.
    exchange(b, &ORDER_VALUE, first, occ, attackers, false)
}

/// Whether [`see`] of `m` is at least `threshold`.
pub fn see_ge(pos: &PieceEater, m: Move, threshold: i32) -> bool {
    if matches!(m.kind(), MoveKind::Normal) && m.promo() == 0 && m.aux() != m.to() {
        // The mover may always stop after the first recapture, so the exchange is worth at
        // least the victim minus the mover.
        let b = pos.board();
        let victim = b.kind_at(m.to()).map_or(0, value);
        let mover = b.kind_at(m.from()).map_or(0, value);
        if victim - mover >= threshold {
            return true;
        }
    }
    see(pos, m) >= threshold
}

#[cfg(test)]
mod tests {
    use super::*;
    use movegen::variants::pieceeater::PeMoves;

    fn pos(fen: &str) -> PieceEater {
        PieceEater::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
    }

    /// The first legal outcome of the action `text` (`e2e4`, `N@b1`) in `p`.
    fn action(p: &PieceEater, text: &str) -> Move {
        let mut list = PeMoves::default();
        p.legal_moves(&mut list);
        list.iter()
            .copied()
            .find(|&m| p.action_text(m) == text)
            .unwrap_or_else(|| panic!("{text} is not legal"))
    }

    /// [`see`] of the action `text` in `fen`, the same for each of its outcomes.
    fn see_of(fen: &str, text: &str) -> i32 {
        let p = pos(fen);
        let a = action(&p, text);
        let values: Vec<i32> = p.outcomes(a).into_iter().map(|m| see(&p, m)).collect();
        assert!(values.windows(2).all(|w| w[0] == w[1]), "{fen} {text}: {values:?}");
        values[0]
    }

    /// Exchanges worked by hand (values: P 100, N 320, B 335, R 480, Q 960; the PE out of the
    /// way on h1 or a4 unless the case is about it).
    #[test]
    fn exchanges_by_hand() {
        // A pawn takes an undefended knight: +320.
        assert_eq!(see_of("4k3/8/8/3n4/4P3/8/8/4K2X[] w - - 0 1 -", "e4d5"), 320);
        // A rook takes a pawn the c6 pawn defends: +100 − 480.
        assert_eq!(see_of("4k3/8/2p5/3p4/8/8/8/3RK2X[] w - - 0 1 -", "d1d5"), -380);
        // Doubled rooks against the one defender: R×p (+100), p×R (−480), R×p (+100) = −280;
        // Black gains by recapturing (−280 < +100 for White), White by taking back.
        assert_eq!(see_of("4k3/8/2p5/3p4/8/8/3R4/3RK2X[] w - - 0 1 -", "d2d5"), -280);
        // The x-ray: the queen behind the rook joins in. R×r (+480), r×R (−480), Q×r (+480):
        // Black does better not to recapture, +480 either way.
        assert_eq!(see_of("3rk3/8/8/3r4/8/8/3R4/3QK2X[] w - - 0 1 -", "d2d5"), 480);
        // Quiet moves: to a square no pawn attacks 0, to one the e6 pawn attacks −320.
        assert_eq!(see_of("4k3/8/8/2p5/8/8/8/1N2K2X[] w - - 0 1 -", "b1d2"), 0);
        assert_eq!(see_of("4k3/8/4p3/8/8/4N3/8/4K2X[] w - - 0 1 -", "e3d5"), -320);
        // A knight dropped where the b2 pawn takes it (and nothing takes back): −320; next
        // to the own king, out of the pawn's reach: 0.
        assert_eq!(see_of("4k3/8/8/8/X7/8/1p6/4K3[N] w - - 0 1 -", "N@c1"), -320);
        assert_eq!(see_of("4k3/8/8/8/X7/8/1p6/4K3[N] w - - 0 1 -", "N@d1"), 0);
    }

    /// The PE's own rules: it blocks a line where it stands, and a unit moved next to it is
    /// eaten at once (rule 3), whatever it captured.
    #[test]
    fn the_pe_blocks_and_eats() {
        // The d5 knight is defended by the d8 rook, but the PE on d7 stands between: the pawn
        // wins the knight outright.
        assert_eq!(see_of("3r3k/3X4/8/3n4/4P3/8/8/4K3[] w - - 0 1 -", "e4d5"), 320);
        // With the PE elsewhere the rook takes back: 320 − 100.
        assert_eq!(see_of("3r3k/8/8/3n4/4P3/8/8/4K2X[] w - - 0 1 -", "e4d5"), 220);
        // The knight takes the d4 pawn next to the PE on c4: the PE eats the knight at once,
        // +100 − 320; the quiet move to c3, next to the PE too, feeds it the knight.
        let fen = "4k3/8/8/8/2Xp4/8/4N3/4K3[] w - - 0 1 -";
        let p = pos(fen);
        let m = action(&p, "e2d4");
        assert_eq!(m.aux(), m.to(), "forced eat");
        assert_eq!(see(&p, m), -220);
        let m = action(&p, "e2c3");
        assert_eq!(see(&p, m), -320);
        assert!(!see_ge(&p, m, -319) && see_ge(&p, m, -320));
        // A knight dropped next to the PE on c1: the same.
        let p = pos("4k3/8/8/8/8/8/8/2X1K3[N] w - - 0 1 -");
        let m = action(&p, "N@b1");
        assert_eq!(m.aux(), m.to());
        assert_eq!(see(&p, m), -320);
    }

    /// No check rule: a king may take back on an undefended square, not on a defended one
    /// (it would be captured: the game), and capturing the king is the game.
    #[test]
    fn kings_in_the_exchange() {
        // R×p (+100), K×R (−480) = −380.
        assert_eq!(see_of("4k3/4p3/8/8/X7/8/8/4RK2[] w - - 0 1 -", "e1e7"), -380);
        // The e1 rook behind defends e7: the king cannot take back, the rook wins the pawn.
        assert_eq!(see_of("4k3/4p3/8/8/X7/8/4R3/4RK2[] w - - 0 1 -", "e2e7"), 100);
        // Capturing the king is worth the king, whatever could come back.
        assert_eq!(see_of("4k3/8/8/8/X7/8/8/4RK2[] w - - 0 1 -", "e1e8"), ORDER_VALUE[5]);
    }
}
