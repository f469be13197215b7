//! FEN input for `jumpingknights` (10 files `z`..`i`, ranks 9..0, runs of up to `10`): every
//! malformed field is named in the error, nothing panics, and whatever loads writes back the same.

use movegen::rules::Rules;
use movegen::variants::jumpingknights::{JumpingKnights, START_FEN};
use rand_core::{RngCore, SeedableRng};

const START_BOARD: &str = "2w4w2/1rnbqkbnr1/1pppppppp1/10/10/10/10/1PPPPPPPP1/1RNBQKBNR1/2W4W2";

#[test]
fn malformed_fields_are_named() {
    let b = START_BOARD;
    let cases: Vec<(String, &str)> = vec![
        (String::new(), "fields"),
        (format!("{b} w KQkq"), "fields"),
        (format!("{b} w KQkq - 0"), "fields"),
        (format!("{b} w KQkq - 0 1 extra"), "fields"),
        // Nine ranks; an 11-square rank; a 9-square rank; `0` run; unknown letter; holes.
        (
            "2w4w2/1rnbqkbnr1/1pppppppp1/10/10/10/1PPPPPPPP1/1RNBQKBNR1/2W4W2 w - - 0 1".into(),
            "board",
        ),
        (format!("{} w - - 0 1", b.replacen("/10/", "/11/", 1)), "board"),
        (format!("{} w - - 0 1", b.replacen("/10/", "/9/", 1)), "board"),
        (format!("{} w - - 0 1", b.replacen("/10/", "/010/", 1)), "board"),
        (format!("{} w - - 0 1", b.replacen("/10/", "/4x5/", 1)), "board"),
        (format!("{} w - - 0 1", b.replacen("/10/", "/*9/", 1)), "board"),
        (format!("{} w - - 0 1", b.replacen("w2/", "w(n)2/", 1)), "board"),
        // Kings: two white, none black.
        (format!("{} w - - 0 1", b.replacen("/10/", "/4K5/", 1)), "board"),
        (format!("{} w - - 0 1", b.replacen('k', "q", 1)), "board"),
        // Pawns on ranks 9, 8, 1, 0 (must have promoted, or cannot have got there).
        ("1P8/5k4/10/10/10/10/10/10/5K4/10 w - - 0 1".into(), "board"),
        ("10/5k1P2/10/10/10/10/10/10/5K4/10 w - - 0 1".into(), "board"),
        ("10/5k4/10/10/10/10/10/10/5K1p2/10 w - - 0 1".into(), "board"),
        ("10/5k4/10/10/10/10/10/10/5K4/p9 w - - 0 1".into(), "board"),
        ("10/5k4/10/10/10/10/10/10/5KP3/10 w - - 0 1".into(), "board"),
        (format!("{b}[Pp] w KQkq - 0 1"), "hand"),
        (format!("{b} x KQkq - 0 1"), "side"),
        (format!("{b} w KQkx - 0 1"), "castling"),
        (format!("{b} w KK - 0 1"), "castling"),
        (format!("{b} w KH - 0 1"), "castling"),
        (format!("{b} w C - 0 1"), "castling"),
        (format!("{} w K - 0 1", b.replacen("NR1/", "N2/", 1)), "castling"),
        // Rights need the rook on the a- / h-file, not on z / i.
        ("10/5k4/10/10/10/10/10/10/R4K4/10 w Q - 0 1".into(), "castling"),
        (format!("{b} w KQkq e9 0 1"), "en-passant"),
        (format!("{b} w KQkq j5 0 1"), "en-passant"),
        (format!("{b} w KQkq e6 0 1"), "en-passant"),
        (format!("{b} b KQkq e3 0 1"), "en-passant"),
        (format!("{b} w KQkq - x 1"), "halfmove"),
        (format!("{b} w KQkq - 0 -1"), "fullmove"),
        // Black to move while White's king could be captured (rook e5, e0 empty beyond e1).
        ("10/5k4/10/10/10/5r4/10/10/5K4/10 b - - 0 1".into(), "side"),
        // Kings side by side with an empty square behind White's, Black to move.
        ("10/10/10/10/5k4/5K4/10/10/10/10 b - - 0 1".into(), "side"),
    ];
    for (fen, field) in &cases {
        match JumpingKnights::from_fen(fen) {
            Ok(p) => panic!("accepted `{fen}` as {}", p.fen()),
            Err(e) => assert_eq!(e.field, *field, "`{fen}`: {e}"),
        }
    }
}

