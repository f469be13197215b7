//! XBoard (CECP v2) transcripts in `tamerspiel`: the `setup`/`piece` answer to `variant`, every
//! special move as `usermove` in each form XBoard 4.9.1 sends (`../shared/reference/
//! xboard-notes.md` §4.1, §4.3), the engine's own moves in XBoard form, `setboard` in XBoard's
//! field-dropping `courier` form, result claims with the swap rule, and the `lift` highlights.

use engine::xboard::dialect::Dialect;
use menagerie_tests::proto::Driver;
use movegen::rules::Rules;
use movegen::variants::tamerspiel::TamerSpiel;

fn start() -> Driver {
    let mut e = Driver::start();
    e.send("xboard");
    let f = e.ask("protover 2", "feature done=1").join("\n");
    assert!(f.contains("tamerspiel"), "variant listed: {f}");
    e.send("new");
    e
}

fn sync(e: &mut Driver, n: u32) -> Vec<String> {
    e.ask(&format!("ping {n}"), &format!("pong {n}"))
}

/// The lines the engine writes for `perft 1`, without the total: one `move: 1` per legal move.
fn root_moves(e: &mut Driver) -> Vec<String> {
    let mut out = e.ask("perft 1", "Nodes searched");
    out.pop();
    out.retain(|l| l.ends_with(": 1"));
    out.sort();
    out
}

/// The same list from the move generator (in XBoard form).
fn expected_root_moves(p: &TamerSpiel) -> Vec<String> {
    let mut l = <TamerSpiel as Rules>::Moves::default();
    p.legal_moves(&mut l);
    let mut v: Vec<String> = l.iter().map(|&m| format!("{}: 1", p.to_xboard(m))).collect();
    v.sort();
    v
}

fn play(p: &TamerSpiel, moves: &[&str]) -> TamerSpiel {
    moves.iter().fold(*p, |p, m| p.play(p.parse_move(m).unwrap()))
}

/// White: Rooks a1/l1, King g1 (castling both ways in principle), Guard d2 (swap partner),
/// Vizier b8 (next to Black's citadel a8), pawn c7. Black: King f8, Rook e5 (it covers e1, so
/// only the short castling g1j1 is legal).
const SPECIAL: &str = "1V3k6/*1P8*/*10*/*3r6*/*10*/*10*/*2G7*/R5K4R w KQ - 0 1 wb";
/// The same board as XBoard 4.9.1 writes it for a `courier` parent: no castling, no e.p. field.
const SPECIAL_XB: &str = "1V3k6/*1P8*/*10*/*3r6*/*10*/*10*/*2G7*/R5K4R w 0 1";

#[test]
fn variant_answers_setup_and_piece_lines() {
    let mut e = start();
    e.send("variant tamerspiel");
    let out = sync(&mut e, 1);
    let setup = out.iter().find(|l| l.starts_with("setup ")).expect("setup line");
    // 12x8 board, courier parent, `*` holes, the start FEN without the swap field.
    assert!(
        setup.ends_with(
            " 12x8+0_courier rgnblkcebngr/*ppppvfpppp*/*4pp4*/*10*/*10*/*4PP4*/*PPPPFVPPPP*/\
             RGNBECKLBNGR w KQkq - 0 1"
        ),
        "{setup}"
    );
    // The table: 23 slots per colour (22 piece types, the King last), White then Black.
    let table = setup.split(['(', ')']).nth(1).unwrap();
    assert_eq!(table.len(), 46, "{table}");
    assert!(table.ends_with('k') && table[..23].ends_with('K'), "{table}");
    let pieces: Vec<&String> = out.iter().filter(|l| l.starts_with("piece ")).collect();
    assert_eq!(pieces.len(), 19, "one line per kind: {pieces:?}");
    for p in ["piece K& KrO3lO4", "piece L& KAD", "piece F& FbW", "piece C& NAD", "piece T& KA"] {
        assert!(pieces.iter().any(|l| l == &p), "{p} missing: {pieces:?}");
    }
    e.quit();
}

