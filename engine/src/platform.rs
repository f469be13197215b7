//! What the binary was built for and what the machine can run: the build target, the x86-64
//! CPU level, and the start-up choice between the portable build and the fast one.
//!
//! The x86-64 release archives hold two builds of the same engine (docs/decisions/0014): the
//! portable `menagerie` (baseline x86-64: SSE2, runs on every x86-64 CPU) and
//! `menagerie-x86-64-v3` (AVX2, BMI1/2, LZCNT, POPCNT, FMA, MOVBE: Haswell, Zen and later, with
//! faster perft: docs/performance.md, "CPU levels"). [`start`] runs first in `main`:
//!
//! * in the portable build, when the CPU has every x86-64-v3 feature and the fast build stands
//!   beside the running executable, it runs the fast build in its place with the same arguments
//!   (on Unix the process is replaced, on Windows the fast build runs as a child with the same
//!   standard handles and its exit code is passed on). `MENAGERIE_CPU=x86-64` keeps the portable
//!   build;
//! * the fast build checks the CPU before `main`, in C (`engine/src/cpu_guard.c`, compiled for
//!   baseline x86-64 by `build.rs` and run as a constructor): Rust code compiled for x86-64-v3
//!   may use AVX or BMI2 instructions anywhere, even in the few lines of a check, so on a CPU
//!   that lacks a feature the check prints which ones and which build to use instead, and
//!   exits with status 1, before any Rust code runs (tested under `qemu-x86_64 -cpu
//!   Westmere`; `MENAGERIE_CPU_GUARD=fail` makes it act as on such a CPU, so that the tests see
//!   it run on every platform, Windows included).

use std::ffi::OsString;
use std::path::{Path, PathBuf};

/// The Rust target triple this binary was built for (set by `build.rs`).
pub const TARGET: &str = env!("MENAGERIE_TARGET");

/// File name of the fast x86-64 build, which the portable build looks for beside itself.
pub const FAST_BUILD: &str = "menagerie-x86-64-v3";

/// Environment variable that picks a build by hand: `x86-64` keeps the portable build.
pub const CPU_ENV: &str = "MENAGERIE_CPU";

/// The instruction-set level the compiler was allowed to use for this binary.
pub fn compiled_level() -> &'static str {
    if cfg!(target_arch = "x86_64") {
        if cfg!(all(target_feature = "avx2", target_feature = "bmi2", target_feature = "lzcnt")) {
            "x86-64-v3"
        } else if cfg!(all(target_feature = "popcnt", target_feature = "sse4.2")) {
            "x86-64-v2"
        } else {
            "x86-64"
        }
    } else if cfg!(target_arch = "aarch64") {
        "aarch64"
    } else {
        std::env::consts::ARCH
    }
}

/// The x86-64-v3 features (beyond the baseline) that [`missing_v3_mask`] checks, by bit, with
/// where CPUID reports them: register 0 = leaf 1 ECX, 1 = leaf 7 EBX, 2 = leaf 0x80000001 ECX.
const V3_FEATURES: [(&str, u8, u8); 15] = [
    ("sse3", 0, 0),
    ("ssse3", 0, 9),
    ("fma", 0, 12),
    ("cmpxchg16b", 0, 13),
    ("sse4.1", 0, 19),
    ("sse4.2", 0, 20),
    ("movbe", 0, 22),
    ("popcnt", 0, 23),
    ("osxsave (the OS saves AVX registers)", 0, 27),
    ("avx", 0, 28),
    ("f16c", 0, 29),
    ("bmi1", 1, 3),
    ("avx2", 1, 5),
    ("bmi2", 1, 8),
    ("lzcnt", 2, 5),
];

/// The x86-64-v3 features a CPU lacks, one bit per entry of [`V3_FEATURES`], read from CPUID
/// itself (not from the compile-time feature set, which in the fast build would claim them
/// all). Zero on a capable CPU and on other architectures.
pub fn missing_v3_mask() -> u32 {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::x86_64::__cpuid_count;
        let max_leaf = __cpuid_count(0, 0).eax;
        let max_ext = __cpuid_count(0x8000_0000, 0).eax;
        let regs = [
            __cpuid_count(1, 0).ecx,
            if max_leaf >= 7 { __cpuid_count(7, 0).ebx } else { 0 },
            if max_ext >= 0x8000_0001 { __cpuid_count(0x8000_0001, 0).ecx } else { 0 },
        ];
        let mut missing = 0;
        for (i, &(_, reg, bit)) in V3_FEATURES.iter().enumerate() {
            if (regs[usize::from(reg)] >> bit) & 1 == 0 {
                missing |= 1 << i;
            }
        }
        missing
    }
    #[cfg(not(target_arch = "x86_64"))]
    0
}

