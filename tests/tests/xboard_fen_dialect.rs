//! Each variant's XBoard FEN dialect (`Dialect::from_xboard_fen` / `to_xboard_fen`): along
//! random games of every variant, the position written in XBoard's form reads back with the
//! same placement (facings, hands, the PieceEater included) and side to move, and the rule
//! book's own FEN reads back as exactly the same position. A FEN that is no position is
//! refused with the reason.

use engine::xboard::dialect::Dialect;
use movegen::rules::VariantId;
use movegen::with_variant;
use rand_core::{RngCore, SeedableRng};

fn walk<V: Dialect>(id: VariantId, start: V) -> usize {
    let mut rng = rand_pcg::Pcg64::seed_from_u64(11);
    let mut pos = start;
    let mut checked = 0;
    for _ in 0..80 {
        let xb = pos.to_xboard_fen(id);
        let back = V::from_xboard_fen(id, &xb).unwrap_or_else(|e| panic!("{id} `{xb}`: {e}"));
        assert_eq!(back.board_view(), pos.board_view(), "{id}: `{xb}` from {}", pos.fen());
        let ours = V::from_xboard_fen(id, &pos.fen()).unwrap_or_else(|e| panic!("{id}: {e}"));
        assert_eq!(ours.fen(), pos.fen(), "{id}: the rule book's FEN as sent");
        checked += 1;
        let mut list = V::Moves::default();
        pos.legal_moves(&mut list);
        if list.is_empty() {
            break;
        }
        pos = pos.play(list[(rng.next_u64() % list.len() as u64) as usize]);
    }
    checked
}

#[test]
fn xboard_form_round_trips_in_every_variant() {
    for id in VariantId::ALL {
        let n = with_variant!(id, V => {
            let start = session::start::new_position::<V>(id, None, 3, false).expect("start");
            walk::<V>(id, start)
        });
        assert!(n >= 10, "{id}: only {n} positions");
    }
}

#[test]
fn bad_fens_are_refused_with_their_reason() {
    for id in VariantId::ALL {
        with_variant!(id, V => {
            let e = V::from_xboard_fen(id, "8/8 w - - 0 1").map(|_| ()).unwrap_err();
            assert!(matches!(e, movegen::Error::Fen { field: "board", .. }), "{id}: {e}");
            let e = V::from_xboard_fen(id, "").map(|_| ()).unwrap_err();
            assert!(matches!(e, movegen::Error::Fen { .. }), "{id}: {e}");
        });
    }
}
