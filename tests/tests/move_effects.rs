//! `Rules::move_effect` across every variant's special moves: the squares a move changes, with
//! their contents before and after, the hands and the PieceEater's step. Each expected list is
//! worked out by hand from the rule book (ruling ids in the comments), not from the engine.

use movegen::rules::{Rules, VariantId};
use movegen::variants::{
    chess::Chess, eightpiece::EightPiece, jumpingknights::JumpingKnights, magician::Magician,
    pieceeater::PieceEater, tamerspiel::TamerSpiel,
};
use movegen::view::MoveEffect;
use std::collections::BTreeSet;

type Change<'a> = (&'a str, Option<&'a str>, Option<&'a str>);

fn effect<R: Rules>(variant: VariantId, fen: &str, mv: &str) -> (R, MoveEffect) {
    let p = R::from_fen_as(variant, fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    let m = p.parse_move(mv).unwrap_or_else(|e| panic!("{fen} {mv}: {e}"));
    let e = p.move_effect(m);
    (p, e)
}

fn assert_changes(e: &MoveEffect, want: &[Change<'_>], what: &str) {
    let got: BTreeSet<(String, Option<String>, Option<String>)> =
        e.changes.iter().map(|c| (c.name.clone(), c.before.clone(), c.after.clone())).collect();
    let want: BTreeSet<(String, Option<String>, Option<String>)> = want
        .iter()
        .map(|(s, b, a)| ((*s).to_string(), b.map(str::to_string), a.map(str::to_string)))
        .collect();
    assert_eq!(got, want, "{what}");
}

fn check<R: Rules>(variant: VariantId, fen: &str, mv: &str, want: &[Change<'_>]) -> MoveEffect {
    let (_, e) = effect::<R>(variant, fen, mv);
    assert_changes(&e, want, &format!("{variant} {fen} {mv}"));
    if !R::HAS_CHANCE {
        assert!(e.chance.is_none());
    }
    e
}

#[test]
fn chess_castling_en_passant_promotion() {
    let v = VariantId::Chess;
    // FIDE 3.8.2: king two squares toward the rook, the rook over it onto the square crossed.
    let fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    check::<Chess>(
        v,
        fen,
        "e1g1",
        &[
            ("e1", Some("K"), None),
            ("f1", None, Some("R")),
            ("g1", None, Some("K")),
            ("h1", Some("R"), None),
        ],
    );
    check::<Chess>(
        v,
        fen,
        "e1c1",
        &[
            ("a1", Some("R"), None),
            ("c1", None, Some("K")),
            ("d1", None, Some("R")),
            ("e1", Some("K"), None),
        ],
    );
    // FIDE 3.7.3.1: the capturing pawn lands on the skipped square d6, the pawn on d5 leaves.
    check::<Chess>(
        v,
        "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1",
        "e5d6",
        &[("d5", Some("p"), None), ("d6", None, Some("P")), ("e5", Some("P"), None)],
    );
    // FIDE 3.7.5: promotion by capture; the rook on d8 leaves, a knight stands there.
    check::<Chess>(
        v,
        "3r3k/4P3/8/8/8/8/8/4K3 w - - 0 1",
        "e7d8n",
        &[("d8", Some("r"), Some("N")), ("e7", Some("P"), None)],
    );
}

#[test]
fn eightpiece_push_nudge_turn_pass_castling() {
    let v = VariantId::EightPiece;
    // §6.2: the sentry moves onto the bishop's square e7; the bishop then moves by its own
    // movement (one diagonal step) to f8.
    check::<EightPiece>(
        v,
        "7k/4b3/8/2S5/8/8/8/4K3 w - - 0 1 -",
        "c5e7,e7f8",
        &[("c5", Some("S"), None), ("e7", Some("b"), Some("S")), ("f8", None, Some("b"))],
    );
    // §6.2 (b) and 8P-7: a nudged lancer steps g3 -> g2 and faces the step's direction, south.
    check::<EightPiece>(
        v,
        "4k3/8/8/8/5S2/6l(n)1/8/4K3 w - - 0 1 -",
        "f4g3,g3g2",
        &[("f4", Some("S"), None), ("g3", Some("l(n)"), Some("S")), ("g2", None, Some("l(s)"))],
    );
    // §7.2 re-orient: a lancer on a5 facing west (off the board) turns east in place; only
    // its token changes.
    check::<EightPiece>(
        v,
        "4k3/8/8/L(w)7/8/8/8/4K3 w - - 0 1 -",
        "a5a5=e",
        &[("a5", Some("L(w)"), Some("L(e)"))],
    );
    // §7.1/§7.2: from the start the lancer b1 (facing ne) passes over its own pawn c2, stops
    // on e4 and takes the facing se (8P-8: f3 lies in front of it).
    check::<EightPiece>(
        v,
        "jl(se)sqkbnr/pppppppp/8/8/8/8/PPPPPPPP/JL(ne)SQKBNR w KQkq - 0 1 -",
        "b1e4=se",
        &[("b1", Some("L(ne)"), None), ("e4", None, Some("L(se)"))],
    );
    // §4: the king on e1 is held by the jailer d1 and not in check: the pass changes nothing.
    check::<EightPiece>(v, "4k3/8/8/8/8/8/8/3jK3 w - - 0 1 -", "0000", &[]);
    // §8: queen's-side castling with the jailer: king e1 -> c1, jailer a1 -> d1.
    check::<EightPiece>(
        v,
        "4k3/8/8/8/8/8/8/J3K2R w KQ - 0 1 -",
        "e1c1",
        &[
            ("a1", Some("J"), None),
            ("c1", None, Some("K")),
            ("d1", None, Some("J")),
            ("e1", Some("K"), None),
        ],
    );
    // §5: promotion to a lancer with its facing (south: e7 lies in front of e8).
    check::<EightPiece>(
        v,
        "k7/4P3/8/8/8/8/8/4K3 w - - 0 1 -",
        "e7e8l=s",
        &[("e7", Some("P"), None), ("e8", None, Some("L(s)"))],
    );
}

#[test]
fn eightpiece_random_castling_king_onto_partner() {
    // §10: king to c1 and the partner nearer the a-file to d1; written king square + partner
    // square (notation.md).
    check::<EightPiece>(
        VariantId::EightPieceRandom,
        "jk6/pppppppp/8/8/8/8/PPPPPPPP/JK6 w Aa - 0 1 -",
        "b1a1",
        &[
            ("a1", Some("J"), None),
            ("b1", Some("K"), None),
            ("c1", None, Some("K")),
            ("d1", None, Some("J")),
        ],
    );
}

#[test]
fn pieceeater_drop_step_and_eating() {
    let v = VariantId::PieceEater;
    // §3 drop: a knight from White's hand onto b1. §4: b1 is not next to the PE (d4), so the
    // step is random among the eight neighbours of d4 (none is next to a king on the torus:
    // e1's neighbours are ranks 8, 1, 2; e8's ranks 7, 8, 1): eight outcomes.
    let fen = "4k3/8/8/8/3X4/8/8/4K3[N] w - - 0 1 -";
    let e = check::<PieceEater>(
        v,
        fen,
        "N@b1,d4d5",
        &[("b1", None, Some("N")), ("d4", Some("X"), None), ("d5", None, Some("X"))],
    );
    let (p, _) = effect::<PieceEater>(v, fen, "N@b1,d4d5");
    let c = e.chance.expect("a chance step");
    assert_eq!((p.board_view().name(c.from), p.board_view().name(c.to)), ("d4", "d5"));
    assert_eq!(c.outcomes, 8);
    assert_eq!(e.hands, Some((["N".to_string(), String::new()], [String::new(), String::new()])));
    // The eight outcomes of the drop are numbered 1..=8, each once.
    let numbers: BTreeSet<usize> = ["c3", "d3", "e3", "c4", "e4", "c5", "d5", "e5"]
        .iter()
        .map(|to| effect::<PieceEater>(v, fen, &format!("N@b1,d4{to}")).1.chance.unwrap().outcome)
        .collect();
    assert_eq!(numbers, (1..=8).collect());
    // §4 rule 3: from the start e2-e4 lands next to the PE on d4; it must step onto e4 and eat
    // the pawn (a forced step: one outcome). e4 was empty before the turn and holds the PE
    // after it.
    let e = check::<PieceEater>(
        v,
        "rnbqkbnr/pppppppp/8/8/3X4/8/PPPPPPPP/RNBQKBNR[RBNPPPrbnppp] w KQkq - 0 1 -",
        "e2e4,d4e4",
        &[("e2", Some("P"), None), ("d4", Some("X"), None), ("e4", None, Some("X"))],
    );
    let c = e.chance.expect("a chance step");
    assert_eq!((c.outcome, c.outcomes), (1, 1));
    assert!(e.hands.is_none(), "no drop, no capture into a hand");
}

#[test]
fn magician_switch_and_promotions() {
    let v = VariantId::Magician;
    // §2 switch: the bishop on c4 (it has moved, MG-1) becomes the Magician on the same square.
    check::<Magician>(
        v,
        "4k3/8/8/8/2B5/8/8/4K3 w - - 0 1 M",
        "c4c4m",
        &[("c4", Some("B"), Some("M"))],
    );
    // §2 promotion to the Magician: she is promoted at once by §4; Black's strongest orthodox
    // piece is the queen, so she arrives as the Prime Minister (Y).
    check::<Magician>(
        v,
        "q6k/4P3/8/8/8/8/8/4K3 w - - 0 1 M",
        "e7e8m",
        &[("e7", Some("P"), None), ("e8", None, Some("Y"))],
    );
    // §4: a pawn reaching White's 6th rank promotes the unpromoted Magician on a1, far from
    // the move; Black's strongest orthodox piece is a rook: Chancellor (C).
    check::<Magician>(
        v,
        "r3k3/8/8/4P3/8/8/8/M3K3 w - - 0 1 -",
        "e5e6",
        &[("e5", Some("P"), None), ("e6", None, Some("P")), ("a1", Some("M"), Some("C"))],
    );
}

#[test]
fn tamerspiel_swap_citadel_castling_dabbabah() {
    let v = VariantId::TamerSpiel;
    // §6 swap: White's king g1 is in check from the rook g8 down the g-file; it exchanges
    // squares with the guard on c1 (not attacked).
    check::<TamerSpiel>(
        v,
        "1k4r5/*10*/*10*/*10*/*10*/*10*/*10*/2G3K5 w - - 0 1 w",
        "g1c1",
        &[("c1", Some("G"), Some("K")), ("g1", Some("K"), Some("G"))],
    );
    // TS-3: a rook entering the enemy citadel a8 promotes to a Marshall (M) in the same move.
    check::<TamerSpiel>(
        v,
        "1R10/*4k5*/*10*/*10*/*10*/*10*/*10*/6K5 w - - 0 1 -",
        "b8a8",
        &[("b8", Some("R"), None), ("a8", None, Some("M"))],
    );
    // §6 castling: king g1 -> j1, rook l1 -> i1.
    check::<TamerSpiel>(
        v,
        "5k6/*10*/*10*/*10*/*10*/*10*/*10*/6K4R w K - 0 1 -",
        "g1j1",
        &[
            ("g1", Some("K"), None),
            ("i1", None, Some("R")),
            ("j1", None, Some("K")),
            ("l1", Some("R"), None),
        ],
    );
    // §5: a b-file pawn reaching b7 may become a Dabbabah there, or stay a pawn.
    let fen = "5k6/*10*/*P9*/*10*/*10*/*10*/*10*/6K5 w - - 0 1 -";
    check::<TamerSpiel>(v, fen, "b6b7d", &[("b6", Some("P"), None), ("b7", None, Some("D"))]);
    check::<TamerSpiel>(v, fen, "b6b7", &[("b6", Some("P"), None), ("b7", None, Some("P"))]);
}

#[test]
fn jumpingknights_jump_en_passant_promotion() {
    let v = VariantId::JumpingKnights;
    // §4: the queen d1 jumps the pawn d4 (d2, d3 empty) and lands on d8 (d5-d7 empty); the
    // pawn is removed.
    check::<JumpingKnights>(
        v,
        "10/5k4/10/10/10/4p5/10/10/4QK4/10 w - - 0 1",
        "d1d4,d4d8",
        &[("d1", Some("Q"), None), ("d4", Some("p"), None), ("d8", None, Some("Q"))],
    );
    // JK-3, the rule book's own example: White e5, Black d7-d5; e5 jumps over d6 to c7 and d5
    // is removed.
    check::<JumpingKnights>(
        v,
        "10/5k4/10/10/4pP4/10/10/10/5K4/10 w - d6 0 1",
        "e5d6,d6c7",
        &[("e5", Some("P"), None), ("d5", Some("p"), None), ("c7", None, Some("P"))],
    );
    // §5 promotion by a jump capture onto the edge rank 9: c7 over d8 to e9, as a queen.
    check::<JumpingKnights>(
        v,
        "10/4r5/3P6/10/10/10/8k1/10/5K4/10 w - - 0 1",
        "c7d8,d8e9q",
        &[("c7", Some("P"), None), ("d8", Some("r"), None), ("e9", None, Some("Q"))],
    );
}

#[test]
fn every_legal_move_of_random_games_has_a_consistent_effect() {
    // For every variant: applying an effect's changes to the view before gives the view after.
    use rand_core::{RngCore, SeedableRng};
    fn run<R: Rules>(variant: VariantId, fen: Option<&str>) {
        let mut rng = rand_pcg::Pcg64::seed_from_u64(7);
        let mut pos = match fen {
            Some(f) => R::from_fen_as(variant, f).expect("fen"),
            None => R::startpos(),
        };
        for _ in 0..60 {
            let mut list = R::Moves::default();
            pos.legal_moves(&mut list);
            if list.is_empty() {
                break;
            }
            let before = pos.board_view();
            for &m in list.iter() {
                let e = pos.move_effect(m);
                let mut cells = before.cells.clone();
                for c in &e.changes {
                    assert_eq!(before.cell(c.square).token(), c.before.as_deref());
                    cells[c.square.idx()] = match &c.after {
                        Some(t) => movegen::view::Cell::Unit(t.clone()),
                        None => movegen::view::Cell::Empty,
                    };
                }
                assert_eq!(cells, pos.play(m).board_view().cells, "{variant} {}", pos.move_text(m));
                assert_eq!(e.chance.is_some(), R::HAS_CHANCE);
            }
            let m = list[(rng.next_u64() % list.len() as u64) as usize];
            pos = pos.play(m);
        }
    }
    run::<Chess>(VariantId::Chess, None);
    run::<EightPiece>(VariantId::EightPiece, None);
    run::<EightPiece>(
        VariantId::EightPieceRandom,
        Some("nbrqsl(s)kj/pppppppp/8/8/8/8/PPPPPPPP/NBRQSL(n)KJ w HChc - 0 1 -"),
    );
    run::<PieceEater>(VariantId::PieceEater, None);
    run::<Magician>(VariantId::Magician, None);
    run::<TamerSpiel>(VariantId::TamerSpiel, None);
    run::<JumpingKnights>(VariantId::JumpingKnights, None);
}
