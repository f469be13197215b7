//! Hand-derived positions for every rule of PieceEater Chess (`../shared/rules/pieceeater.md`).
//! Each depth-1 move list is written out and derived in the comment above it; the fast
//! generator and the slow reference must both produce exactly that list.
//!
//! Notation used in the derivations: `N(s)` = the eight torus neighbours of `s`; `Z(k)` = a
//! king's square with its torus neighbours (the squares rule 2 forbids); `A` = the squares
//! rules 1-2 allow. A spec line `("a1a2 a1b1", "g5 g6")` stands for every action on the left
//! followed by every PE destination on the right (`a1a2,h5g5`, `a1a2,h5g6`, ...); an empty
//! right side means the PE does not step (no leg).

use menagerie_tests::reference::pieceeater::RefPe;
use movegen::rules::{EndReason, Outcome, Rules};
use movegen::variants::pieceeater::PieceEater;
use std::collections::BTreeSet;

fn expected(pe: &str, spec: &[(&str, &str)]) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for (actions, dests) in spec {
        for a in actions.split_whitespace() {
            if dests.trim().is_empty() {
                assert!(out.insert(a.to_string()), "spec repeats {a}");
            }
            for d in dests.split_whitespace() {
                assert!(out.insert(format!("{a},{pe}{d}")), "spec repeats {a},{pe}{d}");
            }
        }
    }
    out
}

/// Checks the fast list (no duplicates) and the reference list against the spec.
fn check(fen: &str, pe: &str, spec: &[(&str, &str)], total: usize) -> PieceEater {
    let want = expected(pe, spec);
    assert_eq!(want.len(), total, "the spec itself does not add up to {total}");
    let pos = PieceEater::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    let mut list = <PieceEater as Rules>::Moves::default();
    pos.legal_moves(&mut list);
    let got: Vec<String> = list.iter().map(|&m| pos.move_text(m)).collect();
    let got_set: BTreeSet<String> = got.iter().cloned().collect();
    assert_eq!(got.len(), got_set.len(), "duplicate moves at {fen}");
    assert_eq!(got_set, want, "fast generator at {fen}");
    assert_eq!(pos.count_legal(), total as u64, "count at {fen}");
    let reference: BTreeSet<String> =
        RefPe::from_fen(fen).unwrap().moves().into_iter().map(|(t, _)| t).collect();
    assert_eq!(reference, want, "reference generator at {fen}");
    pos
}

fn after(pos: &PieceEater, text: &str) -> PieceEater {
    pos.play(pos.parse_move(text).unwrap_or_else(|e| panic!("{e}")))
}

/// Torus wrap at a corner and king adjacency across the corner.
/// PE a1, no `pe-left`: N(a1) = a2 b2 b1 h1 h2 h8 a8 b8 (h1 h2 wrap east-west, a8 b8 wrap
/// north-south, h8 both). The black king on h8 forbids Z(h8) = h8 g7 h7 a7 g8 a8 g1 h1 a1,
/// which removes h1, h8 and a8: A = a2 b2 b1 h2 b8. White has only the king on e4: its 8 moves
/// (d3 d4 d5 e3 e5 f3 f4 f5) keep it within files c-g and ranks 2-6, far from A, and a king is
/// never eaten: 8 x 5 = 40.
#[test]
fn torus_corner_and_king_zone_across_the_corner() {
    check(
        "7k/8/8/8/4K3/8/8/X7[] w - - 0 1 -",
        "a1",
        &[("e4d3 e4d4 e4d5 e4e3 e4e5 e4f3 e4f4 e4f5", "a2 b2 b1 h2 b8")],
        40,
    );
}

