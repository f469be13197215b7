//! The tuner's view of every evaluation: the trace of a position (its feature vector) must
//! predict how the evaluation changes when one parameter changes. Each fitted parameter's
//! middlegame and endgame halves are moved by `DELTA` in turn and the evaluation is recomputed
//! in full; the prediction `scale * (mg * c_mg * d_mg + (1 - mg) * c_eg * d_eg)` (pairs) or
//! `c * d` (singles) from the trace must match up to integer rounding.

use eval::params::Tune;
use eval::{Kind, Score, S};
use movegen::rules::Rules;
use movegen::variants::{
    chess::Chess, eightpiece::EightPiece, jumpingknights::JumpingKnights, magician::Magician,
    pieceeater::PieceEater, tamerspiel::TamerSpiel,
};
use movegen::zobrist::splitmix64;

const DELTA: i32 = 24;

/// Positions of seeded random games (every 3rd ply, up to `n`).
fn positions<V: Rules>(n: usize) -> Vec<V> {
    let mut out = Vec::new();
    let mut seed = 0x7e57_u64;
    while out.len() < n {
        let mut pos = V::startpos();
        for ply in 0..160 {
            if ply % 3 == 0 {
                out.push(pos.clone());
            }
            let mut list = V::Moves::default();
            pos.legal_moves(&mut list);
            if list.is_empty() || pos.end_by_rule(&list).is_some() {
                break;
            }
            seed = splitmix64(seed);
            pos = pos.play(list[(seed % list.len() as u64) as usize]);
        }
    }
    out.truncate(n);
    out
}

/// Checks every fitted parameter on `n` positions; returns (checks, misses beyond rounding).
fn check<V: Tune + Rules>(n: usize) -> (usize, usize) {
    let table = V::table();
    let base = V::build(&table.values);
    let positions = positions::<V>(n);
    let traces: Vec<_> = positions.iter().map(|p| p.trace(&base)).collect();
    for (p, t) in positions.iter().zip(&traces) {
        assert_eq!(t.eval, p.eval_with(&base), "trace eval at {}", p.fen());
        assert!((0.0..=1.0).contains(&t.mg) && t.scale > 0.0 && t.scale <= 1.0);
    }
    let (mut checks, mut misses) = (0, 0);
    for id in 0..table.values.len() {
        let kind = table.kinds[id];
        if kind == Kind::Fixed {
            continue;
        }
        let halves: &[Score] = match kind {
            Kind::Pair => &[S(DELTA, 0), S(0, DELTA)],
            _ => &[S(DELTA, DELTA)],
        };
        for &d in halves {
            let mut values = table.values.clone();
            values[id] += d;
            let moved = V::build(&values);
            for (p, t) in positions.iter().zip(&traces) {
                let [cm, ce] = t.coef[id];
                let predicted = match kind {
                    Kind::Pair => {
                        t.scale
                            * (t.mg * cm * f64::from(d.mg) + (1.0 - t.mg) * ce * f64::from(d.eg))
                    }
                    _ => cm * f64::from(d.mg),
                };
                let actual = f64::from(p.eval_with(&moved) - t.eval);
                checks += 1;
                if (actual - predicted).abs() > 3.0 {
                    misses += 1;
                    if misses <= 5 {
                        eprintln!(
                            "{} {}: predicted {predicted:.2} actual {actual} at {}",
                            V::VARIANT,
                            table.names[id],
                            p.fen()
                        );
                    }
                }
            }
        }
    }
    (checks, misses)
}

fn assert_linear<V: Tune + Rules>(n: usize) {
    let (checks, misses) = check::<V>(n);
    eprintln!("{}: {misses} of {checks} mispredicted", V::VARIANT);
    // Misses come only from thresholds a parameter change can cross (the drawish scaling
    // condition, the mop-up's lead, the PieceEater's choice of the unit to rescue, a capped
    // attack count): rare.
    assert!(checks > 1000, "{checks}");
    assert!(misses * 200 <= checks, "{}: {misses} of {checks} changes mispredicted", V::VARIANT);
}

#[test]
fn chess_trace_is_linear() {
    assert_linear::<Chess>(120);
}

#[test]
fn eightpiece_trace_is_linear() {
    assert_linear::<EightPiece>(120);
}

#[test]
fn pieceeater_trace_is_linear() {
    assert_linear::<PieceEater>(120);
}

#[test]
fn magician_trace_is_linear() {
    assert_linear::<Magician>(120);
}

#[test]
fn tamerspiel_trace_is_linear() {
    assert_linear::<TamerSpiel>(120);
}

#[test]
fn jumpingknights_trace_is_linear() {
    assert_linear::<JumpingKnights>(120);
}

#[test]
fn embedded_tables_round_trip() {
    fn round_trip<V: Tune>() {
        let t = V::table();
        let again = eval::Table::parse(V::groups(), &t.to_text("x")).unwrap();
        assert_eq!(again.values, t.values);
        assert_eq!(again.names, t.names);
    }
    round_trip::<Chess>();
    round_trip::<EightPiece>();
    round_trip::<PieceEater>();
    round_trip::<Magician>();
    round_trip::<TamerSpiel>();
    round_trip::<JumpingKnights>();
}
