//! FEN input for `eightpiece` / `eightpiece-random`: every malformed field is named in the
//! error, nothing panics (also when the moves of whatever loads are generated), and whatever
//! loads writes back the same way.

use menagerie_tests::reference::eightpiece::RefEight;
use movegen::rules::{Rules, VariantId};
use movegen::variants::eightpiece::{setup, EightPiece, FenMode, START_FEN};
use rand_core::{RngCore, SeedableRng};

#[test]
fn malformed_fields_are_named() {
    let cases: &[(&str, &str)] = &[
        ("", "fields"),
        ("jl(se)sqkbnr/pppppppp/8/8/8/8/PPPPPPPP/JL(ne)SQKBNR w KQkq", "fields"),
        ("jl(se)sqkbnr/pppppppp/8/8/8/8/PPPPPPPP/JL(ne)SQKBNR w KQkq - 0", "fields"),
        ("jl(se)sqkbnr/pppppppp/8/8/8/8/PPPPPPPP/JL(ne)SQKBNR w KQkq - 0 1 - x", "fields"),
        // Board: rank count and length, letters, lancer facings, suffixes, kings, pawns.
        ("jl(se)sqkbnr/pppppppp/8/8/8/8/JL(ne)SQKBNR w KQkq - 0 1", "board"),
        ("jl(se)sqkbnr/pppppppp/9/8/8/8/PPPPPPPP/JL(ne)SQKBNR w KQkq - 0 1", "board"),
        ("jl(se)sqkbnr/ppppppp/8/8/8/8/PPPPPPPP/JL(ne)SQKBNR w KQkq - 0 1", "board"),
        ("jl(se)sqkbnr/pppppppp/8/8/8/8/PPPPPPPP/JL(ne)SQKBNX w KQkq - 0 1", "board"),
        ("jl(se)sqkbnr/pppppppp/8/8/8/8/PPPPPPPP/JLSQKBNR w KQkq - 0 1", "board"),
        ("jl(se)sqkbnr/pppppppp/8/8/8/8/PPPPPPPP/JL(up)SQKBNR w KQkq - 0 1", "board"),
        ("jl(se)sqkbnr/pppppppp/8/8/8/8/PPPPPPPP/JL()SQKBNR w KQkq - 0 1", "board"),
        ("jl(se)sqkbnr/pppppppp/8/8/8/8/PPPPPPPP/JL(neSQKBNR w KQkq - 0 1", "board"),
        ("jl(se)sqkbnr/pppppppp/8/8/8/8/PPPPPPPP/J(n)L(ne)SQKBNR w KQkq - 0 1", "board"),
        ("jl(se)sqkbnr/pppppppp/8/8/8/8/PPPPPPPP/JL(ne)SQKKNR w KQkq - 0 1", "board"),
        ("jl(se)sq1bnr/pppppppp/8/8/8/8/PPPPPPPP/JL(ne)SQKBNR w KQ - 0 1", "board"),
        ("jl(se)sqkbnr/pppppppp/8/8/8/P7/PPPPPPPP/JL(ne)SQKBNR w KQkq - 0 1", "board"),
        ("jl(se)sqkbnP/pppppppp/8/8/8/8/PPPPPPP1/JL(ne)SQKBNR w KQkq - 0 1", "board"),
        ("jl(se)sqkbnr/ppppppp1/8/8/8/8/PPPPPPPP/JL(ne)SQKBNp w KQq - 0 1", "board"),
        ("jl(se)sqkbnr/pppppppp/8/8/8/8/PPPPPPPP/*L(ne)SQKBNR w KQkq - 0 1", "board"),
        ("jl(se)sqkbnr/pppppppp/8/8/8/8/PPPPPPPP/JL(ne)SQKBNR[] w KQkq - 0 1", "hand"),
        ("jl(se)sqkbnr/pppppppp/8/8/8/8/PPPPPPPP/JL(ne)SQKBNR x KQkq - 0 1", "side"),
        // Castling: letters, partners, king placement.
        ("jl(se)sqkbnr/pppppppp/8/8/8/8/PPPPPPPP/JL(ne)SQKBNR w KQkx - 0 1", "castling"),
        ("jl(se)sqkbnr/pppppppp/8/8/8/8/PPPPPPPP/JL(ne)SQKBN1 w KQkq - 0 1", "castling"),
        ("jl(se)sqkbnr/pppppppp/8/8/8/8/PPPPPPPP/JL(ne)SQKBNR w KQkqK - 0 1", "castling"),
        ("jl(se)sqkbnr/pppppppp/8/8/8/8/PPPPPPPP/JL(ne)SQKBNR w KQkG - 0 1", "castling"),
        ("jl(se)sqkbnr/pppppppp/8/8/8/8/PPPPPPPP/JL(ne)SQKBNR w KQkqE - 0 1", "castling"),
        ("jl(se)sqkbnr/pppppppp/8/8/8/4K3/PPPPPPPP/JL(ne)SQ1BNR w KQkq - 0 1", "castling"),
        // En passant: a square skipped by a double step from the 1st or 2nd rank only.
        ("jl(se)sqkbnr/pppppppp/8/8/8/8/PPPPPPPP/JL(ne)SQKBNR w KQkq e9 0 1", "en-passant"),
        ("jl(se)sqkbnr/pppppppp/8/8/8/8/PPPPPPPP/JL(ne)SQKBNR w KQkq e3 0 1", "en-passant"),
        ("jl(se)sqkbnr/pppppppp/8/8/8/8/PPPPPPPP/JL(ne)SQKBNR b KQkq e3 0 1", "en-passant"),
        ("4k3/8/8/8/4P3/8/8/4K3 b - e4 0 1", "en-passant"),
        ("jl(se)sqkbnr/pppppppp/8/8/8/8/PPPPPPPP/JL(ne)SQKBNR w KQkq - x 1", "halfmove"),
        ("jl(se)sqkbnr/pppppppp/8/8/8/8/PPPPPPPP/JL(ne)SQKBNR w KQkq - 0 -1", "fullmove"),
        // The push field.
        ("4k3/8/8/4n3/8/3S4/8/4K3 b - - 0 1 d3", "push"),
        ("4k3/8/8/4n3/8/3S4/8/4K3 b - - 0 1 d3e9", "push"),
        ("4k3/8/8/4n3/8/3S4/8/4K3 b - - 0 1 xx", "push"),
        ("4k3/8/8/4n3/8/3N4/8/4K3 b - - 0 1 d3e5", "push"),
        ("4k3/8/8/4n3/8/3S4/8/4K3 w - - 0 1 d3e5", "push"),
        ("4k3/8/8/4n3/8/3S4/8/4K3 b - - 0 1 d3e4", "push"),
        ("4k3/8/8/8/4n3/3S4/8/4K3 b - - 0 1 d3e4", "push"),
        ("7k/8/8/8/4L(n)3/3s4/8/7K w - - 0 1 d3e4", "push"),
        ("k7/8/5b2/4P3/8/2S5/8/7K b - - 0 1 c3f6", "push"),
        ("7k/8/8/3p4/8/2N5/8/1s5K w - d6 0 1 b1c3", "push"),
        // The side not to move may not be in check: directly, through a push (§6.4), or by
        // the pushed lancer's Turn-then-Move (8P-10).
        ("4k3/8/8/8/8/8/4r3/4K3 b - - 0 1", "side"),
        ("4k3/8/8/1s6/8/3N4/8/4K3 b - - 0 1", "side"),
        ("8/6k1/8/8/3L(n)4/3s4/8/K7 w - - 0 1 d3d4", "side"),
    ];
    for (fen, field) in cases {
        match EightPiece::from_fen(fen) {
            Ok(p) => panic!("accepted `{fen}` as {}", p.fen()),
            Err(e) => assert_eq!(e.field, *field, "`{fen}`: {e}"),
        }
    }
    // Standard mode refuses castling rights that need Chess960 rules.
    for fen in
        ["jk4rb/pppppppp/8/8/8/8/PPPPPPPP/JK4RB w GAga - 0 1", "4k3/8/8/8/8/8/8/R3K2J w K - 0 1"]
    {
        let e = EightPiece::from_fen_as(VariantId::EightPiece, fen).unwrap_err();
        assert_eq!(e.field, "castling", "{fen}");
        assert!(EightPiece::from_fen_as(VariantId::EightPieceRandom, fen).is_ok(), "{fen}");
    }
}

