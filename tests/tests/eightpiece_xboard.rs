//! XBoard (CECP v2) transcripts in `eightpiece` and `eightpiece-random`: the `variant` reply
//! (`setup` and `piece` lines), `usermove` of every special move kind in each form XBoard 4.9.1
//! sends (`../shared/reference/xboard-notes.md` §4.1 and §4.3: lion and castling forms of the
//! push, White's igui turn and Black's relayed turn without its letter, lancer facing letters,
//! `@@@@` and the pass relayed as `setboard`), the engine's own special moves in XBoard form,
//! `setboard`, result claims, and the `lift`/`put` highlight of the two-leg sentry push.
//!
//! XBoard mode has no `d`, so a move's effect is observed through `lift` (the legal
//! destinations of one unit), which shows where a unit stands and which way a lancer faces.
//! Expected highlight boards are worked out by hand from the rule book (comments).

use menagerie_tests::proto::Driver;

fn start(variant: &str) -> (Driver, Vec<String>) {
    let mut e = Driver::start();
    e.send("xboard");
    e.ask("protover 2", "feature done=1");
    e.send("new");
    e.send(&format!("variant {variant}"));
    e.send("force");
    let lines = sync(&mut e, 100);
    (e, lines)
}

fn sync(e: &mut Driver, n: u32) -> Vec<String> {
    e.ask(&format!("ping {n}"), &format!("pong {n}"))
}

/// Sends `usermove`s and fails on any `Illegal move` / `Error` reply.
fn moves(e: &mut Driver, list: &[&str]) {
    for m in list {
        e.send(&format!("usermove {m}"));
    }
    let r = sync(e, 1);
    assert!(
        !r.iter().any(|l| l.starts_with("Illegal") || l.starts_with("Error")),
        "{list:?}: {r:?}"
    );
}

fn lift(e: &mut Driver, sq: &str) -> String {
    e.ask(&format!("lift {sq}"), "highlight").last().unwrap().to_string()
}

fn setboard(e: &mut Driver, fen: &str) {
    e.send(&format!("setboard {fen}"));
    let r = sync(e, 2);
    assert!(!r.iter().any(|l| l.contains("Illegal position")), "{fen}: {r:?}");
}

#[test]
fn variant_answers_setup_and_pieces() {
    let (e, lines) = start("eightpiece");
    // Letters: J jailer, S sentry, lancer by facing c d e f g h m o = N NE E SE S SW W NW; the
    // start lancers face ne (White, D) and se (Black, f).
    let setup = "setup (PNBRQFE.C.MOH.JGD..S.Kpnbrqfe.c.moh.jgd..s.k) 8x8+0_fairy \
                 jfsqkbnr/pppppppp/8/8/8/8/PPPPPPPP/JDSQKBNR w KQkq - 0 1";
    assert!(lines.iter().any(|l| l == setup), "{lines:?}");
    // Jailer and sentry move without capturing; each lancer letter is a one-way rider, Black's
    // letters read from Black's side (north is Black's back).
    for p in [
        "piece J& mR",
        "piece S& mB",
        "piece C fR",
        "piece c bR",
        "piece D frB",
        "piece f flB",
        "piece M lR",
        "piece m rR",
    ] {
        assert!(lines.iter().any(|l| l == p), "missing {p}: {lines:?}");
    }
    e.quit();
    // eightpiece-random: setup 0 (Seed 0) is BJKLNSQR, lancers facing straight forward.
    let (e, lines) = start("eightpiece-random");
    let setup = "setup (PNBRQFE.C.MOH.JGD..S.Kpnbrqfe.c.moh.jgd..s.k) 8x8+0_fairy \
                 bjkgnsqr/pppppppp/8/8/8/8/PPPPPPPP/BJKCNSQR w KQkq - 0 1";
    assert!(lines.iter().any(|l| l == setup), "{lines:?}");
    e.quit();
}

