//! Hand-derived move lists for every TamerSpiel piece type (`../shared/rules/tamerspiel.md` §3):
//! in the open, against the holes (a2-a7, l2-l7) and the board edge, and with blocked paths.
//! Each expected list is worked out in the comment above it from the rule book, square by
//! square; the tests compare the moves of the named square (or the whole list) with it, and
//! also check that the slow reference generator agrees with the fast one on the whole position.
//!
//! Board reminder: files a..l, ranks 1..8; files b..k exist on every rank, files a and l only
//! on ranks 1 and 8 (the citadels a1, l1, a8, l8).

use menagerie_tests::reference::tamerspiel::RefTs;
use movegen::rules::Rules;
use movegen::variants::tamerspiel::TamerSpiel;
use std::collections::BTreeSet;

/// Builds a FEN from `"Ke1 ke8 Re6"` (letter + square; upper case = White).
fn fen(place: &str, side: &str, castling: &str, swap: &str) -> String {
    let mut grid = [[None::<char>; 12]; 8];
    for tok in place.split_whitespace() {
        let mut ch = tok.chars();
        let l = ch.next().unwrap();
        let s: String = ch.collect();
        let f = usize::from(s.as_bytes()[0] - b'a');
        let r: usize = s[1..].parse::<usize>().unwrap() - 1;
        assert!(grid[r][f].is_none(), "{tok} placed twice");
        grid[r][f] = Some(l);
    }
    let mut rows = Vec::new();
    for r in (0..8).rev() {
        let mut row = String::new();
        let mut run = 0;
        for (f, cell) in grid[r].iter().enumerate() {
            let hole = (f == 0 || f == 11) && r != 0 && r != 7;
            let c = if hole {
                assert!(cell.is_none(), "piece on a hole");
                Some('*')
            } else {
                *cell
            };
            match c {
                None => run += 1,
                Some(c) => {
                    if run > 0 {
                        row.push_str(&run.to_string());
                        run = 0;
                    }
                    row.push(c);
                }
            }
        }
        if run > 0 {
            row.push_str(&run.to_string());
        }
        rows.push(row);
    }
    format!("{} {side} {castling} - 0 1 {swap}", rows.join("/"))
}

fn load(place: &str, side: &str) -> TamerSpiel {
    let f = fen(place, side, "-", "wb");
    let p = TamerSpiel::from_fen(&f).unwrap_or_else(|e| panic!("{f}: {e}"));
    // The reference must agree on the whole position (text and result of every move).
    let r = RefTs::from_fen(&f).unwrap();
    let want: BTreeSet<String> = r.moves().into_iter().map(|(t, _)| t).collect();
    assert_eq!(all_moves(&p), want, "reference disagrees at {f}");
    p
}

fn all_moves(p: &TamerSpiel) -> BTreeSet<String> {
    let mut l = <TamerSpiel as Rules>::Moves::default();
    p.legal_moves(&mut l);
    l.iter().map(|&m| p.move_text(m)).collect()
}

fn moves_from(p: &TamerSpiel, from: &str) -> BTreeSet<String> {
    all_moves(p).into_iter().filter(|t| t.starts_with(from)).collect()
}

fn set(list: &[&str]) -> BTreeSet<String> {
    list.iter().map(ToString::to_string).collect()
}

/// Asserts the moves of `from` in `place` (White to move unless `side` says otherwise).
fn check(place: &str, side: &str, from: &str, expected: &[&str]) {
    let p = load(place, side);
    assert_eq!(moves_from(&p, from), set(expected), "moves of {from} in {}", p.fen());
}

// Kings used when a test is about another piece: White on k1, Black on k8, out of the way.
const KINGS: &str = "Kk1 kk8";