#[test]
fn accepted_forms() {
    // The start position, with and without the push field and clocks.
    let start = EightPiece::startpos();
    assert_eq!(start.fen(), START_FEN);
    for short in [
        "jl(se)sqkbnr/pppppppp/8/8/8/8/PPPPPPPP/JL(ne)SQKBNR w KQkq - 0 1",
        "jl(se)sqkbnr/pppppppp/8/8/8/8/PPPPPPPP/JL(ne)SQKBNR w KQkq -",
    ] {
        let p = EightPiece::from_fen(short).unwrap();
        assert_eq!(p.fen(), START_FEN);
        assert_eq!(p.hash(), start.hash());
    }
    // Shredder letters naming the standard partners: `eightpiece` reads them as KQkq...
    let ha = "jl(se)sqkbnr/pppppppp/8/8/8/8/PPPPPPPP/JL(ne)SQKBNR w HAha - 0 1";
    let p = EightPiece::from_fen_as(VariantId::EightPiece, ha).unwrap();
    assert!(!p.is_chess960());
    assert_eq!(p.fen(), START_FEN);
    // ... `eightpiece-random` keeps them (and writes castling as king + partner square), and
    // a FEN that says nothing (from_fen) goes by the letters.
    let p = EightPiece::from_fen_as(VariantId::EightPieceRandom, ha).unwrap();
    assert!(p.is_chess960());
    assert!(p.fen().contains(" w HAha - 0 1 -"));
    assert!(EightPiece::from_fen(ha).unwrap().is_chess960());
    assert!(!EightPiece::from_fen(START_FEN).unwrap().is_chess960());
    // X-FEN K/Q in a Chess960 setup: the partner on that side of the king.
    let p = EightPiece::from_fen("jk4rb/pppppppp/8/8/8/8/PPPPPPPP/JK4RB w KQkq - 0 1").unwrap();
    assert!(p.is_chess960());
    assert!(p.fen().contains(" GAga "));
    // Every numbered setup loads in random mode, lancers facing forward, Shredder rights.
    for n in [0, 1, 2000, setup::count() - 1] {
        let fen = setup::fen(n).unwrap();
        let p = EightPiece::from_fen_mode(&fen, FenMode::Random).unwrap();
        assert_eq!(p.fen(), fen);
    }
    // Pawns on their own first rank (pushed there) are fine; so is a push field.
    let fen = "4k2p/8/8/8/8/8/8/P3K3 w - - 0 1 -";
    assert_eq!(EightPiece::from_fen(fen).unwrap().fen(), fen);
    let fen = "4k3/8/8/4n3/8/3S4/8/4K3 b - - 0 1 d3e5";
    assert_eq!(EightPiece::from_fen(fen).unwrap().fen(), fen);
    // The pushed lancer d4 would see g7 along a diagonal (8P-10); without the push field it
    // faces only north and the position is fine.
    assert!(EightPiece::from_fen("8/6k1/8/8/3L(n)4/3s4/8/K7 w - - 0 1 -").is_ok());
    // The side to move may be in check.
    assert!(EightPiece::from_fen("4k3/8/8/1s6/8/3N4/8/4K3 w - - 0 1").unwrap().in_check());
}