#[test]
fn lancer_letters_turns_and_promotion() {
    let (mut e, _) = start("eightpiece");
    // White lancer b1 facing n (C): move to b4 turning east (`e`); after Black's reply it
    // rides c4..h4.
    setboard(&mut e, "7k/8/8/8/8/8/8/1C5K w - - 0 1");
    moves(&mut e, &["b1b4e", "h8g8"]);
    assert_eq!(lift(&mut e, "b4"), "highlight 8/8/8/8/2YYYYYY/8/8/8");
    // Re-orient, White's igui form through the empty b1: lancer a1 faces w (off the board),
    // turns to e; then it rides b1..g1 (passing nothing: h1 is its own king).
    setboard(&mut e, "7k/8/8/8/8/8/8/M6K w - - 0 1");
    moves(&mut e, &["a1b1,b1a1e", "h8g8"]);
    assert_eq!(lift(&mut e, "a1"), "highlight 8/8/8/8/8/8/8/1YYYYYY1");
    // Black's re-orient as XBoard relays it: castling form `a8a8,b8X` without the letter (X
    // may be off the board, here the backtick); the kill square b8 lies east of a8.
    setboard(&mut e, "m6k/8/8/8/8/8/8/7K b - - 0 1");
    moves(&mut e, &["a8a8,b8`8", "h1h2"]);
    assert_eq!(lift(&mut e, "a8"), "highlight 1YYYYYY1/8/8/8/8/8/8/8");
    // The same with the kill square b7 (south-east): the lancer then rides b7..h1 (the white
    // king left h1 for h2).
    setboard(&mut e, "m6k/8/8/8/8/8/8/7K b - - 0 1");
    moves(&mut e, &["a8a8,b7b8", "h1h2"]);
    assert_eq!(lift(&mut e, "a8"), "highlight 8/1Y6/2Y5/3Y4/4Y3/5Y2/6Y1/7Y");
    // Promotion to a lancer facing s (`g`): it then rides down the e-file.
    setboard(&mut e, "7k/4P3/8/8/8/8/8/K7 w - - 0 1");
    moves(&mut e, &["e7e8g", "h8h7"]);
    assert_eq!(lift(&mut e, "e8"), "highlight 8/4Y3/4Y3/4Y3/4Y3/4Y3/4Y3/4Y3");
    e.quit();
}

#[test]
fn push_nudge_and_turn_then_move() {
    let (mut e, _) = start("eightpiece");
    // Sentry b4, black lancer c5 facing n (`c`). Lion form: the lancer is pushed to c8; the
    // sentry now stands on c5, b4 is empty, and Black's lancer on c8 has moves.
    let push_fen = "7k/8/8/2c5/1S6/8/8/4K3 w - - 0 1";
    setboard(&mut e, push_fen);
    moves(&mut e, &["b4c5,c5c8"]);
    assert_ne!(lift(&mut e, "c8"), "highlight 8/8/8/8/8/8/8/8");
    assert_eq!(lift(&mut e, "c5"), "highlight 8/8/8/8/8/8/8/8", "c5 is White's now");
    // The same push in XBoard's castling form `F T,K X` (X = T's file + 1).
    setboard(&mut e, push_fen);
    moves(&mut e, &["b4c8,c5d8"]);
    assert_ne!(lift(&mut e, "c8"), "highlight 8/8/8/8/8/8/8/8");
    // Nudge: one step to d4 (the lancer then faces se, toward e3..h0: e3, f2, g1).
    setboard(&mut e, push_fen);
    moves(&mut e, &["b4c5,c5d4"]);
    let h = lift(&mut e, "d4");
    assert_ne!(h, "highlight 8/8/8/8/8/8/8/8");
    assert_eq!(lift(&mut e, "c8"), "highlight 8/8/8/8/8/8/8/8");
    // Black's sentry c2 pushes the white lancer d3 (facing ne) on to e4; White's lancer may
    // then Turn-then-Move: north to e7, written with its new facing letter `c`. Facing n on
    // e7 it attacks only e8.
    let ttm_fen = "7k/8/8/8/8/3D4/2s5/7K b - - 0 1";
    setboard(&mut e, ttm_fen);
    moves(&mut e, &["c2d3,d3e4", "e4e7c", "h8g8"]);
    assert_eq!(lift(&mut e, "e7"), "highlight 4Y3/8/8/8/8/8/8/8");
    // The same Turn-then-Move without the letter (the facing is the direction e4->e7).
    setboard(&mut e, ttm_fen);
    moves(&mut e, &["c2d3,d3e4", "e4e7", "h8g8"]);
    assert_eq!(lift(&mut e, "e7"), "highlight 4Y3/8/8/8/8/8/8/8");
    // Held by the jailer e5 the pushed lancer may only turn in place (8P-9): igui form through
    // the first empty square north (e6; e5 is occupied). Facing n while held: no moves.
    let held_fen = "7k/8/8/4j3/8/3D4/2s5/7K b - - 0 1";
    setboard(&mut e, held_fen);
    moves(&mut e, &["c2d3,d3e4", "e4e6,e6e4c", "h8g8"]);
    // The turn made, the jailer steps aside: the lancer faces n and rides e5..e8.
    moves(&mut e, &["h1g1", "e5a5", "g1h1"]);
    // (Black to move; lift needs White to move: one more pair.)
    moves(&mut e, &["a5a4"]);
    assert_eq!(lift(&mut e, "e4"), "highlight 4Y3/4Y3/4Y3/4Y3/8/8/8/8");
    e.quit();
}

