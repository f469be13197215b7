//! XBoard (CECP v2) transcripts in `magician`: the `variant` answer (`setup` and `piece`
//! lines), every special move as XBoard 4.9.1 sends it (the switch in both of its relayed
//! forms, promotion to the Magician with either letter, the 6th-rank trigger, castling, e.p.),
//! the engine's own special moves in XBoard form, `setboard` with XBoard's six-field FEN,
//! result claims, and the highlight dialogue for the two-leg switch.

use menagerie_tests::proto::Driver;
use movegen::perft::perft;
use movegen::rules::Rules;
use movegen::variants::magician::Magician;
use std::time::Duration;

fn start() -> Driver {
    let mut e = Driver::start();
    e.send("xboard");
    let f = e.ask("protover 2", "feature done=1");
    let all = f.join("\n");
    let variants = all.split("variants=\"").nth(1).and_then(|v| v.split('"').next()).unwrap();
    assert!(variants.split(',').any(|v| v == "magician"), "{all}");
    e.send("new");
    e
}

fn sync(e: &mut Driver, n: u32) -> Vec<String> {
    e.ask(&format!("ping {n}"), &format!("pong {n}"))
}

/// `perft 2` in XBoard mode: the engine's position must equal `expect` (a desync shows up as
/// a different count).
fn same_position(e: &mut Driver, expect: &str) {
    let p = Magician::from_fen(expect).unwrap();
    let out = e.ask("perft 2", "Nodes searched");
    assert_eq!(out.last().unwrap(), &format!("Nodes searched: {}", perft(&p, 2)), "{expect}");
}

#[test]
fn variant_is_answered_with_setup_and_pieces() {
    let mut e = start();
    e.send("variant magician");
    let r = sync(&mut e, 1);
    assert_eq!(
        r,
        vec![
            "setup (PNBRQ..A.......YC....H.............MKpnbrq..a.......yc....h.............mk) \
             8x8+0_fairy rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "piece M& mFmnAcKcAcD",
            "piece H& mKmnAmnDcKcAcDcN",
            "piece A& mBmWmnDcBcKcAcDcN",
            "piece C& mRmFmnAcRcKcAcDcN",
            "piece Y& mQcQcNcAcD",
            "pong 1",
        ]
    );
    e.quit();
}

#[test]
fn usermoves_in_every_xboard_form() {
    let mut e = start();
    e.send("variant magician");
    sync(&mut e, 1); // the setup and piece lines
    e.send("force");
    // White: Ke1, Ra1, Rh1, a moved bishop on c4, pawns b7, d5, h5; Black: Ke8, Ra8, Rh8,
    // a moved bishop on f5, pawns e7, g2 (XBoard's FEN: six fields, flags default to `Mm`).
    e.send("setboard r3k2r/1P2p3/8/3P1b1P/2B5/8/6p1/R3K2R w KQkq - 0 1");
    // O-O-O (XBoard's castling text), e5, dxe6 e.p.
    for m in ["O-O-O", "e7e5", "d5e6"] {
        e.send(&format!("usermove {m}"));
    }
    // Black's switch as XBoard relays it to White's engine: castling form, no letter.
    e.send("usermove f5f5,f4e5");
    // White's switch as XBoard relays it (lion form through the empty c5).
    e.send("usermove c4c5,c5c4m");
    // Black castles; h6 is the 6th-rank trigger: White's Magician becomes a Chancellor
    // (Black's strongest orthodox piece is a rook).
    e.send("usermove e8g8");
    e.send("usermove h5h6");
    let r = sync(&mut e, 2);
    assert_eq!(r, vec!["pong 2"], "all accepted");
    // Hand-worked: White K c1, R d1, R h1, C c4, P b7 e6 h6; Black K g8, R a8, R f8, M f5
    // (Black's flag cleared by her switch; White's too), pawn g2.
    let after = "r4rk1/1P6/4P2P/5m2/2C5/8/6p1/2KR3R b - - 0 4 -";
    same_position(&mut e, after);
    // A second switch on f5 is refused (a Magician stands there, the flag is cleared), and
    // the state is kept.
    let r = e.ask("usermove f5f4,f4f5m", "Illegal move");
    assert!(r.last().unwrap().ends_with(": f5f4,f4f5m"), "{r:?}");
    same_position(&mut e, after);
    e.quit();
}

#[test]
fn promotion_to_the_magician_accepts_both_letters() {
    for letter in ["y", "m"] {
        let mut e = start();
        e.send("variant magician");
        e.send("force");
        // White pawn b7, Black queen d8: promoting to the Magician makes a Prime Minister.
        e.send("setboard 3qk3/1P6/8/8/8/8/8/4K3 w - - 0 1");
        e.send(&format!("usermove b7b8{letter}"));
        sync(&mut e, 3);
        same_position(&mut e, "1Y1qk3/8/8/8/8/8/8/4K3 b - - 0 1 m");
        e.quit();
    }
}

