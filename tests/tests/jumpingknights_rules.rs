//! Jumping Knights rules on hand-derived positions (`../shared/rules/jumpingknights.md`). Every
//! expected move list below was worked out by hand from the rule book; the comment above each
//! list gives the derivation. Squares: files `z a b c d e f g h i`, ranks `0`..`9`; central =
//! a1-h8. Move text per `notation.md` (`b0c0,c0f0` = approach leg to the victim, then the leg to
//! the landing square).

use movegen::rules::{EndReason, GameEnd, Outcome, Rules};
use movegen::types::Color;
use movegen::variants::jumpingknights::JumpingKnights;
use movegen::MoveKind;

/// A FEN from unit placements such as `"Ke1"`, `"pd7"`, `"Wb0"` (upper case = White).
fn fen(units: &[&str], side: char, castling: &str, ep: &str) -> String {
    let mut grid = [['.'; 10]; 10];
    for u in units {
        let b = u.as_bytes();
        let file = b"zabcdefghi".iter().position(|&c| c == b[1]).expect("file");
        let rank = usize::from(b[2] - b'0');
        assert_eq!(grid[rank][file], '.', "{u} placed twice");
        grid[rank][file] = char::from(b[0]);
    }
    let mut rows = Vec::new();
    for rank in (0..10).rev() {
        let mut row = String::new();
        let mut run = 0;
        for c in grid[rank] {
            if c == '.' {
                run += 1;
            } else {
                if run > 0 {
                    row.push_str(&run.to_string());
                    run = 0;
                }
                row.push(c);
            }
        }
        if run > 0 {
            row.push_str(&run.to_string());
        }
        rows.push(row);
    }
    format!("{} {side} {castling} {ep} 0 1", rows.join("/"))
}

fn pos(units: &[&str], side: char) -> JumpingKnights {
    let f = fen(units, side, "-", "-");
    JumpingKnights::from_fen(&f).unwrap_or_else(|e| panic!("{f}: {e}"))
}

fn moves(p: &JumpingKnights) -> Vec<String> {
    let mut list = <JumpingKnights as Rules>::Moves::default();
    p.legal_moves(&mut list);
    let mut v: Vec<String> = list.iter().map(|&m| p.move_text(m)).collect();
    v.sort_unstable();
    assert_eq!(p.count_legal(), v.len() as u64, "count != list at {}", p.fen());
    v
}

fn assert_moves(p: &JumpingKnights, want: &[&str]) {
    let mut want: Vec<String> = want.iter().map(|s| (*s).to_string()).collect();
    want.sort_unstable();
    let got = moves(p);
    assert_eq!(got, want, "at {}", p.fen());
}

fn play(p: &JumpingKnights, text: &str) -> JumpingKnights {
    let m = p.parse_move(text).unwrap_or_else(|e| panic!("{e} at {}", p.fen()));
    p.play(m)
}

/// Rook d4: north d5, d6 quiet, d7 is the first unit (a black pawn): it lands on d8 only
/// (d9 holds a black rook: the landing squares run up to the next unit). South d3 d2 d1 quiet
/// (d0 is an edge square: no quiet move there). East e4 f4 quiet, pawn g4 jumped to h4 or to the
/// edge square i4. West c4 b4 a4 (z4 is edge). King a1: a2 b1 b2 (the rest is edge).
#[test]
fn rook_moves_and_captures() {
    let p = pos(&["Ka1", "Rd4", "kh8", "pd7", "rd9", "pg4"], 'w');
    assert_moves(
        &p,
        &[
            "d4d5",
            "d4d6",
            "d4d7,d7d8",
            "d4d3",
            "d4d2",
            "d4d1",
            "d4e4",
            "d4f4",
            "d4g4,g4h4",
            "d4g4,g4i4",
            "d4c4",
            "d4b4",
            "d4a4",
            "a1a2",
            "a1b1",
            "a1b2",
        ],
    );
}

