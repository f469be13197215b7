//! FEN input for `tamerspiel` (rule book §2 and README "FEN"): every malformed field is named in
//! the error, nothing panics, `*` marks exactly the squares that do not exist, the `swap` field
//! defaults to `wb`, and whatever loads writes back the same way.

use movegen::rules::Rules;
use movegen::variants::tamerspiel::{TamerSpiel, START_FEN};
use rand_core::{RngCore, SeedableRng};

const BOARD: &str = "rgnblkcebngr/*ppppvfpppp*/*4pp4*/*10*/*10*/*4PP4*/*PPPPFVPPPP*/RGNBECKLBNGR";

#[test]
fn start_position() {
    let p = TamerSpiel::startpos();
    assert_eq!(p.fen(), START_FEN);
    assert_eq!(START_FEN, format!("{BOARD} w KQkq - 0 1 wb"));
    assert_eq!(TamerSpiel::from_fen(START_FEN).unwrap(), p);
}

#[test]
fn malformed_fields_are_named() {
    let b = BOARD;
    let cases: Vec<(String, &str)> = vec![
        (String::new(), "fields"),
        (format!("{b} w KQkq"), "fields"),
        (format!("{b} w KQkq - 0"), "fields"),
        (format!("{b} w KQkq - 0 1 wb extra"), "fields"),
        // Seven ranks.
        (b.replacen("*10*/", "", 1), "board"),
        // A rank of 11 squares, of 13 squares.
        (b.replacen("*10*", "*9*", 1), "board"),
        (b.replacen("*10*", "*11*", 1), "board"),
        // The holes written as empty squares, or a piece on a hole (a4).
        (b.replacen("*10*", "12", 1), "board"),
        (b.replacen("*10*", "N10*", 1), "board"),
        // `*` on a square that exists (b5).
        (b.replacen("*10*", "**9*", 1), "board"),
        // Unknown letters, suffixes, hands.
        (b.replacen("RGNB", "RXNB", 1), "board"),
        (b.replacen("RGNB", "RG(n)NB", 1), "board"),
        (format!("{b}[P]"), "hand"),
        // No white royal; two white royals; a King and a Tetrarch; two black kings.
        (b.replacen('K', "G", 1), "board"),
        (b.replacen("CKL", "KKL", 1), "board"),
        (b.replacen("CKL", "TKL", 1), "board"),
        (b.replacen("lkc", "kkc", 1), "board"),
        // A white pawn on the last rank, a black pawn on rank 1.
        (b.replacen("rgnb", "Pgnb", 1), "board"),
        (b.replacen("RGNB", "pGNB", 1), "board"),
    ]
    .into_iter()
    .map(|(board, f)| {
        if board.is_empty() || board.contains(' ') {
            (board, f)
        } else {
            (format!("{board} w KQkq - 0 1 wb"), f)
        }
    })
    .chain([
        (format!("{b} x KQkq - 0 1 wb"), "side"),
        (format!("{b} w KQkX - 0 1 wb"), "castling"),
        (format!("{b} w KK - 0 1 wb"), "castling"),
        (format!("{b} w C - 0 1 wb"), "castling"),
        (format!("{b} w KQkq e3 0 1 wb"), "en-passant"),
        (format!("{b} w KQkq a2 0 1 wb"), "en-passant"),
        (format!("{b} w KQkq - x 1 wb"), "halfmove"),
        (format!("{b} w KQkq - 0 -1 wb"), "fullmove"),
        (format!("{b} w KQkq - 0 1 bw"), "swap"),
        (format!("{b} w KQkq - 0 1 x"), "swap"),
        (format!("{b} w KQkq - 0 1 wbw"), "swap"),
        // Castling rights without the King on g1 / f8 and the Rooks on l1 / a1 / l8 / a8.
        (
            "rgnblkcebngr/*ppppvfpppp*/*4pp4*/*10*/*10*/*4PP4*/*PPPPFVPPPP*/RGNBECLKBNGR w K - 0 1"
                .to_string(),
            "castling",
        ),
        (
            "rgnblkcebngr/*ppppvfpppp*/*4pp4*/*10*/*10*/*4PP4*/*PPPPFVPPPP*/RGNBECKLBNG1 w K - 0 1"
                .to_string(),
            "castling",
        ),
        (
            "1gnblkcebngr/*ppppvfpppp*/*4pp4*/*10*/*10*/*4PP4*/*PPPPFVPPPP*/RGNBECKLBNGR w q - 0 1"
                .to_string(),
            "castling",
        ),
        // A Tetrarch on g1 has no castling rights (they belong to the unmoved King).
        (
            "rgnblkcebngr/*ppppvfpppp*/*4pp4*/*10*/*10*/*4PP4*/*PPPPFVPPPP*/RGNBECTLBNGR w K - 0 1"
                .to_string(),
            "castling",
        ),
        // Black to move while White's king is attacked (the Rook on e6 sees e1).
        ("4k7/*10*/*3r6*/*10*/*10*/*10*/*10*/4K7 b - - 0 1".to_string(), "side"),
    ])
    .collect();
    for (fen, field) in &cases {
        match TamerSpiel::from_fen(fen) {
            Ok(p) => panic!("accepted `{fen}` as {}", p.fen()),
            Err(e) => assert_eq!(e.field, *field, "`{fen}`: {e}"),
        }
    }
}

