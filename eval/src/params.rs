//! Named evaluation parameters: one table per variant, kept as a text file
//! (`eval/params/<variant>.txt`, one `name mg eg` or `name value` per line) that is embedded in
//! the binary and parsed once, and the accumulators the evaluations are written against.
//!
//! Every evaluation is written once, generic over an [`Acc`]: the engine runs it with [`Sum`]
//! (adds the parameter values, exactly the integer arithmetic of a hand-written evaluation),
//! the tuner with [`Tracer`] (records how often each parameter was added: the position's
//! feature vector, in which the evaluation is linear).

use crate::{Score, S};
use movegen::types::Color;
use std::fmt::Write as _;
use std::sync::OnceLock;

/// How a parameter enters its evaluation.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A (middlegame, endgame) pair summed per side before the taper: linear, fitted.
    Pair,
    /// One value added to the final score after the taper and any scaling (e.g. the tempo):
    /// linear, fitted.
    Single,
    /// One value used non-linearly (e.g. a weight inside the square of the king-attack units):
    /// kept as set, not fitted.
    Fixed,
}

/// A group of parameters sharing a name and a kind: `len` entries named `name.label` (or
/// `name.0`, `name.1`, ... without labels; just `name` for a single entry without labels).
#[derive(Copy, Clone, Debug)]
pub struct Group {
    /// Base name.
    pub name: &'static str,
    /// Number of entries.
    pub len: usize,
    /// Entry labels (empty: numbered).
    pub labels: &'static [&'static str],
    /// How the entries are used.
    pub kind: Kind,
}

/// The parameters of one variant: names, kinds, and the values parsed from its table.
#[derive(Clone, Debug)]
pub struct Table {
    /// Parameter names, by id.
    pub names: Vec<String>,
    /// Parameter kinds, by id.
    pub kinds: Vec<Kind>,
    /// Values, by id (`Single` and `Fixed` keep the value in both halves).
    pub values: Vec<Score>,
    /// The comment lines before the first parameter (without their `# `).
    pub notes: Vec<String>,
}

/// Expands groups into one name and kind per parameter id.
pub fn expand(groups: &[Group]) -> (Vec<String>, Vec<Kind>) {
    let mut names = Vec::new();
    let mut kinds = Vec::new();
    for g in groups {
        for i in 0..g.len {
            names.push(match (g.labels.get(i), g.len) {
                (Some(l), _) => format!("{}.{l}", g.name),
                (None, 1) => g.name.to_string(),
                (None, _) => format!("{}.{i}", g.name),
            });
            kinds.push(g.kind);
        }
    }
    (names, kinds)
}

impl Table {
    /// Parses a table: every parameter of `groups` exactly once, `name mg eg` for pairs and
    /// `name value` otherwise; `#` starts a comment. Errors name the line.
    pub fn parse(groups: &[Group], text: &str) -> Result<Table, String> {
        let (names, kinds) = expand(groups);
        let mut values = vec![None; names.len()];
        let mut notes = Vec::new();
        let mut leading = true;
        for (n, raw) in text.lines().enumerate() {
            let line = raw.split('#').next().unwrap_or("").trim();
            if line.is_empty() {
                if leading {
                    if let Some(c) = raw.trim().strip_prefix('#') {
                        notes.push(c.strip_prefix(' ').unwrap_or(c).trim_end().to_string());
                    }
                }
                continue;
            }
            leading = false;
            let mut words = line.split_whitespace();
            let name = words.next().unwrap_or("");
            let nums: Result<Vec<i32>, _> = words.map(str::parse::<i32>).collect();
            let nums = nums.map_err(|e| format!("line {}: `{line}`: {e}", n + 1))?;
            let Some(id) = names.iter().position(|x| x == name) else {
                return Err(format!("line {}: unknown parameter `{name}`", n + 1));
            };
            let v = match (kinds[id], nums.as_slice()) {
                (Kind::Pair, &[mg, eg]) => S(mg, eg),
                (Kind::Single | Kind::Fixed, &[v]) => S(v, v),
                (Kind::Pair, _) => {
                    return Err(format!("line {}: `{name}` takes two values (mg eg)", n + 1))
                }
                _ => return Err(format!("line {}: `{name}` takes one value", n + 1)),
            };
            if values[id].replace(v).is_some() {
                return Err(format!("line {}: `{name}` given twice", n + 1));
            }
        }
        let missing: Vec<&str> = names
            .iter()
            .zip(&values)
            .filter(|(_, v)| v.is_none())
            .map(|(n, _)| n.as_str())
            .collect();
        if !missing.is_empty() {
            return Err(format!("missing parameters: {}", missing.join(", ")));
        }
        Ok(Table { names, kinds, values: values.into_iter().flatten().collect(), notes })
    }

