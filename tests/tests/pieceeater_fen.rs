//! FEN input for `pieceeater` (PE-7): every malformed field is named in the error, nothing
//! panics, and whatever loads writes back the same way (hand and `pe-left` included).

use movegen::rules::Rules;
use movegen::types::{Color, Geo8x8, Geometry};
use movegen::variants::pieceeater::{PeKind, PieceEater, START_FEN};
use rand_core::{RngCore, SeedableRng};

#[test]
fn malformed_fields_are_named() {
    let cases: &[(&str, &str)] = &[
        ("", "fields"),
        ("rnbqkbnr/pppppppp/8/8/3X4/8/PPPPPPPP/RNBQKBNR[] w KQkq", "fields"),
        ("rnbqkbnr/pppppppp/8/8/3X4/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1 - x", "fields"),
        // PE-7: the brackets are compulsory.
        ("rnbqkbnr/pppppppp/8/8/3X4/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 -", "hand"),
        ("rnbqkbnr/pppppppp/8/8/3X4/8/PPPPPPPP/RNBQKBNR[ w KQkq - 0 1 -", "hand"),
        // A hand holds only R B N P.
        ("rnbqkbnr/pppppppp/8/8/3X4/8/PPPPPPPP/RNBQKBNR[Q] w KQkq - 0 1 -", "hand"),
        ("rnbqkbnr/pppppppp/8/8/3X4/8/PPPPPPPP/RNBQKBNR[k] w KQkq - 0 1 -", "hand"),
        ("rnbqkbnr/pppppppp/8/8/3X4/8/PPPPPPPP/RNBQKBNR[X] w KQkq - 0 1 -", "hand"),
        ("rnbqkbnr/pppppppp/8/8/3X4/8/PPPPPPPP/RNBQKBNR[P1] w KQkq - 0 1 -", "hand"),
        ("rnbqkbnr/pppppppp/8/8/3X4/8/PPPPPPPP/RNBQKBNR[PPPPPPPPPPPPPPPPP] w KQkq - 0 1 -", "hand"),
        // Exactly one X, one king per side.
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1 -", "board"),
        ("rnbqkbnr/pppppppp/8/8/3X4/3X4/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1 -", "board"),
        ("rnbq1bnr/pppppppp/8/8/3X4/8/PPPPPPPP/RNBQKBNR[] w KQ - 0 1 -", "board"),
        ("rnbqkbnr/pppppppp/8/8/3X4/8/PPPPPPPP/RNBKKBNR[] w kq - 0 1 -", "board"),
        ("rnbqkbnr/pppppppp/8/8/3x4/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1 -", "board"),
        ("rnbqkbnr/pppppppp/8/8/3X4/8/PPPPPPPP/RNBQKBNA[] w KQkq - 0 1 -", "board"),
        ("rnbqkbnr/pppppppp/8/8/3X5/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1 -", "board"),
        ("rnbqkbnP/pppppppp/8/8/3X4/8/PPPPPPP1/RNBQKBNR[] w KQq - 0 1 -", "board"),
        ("rnbqkbnr/pppppppp/8/8/3X4/8/PPPPPPPP/RNBQKBNp[] w Qkq - 0 1 -", "board"),
        ("rnbqkbnr/pppppppp/8/8/3X(n)4/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1 -", "board"),
        ("rnbqkbnr/pppppppp/8/8/3X4/8/PPPPPPPP/RNBQKBNR[] x KQkq - 0 1 -", "side"),
        ("rnbqkbnr/pppppppp/8/8/3X4/8/PPPPPPPP/RNBQKBN1[] w KQkq - 0 1 -", "castling"),
        ("rnbqkbnr/pppppppp/8/8/3X4/8/PPPPPPPP/RNBQKBNR[] w KQkqz - 0 1 -", "castling"),
        ("rnbqkbnr/pppppppp/8/8/3X4/8/PPPPPPPP/RNBQKBNR[] w KQkq e3 0 1 -", "en-passant"),
        // An e.p. square with no pawn in front of it, with or without the PE on it (an e.p.
        // square under the PE is accepted only where it is the skipped square, PE-8: see
        // `accepted_forms`).
        ("4k3/8/8/8/8/3X4/8/4K3[] b - e3 0 1 -", "en-passant"),
        ("4k3/8/8/8/8/4X3/8/4K3[] b - e3 0 1 d2", "en-passant"),
        ("rnbqkbnr/pppppppp/8/8/3X4/8/PPPPPPPP/RNBQKBNR[] w KQkq - x 1 -", "halfmove"),
        ("rnbqkbnr/pppppppp/8/8/3X4/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 y -", "fullmove"),
        // PE-7: pe-left must be a torus neighbour of the PE.
        ("rnbqkbnr/pppppppp/8/8/3X4/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1 d6", "pe-left"),
        ("rnbqkbnr/pppppppp/8/8/3X4/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1 d4", "pe-left"),
        ("rnbqkbnr/pppppppp/8/8/3X4/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1 i4", "pe-left"),
        ("4k3/8/8/8/8/8/8/X3K3[] w - - 0 1 g2", "pe-left"),
    ];
    for (fen, field) in cases {
        match PieceEater::from_fen(fen) {
            Ok(p) => panic!("accepted `{fen}` as {}", p.fen()),
            Err(e) => assert_eq!(e.field, *field, "`{fen}`: {e}"),
        }
    }
}