#[test]
fn pawn_single_step_and_diagonal_captures_only() {
    // TS-2. White pawn e2: e3 is empty, so e2e3; no double step to e4; captures d3 and f3 hold
    // black pawns. White pawn g3 is blocked by the black pawn on g4 and has nothing to capture
    // on f4/h4.
    let place = format!("{KINGS} Pe2 pd3 pf3 Pg3 pg4");
    check(&place, "w", "e2", &["e2d3", "e2e3", "e2f3"]);
    check(&place, "w", "g3", &[]);
    // Black pawns move south: e7 to e6 or capturing the white pawn on d6; b3 reaches b2
    // (Black's 2nd rank on the b-file: stay a pawn or become a Dabbabah) and captures the
    // white Vizier on c2 (c-file: no choice); a2 is a hole.
    let place = format!("{KINGS} pe7 Pd6 pb3 Vc2");
    check(&place, "b", "e7", &["e7d6", "e7e6"]);
    check(&place, "b", "b3", &["b3b2", "b3b2d", "b3c2"]);
}

#[test]
fn pawn_promotions() {
    // §5. (The king stands on j1, off the d8-k1 diagonal, so e7 is not pinned.) e7: e8 empty
    // -> e7e8d (mandatory), capture the bishop on d8 -> e7d8d. b7: b8 empty,
    // a black rook on a8 (a citadel, reached diagonally) and a black Horse on c8: every move
    // ends on the last rank, so every one is a Dabbabah promotion.
    let place = "Kj1 kh5 Pe7 Pb7 ra8 nc8 bd8";
    check(place, "w", "e7", &["e7d8d", "e7e8d"]);
    check(place, "w", "b7", &["b7a8d", "b7b8d", "b7c8d"]);
    // Optional promotion on the b- and k-files' 7th rank: b6b7 both ways; j6 takes on k7 both
    // ways (the destination decides); j6j7 is on the j-file: no choice.
    let place = "Kg1 ke5 Pb6 Pj6 vk7";
    check(place, "w", "b6", &["b6b7", "b6b7d"]);
    check(place, "w", "j6", &["j6j7", "j6k7", "j6k7d"]);
}

#[test]
fn pawn_against_holes() {
    // b4: a5 is a hole (no capture there), c5 holds a black pawn; k6: l7 is a hole, j7 holds a
    // black Vizier, k7 is empty (k-file 7th rank: both forms).
    let place = format!("{KINGS} Pb4 pc5 Pk6 vj7");
    check(&place, "w", "b4", &["b4b5", "b4c5"]);
    check(&place, "w", "k6", &["k6j7", "k6k7", "k6k7d"]);
}

#[test]
fn firzan_diagonals_and_backward_step() {
    // White Firzan e4: the four diagonal steps plus one step straight backward, which for White
    // is south (e3). Not e5, d4, f4.
    check(&format!("{KINGS} Fe4"), "w", "e4", &["e4d3", "e4d5", "e4e3", "e4f3", "e4f5"]);
    // Black Firzan e5: backward for Black is north (e6).
    check(&format!("{KINGS} fe5"), "b", "e5", &["e5d4", "e5d6", "e5e6", "e5f4", "e5f6"]);
    // White Firzan b2: a1 exists (citadel), a3 is a hole, c3 holds an own pawn; back to b1.
    check(&format!("{KINGS} Fb2 Pc3"), "w", "b2", &["b2a1", "b2b1", "b2c1"]);
}

#[test]
fn vizier_orthogonal_steps() {
    check(&format!("{KINGS} Ve4"), "w", "e4", &["e4d4", "e4e3", "e4e5", "e4f4"]);
    // b5: a5 is a hole. a1 (own citadel): a2 is a hole, so only b1.
    let place = format!("{KINGS} Vb5 Va1");
    check(&place, "w", "b5", &["b5b4", "b5b6", "b5c5"]);
    check(&place, "w", "a1", &["a1b1"]);
    // Blocked: an own pawn on e5 removes e5, a black Guard on d4 is captured.
    check(&format!("{KINGS} Ve4 Pe5 gd4"), "w", "e4", &["e4d4", "e4e3", "e4f4"]);
}

#[test]
fn guard_king_steps() {
    check(
        &format!("{KINGS} Ge4"),
        "w",
        "e4",
        &["e4d3", "e4d4", "e4d5", "e4e3", "e4e5", "e4f3", "e4f4", "e4f5"],
    );
    // b7: a8 exists (it promotes there, see tamerspiel_rules.rs), a7/a6 are holes, c6 holds an
    // own pawn.
    check(&format!("{KINGS} Gb7 Pc6"), "w", "b7", &["b7a8", "b7b6", "b7b8", "b7c7", "b7c8"]);
}