    /// The table as text in the form [`Table::parse`] reads, names aligned, with `header`
    /// lines as comments first (the table's own notes are not written: put them in `header`).
    pub fn to_text(&self, header: &str) -> String {
        let mut s = String::new();
        for l in header.lines() {
            let _ = writeln!(s, "# {l}");
        }
        let width = self.names.iter().map(String::len).max().unwrap_or(0);
        for ((name, kind), v) in self.names.iter().zip(&self.kinds).zip(&self.values) {
            let _ = match kind {
                Kind::Pair => writeln!(s, "{name:<width$} {:>6} {:>6}", v.mg, v.eg),
                Kind::Single | Kind::Fixed => writeln!(s, "{name:<width$} {:>6}", v.mg),
            };
        }
        s
    }

    /// The id of parameter `name`.
    pub fn id(&self, name: &str) -> Option<usize> {
        self.names.iter().position(|n| n == name)
    }
}

/// The 64 squares of an 8x8 board in index order (a1, b1, .., h8): labels of per-square groups.
pub const SQUARES_8X8: [&str; 64] = [
    "a1", "b1", "c1", "d1", "e1", "f1", "g1", "h1", "a2", "b2", "c2", "d2", "e2", "f2", "g2", "h2",
    "a3", "b3", "c3", "d3", "e3", "f3", "g3", "h3", "a4", "b4", "c4", "d4", "e4", "f4", "g4", "h4",
    "a5", "b5", "c5", "d5", "e5", "f5", "g5", "h5", "a6", "b6", "c6", "d6", "e6", "f6", "g6", "h6",
    "a7", "b7", "c7", "d7", "e7", "f7", "g7", "h7", "a8", "b8", "c8", "d8", "e8", "f8", "g8", "h8",
];

