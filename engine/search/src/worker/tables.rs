//! A search thread's tables (killers, history, continuation histories, the path, the principal
//! variations, the per-ply buffers), kept by the thread from one search to the next and cleared,
//! not reallocated, at each start. The continuation histories are 8 MB per thread: allocating
//! and zeroing them for every search of every thread made `Threads 8` + `go depth 1` take 68 ms
//! instead of 5. Clearing zeroes only the blocks written since the last clear ([`Blocked`]), so
//! a short search clears little; the state a search starts from is the same as a fresh
//! worker's.

use super::evalcache::EvalCache;
use super::{PlyBuf, MAX_PLY};
use movegen::{Error, Move};

/// Entries of the butterfly history: side, from, to.
const HISTORY_SIZE: usize = 2 * 128 * 128;
/// Entries of one continuation history: the earlier move's target, from, to.
const CONT_SIZE: usize = 128 * 128 * 128;

/// Blocks a [`Blocked`] table is cleared in.
const BLOCKS: usize = 256;

/// A table of counters that remembers which of its 256 blocks were written, so that `clear`
/// zeroes only those. Reads index it directly; writes go through [`Blocked::at_mut`].
#[derive(Debug, Default)]
pub(super) struct Blocked<T> {
    data: Vec<T>,
    /// log2 of the entries per block.
    shift: u32,
    /// Bit `b`: block `b` may hold a non-zero entry.
    dirty: [u64; BLOCKS / 64],
}

impl<T: Copy + Default> Blocked<T> {
    /// `len` zeroed entries (`len` a power of two, at least `BLOCKS`), allocated fallibly: the
    /// size is probed with `try_reserve_exact` first, then taken zeroed (`vec!`, which gets
    /// untouched pages from the system: a thread that never uses the table never pays for its
    /// memory).
    fn try_new(len: usize) -> Result<Self, Error> {
        debug_assert!(len.is_power_of_two() && len >= BLOCKS);
        let mut probe: Vec<T> = Vec::new();
        probe.try_reserve_exact(len).map_err(|e| Error::Resources {
            message: format!(
                "cannot allocate {} kB of search tables: {e}",
                len * size_of::<T>() / 1024
            ),
        })?;
        drop(probe);
        Ok(Blocked {
            // `vec!` of a zero integer asks the allocator for zeroed memory (`calloc`).
            data: vec![T::default(); len],
            shift: (len / BLOCKS).trailing_zeros(),
            dirty: [0; BLOCKS / 64],
        })
    }

    /// The entry at `i`, to be written: its block is marked.
    #[inline(always)]
    pub(super) fn at_mut(&mut self, i: usize) -> &mut T {
        let b = i >> self.shift;
        self.dirty[b / 64] |= 1 << (b % 64);
        &mut self.data[i]
    }

    /// Every entry, to be changed in place (an entry that is zero must stay zero: its block
    /// may not be marked).
    pub(super) fn in_place(&mut self) -> &mut [T] {
        &mut self.data
    }

    /// Zeroes every block written since the last clear.
    fn clear(&mut self) {
        let per = 1usize << self.shift;
        for (w, word) in self.dirty.iter_mut().enumerate() {
            let mut bits = std::mem::take(word);
            while bits != 0 {
                let b = w * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                self.data[b * per..(b + 1) * per].fill(T::default());
            }
        }
    }

    /// Number of entries.
    #[cfg(test)]
    fn len(&self) -> usize {
        self.data.len()
    }
}

impl<T> std::ops::Index<usize> for Blocked<T> {
    type Output = T;
    #[inline(always)]
    fn index(&self, i: usize) -> &T {
        &self.data[i]
    }
}

/// One search thread's tables, kept between searches.
#[derive(Debug)]
pub struct Tables {
    pub(super) killers: Vec<[Move; 2]>,
    pub(super) history: Blocked<i32>,
    /// Continuation histories (used with `Features::history_heuristics`).
    pub(super) cont: [Blocked<i16>; 2],
    pub(super) path: Vec<Move>,
    pub(super) keys: Vec<u64>,
    pub(super) pv: Vec<Vec<Move>>,
    pub(super) bufs: Vec<PlyBuf>,
    /// Static evaluations ([`EvalCache`]): kept between searches, since they never change.
    pub(super) eval_cache: EvalCache,
}