#[test]
fn pass_castling_and_setboard() {
    let (mut e, _) = start("eightpiece");
    // The white king b1 is held by the jailer b2: `@@@@` passes; Black's king then moves.
    let held = "k7/8/8/8/8/8/1j6/1K6 w - - 0 1";
    setboard(&mut e, held);
    moves(&mut e, &["@@@@"]);
    assert_ne!(lift(&mut e, "a8"), "highlight 8/8/8/8/8/8/8/8");
    // XBoard relays the other engine's pass as a `setboard` of the same board with the other
    // side to move: the engine plays the pass (so it can be undone), not a new game.
    setboard(&mut e, held);
    setboard(&mut e, "k7/8/8/8/8/8/1j6/1K6 b - - 1 1");
    e.send("undo");
    let r = sync(&mut e, 3);
    assert!(!r.iter().any(|l| l.starts_with("Error")), "the pass was not played: {r:?}");
    // Without the pass (a new game from a FEN) there is nothing to undo.
    e.send("undo");
    let r = sync(&mut e, 4);
    assert!(r.iter().any(|l| l.starts_with("Error")), "{r:?}");
    // Castling short (rook) and long (jailer a1 to d1) from the start position.
    e.send("new");
    e.send("variant eightpiece");
    e.send("force");
    moves(
        &mut e,
        &["e2e4", "e7e5", "g1f3", "g8f6", "f1c4", "f8c5", "e1g1", "e8g8", "d2d4", "d7d5"],
    );
    e.send("new");
    e.send("variant eightpiece");
    e.send("force");
    moves(
        &mut e,
        &["d2d4", "d7d5", "b1d3c", "b8d6g", "c1e3", "c8f5", "d1d2", "d8d7", "e1c1", "e8c8"],
    );
    // eightpiece-random: king c1 onto the jailer b1 (long: the king stays, the jailer goes to
    // d1) and onto the rook h1 (short), as XBoard sends them.
    e.send("variant eightpiece-random");
    e.send("force");
    setboard(&mut e, "bjk4r/pppppppp/8/8/8/8/PPPPPPPP/BJK4R w KQkq - 0 1");
    moves(&mut e, &["c1h1", "c8b8"]);
    // XBoard's castling form for a king moving toward a jailer partner: king b1 to c1, the
    // jailer a1 to d1 (`piece K& KO2`).
    setboard(&mut e, "jk5r/pppppppp/8/8/8/8/PPPPPPPP/JK5R w KQkq - 0 1");
    moves(&mut e, &["b1c1,a1d1", "b8c8,a8d8"]);
    e.quit();
}

