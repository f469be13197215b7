//! The core crates search in WebAssembly and find what the native engine finds (issue 57
//! item 1): `bench/wasm-search` (the search bench's positions on the calling thread through
//! `search::LocalSearcher`, a timer that never moves) is built for `wasm32-wasip1`, run under
//! Node's WASI, and its lines must equal `menagerie bench`'s (the native threaded searcher
//! with one thread): the same node count and best move in every position.
//!
//! Needs the `wasm32-wasip1` target (in `rust-toolchain.toml`) and Node; skips with a message
//! where either is missing, unless `MENAGERIE_REQUIRE_WASM=1` (CI) makes that a failure.

use std::path::Path;
use std::process::Command;

fn missing(what: &str) {
    assert!(std::env::var_os("MENAGERIE_REQUIRE_WASM").is_none(), "{what}, and CI requires it");
    eprintln!("SKIPPED: {what}");
}

#[test]
fn bench_positions_search_the_same_in_webassembly() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    if Command::new("node").arg("--version").output().is_err() {
        return missing("no `node` on this machine");
    }
    // A separate target directory: the `cargo test` that runs this holds the main one.
    let target = root.join("target/wasm");
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let built = Command::new(cargo)
        .current_dir(&root)
        .args(["build", "--profile", "ci", "--target", "wasm32-wasip1"])
        .args(["-p", "menagerie-wasm-search", "--target-dir"])
        .arg(&target)
        .output()
        .expect("cargo runs");
    if !built.status.success() {
        let err = String::from_utf8_lossy(&built.stderr);
        if err.contains("target may not be installed") || err.contains("can't find crate for `std`")
        {
            return missing("the wasm32-wasip1 target is not installed (rustup target add)");
        }
        panic!("the wasm build failed:\n{err}");
    }
    let wasm = target.join("wasm32-wasip1/ci/menagerie-wasm-search.wasm");
    let ran = Command::new("node")
        .arg("--no-warnings")
        .arg(root.join("bench/wasm-search/run.mjs"))
        .arg(&wasm)
        .output()
        .expect("node runs");
    assert!(ran.status.success(), "{}", String::from_utf8_lossy(&ran.stderr));
    let in_wasm = String::from_utf8(ran.stdout).expect("UTF-8");

    let native = Command::new(env!("CARGO_BIN_EXE_menagerie")).arg("bench").output().expect("runs");
    assert!(native.status.success());
    let native = String::from_utf8(native.stdout).expect("UTF-8");
    // `menagerie bench`'s lines without their times, and without the total.
    let native: Vec<String> = native
        .lines()
        .filter(|l| l.contains(" bestmove "))
        .map(|l| {
            let (head, tail) = l.split_once(" time ").expect("a time");
            let best = tail.split_once(" bestmove ").expect("a move").1;
            format!("{head} bestmove {best}")
        })
        .collect();
    let in_wasm: Vec<&str> = in_wasm.lines().collect();
    assert!(native.len() >= 7, "one position per variant at least: {native:?}");
    assert_eq!(in_wasm, native, "WebAssembly against native");
}
