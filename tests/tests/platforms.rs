//! The release archives of `dist/build.sh` on the platforms this machine can run or emulate
//! (docs/install.md):
//!
//! * Windows x86-64 under Wine: both `.exe` files (the portable one starts the x86-64-v3 one);
//! * Linux x86-64: natively (the portable build hands over to the x86-64-v3 one, or keeps
//!   running with `MENAGERIE_CPU=x86-64`) and under `qemu-x86_64 -cpu Westmere`, a CPU without
//!   AVX2 or BMI2, where the portable build must run and the x86-64-v3 build must refuse with a
//!   message instead of crashing;
//! * Linux aarch64 under `qemu-aarch64`.
//!
//! On each: the archive's contents and checksums, `--version`, the perft data files
//! (`tests/data/*.perft`, every position, each depth up to a node budget that suits the
//! emulator, through UCI `go perft`), a UCI and an XBoard transcript of every variant that must
//! equal, line for line, the same session with this build's own protocol loop (fixed depths on
//! one thread, so only `time` and `nps` may differ), and `menagerie bench`, whose node count
//! must equal this build's.
//!
//! The archives come from `target/dist/` (or `MENAGERIE_DIST`); `.ci/run` builds them with
//! `dist/build.sh --profile ci` and sets `MENAGERIE_REQUIRE_PLATFORMS=1`, which turns a missing
//! archive, emulator or cross compiler into a failure instead of a skip.

use menagerie_tests::proto::Driver;
use menagerie_tests::{data_path, load_perft_file};
use movegen::VariantId;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

/// Where the archives are.
fn dist_dir() -> PathBuf {
    match std::env::var_os("MENAGERIE_DIST") {
        Some(d) => PathBuf::from(d),
        None => Path::new(env!("CARGO_MANIFEST_DIR")).join("../target/dist"),
    }
}

/// Prints why a check cannot run here, or fails when CI requires it.
fn skip(why: &str) {
    if std::env::var("MENAGERIE_REQUIRE_PLATFORMS").is_ok_and(|v| v == "1") {
        panic!("MENAGERIE_REQUIRE_PLATFORMS=1 but {why}");
    }
    eprintln!("SKIPPED: {why}");
}

fn have(program: &str) -> bool {
    Command::new(program).arg("--version").output().is_ok()
}