/// Edge wrap, no retracing (rule 1) and forced eats of the moved unit (rule 3), across the edge
/// too. PE h5, `pe-left` g4: N(h5) = g4 g5 g6 h4 h6 a4 a5 a6; rule 1 removes g4; no king zone
/// meets the rest (Z(e8) is d7-f8 and d1-f1; the white king stays on a1/a2/b1/b2):
/// A = g5 g6 h4 h6 a4 a5 a6 (7).
/// * King a1: a2 b1 b2, 7 outcomes each (21).
/// * Rook g1: g5 and g6 are next to the PE and allowed: forced eats (2). g1g4 lands next to the
///   PE too, but on `pe-left`: rule 1 forbids it, so no forced eat: 7 outcomes. With g2 g3 g7 g8
///   h1 f1 e1 d1 c1 b1 that is 11 x 7 = 77.
/// * Knight c4: a5 neighbours h5 across the edge: forced eat (1); a3 b6 b2 d6 d2 e5 e3: 7 x 7
///   = 49.
///
/// Total 21 + 79 + 50 = 150.
#[test]
fn edge_wrap_no_retrace_and_forced_eat() {
    let all = "g5 g6 h4 h6 a4 a5 a6";
    let pos = check(
        "4k3/8/8/7X/2N5/8/8/K5R1[] w - - 0 1 g4",
        "h5",
        &[
            ("a1a2 a1b1 a1b2", all),
            ("g1g2 g1g3 g1g4 g1g7 g1g8 g1h1 g1f1 g1e1 g1d1 g1c1 g1b1", all),
            ("g1g5", "g5"),
            ("g1g6", "g6"),
            ("c4a3 c4b6 c4b2 c4d6 c4d2 c4e5 c4e3", all),
            ("c4a5", "a5"),
        ],
        150,
    );
    // The eaten rook is gone, the clock resets, pe-left becomes h5.
    let p = after(&pos, "g1g5,h5g5");
    assert_eq!(p.fen(), "4k3/8/8/6X1/2N5/8/8/K7[] b - - 0 1 h5");
    let p = after(&pos, "c4a5,h5a5");
    assert_eq!(p.fen(), "4k3/8/8/X7/8/8/8/K5R1[] b - - 0 1 h5");
    // A forced step may be sent without its leg (notation.md); a free one may not.
    assert_eq!(pos.parse_move("g1g5"), pos.parse_move("g1g5,h5g5"));
    assert!(pos.parse_move("g1g4").is_err());
    assert!(pos.parse_move("g1g4,h5g4").is_err(), "rule 1: no step back to pe-left");
}

/// King adjacency on the torus, with king moves changing the allowed set. PE h4, no `pe-left`:
/// N(h4) = g3 g4 g5 h3 h5 a3 a4 a5. Black's king on e8 forbids nothing there. White's king b4
/// moves; its new zone decides:
/// * a3: Z = a2 a3 a4 b2 b3 b4 h2 h3 h4, removes a3 a4 h3: g3 g4 g5 h5 a5.
/// * a4: Z = a3 a4 a5 b3 b4 b5 h3 h4 h5, removes a3 a4 a5 h3 h5: g3 g4 g5.
/// * a5: Z = a4 a5 a6 b4 b5 b6 h4 h5 h6, removes a4 a5 h5: g3 g4 g5 h3 a3.
/// * b3: removes a3 a4: g3 g4 g5 h3 h5 a5. b5: removes a4 a5: g3 g4 g5 h3 h5 a3.
/// * c3 c4 c5: zones on files b-d: all 8.
///
/// Total 5 + 3 + 5 + 6 + 6 + 24 = 49.
#[test]
fn king_zone_on_the_torus_moves_with_the_king() {
    check(
        "4k3/8/8/8/1K5X/8/8/8[] w - - 0 1 -",
        "h4",
        &[
            ("b4a3", "g3 g4 g5 h5 a5"),
            ("b4a4", "g3 g4 g5"),
            ("b4a5", "g3 g4 g5 h3 a3"),
            ("b4b3", "g3 g4 g5 h3 h5 a5"),
            ("b4b5", "g3 g4 g5 h3 h5 a3"),
            ("b4c3 b4c4 b4c5", "g3 g4 g5 h3 h5 a3 a4 a5"),
        ],
        49,
    );
}

