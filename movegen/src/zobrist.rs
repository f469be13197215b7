//! Deterministic Zobrist keys (SplitMix64 over a per-table seed), so hashes are the same in
//! every run and every build.

/// SplitMix64 step: a well-mixed 64-bit value for `x`.
#[inline]
pub const fn splitmix64(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// `N` keys derived from `seed` (distinct seeds give independent tables).
pub const fn keys<const N: usize>(seed: u64) -> [u64; N] {
    let mut out = [0u64; N];
    let mut i = 0;
    while i < N {
        out[i] = splitmix64(seed.wrapping_mul(0x1000_0000_01b3).wrapping_add(i as u64));
        i += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn keys_are_distinct() {
        let k: [u64; 4096] = super::keys(1);
        let mut v = k.to_vec();
        v.sort_unstable();
        v.dedup();
        assert_eq!(v.len(), 4096);
        let k2: [u64; 16] = super::keys(2);
        assert!(!k.contains(&k2[0]));
    }
}
