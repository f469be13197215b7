//! XBoard (CECP v2) transcripts in `jumpingknights`: the `variant` answer (`setup` with parent
//! `grand`, `piece` lines), `usermove` of every special move kind in XBoard's file letters
//! (`z a .. h i` travel as `a b .. i j`) and in both of XBoard 4.9.1's re-encodings (lion form
//! `F K,K T`, castling form `F T,K X`), the engine's own jumps and e.p. in XBoard form,
//! `setboard` without a castling field, the Rule 2 stalemate-win claim, and the `lift`/`put`
//! highlight dialogue of a two-leg jump (xboard-notes.md §1.3, §4.1, §4.3).
//!
//! Every position is hand-made and explained; XBoard squares are converted to the rule book's by
//! the small table in `ours` below (independent of the engine's translator).

use menagerie_tests::proto::Driver;
use movegen::rules::Rules;
use movegen::variants::jumpingknights::{JumpingKnights, START_FEN};

fn start() -> Driver {
    let mut e = Driver::start();
    e.send("xboard");
    let f = e.ask("protover 2", "feature done=1");
    let all = f.join("\n");
    assert!(all.contains("jumpingknights"), "variant not offered: {all}");
    assert!(all.contains("highlight=1"), "{all}");
    e.send("new");
    e
}

/// `start`, then `variant jumpingknights` (its `setup`/`piece` answer consumed) and `force`.
fn start_jk() -> Driver {
    let mut e = start();
    e.send("variant jumpingknights");
    let out = sync(&mut e, 100);
    assert!(out[0].starts_with("setup "), "{out:?}");
    e.send("force");
    e
}

/// `start_jk` and a `setboard` of the given XBoard FEN.
fn start_jk_at(fen: &str) -> Driver {
    let mut e = start_jk();
    e.send(&format!("setboard {fen}"));
    e
}

fn sync(e: &mut Driver, n: u32) -> Vec<String> {
    e.ask(&format!("ping {n}"), &format!("pong {n}"))
}

/// An XBoard move text in the rule book's square names: file letters shift back by one
/// (`a`→`z`, `b`→`a`, .., `j`→`i`), everything else is copied.
fn ours(xb: &str) -> String {
    let bytes = xb.as_bytes();
    let mut out = String::new();
    for (i, &c) in bytes.iter().enumerate() {
        let is_file =
            (b'a'..=b'j').contains(&c) && bytes.get(i + 1).is_some_and(u8::is_ascii_digit);
        out.push(match (is_file, c) {
            (true, b'a') => 'z',
            (true, c) => char::from(c - 1),
            (false, c) => char::from(c),
        });
    }
    out
}

/// The engine's `move` line, checked against `allowed` (XBoard texts) and returned.
fn engine_move(out: &[String], allowed: &[&str]) -> String {
    let mv = out.iter().find_map(|l| l.strip_prefix("move ")).expect("a move line").to_string();
    assert!(allowed.contains(&mv.as_str()), "engine played {mv}, expected one of {allowed:?}");
    mv
}

/// The XBoard-mode perft-1 lines (moves in XBoard form) and the total.
fn perft1(e: &mut Driver) -> (Vec<String>, String) {
    let out = e.ask("perft 1", "Nodes searched");
    let total = out.last().unwrap().clone();
    let moves = out
        .iter()
        .filter(|l| !l.starts_with("Nodes"))
        .filter_map(|l| l.strip_suffix(": 1"))
        .map(str::to_string)
        .collect();
    (moves, total)
}

#[test]
fn variant_answers_setup_and_pieces() {
    let mut e = start();
    e.send("variant jumpingknights");
    let out = sync(&mut e, 1);
    // PIECETOCHAR: XBoard's order P N B R Q F E A C W M O H .. K; the War Machine takes the
    // Wazir slot (index 9), the Nightrider the Nightrider slot H (index 12) with the letter N.
    let setup =
        format!("setup (P.BRQ....W..N........Kp.brq....w..n........k) 10x10+0_grand {START_FEN}");
    assert_eq!(out[0], setup, "{out:?}");
    for p in ["N&", "W&", "B&", "R&", "Q&", "K&", "P&"] {
        assert!(out.iter().any(|l| l.starts_with(&format!("piece {p} "))), "{p}: {out:?}");
    }
    assert_eq!(out.last().unwrap(), "pong 1");
    e.quit();
}

