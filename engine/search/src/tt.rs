//! Shared transposition table: buckets of four entries, each two atomics (`key ^ salt ^ data`,
//! `data`) so that threads read and write without locks and a torn entry is detected and
//! ignored. Clearing is O(1) whatever the size: a new salt makes every stored entry miss (a new
//! game with `Hash` 4096 does not wait seconds for 4 GB to be zeroed), and the entries left
//! behind are marked old so they are the first to be replaced.

use movegen::{Error, Move};
use std::sync::atomic::{AtomicU64, AtomicU8, Ordering::Relaxed};

/// What a stored score means.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The true score is at most this.
    Upper = 1,
    /// The true score is at least this.
    Lower = 2,
    /// Exact.
    Exact = 3,
}

impl Bound {
    /// What a search result `value` with window `(alpha, beta)` (alpha < beta, the window the
    /// node started with) says about the true score.
    pub fn of(value: i32, alpha: i32, beta: i32) -> Bound {
        if value >= beta {
            Bound::Lower
        } else if value > alpha {
            Bound::Exact
        } else {
            Bound::Upper
        }
    }

    /// Whether a stored score `s` with this bound settles a node searched with window
    /// `(alpha, beta)`.
    pub fn cuts(self, s: i32, alpha: i32, beta: i32) -> bool {
        match self {
            Bound::Exact => true,
            Bound::Lower => s >= beta,
            Bound::Upper => s <= alpha,
        }
    }
}

/// A decoded entry.
#[derive(Copy, Clone, Debug)]
pub struct TtEntry {
    /// Best move found (may be `Move::NULL`); always checked for legality before use.
    pub mv: Move,
    /// Score (mate scores relative to this node).
    pub score: i32,
    /// Depth searched.
    pub depth: i32,
    /// Bound type.
    pub bound: Bound,
}

#[derive(Default)]
struct Slot {
    check: AtomicU64,
    data: AtomicU64,
}

const BUCKET: usize = 4;

/// The table.
pub struct Tt {
    slots: Box<[Slot]>,
    buckets: usize,
    generation: AtomicU8,
    /// Mixed into every entry's check word; a new salt forgets every entry (see `clear`).
    salt: AtomicU64,
}

impl std::fmt::Debug for Tt {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Tt({} buckets)", self.buckets)
    }
}

/// `data` layout: move (bits 0-31), score as i16 (32-47), depth (48-54), bound (55-56),
/// generation (57-61).
fn pack(mv: Move, score: i32, depth: i32, bound: Bound, generation: u8) -> u64 {
    u64::from(mv.0)
        | (u64::from(score.clamp(-32767, 32767) as i16 as u16) << 32)
        | (u64::from(depth.clamp(0, 127) as u8) << 48)
        | ((bound as u64) << 55)
        | (u64::from(generation & 0x1f) << 57)
}

/// `n` empty slots from zeroed memory, or `None` when the system refuses the memory (an
/// address-space limit, a 32-bit process): the error is reported, the process goes on.
///
/// The memory comes from the allocator's zeroed allocation (`calloc`), which takes a large
/// block as fresh pages from the system: nothing is written here, the pages are made as the
/// search touches them. Filling the slots one by one instead (`Vec::resize_with`) wrote every
/// byte before `readyok`: seconds for a few GB (issue 56 item 4).
#[allow(unsafe_code)]
fn zeroed_slots(n: usize) -> Option<Box<[Slot]>> {
    let layout = std::alloc::Layout::array::<Slot>(n).ok()?;
    if layout.size() == 0 {
        return Some(Box::default());
    }
    // SAFETY: the layout's size is not zero. All-zero bytes are a valid `Slot` (two
    // `AtomicU64`s holding 0, the empty entry), so the zeroed block holds `n` valid slots; it
    // was allocated by the global allocator with the layout of `[Slot; n]`, which is the layout
    // `Box<[Slot]>` frees it with.
    unsafe {
        let p = std::alloc::alloc_zeroed(layout).cast::<Slot>();
        if p.is_null() {
            return None;
        }
        Some(Box::from_raw(std::ptr::slice_from_raw_parts_mut(p, n)))
    }
}

impl Tt {
    /// A table of about `mb` megabytes (at least one bucket); panics where [`Tt::try_new`]
    /// fails (tests and tools with small fixed sizes).
    pub fn new(mb: usize) -> Tt {
        Tt::try_new(mb).unwrap_or_else(|e| panic!("{e}"))
    }

    /// A table of about `mb` megabytes, or why it cannot be had: the memory is reserved
    /// fallibly, so a size the system refuses (an address-space limit, a 32-bit process) is an
    /// error to report, not an aborted process.
    pub fn try_new(mb: usize) -> Result<Tt, Error> {
        let bytes = mb.max(1).saturating_mul(1024 * 1024);
        let buckets = (bytes / (BUCKET * size_of::<Slot>())).max(1);
        let slots = zeroed_slots(buckets * BUCKET).ok_or_else(|| {
            let asked = buckets * BUCKET * size_of::<Slot>();
            Error::Resources {
                message: format!(
                    "cannot allocate a hash table of {} MB: the system refused {asked} bytes",
                    mb.max(1)
                ),
            }
        })?;
        Ok(Tt { slots, buckets, generation: AtomicU8::new(0), salt: AtomicU64::new(0) })
    }

    /// Forgets everything, in constant time: with a new salt no stored entry matches any key
    /// (but with probability 2^-64 per probe, like any key collision), and moving the
    /// generation half a cycle on makes the stale entries the preferred victims of `store`.
    pub fn clear(&self) {
        let salt = self.salt.load(Relaxed);
        self.salt.store(movegen::zobrist::splitmix64(salt.wrapping_add(1)), Relaxed);
        self.generation.fetch_add(16, Relaxed);
    }