#[test]
fn usermoves_of_every_special_kind_in_each_form() {
    let base = TamerSpiel::from_fen(SPECIAL).unwrap();
    // Castling: as the engine emits it (`g1j1,l1i1`), as XBoard re-encodes it in castling form
    // (kill square = the Rook's, any last square), and as a plain king drag (`g1j1`).
    for castle in ["g1j1,l1i1", "g1j1,l1k1", "g1j1"] {
        let mut e = start();
        // Black checks along the j-file; the swap with the Guard d2 is `j1d2` (courier: a king
        // onto its own piece); the Vizier's citadel entry with (`b8a8l`) and without its
        // letter; the pawn's promotion with (`c7c8d`) and without `d` on the last rank.
        for (promo, pawn) in [("b8a8l", "c7c8d"), ("b8a8", "c7c8")] {
            e.send("new");
            e.send("variant tamerspiel");
            e.send("force");
            e.send(&format!("setboard {SPECIAL_XB}"));
            for m in [castle, "e5j5", "j1d2", "f8g8", promo, "g8h8", pawn, "h8h7"] {
                e.send(&format!("usermove {m}"));
            }
            let after =
                play(&base, &["g1j1", "e5j5", "j1d2", "f8g8", "b8a8", "g8h8", "c7c8d", "h8h7"]);
            let got = root_moves(&mut e);
            assert_eq!(got, expected_root_moves(&after), "{castle} {promo} {pawn}");
            assert!(!e
                .transcript
                .iter()
                .any(|l| l.starts_with("Illegal") || l.starts_with("Error")));
        }
        e.quit();
    }
}

#[test]
fn illegal_special_moves_are_refused() {
    let mut e = start();
    e.send("variant tamerspiel");
    e.send("force");
    e.send(&format!("setboard {SPECIAL_XB}"));
    // The long castling crosses the attacked e1; a swap without check; a citadel entry with
    // the wrong letter; the rook leg of the other castling; a hole (a2 does not exist).
    for bad in ["g1c1,a1d1", "g1d2", "b8a8q", "g1j1,a1d1", "a1a2", "c7c8q"] {
        let r = e.ask(&format!("usermove {bad}"), "Illegal move");
        assert!(r.last().unwrap().ends_with(&format!(": {bad}")), "{r:?}");
    }
    // Still the same position: the engine lists the same legal moves.
    let base = TamerSpiel::from_fen(SPECIAL).unwrap();
    assert_eq!(root_moves(&mut e), expected_root_moves(&base));
    e.quit();
}

#[test]
fn engine_moves_in_xboard_form() {
    let mut e = start();
    e.send("variant tamerspiel");
    e.send("force");
    // White: Vizier b8, King g1; Black: King k3. Entering a8 makes the Vizier a Lion (+500),
    // far more than anything else: the engine plays it and names the new piece (`b8a8l`) so
    // that XBoard shows a Lion.
    e.send("setboard 1V10/*10*/*10*/*10*/*10*/*9k*/*10*/6K5 w - - 0 1 wb");
    e.send("sd 3");
    let out = e.ask("go", "move ");
    assert_eq!(out.last().unwrap(), "move b8a8l");
    sync(&mut e, 2);
    // From the start, each engine move is one XBoard accepts back as a usermove (its own form).
    e.send("new");
    e.send("variant tamerspiel");
    e.send("force");
    e.send("sd 2");
    let mut pos = TamerSpiel::startpos();
    for n in 0..6 {
        let out = e.ask("go", "move ");
        let mv = out.last().unwrap().strip_prefix("move ").unwrap().to_string();
        e.send("force");
        let m = pos.parse_xboard(&mv).unwrap_or_else(|e| panic!("ply {n}: {mv}: {e:?}"));
        assert_eq!(pos.to_xboard(m), mv, "the engine sends its canonical XBoard form");
        pos = pos.play(m);
        assert_eq!(root_moves(&mut e), expected_root_moves(&pos), "after {mv}");
    }
    e.quit();
}