#[test]
fn seed_game_in_xboard_squares_and_castling_form() {
    let mut e = start_jk();
    // The seed's sample game 1.g2-g3 Ng8xd2-c0+ 2.Wb0xc0-f0 d7-d5 3.Bf1-g2 c7-c6 4.Qd1xd5-d7+
    // Qd8xd7-d1+ in XBoard's names (files shifted by one): h2h3, h8e2,e2d0 (Nightrider jump,
    // lion form: from, victim, victim landing), c0d0,d0g0 (War Machine 1-step onto c0, 3-jump
    // to f0), e7e5, g1h2, d7d6, e1e5,e5e7, e8e7,e7e1.
    for m in ["h2h3", "h8e2,e2d0", "c0d0,d0g0", "e7e5", "g1h2", "d7d6", "e1e5,e5e7"] {
        e.send(&format!("usermove {m}"));
    }
    // The last jump in XBoard's castling form (`F T,K X`: from, landing, then the kill square
    // and a junk square on T's rank, file T±1): Qd8 (e8) over d7 (e7) to d1 (e1).
    e.send("usermove e8e1,e7f1");
    let out = sync(&mut e, 2);
    assert_eq!(out, vec!["pong 2"], "a move was refused");
    // JK-4: White's only replies are Ke1-f1, Bg2-f1, War Machine f0-f1, i.e. f1g1, h2g1, g0g1.
    let (mut moves, total) = perft1(&mut e);
    moves.sort();
    assert_eq!(moves, vec!["f1g1", "g0g1", "h2g1"]);
    assert_eq!(total, "Nodes searched: 3");
    // Our own names are not XBoard's: `e1f1` would be XBoard's d1-e1, not a legal move.
    let r = e.ask("usermove e1f1", "Illegal move");
    assert!(r.last().unwrap().ends_with("e1f1"), "{r:?}");
    e.quit();
}

#[test]
fn en_passant_in_every_form_and_the_engines_own() {
    // White pawn i5 (an edge file), Black has just played h7-h5; Black Ka8, White Kc3 (rule
    // book names). Rule 4 (JK-5, e.p. counts): the edge pawn can jump the skipped square h6 to
    // g7, a central square, and nothing gives check, so the e.p. jump i5xh6-g7 (removing h5) is
    // White's only legal move. XBoard names: pawn j5, victim i5, landing h7; `setboard` comes
    // without a castling field and with the e.p. square in XBoard's names (i6).
    let xb_fen = "10/1k8/10/10/8pP/10/3K6/10/10/10 w i6 0 1";
    let mut e = start_jk_at(xb_fen);
    let (moves, _) = perft1(&mut e);
    assert_eq!(moves, vec!["j5i5,i5h7"], "XBoard form names the victim as the kill square");
    assert_eq!(ours("j5i5,i5h7"), "i5h5,h5g7");
    // The engine, asked to move, must send the e.p. jump with the victim as kill square.
    e.send("st 0.2");
    let out = e.ask("go", "move ");
    engine_move(&out, &["j5i5,i5h7"]);
    e.quit();

    // Each accepted text of the same move, by the user: lion form, castling form (junk file
    // either side, incl. XBoard's off-board backtick style), and the rule book's skipped-square
    // form in XBoard names. After it Black (Ka8 alone) has 3 king steps: a7, b7, b8 (its other
    // five neighbours are edge squares, where a quiet move may not end).
    for text in ["j5i5,i5h7", "j5h7,i5i7", "j5h7,i5g7", "j5i6,i6h7"] {
        let mut e = start_jk_at(xb_fen);
        e.send(&format!("usermove {text}"));
        let out = sync(&mut e, 3);
        assert_eq!(out, vec!["pong 3"], "{text} refused");
        let (_, total) = perft1(&mut e);
        assert_eq!(total, "Nodes searched: 3", "{text}");
        e.quit();
    }
}

#[test]
fn rule4_jump_is_the_engines_only_choice() {
    // The rule book's Rule 4 example without the rook: White Ke3 War Machine b0, Black Kh8
    // Nightrider b1. The War Machine on the edge can jump the nightrider onto b2 or b4
    // (central); no White move gives check, so those two jumps are the legal moves. XBoard
    // names: c0c1,c1c2 and c0c1,c1c4.
    let mut e = start_jk_at("10/8k1/10/10/10/10/5K4/10/2n7/2W7 w - 0 1");
    e.send("sd 4");
    let out = e.ask("go", "move ");
    let mv = engine_move(&out, &["c0c1,c1c2", "c0c1,c1c4"]);
    let p = JumpingKnights::from_fen("10/8k1/10/10/10/10/5K4/10/2n7/2W7 w - - 0 1").unwrap();
    assert!(p.parse_move(&ours(&mv)).is_ok(), "{mv}");
    // A quiet king move is refused by Rule 4 and leaves the game as it was.
    let mut e = start_jk_at("10/8k1/10/10/10/10/5K4/10/2n7/2W7 w - 0 1");
    let r = e.ask("usermove f3f4", "Illegal move");
    assert!(r.last().unwrap().contains("Rule 4"), "{r:?}");
    let (_, total) = perft1(&mut e);
    assert_eq!(total, "Nodes searched: 2");
    e.quit();
}

