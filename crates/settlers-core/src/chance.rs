//! Drawing random outcomes from a generator. Chance is an actor of the game (ARCHITECTURE.md):
//! these helpers only turn generator output into uniform choices.

use rand_core::Rng;

/// A uniform number in `0..n` (n > 0), without modulo bias (Lemire's method).
#[inline]
pub fn below(rng: &mut impl Rng, n: u32) -> u32 {
    debug_assert!(n > 0);
    let mut m = u64::from(rng.next_u32()) * u64::from(n);
    if (m as u32) < n {
        let threshold = n.wrapping_neg() % n;
        while (m as u32) < threshold {
            m = u64::from(rng.next_u32()) * u64::from(n);
        }
    }
    (m >> 32) as u32
}

/// Shuffles in place (Fisher–Yates).
pub fn shuffle<T>(items: &mut [T], rng: &mut impl Rng) {
    for i in (1..items.len()).rev() {
        let j = below(rng, i as u32 + 1) as usize;
        items.swap(i, j);
    }
}

/// Picks an index with probability proportional to its weight; `None` if all are zero.
#[inline]
pub fn weighted(rng: &mut impl Rng, weights: &[u8]) -> Option<usize> {
    let total: u32 = weights.iter().map(|&w| u32::from(w)).sum();
    if total == 0 {
        return None;
    }
    let mut pick = below(rng, total);
    for (i, &w) in weights.iter().enumerate() {
        if pick < u32::from(w) {
            return Some(i);
        }
        pick -= u32::from(w);
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand_chacha::ChaCha8Rng;
    use rand_core::SeedableRng;

    #[test]
    fn below_stays_in_range_and_covers_it() {
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let mut seen = [0u32; 6];
        for _ in 0..6000 {
            seen[below(&mut rng, 6) as usize] += 1;
        }
        assert!(seen.iter().all(|&n| (800..1200).contains(&n)), "{seen:?}");
    }

    #[test]
    fn weighted_never_picks_a_zero_weight() {
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        for _ in 0..1000 {
            let i = weighted(&mut rng, &[0, 3, 0, 1, 0]).unwrap();
            assert!(i == 1 || i == 3);
        }
        assert_eq!(weighted(&mut rng, &[0, 0]), None);
    }
}