/// Bishop d4: NE e5 quiet, Nightrider f6 jumped to g7, h8 or the edge square i9 (the landing
/// may be several squares beyond). NW c5 b6 a7 (z8 edge). SE e3 f2 g1 (h0 edge). SW c3 quiet,
/// pawn b2 jumped to a1 or z0. King h1: g1, g2; h2 is on the Nightrider's line f6-g4-h2 with i0
/// empty beyond it, so the king could be captured there.
#[test]
fn bishop_moves_and_captures() {
    let p = pos(&["Kh1", "Bd4", "ka8", "nf6", "pb2"], 'w');
    assert_moves(
        &p,
        &[
            "d4e5",
            "d4f6,f6g7",
            "d4f6,f6h8",
            "d4f6,f6i9",
            "d4c5",
            "d4b6",
            "d4a7",
            "d4e3",
            "d4f2",
            "d4g1",
            "d4c3",
            "d4b2,b2a1",
            "d4b2,b2z0",
            "h1g1",
            "h1g2",
        ],
    );
}

/// Queen d4 = rook + bishop: N d5 quiet, pawn d6 jumped to d7, d8, d9; NE e5, pawn f6 jumped to
/// g7, h8, i9; E e4-h4 (i4 edge); SE e3 f2 g1; S d3 d2 d1; SW c3 b2 a1; W c4, bishop b4 jumped to
/// a4 or z4; NW c5 b6 a7. King h1: g1 g2 h2 (no black unit reaches them).
#[test]
fn queen_moves_and_captures() {
    let p = pos(&["Kh1", "Qd4", "ka8", "pd6", "pf6", "bb4"], 'w');
    assert_moves(
        &p,
        &[
            "d4d5",
            "d4d6,d6d7",
            "d4d6,d6d8",
            "d4d6,d6d9",
            "d4e5",
            "d4f6,f6g7",
            "d4f6,f6h8",
            "d4f6,f6i9",
            "d4e4",
            "d4f4",
            "d4g4",
            "d4h4",
            "d4e3",
            "d4f2",
            "d4g1",
            "d4d3",
            "d4d2",
            "d4d1",
            "d4c3",
            "d4b2",
            "d4a1",
            "d4c4",
            "d4b4,b4a4",
            "d4b4,b4z4",
            "d4c5",
            "d4b6",
            "d4a7",
            "h1g1",
            "h1g2",
            "h1h2",
        ],
    );
}

/// Nightrider c2, line by line: (1,2) the pawn on the first leap point d4, landing on e6 or,
/// one leap further, f8 (multi-leap continuation); (2,1) e3 quiet, rook g4 two leaps away
/// jumped to the edge square i5 (multi-leap approach); (2,-1) e1 (g0 edge); (-2,-1) a1;
/// (-2,1) a3; (-1,2) b4, a6 (z8 edge); (1,-2) d0 and (-1,-2) b0 are edge squares. King h8: g7
/// and g8 lie on the rook's file with g8 / g9 empty beyond: only h7.
#[test]
fn nightrider_moves_and_captures() {
    let p = pos(&["Kh8", "Nc2", "ka8", "pd4", "rg4"], 'w');
    assert_moves(
        &p,
        &[
            "c2d4,d4e6",
            "c2d4,d4f8",
            "c2e3",
            "c2g4,g4i5",
            "c2e1",
            "c2a1",
            "c2a3",
            "c2b4",
            "c2a6",
            "h8h7",
        ],
    );
}

/// War Machine d4 (JK-2). North: pawn d5 at distance 1; continuing 1 reaches d6 (own pawn: no),
/// continuing 3 reaches d8 passing over the own pawn d6 and d7: capture landing d8; the 3-jump
/// d4-d7 is a quiet move over d5 and d6. East: e4 quiet; bishop g4 at distance 3 (the jump
/// passes over the black pawn f4 without capturing it), landing h4 (j4 does not exist). South:
/// d3 and d1 quiet. West: pawn c4 at distance 1, landing b4 or z4 (edge); a4 quiet by the
/// 3-jump. Pawn d6: d7. King h1: g1 g2 h2.
#[test]
fn war_machine_moves_and_captures() {
    let p = pos(&["Kh1", "Wd4", "Pd6", "ka8", "pd5", "bg4", "pf4", "pc4"], 'w');
    assert_moves(
        &p,
        &[
            "d4d5,d5d8",
            "d4d7",
            "d4e4",
            "d4g4,g4h4",
            "d4d3",
            "d4d1",
            "d4c4,c4b4",
            "d4c4,c4z4",
            "d4a4",
            "d6d7",
            "h1g1",
            "h1g2",
            "h1h2",
        ],
    );
}

