//! Build script of the `menagerie` binary:
//!
//! * passes the target triple to the code (`platform::TARGET`, shown by `menagerie --version`);
//! * in x86-64 builds whose Rust code may use instructions beyond baseline x86-64 (the
//!   `menagerie-x86-64-v3` build of the release archives; a source build, which is compiled for
//!   the CPU it is built on: `.cargo/config.toml`, docs/decisions/0019), compiles
//!   `src/cpu_guard.c` for baseline x86-64 with the list of the build's CPU features
//!   (`cpu_features.h`, written here) and links it into the binary: a constructor that checks
//!   the CPU before any Rust code runs and explains, instead of crashing, when the CPU lacks one
//!   (docs/decisions/0014-cpu-levels.md);
//! * embeds the piece drawings: every `assets/pieces/**/*.svg` found on disk, so that a
//!   variant's pictures are its own files and no list names them (`src/pieces.rs` includes the
//!   generated list; the manifests are embedded by the board crate's `build.rs`).

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;

fn main() {
    let target = std::env::var("TARGET").unwrap_or_else(|_| "unknown".to_string());
    println!("cargo:rustc-env=MENAGERIE_TARGET={target}");
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed=src/cpu_guard.c");
    let arch = std::env::var("CARGO_CFG_TARGET_ARCH").unwrap_or_default();
    let features = std::env::var("CARGO_CFG_TARGET_FEATURE").unwrap_or_default();
    if arch == "x86_64" {
        let features: Vec<&str> = features.split(',').collect();
        if features.iter().any(|f| !BASELINE.contains(f)) {
            guard(&target, &features);
        }
    }
    pieces();
}