#[test]
fn horse_jumps() {
    // e4 boxed in by own pawns on d4, f4, e3 and e5: the knight jumps over them.
    check(
        &format!("{KINGS} Ne4 Pd4 Pf4 Pe3 Pe5"),
        "w",
        "e4",
        &["e4c3", "e4c5", "e4d2", "e4d6", "e4f2", "e4f6", "e4g3", "e4g5"],
    );
    // b3: a1 exists, a5 is a hole, c1, d2, d4, c5. c2: a1, b4, d4, e1, e3 (a3 is a hole).
    let place = format!("{KINGS} Nb3 Nc2");
    check(&place, "w", "b3", &["b3a1", "b3c1", "b3c5", "b3d2", "b3d4"]);
    check(&place, "w", "c2", &["c2a1", "c2b4", "c2d4", "c2e1", "c2e3"]);
}

#[test]
fn bishop_rides_and_holes_stop_it() {
    // e4: NE f5 g6 h7 i8; NW d5 c6 b7 a8 (the citadel exists); SE f3 g2 h1; SW d3 c2 b1.
    check(
        &format!("{KINGS} Be4"),
        "w",
        "e4",
        &[
            "e4a8", "e4b1", "e4b7", "e4c2", "e4c6", "e4d3", "e4d5", "e4f3", "e4f5", "e4g2", "e4g6",
            "e4h1", "e4h7", "e4i8",
        ],
    );
    // c5: NW b6 then the hole a7 stops it; SW b4 then the hole a3; NE d6 and the black
    // Vizier on e7 (capture, stop); SE d4, then the own pawn on e3.
    check(&format!("{KINGS} Bc5 ve7 Pe3"), "w", "c5", &["c5b4", "c5b6", "c5d4", "c5d6", "c5e7"]);
}

#[test]
fn rook_rides_and_holes_stop_it() {
    // e4: north e5-e8, south e3-e1, west d4 c4 b4 (a4 is a hole), east f4-k4 (l4 is a hole).
    check(
        &format!("{KINGS} Re4"),
        "w",
        "e4",
        &[
            "e4b4", "e4c4", "e4d4", "e4e1", "e4e2", "e4e3", "e4e5", "e4e6", "e4e7", "e4e8", "e4f4",
            "e4g4", "e4h4", "e4i4", "e4j4", "e4k4",
        ],
    );
    // a1: a2 is a hole, so only east, up to the own Guard on e1.
    check(&format!("{KINGS} Ra1 Ge1"), "w", "a1", &["a1b1", "a1c1", "a1d1"]);
    // b4: west is a hole; north b5-b8, south b3-b1, east c4 and the black pawn on d4.
    check(
        &format!("{KINGS} Rb4 pd4"),
        "w",
        "b4",
        &["b4b1", "b4b2", "b4b3", "b4b5", "b4b6", "b4b7", "b4b8", "b4c4", "b4d4"],
    );
}

#[test]
fn eagle_king_plus_knight() {
    // e4: 8 king steps + 8 knight jumps.
    check(
        &format!("{KINGS} Ee4"),
        "w",
        "e4",
        &[
            "e4c3", "e4c5", "e4d2", "e4d3", "e4d4", "e4d5", "e4d6", "e4e3", "e4e5", "e4f2", "e4f3",
            "e4f4", "e4f5", "e4f6", "e4g3", "e4g5",
        ],
    );
    // c2: king steps b1 c1 d1 b2 d2 b3 c3 d3; knight a1 b4 d4 e1 e3 (a3 is a hole).
    check(
        &format!("{KINGS} Ec2"),
        "w",
        "c2",
        &[
            "c2a1", "c2b1", "c2b2", "c2b3", "c2b4", "c2c1", "c2c3", "c2d1", "c2d2", "c2d3", "c2d4",
            "c2e1", "c2e3",
        ],
    );
}