/// Declares a variant's parameter ids (`pub const NAME: usize` = first id of the group),
/// `COUNT` and `GROUPS`, in table order.
///
/// A group is `ID: Kind "name" len;`, optionally with its entry labels before the `;`, either
/// listed (`["open", "half_open"]`) or named (`= SQUARES_8X8`, a `[&str; len]` constant).
/// `orthodox_pst;` stands for the piece-square formulas of the knight, bishop, rook, queen and
/// king, `king_and_pawns;` for the king attack, bishop pair and pawn terms (passed, isolated,
/// doubled, shield), as the orthodox armies share them.
macro_rules! param_groups {
    (@labels [$($label:literal),*]) => {
        &[$($label),*]
    };
    (@labels [] $labels:path) => {
        &$labels
    };
    (@ids $off:expr; ) => {
        /// Number of parameters.
        pub const COUNT: usize = $off;
    };
    (@ids $off:expr; $id:ident $len:literal, $($rest:tt)*) => {
        #[allow(missing_docs)]
        pub const $id: usize = $off;
        param_groups!(@ids $off + $len; $($rest)*);
    };
    // The shorthands: the groups of an orthodox army that several variants share, in their
    // table order.
    (@expand [$($done:tt)*] orthodox_pst; $($rest:tt)*) => {
        param_groups!(@expand [$($done)*
            PST_KNIGHT: Pair "pst.knight" 2 ["centre", "distance"];
            PST_BISHOP: Pair "pst.bishop" 2 ["centre", "distance"];
            PST_ROOK: Pair "pst.rook" 2 ["seventh", "centre_file"];
            PST_QUEEN: Pair "pst.queen" 2 ["centre", "distance"];
            PST_KING: Pair "pst.king" 7
                ["home_bcg", "home_ah", "home_df", "home_e", "rank", "centre", "distance"];
        ] $($rest)*);
    };
    (@expand [$($done:tt)*] king_and_pawns; $($rest:tt)*) => {
        param_groups!(@expand [$($done)*
            KING_ATTACK: Pair "king_attack" 4 ["quad", "lin", "quad1", "lin1"];
            BISHOP_PAIR: Pair "bishop_pair" 1;
            PASSED: Pair "passed" 8;
            ISOLATED: Pair "isolated" 1;
            DOUBLED: Pair "doubled" 1;
            SHIELD: Pair "shield" 1;
        ] $($rest)*);
    };
    (@expand [$($done:tt)*] $id:ident : $kind:ident $name:literal $len:literal $([$($label:literal),* $(,)?])? $(= $labels:path)?; $($rest:tt)*) => {
        param_groups!(@expand [$($done)* $id : $kind $name $len $([$($label),*])? $(= $labels)?;] $($rest)*);
    };
    (@expand [$($id:ident : $kind:ident $name:literal $len:literal $([$($label:literal),*])? $(= $labels:path)?;)*]) => {
        param_groups!(@ids 0usize; $($id $len,)*);
        /// The parameter groups in table order.
        pub const GROUPS: &[$crate::params::Group] = &[$(
            $crate::params::Group {
                name: $name,
                len: $len,
                labels: param_groups!(@labels [$($($label),*)?] $($labels)?),
                kind: $crate::params::Kind::$kind,
            },
        )*];
    };
    ($($body:tt)*) => {
        param_groups!(@expand [] $($body)*);
    };
}
pub(crate) use param_groups;

/// A variant's parameter table and its [`Tune`] implementation, from the names the variant's
/// file defines by convention (`GROUPS`, `COUNT` and `TEMPO` from [`param_groups!`], and
/// `material` and `pst_terms`): the `Params` type (`kinds` kinds on `squares` squares), the
/// table `eval/params/<file>` embedded and parsed once, `params()`, and `impl Tune` with the
/// given `evaluate_white_with` and `trace_terms` (Black's piece-square table is White's with
/// the squares `mirror`ed).
///
/// With `sides, drawish quarter` instead of the methods: the evaluation is both sides'
/// `side_terms(pos, c, p, acc, &shared)` tapered by `PHASE_MAX` ([`taper_sides`]), a quarter of
/// it when `drawish(pos, v)`; `shared = shared(pos)` is what both sides' terms read (computed
/// once per evaluation).
macro_rules! tune_table {
    ($V:ty, $file:literal, kinds $K:expr, squares $SQ:expr, mirror $mirror:expr; sides, drawish quarter) => {
        $crate::params::tune_table! {
            $V, $file, kinds $K, squares $SQ, mirror $mirror;
            fn evaluate_white_with(&self, p: &Params) -> i32 {
                let shared = shared(self);
                let v = $crate::params::taper_sides(&p.v, PHASE_MAX, |c, acc| {
                    side_terms(self, c, p, acc, &shared)
                });
                if drawish(self, v) {
                    v / 4
                } else {
                    v
                }
            }
            fn trace_terms(&self, p: &Params) -> $crate::params::Trace {
                let shared = shared(self);
                let v = $crate::params::taper_sides(&p.v, PHASE_MAX, |c, acc| {
                    side_terms(self, c, p, acc, &shared)
                });
                let scale = if drawish(self, v) { 0.25 } else { 1.0 };
                $crate::params::trace_sides(COUNT, PHASE_MAX, scale, self.eval_with(p), |c, acc| {
                    side_terms(self, c, p, acc, &shared)
                })
            }
        }
    };
    ($V:ty, $file:literal, kinds $K:expr, squares $SQ:expr, mirror $mirror:expr; $($item:tt)*) => {
        /// The evaluation's parameters: the values by id, and material + piece-square by
        /// colour, kind and square.
        pub type Params = $crate::params::Params<COUNT, { $K }, { $SQ }>;

        static EMBEDDED: $crate::params::Embedded<$V> = $crate::params::Embedded::new(
            concat!("eval/params/", $file),
            include_str!(concat!("../params/", $file)),
        );

        /// The embedded parameters.
        pub fn params() -> &'static Params {
            EMBEDDED.params()
        }

        impl $crate::params::Tune for $V {
            type Params = Params;
            const GROUPS: &'static [$crate::params::Group] = GROUPS;
            const TEMPO: usize = TEMPO;
            fn embedded() -> &'static $crate::params::Embedded<$V> {
                &EMBEDDED
            }
            fn build(values: &[$crate::Score]) -> Params {
                Params::new(values, material, pst_terms, $mirror)
            }
            $($item)*
        }
    };
}
pub(crate) use tune_table;