/// Kings side by side. White d4, Black d5: neither can capture the other (d3 behind White's
/// king holds a white pawn, d6 behind Black's a black pawn), so the position is legal and
/// nobody is in check. White's king may not step next to the black king where the square
/// beyond is empty: c4 (b3 beyond), e4 (f3), c5 (b5; also the pawn d6 jumps c5 to b4), e5 (f5).
/// c3 and e3 are not adjacent to d5: legal. The pawn d3 is blocked; d5 is a king, never a
/// victim.
#[test]
fn kings_side_by_side() {
    let p = pos(&["Kd4", "Pd3", "kd5", "pd6"], 'w');
    assert!(!p.in_check());
    assert_moves(&p, &["d4c3", "d4e3"]);
    // Remove the pawn behind the white king: Black's king could now capture it, so White is in
    // check; with Black to move that position is rejected (the side not to move in check).
    let p = pos(&["Kd4", "kd5", "pd6"], 'w');
    assert!(p.in_check());
    let e = JumpingKnights::from_fen(&fen(&["Kd4", "kd5", "pd6"], 'b', "-", "-")).unwrap_err();
    assert_eq!(e.field, "side");
    // Pawn behind White's king, none behind Black's: Black (to move) is in check.
    let p = JumpingKnights::from_fen(&fen(&["Kd4", "Pd3", "kd5"], 'b', "-", "-")).unwrap();
    assert!(p.in_check());
}

/// King captures: the king on e4 is in check from the pawn d5 (it could jump e4 to f3). Its
/// captures: d5 to c6, e3 to e2, f4 to g4 (every victim adjacent, landing on the next square).
/// Its steps d3 d4 e5 f3 f5: no black pawn stands diagonally above any of them with an empty
/// square beyond, so all are legal.
#[test]
fn king_captures() {
    let p = pos(&["Ke4", "ke8", "pd5", "pe3", "pf4"], 'w');
    assert!(p.in_check());
    assert_moves(
        &p,
        &["e4d5,d5c6", "e4e3,e3e2", "e4f4,f4g4", "e4d3", "e4d4", "e4e5", "e4f3", "e4f5"],
    );
}

/// Promotion on ranks 8 and 9 (White). Pawn c7: step to c8 promotes (5 choices: Q R B N W);
/// capture of the rook d8 lands on e9, an edge square on rank 9: promotes (5). Pawn f6: f7;
/// capture of the Nightrider g7 lands on h8: promotes (5). Pawn b2: b3, b4. King a1: a2, b1.
#[test]
fn white_promotions_on_ranks_8_and_9() {
    let p = pos(&["Ka1", "Pc7", "Pf6", "Pb2", "kh4", "rd8", "ng7"], 'w');
    let mut want = vec!["f6f7", "b2b3", "b2b4", "a1a2", "a1b1"];
    let promos = ["q", "r", "b", "n", "w"];
    let c8: Vec<String> = promos.iter().map(|l| format!("c7c8{l}")).collect();
    let e9: Vec<String> = promos.iter().map(|l| format!("c7d8,d8e9{l}")).collect();
    let h8: Vec<String> = promos.iter().map(|l| format!("f6g7,g7h8{l}")).collect();
    want.extend(c8.iter().chain(&e9).chain(&h8).map(String::as_str));
    assert_moves(&p, &want);
    let after = play(&p, "c7d8,d8e9w");
    assert_eq!(
        after.board().kind_at(sq("e9")),
        Some(movegen::variants::jumpingknights::JkKind::WarMachine)
    );
    assert_eq!(after.board().piece_at(sq("d8")), None);
}

/// The same for Black on ranks 1 and 0 (mirror image): c2-c1, c2xd1-e0, f3xg2-h1 promote;
/// f3-f2, b7-b6, b7-b5; king a8: a7, b8.
#[test]
fn black_promotions_on_ranks_1_and_0() {
    let p = pos(&["ka8", "pc2", "pf3", "pb7", "Kh5", "Rd1", "Ng2"], 'b');
    let mut want = vec!["f3f2", "b7b6", "b7b5", "a8a7", "a8b8"];
    let promos = ["q", "r", "b", "n", "w"];
    let c1: Vec<String> = promos.iter().map(|l| format!("c2c1{l}")).collect();
    let e0: Vec<String> = promos.iter().map(|l| format!("c2d1,d1e0{l}")).collect();
    let h1: Vec<String> = promos.iter().map(|l| format!("f3g2,g2h1{l}")).collect();
    want.extend(c1.iter().chain(&e0).chain(&h1).map(String::as_str));
    assert_moves(&p, &want);
}