#[test]
fn castling_and_promotion_by_jump() {
    // Kings e1/e8 with both rooks, pawns a2 h2 a7 h7 (no castling field: inferred from the
    // kings and rooks at home). Short castling e1g1 is XBoard's f1h1, long e8c8 is f8d8.
    let mut e = start_jk_at("10/1r3k2r1/1p6p1/10/10/10/10/1P6P1/1R3K2R1/10 w - 0 1");
    e.send("usermove f1h1");
    e.send("usermove f8d8");
    assert_eq!(sync(&mut e, 4), vec!["pong 4"]);
    // Afterwards White has Kg1 and Rf1 (XBoard h1, g1): the king can step onto h1, emptied by
    // the rook (XBoard h1i1), and the rook slides up the open f-file (Rf1-f5, XBoard g1g5).
    let (moves, _) = perft1(&mut e);
    assert!(moves.contains(&"h1i1".to_string()), "Kg1-h1: {moves:?}");
    assert!(moves.contains(&"g1g5".to_string()), "Rf1-f5: {moves:?}");
    e.quit();

    // The same two castlings as `O-O` / `O-O-O` (accepted by XBoard's move parser): the same
    // position results.
    let mut e2 = start_jk_at("10/1r3k2r1/1p6p1/10/10/10/10/1P6P1/1R3K2R1/10 w - 0 1");
    e2.send("usermove O-O");
    e2.send("usermove O-O-O");
    assert_eq!(sync(&mut e2, 8), vec!["pong 8"]);
    let (mut moves2, _) = perft1(&mut e2);
    let (mut moves1, _) = {
        let mut e1 = start_jk_at("10/1r3k2r1/1p6p1/10/10/10/10/1P6P1/1R3K2R1/10 w - 0 1");
        e1.send("usermove f1h1");
        e1.send("usermove f8d8");
        let r = perft1(&mut e1);
        e1.quit();
        r
    };
    moves1.sort();
    moves2.sort();
    assert_eq!(moves1, moves2);
    e2.quit();

    // A pawn on c7 jumps the queen on d8 and lands on the edge rank 9, promoting (to a
    // Nightrider, `n`, or a War Machine, `w`). Black: Kz9 (corner), Qd8; White Ke1, Pc7. XBoard
    // names: d7e8,e8f9n.
    let mut e = start_jk_at("k9/4q5/3P6/10/10/10/10/10/5K4/10 w - 0 1");
    e.send("usermove d7e8,e8f9w");
    assert_eq!(sync(&mut e, 5), vec!["pong 5"]);
    // White's War Machine now stands on e9 (XBoard f9): Black's king is alone on z9.
    e.send("usermove a9b8");
    let (moves, _) = perft1(&mut e);
    // War Machine steps from f9 (edge) may only end centrally: f8, f6 (XBoard names).
    assert!(moves.contains(&"f9f8".to_string()) && moves.contains(&"f9f6".to_string()));
    e.quit();
}

#[test]
fn claims_the_stalemate_win() {
    // Rule 2: White Ke3 Rb1, Black Kz9 and a pawn z5 (both on edge squares). Rb1-a1 covers a8,
    // the Black king's only central step (a9, z8 are edge squares a quiet move may not end on;
    // nothing is adjacent to capture, and a corner king can never be in check: there is no
    // square beyond it). The pawn z5 cannot step to the edge square z4 and has nothing to
    // jump. Black is stalemated with a unit on the edge and White's king central: White wins.
    let mut e = start_jk_at("k9/10/10/10/p9/10/5K4/10/2R7/10 w - 0 1");
    e.send("playother");
    // Playother with White to move: the engine plays Black, the user White. XBoard's c1b1 is
    // the rule book's b1a1.
    let out = e.ask("usermove c1b1", "1-0");
    assert_eq!(out.last().unwrap(), "1-0 {White wins by stalemate}");
    e.quit();

    // The engine's own mate, claimed: Black Kh8 boxed in by Bg8, pawns g7 h7 and the edge;
    // White's War Machine e5 mates by a 3-jump to e8 or h5 (derivation in
    // jumpingknights_search.rs). XBoard names: f5f8 or f5i5.
    let mut e = start_jk_at("10/7bk1/7pp1/10/5W4/10/10/10/2K7/10 w - 0 1");
    e.send("sd 3");
    let out = e.ask("go", "1-0");
    engine_move(&out, &["f5f8", "f5i5"]);
    assert_eq!(out.last().unwrap(), "1-0 {White mates}");
    e.quit();
}