/// Where an evaluation puts its terms: the sum of parameter values ([`Sum`]) or the count of
/// each parameter ([`Tracer`]).
pub trait Acc {
    /// Whether this accumulator records features (the evaluation then calls [`Acc::add`] and
    /// [`Acc::frac`] for terms it otherwise takes from precomputed tables via [`Acc::score`]).
    const TRACE: bool;
    /// Adds `n` times parameter `id`.
    fn add(&mut self, id: usize, n: i32);
    /// Adds `num / den` times parameter `id`, each half as `value * num / den` (integer
    /// division, rounding toward zero).
    fn frac(&mut self, id: usize, num: i32, den: i32);
    /// Adds parameter `id` with its halves scaled differently: `mg * num_mg / den_mg`,
    /// `eg * num_eg / den_eg`.
    fn frac2(&mut self, id: usize, mg: (i32, i32), eg: (i32, i32));
    /// Adds a value computed from the parameters elsewhere (a precomputed table entry, or an
    /// exact non-linear form whose linear trace the evaluation records separately). Ignored
    /// when tracing.
    fn score(&mut self, s: Score);
}

/// The engine's accumulator: the sum of the parameter values, per side.
#[derive(Debug)]
pub struct Sum<'a, const N: usize> {
    /// The running sum.
    pub s: Score,
    v: &'a [Score; N],
}

impl<'a, const N: usize> Sum<'a, N> {
    /// An empty sum over the values `v`.
    #[inline(always)]
    pub fn new(v: &'a [Score; N]) -> Self {
        Sum { s: S(0, 0), v }
    }
}

impl<const N: usize> Acc for Sum<'_, N> {
    const TRACE: bool = false;
    #[inline(always)]
    fn add(&mut self, id: usize, n: i32) {
        self.s += self.v[id] * n;
    }
    #[inline(always)]
    fn frac(&mut self, id: usize, num: i32, den: i32) {
        let p = self.v[id];
        self.s += S(p.mg * num / den, p.eg * num / den);
    }
    #[inline(always)]
    fn frac2(&mut self, id: usize, mg: (i32, i32), eg: (i32, i32)) {
        let p = self.v[id];
        self.s += S(p.mg * mg.0 / mg.1, p.eg * eg.0 / eg.1);
    }
    #[inline(always)]
    fn score(&mut self, s: Score) {
        self.s += s;
    }
}

/// The tuner's accumulator: per parameter, how often its middlegame and its endgame half
/// were added (one tracer per side).
#[derive(Clone, Debug)]
pub struct Tracer {
    /// Coefficients (middlegame, endgame) by parameter id.
    pub coef: Vec<[f64; 2]>,
}

impl Tracer {
    /// A tracer for `n` parameters.
    pub fn new(n: usize) -> Self {
        Tracer { coef: vec![[0.0; 2]; n] }
    }
}

impl Acc for Tracer {
    const TRACE: bool = true;
    fn add(&mut self, id: usize, n: i32) {
        let c = &mut self.coef[id];
        c[0] += f64::from(n);
        c[1] += f64::from(n);
    }
    fn frac(&mut self, id: usize, num: i32, den: i32) {
        let x = f64::from(num) / f64::from(den);
        let c = &mut self.coef[id];
        c[0] += x;
        c[1] += x;
    }
    fn frac2(&mut self, id: usize, mg: (i32, i32), eg: (i32, i32)) {
        let c = &mut self.coef[id];
        c[0] += f64::from(mg.0) / f64::from(mg.1);
        c[1] += f64::from(eg.0) / f64::from(eg.1);
    }
    fn score(&mut self, _: Score) {}
}