#[test]
fn engine_moves_in_xboard_form() {
    let (mut e, _) = start("eightpiece");
    // Only move: the pass of the held king.
    setboard(&mut e, "k7/8/8/8/8/8/1j6/1K6 w - - 0 1");
    e.send("sd 3");
    let out = e.ask("go", "move ");
    assert_eq!(out.last().unwrap(), "move @@@@");
    // Only moves: re-orients of the lancer a1 facing w (the king h1 is boxed in by the black
    // king f2 and bishop g3 and not held, so no pass). XBoard form: igui through the first
    // empty square of the new facing (n: a2, ne: b2, e: b1) with its letter.
    e.send("force");
    setboard(&mut e, "8/8/8/8/8/6b1/5k2/M6K w - - 0 1");
    let out = e.ask("go", "move ");
    let mv = out.last().unwrap().as_str();
    assert!(["move a1a2,a2a1c", "move a1b2,b2a1d", "move a1b1,b1a1e"].contains(&mv), "{out:?}");
    e.quit();
}

#[test]
fn result_claims() {
    let (mut e, _) = start("eightpiece");
    // The black king a8 is held by the jailer b8 (so it cannot step) and may not pass out of
    // check (8P-2): Rh2-a2 mates.
    setboard(&mut e, "kJ6/8/8/8/8/2K5/7R/8 w - - 0 1");
    e.send("sd 3");
    let out = e.ask("go", "1-0");
    assert!(out.contains(&"move h2a2".to_string()), "{out:?}");
    assert_eq!(out.last().unwrap(), "1-0 {White mates}");
    // The user stalemates the engine (Black): king a8, White king b6 and queen c7.
    e.send("force");
    setboard(&mut e, "k7/8/1K6/8/8/8/8/2Q5 w - - 0 1");
    e.send("playother");
    let out = e.ask("usermove c1c7", "1/2-1/2");
    assert_eq!(out.last().unwrap(), "1/2-1/2 {Stalemate}");
    e.quit();
}

#[test]
fn highlight_of_the_sentry_push() {
    let (mut e, _) = start("eightpiece");
    setboard(&mut e, "7k/8/8/2c5/1S6/8/8/4K3 w - - 0 1");
    // Sentry b4: quiet bishop steps a5, a3, c3, d2 (Y); c5 holds the lancer it may push: the
    // first leg of a two-leg move (C).
    assert_eq!(lift(&mut e, "b4"), "highlight 8/8/8/Y1C5/8/Y1Y5/3Y4/8");
    // Second leg from c5: the lancer may go to b5 b6 c4 c6 c7 c8 d4 d5 d6 (the perft
    // position lancer-push-8P-10: 9 push and nudge moves).
    let r = e.ask("put c5", "highlight");
    assert_eq!(r.last().unwrap(), "highlight 2Y5/2Y5/1YYY4/1Y1Y4/2YY4/8/8/8");
    e.quit();
}

/// After a push XBoard 4.9.1 shows the pusher's sentry on the pushed unit's square and nothing
/// on the sentry's, and forfeits a later move from either square; so the engine, playing Black
/// right after White's push of its lancer to c8, moves its king (h8) rather than the lancer,
/// although the lancer has many moves (Turn-then-Move, 7.4).
#[test]
fn avoids_moves_xboard_cannot_follow() {
    let (mut e, _) = start("eightpiece");
    setboard(&mut e, "7k/8/8/2c5/1S6/8/8/4K3 w - - 0 1");
    moves(&mut e, &["b4c5,c5c8"]);
    e.send("sd 3");
    let out = e.ask("go", "move ");
    let mv = out.last().unwrap();
    assert!(mv.starts_with("move h8"), "{out:?}");
    e.quit();
}
