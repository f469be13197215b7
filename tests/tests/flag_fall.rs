//! Who can still mate when a flag falls (FIDE 6.9, `Rules::can_mate`): a side that cannot mate
//! by any series of legal moves draws when the other side's time runs out. Each case is judged
//! by hand in its comment.

use movegen::rules::Rules;
use movegen::types::Color::{Black, White};
use movegen::variants::chess::Chess;
use movegen::variants::magician::Magician;

fn chess(fen: &str) -> Chess {
    Chess::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

#[test]
fn chess_sides_that_can_and_cannot_mate() {
    // A bare king never mates; a rook does.
    let p = chess("4k3/8/8/8/8/8/8/4K2R w K - 0 1");
    assert!(p.can_mate(White) && !p.can_mate(Black));
    // King and knight against a bare king: no mate exists (the bare king has no men to block
    // its own flight squares); against king and pawn one does (the pawn blocks: Ka8, Pa7, Kc7,
    // Nb6 is mate), so the knight's side can mate there.
    let p = chess("4k3/8/8/8/8/8/8/4KN2 w - - 0 1");
    assert!(!p.can_mate(White) && !p.can_mate(Black));
    let p = chess("4k3/4p3/8/8/8/8/8/4KN2 w - - 0 1");
    assert!(p.can_mate(White), "K+N v K+P: a helpmate exists");
    assert!(p.can_mate(Black), "the pawn may promote");
    // King and bishop against a bare king: none; two knights: a helpmate exists.
    assert!(!chess("4k3/8/8/8/8/8/8/2B1K3 w - - 0 1").can_mate(White));
    assert!(chess("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1").can_mate(White));
}

#[test]
fn a_magician_side_with_a_bare_king_cannot_mate() {
    let p = Magician::from_fen("4k3/8/8/8/8/8/8/3QK3 w - - 0 1 Mm").expect("fen");
    assert!(p.can_mate(White) && !p.can_mate(Black), "a bare king, though its flag is set");
    // A bishop that has moved may become the Magician, who mates with her king's help.
    let p = Magician::from_fen("4k3/8/8/8/8/8/3B4/4K3 w - - 0 1 Mm").expect("fen");
    assert!(p.can_mate(White));
}