#[test]
fn claims_mate_only_when_no_swap_is_left() {
    // White: Rook b7 (covers k7 along rank 7), Rook c1, King g1. Black: King l8 (its own
    // citadel: its only neighbours are k8 and k7, l7 is a hole), Guard e5. c1c8 checks along
    // rank 8; the King cannot step and nothing interposes or captures.
    // With Black's swap used (flag `w`) that is mate: the engine claims it.
    let mut e = start();
    e.send("variant tamerspiel");
    e.send("force");
    e.send("setboard 11k/*R9*/*10*/*3g6*/*10*/*10*/*10*/2R3K5 w - - 0 1 w");
    e.send("sd 3");
    let out = e.ask("go", "1-0");
    assert!(out.contains(&"move c1c8".to_string()), "{out:?}");
    assert_eq!(out.last().unwrap(), "1-0 {White mates}");
    // With the swap unused (`wb`), the King escapes by swapping with the unattacked Guard e5:
    // the user's c1c8 is no mate, and the engine (Black) answers with the swap, its only move.
    e.send("new");
    e.send("variant tamerspiel");
    e.send("force");
    e.send("setboard 11k/*R9*/*10*/*3g6*/*10*/*10*/*10*/2R3K5 w - - 0 1 wb");
    e.send("playother");
    e.send("st 0.2");
    let out = e.ask("usermove c1c8", "move ");
    assert_eq!(out.last().unwrap(), "move l8e5");
    assert!(!out.iter().any(|l| l.starts_with("1-0")), "{out:?}");
    e.quit();
}

#[test]
fn lift_highlights_castling_and_swaps() {
    let mut e = start();
    e.send("variant tamerspiel");
    e.send("force");
    e.send(&format!("setboard {SPECIAL_XB}"));
    // The King g1: steps f1 h1 f2 g2 h2 and castling by dragging to j1 (c1 is out: e1 is
    // attacked). Ranks 8..1, 12 files each.
    let r = e.ask("lift g1", "highlight");
    assert_eq!(r.last().unwrap(), "highlight 12/12/12/12/12/12/5YYY4/5Y1Y1Y2");
    // The pawn c7: its only move, c8, is a promotion (magenta).
    let r = e.ask("lift c7", "highlight");
    assert_eq!(r.last().unwrap(), "highlight 2M9/12/12/12/12/12/12/12");
    // In check after castling and e5j5, the King j1 may swap with any unattacked piece:
    // Vizier b8, Guard d2, Rooks a1 and i1 (i1 is beside the King, still a swap); its steps
    // i2, k2, k1 are free (j2 is attacked by the Rook j5).
    e.send("usermove g1j1,l1i1");
    e.send("usermove e5j5");
    let r = e.ask("lift j1", "highlight");
    assert_eq!(r.last().unwrap(), "highlight 1Y10/12/12/12/12/12/3Y4Y1Y1/Y7Y1Y1");
    sync(&mut e, 3);
    e.quit();
}

#[test]
fn setboard_in_xboard_form_restores_castling_from_the_board() {
    let mut e = start();
    e.send("variant tamerspiel");
    e.send("force");
    // XBoard sends the start position to the second engine without castling and e.p. fields.
    e.send(
        "setboard rgnblkcebngr/*ppppvfpppp*/*4pp4*/*10*/*10*/*4PP4*/*PPPPFVPPPP*/RGNBECKLBNGR w \
         0 1",
    );
    assert_eq!(root_moves(&mut e), expected_root_moves(&TamerSpiel::startpos()));
    // A board whose kings and rooks stand at home gets the rights back: castling is legal.
    e.send(&format!("setboard {SPECIAL_XB}"));
    let got = root_moves(&mut e);
    assert!(got.contains(&"g1j1,l1i1: 1".to_string()), "{got:?}");
    let r = e.ask("setboard 5k6/*10* w 0 1", "Error");
    assert!(r.iter().any(|l| l == "tellusererror Illegal position"), "{r:?}");
    e.quit();
}
