//! The engine's one source of variety: an 8-bit LFSR, stepped by the
//! search's randomiser (a level's spread of near-equal moves) and the
//! opening book. Eight bits and no multiply, for the 6502; seeded by the
//! front end, so a seed replays a game exactly.

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