/// The names of the x86-64-v3 features this CPU lacks (see [`missing_v3_mask`]).
pub fn missing_v3_features() -> Vec<&'static str> {
    let mask = missing_v3_mask();
    V3_FEATURES
        .iter()
        .enumerate()
        .filter(|(i, _)| mask & (1 << i) != 0)
        .map(|(_, (name, _, _))| *name)
        .collect()
}

/// The best level this CPU runs (`x86-64-v3` or `x86-64`; the architecture elsewhere).
pub fn cpu_level() -> &'static str {
    if !cfg!(target_arch = "x86_64") {
        compiled_level()
    } else if missing_v3_mask() == 0 {
        "x86-64-v3"
    } else {
        "x86-64"
    }
}

/// The text of `menagerie --version`: version, build target, the level this build was compiled
/// for and the level of this CPU.
pub fn version_text() -> String {
    format!("menagerie {}", version_details())
}

/// [`version_text`] without the leading program name (clap adds it).
pub fn version_details() -> String {
    let mut s = format!(
        "{}\ntarget: {TARGET}\ncpu level: {} (this build); this CPU: {}",
        env!("CARGO_PKG_VERSION"),
        compiled_level(),
        cpu_level()
    );
    if compiled_level() == "x86-64" && cpu_level() == "x86-64-v3" {
        s.push_str(&if fast_build_beside_me().is_some() {
            format!(
                "\nnote: {CPU_ENV}=x86-64 keeps this portable build; without it {FAST_BUILD} runs"
            )
        } else {
            format!(
                "\nnote: this CPU runs the faster {FAST_BUILD} build; put it beside this \
                 executable and `menagerie` starts it by itself"
            )
        });
    }
    s
}

/// The fast build's path beside the running executable, if it is there.
fn fast_build_beside_me() -> Option<PathBuf> {
    let me = std::env::current_exe().ok()?;
    let fast = me.with_file_name(format!("{FAST_BUILD}{}", std::env::consts::EXE_SUFFIX));
    (fast.is_file() && !same_file(&me, &fast)).then_some(fast)
}

fn same_file(a: &Path, b: &Path) -> bool {
    match (a.canonicalize(), b.canonicalize()) {
        (Ok(x), Ok(y)) => x == y,
        _ => false,
    }
}

/// Runs before anything else in `main` (see the module documentation). Returns only when this
/// binary is the one to run.
pub fn start() {
    if cfg!(not(target_arch = "x86_64")) {
        return;
    }
    if compiled_level() == "x86-64-v3" {
        // The CPU was checked before `main` by `cpu_guard.c` (see the module documentation).
        return;
    }
    if std::env::var_os(CPU_ENV).is_some_and(|v| v == "x86-64") || cpu_level() != "x86-64-v3" {
        return;
    }
    if let Some(fast) = fast_build_beside_me() {
        run_instead(&fast, std::env::args_os().skip(1).collect());
    }
}

/// Runs `fast` in this process's place. Only returns if it cannot be started at all, in which
/// case the portable build carries on.
fn run_instead(fast: &Path, args: Vec<OsString>) {
    #[cfg(unix)]
    {
        use std::os::unix::process::CommandExt;
        let err = std::process::Command::new(fast).args(args).exec();
        eprintln!(
            "menagerie: could not start {}: {err}; running the portable build",
            fast.display()
        );
    }
    #[cfg(not(unix))]
    {
        match std::process::Command::new(fast).args(args).status() {
            Ok(status) => std::process::exit(status.code().unwrap_or(1)),
            Err(err) => {
                eprintln!(
                    "menagerie: could not start {}: {err}; running the portable build",
                    fast.display()
                )
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_are_named() {
        assert!(["x86-64", "x86-64-v2", "x86-64-v3", "aarch64"].contains(&compiled_level()));
        let v = version_text();
        assert!(v.starts_with(&format!("menagerie {}\ntarget: ", env!("CARGO_PKG_VERSION"))));
        assert!(v.contains(TARGET) && v.contains("cpu level: "), "{v}");
    }

    #[test]
    fn a_build_never_claims_more_than_the_cpu_has() {
        // The fast build runs tests only on a CPU that has its features.
        if compiled_level() == "x86-64-v3" {
            assert_eq!(missing_v3_features(), Vec::<&str>::new());
            assert_eq!(cpu_level(), "x86-64-v3");
        }
    }
}