/// One position's evaluation as a linear function of its parameters, around the values it was
/// traced at (White's view, centipawns): `eval + scale * (mg * sum(d.mg * c.mg) + (1 - mg) *
/// sum(d.eg * c.eg))` over the pairs plus `sum(d * c.mg)` over the singles, with `d` the
/// change of a parameter and `c` its coefficient.
#[derive(Clone, Debug)]
pub struct Trace {
    /// The evaluation at the traced values, White's view, tempo included.
    pub eval: i32,
    /// Middlegame weight of the taper, 0..=1.
    pub mg: f64,
    /// Factor applied to the tapered sum (e.g. 1/4 for drawish material).
    pub scale: f64,
    /// Coefficients (middlegame, endgame) by parameter id: White's minus Black's for pairs
    /// (before the taper), the final coefficient for singles (after it).
    pub coef: Vec<[f64; 2]>,
}

impl Trace {
    /// A trace from both sides' tracers, the phase (`max` = full middlegame), the scale and
    /// the evaluation; singles are set by the caller.
    pub fn new(white: Tracer, black: &Tracer, phase: i32, max: i32, scale: f64, eval: i32) -> Self {
        let mut coef = white.coef;
        for (w, b) in coef.iter_mut().zip(&black.coef) {
            w[0] -= b[0];
            w[1] -= b[1];
        }
        let mg = f64::from(phase.clamp(0, max)) / f64::from(max.max(1));
        Trace { eval, mg, scale, coef }
    }

    /// Sets single parameter `id`'s coefficient.
    pub fn single(&mut self, id: usize, c: f64) {
        self.coef[id] = [c, c];
    }
}

/// A variant's evaluation parameters: the values by id (`N` of them), and each unit's material
/// plus piece-square value by colour, kind (`K` kinds) and square (`SQ` squares).
#[derive(Debug)]
pub struct Params<const N: usize, const K: usize, const SQ: usize> {
    /// Values by id.
    pub(crate) v: [Score; N],
    /// Material + piece-square value by colour, kind and square.
    pub(crate) pst: [[[Score; SQ]; K]; 2],
}

impl<const N: usize, const K: usize, const SQ: usize> Params<N, K, SQ> {
    /// From values by id: a unit of kind `k` on square `sq` is worth its material
    /// (`material(k)`, none for a king) plus its piece-square terms (`terms(k, sq, add)` calls
    /// `add(id, n)` for `n` times parameter `id`), seen from White's side; Black's table is
    /// White's with the ranks mirrored (`mirror(sq)`).
    #[allow(clippy::needless_range_loop)] // indexes both colours
    pub fn new(
        values: &[Score],
        material: impl Fn(usize) -> Option<usize>,
        terms: impl Fn(usize, usize, &mut dyn FnMut(usize, i32)),
        mirror: impl Fn(usize) -> usize,
    ) -> Self {
        let mut v = [Score::default(); N];
        v.copy_from_slice(values);
        let mut pst = [[[Score::default(); SQ]; K]; 2];
        for k in 0..K {
            for sq in 0..SQ {
                let mut s = material(k).map_or(Score::default(), |id| v[id]);
                terms(k, sq, &mut |id, n| s += v[id] * n);
                pst[0][k][sq] = s;
                pst[1][k][mirror(sq)] = s;
            }
        }
        Params { v, pst }
    }
}

/// Parameters that hold a value for each parameter id.
pub trait Values {
    /// The value of parameter `id`.
    fn get(&self, id: usize) -> Score;
}

impl<const N: usize, const K: usize, const SQ: usize> Values for Params<N, K, SQ> {
    #[inline(always)]
    fn get(&self, id: usize) -> Score {
        self.v[id]
    }
}