#[test]
fn eagle_blocked_targets() {
    // Own pawns on e5 (a step target) and d6 (a knight target) are removed; a black Vizier on
    // g5 (a knight target) is captured. 16 - 2 = 14.
    check(
        &format!("{KINGS} Ee4 Pe5 Pd6 vg5"),
        "w",
        "e4",
        &[
            "e4c3", "e4c5", "e4d2", "e4d3", "e4d4", "e4d5", "e4e3", "e4f2", "e4f3", "e4f4", "e4f5",
            "e4f6", "e4g3", "e4g5",
        ],
    );
}

#[test]
fn lion_king_plus_jumps() {
    // e4 with own pawns on d4, e5, f5: king steps d3 e3 f3 f4 d5; alfil jumps c2 g2 c6 g6;
    // dabbabah jumps e2, e6 (over e5), c4 (over d4), g4. The jumps ignore the pawns.
    check(
        &format!("{KINGS} Le4 Pd4 Pe5 Pf5"),
        "w",
        "e4",
        &[
            "e4c2", "e4c4", "e4c6", "e4d3", "e4d5", "e4e2", "e4e3", "e4e6", "e4f3", "e4f4", "e4g2",
            "e4g4", "e4g6",
        ],
    );
    // c3: king steps (8); A: a1 (exists), e1, e5 (a5 is a hole); D: c1, c5, e3 (a3 is a hole).
    check(
        &format!("{KINGS} Lc3"),
        "w",
        "c3",
        &[
            "c3a1", "c3b2", "c3b3", "c3b4", "c3c1", "c3c2", "c3c4", "c3c5", "c3d2", "c3d3", "c3d4",
            "c3e1", "c3e3", "c3e5",
        ],
    );
}

#[test]
fn champion_knight_plus_jumps_no_steps() {
    // e4: N c3 c5 d2 d6 f2 f6 g3 g5; A c2 g2 c6 g6; D e2 e6 c4 g4; no one-step moves.
    check(
        &format!("{KINGS} Ce4"),
        "w",
        "e4",
        &[
            "e4c2", "e4c3", "e4c4", "e4c5", "e4c6", "e4d2", "e4d6", "e4e2", "e4e6", "e4f2", "e4f6",
            "e4g2", "e4g3", "e4g4", "e4g5", "e4g6",
        ],
    );
    // b2: N c4 d1 d3 (a4 is a hole, the rest off the board); A d4; D b4 d2.
    check(&format!("{KINGS} Cb2"), "w", "b2", &["b2b4", "b2c4", "b2d1", "b2d2", "b2d3", "b2d4"]);
    // Surrounded by own pawns on d3 d4 d5 e3 e5 f3 f4 f5 it still jumps everywhere (16); an own
    // pawn on g4 (a D target) removes g4, a black pawn on c6 (an A target) is captured.
    check(
        &format!("{KINGS} Ce4 Pd3 Pd4 Pd5 Pe3 Pe5 Pf3 Pf4 Pf5 Pg4 pc6"),
        "w",
        "e4",
        &[
            "e4c2", "e4c3", "e4c4", "e4c5", "e4c6", "e4d2", "e4d6", "e4e2", "e4e6", "e4f2", "e4f6",
            "e4g2", "e4g3", "e4g5", "e4g6",
        ],
    );
}

#[test]
fn nobleman_two_steps_through_an_empty_middle() {
    // e4 in the open: every square of the 5x5 area c2..g6 (24).
    let mut all = Vec::new();
    for f in ['c', 'd', 'e', 'f', 'g'] {
        for r in 2..=6 {
            if (f, r) != ('e', 4) {
                all.push(format!("e4{f}{r}"));
            }
        }
    }
    let all: Vec<&str> = all.iter().map(String::as_str).collect();
    check(&format!("{KINGS} Oe4"), "w", "e4", &all);
    // Own pawns on d3, d4, d5: c2 (middle d3), c3 (d3/d4), c4 (d3/d4/d5), c5 (d4/d5), c6 (d5)
    // have every middle blocked; d2 still goes through e3 and d6 through e5. 24 - 5 - 3 = 16.
    check(
        &format!("{KINGS} Oe4 Pd3 Pd4 Pd5"),
        "w",
        "e4",
        &[
            "e4d2", "e4d6", "e4e2", "e4e3", "e4e5", "e4e6", "e4f2", "e4f3", "e4f4", "e4f5", "e4f6",
            "e4g2", "e4g3", "e4g4", "e4g5", "e4g6",
        ],
    );
    // b2 with own pawns on b3 and c3: steps a1 b1 c1 c2 (a2/a3 holes); b4's middles are a3
    // (a hole: not a middle), b3, c3 (blocked) -> unreachable; c4 (b3/c3) and d4 (c3) too;
    // d3 via c2, d2 via c1/c2, d1 via c1/c2 remain.
    check(
        &format!("{KINGS} Ob2 Pb3 Pc3"),
        "w",
        "b2",
        &["b2a1", "b2b1", "b2c1", "b2c2", "b2d1", "b2d2", "b2d3"],
    );
}