fn sq(name: &str) -> movegen::types::Square {
    use movegen::types::{Geo10x10, Geometry};
    Geo10x10::parse_square(name).expect("square")
}

/// Edge squares: non-captures never end there. A rook in the corner z0 and a pawn on i3 have no
/// move (every step would end on the edge); a king on z5 may only step to a4, a5, a6.
#[test]
fn edge_squares_take_only_captures() {
    let p = pos(&["Kz5", "Rz0", "Pi3", "kh8"], 'w');
    assert_moves(&p, &["z5a4", "z5a5", "z5a6"]);
}

/// JK-3: White e5; Black d7-d5; White jumps e5 over the skipped square d6 to c7 and d5 is
/// removed. Afterwards (or after any other move) the right is gone. Also Black's e.p. and an
/// edge pawn's e.p., which lands on a central square and so triggers Rule 4 (JK-5).
#[test]
fn en_passant_jumps_the_skipped_square() {
    let p = pos(&["Ka1", "Pe5", "kh8", "pd7"], 'b');
    let p = play(&p, "d7d5");
    assert_eq!(p.fen(), "10/8k1/10/10/4pP4/10/10/10/1K8/10 w - d6 0 2");
    // Pawn e5: e6, the e.p. jump; king a1: a2 b1 b2.
    assert_moves(&p, &["e5e6", "e5d6,d6c7", "a1a2", "a1b1", "a1b2"]);
    let m = p.parse_move("e5d6,d6c7").unwrap();
    assert_eq!(m.kind(), MoveKind::JumpEnPassant);
    assert_eq!((m.to(), m.aux(), p.victim_square(m)), (sq("d6"), sq("c7"), Some(sq("d5"))));
    assert_eq!(p.move_san(m), "e5xd6-c7 e.p.");
    let q = p.play(m);
    assert_eq!(q.fen(), "10/8k1/3P6/10/10/10/10/10/1K8/10 b - - 0 2");
    // Landing square occupied: no e.p.
    let p = pos(&["Ka1", "Pe5", "kh8", "pd7", "nc7"], 'b');
    let p = play(&p, "d7d5");
    assert!(!moves(&p).iter().any(|m| m.contains(',')), "{:?}", moves(&p));
    // Black: d4 jumps c3 to b2 after c2-c4.
    let p = pos(&["Kh8", "Pc2", "ka8", "pd4"], 'w');
    let p = play(&p, "c2c4");
    assert!(moves(&p).contains(&"d4c3,c3b2".to_string()));
    // Edge pawn z5 after a7-a5: z5 jumps a6 to b7 (central): Rule 4 binds, so White must make
    // that capture or give check. No white move gives check (king a1, pawn z5 vs king h8):
    // the e.p. jump is the only legal move.
    let p = pos(&["Ka1", "Pz5", "kh8", "pa7"], 'b');
    let p = play(&p, "a7a5");
    assert!(p.rule4_applies());
    assert_moves(&p, &["z5a6,a6b7"]);
}

/// JK-4: occupying the landing square parries check. White king e2 is in check from the rook
/// e6 (e5 e4 e3 empty, e1 empty beyond). Rook a1 to e1 fills the landing square: legal; every
/// other rook move leaves the check. King moves: d1 d2 d3 f1 f2 f3 (off the e-file); e1 and e3
/// stay on the file with an empty square beyond (e0, e2): illegal.
#[test]
fn check_parried_by_occupying_the_landing_square() {
    let p = pos(&["Ke2", "Ra1", "kh8", "re6"], 'w');
    assert!(p.in_check());
    assert_moves(&p, &["a1e1", "e2d1", "e2d2", "e2d3", "e2f1", "e2f2", "e2f3"]);
    assert!(!play(&p, "a1e1").is_check_for(Color::White));
}

trait CheckFor {
    fn is_check_for(&self, c: Color) -> bool;
}

impl CheckFor for JumpingKnights {
    fn is_check_for(&self, c: Color) -> bool {
        // The side `c` is in check: ask with `c` to move (a null move through FEN).
        let f = self.fen();
        let mut parts: Vec<&str> = f.split(' ').collect();
        let side = if c == Color::White { "w" } else { "b" };
        parts[1] = side;
        parts[3] = "-";
        JumpingKnights::from_fen(&parts.join(" ")).map(|p| p.in_check()).unwrap_or(true)
    }
}