/// A variant's embedded table (`eval/params/<variant>.txt`, parsed on first use) and the
/// parameters built from it (on first use): the `static` each variant's file declares.
#[derive(Debug)]
pub struct Embedded<V: Tune> {
    /// Where the table comes from (for the error message).
    file: &'static str,
    /// The table's text.
    text: &'static str,
    table: OnceLock<Table>,
    params: OnceLock<V::Params>,
}

impl<V: Tune> Embedded<V> {
    /// The table `text`, read from `file`.
    pub const fn new(file: &'static str, text: &'static str) -> Self {
        Embedded { file, text, table: OnceLock::new(), params: OnceLock::new() }
    }

    /// The parsed table. Panics if the embedded text is not a valid table of `V::GROUPS` (the
    /// tests parse every table).
    pub fn table(&self) -> &Table {
        self.table.get_or_init(|| Table::parse(V::GROUPS, self.text).expect(self.file))
    }

    /// The parameters built from the table.
    #[inline]
    pub fn params(&self) -> &V::Params {
        self.params.get_or_init(|| V::build(&self.table().values))
    }
}

/// A variant whose evaluation is written against its parameter table, and so can be traced
/// for tuning. A variant supplies its groups, its tempo parameter, its embedded table, how its
/// parameters are built, its evaluation from White's view without the tempo, and the trace of
/// that; the tempo, the side to move's view and the tuner's interface follow.
pub trait Tune: movegen::rules::Rules + Sized + 'static {
    /// Its parameter values with whatever is precomputed from them.
    type Params: Values + Sync + Send + 'static;
    /// The parameter groups, in table order.
    const GROUPS: &'static [Group];
    /// The id of the tempo: a [`Kind::Single`] added for the side to move (White's view:
    /// plus when White moves, minus when Black does).
    const TEMPO: usize;
    /// The embedded table and parameters.
    fn embedded() -> &'static Embedded<Self>;
    /// Builds the parameters from values by id (in table order).
    fn build(values: &[Score]) -> Self::Params;
    /// Static evaluation at `p` from White's view, in centipawns, without the tempo.
    fn evaluate_white_with(&self, p: &Self::Params) -> i32;
    /// The evaluation's trace at `p` with every coefficient but the tempo's set (its `eval`
    /// equals [`Tune::eval_with`], tempo included).
    fn trace_terms(&self, p: &Self::Params) -> Trace;

    /// The parameter groups.
    fn groups() -> &'static [Group] {
        Self::GROUPS
    }
    /// The embedded table.
    fn table() -> &'static Table {
        Self::embedded().table()
    }
    /// The embedded parameters.
    #[inline]
    fn params() -> &'static Self::Params {
        Self::embedded().params()
    }
    /// The tempo at `p`, White's view.
    #[inline]
    fn tempo(&self, p: &Self::Params) -> i32 {
        let t = p.get(Self::TEMPO).mg;
        if self.turn() == Color::White {
            t
        } else {
            -t
        }
    }
    /// The evaluation at `p`, White's view, tempo included (what `evaluate` gives from the
    /// side to move's view with the embedded parameters).
    #[inline]
    fn eval_with(&self, p: &Self::Params) -> i32 {
        self.evaluate_white_with(p) + self.tempo(p)
    }
    /// The evaluation with the embedded parameters, tempo included, from the side to move's
    /// view: what [`crate::Evaluator::evaluate`] returns in a quiet position.
    #[inline]
    fn evaluate_embedded(&self) -> i32 {
        let v = self.eval_with(Self::params());
        if self.turn() == Color::White {
            v
        } else {
            -v
        }
    }
    /// The evaluation's trace at `p` (its `eval` equals [`Tune::eval_with`]).
    fn trace(&self, p: &Self::Params) -> Trace {
        let mut t = self.trace_terms(p);
        t.single(Self::TEMPO, if self.turn() == Color::White { 1.0 } else { -1.0 });
        t
    }
}