/// The archive of `triple`, unpacked into a fresh directory; `None` (after [`skip`]) if absent.
fn unpack(triple: &str) -> Option<PathBuf> {
    let name = format!("menagerie-{}-{triple}", env!("CARGO_PKG_VERSION"));
    let ext = if triple.contains("windows") { "zip" } else { "tar.gz" };
    let archive = dist_dir().join(format!("{name}.{ext}"));
    if !archive.is_file() {
        skip(&format!("no release archive {} (build it with dist/build.sh)", archive.display()));
        return None;
    }
    let dir =
        std::env::temp_dir().join(format!("menagerie-platform-{triple}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let status = if ext == "zip" {
        Command::new("python3").args(["-m", "zipfile", "-e"]).arg(&archive).arg(&dir).status()
    } else {
        Command::new("tar").arg("-xzf").arg(&archive).arg("-C").arg(&dir).status()
    };
    assert!(status.expect("unpacker runs").success(), "cannot unpack {}", archive.display());
    // The archive's own checksum file beside it.
    let sum = std::fs::read_to_string(dist_dir().join(format!("{name}.{ext}.sha256"))).unwrap();
    assert!(sum.ends_with(&format!("  {name}.{ext}\n")), "{sum}");
    Some(dir.join(name))
}

/// The files every archive holds, and the checksums of its `SHA256SUMS`.
fn check_contents(root: &Path, executables: &[&str]) {
    for f in executables.iter().copied().chain([
        "README.md",
        "LICENSE",
        "docs/install.md",
        "docs/winboard.md",
    ]) {
        assert!(root.join(f).is_file(), "{} lacks {f}", root.display());
    }
    for v in VariantId::ALL {
        let king = root.join("xboard-pieces").join(v.name()).join("WhiteKing.svg");
        assert!(king.is_file(), "{} lacks {}", root.display(), king.display());
    }
    let out = Command::new("sha256sum")
        .args(["--check", "--quiet", "SHA256SUMS"])
        .current_dir(root)
        .output()
        .unwrap();
    assert!(out.status.success(), "SHA256SUMS: {}", String::from_utf8_lossy(&out.stdout));
    let listed = std::fs::read_to_string(root.join("SHA256SUMS")).unwrap();
    for f in executables {
        assert!(listed.lines().any(|l| l.ends_with(&format!("  {f}"))), "{f} not in SHA256SUMS");
    }
    // The test-only Wine stand-in below is never shipped.
    assert!(!listed.to_lowercase().contains(".dll"), "a DLL in the archive: {listed}");
}

/// How to run a binary of the archive here: an emulator and its arguments (empty: natively).
#[derive(Clone, Debug)]
struct Runner {
    prefix: Vec<String>,
    env: Vec<(String, String)>,
    /// Largest perft count checked per position and depth.
    perft_budget: u64,
    /// Longest wait for one answer.
    patience: Duration,
}

impl Runner {
    fn command(&self, exe: &Path, args: &[&str]) -> Command {
        let mut c = match self.prefix.split_first() {
            Some((p, rest)) => {
                let mut c = Command::new(p);
                c.args(rest).arg(exe);
                c
            }
            None => Command::new(exe),
        };
        c.args(args);
        for (k, v) in &self.env {
            c.env(k, v);
        }
        c
    }

    fn output(&self, exe: &Path, args: &[&str]) -> (i32, String, String) {
        let out = self.command(exe, args).output().unwrap_or_else(|e| panic!("{exe:?}: {e}"));
        (
            out.status.code().unwrap_or(-1),
            String::from_utf8_lossy(&out.stdout).into_owned(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    }
}

/// `--version` names the target and the CPU level the running build was made for.
fn check_version(run: &Runner, exe: &Path, triple: &str, level: &str) {
    let (code, out, err) = run.output(exe, &["--version"]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.starts_with(&format!("menagerie {}\n", env!("CARGO_PKG_VERSION"))), "{out}");
    assert!(out.contains(&format!("target: {triple}\n")), "{out}");
    assert!(out.contains(&format!("cpu level: {level} (this build)")), "{out}");
}

/// The x86-64-v3 build's CPU check (`engine/src/cpu_guard.c`) runs before any Rust code, also
/// on this platform: told to act as on an old CPU (`MENAGERIE_CPU_GUARD=fail`), it explains and
/// exits with status 1.
fn check_guard(run: &Runner, fast: &Path) {
    let mut run = run.clone();
    run.env.push(("MENAGERIE_CPU_GUARD".into(), "fail".into()));
    let (code, out, err) = run.output(fast, &["perft", "1"]);
    assert_eq!(code, 1, "{out}{err}");
    assert!(out.is_empty(), "{out}");
    assert!(err.contains("needs a CPU with AVX2") && err.contains("lacks: avx2 bmi2"), "{err}");
}

/// Every position of every perft file, each depth whose count is within the budget.
fn check_perft_files(run: &Runner, exe: &Path) {
    let started = std::time::Instant::now();
    let mut total = 0;
    for v in VariantId::ALL {
        let file = format!("{}.perft", v.name());
        if !data_path(&file).is_file() {
            continue;
        }
        let mut e = Driver::spawn(run.command(exe, &[]));
        e.send("uci");
        e.until(run.patience, |l| l == "uciok");
        let mut checked = 0;
        for case in load_perft_file(&file) {
            // Shredder castling letters mark the file's `eightpiece-random` setups.
            let castling = case.fen.split_whitespace().nth(2).unwrap_or("-");
            let random =
                v == VariantId::EightPiece && castling.chars().any(|c| !"KQkq-".contains(c));
            let variant = if random { "eightpiece-random" } else { v.name() };
            e.send(&format!("setoption name UCI_Variant value {variant}"));
            e.send(&format!("position fen {}", case.fen));
            e.send("isready");
            let answer = e.until(run.patience, |l| l == "readyok");
            assert!(!answer.iter().any(|l| l.contains("error")), "{file} {}: {answer:?}", case.id);
            for &(depth, count) in case.counts.iter().filter(|(_, c)| *c <= run.perft_budget) {
                e.send(&format!("go perft {depth}"));
                let lines = e.until(run.patience, |l| l.starts_with("Nodes searched:"));
                let got: u64 =
                    lines.last().unwrap()["Nodes searched:".len()..].trim().parse().unwrap();
                assert_eq!(got, count, "{file} {} depth {depth}", case.id);
                checked += 1;
            }
        }
        assert!(checked > 0, "{file}: nothing within the budget");
        total += checked;
        e.quit();
    }
    eprintln!(
        "{}: {total} perft counts equal to the files ({:?})",
        label(run, exe),
        started.elapsed()
    );
}

/// How a check names the binary and its runner in the log.
fn label(run: &Runner, exe: &Path) -> String {
    let mut l = run.prefix.join(" ");
    for (k, v) in &run.env {
        l = format!("{k}={v} {l}");
    }
    format!("{} {}", l.trim(), exe.file_name().unwrap_or_default().to_string_lossy())
}

/// One step of a session: a line to send and what ends its answer (`None`: nothing awaited).
type Step = (String, Option<&'static str>);

fn step(line: impl Into<String>, until: Option<&'static str>) -> Step {
    (line.into(), until)
}

/// A UCI session in `v`: searches at fixed depths, a reply to the first search, a bad FEN.
fn uci_session(v: VariantId) -> Vec<Step> {
    vec![
        step("uci", Some("uciok")),
        step(format!("setoption name UCI_Variant value {}", v.name()), None),
        step("setoption name Seed value 7", None),
        step("isready", Some("readyok")),
        step("ucinewgame", None),
        step("position startpos", None),
        step("go depth 4", Some("bestmove")),
        // `{best}`: the first search's move.
        step("position startpos moves {best}", None),
        step("go depth 3", Some("bestmove")),
        step("position fen this-is-no-fen w - - 0 1", None),
        step("isready", Some("readyok")),
        step("go depth 2", Some("bestmove")),
    ]
}

/// An XBoard session in `v`: the handshake, the variant, two engine moves with thinking output.
fn xboard_session(v: VariantId) -> Vec<Step> {
    vec![
        step("xboard", None),
        step("protover 2", Some("feature done=1")),
        step("new", None),
        step(format!("variant {}", v.info().xboard_name), None),
        step("post", None),
        step("sd 3", None),
        step("ping 1", Some("pong 1")),
        step("go", Some("move ")),
        step("ping 2", Some("pong 2")),
        step("go", Some("move ")),
        step("usermove @@@@", None),
        step("ping 3", Some("pong 3")),
    ]
}

/// Runs a session, returning what the engine wrote, with the fields that measure time
/// (`time`, `nps` in UCI; XBoard's thinking line's third number) blanked.
fn transcript(mut e: Driver, session: &[Step], patience: Duration) -> Vec<String> {
    let mut out = Vec::new();
    let mut best = String::new();
    for (line, until) in session {
        e.send(&line.replace("{best}", &best));
        if let Some(prefix) = until {
            let got = e.until(patience, |l| l.starts_with(prefix));
            if best.is_empty() {
                if let Some(b) = got.last().and_then(|l| l.strip_prefix("bestmove ")) {
                    best = b.split_whitespace().next().unwrap_or("").to_string();
                }
            }
            out.extend(got.iter().map(|l| blank_times(l)));
        }
    }
    e.send("quit");
    out
}

fn blank_times(line: &str) -> String {
    let words: Vec<&str> = line.split_whitespace().collect();
    // XBoard thinking output: `ply score time nodes pv...`.
    if words.len() > 4 && words[..4].iter().all(|w| w.parse::<i64>().is_ok()) {
        let mut w = words.clone();
        w[2] = "_";
        return w.join(" ");
    }
    let mut out = Vec::with_capacity(words.len());
    let mut it = words.iter();
    while let Some(w) = it.next() {
        out.push(*w);
        if (*w == "time" || *w == "nps") && line.starts_with("info ") {
            it.next();
            out.push("_");
        }
    }
    out.join(" ")
}

/// Every variant's UCI and XBoard session through the foreign build equals this build's own.
fn check_transcripts(run: &Runner, exe: &Path) {
    for v in VariantId::ALL {
        for (proto, session) in [("UCI", uci_session(v)), ("XBoard", xboard_session(v))] {
            let here = transcript(Driver::start(), &session, Duration::from_secs(60));
            let there = transcript(Driver::spawn(run.command(exe, &[])), &session, run.patience);
            assert!(here.len() > 3, "{v} {proto}: {here:?}");
            assert_eq!(there, here, "{v} {proto}: the foreign build's transcript differs");
        }
    }
    eprintln!(
        "{}: UCI and XBoard sessions of every variant identical to this build's",
        label(run, exe)
    );
}

/// The node count of `menagerie bench` (its last line: `<N> nodes <M> nps`).
fn bench_nodes(text: &str) -> u64 {
    let last = text.lines().last().unwrap_or_default();
    let (n, _) = last.split_once(" nodes ").unwrap_or_else(|| panic!("bench said: {text}"));
    n.parse().unwrap()
}

/// This build's `menagerie bench` node count, in-process.
fn bench_here() -> u64 {
    use clap::Parser;
    let cli = engine::cli::Cli::try_parse_from(["menagerie", "bench"]).unwrap();
    let mut out = Vec::new();
    engine::cli::run(&cli, &mut out).unwrap();
    bench_nodes(&String::from_utf8(out).unwrap())
}

fn check_bench(run: &Runner, exe: &Path, expected: u64) {
    let (code, out, err) = run.output(exe, &["bench"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(bench_nodes(&out), expected, "bench signature");
    eprintln!("{}: bench {expected} nodes, as this build", label(run, exe));
}

/// Wine 8.0 lacks `bcryptprimitives.dll`, whose `ProcessPrng` Rust's standard library imports:
/// a test-only stand-in, built here with mingw and placed beside the `.exe` files, forwards it
/// to `BCryptGenRandom` (docs/decisions/0015-windows-under-wine.md). Never shipped.
fn wine_stand_in(dir: &Path) -> bool {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("platform/bcryptprimitives.c");
    let out = Command::new("x86_64-w64-mingw32-gcc")
        .args(["-shared", "-O2", "-o"])
        .arg(dir.join("bcryptprimitives.dll"))
        .arg(&src)
        .arg("-lbcrypt")
        .output();
    match out {
        Ok(o) if o.status.success() => true,
        Ok(o) => panic!("stand-in DLL: {}", String::from_utf8_lossy(&o.stderr)),
        Err(_) => {
            skip("x86_64-w64-mingw32-gcc is not installed (apt-get install gcc-mingw-w64-x86-64)");
            false
        }
    }
}

#[test]
fn windows_archive_under_wine() {
    const T: &str = "x86_64-pc-windows-gnu";
    if !have("wine") {
        return skip("wine is not installed (apt-get install wine)");
    }
    let Some(root) = unpack(T) else { return };
    check_contents(&root, &["menagerie.exe", "menagerie-x86-64-v3.exe"]);
    assert!(root.join("winboard-pieces/tamerspiel/k49o.bmp").is_file());
    if !wine_stand_in(&root) {
        return;
    }
    let wine = Runner {
        prefix: vec!["wine".into()],
        env: vec![("WINEDEBUG".into(), "-all".into())],
        perft_budget: 100_000_000,
        patience: Duration::from_secs(120),
    };
    let portable = Runner {
        env: vec![("WINEDEBUG".into(), "-all".into()), ("MENAGERIE_CPU".into(), "x86-64".into())],
        ..wine.clone()
    };
    let exe = root.join("menagerie.exe");
    // The portable .exe starts the fast one on this CPU (when it has AVX2), or keeps running.
    let fast_cpu = engine::platform::cpu_level() == "x86-64-v3";
    check_version(&wine, &exe, T, if fast_cpu { "x86-64-v3" } else { "x86-64" });
    check_version(&portable, &exe, T, "x86-64");
    check_guard(&wine, &root.join("menagerie-x86-64-v3.exe"));
    check_perft_files(&wine, &exe);
    check_transcripts(&wine, &exe);
    let expected = bench_here();
    check_bench(&wine, &exe, expected);
    check_bench(&portable, &exe, expected);
}

#[test]
fn linux_x86_64_archive_on_any_cpu() {
    const T: &str = "x86_64-unknown-linux-gnu";
    if !cfg!(all(target_arch = "x86_64", target_os = "linux")) {
        return skip("not an x86-64 Linux machine");
    }
    let Some(root) = unpack(T) else { return };
    check_contents(&root, &["menagerie", "menagerie-x86-64-v3"]);
    let exe = root.join("menagerie");
    let native = Runner {
        prefix: vec![],
        env: vec![],
        perft_budget: 100_000_000,
        patience: Duration::from_secs(60),
    };
    let portable =
        Runner { env: vec![("MENAGERIE_CPU".into(), "x86-64".into())], ..native.clone() };
    let fast_cpu = engine::platform::cpu_level() == "x86-64-v3";
    check_version(&native, &exe, T, if fast_cpu { "x86-64-v3" } else { "x86-64" });
    check_version(&portable, &exe, T, "x86-64");
    check_guard(&native, &root.join("menagerie-x86-64-v3"));
    let expected = bench_here();
    check_bench(&native, &exe, expected);
    check_bench(&portable, &exe, expected);
    check_perft_files(&portable, &exe);

    if !have("qemu-x86_64") {
        return skip("qemu-x86_64 is not installed (apt-get install qemu-user)");
    }
    // Westmere (2010): SSE4.2 and POPCNT, no AVX, no BMI.
    let old = Runner {
        prefix: vec!["qemu-x86_64".into(), "-cpu".into(), "Westmere".into()],
        env: vec![],
        perft_budget: 3_000_000,
        patience: Duration::from_secs(300),
    };
    check_version(&old, &exe, T, "x86-64");
    let (_, out, _) = old.output(&exe, &["--version"]);
    assert!(out.contains("this CPU: x86-64\n") || out.ends_with("this CPU: x86-64"), "{out}");
    let (code, out, _) = old.output(&exe, &["perft", "3"]);
    assert_eq!(code, 0);
    assert!(out.starts_with("nodes 8902 "), "{out}");
    check_perft_files(&old, &exe);
    check_transcripts(&old, &exe);
    // The fast build on the old CPU: a message and status 1, not an illegal instruction.
    let (code, out, err) = old.output(&root.join("menagerie-x86-64-v3"), &["perft", "3"]);
    assert_eq!(code, 1, "{out}{err}");
    assert!(
        err.contains("needs a CPU with AVX2") && err.contains("avx2") && err.contains("bmi2"),
        "{err}"
    );
    assert!(err.contains("Run `menagerie`"), "{err}");
}

#[test]
fn aarch64_archive_under_qemu() {
    const T: &str = "aarch64-unknown-linux-gnu";
    if !have("qemu-aarch64") {
        return skip("qemu-aarch64 is not installed (apt-get install qemu-user)");
    }
    if !Path::new("/usr/aarch64-linux-gnu/lib").is_dir() {
        return skip("no aarch64 C library in /usr/aarch64-linux-gnu (apt-get install gcc-aarch64-linux-gnu)");
    }
    let Some(root) = unpack(T) else { return };
    check_contents(&root, &["menagerie"]);
    let arm = Runner {
        prefix: vec!["qemu-aarch64".into(), "-L".into(), "/usr/aarch64-linux-gnu".into()],
        env: vec![],
        perft_budget: 10_000_000,
        patience: Duration::from_secs(300),
    };
    let exe = root.join("menagerie");
    check_version(&arm, &exe, T, "aarch64");
    check_perft_files(&arm, &exe);
    check_transcripts(&arm, &exe);
    check_bench(&arm, &exe, bench_here());
}