/// Rule 4 (JK-5), capture forced or a checking move instead. The War Machine b0 (an edge
/// square) can jump the Nightrider b1 landing on b2 or b4, both central: Rule 4 binds. Of
/// White's other moves only two give check: rook a5-a8 (rank 8 empty up to the king h8, i8
/// empty beyond) and rook a5-h5 (h6 h7 empty, h9 beyond). Without the rule White would have 23
/// moves: the 2 captures, b0-b3, the rook's 14 and 6 king moves (d2 and f3 lie on the
/// Nightrider's line b1-d2-f3-h4).
#[test]
fn rule4_capture_forced_or_check() {
    let p = pos(&["Ke3", "Wb0", "Ra5", "kh8", "nb1"], 'w');
    assert!(p.rule4_applies());
    assert_moves(&p, &["b0b1,b1b2", "b0b1,b1b4", "a5a8", "a5h5"]);
    assert_eq!(p.moves_without_rule4().len(), 23);
    let refused = p.parse_move("e3d3").unwrap_err();
    assert!(refused.reason.contains("Rule 4"), "{refused}");
}

/// A capture from the edge that lands on the edge creates no obligation: the War Machine b0
/// jumps the Nightrider c0 to d0 or f0 only. All 24 moves stay legal: the 2 captures, b0-b1,
/// b0-b3, the rook's 14, and king moves d3 d4 e2 f2 f3 f4 (d2 and e4 lie on the Nightrider's
/// line c0-d2-e4-f6).
#[test]
fn rule4_edge_to_edge_capture_creates_no_obligation() {
    let p = pos(&["Ke3", "Wb0", "Ra5", "kh8", "nc0"], 'w');
    assert!(!p.rule4_applies());
    let m = moves(&p);
    assert_eq!(m.len(), 24, "{m:?}");
    assert!(m.contains(&"b0c0,c0d0".to_string()) && m.contains(&"b0c0,c0f0".to_string()));
}

/// Rule 4 counts only legal captures: here both War Machine captures of b1 would open rank 1
/// to the rook z1 (a1 b1 c1 empty, e1 beyond the king d1), so they are illegal and Rule 4 does
/// not bind. Legal: b0-b3; king c1, c2, e1, e2 (d2 is on the Nightrider's line b1-d2-f3).
#[test]
fn rule4_ignores_illegal_captures() {
    let p = pos(&["Kd1", "Wb0", "kh8", "nb1", "rz1"], 'w');
    assert!(!p.rule4_applies());
    assert_moves(&p, &["b0b3", "d1c1", "d1c2", "d1e1", "d1e2"]);
}

/// Castling under FIDE conditions, attacked squares per the rule book README (the king standing
/// on the square, its start square empty, the rook still home).
#[test]
fn castling() {
    let base = ["Ke1", "Ra1", "Rh1", "ke8"];
    let castles = |extra: &[&str], side: char, rights: &str| -> Vec<String> {
        let mut units: Vec<&str> = base.to_vec();
        units.extend_from_slice(extra);
        let p = JumpingKnights::from_fen(&fen(&units, side, rights, "-")).unwrap();
        moves(&p)
            .into_iter()
            .filter(|m| m == "e1g1" || m == "e1c1" || m == "e8g8" || m == "e8c8")
            .collect()
    };
    // Both sides free.
    assert_eq!(castles(&[], 'w', "KQ"), ["e1c1", "e1g1"]);
    // Rights missing.
    assert_eq!(castles(&[], 'w', "Q"), ["e1c1"]);
    // f1 attacked (rook f9: f8..f2 empty, f0 beyond): no short castling.
    assert_eq!(castles(&["rf9"], 'w', "KQ"), ["e1c1"]);
    // g1 attacked (rook g9, g0 beyond).
    assert_eq!(castles(&["rg9"], 'w', "KQ"), ["e1c1"]);
    // b1 attacked does not matter: the king does not pass it.
    assert_eq!(castles(&["rb9"], 'w', "KQ"), ["e1c1", "e1g1"]);
    // In check (rook e5 with e0 empty beyond the king): no castling.
    let p = JumpingKnights::from_fen(&fen(&["Ke1", "Ra1", "Rh1", "kd8", "re5"], 'w', "KQ", "-"))
        .unwrap();
    assert!(p.in_check());
    assert!(!moves(&p).iter().any(|m| m == "e1g1" || m == "e1c1"));
    // A unit between: no long castling.
    assert_eq!(castles(&["Nb1"], 'w', "KQ"), ["e1g1"]);
    // The README's condition: a War Machine on i1 jumps 3 to f1 and lands on e1 only once the
    // king has left e1 (c1 is blocked by a bishop): f1 counts as attacked, no short castling.
    // With the king still on e1 nothing would attack f1.
    assert_eq!(castles(&["Bc1", "wi1"], 'w', "K"), Vec::<String>::new());
    // Black, mirrored.
    let p = JumpingKnights::from_fen(&fen(&["Ke1", "ke8", "ra8", "rh8"], 'b', "kq", "-")).unwrap();
    let c: Vec<String> = moves(&p).into_iter().filter(|m| m == "e8g8" || m == "e8c8").collect();
    assert_eq!(c, ["e8c8", "e8g8"]);
    // Playing it moves the rook and drops the rights.
    let p = JumpingKnights::from_fen(&fen(&base, 'w', "KQ", "-")).unwrap();
    let q = play(&p, "e1g1");
    assert_eq!(q.fen(), "10/5k4/10/10/10/10/10/10/1R4RK2/10 b - - 1 1");
    assert_eq!(p.move_san(p.parse_move("e1c1").unwrap()), "O-O-O");
}