#[test]
fn accepted_forms() {
    // Four fields: clocks 0 1, swap `wb`. Six fields: swap `wb`.
    let p = TamerSpiel::from_fen(&format!("{BOARD} w KQkq -")).unwrap();
    assert_eq!(p.fen(), START_FEN);
    let p = TamerSpiel::from_fen(&format!("{BOARD} w KQkq - 3 7")).unwrap();
    assert_eq!(p.fen(), format!("{BOARD} w KQkq - 3 7 wb"));
    for flag in ["wb", "w", "b", "-"] {
        let f = format!("{BOARD} b Kq - 0 9 {flag}");
        assert_eq!(TamerSpiel::from_fen(&f).unwrap().fen(), f);
    }
    // Shredder letters of the corner rooks (l, a) are read as K/Q.
    let p = TamerSpiel::from_fen(&format!("{BOARD} w LAla - 0 1")).unwrap();
    assert_eq!(p.fen(), START_FEN);
    // A Tetrarch is a royal; the side to move may be in check.
    let p = TamerSpiel::from_fen("4t7/*10*/*10*/*10*/*10*/*10*/*3r6*/4K7 w - - 0 1 -").unwrap();
    assert!(p.in_check());
    // The swap flags are part of the position (and of the repetition key).
    let a = TamerSpiel::from_fen(&format!("{BOARD} w KQkq - 0 1 wb")).unwrap();
    let b = TamerSpiel::from_fen(&format!("{BOARD} w KQkq - 0 1 b")).unwrap();
    assert_ne!(a.hash(), b.hash());
}

/// Random edits of valid FENs never panic; whatever loads round-trips exactly (with its `*`
/// squares and the swap field).
#[test]
fn mutated_fens_never_panic() {
    let seeds = [
        START_FEN.to_string(),
        "r4k5r/*pp2vf1ppp*/*2nbppe1n1*/*1g3lc1bg*/*1GB1P2CLG*/*2N2PE1N1*/*PPP1FV1PPP*/R5K4R w KQkq - 0 1 wb"
            .to_string(),
        "m1a2t3w1s/*pp1o2qpp1*/*2d2e1l2*/*1c8*/*8C1*/*2L2E1D2*/*1PP2Q1OPP*/S1W3T2A1M w - - 0 1 b"
            .to_string(),
    ];
    let alphabet = b"pdfvgnbrelcoamqwsktPDFVGNBRELCOAMQWSKT0123456789/ -*wbKQkqLAe3x[]()";
    let mut rng = rand_pcg::Pcg64::seed_from_u64(6);
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
        if let Ok(p) = TamerSpiel::from_fen(&text) {
            loaded += 1;
            let again = TamerSpiel::from_fen(&p.fen()).expect("own FEN loads");
            assert_eq!(again.fen(), p.fen());
            assert_eq!(p.fen().matches('*').count(), 12);
            // Whatever loads can be searched: generation and counting agree.
            let mut l = <TamerSpiel as Rules>::Moves::default();
            p.legal_moves(&mut l);
            assert_eq!(l.len() as u64, p.count_legal());
        }
    }
    assert!(loaded > 100, "mutations too destructive to be a useful test ({loaded} loaded)");
}
