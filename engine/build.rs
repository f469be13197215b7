//! Build script of the `menagerie` binary:
//!
//! * passes the target triple to the code (`platform::TARGET`, shown by `menagerie --version`);
//! * in builds whose Rust code may use x86-64-v3 instructions (AVX2 enabled, e.g. the
//!   `menagerie-x86-64-v3` build of the release archives), compiles `src/cpu_guard.c` for
//!   baseline x86-64 and links it into the binary: a constructor that checks the CPU before any
//!   Rust code runs and explains, instead of crashing, when the CPU is too old
//!   (docs/decisions/0014-cpu-levels.md).

use std::path::PathBuf;
use std::process::Command;

fn main() {
    let target = std::env::var("TARGET").unwrap_or_else(|_| "unknown".to_string());
    println!("cargo:rustc-env=MENAGERIE_TARGET={target}");
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed=src/cpu_guard.c");
    let arch = std::env::var("CARGO_CFG_TARGET_ARCH").unwrap_or_default();
    let features = std::env::var("CARGO_CFG_TARGET_FEATURE").unwrap_or_default();
    if arch == "x86_64" && features.split(',').any(|f| f == "avx2") {
        guard(&target);
    }
}

/// Compiles the CPU guard with the target's C compiler and links the object file itself (an
/// object on the link line is always kept, unlike one inside a static library that nothing
/// references).
fn guard(target: &str) {
    let var = format!("CC_{}", target.replace('-', "_"));
    println!("cargo:rerun-if-env-changed={var}");
    let cc = std::env::var(&var).unwrap_or_else(|_| {
        if target.contains("windows-gnu") {
            "x86_64-w64-mingw32-gcc".to_string()
        } else {
            "cc".to_string()
        }
    });
    let out = PathBuf::from(std::env::var("OUT_DIR").expect("OUT_DIR")).join("cpu_guard.o");
    let status = Command::new(&cc)
        .args(["-c", "-O2", "-march=x86-64", "-mtune=generic", "src/cpu_guard.c", "-o"])
        .arg(&out)
        .status();
    match status {
        Ok(s) if s.success() => {
            println!("cargo:rustc-link-arg-bins={}", out.display());
            if target.contains("windows") {
                // The object comes last on the link line: its import library must follow it.
                println!("cargo:rustc-link-arg-bins=-lkernel32");
            }
        }
        _ => panic!(
            "this build targets x86-64-v3 and needs a C compiler ({cc}, or set {var}) for its \
             CPU check (engine/src/cpu_guard.c)"
        ),
    }
}