/// Drops on White's ranks and the forced eat of a dropped unit (PE-3). PE c2, no `pe-left`:
/// N(c2) = b1 c1 d1 b2 d2 b3 c3 d3; Z(h8) (g7 h7 a7 g8 a8 g1 h1 a1) and Z(a5) (a4-b6, h4-h6)
/// miss it: A = all 8.
/// * King h8: g7 g8 h7, zones far from c2: 3 x 8 = 24.
/// * N drops on the empty 1st rank: b1 c1 d1 are next to the PE: forced (3); a1 e1 f1 g1 h1:
///   5 x 8 = 40.
/// * P drops on the 2nd rank (c2 holds the PE): b2 d2 forced (2); a2 e2 f2 g2 h2: 5 x 8 = 40.
///
/// Total 109. Black's `r` in hand is not White's to drop.
#[test]
fn drops_on_whites_ranks_and_forced_eat_of_the_dropped_unit() {
    let all = "b1 c1 d1 b2 d2 b3 c3 d3";
    let pos = check(
        "7K/8/8/k7/8/8/2X5/8[NPr] w - - 7 1 -",
        "c2",
        &[
            ("h8g7 h8g8 h8h7", all),
            ("N@a1 N@e1 N@f1 N@g1 N@h1", all),
            ("N@b1", "b1"),
            ("N@c1", "c1"),
            ("N@d1", "d1"),
            ("P@a2 P@e2 P@f2 P@g2 P@h2", all),
            ("P@b2", "b2"),
            ("P@d2", "d2"),
        ],
        109,
    );
    // A drop counts as a quiet move (7 -> 8); the PE eating resets the clock (§5).
    assert_eq!(after(&pos, "N@a1,c2d3").fen(), "7K/8/8/k7/8/3X4/8/N7[Pr] b - - 8 1 c2");
    assert_eq!(after(&pos, "N@b1,c2b1").fen(), "7K/8/8/k7/8/8/8/1X6[Pr] b - - 0 1 c2");
    assert_eq!(after(&pos, "P@e2,c2b3").fen(), "7K/8/8/k7/8/1X6/4P3/8[Nr] b - - 8 1 c2");
}

/// Black's drops: pieces on the 8th rank, pawns on the 7th. Same board, Black to move.
/// * King a5: a4 (Z has b3: 7 squares left), a6 (8), b4 (Z has b3 c3: 6), b5 (8), b6 (8) = 37.
/// * r drops on a8-g8 (h8 holds White's king): not next to c2, 7 x 8 = 56.
/// * p drops on a7-h7: 8 x 8 = 64. Total 157.
#[test]
fn drops_on_blacks_ranks() {
    let all = "b1 c1 d1 b2 d2 b3 c3 d3";
    check(
        "7K/8/8/k7/8/8/2X5/8[NPrp] b - - 0 1 -",
        "c2",
        &[
            ("a5a4", "b1 c1 d1 b2 d2 c3 d3"),
            ("a5b4", "b1 c1 d1 b2 d2 d3"),
            ("a5a6 a5b5 a5b6", all),
            ("R@a8 R@b8 R@c8 R@d8 R@e8 R@f8 R@g8", all),
            ("P@a7 P@b7 P@c7 P@d7 P@e7 P@f7 P@g7 P@h7", all),
        ],
        157,
    );
}

/// After castling the rook is the moved unit, but it stands next to its own king, so rule 2
/// shields it (§5). PE e2, no `pe-left`; Black's king a5 is far. N(e2) = d1 e1 f1 d2 f2 d3 e3
/// f3; Z(e1) removes d1 e1 f1 d2 f2: A = d3 e3 f3.
/// * Rook h1: g1 f1 h2-h8 (9); f1 is next to the PE but in Z(e1): not eaten. 9 x 3 = 27.
/// * King: d1 (Z removes d1 e1 d2: f1 f2 d3 e3 f3), d2 (removes d1 e1 d2 d3 e3: f1 f2 f3),
///   f1 (removes e1 f1 f2: d1 d2 d3 e3 f3), f2 (removes e1 f1 f2 e3 f3: d1 d2 d3).
/// * O-O: the king on g1 removes f1 f2: d1 e1 d2 d3 e3 f3 (6); the rook on f1 is not eaten.
///
/// Total 27 + 16 + 6 = 49.
#[test]
fn castling_rook_is_shielded_from_the_forced_eat() {
    let pos = check(
        "8/8/8/k7/8/8/4X3/4K2R[] w K - 0 1 -",
        "e2",
        &[
            ("h1g1 h1f1 h1h2 h1h3 h1h4 h1h5 h1h6 h1h7 h1h8", "d3 e3 f3"),
            ("e1d1", "f1 f2 d3 e3 f3"),
            ("e1d2", "f1 f2 f3"),
            ("e1f1", "d1 d2 d3 e3 f3"),
            ("e1f2", "d1 d2 d3"),
            ("e1g1", "d1 e1 d2 d3 e3 f3"),
        ],
        49,
    );
    assert_eq!(after(&pos, "e1g1,e2e1").fen(), "8/8/8/k7/8/8/8/4XRK1[] b - - 1 1 e2");
}

