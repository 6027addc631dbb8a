//! A small deterministic generator (SplitMix64): the same seed gives the same cells,
//! values and wrong answers on every machine, without a dependency.

/// SplitMix64 (Steele, Lea, Flood 2014): 64 bits of state, every seed fine.
#[derive(Debug, Clone)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Self {
        Rng(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n > 0`).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }

    /// `true` one time in two.
    pub fn coin(&mut self) -> bool {
        self.next_u64() & 1 == 1
    }

    /// One of `items`.
    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }

    /// An integer in `min..=max`, the bounds themselves one time in three (the edges are
    /// where rounding and text break).
    pub fn int(&mut self, min: i128, max: i128) -> i128 {
        match self.below(6) {
            0 => min,
            1 => max,
            _ => {
                let span = (max - min) as u128 + 1;
                let wide = (u128::from(self.next_u64()) << 64) | u128::from(self.next_u64());
                min + (wide % span) as i128
            }
        }
    }

    /// Some of `items` (each kept one time in two), in their order.
    pub fn some_of<T: Clone>(&mut self, items: &[T]) -> Vec<T> {
        items.iter().filter(|_| self.coin()).cloned().collect()
    }

    /// A text of `min..=max` characters from `alphabet`.
    pub fn text(&mut self, alphabet: &[char], min: usize, max: usize) -> String {
        let len = min + self.below(max - min + 1);
        (0..len).map(|_| *self.pick(alphabet)).collect()
    }
}
