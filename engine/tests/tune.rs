//! `menagerie tune`: the whole loop on a tiny scale (`menagerie openings`, self-play with `match --pgn`,
//! extraction, fit) in two variants, and its errors.

use eval::params::Tune;
use movegen::rules::VariantId;
use std::path::PathBuf;
use std::process::Command;

fn menagerie(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_menagerie")).args(args).output().expect("runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("menagerie-tune-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn loop_for<V: Tune>(variant: &str) {
    let dir = scratch(variant);
    let p = |f: &str| dir.join(f).display().to_string();
    // Openings from the runner's suite generator: distinct, loadable, tagged with the variant.
    let (code, _, err) = menagerie(&[
        "openings",
        "--variant",
        variant,
        "--count",
        "3",
        "--depth",
        "2",
        "--max-score",
        "400",
        "--out",
        &p("open"),
    ]);
    assert_eq!(code, 0, "{err}");
    let out = std::fs::read_to_string(dir.join("open").join(format!("{variant}.epd"))).unwrap();
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 3, "{out}");
    for l in &lines {
        let (fen, tag) = l.split_once(';').unwrap();
        assert_eq!(tag.trim(), format!("variant {variant}"));
        V::from_fen_as(VariantId::parse(variant).unwrap(), fen.trim()).unwrap();
    }
    std::fs::write(p("open.epd"), &out).unwrap();
    // Four short self-play games from them (400 nodes a move, drawn after 60 plies).
    let (code, _, err) = menagerie(&[
        "match",
        "--variant",
        variant,
        "--games",
        "4",
        "--nodes",
        "400",
        "--max-plies",
        "60",
        "--openings",
        &p("open.epd"),
        "--pgn",
        &p("games.pgn"),
    ]);
    assert_eq!(code, 0, "{err}");
    // Quiet positions of those games.
    let (code, _, err) =
        menagerie(&["tune", "extract", "--pgn", &p("games.pgn"), "--out", &p("data.txt")]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("4 games"), "{err}");
    let data = std::fs::read_to_string(p("data.txt")).unwrap();
    assert!(data.lines().count() > 5, "{data}");
    assert!(data.lines().all(|l| l.contains(&format!("; variant {variant}; result "))));
    // Relabelled: every line kept, in order, its result blended with a search (a number).
    let (code, _, err) = menagerie(&[
        "tune",
        "relabel",
        "--data",
        &p("data.txt"),
        "--nodes",
        "300",
        "--k",
        "0.5",
        "--lambda",
        "0.5",
        "--out",
        &p("relabelled.txt"),
    ]);
    assert_eq!(code, 0, "{err}");
    let relabelled = std::fs::read_to_string(p("relabelled.txt")).unwrap();
    assert_eq!(relabelled.lines().count(), data.lines().count(), "{err}");
    for (a, b) in data.lines().zip(relabelled.lines()) {
        let (fen, label) = b.split_once("; result ").unwrap();
        assert!(a.starts_with(fen), "{a} / {b}");
        let x: f64 = label.split(';').next().unwrap().parse().unwrap();
        assert!((0.0..=1.0).contains(&x), "{b}");
    }
    // A fit: a complete, parseable table whose header keeps the notes and records the run.
    let (code, _, err) = menagerie(&[
        "tune",
        "fit",
        "--variant",
        variant,
        "--data",
        &p("relabelled.txt"),
        "--epochs",
        "50",
        "--rounds",
        "1",
        "--holdout",
        "0",
        "--out",
        &p("params.txt"),
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("K = "), "{err}");
    let text = std::fs::read_to_string(p("params.txt")).unwrap();
    // The built-in table's notes come first, then the record of the run.
    assert!(text.starts_with(&format!("# {}", V::table().notes[0])), "{text}");
    assert!(text.contains("\n# tuned by `menagerie tune fit`"), "{text}");
    let table = eval::Table::parse(V::groups(), &text).unwrap();
    assert_eq!(table.names, V::table().names);
    // Fixed parameters are never changed.
    for (i, k) in table.kinds.iter().enumerate() {
        if *k == eval::Kind::Fixed {
            assert_eq!(table.values[i], V::table().values[i], "{}", table.names[i]);
        }
    }
    // Continuing from that table works too.
    let (code, _, err) = menagerie(&[
        "tune",
        "fit",
        "--variant",
        variant,
        "--data",
        &p("data.txt"),
        "--epochs",
        "10",
        "--rounds",
        "1",
        "--params",
        &p("params.txt"),
        "--out",
        &p("params2.txt"),
    ]);
    assert_eq!(code, 0, "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_loop_runs_in_chess() {
    loop_for::<movegen::variants::chess::Chess>("chess");
}

#[test]
fn the_loop_runs_in_a_game_of_chance() {
    loop_for::<movegen::variants::pieceeater::PieceEater>("pieceeater");
}

#[test]
fn bad_input_is_refused_with_a_message() {
    let dir = scratch("errors");
    let p = |f: &str| dir.join(f).display().to_string();
    let (code, _, err) = menagerie(&["tune", "fit", "--variant", "shogi", "--data", "x"]);
    assert_eq!(code, 2);
    assert!(err.contains("unknown variant `shogi`"), "{err}");
    let (code, _, err) = menagerie(&["tune", "fit", "--variant", "chess", "--data", &p("none")]);
    assert_eq!(code, 1);
    assert!(err.contains("none"), "{err}");
    // Data of another variant, or lines that are not data: nothing to fit.
    std::fs::write(
        p("other.txt"),
        "rnbqkbnr/8/8/8/8/8/8/RNBQKBNR w - - 0 1; variant magician; result 1-0\nnonsense\n",
    )
    .unwrap();
    let (code, _, err) =
        menagerie(&["tune", "fit", "--variant", "chess", "--data", &p("other.txt")]);
    assert_eq!(code, 2);
    assert!(err.contains("no chess positions in the data (2 lines skipped)"), "{err}");
    // A starting table with a missing parameter.
    std::fs::write(p("bad.txt"), "tempo 10\n").unwrap();
    let (code, _, err) = menagerie(&[
        "tune",
        "fit",
        "--variant",
        "chess",
        "--data",
        &p("other.txt"),
        "--params",
        &p("bad.txt"),
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("missing parameters: material.pawn"), "{err}");
    let (code, _, _) =
        menagerie(&["tune", "fit", "--variant", "chess", "--data", "x", "--rate", "0"]);
    assert_eq!(code, 2);
    for bad in [["--k", "0", "--lambda", "0.5"], ["--k", "1", "--lambda", "1.5"]] {
        let (code, _, err) =
            menagerie(&["tune", "relabel", "--data", "x", bad[0], bad[1], bad[2], bad[3]]);
        assert_eq!(code, 2);
        assert!(err.contains("--lambda in [0, 1]"), "{err}");
    }
    let (code, _, err) =
        menagerie(&["tune", "relabel", "--data", &p("none"), "--k", "1", "--lambda", "0"]);
    assert_eq!(code, 1);
    assert!(err.contains("none"), "{err}");
    // A PGN that is not one: no games, nothing written but the summary.
    std::fs::write(p("junk.pgn"), "not a pgn\n").unwrap();
    let (code, out, err) = menagerie(&["tune", "extract", "--pgn", &p("junk.pgn")]);
    assert_eq!(code, 0);
    assert!(out.is_empty() && err.contains("0 games"), "{out} {err}");
    let _ = std::fs::remove_dir_all(&dir);
}