/// Promotion choices on the 7th (PE-2: pawn, R, B or N) and the 8th rank (Q, R, B, N), and the
/// forced eat of the promoted piece. PE c8, `pe-left` b8: N(c8) = b7 c7 d7 b8 d8 and, across
/// the top edge, b1 c1 d1; rule 1 removes b8; Z(h1) = g1 h1 a1 g2 h2 a2 g8 h8 a8 and Z(g4)
/// miss the rest: A = b7 c7 d7 d8 b1 c1 d1 (7).
/// * b6-b7 in 4 forms, all landing next to the PE: forced eats (4).
/// * d7-d8 in 4 forms: forced eats of the new piece (4).
/// * f6-f7 in 4 forms and g7-g8 in 4 forms: 8 x 7 = 56.
/// * King h1: g1 g2 h2, zones clear of A: 3 x 7 = 21. Total 85.
#[test]
fn seventh_rank_promotion_choices_and_eating_the_promoted_piece() {
    let all = "b7 c7 d7 d8 b1 c1 d1";
    let pos = check(
        "2X5/3P2P1/1P3P2/8/6k1/8/8/7K[] w - - 0 1 b8",
        "c8",
        &[
            ("b6b7 b6b7r b6b7b b6b7n", "b7"),
            ("d7d8q d7d8r d7d8b d7d8n", "d8"),
            ("f6f7 f6f7r f6f7b f6f7n g7g8q g7g8r g7g8b g7g8n", all),
            ("h1g1 h1g2 h1h2", all),
        ],
        85,
    );
    assert_eq!(
        after(&pos, "f6f7n,c8d7").fen(),
        "8/3X1NP1/1P6/8/6k1/8/8/7K[] b - - 0 1 c8",
        "f7 knight placed, d7 pawn eaten"
    );
    assert_eq!(after(&pos, "d7d8q,c8d8").fen(), "3X4/6P1/1P3P2/8/6k1/8/8/7K[] b - - 0 1 c8");
}

/// A stuck PE (PE-4), king capture ending the game, and moving into check. PE b2, `pe-left`
/// c1: N(b2) = a1 b1 c1 a2 c2 a3 b3 c3. Z(a1) takes a1 b1 a2, Z(b3) takes a2 c2 a3 b3 c3, rule 1
/// takes c1: nothing is allowed. The king's moves do not help: on a2 its zone takes a1 a2 a3
/// b1 b3, on b1 a1 b1 c1 a2 c2; with Black's zone and c1 that is all 8 again. So every action
/// has one outcome, written without a PE leg: Ka2 (next to Black's king: moving into check is
/// legal), Kb1, and the knight d2 to b1 b3 c4 e4 f3 f1, where d2b3 captures the king.
#[test]
fn stuck_pe_king_capture_and_moving_into_check() {
    let pos = check(
        "8/8/8/8/8/1k6/1X1N4/K7[] w - - 0 1 c1",
        "b2",
        &[("a1a2 a1b1 d2b1 d2b3 d2c4 d2e4 d2f3 d2f1", "")],
        8,
    );
    // Staying put keeps pe-left (PE-4).
    assert_eq!(after(&pos, "d2c4").fen(), "8/8/8/8/2N5/1k6/1X6/K7[] b - - 1 1 c1");
    // Capturing the king ends the game: the PE does not step, nobody moves again.
    let end = after(&pos, "d2b3");
    assert_eq!(end.fen(), "8/8/8/8/8/1N6/1X6/K7[] b - - 0 1 c1");
    assert!(end.king_captured());
    let mut list = <PieceEater as Rules>::Moves::default();
    end.legal_moves(&mut list);
    assert!(list.is_empty());
    assert_eq!(end.count_legal(), 0);
    assert_eq!(movegen::perft::perft(&end, 3), 0);
    let r = end.end_by_rule(&list).unwrap();
    assert_eq!(
        (r.outcome, r.reason),
        (Outcome::Win(movegen::types::Color::White), EndReason::KingCaptured)
    );
    // The line that captured the king ends there: it adds nothing at depth 2.
    let rows = movegen::perft::divide(&pos, 2, 1);
    let d2b3 = rows.iter().find(|(m, _)| pos.move_text(*m) == "d2b3").unwrap();
    assert_eq!(d2b3.1, 0);
}

