//! Opening suites: `bench/openings/<variant id>.epd`, a few random plies from the start (from
//! varied setups in `eightpiece-random`), kept when a fixed-depth search scores them balanced.
//! The suites are embedded in the binary, so `menagerie match` finds them on any machine; `menagerie
//! openings` regenerates the files (seeded and deterministic: one thread, a depth limit and a
//! fresh hash table per position, so the same build and seed write byte-identical files).

use eval::Evaluator;
use movegen::moves::ACTION_MASK;
use movegen::rules::{Rules, VariantId};
use rand_core::{RngCore, SeedableRng};
use search::{Config, Limits, Searcher};
use std::collections::HashSet;

/// The embedded suite file of `variant` (`bench/openings/<id>.epd`) and the search depth of the
/// balance test that kept its positions (one that keeps a 500-position suite to minutes on one
/// core; chance nodes search every outcome of every action, as in `menagerie bench`, hence
/// PieceEater's 2). A new variant's arm is the compiler's to ask for.
fn suite_file(variant: VariantId) -> (&'static str, u32) {
    match variant {
        VariantId::Chess => (include_str!("../../../bench/openings/chess.epd"), 8),
        VariantId::EightPiece => (include_str!("../../../bench/openings/eightpiece.epd"), 6),
        VariantId::EightPieceRandom => {
            (include_str!("../../../bench/openings/eightpiece-random.epd"), 6)
        }
        VariantId::PieceEater => (include_str!("../../../bench/openings/pieceeater.epd"), 2),
        VariantId::Magician => (include_str!("../../../bench/openings/magician.epd"), 7),
        VariantId::TamerSpiel => (include_str!("../../../bench/openings/tamerspiel.epd"), 8),
        VariantId::JumpingKnights => {
            (include_str!("../../../bench/openings/jumpingknights.epd"), 6)
        }
    }
}

/// The embedded suite file of `variant`.
pub fn suite_text(variant: VariantId) -> &'static str {
    suite_file(variant).0
}

/// The start positions of a suite or `--openings` file: one FEN per line, text after `;`
/// ignored, blank lines and `#` comments skipped.
pub fn parse_lines(text: &str) -> Vec<String> {
    text.lines()
        .map(|line| line.split(';').next().unwrap_or("").trim())
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(str::to_string)
        .collect()
}

/// The FENs of `variant`'s embedded suite.
pub fn suite(variant: VariantId) -> Vec<String> {
    parse_lines(suite_text(variant))
}

/// How a suite is made.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct SuiteParams {
    /// Search depth of the balance test.
    pub depth: u32,
    /// Largest |score| (centipawns, side to move's view) kept.
    pub max_cp: i32,
    /// Random plies played from the start: at least this many ...
    pub min_plies: u32,
    /// ... and at most this many.
    pub max_plies: u32,
}

/// The parameters the committed suites were made with (see `docs/match.md`): the suite's depth
/// ([`suite_file`]) and |score| <= 50 cp.
pub fn default_params(variant: VariantId) -> SuiteParams {
    let depth = suite_file(variant).1;
    SuiteParams { depth, max_cp: 50, min_plies: 4, max_plies: 8 }
}

/// A depth-1 search refuses a position before the deep one when its |score| exceeds this many
/// times the threshold (at least 25 cp).
const PREFILTER: i32 = 4;

/// What a generation run did.
#[derive(Clone, Debug, Default)]
pub struct Generated {
    /// Suite lines (`<FEN> ; variant <id>`).
    pub lines: Vec<String>,
    /// Random playouts tried.
    pub tries: u64,
    /// Playouts that ended the game or repeated a position already kept or refused.
    pub duplicates_or_ended: u64,
    /// Positions searched and refused as unbalanced.
    pub unbalanced: u64,
}

/// The generator's random stream for `variant` and `seed` (independent per variant).
fn rng_for(variant: VariantId, seed: u64) -> rand_pcg::Pcg64 {
    let salt = variant
        .name()
        .bytes()
        .fold(0xcbf2_9ce4_8422_2325u64, |h, b| (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3));
    rand_pcg::Pcg64::seed_from_u64(seed ^ salt)
}

