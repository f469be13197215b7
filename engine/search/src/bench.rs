//! The search bench on the caller's thread: every variant's search bench positions
//! (`VariantInfo::search_bench`) searched with [`LocalSearcher`] as `menagerie bench` searches
//! them with a one-thread `Searcher`, one line per position in `menagerie bench`'s form without
//! the time: `<variant> <fen>: depth D nodes N bestmove M`. WebAssembly builds (the WASI bench
//! program, the npm package) print these lines, and they must equal the native engine's.

use crate::{Config, Frozen, Info, Limits, LocalSearcher, Reporter};
use movegen::rules::{Rules, VariantId};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

/// Output is the outcome's, not the reports'.
struct Quiet;

impl<V> Reporter<V> for Quiet {
    fn info(&self, _: &V, _: &Info) {}
    fn bestmove(&self, _: &V, _: Option<movegen::Move>, _: Option<movegen::Move>) {}
}

/// The bench's lines at `depth` (games of chance to depth 7 at most, as `menagerie bench`).
pub fn lines(depth: u32) -> Vec<String> {
    let mut out = Vec::new();
    for variant in VariantId::ALL {
        for &fen in variant.info().search_bench {
            out.push(movegen::with_variant!(variant, V => {
                let pos = V::from_fen(fen).expect("a bench position reads");
                // A fresh 16 MB table per position, as `menagerie bench`.
                let mut searcher = LocalSearcher::try_new(16).expect("16 MB");
                let depth = if V::HAS_CHANCE { depth.min(7) } else { depth };
                let limits = Limits { depth: Some(depth), ..Limits::default() };
                let stop = Arc::new(AtomicBool::new(false));
                let o = searcher.search(
                    &pos, &[], &limits, &Config::default(), Arc::new(Frozen), stop, &Quiet,
                );
                let best = o.best.map(|m| pos.move_text(m)).unwrap_or_else(|| "(none)".into());
                format!("{variant} {fen}: depth {depth} nodes {} bestmove {best}", o.nodes)
            }));
        }
    }
    out
}
