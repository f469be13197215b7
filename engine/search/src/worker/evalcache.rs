//! A per-thread cache of static evaluations, for variants whose evaluation costs more than a
//! memory access ([`Evaluator::EVAL_CACHE`]: PieceEater's, with its two-step PE danger, is
//! about half the instructions of its search; Jumping Knights' builds both armies' u128 attack
//! maps).
//!
//! An entry holds a position's full 64-bit key and its evaluation. The evaluation is a
//! function of the position alone, and the key covers everything it reads (board, side to move,
//! hands, the PE's square and `pe-left` in PieceEater), so a hit returns exactly what `evaluate` would: the
//! cache changes no search, only its speed (`menagerie bench` prints the same node count). A
//! different position on the same slot only replaces the entry. The cache is kept from one
//! search to the next with the thread's other tables and emptied when the thread searches
//! another variant's position type.

use eval::Evaluator;
use movegen::info::VariantId;

/// Entries (a power of two): 1 MB per thread, 16 bytes each.
const ENTRIES: usize = 1 << 16;

#[derive(Clone, Copy, Debug, Default)]
struct Entry {
    /// The position's key; 0 marks an empty slot (a position whose key is 0 is never cached).
    key: u64,
    score: i32,
}

/// The cache: empty (no memory) until a variant that uses it searches.
#[derive(Debug, Default)]
pub(crate) struct EvalCache {
    entries: Vec<Entry>,
    /// The position type whose evaluations the entries hold.
    variant: Option<VariantId>,
}

impl EvalCache {
    /// Makes the cache ready for a search of `V`: allocated (fallibly: without the memory the
    /// search runs uncached) and emptied if it held another type's evaluations.
    pub(crate) fn prepare<V: Evaluator>(&mut self) {
        if !V::EVAL_CACHE {
            return;
        }
        if self.entries.is_empty() {
            if self.entries.try_reserve_exact(ENTRIES).is_err() {
                return;
            }
            self.entries.resize(ENTRIES, Entry::default());
        } else if self.variant != Some(V::VARIANT) {
            self.entries.fill(Entry::default());
        }
        self.variant = Some(V::VARIANT);
    }

    /// The static evaluation of `pos` (side to move's view), from the cache when it holds it.
    #[inline(always)]
    pub(crate) fn evaluate<V: Evaluator>(&mut self, pos: &V) -> i32 {
        if !V::EVAL_CACHE || self.entries.is_empty() {
            return pos.evaluate();
        }
        let key = pos.hash();
        let i = key as usize & (ENTRIES - 1);
        let e = &mut self.entries[i];
        if e.key == key && key != 0 {
            return e.score;
        }
        let score = pos.evaluate();
        *e = Entry { key, score };
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use movegen::moves::MoveBuf;
    use movegen::rules::Rules;
    use movegen::types::Color;
    use movegen::variants::chess::Chess;
    use movegen::variants::pieceeater::PieceEater;
    use movegen::Move;

    /// Every answer equals the evaluation, on hits and misses, over a walk through positions;
    /// a variant without the flag never allocates; switching variants empties the cache.
    #[test]
    fn answers_are_the_evaluation() {
        let mut c = EvalCache::default();
        c.prepare::<PieceEater>();
        assert_eq!(c.entries.len(), ENTRIES);
        let mut pos = PieceEater::startpos();
        let mut list = <PieceEater as Rules>::Moves::default();
        let mut hits = 0;
        for step in 0..60 {
            list.clear();
            pos.legal_moves(&mut list);
            let moves: Vec<_> = list.iter().copied().collect();
            if moves.is_empty() {
                break;
            }
            for &m in &moves {
                let child = pos.play(m);
                let first = c.evaluate(&child);
                assert_eq!(first, child.evaluate());
                let i = child.hash() as usize & (ENTRIES - 1);
                hits += usize::from(c.entries[i].key == child.hash());
                assert_eq!(c.evaluate(&child), first, "a hit returns the evaluation");
            }
            // On through a move that keeps both kings (a game won by a king capture is over).
            let alive = |m: &&Move| {
                let child = pos.play(**m);
                Color::ALL.iter().all(|&c| child.king(c).is_some())
            };
            let going: Vec<_> = moves.iter().filter(alive).copied().collect();
            if going.is_empty() {
                break;
            }
            pos = pos.play(going[(step * 7919) % going.len()]);
        }
        assert!(hits > 100, "entries are kept ({hits})");
        let mut plain = EvalCache::default();
        plain.prepare::<Chess>();
        assert!(plain.entries.is_empty());
        assert_eq!(plain.evaluate(&Chess::startpos()), Chess::startpos().evaluate());
        c.variant = Some(VariantId::Chess);
        c.prepare::<PieceEater>();
        assert!(c.entries.iter().all(|e| e.key == 0), "another type's entries are dropped");
    }
}