const BISHOP_E4: [&str; 14] = [
    "e4a8", "e4b1", "e4b7", "e4c2", "e4c6", "e4d3", "e4d5", "e4f3", "e4f5", "e4g2", "e4g6", "e4h1",
    "e4h7", "e4i8",
];
const ROOK_E4: [&str; 16] = [
    "e4b4", "e4c4", "e4d4", "e4e1", "e4e2", "e4e3", "e4e5", "e4e6", "e4e7", "e4e8", "e4f4", "e4g4",
    "e4h4", "e4i4", "e4j4", "e4k4",
];
const KNIGHT_E4: [&str; 8] = ["e4c3", "e4c5", "e4d2", "e4d6", "e4f2", "e4f6", "e4g3", "e4g5"];

#[test]
fn compound_riders() {
    // Archbishop = Bishop + Horse (22), Marshall = Rook + Horse (24), Queen = Rook + Bishop
    // (30), Warlord = Queen + Horse (38), each on e4 on an otherwise empty board.
    let a: Vec<&str> = [&BISHOP_E4[..], &KNIGHT_E4[..]].concat();
    check(&format!("{KINGS} Ae4"), "w", "e4", &a);
    let m: Vec<&str> = [&ROOK_E4[..], &KNIGHT_E4[..]].concat();
    check(&format!("{KINGS} Me4"), "w", "e4", &m);
    let q: Vec<&str> = [&ROOK_E4[..], &BISHOP_E4[..]].concat();
    check(&format!("{KINGS} Qe4"), "w", "e4", &q);
    let w: Vec<&str> = [&ROOK_E4[..], &BISHOP_E4[..], &KNIGHT_E4[..]].concat();
    check(&format!("{KINGS} We4"), "w", "e4", &w);
}

#[test]
fn compound_riders_against_holes_and_blockers() {
    // Queen b2 with an own pawn on b5 and a black Vizier on e2: north b3 b4; south b1; east c2
    // d2 e2 (capture); west a2 is a hole; NE c3 d4 e5 f6 g7 h8; NW a3 is a hole; SE c1; SW a1
    // (the citadel exists). 14.
    let queen = [
        "b2a1", "b2b1", "b2b3", "b2b4", "b2c1", "b2c2", "b2c3", "b2d2", "b2d4", "b2e2", "b2e5",
        "b2f6", "b2g7", "b2h8",
    ];
    // Knight part from b2: c4, d3, d1 (a4 is a hole, the rest off the board).
    let knight = ["b2c4", "b2d1", "b2d3"];
    let place = |l: char| format!("{KINGS} {l}b2 Pb5 ve2");
    check(&place('Q'), "w", "b2", &queen);
    check(&place('W'), "w", "b2", &[&queen[..], &knight[..]].concat());
    // Marshall: rook lines b3 b4 b1 c2 d2 e2 + knight.
    let rook = ["b2b1", "b2b3", "b2b4", "b2c2", "b2d2", "b2e2"];
    check(&place('M'), "w", "b2", &[&rook[..], &knight[..]].concat());
    // Archbishop: diagonals c3..h8, c1, a1 + knight.
    let bishop = ["b2a1", "b2c1", "b2c3", "b2d4", "b2e5", "b2f6", "b2g7", "b2h8"];
    check(&place('A'), "w", "b2", &[&bishop[..], &knight[..]].concat());
}