/// Random edits of valid FENs never panic, neither loading nor generating moves; whatever
/// loads round-trips, and the reference agrees on the moves of whatever loads (a sample).
#[test]
fn mutated_fens_never_panic() {
    let seeds = [
        START_FEN.to_string(),
        "4k3/8/8/4n3/8/3S4/8/4K3 b - - 0 1 d3e5".to_string(),
        "7k/8/8/8/4L(ne)3/3s4/8/7K w - - 0 1 d3e4".to_string(),
        "j3k2r/pppj1ppp/2s5/3Pp3/4l(s)3/2S5/PPP1JPPP/J3K2R w KQkq e6 0 9 -".to_string(),
        setup::fen(1234).unwrap(),
    ];
    for s in &seeds {
        EightPiece::from_fen(s).unwrap_or_else(|e| panic!("{s}: {e}"));
    }
    let alphabet = b"pnbrqkjlsPNBRQKJLS12345678/ -wbKQkqHAe3609x[]*()nesw";
    let mut rng = rand_pcg::Pcg64::seed_from_u64(5);
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
        if let Ok(p) = EightPiece::from_fen(&text) {
            loaded += 1;
            let again = EightPiece::from_fen(&p.fen()).expect("own FEN loads");
            assert_eq!(again.fen(), p.fen());
            let mut list = <EightPiece as Rules>::Moves::default();
            p.legal_moves(&mut list);
            assert_eq!(p.count_legal(), list.len() as u64);
            for &m in list.iter().take(8) {
                let _ = p.play(m).fen();
            }
            if loaded % 16 == 0 {
                let r = RefEight::from_fen(&p.fen()).expect("reference parses");
                assert_eq!(r.moves().len(), list.len(), "reference disagrees at {}", p.fen());
            }
        }
    }
    assert!(loaded > 1000, "mutations too destructive to be a useful test ({loaded} loaded)");
}
