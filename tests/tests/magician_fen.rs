//! FEN input for `magician`: the `magician` field (7th, default `Mm`), MG-3, the usual checks;
//! every malformed field is named in the error, nothing panics, and whatever loads writes back
//! the same way.

use menagerie_tests::reference::magician::RefMagician;
use movegen::rules::Rules;
use movegen::variants::magician::Magician;
use rand_core::{RngCore, SeedableRng};

#[test]
fn malformed_fields_are_named() {
    let cases: &[(&str, &str)] = &[
        ("", "fields"),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq", "fields"),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0", "fields"),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 Mm x", "fields"),
        // The magician field: only `Mm`, `M`, `m`, `-`.
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 mM", "magician"),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 MM", "magician"),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 Mmm", "magician"),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 x", "magician"),
        // MG-3: a flag still set for a side that has a Magician-family piece.
        ("4k3/8/8/8/8/8/8/3MK3 w - - 0 1 M", "magician"),
        ("4k3/8/8/8/8/8/8/3YK3 w - - 0 1 Mm", "magician"),
        ("3ck3/8/8/8/8/8/8/4K3 w - - 0 1 m", "magician"),
        // ...including by default (six fields mean `Mm`).
        ("4k3/8/8/8/8/8/8/3HK3 w - - 0 1", "magician"),
        ("4k3/8/8/8/8/8/8/3AK3 w - -", "magician"),
        // MG-3: two family pieces of one side.
        ("4k3/8/8/8/8/8/8/2HMK3 w - - 0 1 -", "board"),
        ("2ayk3/8/8/8/8/8/8/4K3 w - - 0 1 -", "board"),
        // The usual board checks.
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1 Mm", "board"),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNP w KQkq - 0 1 Mm", "board"),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w kq - 0 1 Mm", "board"),
        ("rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 Mm", "board"),
        ("4k3/8/8/8/8/8/8/4K1M(x)1 w - - 0 1 -", "board"),
        ("4k3/8/8/8/8/8/8/4K3[M] w - - 0 1 -", "hand"),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1 Mm", "side"),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1 Mm", "castling"),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e3 0 1 Mm", "en-passant"),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1 Mm", "halfmove"),
        // The side not to move may not be in check, also by a leap: White's Magician e6 takes
        // e8 over e7; a High-Priestess d6 takes it by a knight leap.
        ("4k3/4p3/4M3/8/8/8/8/4K3 w - - 0 1 -", "side"),
        ("4k3/8/3H4/8/8/8/8/4K3 w - - 0 1 -", "side"),
    ];
    for (fen, field) in cases {
        match Magician::from_fen(fen) {
            Ok(p) => panic!("accepted `{fen}` as {}", p.fen()),
            Err(e) => assert_eq!(e.field, *field, "`{fen}`: {e}"),
        }
    }
}

#[test]
fn accepted_forms() {
    // Four and six fields: the magician field defaults to `Mm`, clocks to 0 1.
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 Mm";
    for short in [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ] {
        assert_eq!(Magician::from_fen(short).unwrap().fen(), start);
    }
    assert_eq!(Magician::startpos().fen(), start);
    // Every letter, both colours, each field value.
    for fen in [
        "4k3/8/8/8/8/8/8/3MK3 w - - 0 1 m",
        "4k3/8/8/8/8/8/8/3HK3 w - - 0 1 -",
        "3ak3/8/8/8/8/8/8/3CK3 w - - 0 1 -",
        "3yk3/8/8/8/8/8/8/4K3 w - - 0 1 M",
        "r3k2r/8/8/8/3pP3/8/8/R3K2R b KQkq e3 4 30 Mm",
    ] {
        let p = Magician::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        assert_eq!(p.fen(), fen);
        assert_eq!(RefMagician::from_fen(fen).unwrap().fen(), fen);
    }
    // The side to move may be in check (here by the Magician's diagonal-2 leap).
    assert!(Magician::from_fen("4k3/8/8/8/8/2m5/8/4K3 w - - 0 1 -").unwrap().in_check());
    // A flag cleared while no family piece is on the board (she was captured): fine.
    assert!(Magician::from_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1 -").is_ok());
}

/// Random edits of valid FENs never panic; whatever loads round-trips exactly, and agrees with
/// the reference's checks (MG-3, kings, side not to move not in check).
#[test]
fn mutated_fens_never_panic() {
    let seeds = [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 Mm",
        "r1bqk2r/ppp2ppp/2n2n2/3pP3/1m6/2NM4/PPPP1PPP/R1BQK2R w KQkq d6 0 7 -",
        "r3k2r/pp2pppp/2h5/2p1Y3/8/2B5/PPP2PPP/R3K2R w KQkq - 0 1 -",
        "4k3/2c5/8/3pP3/8/5A2/8/4K3 w - d6 0 1 -",
    ];
    let alphabet = b"pnbrqkmhacyPNBRQKMHACY12345678/ -wbKQkqe3609x[]*()Mm";
    let mut rng = rand_pcg::Pcg64::seed_from_u64(11);
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
        if let Ok(p) = Magician::from_fen(&text) {
            loaded += 1;
            let again = Magician::from_fen(&p.fen()).expect("own FEN loads");
            assert_eq!(again.fen(), p.fen());
            assert_eq!(again.hash(), p.hash());
            let r = RefMagician::from_fen(&p.fen()).expect("reference parses");
            assert!(r.valid(), "loaded a position the rules reject: {}", p.fen());
        }
    }
    assert!(loaded > 100, "mutations too destructive to be a useful test ({loaded} loaded)");
}