#[test]
fn supercav_king_plus_cavalier() {
    // e4 on an empty board. King steps (8). Cavalier (±1, ±k) / (±k, ±1), k >= 2: d6 d7 d8
    // f6 f7 f8 (north), d2 d1 f2 f1 (south), g5..k5 and g3..k3 (east; l5/l3 are holes),
    // c5 b5 c3 b3 (west; a5/a3 are holes). 8 + 24 = 32.
    let king = ["e4d3", "e4d4", "e4d5", "e4e3", "e4e5", "e4f3", "e4f4", "e4f5"];
    let cav = [
        "e4b3", "e4b5", "e4c3", "e4c5", "e4d1", "e4d2", "e4d6", "e4d7", "e4d8", "e4f1", "e4f2",
        "e4f6", "e4f7", "e4f8", "e4g3", "e4g5", "e4h3", "e4h5", "e4i3", "e4i5", "e4j3", "e4j5",
        "e4k3", "e4k5",
    ];
    check(&format!("{KINGS} Se4"), "w", "e4", &[&king[..], &cav[..]].concat());
    // Own pawns on e5 and f5: f6 f7 f8 lose both paths (diagonal first through f5, straight
    // first through e5); g5 keeps its straight-first path through f4 although f5 is blocked
    // (legal if either path is clear); d6 d7 d8 go diagonal first through d5.
    let p2: Vec<&str> = [&king[..], &cav[..]]
        .concat()
        .into_iter()
        .filter(|m| !["e4e5", "e4f5", "e4f6", "e4f7", "e4f8"].contains(m))
        .collect();
    check(&format!("{KINGS} Se4 Pe5 Pf5"), "w", "e4", &p2);
    // Add an own pawn on f4: now g5..k5 have both paths blocked (f5.. and f4..); g3..k3 still
    // go diagonal first through f3.
    check(
        &format!("{KINGS} Se4 Pe5 Pf5 Pf4"),
        "w",
        "e4",
        &[
            "e4d3", "e4d4", "e4d5", "e4e3", "e4f3", "e4b3", "e4b5", "e4c3", "e4c5", "e4d1", "e4d2",
            "e4d6", "e4d7", "e4d8", "e4f1", "e4f2", "e4g3", "e4h3", "e4i3", "e4j3", "e4k3",
        ],
    );
}

#[test]
fn supercav_against_the_holes() {
    // b4: king steps b5 c5 c4 b3 c3 (a3-a5 are holes). Cavalier: a8 only straight first
    // (b5 b6 b7, then the diagonal step; the diagonal-first path starts on the hole a5), a1
    // straight first (b3 b2); c6 c7 c8 and c2 c1; d5..k5 and d3..k3 (l5/l3 are holes).
    let mut exp = vec![
        "b4a1", "b4a8", "b4b3", "b4b5", "b4c1", "b4c2", "b4c3", "b4c4", "b4c5", "b4c6", "b4c7",
        "b4c8",
    ];
    let east: Vec<String> = ['d', 'e', 'f', 'g', 'h', 'i', 'j', 'k']
        .iter()
        .flat_map(|f| [format!("b4{f}3"), format!("b4{f}5")])
        .collect();
    exp.extend(east.iter().map(String::as_str));
    check(&format!("{KINGS} Sb4"), "w", "b4", &exp);
    // An own pawn on b6 cuts the only path to a8.
    let exp: Vec<&str> = exp.into_iter().filter(|&m| m != "b4a8").collect();
    check(&format!("{KINGS} Sb4 Pb6"), "w", "b4", &exp);
}

#[test]
fn dabbabah_steps_and_jumps() {
    // e4: W e5 e3 d4 f4; D e6 e2 c4 g4. With an own pawn on e5 the jump to e6 stays (it jumps)
    // and a black Vizier on e6 is captured.
    check(
        &format!("{KINGS} De4"),
        "w",
        "e4",
        &["e4c4", "e4d4", "e4e2", "e4e3", "e4e5", "e4e6", "e4f4", "e4g4"],
    );
    check(
        &format!("{KINGS} De4 Pe5 ve6"),
        "w",
        "e4",
        &["e4c4", "e4d4", "e4e2", "e4e3", "e4e6", "e4f4", "e4g4"],
    );
    // b3: a3 is a hole, the jump west leaves the board; c1: a1 exists (jump over b1).
    let place = format!("{KINGS} Db3 Dc1");
    check(&place, "w", "b3", &["b3b1", "b3b2", "b3b4", "b3b5", "b3c3", "b3d3"]);
    check(&place, "w", "c1", &["c1a1", "c1b1", "c1c2", "c1c3", "c1d1", "c1e1"]);
}

