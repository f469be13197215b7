//! Searches every variant's search bench positions (`VariantInfo::search_bench`) on the calling
//! thread with `search::LocalSearcher`, as `menagerie bench` does with a one-thread
//! `search::Searcher`, and prints one line per position in `menagerie bench`'s form without
//! the time: `<variant> <fen>: depth D nodes N bestmove M`.
//!
//! Built for `wasm32-wasip1` and run under Node's WASI, it shows that the core crates search
//! in WebAssembly (no threads, no system clock: the timer never moves, the limit is the depth)
//! and find what the native engine finds, node for node (`engine/tests/wasm_search.rs`).
//! Usage: `menagerie-wasm-search [DEPTH]` (default 9, as `menagerie bench`).

use movegen::rules::{Rules, VariantId};
use search::{Config, Frozen, Info, Limits, LocalSearcher, Reporter};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

/// Output is the outcome's, not the reports'.
struct Quiet;

impl<V> Reporter<V> for Quiet {
    fn info(&self, _: &V, _: &Info) {}
    fn bestmove(&self, _: &V, _: Option<movegen::Move>, _: Option<movegen::Move>) {}
}

fn main() {
    let depth = std::env::args().nth(1).and_then(|d| d.parse::<u32>().ok()).unwrap_or(9);
    for variant in VariantId::ALL {
        for &fen in variant.info().search_bench {
            let line = movegen::with_variant!(variant, V => {
                let pos = V::from_fen(fen).expect("a bench position reads");
                // As `menagerie bench`: a fresh 16 MB table per position, and games of chance
                // (every action has up to eight outcomes) to depth 7 at most.
                let mut searcher = LocalSearcher::try_new(16).expect("16 MB");
                let depth = if V::HAS_CHANCE { depth.min(7) } else { depth };
                let limits = Limits { depth: Some(depth), ..Limits::default() };
                let stop = Arc::new(AtomicBool::new(false));
                let o = searcher.search(
                    &pos, &[], &limits, &Config::default(), Arc::new(Frozen), stop, &Quiet,
                );
                let best = o.best.map(|m| pos.move_text(m)).unwrap_or_else(|| "(none)".into());
                format!("{variant} {fen}: depth {depth} nodes {} bestmove {best}", o.nodes)
            });
            println!("{line}");
        }
    }
}