/// The seed's first endgame (Rule 2 stalemate win). White Kb2 Rc3, Black Kd4 Pa2, Black to
/// move. 1...a2-a1=Q. If 2.Kb2xa1-z0 then 2...Kd4xc3-b2 and White (king z0: a1 is next to the
/// black king with z0 empty beyond once vacated; z1 and a0 are edge squares) has no move and is
/// not in check: Black's king is central and White has a unit on the edge (its king): Black
/// wins. The other line 2.Kb2-c2 Qa1-a2+ 3.Kc2-c1 Qa2-c2# is checkmate.
#[test]
fn seed_endgame_one_stalemate_win() {
    let p = pos(&["Kb2", "Rc3", "kd4", "pa2"], 'b');
    // Black: a2-a1 with 5 promotion choices; king d5, e4, e5 (c4, c5, d3, e3 lie on the rook's
    // lines with empty squares beyond; c3 cannot be jumped because b2 behind it is occupied).
    assert_moves(&p, &["a2a1q", "a2a1r", "a2a1b", "a2a1n", "a2a1w", "d4d5", "d4e4", "d4e5"]);
    let p = play(&p, "a2a1q");
    assert!(!p.in_check());
    assert!(moves(&p).contains(&"b2a1,a1z0".to_string()));
    let q = play(&play(&p, "b2a1,a1z0"), "d4c3,c3b2");
    assert_eq!(q.fen(), "10/10/10/10/10/10/10/2k7/10/K9 w - - 0 3");
    assert!(moves(&q).is_empty());
    assert!(!q.in_check());
    assert_eq!(
        q.end_by_rule(&[]),
        Some(GameEnd { outcome: Outcome::Win(Color::Black), reason: EndReason::Stalemate })
    );
    assert!(!q.insufficient_material());
    // The other line.
    let mut r = p;
    for t in ["b2c2", "a1a2", "c2c1", "a2c2"] {
        r = play(&r, t);
    }
    assert!(moves(&r).is_empty());
    assert_eq!(
        r.end_by_rule(&[]),
        Some(GameEnd { outcome: Outcome::Win(Color::Black), reason: EndReason::Checkmate })
    );
}

