//! One hand-derived position per ruling and per special move of 8-Piece Chess
//! (`../shared/rules/eightpiece.md`). Each expected move list was worked out by hand from the
//! rule text (the derivation is in the comment above it) and is checked against both the fast
//! generator and the slow reference generator.

use menagerie_tests::reference::eightpiece::RefEight;
use movegen::rules::{Rules, VariantId};
use movegen::variants::eightpiece::{EightPiece, START_FEN};
use std::collections::BTreeSet;

fn load(fen: &str) -> EightPiece {
    EightPiece::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn fast_moves(pos: &EightPiece) -> BTreeSet<String> {
    let mut l = <EightPiece as Rules>::Moves::default();
    pos.legal_moves(&mut l);
    let set: BTreeSet<String> = l.iter().map(|&m| pos.move_text(m)).collect();
    assert_eq!(set.len(), l.len(), "duplicate texts at {}", pos.fen());
    set
}

fn ref_moves(fen: &str) -> BTreeSet<String> {
    RefEight::from_fen(fen).expect("reference parses").moves().into_iter().map(|m| m.0).collect()
}

fn set(moves: &[&str]) -> BTreeSet<String> {
    let s: BTreeSet<String> = moves.iter().map(ToString::to_string).collect();
    assert_eq!(s.len(), moves.len(), "expected list has duplicates");
    s
}

/// The legal moves of `fen` are exactly `expected` (fast and reference).
fn exactly(fen: &str, expected: &[&str]) {
    let want = set(expected);
    let pos = load(fen);
    assert_eq!(fast_moves(&pos), want, "fast generator at {fen}");
    assert_eq!(ref_moves(&pos.fen()), want, "reference generator at {fen}");
}

/// The legal moves of `fen` that satisfy `filter` are exactly `expected`.
fn exactly_where(fen: &str, filter: impl Fn(&str) -> bool, expected: &[&str]) {
    let want = set(expected);
    let pos = load(fen);
    let fast: BTreeSet<String> = fast_moves(&pos).into_iter().filter(|m| filter(m)).collect();
    let slow: BTreeSet<String> = ref_moves(&pos.fen()).into_iter().filter(|m| filter(m)).collect();
    assert_eq!(fast, want, "fast generator at {fen}");
    assert_eq!(slow, want, "reference generator at {fen}");
}

fn is_push(m: &str) -> bool {
    m.contains(',')
}

/// The position after playing `text` from `fen` (checked against the reference's FEN).
fn after(fen: &str, text: &str) -> EightPiece {
    let pos = load(fen);
    let m = pos.parse_move(text).unwrap_or_else(|e| panic!("{e} at {fen}"));
    let next = pos.play(m);
    let r = RefEight::from_fen(&pos.fen()).unwrap();
    let (_, rn) = r.moves().into_iter().find(|(t, _)| t == text).expect("reference has the move");
    assert_eq!(rn.fen(), next.fen(), "resulting FEN of {text}");
    next
}

/// §1: the start position. White: 8 pawns x 2 (single and double steps) = 16; knight g1 to f3,
/// h3 = 2; the lancer b1 faces ne: it passes over its own c2 pawn and may stop on d3, e4, f5,
/// g6 (8 facings each, 8P-8) or capture h7 (an edge square: facings n, s, sw, w, nw = 5) =
/// 37; jailer, sentry, queen, king, bishop are blocked. 16 + 2 + 37 = 55.
#[test]
fn start_position() {
    let mut want: Vec<String> = Vec::new();
    for f in "abcdefgh".chars() {
        want.push(format!("{f}2{f}3"));
        want.push(format!("{f}2{f}4"));
    }
    want.push("g1f3".into());
    want.push("g1h3".into());
    for to in ["d3", "e4", "f5", "g6"] {
        for face in ["n", "e", "se", "s", "sw", "w", "nw"] {
            want.push(format!("b1{to}={face}"));
        }
        want.push(format!("b1{to}"));
    }
    for face in ["n", "s", "sw", "w", "nw"] {
        want.push(format!("b1h7={face}"));
    }
    let w: Vec<&str> = want.iter().map(String::as_str).collect();
    exactly(START_FEN, &w);
    assert_eq!(w.len(), 55);
}

/// §3 and 8P-1: a held unit attacks nothing but still blocks.
/// White Kc3, Je4; Black Ke8, Qd4. The queen is held (d4 is next to the jailer e4), so the king
/// may step next to it or take it: c3 -> b2 b3 b4 c2 c4 d2 d3 d4 (8). Every jailer move (e5
/// e6 e7, e3 e2 e1, f4 g4 h4; d4 is occupied and a jailer never captures) releases the queen,
/// which then attacks c3: all 9 illegal.
#[test]
fn held_units_attack_nothing() {
    exactly(
        "4k3/8/8/8/3qJ3/2K5/8/8 w - - 0 1",
        &["c3b2", "c3b3", "c3b4", "c3c2", "c3c4", "c3d2", "c3d3", "c3d4"],
    );
    // Held but still blocking: Black Rd8 behind the held queen d4 on the d-file does not check
    // White's Kd1. King: c1 c2 d2 e1 e2 (5); the jailer's 9 moves all release the queen, which
    // would check along the d-file.
    exactly("3rk3/8/8/8/3qJ3/8/8/3K4 w - - 0 1", &["d1c1", "d1c2", "d1d2", "d1e1", "d1e2"]);
    // Without the jailer the queen attacks d1, d2 (file) and f2 (diagonal): only e2 and f1.
    exactly("4k3/8/8/8/3q4/8/8/4K3 w - - 0 1", &["e1e2", "e1f1"]);
}

/// §4 and 8P-2: the King's pass. White's king e1 is held by Black's jailer e2 and not in check:
/// the pass is its only move (without it, stalemate).
#[test]
fn pass_when_held() {
    exactly("4k3/8/8/8/8/8/4j3/4K3 w - - 0 1", &["0000"]);
    // Held and in check (rook a1 along the first rank): no pass (8P-2), no move: checkmate.
    let mated = load("4k3/8/8/8/8/8/4j3/r3K3 w - - 0 1");
    exactly("4k3/8/8/8/8/8/4j3/r3K3 w - - 0 1", &[]);
    assert!(mated.is_checkmate());
    // K + J mate (§4): Black's Ke8 is held by Je7, so it attacks nothing and White's Kd7 may
    // stand next to it, giving check. Black: no king move, no pass in check -> mate.
    let p = load("4k3/3KJ3/8/8/8/8/8/8 b - - 0 1");
    exactly("4k3/3KJ3/8/8/8/8/8/8 b - - 0 1", &[]);
    assert!(p.is_checkmate());
    let legal: Vec<movegen::Move> = Vec::new();
    assert_eq!(p.end_by_rule(&legal).map(|e| e.reason), Some(movegen::EndReason::Checkmate));
    // Same, White's king not adjacent: Black is held but not in check, and passes.
    exactly("4k3/4J3/2K5/8/8/8/8/8 b - - 0 1", &["0000"]);
    // The pass is an ordinary move: clocks advance, nothing else changes but the side.
    let n = after("4k3/4J3/2K5/8/8/8/8/8 b - - 7 9", "0000");
    assert_eq!(n.fen(), "4k3/4J3/2K5/8/8/8/8/8 w - - 8 10 -");
}

/// §5 and 8P-3: a pawn on its own 1st rank (pushed there) may step two squares, and that
/// double step allows en passant. White Kh1, Pd1; Black Kh8, Pe3. White: d1d2, d1d3 (d2 and
/// d3 empty); king g1 g2 h2 (nothing attacks them: the e3 pawn attacks d2 and f2) = 5.
#[test]
fn double_step_from_first_rank_and_en_passant() {
    let fen = "7k/8/8/8/8/4p3/8/3P3K w - - 0 1";
    exactly(fen, &["d1d2", "d1d3", "h1g1", "h1g2", "h1h2"]);
    let n = after(fen, "d1d3");
    assert_eq!(n.fen(), "7k/8/8/8/8/3Pp3/8/7K b - d2 0 1 -");
    // Black: king g8 g7 h7; pawn e3: e2, or e.p. onto d2 (the skipped square) = 5.
    exactly(&n.fen(), &["h8g8", "h8g7", "h8h7", "e3e2", "e3d2"]);
    let n2 = after(&n.fen(), "e3d2");
    assert_eq!(n2.fen(), "7k/8/8/8/8/8/3p4/7K w - - 0 2 -");
    // A black pawn on its own first rank (rank 8) double-steps too.
    exactly("4p2k/8/8/8/8/8/8/K7 b - - 0 1", &["e8e7", "e8e6", "h8g8", "h8g7", "h8h7"]);
}

/// §5: promotion to Q R B N J S, and to a lancer with each facing that has a square in front
/// (8P-8: from e8 the facings e se s sw w). White Ka1 (a2 b1 b2) + 11 promotions = 14.
#[test]
fn promotions() {
    exactly(
        "8/4P3/8/8/8/8/8/K6k w - - 0 1",
        &[
            "a1a2", "a1b1", "a1b2", "e7e8q", "e7e8r", "e7e8b", "e7e8n", "e7e8j", "e7e8s",
            "e7e8l=e", "e7e8l=se", "e7e8l=s", "e7e8l=sw", "e7e8l=w",
        ],
    );
    // A jailer promoted next to the enemy king holds it at once (§3): taking the rook d8, the
    // new jailer holds the king c8, and Black (nothing else left) can only pass.
    let n = after("2kr4/4P3/8/8/8/8/8/K7 w - - 0 1", "e7d8j");
    assert_eq!(n.fen(), "2kJ4/8/8/8/8/8/8/K7 b - - 0 1 -");
    exactly(&n.fen(), &["0000"]);
}

/// §6.2 pawn row and 8P-5, after the seed's `S-e7Pxf8`. White Ke1, Sc5; Black Kh8, Bf8, Pe7.
/// The pawn e7 moves as a white pawn: e8 (no promotion), or takes its own bishop f8.
/// King e1: d1 d2 e2 f1 f2 (5); sentry c5 slides b6 a7 d6 b4 a3 d4 e3 f2 g1 (9) and pushes
/// the pawn to e8 or f8 (2) = 16.
#[test]
fn push_pawn() {
    let fen = "5b1k/4p3/8/2S5/8/8/8/4K3 w - - 0 1";
    exactly(
        fen,
        &[
            "e1d1",
            "e1d2",
            "e1e2",
            "e1f1",
            "e1f2",
            "c5b6",
            "c5a7",
            "c5d6",
            "c5b4",
            "c5a3",
            "c5d4",
            "c5e3",
            "c5f2",
            "c5g1",
            "c5e7,e7e8",
            "c5e7,e7f8",
        ],
    );
    // The pawn stays a black pawn on e8 (8P-5: no promotion in a push).
    assert_eq!(after(fen, "c5e7,e7e8").fen(), "4pb1k/4S3/8/8/8/8/8/4K3 b - - 0 1 e7e8");
    let n = after(fen, "c5e7,e7f8");
    assert_eq!(n.fen(), "5p1k/4S3/8/8/8/8/8/4K3 b - - 0 1 e7f8");
    // Black: king g8 g7 h7 (the sentry e7 reaches only the pawn f8, which pushed north has
    // nowhere to go); the pawn f8 (its own 1st rank) steps f7, double-steps f6, or takes the
    // sentry at once (§6.3: pawns are exempt from the no-going-back ban) = 6.
    exactly(&n.fen(), &["h8g8", "h8g7", "h8h7", "f8f7", "f8f6", "f8e7"]);
}

/// 8P-5: no double step, e.p. or promotion in a push.
#[test]
fn push_is_plain_movement() {
    // White Kh1, Sd1; Black Kh8, Pe2. The pawn moves as a white pawn from e2 (White's 2nd
    // rank) but only one step: e3. King g1 g2 h2 (3), sentry c2 b3 a4 (3), push (1) = 7.
    exactly(
        "7k/8/8/8/8/8/4p3/3S3K w - - 0 1",
        &["h1g1", "h1g2", "h1h2", "d1c2", "d1b3", "d1a4", "d1e2,e2e3"],
    );
    // Black has just double-stepped d7d5 (e.p. square d6). The black pawn e5 pushed by the
    // sentry g3 steps to e6; it may not take d5 "en passant" onto d6.
    exactly_where("7k/8/8/3pp3/8/6S1/8/7K w - d6 0 1", is_push, &["g3e5,e5e6"]);
}

/// §6.2 king row: a pushed king steps one square, may be pushed into check, and may not be
/// pushed next to the pusher's king. White Kc3, Rh1, Sd5; Black Ka2. The sentry reaches a2
/// over c4 b3; the king may go to a1 a3 b1 b2 b3; b2 and b3 touch White's king (illegal).
#[test]
fn push_king() {
    let fen = "8/8/8/3S4/8/2K5/k7/7R w - - 0 1";
    exactly_where(fen, is_push, &["d5a2,a2a1", "d5a2,a2a3", "d5a2,a2b1"]);
    // The seed's mate: pushed into the rook's check on a1, the king may not go back to a2
    // (§6.3, where the sentry now stands), b1 is on the rook's rank, b2 next to White's king.
    let n = after(fen, "d5a2,a2a1");
    assert_eq!(n.fen(), "8/8/8/8/8/2K5/S7/k6R b - - 1 1 a2a1");
    assert!(n.is_check());
    exactly(&n.fen(), &[]);
    assert!(n.is_checkmate());
}

/// §6.2: a pushed jailer slides like a rook to empty squares only; a pushed sentry like a
/// bishop to empty squares only (the pusher's start square counts as empty).
#[test]
fn push_jailer_and_sentry() {
    // Jailer e3 (pushed by Sd2): north e4 e5 (Black's e6 pawn stops it: no capture), south
    // e2 e1, east f3 (White's g3 pawn: no capture), west d3 c3 b3 a3 = 9.
    exactly_where(
        "k7/8/4p3/8/8/4j1P1/3S4/7K w - - 0 1",
        is_push,
        &[
            "d2e3,e3e4",
            "d2e3,e3e5",
            "d2e3,e3e2",
            "d2e3,e3e1",
            "d2e3,e3f3",
            "d2e3,e3d3",
            "d2e3,e3c3",
            "d2e3,e3b3",
            "d2e3,e3a3",
        ],
    );
    // Sentry e3 (pushed by Sd2): f4 (g5 is Black's own pawn), f2 g1, d2 (vacated by the
    // pusher) c1; d4 holds a white pawn (no capture, no push) = 5.
    exactly_where(
        "k7/8/8/6p1/3P4/4s3/3S4/7K w - - 0 1",
        is_push,
        &["d2e3,e3f4", "d2e3,e3f2", "d2e3,e3g1", "d2e3,e3d2", "d2e3,e3c1"],
    );
}

/// §6.2 lancer row, 8P-7, 8P-10, README "Perft" merge. White Ke1, Nb1, Sg2; Black Kh8,
/// Lh1 facing w, which checks the king (it passes nothing: f1 g1 empty, e1 the first white
/// unit). Pushed along its facing, the lancer passes over White's units (as a white unit) and
/// stops before the first black unit (none): g1 f1 d1 c1 a1. On g1 or f1 it still faces e1:
/// illegal. On d1, c1, a1 the king e1 lies behind it on a banned square (§6.3: it passed over
/// e1), so even 8P-10 does not reach it: legal. Nudges (8P-7): h2 (facing n), g2 (the
/// sentry's vacated square, facing nw); g1 is the facing step (the same move as the forward
/// push, listed once). From h2 / g2 nothing reaches e1: legal.
/// Other moves: the king steps off the first rank to d2 e2 f2 (d1, f1 stay on the lancer's
/// line); the sentry blocks on f1; the knight cannot help. Total 9.
#[test]
fn push_lancer_forward_and_nudge() {
    let fen = "7k/8/8/8/8/8/6S1/1N2K2l(w) w - - 0 1";
    exactly(
        fen,
        &[
            "e1d2",
            "e1e2",
            "e1f2",
            "g2f1",
            "g2h1,h1d1",
            "g2h1,h1c1",
            "g2h1,h1a1",
            "g2h1,h1h2",
            "g2h1,h1g2",
        ],
    );
    assert_eq!(after(fen, "g2h1,h1h2").fen(), "7k/8/8/8/8/8/7l(n)/1N2K2S b - - 1 1 h1h2");
    // After the push to c1 (push field h1c1), Black's lancer faces w: a normal move takes the
    // knight b1 (facings n ne e w nw: b1 is on the edge); Turn-then-Move (§7.2) in the other
    // directions: n c2..c8 (7), ne d2 e3 f4 g5 h6 (5), nw b2 a3 (2); east d1 and e1 are banned
    // (it passed over them), south is off the board. King h8: g8 g7 h7. Total 5 + 14 + 3 = 22.
    let n = after(fen, "g2h1,h1c1");
    assert_eq!(n.fen(), "7k/8/8/8/8/8/8/1Nl(w)1K2S b - - 1 1 h1c1");
    exactly(
        &n.fen(),
        &[
            "c1b1=n", "c1b1=ne", "c1b1=e", "c1b1", "c1b1=nw", "c1c2", "c1c3", "c1c4", "c1c5",
            "c1c6", "c1c7", "c1c8", "c1d2", "c1e3", "c1f4", "c1g5", "c1h6", "c1b2", "c1a3", "h8g8",
            "h8g7", "h8h7",
        ],
    );
}

/// 8P-10: a push that lets the pushed lancer take the pusher's king by Turn-then-Move is
/// illegal. White Ke1, Sb4; Black Kh8, Lc5 facing n. Pushes: forward c6 c7 c8 (c6 is also the
/// nudge north: one move), nudges b6 b5 d6 d5 d4 c4 and b4 (the sentry's vacated square,
/// facing sw). From b4 the lancer would see e1 along the diagonal c3 d2 (not its facing, but
/// 8P-10 counts every direction): illegal. None of the other squares is on a line with e1.
#[test]
fn pushed_lancer_turn_then_move_attacks() {
    exactly_where(
        "7k/8/8/2l(n)5/1S6/8/8/4K3 w - - 0 1",
        is_push,
        &[
            "b4c5,c5c6",
            "b4c5,c5c7",
            "b4c5,c5c8",
            "b4c5,c5b6",
            "b4c5,c5b5",
            "b4c5,c5d6",
            "b4c5,c5d5",
            "b4c5,c5d4",
            "b4c5,c5c4",
        ],
    );
}

/// 8P-4: a unit held by the pusher's jailer can be pushed, and its hold does not restrict the
/// push. White Kh1, Jd4, Sb3; Black Kh8, Nd5 (held by d4). The knight goes to b4 b6 c3 c7 e3
/// e7 f4 f6 (8), none attacking h1.
#[test]
fn push_held_unit() {
    exactly_where(
        "7k/8/8/3n4/3J4/1S6/8/7K w - - 0 1",
        is_push,
        &[
            "b3d5,d5b4",
            "b3d5,d5b6",
            "b3d5,d5c3",
            "b3d5,d5c7",
            "b3d5,d5e3",
            "b3d5,d5e7",
            "b3d5,d5f4",
            "b3d5,d5f6",
        ],
    );
    // A held sentry cannot move, so cannot push (Black's jailer f3 holds the sentry f2, which
    // would otherwise push g3). White: king a1 -> a2 b1 b2 only.
    exactly("7k/8/8/8/8/5jp1/5S2/K7 w - - 0 1", &["a1a2", "a1b1", "a1b2"]);
}

/// 8P-6: being pushed counts as moving. White Ke1, Sc6; Black Ja8, Ke8, Rh8 with rights kq.
/// The sentry pushes the king (over d7) to d8 f8 d7 e7 f7, or the jailer (over b7) to a7..a1
/// (7) and b8 c8 d8 (3) = 15 pushes. A pushed king loses both rights, a pushed jailer its own.
#[test]
fn pushed_units_lose_castling_rights() {
    let fen = "j3k2r/8/2S5/8/8/8/8/4K3 w kq - 0 1";
    let mut want = vec!["c6e8,e8d8", "c6e8,e8f8", "c6e8,e8d7", "c6e8,e8e7", "c6e8,e8f7"];
    let jailer = [
        "c6a8,a8a7",
        "c6a8,a8a6",
        "c6a8,a8a5",
        "c6a8,a8a4",
        "c6a8,a8a3",
        "c6a8,a8a2",
        "c6a8,a8a1",
        "c6a8,a8b8",
        "c6a8,a8c8",
        "c6a8,a8d8",
    ];
    want.extend(jailer);
    exactly_where(fen, is_push, &want);
    assert_eq!(after(fen, "c6e8,e8d8").fen(), "j2kS2r/8/8/8/8/8/8/4K3 b - - 1 1 e8d8");
    assert_eq!(after(fen, "c6a8,a8a5").fen(), "S3k2r/8/8/j7/8/8/8/4K3 b k - 1 1 a8a5");
}

/// §6.3: no going back. A pushed knight may not take the sentry on the square it was pushed
/// from. Black Ke8, Ne5 (pushed d3 -> e5; White's sentry now on d3), White Ke1.
/// King d8 d7 e7 f7 f8 (the sentry d3 reaches no black unit); knight c4 c6 d7 f3 f7 g4 g6,
/// not d3 = 12.
#[test]
fn no_going_back() {
    exactly(
        "4k3/8/8/4n3/8/3S4/8/4K3 b - - 0 1 d3e5",
        &[
            "e8d8", "e8d7", "e8e7", "e8f7", "e8f8", "e5c4", "e5c6", "e5d7", "e5f3", "e5f7", "e5g4",
            "e5g6",
        ],
    );
    // Without the push field the capture is there.
    assert!(fast_moves(&load("4k3/8/8/4n3/8/3S4/8/4K3 b - - 0 1 -")).contains("e5d3"));
    // A bishop pushed c3 -> f6 may not go back over e5, d4 or take on c3: g7 h8 e7 d8 g5 h4,
    // and king a8 -> a7 b7 b8 = 9.
    exactly(
        "k7/8/5b2/8/8/2S5/8/7K b - - 0 1 c3f6",
        &["a8a7", "a8b7", "a8b8", "f6g7", "f6h8", "f6e7", "f6d8", "f6g5", "f6h4"],
    );
    // A sentry pushed d4 -> f6 may not slide back to e5 nor push the sentry on d4: g7 h8 e7 d8
    // g5 h4, and king a8 -> a7 b7 b8 = 9.
    exactly(
        "k7/8/5s2/8/3S4/8/8/7K b - - 0 1 d4f6",
        &["a8a7", "a8b7", "a8b8", "f6g7", "f6h8", "f6e7", "f6d8", "f6g5", "f6h4"],
    );
}

/// §6.4: attacks through pushes. Black's sentry b5 reaches White's knight d3 (over c4); that
/// knight, pushed, could take on e1: White is in check. King: d1 d2 e2 f1 (f2 is a knight
/// move from d3: attacked); the knight may leave the diagonal to b2 b4 c1 c5 e5 f4 f2 (the
/// sentry then reaches nothing) = 11.
#[test]
fn check_through_a_push() {
    let fen = "4k3/8/8/1s6/8/3N4/8/4K3 w - - 0 1";
    assert!(load(fen).is_check());
    exactly(
        fen,
        &["e1d1", "e1d2", "e1e2", "e1f1", "d3b2", "d3b4", "d3c1", "d3c5", "d3e5", "d3f4", "d3f2"],
    );
}

/// §6.2 (the seed's last sentry diagram): a sentry is not pinned by a piece it can push.
/// Black Ke8, Se7; White Qe5 (pinning the sentry on the e-file), Bf6, Ka1. The sentry may push
/// the bishop f6 to take the queen e5, or onto e7 (blocking the file); every other push or
/// slide leaves the e-file open. King: d8 d7 f7 f8 (the bishop's diagonal to d8 is blocked by
/// the sentry) = 6.
#[test]
fn sentry_not_pinned_by_pushable_unit() {
    exactly(
        "4k3/4s3/5B2/4Q3/8/8/8/K7 b - - 0 1",
        &["e8d8", "e8d7", "e8f7", "e8f8", "e7f6,f6e5", "e7f6,f6e7"],
    );
}

/// §8 castling, standard squares. White Ja1, Ke1, Rh1; Black Ja8, Ke8, Rh8, all rights.
/// King d1 d2 e2 f1 f2 + e1g1 + e1c1 = 7; rook g1 f1, h2..h7, takes h8 = 9; jailer b1 c1 d1,
/// a2..a7 (it cannot capture a8) = 9. Total 25.
#[test]
fn castling_standard() {
    let fen = "j3k2r/8/8/8/8/8/8/J3K2R w KQkq - 0 1";
    let mut want = vec!["e1d1", "e1d2", "e1e2", "e1f1", "e1f2", "e1g1", "e1c1", "h1g1", "h1f1"];
    let files: Vec<String> = (2..=8).map(|r| format!("h1h{r}")).collect();
    let jfiles: Vec<String> = (2..=7).map(|r| format!("a1a{r}")).collect();
    want.extend(files.iter().map(String::as_str));
    want.extend(jfiles.iter().map(String::as_str));
    want.extend(["a1b1", "a1c1", "a1d1"]);
    exactly(fen, &want);
    assert_eq!(after(fen, "e1g1").fen(), "j3k2r/8/8/8/8/8/8/J4RK1 b kq - 1 1 -");
    assert_eq!(after(fen, "e1c1").fen(), "j3k2r/8/8/8/8/8/8/2KJ3R b kq - 1 1 -");
}

/// §8: hold squares do not count as attacked; §6.4 attacks do; a sentry aiming at the king
/// itself does not stop castling; a held partner cannot castle.
#[test]
fn castling_and_attacked_squares() {
    // Black's jailer f2 holds f1 (and e2, g2, f3): castling through f1 is allowed (the rook then
    // stands held on f1). King d1 d2 e2 f1, takes f2; e1g1; rook g1 f1 h2..h8 = 15.
    let fen = "4k3/8/8/8/8/8/5j2/4K2R w K - 0 1";
    let mut want = vec!["e1d1", "e1d2", "e1e2", "e1f1", "e1f2", "e1g1", "h1g1", "h1f1"];
    let files: Vec<String> = (2..=8).map(|r| format!("h1h{r}")).collect();
    want.extend(files.iter().map(String::as_str));
    exactly(fen, &want);
    let castled = after(fen, "e1g1");
    assert!(castled.is_held(movegen::types::Square(5)), "the rook on f1 is held");

    // Black's sentry e4 reaches White's pawn g2 (over f3); pushed as a black pawn it could take
    // on f1 or h1. So f1 is attacked with the king standing there: no castling, no Kf1. The
    // pawn may not move either: the sentry would then reach the rook h1, which pushed along
    // the first rank takes e1. King d1 d2 e2 f2; rook g1 f1 h2..h8 = 13.
    let fen = "4k3/8/8/8/4s3/8/6P1/4K2R w K - 0 1";
    let mut want = vec!["e1d1", "e1d2", "e1e2", "e1f2", "h1g1", "h1f1"];
    want.extend(files.iter().map(String::as_str));
    exactly(fen, &want);

    // Black's sentry d4 aims at g1 over e3 f2; it could push the king standing on g1 but that
    // is no attack on g1 (a unit cannot capture on its own square). Castling is legal.
    // King d1 d2 e2 f1 f2, e1g1; rook f1 h2..h8; not Rg1: the rook would then be the first
    // unit on the sentry's diagonal, and pushed along the first rank it takes e1 = 14.
    let fen = "4k3/8/8/8/3s4/8/8/4K2R w K - 0 1";
    let mut want = vec!["e1d1", "e1d2", "e1e2", "e1f1", "e1f2", "e1g1", "h1f1"];
    want.extend(files.iter().map(String::as_str));
    exactly(fen, &want);

    // The rook h1 is held by Black's jailer h2: no castling, no rook move. King: 5 steps.
    exactly("4k3/8/8/8/8/8/7j/4K2R w K - 0 1", &["e1d1", "e1d2", "e1e2", "e1f1", "e1f2"]);
}

/// §10: Chess960 castling in `eightpiece-random`, written king + partner square.
/// White Ja1 Kb1 Rg1 Bh1 behind a pawn row. Queen's side: king b1 -> c1, jailer a1 -> d1 (c1,
/// d1 empty): `b1a1`. King's side: king b1 -> g1, rook g1 -> f1 (c1..f1 empty): `b1g1`.
/// Pawns 16, king c1, rook f1 e1 d1 c1; 16 + 1 + 2 + 4 = 23.
#[test]
fn castling_random() {
    let fen = "jk4rb/pppppppp/8/8/8/8/PPPPPPPP/JK4RB w GAga - 0 1";
    let pos = EightPiece::from_fen_as(VariantId::EightPieceRandom, fen).unwrap();
    assert!(pos.is_chess960());
    let mut want: Vec<String> = Vec::new();
    for f in "abcdefgh".chars() {
        want.push(format!("{f}2{f}3"));
        want.push(format!("{f}2{f}4"));
    }
    for m in ["b1c1", "b1a1", "b1g1", "g1f1", "g1e1", "g1d1", "g1c1"] {
        want.push(m.into());
    }
    let w: Vec<&str> = want.iter().map(String::as_str).collect();
    exactly(fen, &w);
    assert_eq!(after(fen, "b1a1").fen(), "jk4rb/pppppppp/8/8/8/8/PPPPPPPP/2KJ2RB b ga - 1 1 -");
    assert_eq!(after(fen, "b1g1").fen(), "jk4rb/pppppppp/8/8/8/8/PPPPPPPP/J4RKB b ga - 1 1 -");
    // The king already on g1: castling with h1 moves only the rook (`g1h1`); with a1 the king
    // goes g1 -> c1 and the jailer a1 -> d1 (`g1a1`). Pawns 16, king f1, jailer b1..f1 = 24.
    let fen = "j5kr/pppppppp/8/8/8/8/PPPPPPPP/J5KR w HAha - 0 1";
    let mut want: Vec<String> = Vec::new();
    for f in "abcdefgh".chars() {
        want.push(format!("{f}2{f}3"));
        want.push(format!("{f}2{f}4"));
    }
    for m in ["g1f1", "g1h1", "g1a1", "a1b1", "a1c1", "a1d1", "a1e1", "a1f1"] {
        want.push(m.into());
    }
    let w: Vec<&str> = want.iter().map(String::as_str).collect();
    exactly(fen, &w);
    assert_eq!(after(fen, "g1h1").fen(), "j5kr/pppppppp/8/8/8/8/PPPPPPPP/J4RK1 b ha - 1 1 -");
    assert_eq!(after(fen, "g1a1").fen(), "j5kr/pppppppp/8/8/8/8/PPPPPPPP/2KJ3R b ha - 1 1 -");
}

/// §7.2 re-orient: a lancer on a5 facing nw (off the board) may turn, as its whole move, to
/// any facing with a square in front: n ne e se s (the seed's "five options"), also while held
/// (Black's jailer a4). King e1: 5 steps. Total 10 either way.
#[test]
fn lancer_reorient() {
    let want = [
        "e1d1", "e1d2", "e1e2", "e1f1", "e1f2", "a5a5=n", "a5a5=ne", "a5a5=e", "a5a5=se", "a5a5=s",
    ];
    exactly("4k3/8/8/L(nw)7/8/8/8/4K3 w - - 0 1", &want);
    exactly("4k3/8/8/L(nw)7/j7/8/8/4K3 w - - 0 1", &want);
}

/// 8P-9: a pushed lancer standing on an enemy hold square may only turn in place, to any of
/// its 7 other facings. White Kh1, Le4 facing ne (pushed d3 -> e4 by Black's sentry, now on
/// d3), Black's jailer e5 holds it. King g1 g2 h2 (3) + turns n e s sw w nw (6) = 9; not se:
/// the lancer is the first unit on the sentry's diagonal d3-e4, and facing se it could be
/// pushed over f3 g2 onto the king h1 (§6.4), so that turn would leave White in check.
/// On the edge facing off the board, re-orient and turn-only are the same moves (README
/// "Perft"): the held pushed lancer a4 facing w has exactly 7 turns.
#[test]
fn held_pushed_lancer_turns_only() {
    exactly(
        "7k/8/8/4j3/4L(ne)3/3s4/8/7K w - - 0 1 d3e4",
        &["h1g1", "h1g2", "h1h2", "e4e4=n", "e4e4=e", "e4e4=s", "e4e4=sw", "e4e4=w", "e4e4=nw"],
    );
    exactly(
        "7k/8/8/j7/L(w)s6/8/8/7K w - - 0 1 b4a4",
        &[
            "h1g1", "h1g2", "h1h2", "a4a4=n", "a4a4=ne", "a4a4=e", "a4a4=se", "a4a4=s", "a4a4=sw",
            "a4a4=nw",
        ],
    );
}

/// §9: the automatic 50-move count resets on a capture or when a pawn reaches a square it has
/// never stood on; a pawn pushed back and moving up again does not reset it (seed).
#[test]
fn fifty_move_count_tracks_pawn_squares() {
    // White Ka1, Pe2; Black Kh8, Sg5 (which reaches e3 over f4). Clock at 10.
    let mut pos = load("7k/8/8/6s1/8/8/4P3/K7 w - - 10 1");
    let mut play = |text: &str, clock: u32| {
        let m = pos.parse_move(text).unwrap_or_else(|e| panic!("{e}"));
        pos = pos.play(m);
        assert_eq!(pos.halfmove_clock(), clock, "after {text}: {}", pos.fen());
    };
    play("e2e3", 0); // e3 is new for the pawn
    play("g5e3,e3e2", 1); // pushed back to e2, where it stood: no reset
    play("a1a2", 2);
    play("e3g5", 3); // the sentry slides back
    play("e2e3", 4); // e3 again: not new
    play("g5h6", 5);
    play("e3e4", 0); // e4 is new
                     // Pushed onto a square it never stood on: that is a pawn arriving on a new square.
    let pos = load("7k/8/8/8/8/5s2/4P3/K7 b - - 10 1");
    let m = pos.parse_move("f3e2,e2e1").unwrap();
    assert_eq!(pos.play(m).halfmove_clock(), 0);
    // The draw itself: 100 plies, unless the last move mated.
    assert!(load("7k/8/8/8/8/8/8/K7 w - - 100 80").fifty_move_draw());
    assert!(!load("7k/8/8/8/8/8/8/K7 w - - 99 80").fifty_move_draw());
    assert!(!load("4k3/3KJ3/8/8/8/8/8/8 b - - 100 80").fifty_move_draw());
}

/// §9 repetition key: facings and the push field are part of it; an e.p. square counts only
/// when an e.p. capture is legal; returning to a position gives its key back.
#[test]
fn repetition_key() {
    let a = load("4k3/8/8/8/4L(ne)3/8/8/4K3 w - - 0 1");
    let b = load("4k3/8/8/8/4L(e)3/8/8/4K3 w - - 0 1");
    assert_ne!(a.hash(), b.hash(), "facing");
    let pushed = load("4k3/8/8/4n3/8/3S4/8/4K3 b - - 0 1 d3e5");
    let plain = load("4k3/8/8/4n3/8/3S4/8/4K3 b - - 0 1 -");
    assert_ne!(pushed.hash(), plain.hash(), "push field");
    // d7d5 next to White's e5 pawn, but e5xd6 would open the fifth rank to the rook a5: the
    // e.p. square is written in the FEN but is not part of the key.
    let before = load("4k3/3p4/8/r3P2K/8/8/8/8 b - - 0 1");
    let after_d5 = before.play(before.parse_move("d7d5").unwrap());
    assert_eq!(after_d5.fen(), "4k3/8/8/r2pP2K/8/8/8/8 w - d6 0 2 -");
    assert!(!fast_moves(&after_d5).contains("e5d6"));
    assert_eq!(after_d5.hash(), load("4k3/8/8/r2pP2K/8/8/8/8 w - - 0 2").hash());
    // Without the rook the capture is legal and the square is in the key.
    assert_ne!(
        load("4k3/8/8/3pP2K/8/8/8/8 w - d6 0 2").hash(),
        load("4k3/8/8/3pP2K/8/8/8/8 w - - 0 2").hash()
    );
    // Knights out and back: the start key again.
    let mut p = load(START_FEN);
    for t in ["g1f3", "g8f6", "f3g1", "f6g8"] {
        p = p.play(p.parse_move(t).unwrap());
    }
    assert_eq!(p.hash(), load(START_FEN).hash());
    assert_eq!(p.halfmove_clock(), 4);
}
