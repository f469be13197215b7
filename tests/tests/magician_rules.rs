//! Hand-derived `magician` positions (`../shared/rules/magician.md`): each expected depth-1
//! move list below is worked out by hand from the rule book, square by square, in the comment
//! above it. The fast generator must list exactly these moves; the slow reference generator is
//! asked too, as a second opinion.
//!
//! Reminders used throughout (§3): "AREA" of a square is its 5x5 box minus the centre (24
//! squares); the Magician captures on the 16 AREA squares that are not knight leaps (adjacent,
//! or exactly 2 away on a line), leaping over the middle square; her forms capture on all of
//! AREA. Quiet moves slide.

use menagerie_tests::reference::magician::RefMagician;
use movegen::rules::Rules;
use movegen::variants::magician::Magician;
use std::collections::BTreeSet;

fn pos(fen: &str) -> Magician {
    Magician::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// Asserts the legal moves of `fen` are exactly `expected` (fast and reference generators).
fn assert_moves(fen: &str, expected: &[&str]) {
    let want: BTreeSet<String> = expected.iter().map(ToString::to_string).collect();
    assert_eq!(want.len(), expected.len(), "duplicate in the expected list for {fen}");
    let p = pos(fen);
    let mut list = <Magician as Rules>::Moves::default();
    p.legal_moves(&mut list);
    let got: BTreeSet<String> = list.iter().map(|&m| p.move_text(m)).collect();
    assert_eq!(got, want, "fast generator at {fen}");
    assert_eq!(p.count_legal(), expected.len() as u64, "count at {fen}");
    let r = RefMagician::from_fen(fen).expect("reference parses");
    let got: BTreeSet<String> = r.moves().into_iter().map(|(t, _)| t).collect();
    assert_eq!(got, want, "reference generator at {fen}");
}

/// Asserts that playing `mv` in `fen` gives `after` (both generators).
fn assert_after(fen: &str, mv: &str, after: &str) {
    let p = pos(fen);
    let m = p.parse_move(mv).unwrap_or_else(|e| panic!("{fen}: {e}"));
    assert_eq!(p.play(m).fen(), after, "{mv} in {fen}");
    let r = RefMagician::from_fen(fen).unwrap();
    let (_, n) = r.moves().into_iter().find(|(t, _)| t == mv).expect("reference has the move");
    assert_eq!(n.fen(), after, "reference: {mv} in {fen}");
}

// ---------------------------------------------------------------------------------------------
// The five pieces (§3), each on an open board and with units on and behind the middle squares.
// White king h1 (moves g1 g2 h2 when nothing attacks them), Black king a8.

/// Magician on d4, open board. Quiet moves: the diagonals, 1 or 2 squares (mF mnA):
/// c3 b2, c5 b6, e3 f2, e5 f6. Nothing to capture. King h1: g1 g2 h2. 11 moves.
#[test]
fn magician_open_board() {
    assert_moves(
        "k7/8/8/8/3M4/8/8/7K w - - 0 1 -",
        &["d4c3", "d4b2", "d4c5", "d4b6", "d4e3", "d4f2", "d4e5", "d4f6", "h1g1", "h1g2", "h1h2"],
    );
}

/// Magician d4 with White pawn c3; Black: pawns d5 b4 f5, knights e5 b2, rook d6, bishop f6.
/// * Quiet (diagonal slides of 1-2): ne e5 is occupied (no quiet move there); nw c5 b6; se e3
///   f2; sw c3 is her own pawn (blocked, so no quiet b2).
/// * Captures (cK cA cD, leaping): d5 and e5 (adjacent); d6 over the black d5; f6 over the
///   black e5; b4 over the empty c4; b2 over her own c3. Not f5: a knight leap away.
/// * Pawn c3: c4, cxb4. King h1: g1 g2 h2 (Black's units reach none of them: Bf6 is stopped by
///   e5, Rd6 by d5, knights b2/e5 cover a4 c4 d1 d3 / c4 c6 d3 d7 f3 f7 g4 g6, pawns c4 e4 g4
///   a3 c3). 15 moves.
#[test]
fn magician_captures_and_blockers() {
    assert_moves(
        "k7/8/3r1b2/3pnp2/1p1M4/2P5/1n6/7K w - - 0 1 -",
        &[
            "d4c5", "d4b6", "d4e3", "d4f2", "d4d5", "d4e5", "d4d6", "d4f6", "d4b4", "d4b2", "c3c4",
            "c3b4", "h1g1", "h1g2", "h1h2",
        ],
    );
}

/// High-Priestess on d4, open board: 1 or 2 squares in all 8 directions (mK mnA mnD): 16
/// quiet moves; king 3. 19 moves.
#[test]
fn priestess_open_board() {
    assert_moves(
        "k7/8/8/8/3H4/8/8/7K w - - 0 1 -",
        &[
            "d4d5", "d4d6", "d4e5", "d4f6", "d4e4", "d4f4", "d4e3", "d4f2", "d4d3", "d4d2", "d4c3",
            "d4b2", "d4c4", "d4b4", "d4c5", "d4b6", "h1g1", "h1g2", "h1h2",
        ],
    );
}

/// High-Priestess d4 with White pawn e4; Black: pawns d5 b3, knight d6, rook f4, bishop e6.
/// * Quiet: n blocked by d5; ne e5 f6; e blocked by her own e4; se e3 f2; s d3 d2; sw c3 b2;
///   w c4 b4; nw c5 b6 (12). No quiet knight leaps (c2 stays unreachable).
/// * Captures on AREA: d5 (adjacent), d6 over d5, f4 over her own e4, knight leaps e6 and b3.
/// * Pawn e4: e5, exd5. King h1: g1 g2 h2 (Rf4 covers the f-file and g4 h4, Be6 f5 g4 h3, Nd6
///   b5 b7 c4 c8 e4 e8 f5 f7, pawns c4 e4 a2 c2). 22 moves.
#[test]
fn priestess_captures_and_blockers() {
    assert_moves(
        "k7/8/3nb3/3p4/3HPr2/1p6/8/7K w - - 0 1 -",
        &[
            "d4e5", "d4f6", "d4e3", "d4f2", "d4d3", "d4d2", "d4c3", "d4b2", "d4c4", "d4b4", "d4c5",
            "d4b6", "d4d5", "d4d6", "d4f4", "d4e6", "d4b3", "e4e5", "e4d5", "h1g1", "h1g2", "h1h2",
        ],
    );
}

/// Archbishop on d4, open board: bishop slides e5 f6 g7 h8, c5 b6 a7, e3 f2 g1, c3 b2 a1
/// (13) and orthogonal 1-2 slides d5 d6, e4 f4, d3 d2, c4 b4 (8); king 3. 24 moves.
#[test]
fn archbishop_open_board() {
    assert_moves(
        "k7/8/8/8/3A4/8/8/7K w - - 0 1 -",
        &[
            "d4e5", "d4f6", "d4g7", "d4h8", "d4c5", "d4b6", "d4a7", "d4e3", "d4f2", "d4g1", "d4c3",
            "d4b2", "d4a1", "d4d5", "d4d6", "d4e4", "d4f4", "d4d3", "d4d2", "d4c4", "d4b4", "h1g1",
            "h1g2", "h1h2",
        ],
    );
}

/// Archbishop d4 with White pawn c3; Black: pawns e5 d5 d7, knights f6 c2, rooks g7 d6,
/// bishop b2.
/// * Bishop slides: ne takes e5 and stops (g7 beyond f6 is out of reach); nw c5 b6 a7; se e3 f2
///   g1; sw blocked by her own c3.
/// * Orthogonal quiet 1-2: n blocked by d5; e4 f4; d3 d2; c4 b4.
/// * AREA captures: d5 (adjacent), d6 over d5, f6 over e5, b2 over her own c3, knight leap c2.
///   Not d7 (3 away on the file: she has no rook capture).
/// * Pawn c3: c4. King h1: only h2 (Rg7 covers g1 g2; Bb2 stops at c3, Nc2 covers a1 a3 b4 d4
///   e1 e3, Nf6 e4 g4 h5 h7 d5 d7 e8 g8, pawns d4 f4 c4 e4 c6 e6). 20 moves.
#[test]
fn archbishop_captures_and_blockers() {
    assert_moves(
        "k7/3p2r1/3r1n2/3pp3/3A4/2P5/1bn5/7K w - - 0 1 -",
        &[
            "d4e5", "d4c5", "d4b6", "d4a7", "d4e3", "d4f2", "d4g1", "d4e4", "d4f4", "d4d3", "d4d2",
            "d4c4", "d4b4", "d4d5", "d4d6", "d4f6", "d4b2", "d4c2", "c3c4", "h1h2",
        ],
    );
}

/// Chancellor on d4, open board: rook slides d5-d8, d3-d1, e4-h4, c4-a4 (14) and diagonal
/// 1-2 slides e5 f6, e3 f2, c3 b2, c5 b6 (8); king 3. 25 moves.
#[test]
fn chancellor_open_board() {
    assert_moves(
        "k7/8/8/8/3C4/8/8/7K w - - 0 1 -",
        &[
            "d4d5", "d4d6", "d4d7", "d4d8", "d4d3", "d4d2", "d4d1", "d4e4", "d4f4", "d4g4", "d4h4",
            "d4c4", "d4b4", "d4a4", "d4e5", "d4f6", "d4e3", "d4f2", "d4c3", "d4b2", "d4c5", "d4b6",
            "h1g1", "h1g2", "h1h2",
        ],
    );
}

/// Chancellor d4 with White pawn d5; Black: rooks d6 b6, pawns e4 c5 g4, bishop f4, knight e6.
/// * Rook slides: n blocked by her own d5; s d3 d2 d1; e takes e4 and stops; w c4 b4 a4.
/// * Diagonal quiet 1-2: e5 f6; e3 f2; c3 b2; nw blocked by c5.
/// * AREA captures: d6 over her own d5, f4 over e4, c5 (adjacent), b6 over c5, knight leap e6.
///   Not g4 (3 away, the slide stops at e4).
/// * Pawn d5: dxe6 (d6 is occupied). King h1: g1 g2; h2 is covered by Bf4 (f4-g3-h2). 21 moves.
#[test]
fn chancellor_captures_and_blockers() {
    assert_moves(
        "k7/8/1r1rn3/2pP4/3Cpbp1/8/8/7K w - - 0 1 -",
        &[
            "d4d3", "d4d2", "d4d1", "d4e4", "d4c4", "d4b4", "d4a4", "d4e5", "d4f6", "d4e3", "d4f2",
            "d4c3", "d4b2", "d4d6", "d4f4", "d4c5", "d4b6", "d4e6", "d5e6", "h1g1", "h1g2",
        ],
    );
}

/// Prime Minister on d4, open board: queen slides, 27 squares; king 3. 30 moves.
#[test]
fn minister_open_board() {
    assert_moves(
        "k7/8/8/8/3Y4/8/8/7K w - - 0 1 -",
        &[
            "d4d5", "d4d6", "d4d7", "d4d8", "d4d3", "d4d2", "d4d1", "d4e4", "d4f4", "d4g4", "d4h4",
            "d4c4", "d4b4", "d4a4", "d4e5", "d4f6", "d4g7", "d4h8", "d4c5", "d4b6", "d4a7", "d4e3",
            "d4f2", "d4g1", "d4c3", "d4b2", "d4a1", "h1g1", "h1g2", "h1h2",
        ],
    );
}

/// Prime Minister d4 with White pawn e5; Black: knights f6 e6, rooks g7 a4, pawns c4 f3,
/// bishops b4 d7.
/// * Queen slides: n d5 d6, takes d7; ne blocked by her own e5; e e4-h4; se e3 f2 g1; s d3-d1;
///   sw c3 b2 a1; w takes c4; nw c5 b6 a7.
/// * AREA captures: f6 over her own e5, b4 over c4, knight leaps e6 and f3. Not g7 or a4.
/// * Pawn e5: exf6 (e6 is occupied). King h1: only h2 (Rg7 covers g1 g2, f3 covers g2 too).
///   26 moves.
#[test]
fn minister_captures_and_blockers() {
    assert_moves(
        "k7/3b2r1/4nn2/4P3/rbpY4/5p2/8/7K w - - 0 1 -",
        &[
            "d4d5", "d4d6", "d4d7", "d4e4", "d4f4", "d4g4", "d4h4", "d4e3", "d4f2", "d4g1", "d4d3",
            "d4d2", "d4d1", "d4c3", "d4b2", "d4a1", "d4c4", "d4c5", "d4b6", "d4a7", "d4f6", "d4b4",
            "d4e6", "d4f3", "e5f6", "h1h2",
        ],
    );
}

// ---------------------------------------------------------------------------------------------
// Check and pins with the new pieces.

/// A check by a leap cannot be blocked. Black Archbishop c3 checks e1 by its (2,2) leap over
/// d2. White's Bf4 could reach d2, but that does not answer the check. King e1: d1 (knight
/// leap from c3), d2 (adjacent), e2 (knight leap) are covered; f1 and f2 are not (3 files
/// away, and the diagonal c3-d2-e1 ends at the edge). 2 moves.
#[test]
fn leaping_check_is_not_blockable() {
    assert_moves("4k3/8/8/8/5B2/2a5/8/4K3 w - - 0 1 -", &["e1f1", "e1f2"]);
}

/// A distant Archbishop checks by a bishop slide, which can be blocked. Black A a5 checks e1
/// along a5-b4-c3-d2-e1. White Nd1 blocks on c3 (its b2, e3, f2 squares do not help). King:
/// d2 lies on the line (covered), e2 f1 f2 are free. 4 moves.
#[test]
fn sliding_check_is_blockable() {
    assert_moves("4k3/8/8/a7/8/8/8/3NK3 w - - 0 1 -", &["d1c3", "e1e2", "e1f1", "e1f2"]);
}

/// Chancellor pins along a file: Black C e6, White Ne3, King e1. The knight cannot move.
/// King: d1 d2 e2 f1 f2 (e2 is shielded by the knight; C's AREA c4-g8 is far). 5 moves.
#[test]
fn chancellor_pins_on_a_file() {
    assert_moves("4k3/8/4c3/8/8/4N3/8/4K3 w - - 0 1 -", &["e1d1", "e1d2", "e1e2", "e1f1", "e1f2"]);
}

/// A High-Priestess has no long captures, so she pins nothing: Black H e4, White Ne3 and Ke1.
/// The knight moves freely (8 squares). King: d2 (knight leap from e4), e2 (2 away on the
/// file) and f2 (knight leap) are covered; d1 and f1 (3 ranks away) are free. 10 moves.
#[test]
fn priestess_does_not_pin() {
    assert_moves(
        "4k3/8/8/8/4h3/4N3/8/4K3 w - - 0 1 -",
        &["e3c2", "e3c4", "e3d1", "e3d5", "e3f1", "e3f5", "e3g2", "e3g4", "e1d1", "e1f1"],
    );
}

/// A pinned Magician may capture along the pin line (by her leap), nothing else: Black Rb1
/// pins White Md1 to Ke1. Her quiet moves c2 e2 are diagonal (off the line); she takes b1
/// over c1. King: d2 e2 f1 f2 (the rook's rank is shielded by the Magician). 5 moves.
#[test]
fn pinned_magician_captures_along_the_line() {
    assert_moves("4k3/8/8/8/8/8/8/1r1MK3 w - - 0 1 -", &["d1b1", "e1d2", "e1e2", "e1f1", "e1f2"]);
}

/// A pinned piece that leaps may not leap past its pinner: White He3 is pinned by Black Re4.
/// Her 2-step capture of e5 over the rook stays on the pin line but leaves the rook free to
/// take the king. She may step to e2 or take the rook. King: d1 d2 e2 f1 f2. 7 moves.
/// (Found by the random-play perft against the reference.)
#[test]
fn pinned_leaper_may_not_jump_the_pinner() {
    assert_moves(
        "4k3/8/8/4p3/4r3/4H3/8/4K3 w - - 0 1 -",
        &["e3e2", "e3e4", "e1d1", "e1d2", "e1e2", "e1f1", "e1f2"],
    );
}

/// ...nor leap over her own king: White Hd1 is pinned by Black Rh1 to Kc1; taking the knight
/// on b1 over the king would leave c1 on the rook's open rank. She may go to e1 or f1 (between
/// king and rook). King: b1 (the rook's rank is shielded), b2, c2; d2 is the knight's. 5 moves.
#[test]
fn pinned_leaper_may_not_jump_its_king() {
    assert_moves("4k3/8/8/8/8/8/8/1nKH3r w - - 0 1 -", &["d1e1", "d1f1", "c1b1", "c1b2", "c1c2"]);
}

/// Castling with a Magician-family attacker: Black H h3 covers f1 (2,2 leap) and g1 (knight
/// leap) and f2 (knight leap), so no O-O; O-O-O is fine (b1 c1 d1 free). King e1: d1 d2 e2.
/// Ra1: a2-a8, b1 c1 d1 (10). Rh1: h2, hxh3, g1, f1 (4). 18 moves.
#[test]
fn castling_through_a_leap_attack() {
    assert_moves(
        "4k3/8/8/8/8/7h/8/R3K2R w KQ - 0 1 -",
        &[
            "e1d1", "e1d2", "e1e2", "e1c1", "a1a2", "a1a3", "a1a4", "a1a5", "a1a6", "a1a7", "a1a8",
            "a1b1", "a1c1", "a1d1", "h1h2", "h1h3", "h1g1", "h1f1",
        ],
    );
}

// ---------------------------------------------------------------------------------------------
// The switch (§2, MG-1).

/// MG-1, judged from the position: White's Bd3 stands off c1/f1, so it has moved and may
/// switch; Bc1 stands on a start square and may not. King e1: d1 d2 e2 f1 f2 (5); Bc1: b2 a3
/// d2 e3 f4 g5 h6 (7); Bd3: c2 b1 e2 f1 c4 b5 a6 e4 f5 g6 h7 (11); switch d3d3m. 24 moves.
#[test]
fn switch_only_a_moved_bishop() {
    assert_moves(
        "4k3/8/8/8/8/3B4/8/2B1K3 w - - 0 1 Mm",
        &[
            "e1d1", "e1d2", "e1e2", "e1f1", "e1f2", "c1b2", "c1a3", "c1d2", "c1e3", "c1f4", "c1g5",
            "c1h6", "d3c2", "d3b1", "d3e2", "d3f1", "d3c4", "d3b5", "d3a6", "d3e4", "d3f5", "d3g6",
            "d3h7", "d3d3m",
        ],
    );
    assert_after(
        "4k3/8/8/8/8/3B4/8/2B1K3 w - - 0 1 Mm",
        "d3d3m",
        "4k3/8/8/8/8/3M4/8/2B1K3 b - - 1 1 m",
    );
}

/// MG-1 counts squares, not history: a White bishop on c8 (Black's start square) has moved;
/// White's Bf1 has not. King e1: d1 d2 e2 f2 (4); Bf1: e2 d3 c4 b5 a6 g2 h3 (7); Bc8: b7 a6 d7
/// e6 f5 g4 h3 (7); switch c8c8m. 19 moves. Without the flag (`m`) the switch is gone: 18.
#[test]
fn switch_judged_by_square() {
    let moves = [
        "e1d1", "e1d2", "e1e2", "e1f2", "f1e2", "f1d3", "f1c4", "f1b5", "f1a6", "f1g2", "f1h3",
        "c8b7", "c8a6", "c8d7", "c8e6", "c8f5", "c8g4", "c8h3",
    ];
    let mut with_switch = moves.to_vec();
    with_switch.push("c8c8m");
    assert_moves("2B1k3/8/8/8/8/8/8/4KB2 w - - 0 1 Mm", &with_switch);
    assert_moves("2B1k3/8/8/8/8/8/8/4KB2 w - - 0 1 m", &moves);
}

/// The switch may give check: after Be4 becomes the Magician, she checks Ke6 by her (0,2) leap
/// over e5. Black's answers (the leap cannot be blocked, so Ra5-e5 is no answer): Ra4xe4 along
/// the 4th rank, or king moves d6 d7 e7 f6 f7 (d5 e5 f5 are adjacent to the Magician; d6 and f6
/// are knight leaps away, which she does not capture). 6 moves.
#[test]
fn switch_giving_check() {
    let fen = "8/8/4k3/r7/r3B3/8/8/4K3 w - - 0 1 Mm";
    let after = "8/8/4k3/r7/r3M3/8/8/4K3 b - - 1 1 m";
    assert_after(fen, "e4e4m", after);
    assert!(pos(after).in_check());
    assert_moves(after, &["a4e4", "e6d6", "e6d7", "e6e7", "e6f6", "e6f7"]);
}

/// The switch changes no square's occupancy and no enemy unit, so it cannot answer a check:
/// with Ra1 checking Ke1 the moved Bd3 may only block on b1; the king goes to d2 e2 f2 (d1 and
/// f1 are on the rook's rank). No d3d3m. 4 moves.
#[test]
fn switch_illegal_in_check() {
    assert_moves("4k3/8/8/8/8/3B4/8/r3K3 w - - 0 1 Mm", &["d3b1", "e1d2", "e1e2", "e1f2"]);
}

/// ...and for the same reason a pinned bishop may switch: Bd1 (moved) is pinned by Ra1 and has
/// no move, but it may become the Magician, who still shields the king. King: d2 e2 f1 f2.
/// 5 moves.
#[test]
fn pinned_bishop_may_switch() {
    assert_moves("4k3/8/8/8/8/8/8/r2BK3 w - - 0 1 Mm", &["d1d1m", "e1d2", "e1e2", "e1f1", "e1f2"]);
}

/// Black's switch: a Black bishop on c1 (White's start square) has moved; one on f8 has not.
/// King e8: d8 d7 e7 f7 (4); Bf8: e7 d6 c5 b4 a3 g7 h6 (7); Bc1: b2 a3 d2 e3 f4 g5 h6 (7);
/// c1c1m. 19 moves.
#[test]
fn black_switch() {
    assert_moves(
        "4kb2/8/8/8/8/8/8/2b1K3 b - - 0 1 Mm",
        &[
            "e8d8", "e8d7", "e8e7", "e8f7", "f8e7", "f8d6", "f8c5", "f8b4", "f8a3", "f8g7", "f8h6",
            "c1b2", "c1a3", "c1d2", "c1e3", "c1f4", "c1g5", "c1h6", "c1c1m",
        ],
    );
    assert_after(
        "4kb2/8/8/8/8/8/8/2b1K3 b - - 0 1 Mm",
        "c1c1m",
        "4kb2/8/8/8/8/8/8/2m1K3 w - - 1 2 M",
    );
}

// ---------------------------------------------------------------------------------------------
// Promotion to the Magician (§2) and the instant-promotion table (§4).

/// Pawn b7 promotes on b8: Q R B N, and M while White's flag is set (5 choices); King e1: d1
/// d2 e2 f1 f2. Black's piece on h8 sets the Magician's form at once: queen -> Y, rook -> C,
/// bishop -> A, knight -> H, only a pawn (h7) -> she stays M. The `magician` flag is cleared.
#[test]
fn promotion_to_magician_table() {
    let moves =
        ["b7b8q", "b7b8r", "b7b8b", "b7b8n", "b7b8m", "e1d1", "e1d2", "e1e2", "e1f1", "e1f2"];
    for (black, form) in [("q", "Y"), ("r", "C"), ("b", "A"), ("n", "H")] {
        let fen = format!("7{black}/1P6/6k1/8/8/8/8/4K3 w - - 0 1 M");
        assert_moves(&fen, &moves);
        assert_after(&fen, "b7b8m", &format!("1{form}5{black}/8/6k1/8/8/8/8/4K3 b - - 0 1 -"));
        // The final form's letter names the same move (XBoard sends it).
        let p = pos(&fen);
        let alias = format!("b7b8{}", form.to_ascii_lowercase());
        assert_eq!(p.parse_move(&alias), p.parse_move("b7b8m"), "{fen}");
        assert!(p.parse_move("b7b8y").is_ok() == (form == "Y"), "{fen}");
    }
    let fen = "8/1P5p/6k1/8/8/8/8/4K3 w - - 0 1 M";
    assert_moves(fen, &moves);
    assert_after(fen, "b7b8m", "1M6/7p/6k1/8/8/8/8/4K3 b - - 0 1 -");
    // Without the flag there is no fifth choice.
    let no_flag = &moves[..4].iter().chain(&moves[5..]).copied().collect::<Vec<_>>();
    assert_moves("7q/1P6/6k1/8/8/8/8/4K3 w - - 0 1 m", no_flag);
}

/// The table is read after the move: b7xa8=M takes Black's only queen, so the strongest piece
/// left is the rook on h8 and she becomes a Chancellor; b7-b8=M (the queen stays) gives a Prime
/// Minister.
#[test]
fn promotion_capture_changes_the_form() {
    let fen = "q6r/1P6/6k1/8/8/8/8/4K3 w - - 0 1 M";
    assert_after(fen, "b7a8m", "C6r/8/6k1/8/8/8/8/4K3 b - - 0 1 -");
    assert_after(fen, "b7b8m", "qY5r/8/6k1/8/8/8/8/4K3 b - - 0 1 -");
}

// ---------------------------------------------------------------------------------------------
// The 6th-rank trigger (§4, MG-2).

/// White Md2, pawn e5, King e1; Black's piece on h8. Moves: King d1 e2 f1 f2 (d2 is the
/// Magician; Black's h8 piece reaches no king square: a queen's h8-a1 diagonal stops at e5);
/// Magician c1 e3 f4 c3 b4 (e1 is her king); e5-e6. 10 moves. After e5-e6 the Magician takes
/// the form the h8 piece gives: Q -> Y, R -> C, B -> A, N -> H, and a pawn (h7) leaves her a
/// Magician.
#[test]
fn sixth_rank_trigger_table() {
    let moves = ["e1d1", "e1e2", "e1f1", "e1f2", "d2c1", "d2e3", "d2f4", "d2c3", "d2b4", "e5e6"];
    for (black, form) in [("7q/8", "Y"), ("7r/8", "C"), ("7b/8", "A"), ("7n/8", "H"), ("8/7p", "M")]
    {
        let fen = format!("{black}/6k1/4P3/8/8/3M4/4K3 w - - 0 1 -");
        assert_moves(&fen, &moves);
        assert_after(&fen, "e5e6", &format!("{black}/4P1k1/8/8/8/3{form}4/4K3 b - - 0 1 -"));
    }
}

/// A capture on the 6th rank that changes the strongest piece: Black has Qd6 and Rf6. e5xd6
/// takes the queen, so the rook decides: Chancellor. e5xf6 takes the rook, the queen decides:
/// Prime Minister; so does e5-e6. Moves: King d1 e2 (Rf6 covers f1 f2; the queen's d-file is
/// shielded by the Magician); Magician c1 e3 f4 c3 b4; pawn e6, exd6, exf6. 10 moves.
#[test]
fn sixth_rank_capture_changes_the_form() {
    let fen = "4k3/8/3q1r2/4P3/8/8/3M4/4K3 w - - 0 1 -";
    assert_moves(
        fen,
        &["e1d1", "e1e2", "d2c1", "d2e3", "d2f4", "d2c3", "d2b4", "e5e6", "e5d6", "e5f6"],
    );
    assert_after(fen, "e5d6", "4k3/8/3P1r2/8/8/8/3C4/4K3 b - - 0 1 -");
    assert_after(fen, "e5f6", "4k3/8/3q1P2/8/8/8/3Y4/4K3 b - - 0 1 -");
    assert_after(fen, "e5e6", "4k3/8/3qPr2/8/8/8/3Y4/4K3 b - - 0 1 -");
}

/// En passant always lands on the capturer's 6th rank. White: e5xd6 e.p. with Black's rook the
/// strongest piece makes the Magician a Chancellor. Moves: King d1 e2 f1 f2; Magician c1 e3 f4
/// c3 b4; e6, exd6 e.p. 11 moves.
#[test]
fn en_passant_on_the_sixth_rank() {
    let fen = "4k2r/8/8/3pP3/8/8/3M4/4K3 w - d6 0 2 -";
    assert_moves(
        fen,
        &["e1d1", "e1e2", "e1f1", "e1f2", "d2c1", "d2e3", "d2f4", "d2c3", "d2b4", "e5e6", "e5d6"],
    );
    assert_after(fen, "e5d6", "4k2r/8/3P4/8/8/8/3C4/4K3 b - - 0 2 -");
}

/// Black's 6th rank is rank 3: e4xd3 e.p. with White's rook the strongest piece makes Black's
/// Magician a Chancellor. Moves: King d8 e7 f7 f8; Magician c8 e6 f5 c6 b5 (e8 is her king);
/// e3, exd3 e.p. 11 moves.
#[test]
fn black_en_passant_on_its_sixth_rank() {
    let fen = "4k3/3m4/8/8/3Pp3/8/8/R3K3 b - d3 0 1 -";
    assert_moves(
        fen,
        &["e8d8", "e8e7", "e8f7", "e8f8", "d7c8", "d7e6", "d7f5", "d7c6", "d7b5", "e4e3", "e4d3"],
    );
    assert_after(fen, "e4d3", "4k3/3c4/8/8/8/3p4/8/R3K3 w - - 0 2 -");
}

/// MG-2: with only pawns against her, a 6th-rank arrival leaves the Magician unpromoted; a later
/// arrival tries again. 1. e6 (she stays M) ...g1=N 2. c6: Black's strongest piece is now the
/// knight, so she becomes a High-Priestess.
#[test]
fn pawns_only_then_retry() {
    let mut p = pos("6k1/8/8/2P1P3/8/8/3M2p1/K7 w - - 0 1 -");
    for (mv, fen) in [
        ("e5e6", "6k1/8/4P3/2P5/8/8/3M2p1/K7 b - - 0 1 -"),
        ("g2g1n", "6k1/8/4P3/2P5/8/8/3M4/K5n1 w - - 0 2 -"),
        ("c5c6", "6k1/8/2P1P3/8/8/8/3H4/K5n1 b - - 0 2 -"),
    ] {
        let before = p.fen();
        let m = p.parse_move(mv).unwrap_or_else(|e| panic!("{e}"));
        p = p.play(m);
        assert_eq!(p.fen(), fen);
        let r = RefMagician::from_fen(&before).unwrap();
        assert!(r.moves().iter().any(|(t, n)| t == mv && n.fen() == fen), "reference {mv}");
    }
}

/// Promoted forms never change again, the opponent's Magician family does not count as an
/// orthodox piece, and only a pawn that ends its move on the 6th rank triggers (the switch does
/// not, nor does a pawn leaving the 6th rank).
#[test]
fn forms_are_final_and_only_arrivals_count() {
    // A High-Priestess stays one although Black has a queen.
    assert_after(
        "7q/8/6k1/4P3/8/8/3H4/4K3 w - - 0 1 -",
        "e5e6",
        "7q/8/4P1k1/8/8/8/3H4/4K3 b - - 0 1 -",
    );
    // Black's only piece is its own Magician: not orthodox, so White's Magician stays.
    assert_after(
        "m3k3/8/8/4P3/8/8/3M4/4K3 w - - 0 1 -",
        "e5e6",
        "m3k3/8/4P3/8/8/8/3M4/4K3 b - - 0 1 -",
    );
    // A pawn already on the 6th rank when she is switched in does not count, and moving it on
    // to the 7th does not either.
    let fen = "r3k3/8/4P3/8/2B5/8/8/4K3 w - - 0 1 Mm";
    assert_after(fen, "c4c4m", "r3k3/8/4P3/8/2M5/8/8/4K3 b - - 1 1 m");
    assert_after(
        "r3k3/8/4P3/8/2M5/8/8/4K3 w - - 0 1 m",
        "e6e7",
        "r3k3/4P3/8/8/2M5/8/8/4K3 b - - 0 1 m",
    );
}

/// The SAN of a move that changes a Magician's form elsewhere carries the change as an
/// annotation; in a PGN movetext (`Rules::pgn_san`) the annotation is a comment, since bare
/// parentheses would open a variation.
#[test]
fn pgn_san_keeps_the_annotation_in_a_comment() {
    // e5e6 promotes the d3 Magician to a Prime Minister (Black has a queen).
    let p = Magician::from_fen("3qk3/p7/8/4P3/8/3M4/8/4K3 w - - 0 1 -").unwrap();
    let m = p.parse_move("e5e6").unwrap();
    assert_eq!(p.move_san(m), "e6 (M = Y)");
    assert_eq!(p.pgn_san(m), "e6 {M = Y}");
}