/// The seed's second endgame: White Kh2 Wi0, Black Kf2 Pi2. The War Machine and the pawn never
/// move. White's king: h1 is jumped by the pawn (g0 beyond), g1 g2 g3 by the black king (h0,
/// h2 once vacated, h4 beyond): only h3. Black's king: g1 g2 g3 are next to White's king with
/// f0, f2 (vacated), f4 beyond: e1 e2 e3 f1 f3. No result by rule, no material draw.
///
/// Rule 2 draws: with these units a stalemate can also be a draw. Black king a1 caged by a rook
/// b5 (b1 and b2 lie on its file with b0 / b1 empty beyond) and a War Machine a3 (a2 is jumped to
/// a1 once vacated): stalemate. With White's king on a central square and Black's pawn i2 on the
/// edge: White wins. Without the pawn: draw. With the pawn but White's king on the edge square
/// i5: draw.
#[test]
fn seed_endgame_two_and_rule2_draws() {
    let p = pos(&["Kh2", "Wi0", "kf2", "pi2"], 'w');
    assert_moves(&p, &["h2h3"]);
    let mut list = <JumpingKnights as Rules>::Moves::default();
    p.legal_moves(&mut list);
    assert_eq!(p.end_by_rule(&list), None);
    assert!(!p.insufficient_material());
    let p = pos(&["Kh2", "Wi0", "kf2", "pi2"], 'b');
    assert_moves(&p, &["f2e1", "f2e2", "f2e3", "f2f1", "f2f3"]);

    let stalemate = |units: &[&str]| {
        let p = pos(units, 'b');
        assert!(moves(&p).is_empty() && !p.in_check(), "{}", p.fen());
        p.end_by_rule(&[]).expect("game over")
    };
    let win = GameEnd { outcome: Outcome::Win(Color::White), reason: EndReason::Stalemate };
    let draw = GameEnd { outcome: Outcome::Draw, reason: EndReason::Stalemate };
    assert_eq!(stalemate(&["Ke5", "Rb5", "Wa3", "ka1", "pi2"]), win);
    assert_eq!(stalemate(&["Ke5", "Rb5", "Wa3", "ka1"]), draw);
    assert_eq!(stalemate(&["Ki5", "Rb5", "Wa3", "ka1", "pi2"]), draw);
}

/// The seed's sample game, move by move (coordinates and the seed's algebraic form), with the
/// position after 4...Qd8xd7-d1+ checked. The seed says 5.Ke1-f1 is then "the only legal move";
/// by its own written rules (JK-4) Bg2-f1 and War Machine f0-f1 also parry the check by filling
/// f1, the square beyond the king. Nothing can take the queen d1: the king's jump lands on c1
/// (own bishop), and no white unit has d1 on its lines with an empty approach. d2 is next to
/// the queen with d3 empty beyond; e0 d0 f0 are edge squares or occupied; e2 f2 are own pawns.
#[test]
fn seed_sample_game() {
    let game = [
        ("g2g3", "g2-g3"),
        ("g8d2,d2c0", "Ng8xd2-c0+"),
        ("b0c0,c0f0", "Wb0xc0-f0"),
        ("d7d5", "d7-d5"),
        ("f1g2", "Bf1-g2"),
        ("c7c6", "c7-c6"),
        ("d1d5,d5d7", "Qd1xd5-d7+"),
        ("d8d7,d7d1", "Qd8xd7-d1+"),
    ];
    let mut p = JumpingKnights::startpos();
    for (text, san) in game {
        let m = p.parse_move(text).unwrap_or_else(|e| panic!("{e} at {}", p.fen()));
        assert_eq!(p.move_san(m), san);
        p = p.play(m);
    }
    assert_eq!(
        p.fen(),
        "2w4w2/1rnb1kb1r1/1pp2pppp1/3p6/10/10/7P2/1PPP1PPBP1/1RNBqK1NR1/6WW2 w KQkq - 0 5"
    );
    assert!(p.in_check());
    assert_moves(&p, &["e1f1", "g2f1", "f0f1"]);
    let sans: Vec<String> = {
        let mut list = <JumpingKnights as Rules>::Moves::default();
        p.legal_moves(&mut list);
        let mut v: Vec<String> = list.iter().map(|&m| p.move_san(m)).collect();
        v.sort_unstable();
        v
    };
    assert_eq!(sans, ["Bg2-f1", "Ke1-f1", "Wf0-f1"]);
}

/// After 1.g2-g3 the Nightrider g8 jumps d2 (leaps g8-f6-e4-d2) to c0 and gives check along
/// c0-e1 with g2 (vacated by the pawn) empty beyond. White's replies by hand: take the checker
/// (the War Machine b0 steps onto c0 and continues by a step to d0 or a 3-jump to f0; nothing
/// else reaches c0: the queen's diagonal d1-c0 has no square beyond), or fill g2 (Bishop f1-g2).
/// The knight leap c0-e1 has no square between to block. The king cannot move: d2 (vacated)
/// lies on the Nightrider's line c0-d2-e4 with e4 empty beyond, e2 f2 d1 f1 are own units, and
/// d0 e0 f0 are edge squares.
#[test]
fn seed_sample_game_first_check() {
    let mut p = JumpingKnights::startpos();
    for t in ["g2g3", "g8d2,d2c0"] {
        p = play(&p, t);
    }
    assert!(p.in_check());
    assert_moves(&p, &["b0c0,c0d0", "b0c0,c0f0", "f1g2"]);
}
