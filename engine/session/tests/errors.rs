//! The session boundary's errors: each refusal has its own kind (a bad FEN names its field),
//! and its message is the text the front ends have always printed.

use movegen::rules::VariantId;
use session::session::{choose_start, SetupRequest, Untagged};
use session::{new_game, Error, MoveIn, Notation, Session};

const CHESS: Untagged<'static> = Untagged { variant: VariantId::Chess, fen: None };

#[test]
fn a_bad_fen_names_its_field() {
    let e = new_game(VariantId::Chess, Some("4k3/8/8/8/8/8/8/4K3 x - - 0 1")).err().unwrap();
    assert_eq!(e.to_string(), "invalid FEN (side field): `x` is not `w` or `b`");
    assert!(matches!(e, Error::Fen { field: "side", .. }), "{e:?}");
    let e = new_game(VariantId::Chess, Some("4k3/8/8/8/8/8/8/4K3 w - - 0 999999")).err().unwrap();
    assert!(matches!(e, Error::Fen { field: "fullmove", .. }), "{e:?}");
    let e = Session::start(VariantId::Chess, Some("8/8 w - -"), None, 1).unwrap_err();
    assert!(matches!(e, Error::Fen { field: "board", .. }), "{e:?}");
    assert!(e.to_string().starts_with("invalid FEN (board field): "), "{e}");
    // A PGN's FEN tag: the same kind and field, the message says where.
    let pgn = "[Variant \"chess\"]\n[FEN \"4k3/8/8/8/8/8/8/4K3 x - - 0 1\"]\n\n*\n";
    let e = Session::from_pgn(pgn, 0, CHESS).unwrap_err();
    assert_eq!(e.to_string(), "FEN tag: invalid FEN (side field): `x` is not `w` or `b`");
    assert!(matches!(e, Error::Fen { field: "side", .. }), "{e:?}");
}

#[test]
fn an_illegal_move_and_a_malformed_one_differ() {
    let mut g = new_game(VariantId::Chess, None).unwrap();
    let e = g.play(MoveIn::Text("e2e5"), Notation::Rules).unwrap_err();
    assert_eq!(e, Error::IllegalMove { text: "e2e5".into(), message: "not a legal move".into() });
    let e = g.play(MoveIn::Text("zz9"), Notation::Rules).unwrap_err();
    assert_eq!(e, Error::MalformedMove { text: "zz9".into(), message: "not a legal move".into() });
    assert_eq!(g.ply(), 0, "nothing played");
    // A move from the search that is not legal here: its code and the reason.
    let e = g.play(MoveIn::Raw(0), Notation::Rules).unwrap_err();
    assert_eq!(e.to_string(), "move 0x00000000: not a legal move here");
    assert!(matches!(e, Error::IllegalMove { .. }), "{e:?}");

    let s = Session::start(VariantId::Chess, None, None, 1).unwrap();
    let e = s.check_move("e2e5").unwrap_err();
    assert_eq!(e.to_string(), "`e2e5` is not a legal move here");
    assert!(matches!(e, Error::IllegalMove { .. }), "{e:?}");
    let e = s.check_move("O-O-O-O").unwrap_err();
    assert_eq!(e.to_string(), "`O-O-O-O` is not a legal move here");
    assert!(matches!(e, Error::MalformedMove { .. }), "{e:?}");
    // A move only Jumping Knights' Rule 4 forbids: the message says why (issue 58).
    let fen = "10/5k4/10/10/10/R1p7/10/10/5K4/10 w - - 0 1";
    let s = Session::start(VariantId::JumpingKnights, Some(fen), None, 1).unwrap();
    let e = s.check_move("e1e2").unwrap_err();
    assert!(e.to_string().starts_with("`e1e2` is not a legal move here: Rule 4 (JK-5)"), "{e}");
    assert!(matches!(e, Error::IllegalMove { .. }), "{e:?}");

    // A variant's own parser: a malformed PieceEater leg, an unforced step left out.
    let mut g =
        new_game(VariantId::PieceEater, Some("4k3/8/8/8/8/8/P7/4K2X[] w - - 0 1 -")).unwrap();
    let e = g.play(MoveIn::Text("a2a3,zz"), Notation::Rules).unwrap_err();
    assert_eq!(e.to_string(), "the PE leg is `<from><to>`, e.g. `d4d5`");
    assert!(matches!(e, Error::MalformedMove { .. }), "{e:?}");
    let e = g.play(MoveIn::Text("a2a4"), Notation::Rules).unwrap_err();
    assert!(matches!(e, Error::IllegalMove { .. } | Error::AmbiguousMove { .. }), "{e:?}");
}

