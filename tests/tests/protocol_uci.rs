//! UCI transcripts in `chess`: handshake, options, positions with every special move, searches
//! with each limit, perft, and error replies that leave the state unchanged.

use menagerie_tests::proto::Driver;
use movegen::rules::Rules;
use movegen::variants::chess::Chess;
use std::time::Duration;

fn bestmove_of(lines: &[String]) -> String {
    lines.last().unwrap().split_whitespace().nth(1).unwrap().to_string()
}

#[test]
fn handshake_lists_every_variant_and_option() {
    let mut e = Driver::start();
    let lines = e.ask("uci", "uciok");
    assert!(lines[0].starts_with("id name Menagerie"));
    let variant = lines.iter().find(|l| l.contains("UCI_Variant")).expect("UCI_Variant option");
    for v in movegen::VariantId::ALL {
        assert!(variant.contains(&format!("var {v}")), "{variant}");
    }
    for opt in ["Hash", "Threads", "Seed", "MultiPV", "UCI_Chess960"] {
        assert!(lines.iter().any(|l| l.starts_with(&format!("option name {opt} "))), "{opt}");
    }
    assert_eq!(e.ask("isready", "readyok"), vec!["readyok"]);
    e.quit();
}

#[test]
fn plays_a_game_with_special_moves() {
    let mut e = Driver::start();
    e.ask("uci", "uciok");
    // Castling (e1g1), e.p. (e5d6) and a promotion (b7a8q) in one move list.
    let moves = "e2e4 g8f6 e4e5 d7d5 e5d6 e7d6 g1f3 f8e7 f1c4 e8g8 e1g1 b7b5 c4b5 c8a6 b5a6 b8a6 \
                 d2d4 c7c5 d4c5 a6c5 b1c3 c5e4 c3e4 f6e4 d1d4 e4c5 d4c5 d6c5 c1e3 d8d1 f1d1 a8b8 \
                 d1d7 b8b2 d7a7 b2c2 a7a8 c2c1 a1c1 f8a8";
    e.send(&format!("position startpos moves {moves}"));
    e.send("d");
    let lines = e.until(Duration::from_secs(10), |l| l.starts_with("info string fen"));
    let mut g = Chess::startpos();
    for m in moves.split_whitespace() {
        g = g.play(g.parse_move(m).unwrap());
    }
    assert_eq!(lines.last().unwrap(), &format!("info string fen {}", g.fen()));
    let out = e.ask("go depth 6", "bestmove");
    assert!(out.iter().any(|l| l.starts_with("info depth 6 ") && l.contains(" pv ")));
    let best = bestmove_of(&out);
    assert!(g.parse_move(&best).is_ok(), "bestmove {best} is legal");
    e.quit();
}

#[test]
fn every_limit_returns_a_legal_move() {
    let mut e = Driver::start();
    e.ask("uci", "uciok");
    e.send("position fen r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
    let pos =
        Chess::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
            .unwrap();
    for go in [
        "go depth 3",
        "go nodes 5000",
        "go movetime 50",
        "go wtime 1000 btime 1000 winc 10 binc 10",
        "go wtime 500 btime 500 movestogo 3",
        "go mate 2 movetime 200",
    ] {
        let out = e.ask(go, "bestmove");
        assert!(pos.parse_move(&bestmove_of(&out)).is_ok(), "{go}: {out:?}");
    }
    // Infinite: isready answered during the search, bestmove only after stop.
    e.send("go infinite");
    e.send("isready");
    let got = e.until(Duration::from_secs(5), |l| l == "readyok");
    assert!(!got.iter().any(|l| l.starts_with("bestmove")));
    let out = e.ask("stop", "bestmove");
    assert!(pos.parse_move(&bestmove_of(&out)).is_ok());
    e.quit();
}

#[test]
fn mate_in_two_is_found() {
    let mut e = Driver::start();
    e.ask("uci", "uciok");
    // White: Qh5 and Bc4 against f7 (scholar's pattern): 1.Qxf7#.
    e.send("position fen r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4");
    let out = e.ask("go depth 4", "bestmove");
    assert_eq!(bestmove_of(&out), "h5f7");
    assert!(out.iter().any(|l| l.contains("score mate 1")), "{out:?}");
    e.quit();
}

#[test]
fn multipv_reports_several_lines() {
    let mut e = Driver::start();
    e.ask("uci", "uciok");
    e.send("setoption name MultiPV value 3");
    e.send("position startpos");
    let out = e.ask("go depth 4", "bestmove");
    for k in 1..=3 {
        assert!(out
            .iter()
            .any(|l| l.starts_with("info depth 4 ") && l.contains(&format!(" multipv {k} "))));
    }
    e.quit();
}

#[test]
fn perft_in_fairy_stockfish_format() {
    let mut e = Driver::start();
    e.ask("uci", "uciok");
    e.send("position startpos");
    let out = e.ask("go perft 3", "Nodes searched");
    assert_eq!(out.last().unwrap(), "Nodes searched: 8902");
    assert_eq!(out.iter().filter(|l| l.contains(": ")).count(), 21);
    assert!(out.contains(&"e2e4: 600".to_string()));
    e.quit();
}

#[test]
fn errors_leave_state_unchanged() {
    let mut e = Driver::start();
    e.ask("uci", "uciok");
    e.send("position startpos moves e2e4");
    let before = e.ask("d", "info string fen");
    for bad in [
        "position startpos moves e2e4 e2e4",
        "position fen 8/8/8/8/8/8/8/8 w - - 0 1",
        "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 moves e7e5",
        "position startpos moves e7e8q",
        "position",
        "position fen",
        "position moves e2e4",
    ] {
        e.send(bad);
        let reply = e.until(Duration::from_secs(5), |_| true);
        assert!(reply[0].starts_with("info string error"), "{bad}: {reply:?}");
        assert_eq!(e.ask("d", "info string fen"), before, "{bad} changed the position");
    }
    for bad in [
        "setoption name Hash value 0",
        "setoption name Hash value lots",
        "setoption name Threads value 100000",
        "setoption name UCI_Variant value shogi",
        "setoption name NoSuchOption value 1",
        "go depth x",
        "go perft 0",
        "go sideways",
        "flibbertigibbet",
    ] {
        e.send(bad);
        let reply = e.until(Duration::from_secs(5), |_| true);
        assert!(reply[0].starts_with("info string error"), "{bad}: {reply:?}");
        // A `go` that cannot be read is still answered (by a depth-1 search): a GUI waits for
        // `bestmove` after every `go`.
        if bad.starts_with("go ") && bad != "go perft 0" {
            let rest = e.until(Duration::from_secs(30), |l| l.starts_with("bestmove"));
            assert!(rest.iter().any(|l| l.starts_with("info depth 1 ")), "{bad}: {rest:?}");
        }
    }
    assert_eq!(e.ask("isready", "readyok"), vec!["readyok"]);
    assert_eq!(e.ask("d", "info string fen"), before);
    e.quit();
}

#[test]
fn threads_search_and_stop_cleanly() {
    let mut e = Driver::start();
    e.ask("uci", "uciok");
    e.send("setoption name Threads value 3");
    e.send("setoption name Hash value 16");
    e.send("position startpos moves d2d4 d7d5 c2c4");
    for _ in 0..3 {
        let out = e.ask("go movetime 150", "bestmove");
        let best = bestmove_of(&out);
        assert_ne!(best, "0000");
    }
    e.send("go infinite");
    std::thread::sleep(Duration::from_millis(100));
    e.ask("stop", "bestmove");
    e.ask("isready", "readyok");
    e.quit();
}