/// Both sides' terms at the values `v`, White's minus Black's, tapered by their phase out of
/// `max`: White's view, before any scaling. `side(c, acc)` adds side `c`'s terms to `acc` and
/// returns its phase.
#[inline(always)]
pub(crate) fn taper_sides<const N: usize>(
    v: &[Score; N],
    max: i32,
    mut side: impl FnMut(Color, &mut Sum<'_, N>) -> i32,
) -> i32 {
    let (mut w, mut b) = (Sum::new(v), Sum::new(v));
    let phase = side(Color::White, &mut w) + side(Color::Black, &mut b);
    (w.s - b.s).taper(phase, max)
}

/// The trace of the terms [`taper_sides`] sums (`count` parameters), scaled by `scale`, whose
/// evaluation is `eval`.
pub(crate) fn trace_sides(
    count: usize,
    max: i32,
    scale: f64,
    eval: i32,
    mut side: impl FnMut(Color, &mut Tracer) -> i32,
) -> Trace {
    let (mut w, mut b) = (Tracer::new(count), Tracer::new(count));
    let phase = side(Color::White, &mut w) + side(Color::Black, &mut b);
    Trace::new(w, &b, phase, max, scale, eval)
}

/// Static evaluation with the embedded parameters from White's view, in centipawns (without
/// the tempo).
pub fn evaluate_white<V: Tune>(pos: &V) -> i32 {
    pos.evaluate_white_with(V::params())
}

#[cfg(test)]
mod tests {
    use super::*;

    param_groups! {
        A: Pair "a" 2 ["x", "y"];
        B: Single "b" 1;
        C: Fixed "c" 3;
    }

    #[test]
    fn ids_names_and_text_round_trip() {
        assert_eq!((A, B, C, COUNT), (0, 2, 3, 6));
        let (names, _) = expand(GROUPS);
        assert_eq!(names, ["a.x", "a.y", "b", "c.0", "c.1", "c.2"]);
        let text = "a.x 1 2\na.y -3 4 # comment\n\nb 5\nc.0 6\nc.1 7\nc.2 8\n";
        let t = Table::parse(GROUPS, text).unwrap();
        assert_eq!(t.values[1], S(-3, 4));
        assert_eq!(t.values[2], S(5, 5));
        let again = Table::parse(GROUPS, &t.to_text("header")).unwrap();
        assert_eq!(again.values, t.values);
        assert!(t.to_text("header").starts_with("# header\n"));
        assert_eq!(again.notes, ["header"]);
        let noted = Table::parse(GROUPS, &format!("# one\n#two\n\n{text}")).unwrap();
        assert_eq!(noted.notes, ["one", "two"]);
    }

    #[test]
    fn parse_errors_name_the_problem() {
        let err = |text: &str| Table::parse(GROUPS, text).unwrap_err();
        assert!(err("a.x 1\n").contains("two values"));
        assert!(err("b 1 2\n").contains("one value"));
        assert!(err("zz 1\n").contains("unknown parameter `zz`"));
        assert!(err("b 1\nb 2\n").contains("twice"));
        assert!(err("b x\n").contains("line 1"));
        assert!(err("b 1\n").contains("missing parameters: a.x, a.y, c.0"));
    }

    #[test]
    fn sum_and_tracer_agree_on_a_linear_term() {
        let v = [S(10, 20), S(-3, 7), S(5, 5)];
        let mut s = Sum::new(&v);
        let mut t = Tracer::new(3);
        for acc in [&mut s as &mut dyn AccDyn, &mut t] {
            acc.dyn_add(0, 3);
            acc.dyn_frac(1, 2, 3);
        }
        // 3 * (10, 20) + (-3 * 2 / 3, 7 * 2 / 3) = (30 - 2, 60 + 4), rounding toward zero.
        assert_eq!(s.s, S(28, 64));
        assert_eq!(t.coef, [[3.0; 2], [2.0 / 3.0; 2], [0.0; 2]]);
    }

    /// Object-safe shim for the test above.
    trait AccDyn {
        fn dyn_add(&mut self, id: usize, n: i32);
        fn dyn_frac(&mut self, id: usize, num: i32, den: i32);
    }
    impl<T: Acc> AccDyn for T {
        fn dyn_add(&mut self, id: usize, n: i32) {
            self.add(id, n);
        }
        fn dyn_frac(&mut self, id: usize, num: i32, den: i32) {
            self.frac(id, num, den);
        }
    }
}
