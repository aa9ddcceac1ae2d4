//! Numbers and short strings as glyphs, without `core::fmt` and without a
//! divide (the 6502 has none): decimal digits come from subtracting powers
//! of ten.

const POW10: [u16; 5] = [10_000, 1_000, 100, 10, 1];

/// `n` as 5 right-aligned decimal digits, blanks in front: 16 bits, which
/// every count the UI shows fits (a level's node budget is at most 65,000,
/// a move number at most 32,768).
pub fn decimal5(n: u16) -> [u8; 5] {
    let mut n = n;
    let mut out = [b' '; 5];
    let mut started = false;
    let mut i = 0;
    while i < 5 {
        let p = POW10[i];
        let mut digit = b'0';
        while n >= p {
            n -= p;
            digit += 1;
        }
        if digit != b'0' || started || i == 4 {
            started = true;
            out[i] = digit;
        }
        i += 1;
    }
    out
}

/// The two characters naming a tile, e.g. `e4`.
pub const fn tile_name(tile: u8) -> [u8; 2] {
    [b'a' + (tile & 7), b'8' - ((tile >> 3) & 7)]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digits() {
        assert_eq!(&decimal5(0), b"    0");
        assert_eq!(&decimal5(7), b"    7");
        assert_eq!(&decimal5(65_000), b"65000");
        assert_eq!(&decimal5(u16::MAX), b"65535");
        assert_eq!(&decimal5(100), b"  100");
        assert_eq!(&decimal5(10_000), b"10000");
    }

    #[test]
    fn names() {
        assert_eq!(&tile_name(0), b"a8");
        assert_eq!(&tile_name(63), b"h1");
        assert_eq!(&tile_name(52), b"e2");
    }
}
