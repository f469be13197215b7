//! `menagerie match --variant pieceeater`: self-play at a very short control writes a PGN whose
//! every game, PE steps included, replays legally through the move generator, with its seed.

use engine::runner::pgn::read_games;
use movegen::rules::Rules;
use movegen::variants::pieceeater::PieceEater;
use std::process::Command;

#[test]
fn self_play_pgn_replays_with_pe_steps() {
    let pgn = std::env::temp_dir().join(format!("menagerie-pe-{}.pgn", std::process::id()));
    let _ = std::fs::remove_file(&pgn);
    let out = Command::new(env!("CARGO_BIN_EXE_menagerie"))
        .args(["match", "--variant", "pieceeater", "--games", "2", "--concurrency", "2"])
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
