//! The engine's one source of variety: an 8-bit LFSR, stepped by the
//! search's randomiser (a level's spread of near-equal moves) and the
//! opening book. Eight bits and no multiply, for the 6502; seeded by the
//! front end, so a seed replays a game exactly.
//!
//! And the PC's: [`splitmix64`], which the host's matches (opening
//! shuffles, per-game seeds), its tuner (the validation split) and the
//! tests' random games all draw from. Never called on the C64 (64-bit
//! multiplies), so its code is never linked there.

/// An 8-bit Galois LFSR (x^8 + x^6 + x^5 + x^4 + 1, period 255). State 0 is
/// its fixed point: seed 0 means "no randomness", with no special case.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Lfsr(pub u8);

impl Lfsr {
    /// The next state (and value). Not `Iterator::next`: it never ends.
    #[inline]
    #[allow(clippy::should_implement_trait)]
    pub fn next(&mut self) -> u8 {
        let carry = self.0 & 1;
        self.0 >>= 1;
        if carry != 0 {
            self.0 ^= 0xB8;
        }
        self.0
    }
}

/// One step of SplitMix64 (Steele, Lea, Flood 2014): a well-mixed 64-bit
/// value from any input, the same on every platform. A stream is
/// `splitmix64(s)`, `splitmix64(s + G)`, `splitmix64(s + 2G)`, ... with
/// `G` = [`SPLITMIX64_STEP`].
pub const fn splitmix64(x: u64) -> u64 {
    let mut z = x.wrapping_add(SPLITMIX64_STEP);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// SplitMix64's increment (2^64 divided by the golden ratio).
pub const SPLITMIX64_STEP: u64 = 0x9E37_79B9_7F4A_7C15;