#[test]
fn a_move_in_a_record_says_which_and_keeps_its_kind() {
    let e = Session::from_pgn("1. e4 e5 2. Ke3", 0, CHESS).unwrap_err();
    assert_eq!(e.to_string(), "move 3 `Ke3` is not a legal move here");
    assert!(matches!(e, Error::IllegalMove { text, .. } if text == "Ke3"));
    let e = Session::from_pgn("", 0, CHESS).unwrap_err();
    assert_eq!(
        e.to_string(),
        "no game found: paste PGN tags and moves, or moves such as `1. e4 e5`"
    );
    assert!(matches!(e, Error::Pgn { .. }), "{e:?}");
}

#[test]
fn an_unknown_variant() {
    let pgn = "[Variant \"nosuch\"]\n\n1. e4 *\n";
    let e = Session::from_pgn(pgn, 0, CHESS).unwrap_err();
    assert_eq!(e.to_string(), "unknown Variant tag `nosuch`");
    assert!(matches!(&e, Error::UnknownVariant { name, .. } if name == "nosuch"), "{e:?}");
}

#[test]
fn a_move_after_the_end() {
    let fen = "6k1/5ppp/8/8/8/8/8/3R2K1 w - - 0 1";
    let mut s = Session::start(VariantId::Chess, Some(fen), None, 1).unwrap();
    s.check_move("d1d8").unwrap();
    s.play("d1d8", true).unwrap();
    let e = s.check_move("g8h8").unwrap_err();
    assert_eq!(e.to_string(), "the game is over: White wins by checkmate");
    assert!(matches!(e, Error::GameOver { .. }), "{e:?}");
    assert!(matches!(s.resign(None), Err(Error::GameOver { .. })));
    assert!(matches!(s.ensure_open(), Err(Error::GameOver { .. })));
    // Resigned: over too, whatever the rules say.
    let mut s = Session::start(VariantId::Chess, None, None, 1).unwrap();
    s.resign(None).unwrap();
    let e = s.check_move("e2e4").unwrap_err();
    assert_eq!(e.to_string(), "the game is over: Black wins: White resigns");
    assert!(matches!(e, Error::GameOver { .. }), "{e:?}");
}

#[test]
fn setups_and_take_backs() {
    let mut r = || 7;
    let e = choose_start(VariantId::Chess, None, Some(SetupRequest::Number(3)), &mut r);
    let e = e.unwrap_err();
    assert_eq!(e.to_string(), "chess has no numbered setups");
    assert!(matches!(e, Error::Setup { .. }), "{e:?}");
    let mut s = Session::start(VariantId::Chess, None, None, 1).unwrap();
    let e = s.take_back(1).unwrap_err();
    assert_eq!(e.to_string(), "only 0 moves to take back");
    assert!(matches!(e, Error::BadArgument { .. }), "{e:?}");
}

/// A library caller gets `std::error::Error`: `?` into a boxed error keeps the message.
#[test]
fn it_is_a_std_error() {
    fn start() -> Result<Session, Box<dyn std::error::Error>> {
        Ok(Session::start(VariantId::Chess, Some("8/8 w - -"), None, 1)?)
    }
    let e = start().unwrap_err();
    assert!(e.to_string().starts_with("invalid FEN (board field)"), "{e}");
    assert!(e.downcast_ref::<Error>().is_some());
}
