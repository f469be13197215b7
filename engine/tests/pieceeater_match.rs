//! `menagerie match --variant pieceeater`: self-play at a very short control writes a PGN whose
//! every game, PE steps included, replays legally through the move generator, with its seed.

use movegen::rules::Rules;
use movegen::variants::pieceeater::PieceEater;
use session::pgn::read_games;
use std::process::Command;

#[test]
fn self_play_pgn_replays_with_pe_steps() {
    let pgn = std::env::temp_dir().join(format!("menagerie-pe-{}.pgn", std::process::id()));
    let _ = std::fs::remove_file(&pgn);
    let out = Command::new(env!("CARGO_BIN_EXE_menagerie"))
        .args(["match", "--variant", "pieceeater", "--games", "2", "--concurrency", "2"])
        .args(["--openings", "none"])
        .args(["--tc", "1+0.02", "--pgn", pgn.to_str().unwrap()])
        .output()
        .expect("runs");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = std::fs::read_to_string(&pgn).expect("PGN written");
    let games = read_games(&text);
    assert_eq!(games.len(), 2);
    for (tags, coords, result) in &games {
        assert!(tags.iter().any(|(k, _)| k == "Seed"), "no Seed tag: {tags:?}");
        let mut pos = PieceEater::startpos();
        for m in coords {
            let mv = pos.parse_move(m).unwrap_or_else(|e| panic!("{m}: {e} in {}", pos.fen()));
            pos = pos.play(mv);
        }
        assert!(["1-0", "0-1", "1/2-1/2"].contains(&result.as_str()), "{result}");
    }
    let _ = std::fs::remove_file(&pgn);
}

/// Issue 10: PieceEater games replay exactly from the logged seed. Both players are UCI engines
/// that answer with the action only, so the runner rolled every PE step: the game of round `k`
/// used a PCG seeded with its `Seed` tag, drawing `next_u64() % n` among the `n` legal turns
/// with that action (in generation order) whenever the action alone was not a complete turn.
/// Re-rolling from the tag alone must give back every PE step of the record.
#[test]
fn pe_steps_replay_from_the_logged_seed() {
    use rand_core::{RngCore, SeedableRng};
    let pgn = std::env::temp_dir().join(format!("menagerie-pe-seed-{}.pgn", std::process::id()));
    let _ = std::fs::remove_file(&pgn);
    let out = Command::new(env!("CARGO_BIN_EXE_menagerie"))
        .args(["match", "--variant", "pieceeater", "--games", "2", "--depth", "1"])
        .args(["--openings", "none"])
        .args(["--seed", "41", "--max-plies", "40", "--pgn", pgn.to_str().unwrap()])
        .output()
        .expect("runs");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let games = read_games(&std::fs::read_to_string(&pgn).expect("PGN written"));
    assert_eq!(games.len(), 2);
    let mut rolled = 0;
    for (tags, coords, _) in &games {
        let seed: u64 =
            tags.iter().find(|(k, _)| k == "Seed").expect("Seed tag").1.parse().unwrap();
        let mut die = rand_pcg::Pcg64::seed_from_u64(seed);
        let mut pos = PieceEater::startpos();
        for full in coords {
            let action = full.split(',').next().unwrap();
            let mv = match pos.parse_move(action) {
                Ok(m) => m,
                Err(_) => {
                    let mut list = <PieceEater as Rules>::Moves::default();
                    pos.legal_moves(&mut list);
                    let prefix = format!("{action},");
                    let outcomes: Vec<_> = list
                        .iter()
                        .copied()
                        .filter(|&m| pos.move_text(m).starts_with(&prefix))
                        .collect();
                    rolled += 1;
                    outcomes[(die.next_u64() % outcomes.len() as u64) as usize]
                }
            };
            assert_eq!(&pos.move_text(mv), full, "seed {seed} at {}", pos.fen());
            pos = pos.play(mv);
        }
    }
    assert!(rolled > 10, "only {rolled} rolled steps");
    let _ = std::fs::remove_file(&pgn);
}
