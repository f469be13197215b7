//! Prints `search::bench::lines`: every variant's search bench positions searched on the
//! calling thread with `search::LocalSearcher`, as `menagerie bench` does with a one-thread
//! `search::Searcher`, one line per position in `menagerie bench`'s form without the time.
//!
//! Built for `wasm32-wasip1` and run under Node's WASI, it shows that the core crates search
//! in WebAssembly (no threads, no system clock: the timer never moves, the limit is the depth)
//! and find what the native engine finds, node for node (`engine/tests/wasm_search.rs`).
//! Usage: `menagerie-wasm-search [DEPTH]` (default 9, as `menagerie bench`).

fn main() {
    let depth = std::env::args().nth(1).and_then(|d| d.parse::<u32>().ok()).unwrap_or(9);
    for line in search::bench::lines(depth) {
        println!("{line}");
    }
}
