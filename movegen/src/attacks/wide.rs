//! Branch-free slides along one ray of a `u128` board (the 12x8 and 10x10 grids): the squares of
//! the ray up to and including its first occupied square, with no second table row and no
//! variable `u128` shift (which compiles to `shld`/`shrd` by `cl`, slow on AMD CPUs).

/// `AT_OR_ABOVE[h]`: every bit at index `h` or higher.
static AT_OR_ABOVE: [u128; 128] = {
    let mut t = [0u128; 128];
    let mut h = 0;
    while h < 128 {
        t[h] = u128::MAX << h;
        h += 1;
    }
    t
};

/// The squares of `ray`, a ray running toward higher indices, up to and including the first
/// square of `occ` on it (all of `ray` when none is): `b ^ (b - 1)` keeps the bits up to the
/// lowest blocker.
#[inline(always)]
pub fn ray_pos(ray: u128, occ: u128) -> u128 {
    let b = ray & occ;
    ray & (b ^ b.wrapping_sub(1))
}

/// The squares of `ray`, a ray running toward lower indices, down to and including the first
/// square of `occ` on it (the highest; `| 1` makes an empty ray keep everything).
#[inline(always)]
pub fn ray_neg(ray: u128, occ: u128) -> u128 {
    let b = (ray & occ) | 1;
    ray & AT_OR_ABOVE[(127 - b.leading_zeros()) as usize]
}

/// [`ray_pos`] or [`ray_neg`] by the ray's direction (`positive`: toward higher indices).
#[inline(always)]
pub fn slide(ray: u128, occ: u128, positive: bool) -> u128 {
    if positive {
        ray_pos(ray, occ)
    } else {
        ray_neg(ray, occ)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slides_stop_at_the_first_blocker() {
        // A ray of bits 10, 20, ..., 90 (toward higher indices) and its mirror 90 .. 10.
        let ray: u128 = (1..10).fold(0, |r, k| r | 1u128 << (10 * k));
        assert_eq!(ray_pos(ray, 0), ray);
        assert_eq!(ray_neg(ray, 0), ray);
        let occ = 1u128 << 40 | 1u128 << 70 | 1;
        assert_eq!(ray_pos(ray, occ), 1u128 << 10 | 1u128 << 20 | 1u128 << 30 | 1u128 << 40);
        assert_eq!(ray_neg(ray, occ), 1u128 << 70 | 1u128 << 80 | 1u128 << 90);
        assert_eq!(slide(ray, 1u128 << 90, true), ray);
        assert_eq!(slide(ray, 1u128 << 10, false), ray);
        let high = 1u128 << 127 | 1u128 << 100;
        assert_eq!(ray_neg(high, 1u128 << 127), 1u128 << 127);
    }
}