#[test]
fn accepted_forms() {
    // PE-8: the skipped square of e2-e4 with the PE standing on it (it stepped d2-e3) means `-`.
    let p = PieceEater::from_fen("4k3/8/8/8/4P3/4X3/8/4K3[] b - e3 0 1 d2").unwrap();
    assert_eq!(p.fen(), "4k3/8/8/8/4P3/4X3/8/4K3[] b - - 0 1 d2");
    let p = PieceEater::startpos();
    assert_eq!(p.fen(), START_FEN);
    assert_eq!(p.pe(), Geo8x8::parse_square("d4").unwrap());
    assert_eq!(p.pe_left(), None);
    for c in Color::ALL {
        assert_eq!(p.hand(c, PeKind::Pawn), 3);
        assert_eq!(p.hand(c, PeKind::Knight), 1);
        assert_eq!(p.hand(c, PeKind::Bishop), 1);
        assert_eq!(p.hand(c, PeKind::Rook), 1);
        assert_eq!(p.hand(c, PeKind::Queen), 0);
    }
    // pe-left omitted (default `-`), clocks omitted (0 1); the hand in any order, written back
    // as RBNP then rbnp.
    let p = PieceEater::from_fen(
        "rnbqkbnr/pppppppp/8/8/3X4/8/PPPPPPPP/RNBQKBNR[pPpPnNbBrRpP] w KQkq -",
    )
    .unwrap();
    assert_eq!(p.fen(), START_FEN);
    let p =
        PieceEater::from_fen("rnbqkbnr/pppppppp/8/8/3X4/8/PPPPPPPP/RNBQKBNR[] b - - 5 9").unwrap();
    assert_eq!(p.fen(), "rnbqkbnr/pppppppp/8/8/3X4/8/PPPPPPPP/RNBQKBNR[] b - - 5 9 -");
    // pe-left across the edges: a1's neighbours include h8.
    let p = PieceEater::from_fen("4k3/8/8/8/8/8/8/X3K3[] w - - 0 1 h8").unwrap();
    assert_eq!(p.pe_left(), Geo8x8::parse_square("h8"));
    // The side not to move may stand in check (PE-7): White's rook attacks Black's king.
    let p = PieceEater::from_fen("4k3/8/8/8/8/8/3X4/4RK2[] w - - 0 1 -").unwrap();
    assert!(!p.in_check());
    // The side to move in check is informational only.
    let p = PieceEater::from_fen("4k3/8/8/8/8/8/3X4/4RK2[] b - - 0 1 -").unwrap();
    assert!(p.in_check());
    // The PE blocks a check.
    let p = PieceEater::from_fen("4k3/8/8/4X3/8/8/8/4RK2[] b - - 0 1 -").unwrap();
    assert!(!p.in_check());
    // The PE may stand on the origin square of a double step (it stepped there since).
    assert!(PieceEater::from_fen("4k3/8/8/8/4P3/8/4X3/3K4[] b - e3 0 1 d3").is_ok());
}

/// The repetition key covers the PE's square, pe-left and both hands, and not the clocks.
#[test]
fn repetition_key_fields() {
    let key = |f: &str| PieceEater::from_fen(f).unwrap().hash();
    let base = key("4k3/8/8/3X4/8/8/8/4K3[Rp] w - - 0 1 c4");
    assert_eq!(base, key("4k3/8/8/3X4/8/8/8/4K3[pR] w - - 17 30 c4"));
    assert_ne!(base, key("4k3/8/8/4X3/8/8/8/4K3[Rp] w - - 0 1 d4"), "PE square");
    assert_ne!(base, key("4k3/8/8/3X4/8/8/8/4K3[Rp] w - - 0 1 c5"), "pe-left");
    assert_ne!(base, key("4k3/8/8/3X4/8/8/8/4K3[Rp] w - - 0 1 -"), "pe-left none");
    assert_ne!(base, key("4k3/8/8/3X4/8/8/8/4K3[rP] w - - 0 1 c4"), "hands swapped");
    assert_ne!(base, key("4k3/8/8/3X4/8/8/8/4K3[RRp] w - - 0 1 c4"), "white hand count");
    assert_ne!(base, key("4k3/8/8/3X4/8/8/8/4K3[Rpp] w - - 0 1 c4"), "black hand count");
    assert_ne!(base, key("4k3/8/8/3X4/8/8/8/4K3[Bp] w - - 0 1 c4"), "white hand kind");
    assert_ne!(base, key("4k3/8/8/3X4/8/8/8/4K3[Rp] b - - 0 1 c4"), "side");
}

/// Random edits of valid FENs never panic; whatever loads round-trips exactly.
#[test]
fn mutated_fens_never_panic() {
    let seeds = [
        START_FEN,
        "r3k2r/p1ppqpb1/bn1Xpnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R[RBNPrbnp] w KQkq - 0 1 c5",
        "4k3/8/8/8/3pP3/3X4/8/4K3[Pp] b - e3 0 1 d2",
        "7k/8/8/8/4K3/8/8/X7[] w - - 0 1 h8",
    ];
    let alphabet = b"pnbrqkPNBRQKX12345678/ -wbKQkqe3609x[]*()h";
    let mut rng = rand_pcg::Pcg64::seed_from_u64(41);
    let mut loaded = 0;
    for i in 0..100_000 {
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
        if let Ok(p) = PieceEater::from_fen(&text) {
            loaded += 1;
            let again = PieceEater::from_fen(&p.fen()).expect("own FEN loads");
            assert_eq!(again.fen(), p.fen());
            assert_eq!(again.hash(), p.hash());
            // Whatever loads can be searched: generating its moves must not panic.
            let _ = movegen::perft::perft(&p, 2);
        }
    }
    assert!(loaded > 100, "mutations too destructive to be a useful test ({loaded} loaded)");
}
