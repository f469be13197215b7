//! The search's parameters: one [`Params`] per variant, its [`Features`] (what the variant's
//! SPRTs accepted, [`Features::accepted`]) and the margins, depths and reductions of the
//! pruning, which are the same for every variant. The worker reads them as constants of its
//! variant ([`Params::of`]), so every choice is decided at compile time.

use eval::Evaluator;
use movegen::info::VariantId;

/// The search features a variant may switch on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Features {
    /// Futility and move-count pruning of quiet moves near the horizon (always in games of
    /// chance, where every action costs up to eight searches).
    pub quiet_pruning: bool,
    /// History with penalties for the quiet moves that failed before a cut-off, continuation
    /// histories, history-scaled late-move reductions and internal iterative reduction.
    pub history_heuristics: bool,
    /// Quiescence search probes and stores the transposition table (at depth 0).
    pub qsearch_tt: bool,
    /// Pruning and reductions follow whether the static evaluation improves on the one two
    /// plies before (chess and PieceEater so far).
    pub improving: bool,
    /// On a clock, the soft time target follows the best move's stability and the score's
    /// fall ([`crate::time::stability_scale`]).
    pub stable_time: bool,
    /// Singular extensions ([`Params::singular_depth`]).
    pub singular: bool,
}

impl Features {
    /// None switched on.
    pub const NONE: Features = Features {
        quiet_pruning: false,
        history_heuristics: false,
        qsearch_tt: false,
        improving: false,
        stable_time: false,
        singular: false,
    };

    /// Every search feature on; the variants' features are this, or less
    /// ([`Features::accepted`]).
    const ALL: Features = Features {
        quiet_pruning: true,
        history_heuristics: true,
        qsearch_tt: true,
        ..Features::NONE
    };

    /// The search features each variant's SPRTs accepted (docs/strength.md, "Search features";
    /// `improving`, `stable_time`: chess and PieceEater so far; `singular`: chess), by the id
    /// its position type plays first (`Rules::VARIANT`). A new variant's arm is the compiler's
    /// to ask for.
    pub const fn accepted(id: VariantId) -> Features {
        match id {
            VariantId::Chess => {
                Features { improving: true, stable_time: true, singular: true, ..Features::ALL }
            }
            VariantId::EightPiece | VariantId::EightPieceRandom => {
                Features { quiet_pruning: false, ..Features::ALL }
            }
            VariantId::PieceEater => {
                Features { stable_time: true, improving: true, ..Features::NONE }
            }
            VariantId::Magician | VariantId::TamerSpiel | VariantId::JumpingKnights => {
                Features::ALL
            }
        }
    }
}

/// How the search searches one variant.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Params {
    /// The search features switched on.
    pub features: Features,
    /// Singular extensions (`features.singular`) from this depth on, for a table entry at most
    /// `singular_tt_depth` plies shallower than the node: the other moves are searched to half
    /// the depth against the entry's score minus `singular_margin` per ply.
    pub singular_depth: i32,
    /// See `singular_depth`.
    pub singular_tt_depth: i32,
    /// See `singular_depth`.
    pub singular_margin: i32,
    /// Quiet moves (actions) are pruned up to this depth.
    pub quiet_prune_depth: i32,
    /// Futility margin at depth `d`: `futility_base + futility_per_ply * d`, how far a quiet
    /// move may lift the static evaluation.
    pub futility_base: i32,
    /// See `futility_base`.
    pub futility_per_ply: i32,
    /// Quiet moves searched at depth `d` before the rest are pruned: `late_moves_base + d * d`.
    pub late_moves_base: i32,
    /// Reverse futility: up to this depth, a node whose static evaluation is `reverse_margin`
    /// per ply above beta returns it.
    pub reverse_depth: i32,
    /// See `reverse_depth`.
    pub reverse_margin: i32,
    /// Null move from this depth on, reduced by `null_base + depth / null_divisor` plies.
    pub null_depth: i32,
    /// See `null_depth`.
    pub null_base: i32,
    /// See `null_depth`.
    pub null_divisor: i32,
    /// Internal iterative reduction (with `history_heuristics`) from this depth on.
    pub iir_depth: i32,
    /// Late-move reduction `lmr_base + ln(depth) * ln(index) / lmr_divisor` plies ...
    pub lmr_base: f64,
    /// ... (see `lmr_base`) ...
    pub lmr_divisor: f64,
    /// ... from this depth and this many moves searched on (`lmr_*_chance` in games of chance).
    pub lmr_depth: i32,
    /// See `lmr_depth`.
    pub lmr_moves: usize,
    /// See `lmr_depth`.
    pub lmr_depth_chance: i32,
    /// See `lmr_depth`.
    pub lmr_moves_chance: usize,
    /// Aspiration windows from this depth on, `aspiration` wide on each side at first; wider
    /// than `aspiration_limit`, the window opens fully.
    pub aspiration_depth: i32,
    /// See `aspiration_depth`.
    pub aspiration: i32,
    /// See `aspiration_depth`.
    pub aspiration_limit: i32,
    /// Static exchange pruning (variants with an exchange evaluation) up to this depth: a
    /// capture or check losing more than `see_tactical` per ply, a quiet move losing more than
    /// `see_quiet` per ply squared in the exchange on its target square is not searched.
    pub see_depth: i32,
    /// See `see_depth`.
    pub see_tactical: i32,
    /// See `see_depth`.
    pub see_quiet: i32,
    /// Games of chance: in-check quiescence nodes per path that search every move.
    pub qs_chance_evasions: u32,
    /// Games of chance: chance nodes per quiescence path.
    pub qs_chance_nodes: u32,
}