#[test]
fn highlight_of_a_two_leg_jump() {
    // The e.p. position above: lifting the pawn j5 (our i5) marks the victim i5 (our h5) cyan
    // (first leg of a multi-leg move); putting it there marks the landing h7 (our g7) red (a
    // capture); XBoard's continuation `lift i5` gets the same answer; then the move is sent.
    let mut e = start_jk_at("10/1k8/10/10/8pP/10/3K6/10/10/10 w i6 0 1");
    // Colour FENs list ranks 9..0 and XBoard files a..j, like the board FEN.
    let r = e.ask("lift j5", "highlight");
    assert_eq!(r.last().unwrap(), "highlight 10/10/10/10/8C1/10/10/10/10/10");
    let r = e.ask("put i5", "highlight");
    assert_eq!(r.last().unwrap(), "highlight 10/10/7R2/10/10/10/10/10/10/10");
    let r = e.ask("lift i5", "highlight");
    assert_eq!(r.last().unwrap(), "highlight 10/10/7R2/10/10/10/10/10/10/10");
    e.send("usermove j5i5,i5h7");
    assert_eq!(sync(&mut e, 6), vec!["pong 6"]);
    e.quit();
}

#[test]
fn malformed_and_illegal_jumps_are_refused() {
    let mut e = start_jk();
    // Start position: XBoard's f2 is our e2.
    for bad in [
        "f2f5",      // a pawn cannot step three squares
        "f2f4,",     // dangling comma
        "f2f4,f4",   // truncated second leg
        "h8e2,e2d0", // Black's jump, White to move
        "c0d0,d0g0", // no victim on d0 (our c0 is empty at the start)
        "k2k4",      // no file k
        "f2f4q",     // a promotion letter on a quiet pawn step
        "f1f1",      // from == to
    ] {
        let r = e.ask(&format!("usermove {bad}"), "Illegal move");
        assert!(r.last().unwrap().ends_with(bad), "{bad}: {r:?}");
    }
    // Nothing was played: the start position's move count is the reference generator's.
    let (_, total) = perft1(&mut e);
    let want = menagerie_tests::load_perft_file("jumpingknights.perft")
        .into_iter()
        .find(|c| c.id == "startpos")
        .and_then(|c| c.counts.iter().find(|&&(d, _)| d == 1).map(|&(_, n)| n))
        .unwrap();
    assert_eq!(total, format!("Nodes searched: {want}"));
    e.send("usermove f2f4");
    assert_eq!(sync(&mut e, 7), vec!["pong 7"]);
    e.quit();
}

#[test]
fn resigns_when_every_legal_move_is_one_xboard_cannot_follow() {
    // White Ka3 (XBoard names; ours z2, on the edge file), Black pawn b3 (ours a2) beside it,
    // Black Ki8. The king can jump the pawn along the rank onto c3 (ours b2, central), so
    // Rule 4 (JK-5: the king counts) makes that capture White's only legal move: no White move
    // gives check. XBoard 4.9.1 would take a king move of two files along its rank for castling
    // and forfeit a later move (`xboard_misdraws_king_move`), so the engine, asked to move,
    // resigns instead of playing it, and stays responsive.
    let fen = "10/8k1/10/10/10/10/Kp8/10/10/10 w - 0 1";
    let mut e = start_jk_at(fen);
    let (moves, total) = perft1(&mut e);
    assert_eq!(moves, vec!["a3b3,b3c3".to_string()]);
    assert_eq!(total, "Nodes searched: 1");
    e.send("go");
    let out = sync(&mut e, 8);
    assert_eq!(out, vec!["resign", "pong 8"], "{out:?}");
    // The same move, played by the user, is taken (only the engine avoids it).
    e.send("force");
    e.send(&format!("setboard {fen}"));
    e.send("usermove a3b3,b3c3");
    assert_eq!(sync(&mut e, 9), vec!["pong 9"]);
    e.quit();
}