#[test]
fn accepted_forms_round_trip() {
    // Four fields: clocks default to 0 1.
    let p = JumpingKnights::from_fen(&format!("{START_BOARD} w KQkq -")).unwrap();
    assert_eq!(p.fen(), START_FEN);
    assert_eq!(JumpingKnights::startpos().fen(), START_FEN);
    // Shredder letters for the a- and h-file rooks read as Q / K.
    let p = JumpingKnights::from_fen(&format!("{START_BOARD} w HAha - 0 1")).unwrap();
    assert_eq!(p.fen(), START_FEN);
    // An e.p. square after a real double step, and units on every kind of edge square (corners,
    // rank 0 and 9, files z and i), kings on the edge, runs of 10 and of 1.
    let fens = [
        "2w4w2/1rnbqkbnr1/1pppp1ppp1/10/5p4/10/10/1PPPPPPPP1/1RNBQKBNR1/2W4W2 w KQkq e6 0 2",
        "K8w/10/P8p/10/10/10/10/10/10/q8k b - - 17 60",
        "r1n1b1q1wk/10/10/10/10/10/10/10/10/W1B1N1R1QK w - - 0 1",
        "5k4/10/10/10/10/10/10/10/10/5K4 w - - 0 1",
    ];
    for f in fens {
        let p = JumpingKnights::from_fen(f).unwrap_or_else(|e| panic!("{f}: {e}"));
        assert_eq!(p.fen(), f);
    }
    // The side to move may be in check.
    let p = JumpingKnights::from_fen("10/5k4/10/10/10/5r4/10/10/5K4/10 w - - 0 1").unwrap();
    assert!(p.in_check());
}

/// Random edits of valid FENs never panic; whatever loads round-trips exactly.
#[test]
fn mutated_fens_never_panic() {
    let seeds = [
        START_FEN,
        "2w4w2/1rnb1kb1r1/1pp2pppp1/3p6/10/10/7P2/1PPP1PPBP1/1RNBqK1NR1/6WW2 w KQkq - 0 5",
        "10/8k1/10/10/4pP4/10/10/10/1K8/10 w - d6 0 2",
        "10/2rb3w2/2p1r5/2w1b1p1p1/1p2k2P2/6P3/4KP2P1/1PW1BnW3/2R3R3/10 w - - 7 41",
    ];
    let alphabet = b"pnbrqkwPNBRQKW0123456789/ -wbKQkqzie36x[]*()";
    let mut rng = rand_pcg::Pcg64::seed_from_u64(4);
    let mut loaded = 0;
    for i in 0..60_000 {
        let mut s: Vec<u8> = seeds[i % seeds.len()].as_bytes().to_vec();
        for _ in 0..1 + rng.next_u32() % 3 {
            let pos = (rng.next_u32() as usize) % (s.len() + 1);
            let c = alphabet[(rng.next_u32() as usize) % alphabet.len()];
            match rng.next_u32() % 3 {
                0 if pos < s.len() => s[pos] = c,
                1 if pos < s.len() => {
                    s.remove(pos);
                }
                _ => s.insert(pos, c),
            }
        }
        let text = String::from_utf8(s).expect("ascii");
        if let Ok(p) = JumpingKnights::from_fen(&text) {
            loaded += 1;
            let again = JumpingKnights::from_fen(&p.fen()).expect("own FEN loads");
            assert_eq!(again.fen(), p.fen());
            assert_eq!(again.hash(), p.hash());
            // Whatever loads can be searched: move generation and counting agree.
            let mut list = <JumpingKnights as Rules>::Moves::default();
            p.legal_moves(&mut list);
            assert_eq!(p.count_legal(), list.len() as u64);
        }
    }
    assert!(loaded > 100, "mutations too destructive to be a useful test ({loaded} loaded)");
}

/// Malformed and illegal move texts are refused with a reason, the position unchanged.
#[test]
fn bad_move_texts_are_refused() {
    let p = JumpingKnights::startpos();
    for t in [
        "",
        "e2",
        "e2e5",
        "e2e4,",
        "b0c0,c0f0",
        "b1e7",
        "b1e7,e7f9q",
        "e7e5",
        "z0z1",
        "0000",
        "e2e4 ",
    ] {
        assert!(p.parse_move(t).is_err(), "accepted `{t}`");
    }
    assert_eq!(p.fen(), START_FEN);
    assert!(p.parse_move("b1e7,e7f9").is_ok());
}
