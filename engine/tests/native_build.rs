//! A source build is compiled for the CPU it is built on (`.cargo/config.toml`,
//! docs/decisions/0019), so a copy of it on an older CPU must say what that CPU lacks and exit
//! with status 1 before any Rust code runs, never die of an illegal instruction: the test
//! build (compiled like `cargo build --release`) is run under `qemu-x86_64 -cpu Westmere` (no
//! AVX, no BMI). Skips, with a message, where the build does not use AVX2 (a portable build, or
//! one made on a CPU without it) or QEMU is missing, unless `MENAGERIE_REQUIRE_PLATFORMS=1` (CI) makes a
//! missing QEMU a failure.

use std::process::Command;

#[test]
fn a_native_build_on_an_older_cpu_explains_and_exits() {
    if !cfg!(all(target_arch = "x86_64", target_os = "linux")) {
        eprintln!("SKIPPED: x86-64 Linux only");
        return;
    }
    let bin = env!("CARGO_BIN_EXE_menagerie");
    let version = Command::new(bin).arg("--version").output().expect("runs");
    let version = String::from_utf8_lossy(&version.stdout).to_string();
    if !version.contains("cpu level: x86-64-v3 (this build)") {
        eprintln!("SKIPPED: a build without AVX2, which Westmere might run:\n{version}");
        return;
    }
    let run = Command::new("qemu-x86_64").args(["-cpu", "Westmere", bin, "--version"]).output();
    let Ok(run) = run else {
        assert!(
            std::env::var_os("MENAGERIE_REQUIRE_PLATFORMS").is_none(),
            "qemu-x86_64 is missing, and CI requires it"
        );
        eprintln!("SKIPPED: no qemu-x86_64 (Debian's qemu-user)");
        return;
    };
    let err = String::from_utf8_lossy(&run.stderr);
    assert_eq!(run.status.code(), Some(1), "{err}");
    assert!(err.contains("menagerie: this build "), "{err}");
    assert!(err.contains("this CPU lacks: ") && err.contains("avx2"), "{err}");
    assert!(String::from_utf8_lossy(&run.stdout).is_empty(), "Rust code ran: {:?}", run.stdout);
}
