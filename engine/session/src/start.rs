//! Start positions: a FEN, the variant's standard start, or one of its numbered setups (the
//! variant table's `setups`), read with the FEN conventions `UCI_Chess960` asks for (the table's
//! `chess960`).

use movegen::fen::FenError;
use movegen::rules::{Rules, VariantId};
use movegen::Error;

/// The start of a new game of variant `id` (position type `V`): `fen`, or the variant's start
/// position, or (a variant without one) its numbered setup `seed` modulo their number (the
/// engine's `Seed` option picks it). With `chess960` (UCI's `UCI_Chess960`) the FEN is read as
/// the table's `chess960` id reads it.
pub fn new_position<V: Rules>(
    id: VariantId,
    fen: Option<&str>,
    seed: u64,
    chess960: bool,
) -> Result<V, Error> {
    let info = id.info();
    let read_as = if chess960 { info.chess960.unwrap_or(id) } else { id };
    let text = match (fen, info.setups) {
        (Some(f), _) => f.to_string(),
        (None, Some(s)) => (s.fen)((seed % (s.count)() as u64) as usize)
            .ok_or_else(|| Error::Setup { message: "no such setup".into() })?,
        (None, None) if read_as == id => return Ok(V::startpos()),
        (None, None) => info.start_fen.unwrap_or(V::START_FEN).to_string(),
    };
    Ok(V::from_fen_as(read_as, &text)?)
}

/// The position of variant `id` (position type `V`) that `fen` gives, read as
/// [`new_position`] reads it (with `chess960`, as the table's `chess960` id reads it), or the
/// field that is wrong with it.
pub fn read_fen<V: Rules>(id: VariantId, fen: &str, chess960: bool) -> Result<V, FenError> {
    let read_as = if chess960 { id.info().chess960.unwrap_or(id) } else { id };
    V::from_fen_as(read_as, fen)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every variant starts at its table's start (or a numbered setup), and reads a FEN of it.
    #[test]
    fn every_variant_starts() {
        for id in VariantId::ALL {
            let fen = movegen::with_variant!(id, V => {
                let p = new_position::<V>(id, None, 5, false).expect("start");
                if let Some(start) = id.info().start_fen {
                    assert_eq!(p.fen(), start, "{id}");
                }
                let again = new_position::<V>(id, Some(&p.fen()), 0, false).expect("FEN");
                assert_eq!(again.hash(), p.hash(), "{id}");
                p.fen()
            });
            assert!(!fen.is_empty());
        }
    }
}