impl Tables {
    /// Fresh tables; `Err` when the memory cannot be had (the caller says so instead of the
    /// process aborting).
    pub fn try_new() -> Result<Tables, Error> {
        Ok(Tables {
            killers: vec![[Move::NULL; 2]; MAX_PLY + 2],
            history: Blocked::try_new(HISTORY_SIZE)?,
            cont: [Blocked::try_new(CONT_SIZE)?, Blocked::try_new(CONT_SIZE)?],
            path: vec![Move::NULL; MAX_PLY + 2],
            keys: Vec::with_capacity(MAX_PLY + 4),
            pv: (0..MAX_PLY + 2).map(|_| Vec::with_capacity(MAX_PLY)).collect(),
            bufs: (0..MAX_PLY + 2).map(|_| PlyBuf::default()).collect(),
            eval_cache: EvalCache::default(),
        })
    }

    /// Fresh tables (tests, tools); panics where [`Tables::try_new`] fails.
    pub fn new() -> Tables {
        Tables::try_new().expect("search tables")
    }

    /// Back to the state of fresh tables, with `history` (the game's earlier position keys)
    /// as the start of the key list.
    pub(super) fn reset(&mut self, history: &[u64]) {
        self.killers.fill([Move::NULL; 2]);
        self.history.clear();
        for c in &mut self.cont {
            c.clear();
        }
        self.path.fill(Move::NULL);
        self.keys.clear();
        self.keys.reserve(history.len() + MAX_PLY + 4);
        self.keys.extend_from_slice(history);
        for line in &mut self.pv {
            line.clear();
        }
        for b in &mut self.bufs {
            b.moves.clear();
            b.groups.clear();
            b.quiets.clear();
        }
    }
}

impl Default for Tables {
    fn default() -> Self {
        Tables::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Clearing zeroes every written entry, wherever it is, and leaves the table as new.
    #[test]
    fn clearing_zeroes_every_written_block() {
        let mut t: Blocked<i16> = Blocked::try_new(CONT_SIZE).unwrap();
        let at = [0, 1, 8191, 8192, CONT_SIZE / 2 + 17, CONT_SIZE - 1];
        for (k, &i) in at.iter().enumerate() {
            *t.at_mut(i) = k as i16 + 1;
        }
        assert_eq!(t[8192], 4);
        t.clear();
        assert!(t.data.iter().all(|&x| x == 0));
        assert_eq!(t.len(), CONT_SIZE);
        assert_eq!(t.dirty, [0; BLOCKS / 64]);
        // Halving in place keeps zeroes at zero, and the written block is still cleared.
        *t.at_mut(5) = 9;
        for x in t.in_place() {
            *x /= 2;
        }
        t.clear();
        assert_eq!(t[5], 0);
    }

    /// Reset tables are indistinguishable from fresh ones.
    #[test]
    fn reset_tables_equal_fresh_ones() {
        let mut t = Tables::new();
        t.killers[3] = [Move(7), Move(9)];
        *t.history.at_mut(HISTORY_SIZE - 1) = 5;
        *t.cont[1].at_mut(12345) = -3;
        t.path[2] = Move(11);
        t.keys.extend([1, 2, 3]);
        t.pv[0].push(Move(4));
        t.bufs[1].quiets.push(Move(5));
        t.reset(&[42]);
        let f = Tables::new();
        assert_eq!(t.killers, f.killers);
        assert_eq!(t.history.data, f.history.data);
        assert_eq!(t.cont[1].data, f.cont[1].data);
        assert_eq!(t.path, f.path);
        assert_eq!(t.keys, vec![42]);
        assert!(t.pv.iter().all(Vec::is_empty));
        assert!(t.bufs.iter().all(|b| b.quiets.is_empty()));
    }
}