/// Generates `count` distinct balanced positions of `variant`; `progress(kept, tries)` is called
/// after every search. Fails when `count` positions are not found within `200 * count` tries.
pub fn generate(
    variant: VariantId,
    count: usize,
    seed: u64,
    params: &SuiteParams,
    progress: &mut dyn FnMut(usize, u64),
) -> Result<Generated, String> {
    let job = (variant, count, seed);
    movegen::with_variant!(variant, V => generate_for::<V>(job, params, progress))
}

/// [`generate`] for position type `V`: `count` positions of `variant` from `seed`.
fn generate_for<V: Evaluator>(
    (variant, count, seed): (VariantId, usize, u64),
    params: &SuiteParams,
    progress: &mut dyn FnMut(usize, u64),
) -> Result<Generated, String> {
    if params.min_plies > params.max_plies {
        return Err("the ply range is empty".into());
    }
    let mut rng = rng_for(variant, seed);
    let mut seen: HashSet<u64> = HashSet::new();
    let mut g = Generated::default();
    let max_tries = 200 * count as u64 + 1000;
    while g.lines.len() < count {
        if g.tries >= max_tries {
            return Err(format!(
                "{variant}: only {} balanced positions in {} tries (raise --max-score or lower \
                 --depth)",
                g.lines.len(),
                g.tries
            ));
        }
        g.tries += 1;
        // A varied start for randomized setups, the start position otherwise.
        let mut pos = session::start::new_position::<V>(variant, None, rng.next_u64(), false)
            .map_err(|e| e.to_string())?;
        let span = u64::from(params.max_plies - params.min_plies) + 1;
        let plies = params.min_plies + (rng.next_u64() % span) as u32;
        let mut alive = true;
        for _ in 0..plies {
            match random_turn(&pos, &mut rng) {
                Some(m) => pos = pos.play(m),
                None => {
                    alive = false;
                    break;
                }
            }
        }
        let mut legal = V::Moves::default();
        pos.legal_moves(&mut legal);
        if !alive || legal.is_empty() || pos.end_by_rule(&legal).is_some() {
            g.duplicates_or_ended += 1;
            continue;
        }
        // A position is refused or kept once, by its key.
        if !seen.insert(pos.hash()) {
            g.duplicates_or_ended += 1;
            continue;
        }
        // Deterministic: one thread, a fresh table, a depth limit, no clock. A depth-1 search
        // first refuses the clearly lost positions cheaply (|score| > PREFILTER * max).
        let balanced = |depth: u32, max_cp: i32| {
            let searcher = Searcher::new(1, 16, crate::clock::SystemTimer::shared());
            let limits = Limits { depth: Some(depth), ..Limits::default() };
            let o = searcher.search_sync(&pos, &[], &limits, &Config::default());
            o.best.is_some() && o.score.abs() <= max_cp
        };
        let ok = (params.depth <= 1 || balanced(1, PREFILTER * params.max_cp.max(25)))
            && balanced(params.depth, params.max_cp);
        progress(g.lines.len(), g.tries);
        if !ok {
            g.unbalanced += 1;
            continue;
        }
        g.lines.push(format!("{} ; variant {}", pos.fen(), variant.name()));
    }
    Ok(g)
}

/// A uniformly random turn: a random action, then (games of chance) a random outcome of it.
fn random_turn<V: Rules>(pos: &V, rng: &mut rand_pcg::Pcg64) -> Option<movegen::Move> {
    let mut legal = V::Moves::default();
    pos.legal_moves(&mut legal);
    if legal.is_empty() || pos.end_by_rule(&legal).is_some() {
        return None;
    }
    let mut actions: Vec<u32> = Vec::new();
    for m in legal.iter() {
        let a = m.0 & ACTION_MASK;
        if !V::HAS_CHANCE || !actions.contains(&a) {
            actions.push(if V::HAS_CHANCE { a } else { m.0 });
        }
    }
    let pick = actions[(rng.next_u64() % actions.len() as u64) as usize];
    if !V::HAS_CHANCE {
        return legal.iter().copied().find(|m| m.0 == pick);
    }
    let outcomes: Vec<_> = legal.iter().copied().filter(|m| m.0 & ACTION_MASK == pick).collect();
    Some(outcomes[(rng.next_u64() % outcomes.len() as u64) as usize])
}
