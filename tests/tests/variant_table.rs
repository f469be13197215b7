//! The variant table (`VariantId::info`) agrees with the rules it describes: names, board
//! shape, chance, start positions, numbered setups, bench positions, and a legend entry for
//! every letter a position of the variant can hold.

use movegen::rules::{Rules, VariantId};
use movegen::types::Geometry;
use movegen::with_variant;
use std::collections::BTreeSet;

/// Letters of a FEN's board field and hand (lancer facings and holes left out).
fn letters(fen: &str) -> BTreeSet<char> {
    let board = fen.split_whitespace().next().unwrap_or("");
    let mut out = BTreeSet::new();
    let mut in_paren = false;
    for c in board.chars() {
        match c {
            '(' => in_paren = true,
            ')' => in_paren = false,
            c if c.is_ascii_alphabetic() && !in_paren => {
                out.insert(c.to_ascii_uppercase());
            }
            _ => {}
        }
    }
    out
}

#[test]
fn table_matches_the_rules() {
    let mut names = BTreeSet::new();
    for v in VariantId::ALL {
        let info = v.info();
        assert!(names.insert(info.name), "{v}: duplicate name");
        assert_eq!(VariantId::parse(info.name), Some(v));
        with_variant!(v, V => {
            assert_eq!(info.has_chance, V::HAS_CHANCE, "{v}");
            let g = <V as Rules>::G::FILES;
            assert_eq!((info.shape.files, info.shape.ranks), (g, <V as Rules>::G::RANKS), "{v}");
            assert_eq!(info.shape.file_names, <V as Rules>::G::FILE_NAMES, "{v}");
            let mut fens: Vec<String> = Vec::new();
            match (info.start_fen, info.setups) {
                (Some(f), None) => {
                    let p = V::from_fen_as(v, f).unwrap_or_else(|e| panic!("{v}: {e}"));
                    assert_eq!(p.fen(), f, "{v}: the start FEN is the one the rules write");
                    fens.push(f.to_string());
                }
                (None, Some(s)) => {
                    let n = (s.count)();
                    assert!(n > 0);
                    assert!((s.fen)(n).is_none(), "{v}: setup {n} is past the end");
                    for k in [0, n / 2, n - 1] {
                        let f = (s.fen)(k).expect("setup exists");
                        V::from_fen_as(v, &f).unwrap_or_else(|e| panic!("{v} setup {k}: {e}"));
                        fens.push(f);
                    }
                }
                other => panic!("{v}: a start FEN or numbered setups, not {other:?}"),
            }
            for (f, _) in info.perft_bench {
                V::from_fen_as(v, f).unwrap_or_else(|e| panic!("{v} bench {f}: {e}"));
                fens.push((*f).to_string());
            }
            for f in info.search_bench {
                V::from_fen(f).unwrap_or_else(|e| panic!("{v} bench {f}: {e}"));
            }
            for f in &fens {
                for l in letters(f) {
                    assert!(info.piece(l).is_some(), "{v}: no legend entry for `{l}` of {f}");
                }
            }
        });
        let legend: BTreeSet<char> = info.pieces.iter().map(|p| p.letter).collect();
        assert_eq!(legend.len(), info.pieces.len(), "{v}: a letter twice in the legend");
        assert!(info.pieces.iter().all(|p| !p.name.is_empty() && p.moves.len() > 10));
    }
}

#[test]
fn legends_list_every_piece_kind_of_the_rule_books() {
    // The letters of each rule book's piece list (chess.md: FIDE; eightpiece.md §2;
    // pieceeater.md §1 with the PE `X`; magician.md §1; tamerspiel.md §3 (19 kinds);
    // jumpingknights.md §2).
    let want: [(VariantId, &str); 7] = [
        (VariantId::Chess, "KQRBNP"),
        (VariantId::EightPiece, "KQRBNPJLS"),
        (VariantId::EightPieceRandom, "KQRBNPJLS"),
        (VariantId::PieceEater, "KQRBNPX"),
        (VariantId::Magician, "KQRBNPMHACY"),
        (VariantId::TamerSpiel, "KTRNBPDFVGELCOAMQWS"),
        (VariantId::JumpingKnights, "KQRBNWP"),
    ];
    for (v, letters) in want {
        let got: BTreeSet<char> = v.info().pieces.iter().map(|p| p.letter).collect();
        assert_eq!(got, letters.chars().collect(), "{v}");
    }
    assert_eq!(VariantId::ALL.iter().filter(|v| v.has_chance()).count(), 1);
    assert!(VariantId::PieceEater.has_chance());
}