impl Params {
    /// The margins and reductions of every variant, with no feature switched on.
    pub const BASE: Params = Params {
        features: Features::NONE,
        singular_depth: 7,
        singular_tt_depth: 3,
        singular_margin: 2,
        quiet_prune_depth: 3,
        futility_base: 60,
        futility_per_ply: 90,
        late_moves_base: 3,
        reverse_depth: 6,
        reverse_margin: 90,
        null_depth: 3,
        null_base: 3,
        null_divisor: 4,
        iir_depth: 4,
        lmr_base: 0.6,
        lmr_divisor: 2.3,
        lmr_depth: 3,
        lmr_moves: 3,
        lmr_depth_chance: 2,
        lmr_moves_chance: 2,
        aspiration_depth: 5,
        aspiration: 30,
        aspiration_limit: 1000,
        see_depth: 6,
        see_tactical: 90,
        see_quiet: 20,
        qs_chance_evasions: 1,
        qs_chance_nodes: 1,
    };

    /// The parameters of variant `V`: [`Params::BASE`] with its accepted features
    /// ([`Features::accepted`]); games of chance always prune quiet moves (every action costs up
    /// to eight searches) and never extend singular moves.
    pub const fn of<V: Evaluator>() -> Params {
        let f = Features::accepted(V::VARIANT);
        let features = Features {
            quiet_pruning: f.quiet_pruning || V::HAS_CHANCE,
            singular: f.singular && !V::HAS_CHANCE,
            ..f
        };
        Params { features, ..Params::BASE }
    }

    /// Futility margin at `depth`.
    #[inline(always)]
    pub const fn futility_margin(&self, depth: i32) -> i32 {
        self.futility_base + self.futility_per_ply * depth
    }

    /// Quiet moves (actions) searched at `depth` before the rest are pruned.
    #[inline(always)]
    pub const fn late_move_count(&self, depth: i32) -> usize {
        (self.late_moves_base + depth * depth) as usize
    }

    /// The late-move reduction at `depth` of the move searched `index`-th.
    pub fn lmr(&self, depth: i32, index: usize) -> i32 {
        let d = f64::from(depth.max(1)).ln();
        let i = (index.clamp(1, LMR_TABLE_SIZE) as f64).ln();
        (self.lmr_base + d * i / self.lmr_divisor) as i32
    }
}

/// Move indices beyond this count as this for the late-move reduction.
const LMR_TABLE_SIZE: usize = 64;

#[cfg(test)]
mod tests {
    use super::*;

    /// The features are those accepted for the id the type plays first; games of chance prune
    /// quiet moves regardless.
    #[test]
    fn features_are_the_accepted_ones() {
        for v in VariantId::ALL {
            let all = movegen::with_variant!(v, T => Params::of::<T>());
            let (p, f) = (all.features, Features::accepted(v.family()));
            assert_eq!(p.quiet_pruning, f.quiet_pruning || v.has_chance(), "{v}");
            assert_eq!((p.history_heuristics, p.qsearch_tt), (f.history_heuristics, f.qsearch_tt));
            assert_eq!(p.improving, f.improving, "{v}");
            assert_eq!(p.improving, matches!(v, VariantId::Chess | VariantId::PieceEater), "{v}");
            assert_eq!(p.stable_time, f.stable_time, "{v}");
            assert_eq!(p.stable_time, matches!(v, VariantId::Chess | VariantId::PieceEater), "{v}");
            assert_eq!(p.singular, f.singular && !v.has_chance(), "{v}");
            assert_eq!(p.singular, v == VariantId::Chess, "{v}");
            assert_eq!(Params { features: Features::NONE, ..all }, Params::BASE);
        }
        let p = Params::BASE;
        assert_eq!((p.futility_margin(2), p.late_move_count(3)), (240, 12));
        assert_eq!((p.lmr(1, 1), p.lmr(10, 20)), (0, 3));
    }
}
