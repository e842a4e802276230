//! Fixed-size bitsets over dense ids: what makes legality checks cheap (no hashing, no
//! allocation). The sizes are the engine's limits on a map (see `topology::MAX_CORNERS`).

/// A set of small ids, stored as `W` 64-bit words.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Bits<const W: usize>(pub [u64; W]);

impl<const W: usize> Default for Bits<W> {
    fn default() -> Self {
        Bits([0; W])
    }
}

impl<const W: usize> std::fmt::Debug for Bits<W> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

impl<const W: usize> Bits<W> {
    pub const CAPACITY: usize = W * 64;

    pub const fn new() -> Self {
        Bits([0; W])
    }

    #[inline]
    pub fn contains(&self, i: usize) -> bool {
        self.0[i >> 6] >> (i & 63) & 1 == 1
    }

    #[inline]
    pub fn insert(&mut self, i: usize) {
        self.0[i >> 6] |= 1 << (i & 63);
    }

    #[inline]
    pub fn remove(&mut self, i: usize) {
        self.0[i >> 6] &= !(1 << (i & 63));
    }

    #[inline]
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|w| *w == 0)
    }

    #[inline]
    pub fn len(&self) -> usize {
        self.0.iter().map(|w| w.count_ones() as usize).sum()
    }

    #[inline]
    pub fn union(&self, other: &Self) -> Self {
        let mut out = *self;
        for (a, b) in out.0.iter_mut().zip(other.0.iter()) {
            *a |= b;
        }
        out
    }

    #[inline]
    pub fn intersection(&self, other: &Self) -> Self {
        let mut out = *self;
        for (a, b) in out.0.iter_mut().zip(other.0.iter()) {
            *a &= b;
        }
        out
    }

    #[inline]
    pub fn difference(&self, other: &Self) -> Self {
        let mut out = *self;
        for (a, b) in out.0.iter_mut().zip(other.0.iter()) {
            *a &= !b;
        }
        out
    }

    #[inline]
    pub fn intersects(&self, other: &Self) -> bool {
        self.0.iter().zip(other.0.iter()).any(|(a, b)| a & b != 0)
    }

    /// How many members are below `i`.
    #[inline]
    pub fn rank(&self, i: usize) -> usize {
        let below: u32 = self.0[..i >> 6].iter().map(|w| w.count_ones()).sum();
        let part = self.0[i >> 6] & ((1u64 << (i & 63)) - 1);
        (below + part.count_ones()) as usize
    }

    /// The `n`-th member in increasing order, if there are more than `n`.
    pub fn nth(&self, mut n: usize) -> Option<usize> {
        for (w, &word) in self.0.iter().enumerate() {
            let ones = word.count_ones() as usize;
            if n < ones {
                let mut word = word;
                for _ in 0..n {
                    word &= word - 1;
                }
                return Some(w * 64 + word.trailing_zeros() as usize);
            }
            n -= ones;
        }
        None
    }

    /// Calls `f` with each member in increasing order: the same as `iter`, in a loop the
    /// compiler keeps tighter, for the lists of legal actions built after every step.
    #[inline]
    pub fn for_each(&self, mut f: impl FnMut(usize)) {
        for (w, &word) in self.0.iter().enumerate() {
            let mut word = word;
            while word != 0 {
                f(w * 64 + word.trailing_zeros() as usize);
                word &= word - 1;
            }
        }
    }

    #[inline]
    pub fn iter(&self) -> BitsIter<W> {
        BitsIter {
            words: self.0,
            word: 0,
        }
    }
}

impl<const W: usize> std::ops::BitOrAssign for Bits<W> {
    fn bitor_assign(&mut self, other: Self) {
        for (a, b) in self.0.iter_mut().zip(other.0.iter()) {
            *a |= b;
        }
    }
}

impl<const W: usize> FromIterator<usize> for Bits<W> {
    fn from_iter<I: IntoIterator<Item = usize>>(iter: I) -> Self {
        let mut out = Bits::new();
        for i in iter {
            out.insert(i);
        }
        out
    }
}

/// The members of a bitset in increasing order.
pub struct BitsIter<const W: usize> {
    words: [u64; W],
    word: usize,
}

impl<const W: usize> Iterator for BitsIter<W> {
    type Item = usize;
    #[inline]
    fn next(&mut self) -> Option<usize> {
        while self.word < W {
            let w = &mut self.words[self.word];
            if *w != 0 {
                let bit = w.trailing_zeros() as usize;
                *w &= *w - 1;
                return Some(self.word * 64 + bit);
            }
            self.word += 1;
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_operations() {
        let a: Bits<2> = [1, 5, 64, 100].into_iter().collect();
        let b: Bits<2> = [5, 100, 127].into_iter().collect();
        assert_eq!(a.len(), 4);
        assert!(a.contains(64) && !a.contains(63));
        assert_eq!(a.intersection(&b).iter().collect::<Vec<_>>(), [5, 100]);
        assert_eq!(a.difference(&b).iter().collect::<Vec<_>>(), [1, 64]);
        assert_eq!(a.union(&b).len(), 5);
        assert_eq!(a.nth(2), Some(64));
        assert_eq!(a.nth(4), None);
        let mut c = a;
        c.remove(64);
        assert!(!c.contains(64));
        assert!(Bits::<2>::new().is_empty());
    }
}