/// Castling keeps FIDE's conditions (PE-1) while moving into check is legal. PE e2 between
/// the kings: Z(e1) takes d1 e1 f1 d2 f2 and Z(e3) takes d2 f2 d3 e3 f3, so for any action that
/// leaves the king on e1 the PE is stuck: the rooks' 10 + 9 moves have no PE leg.
/// * O-O would pass f1, attacked by the rook on f8: not legal.
/// * O-O-O: e1 d1 c1 are not attacked: legal; on c1 the king's zone takes only d1 d2 of N(e2),
///   Black's takes d2 f2 d3 e3 f3: e1 and f1 remain (the rook on d1 is shielded).
/// * King moves, all legal though d2 and f2 touch Black's king and f1 is attacked by the rook:
///   d1 (zone takes d1 e1 d2: only f1 remains), d2 (d1 e1 d2 d3 e3: f1), f1 (e1 f1 f2: d1),
///   f2 (e1 f1 f2 e3 f3: d1): one forced step each.
///
/// Total 19 + 2 + 4 = 25.
#[test]
fn castling_through_an_attacked_square_is_illegal_moving_into_check_is_not() {
    check(
        "5r2/8/8/8/8/4k3/4X3/R3K2R[] w KQ - 0 1 -",
        "e2",
        &[
            ("a1b1 a1c1 a1d1 a1a2 a1a3 a1a4 a1a5 a1a6 a1a7 a1a8", ""),
            ("h1g1 h1f1 h1h2 h1h3 h1h4 h1h5 h1h6 h1h7 h1h8", ""),
            ("e1c1", "e1 f1"),
            ("e1d1 e1d2", "f1"),
            ("e1f1 e1f2", "d1"),
        ],
        25,
    );
}

/// No action at all is a stalemate (a draw, §6): the king h1 is walled in by its bishop, its
/// pawns and the PE; the pawns are blocked and have nothing to capture. With a pawn in hand
/// White can drop it on a2-e2; then N(g2) = f1 g1 h1 f2 h2 f3 g3 h3 loses g1 h1 h2 to Z(h1)
/// and f1 to Z(e8) (across the edge): 5 drops x 4 outcomes = 20.
#[test]
fn stalemate_is_a_draw_unless_a_drop_is_left() {
    let pos = check("4k3/8/8/8/8/5p1p/5PXP/6BK[] w - - 0 1 -", "g2", &[], 0);
    let end = pos.end_by_rule(&[]).unwrap();
    assert_eq!((end.outcome, end.reason), (Outcome::Draw, EndReason::Stalemate));
    check(
        "4k3/8/8/8/8/5p1p/5PXP/6BK[P] w - - 0 1 -",
        "g2",
        &[("P@a2 P@b2 P@c2 P@d2 P@e2", "f2 f3 g3 h3")],
        20,
    );
}