    /// Starts a new search (entries of older searches become preferred victims).
    pub fn new_search(&self) {
        self.generation.fetch_add(1, Relaxed);
    }

    #[inline(always)]
    fn bucket(&self, key: u64) -> usize {
        ((u128::from(key) * self.buckets as u128) >> 64) as usize * BUCKET
    }

    /// Looks `key` up.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<TtEntry> {
        let b = self.bucket(key);
        let key = key ^ self.salt.load(Relaxed);
        for s in &self.slots[b..b + BUCKET] {
            let data = s.data.load(Relaxed);
            if data != 0 && s.check.load(Relaxed) ^ data == key {
                let bound = match (data >> 55) & 3 {
                    1 => Bound::Upper,
                    2 => Bound::Lower,
                    3 => Bound::Exact,
                    _ => continue,
                };
                return Some(TtEntry {
                    mv: Move(data as u32),
                    score: i32::from((data >> 32) as u16 as i16),
                    depth: i32::from(((data >> 48) & 0x7f) as u8),
                    bound,
                });
            }
        }
        None
    }

    /// Stores a result; prefers replacing the same key, then the shallowest or oldest entry.
    #[inline]
    pub fn store(&self, key: u64, mv: Move, score: i32, depth: i32, bound: Bound) {
        let generation = self.generation.load(Relaxed);
        let b = self.bucket(key);
        let key = key ^ self.salt.load(Relaxed);
        let mut victim = b;
        let mut worst = i32::MAX;
        for (i, s) in self.slots[b..b + BUCKET].iter().enumerate() {
            let data = s.data.load(Relaxed);
            if data == 0 || s.check.load(Relaxed) ^ data == key {
                victim = b + i;
                // Keep a known move if the new result has none.
                if mv.is_null() && data != 0 {
                    let old = Move(data as u32);
                    let d = pack(old, score, depth, bound, generation);
                    self.write(victim, key, d);
                    return;
                }
                break;
            }
            let age = i32::from(generation.wrapping_sub(((data >> 57) & 0x1f) as u8) & 0x1f);
            let value = i32::from(((data >> 48) & 0x7f) as u8) - 4 * age;
            if value < worst {
                worst = value;
                victim = b + i;
            }
        }
        self.write(victim, key, pack(mv, score, depth, bound, generation));
    }

    #[inline(always)]
    fn write(&self, idx: usize, key: u64, data: u64) {
        let s = &self.slots[idx];
        s.data.store(data, Relaxed);
        s.check.store(key ^ data, Relaxed);
    }

    /// Per-mille of sampled entries written in the current search (UCI `hashfull`).
    pub fn hashfull(&self) -> u32 {
        let generation = self.generation.load(Relaxed) & 0x1f;
        let n = self.slots.len().min(1000);
        let used = self.slots[..n]
            .iter()
            .filter(|s| {
                let d = s.data.load(Relaxed);
                d != 0 && ((d >> 57) & 0x1f) as u8 == generation
            })
            .count();
        (used * 1000 / n.max(1)) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Window (-10, 10): at or above beta a lower bound, inside exact, at or below alpha an
    /// upper bound; each settles the windows it should and no other.
    #[test]
    fn bounds_of_results_and_their_cut_offs() {
        assert_eq!(Bound::of(10, -10, 10), Bound::Lower);
        assert_eq!(Bound::of(9, -10, 10), Bound::Exact);
        assert_eq!(Bound::of(-9, -10, 10), Bound::Exact);
        assert_eq!(Bound::of(-10, -10, 10), Bound::Upper);
        assert!(Bound::Lower.cuts(10, -10, 10) && !Bound::Lower.cuts(9, -10, 10));
        assert!(Bound::Upper.cuts(-10, -10, 10) && !Bound::Upper.cuts(-9, -10, 10));
        assert!(Bound::Exact.cuts(0, -10, 10));
    }
    use movegen::types::Square;
    use movegen::MoveKind;

    #[test]
    fn store_probe_round_trip() {
        let tt = Tt::new(1);
        let m = Move::new(MoveKind::Normal, Square(12), Square(28));
        tt.store(0xdead_beef, m, -1234, 17, Bound::Lower);
        let e = tt.probe(0xdead_beef).unwrap();
        assert_eq!((e.mv, e.score, e.depth, e.bound), (m, -1234, 17, Bound::Lower));
        assert!(tt.probe(0xdead_beee).is_none());
        // Overwrite keeps the move if the new result has none.
        tt.store(0xdead_beef, Move::NULL, 50, 18, Bound::Exact);
        let e = tt.probe(0xdead_beef).unwrap();
        assert_eq!((e.mv, e.score, e.depth, e.bound), (m, 50, 18, Bound::Exact));
        tt.clear();
        assert!(tt.probe(0xdead_beef).is_none());
    }

    #[test]
    fn many_keys_do_not_corrupt() {
        let tt = Tt::new(1);
        for k in 1..100_000u64 {
            let key = k.wrapping_mul(0x9e37_79b9_7f4a_7c15);
            tt.store(key, Move(k as u32), (k % 1000) as i32, (k % 60) as i32, Bound::Exact);
        }
        for k in 1..100_000u64 {
            let key = k.wrapping_mul(0x9e37_79b9_7f4a_7c15);
            if let Some(e) = tt.probe(key) {
                assert_eq!(e.mv, Move(k as u32));
                assert_eq!(e.score, (k % 1000) as i32);
            }
        }
        assert!(tt.hashfull() > 0);
    }
}
