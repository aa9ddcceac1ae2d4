//! Numbers and short strings as glyphs, without `core::fmt` and without a
//! divide (the 6502 has none): decimal digits come from subtracting powers
//! of ten.

const POW10: [u32; 8] = [10_000_000, 1_000_000, 100_000, 10_000, 1_000, 100, 10, 1];

/// `n` (clamped to 99,999,999) as 8 right-aligned decimal digits, blanks in
/// front.
pub fn decimal8(n: u32) -> [u8; 8] {
    let mut n = if n > 99_999_999 { 99_999_999 } else { n };
    let mut out = [b' '; 8];
    let mut started = false;
    let mut i = 0;
    while i < 8 {
        let p = POW10[i];
        let mut digit = b'0';
        while n >= p {
            n -= p;
            digit += 1;
        }
        if digit != b'0' || started || i == 7 {
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
        assert_eq!(&decimal8(0), b"       0");
        assert_eq!(&decimal8(7), b"       7");
        assert_eq!(&decimal8(65_000), b"   65000");
        assert_eq!(&decimal8(12_345_678), b"12345678");
        assert_eq!(&decimal8(u32::MAX), b"99999999");
        assert_eq!(&decimal8(100), b"     100");
    }

    #[test]
    fn names() {
        assert_eq!(&tile_name(0), b"a8");
        assert_eq!(&tile_name(63), b"h1");
        assert_eq!(&tile_name(52), b"e2");
    }
}