#[test]
fn engine_sends_its_special_moves_in_xboard_form_and_claims_mate() {
    // White mates by switching in the Magician (see magician_search.rs): the move travels as
    // an igui move through the empty a7, and the engine claims the result.
    let mut e = start();
    e.send("variant magician");
    e.send("force");
    e.send("setboard k7/2K5/B7/8/8/8/8/8 w - - 0 1");
    e.send("sd 3");
    let out = e.ask("go", "1-0");
    assert!(out.contains(&"move a6a7,a7a6m".to_string()), "{out:?}");
    assert_eq!(out.last().unwrap(), "1-0 {White mates}");
    e.quit();

    // Black's mirror: forward for Black is a2.
    let mut e = start();
    e.send("variant magician");
    e.send("force");
    e.send("setboard 8/8/8/8/8/b7/2k5/K7 b - - 0 1");
    e.send("sd 3");
    let out = e.ask("go", "0-1");
    assert!(out.contains(&"move a3a2,a2a3m".to_string()), "{out:?}");
    assert_eq!(out.last().unwrap(), "0-1 {Black mates}");
    e.quit();

    // Promotion to the Magician, sent with her final form's letter: Black's g-pawn promotes;
    // White has a queen, so she is a Prime Minister at once (worth far more than a queen).
    let mut e = start();
    e.send("variant magician");
    e.send("force");
    e.send("setboard 4k3/8/8/8/8/8/6p1/Q3K3 b - - 0 1");
    e.send("sd 4");
    let out = e.ask("go", "move ");
    assert_eq!(out.last().unwrap(), "move g2g1y");
    e.quit();
}

#[test]
fn claims_after_the_users_mating_switch() {
    let mut e = start();
    e.send("variant magician");
    e.send("force");
    e.send("setboard k7/2K5/B7/8/8/8/8/8 w - - 0 1");
    e.send("playother");
    let out = e.ask("usermove a6a7,a7a6m", "1-0");
    assert_eq!(out.last().unwrap(), "1-0 {White mates}");
    e.quit();
}

#[test]
fn setboard_infers_the_magician_flags() {
    let mut e = start();
    e.send("variant magician");
    sync(&mut e, 1); // the setup and piece lines
    e.send("force");
    // A White Magician on the board: XBoard's six-field FEN would mean `Mm` (refused by MG-3);
    // the adapter infers `m` (White has brought her in, Black has not).
    e.send("setboard 4k3/p7/8/8/2b5/8/P7/3MK3 b - - 0 1");
    let r = sync(&mut e, 4);
    assert_eq!(r, vec!["pong 4"]);
    same_position(&mut e, "4k3/p7/8/8/2b5/8/P7/3MK3 b - - 0 1 m");
    // Black may switch (flag inferred set): the castling-form relay is accepted.
    e.send("usermove c4c4,c3b4");
    assert_eq!(sync(&mut e, 5), vec!["pong 5"]);
    same_position(&mut e, "4k3/p7/8/8/2m5/8/P7/3MK3 w - - 1 2 -");
    // A broken FEN is still refused.
    e.send("setboard 4k3/8/8/8/8/8/8/8 w - - 0 1");
    let r = e.until(Duration::from_secs(5), |l| l.starts_with("Error"));
    assert!(r.iter().any(|l| l == "tellusererror Illegal position"), "{r:?}");
    e.quit();
}

#[test]
fn highlight_dialogue_for_the_switch() {
    let mut e = start();
    e.send("variant magician");
    e.send("force");
    e.send("setboard k7/2K5/B7/8/8/8/8/8 w - - 0 1");
    // The bishop's quiet moves in yellow (b7, c8, b5, c4, d3, e2, f1) and a7, the first leg
    // of the switch, in cyan.
    let r = e.ask("lift a6", "highlight");
    assert_eq!(r.last().unwrap(), "highlight 2Y5/CY6/8/1Y6/2Y5/3Y4/4Y3/5Y2");
    // Dropped on a7: the second leg goes back to a6.
    let r = e.ask("put a7", "highlight");
    assert_eq!(r.last().unwrap(), "highlight 8/8/Y7/8/8/8/8/8");
    // What XBoard then sends (with or without the letter) is the switch, and it mates.
    e.send("playother");
    let out = e.ask("usermove a6a7,a7a6", "1-0");
    assert_eq!(out.last().unwrap(), "1-0 {White mates}");
    e.quit();
}