/// Compiles the CPU guard with the target's C compiler and links the object file itself (an
/// object on the link line is always kept, unlike one inside a static library that nothing
/// references).
fn guard(target: &str, features: &[&str]) {
    let var = format!("CC_{}", target.replace('-', "_"));
    println!("cargo:rerun-if-env-changed={var}");
    let cc = std::env::var(&var).unwrap_or_else(|_| {
        if target.contains("windows-gnu") {
            "x86_64-w64-mingw32-gcc".to_string()
        } else {
            "cc".to_string()
        }
    });
    let dir = PathBuf::from(std::env::var("OUT_DIR").expect("OUT_DIR"));
    std::fs::write(dir.join("cpu_features.h"), features_header(features)).expect("OUT_DIR");
    let out = dir.join("cpu_guard.o");
    let status = Command::new(&cc)
        .args(["-c", "-O2", "-march=x86-64", "-mtune=generic", "src/cpu_guard.c", "-I"])
        .arg(&dir)
        .arg("-o")
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

/// The features of baseline x86-64, which every x86-64 CPU has (and `crt-static`, which is
/// not a CPU feature).
const BASELINE: [&str; 6] = ["fxsr", "sse", "sse2", "x87", "crt-static", ""];

/// Where CPUID reports each feature a build may use, in the order the guard names them:
/// (rustc's name, leaf, subleaf, register 0-3 = EAX EBX ECX EDX, bit). Features the compiler
/// emits only from intrinsics, which Menagerie does not call, are listed too, so that a build
/// for a CPU that has them checks for them all the same.
const CPUID: [(&str, u32, u32, u8, u8); 44] = [
    ("sse3", 1, 0, 2, 0),
    ("ssse3", 1, 0, 2, 9),
    ("fma", 1, 0, 2, 12),
    ("cmpxchg16b", 1, 0, 2, 13),
    ("sse4.1", 1, 0, 2, 19),
    ("sse4.2", 1, 0, 2, 20),
    ("movbe", 1, 0, 2, 22),
    ("popcnt", 1, 0, 2, 23),
    ("xsave", 1, 0, 2, 26),
    ("avx", 1, 0, 2, 28),
    ("f16c", 1, 0, 2, 29),
    ("bmi1", 7, 0, 1, 3),
    ("avx2", 7, 0, 1, 5),
    ("bmi2", 7, 0, 1, 8),
    ("lzcnt", 0x8000_0001, 0, 2, 5),
    ("pclmulqdq", 1, 0, 2, 1),
    ("aes", 1, 0, 2, 25),
    ("rdrand", 1, 0, 2, 30),
    ("avx512f", 7, 0, 1, 16),
    ("avx512dq", 7, 0, 1, 17),
    ("rdseed", 7, 0, 1, 18),
    ("adx", 7, 0, 1, 19),
    ("avx512ifma", 7, 0, 1, 21),
    ("avx512cd", 7, 0, 1, 28),
    ("sha", 7, 0, 1, 29),
    ("avx512bw", 7, 0, 1, 30),
    ("avx512vl", 7, 0, 1, 31),
    ("avx512vbmi", 7, 0, 2, 1),
    ("avx512vbmi2", 7, 0, 2, 6),
    ("gfni", 7, 0, 2, 8),
    ("vaes", 7, 0, 2, 9),
    ("vpclmulqdq", 7, 0, 2, 10),
    ("avx512vnni", 7, 0, 2, 11),
    ("avx512bitalg", 7, 0, 2, 12),
    ("avx512vpopcntdq", 7, 0, 2, 14),
    ("avx512vp2intersect", 7, 0, 3, 8),
    ("avx512fp16", 7, 0, 3, 23),
    ("avxvnni", 7, 1, 0, 4),
    ("avx512bf16", 7, 1, 0, 5),
    ("xsaveopt", 0xd, 1, 0, 0),
    ("xsavec", 0xd, 1, 0, 1),
    ("xsaves", 0xd, 1, 0, 3),
    ("sse4a", 0x8000_0001, 0, 2, 6),
    ("lahfsahf", 0x8000_0001, 0, 2, 0),
];

/// `cpu_features.h`: the CPUID checks of the build's `features` (in [`CPUID`]'s order), the
/// operating-system state they need (XCR0: AVX and AVX-512 registers saved), and what the guard
/// says. A feature this table does not know is named in a build warning and not checked.
fn features_header(features: &[&str]) -> String {
    for f in features {
        if !BASELINE.contains(f) && !CPUID.iter().any(|c| c.0 == *f) {
            println!("cargo:warning=the CPU check does not know the feature `{f}`");
        }
    }
    let mut h = String::from("/* Written by build.rs: the CPU features this build uses. */\n");
    h.push_str("static const struct feature FEATURES[] = {\n");
    for (name, leaf, sub, reg, bit) in CPUID.iter().filter(|c| features.contains(&c.0)) {
        let _ = writeln!(h, "    {{\"{name}\", {leaf:#x}u, {sub}u, {reg}, {bit}}},");
    }
    h.push_str("};\n");
    let avx = features.iter().any(|f| f.starts_with("avx") || *f == "fma" || *f == "f16c");
    let avx512 = features.iter().any(|f| f.starts_with("avx512"));
    let xcr0 = if avx512 {
        0xe6
    } else if avx {
        0x6
    } else {
        0
    };
    let _ = writeln!(h, "#define NEEDED_XCR0 {xcr0:#x}u");
    let v3 = ["avx2", "bmi1", "bmi2", "fma", "lzcnt", "movbe"];
    let is_v3 = v3.iter().all(|f| features.contains(f))
        && features.iter().all(|f| BASELINE.contains(f) || CPUID[..15].iter().any(|c| c.0 == *f));
    let (intro, advice) = if is_v3 {
        (
            "menagerie: this build (menagerie-x86-64-v3) needs a CPU with AVX2, BMI1, BMI2, FMA, \
             LZCNT and MOVBE (x86-64-v3); this CPU lacks:",
            ". Run `menagerie` (the portable x86-64 build beside it) instead.\n",
        )
    } else {
        (
            "menagerie: this build was compiled for the CPU it was built on (target-cpu=native); \
             this CPU lacks:",
            ". Build it on this machine (`cargo build --release`), or run the portable \
             `menagerie` of a release archive.\n",
        )
    };
    let _ = writeln!(h, "#define GUARD_INTRO {intro:?}");
    let _ = writeln!(h, "#define GUARD_ADVICE {advice:?}");
    h
}

fn files(dir: &Path, ext: &str, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            files(&p, ext, out);
        } else if p.extension().is_some_and(|x| x == ext) {
            out.push(p);
        }
    }
}

fn list(name: &str, root: &Path, paths: &[PathBuf]) -> String {
    let mut s = format!("pub const {name}: &[(&str, &str)] = &[\n");
    for p in paths {
        let rel =
            p.strip_prefix(root).expect("below the root").to_string_lossy().replace('\\', "/");
        let _ = writeln!(s, "    ({rel:?}, include_str!({:?})),", p.display().to_string());
    }
    s.push_str("];\n");
    s
}

/// Lists the piece pictures into `$OUT_DIR/pieces.rs`.
fn pieces() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/pieces");
    println!("cargo:rerun-if-changed={}", root.display());
    let mut drawings = Vec::new();
    files(&root, "svg", &mut drawings);
    for d in std::fs::read_dir(&root).into_iter().flatten().flatten() {
        if d.path().is_dir() {
            println!("cargo:rerun-if-changed={}", d.path().display());
        }
    }
    drawings.sort();
    let mut text = String::from("// Generated by build.rs from engine/assets/pieces.\n");
    text.push_str(
        "/// Every drawing: its path relative to `engine/assets/pieces/` and its SVG text.\n",
    );
    text.push_str(&list("FILES", &root, &drawings));
    let out = PathBuf::from(std::env::var("OUT_DIR").expect("OUT_DIR")).join("pieces.rs");
    std::fs::write(out, text).expect("write the generated list");
}