/// PE-5: eating the pawn that just double-stepped, or standing on the skipped square, leaves no
/// e.p. capture. PE d5 next to e4: e2e4 is a forced eat and the e.p. field is `-`.
#[test]
fn pe5_en_passant_after_the_pe_step() {
    let pos = PieceEater::from_fen("4k3/8/8/3X4/8/8/4P3/4K3[] w - - 3 1 -").unwrap();
    assert_eq!(after(&pos, "e2e4,d5e4").fen(), "4k3/8/8/8/4X3/8/8/4K3[] b - - 0 1 d5");
    assert!(pos.parse_move("e2e4,d5d6").is_err(), "the eat is forced");
    // PE d2: N(d2) = c1 d1 e1 c2 e2 c3 d3 e3; Z(e1) takes d1 e1 e2 and Z(e8) d1 e1 (across
    // the edge); e4 is not next to d2: five outcomes c1 c2 c3 d3 e3. Onto e3 (the skipped
    // square): no e.p.; onto d3: Black's d4 pawn may capture e.p.
    let pos = PieceEater::from_fen("4k3/8/8/8/3p4/8/3XP3/4K3[] w - - 0 1 -").unwrap();
    let mut outs: Vec<String> = pos
        .outcomes(pos.parse_move("e2e4,d2d3").unwrap())
        .iter()
        .map(|&m| pos.move_text(m))
        .collect();
    outs.sort();
    assert_eq!(outs, ["e2e4,d2c1", "e2e4,d2c2", "e2e4,d2c3", "e2e4,d2d3", "e2e4,d2e3"]);
    let on_skipped = after(&pos, "e2e4,d2e3");
    assert_eq!(on_skipped.fen(), "4k3/8/8/8/3pP3/4X3/8/4K3[] b - - 0 1 d2");
    assert!(on_skipped.parse_move("d4e3").is_err());
    let beside = after(&pos, "e2e4,d2d3");
    assert_eq!(beside.fen(), "4k3/8/8/8/3pP3/3X4/8/4K3[] b - e3 0 1 d2");
    let mut list = <PieceEater as Rules>::Moves::default();
    beside.legal_moves(&mut list);
    assert!(list.iter().any(|&m| beside.move_text(m).starts_with("d4e3")), "e.p. available");
    // The e.p. square is in the repetition key only where a pawn can use it.
    let no_ep = PieceEater::from_fen("4k3/8/8/8/3pP3/3X4/8/4K3[] b - - 0 1 d2").unwrap();
    assert_ne!(no_ep.hash(), beside.hash());
    let unusable = PieceEater::from_fen("4k3/8/8/8/4P3/3X4/8/4K3[] b - e3 0 1 d2").unwrap();
    let unusable_dash = PieceEater::from_fen("4k3/8/8/8/4P3/3X4/8/4K3[] b - - 0 1 d2").unwrap();
    assert_eq!(unusable.hash(), unusable_dash.hash());
}

/// PE-6: the PE entering a corner takes that rook's castling right for good.
/// PE g2: N(g2) = f1 g1 h1 f2 h2 f3 g3 h3; Z(e1) takes f1 f2 and Z(e8) f1 (across the edge).
#[test]
fn pe6_corner_step_cancels_castling() {
    let pos = PieceEater::from_fen("r3k2r/8/8/8/8/8/6X1/R3K2R[R] w KQkq - 0 1 -").unwrap();
    let mut outs: Vec<String> = pos
        .outcomes(pos.parse_move("a1b1,g2g3").unwrap())
        .iter()
        .map(|&m| pos.move_text(m))
        .collect();
    outs.sort();
    assert_eq!(
        outs,
        ["a1b1,g2f3", "a1b1,g2g1", "a1b1,g2g3", "a1b1,g2h1", "a1b1,g2h2", "a1b1,g2h3"]
    );
    let white_corner = after(&pos, "a1b1,g2h1");
    assert_eq!(white_corner.fen(), "r3k2r/8/8/8/8/8/8/1R2K2X[R] b kq - 0 1 g2");
    // Black's corner too: PE g7 steps to h8.
    let pos = PieceEater::from_fen("r3k2r/6X1/8/8/8/8/8/R3K2R[] b KQkq - 0 1 -").unwrap();
    let p = after(&pos, "a8b8,g7h8");
    assert_eq!(p.fen(), "1r2k2X/8/8/8/8/8/8/R3K2R[] w KQ - 0 2 g7");
    // A rook dropped on h1 later brings no right back (R@h1 lands next to the PE on h2, but
    // on pe-left: no forced eat).
    let q = after(&after(&white_corner, "a8a7,h1h2"), "R@h1,h2g3");
    assert_eq!(q.fen(), "4k2r/r7/8/8/8/6X1/8/1R2K2R[] b k - 2 2 h2");
}