#[test]
fn king_avoids_attacked_squares() {
    // The black rook on d8 covers the d-file: the king on e4 may go to e3 e5 f3 f4 f5 only.
    check("Ke4 kk8 rd8", "w", "e4", &["e4e3", "e4e5", "e4f3", "e4f4", "e4f5"]);
    // In check from the rook on e8: e5 is attacked, and e3 too (the rook sees through the
    // king's start square).
    let p = load("Ke4 kk8 re8", "w");
    assert!(p.in_check());
    assert_eq!(all_moves(&p), set(&["e4d3", "e4d4", "e4d5", "e4f3", "e4f4", "e4f5"]));
}

#[test]
fn tetrarch_king_plus_diagonal_jump() {
    // TS-1. e4 with an own pawn on f5: steps d3 d4 d5 e3 e5 f3 f4; A-jumps c2 g2 c6 and g6
    // (over the pawn).
    check(
        "Te4 kk8 Pf5",
        "w",
        "e4",
        &["e4c2", "e4c6", "e4d3", "e4d4", "e4d5", "e4e3", "e4e5", "e4f3", "e4f4", "e4g2", "e4g6"],
    );
    // b2: steps a1 b1 c1 c2 b3 c3 (a2/a3 are holes); the only A-jump is d4.
    check("Tb2 kk8", "w", "b2", &["b2a1", "b2b1", "b2b3", "b2c1", "b2c2", "b2c3", "b2d4"]);
}

#[test]
fn tetrarch_is_royal() {
    // Checked by the rook on e8: the Tetrarch must leave the e-file; its A-jumps c2 g2 c6 g6
    // are safe; e3 and e5 are covered by the rook.
    let p = load("Te4 kk8 re8", "w");
    assert!(p.in_check());
    assert_eq!(
        all_moves(&p),
        set(&["e4c2", "e4c6", "e4d3", "e4d4", "e4d5", "e4f3", "e4f4", "e4f5", "e4g2", "e4g6"])
    );
    // A black Tetrarch on g6 gives check by its A-jump to e4 (and covers f5 by its step).
    let p = load("Ke4 tg6", "w");
    assert!(p.in_check());
    assert_eq!(all_moves(&p), set(&["e4d3", "e4d4", "e4d5", "e4e3", "e4e5", "e4f3", "e4f4"]));
    // White to move while the black Tetrarch is attacked: not a legal FEN.
    let e = TamerSpiel::from_fen(&fen("Ke4 tg8 Rg1", "w", "-", "wb")).unwrap_err();
    assert_eq!(e.field, "side");
}

#[test]
fn pinned_units() {
    // The white Horse on e3 stands between its king on e1 and the black rook on e6: it may
    // not move at all (a knight cannot stay on the line). The white Rook on c1 is pinned along
    // rank 1 by the black Marshall on a1 (through b1 empty, d1 empty); it may slide on the
    // rank (b1, d1) or capture a1, not leave it.
    let p = load("Ke1 kk8 Ne3 re6 Rc1 ma1", "w");
    assert_eq!(moves_from(&p, "e3"), set(&[]));
    assert_eq!(moves_from(&p, "c1"), set(&["c1a1", "c1b1", "c1d1"]));
    // The black Nobleman on g2 reaches e1 in two steps through f2 or f1 (the squares next to
    // both); a white pawn on f2 and a white Guard on f1 block both paths. The pawn may not
    // advance (f2 would open); the Guard may not step to e2 or g1 (f1 would open) but may take
    // the Nobleman on g2.
    let p = load("Ke1 kk8 Pf2 Gf1 og2", "w");
    assert_eq!(moves_from(&p, "f2"), set(&[]));
    assert_eq!(moves_from(&p, "f1"), set(&["f1g2"]));
}
