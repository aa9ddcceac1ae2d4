//! Numbers as glyphs, without `core::fmt` and without a
//! divide (the 6502 has none): decimal digits come from subtracting powers
//! of ten.

/// Powers of ten, a digit's each.
const POW10: [u32; 10] = [1_000_000_000, 100_000_000, 10_000_000, 1_000_000, 100_000, 10_000, 1_000, 100, 10, 1];

/// `n` as 10 right-aligned decimal digits (every `u32` fits), blanks in
/// front, written over the whole of `out`: one digit per power of ten, each
/// by subtracting its power. In place: an array built here and returned
/// would be copied out by `memcpy` (rustc 1.87's game has no other use
/// for it); the thinking display keeps its buffer.
#[inline(never)]
pub fn decimal_into(n: u32, out: &mut [u8; 10]) {
    let mut n = n;
    let mut started = false;
    let mut i = 0;
    while i < 10 {
        let p = POW10[i];
        let mut digit = b'0';
        while n >= p {
            n -= p;
            digit += 1;
        }
        started |= digit != b'0' || i == 9;
        out[i] = if started { digit } else { b' ' };
        i += 1;
    }
}

/// `n` as 5 right-aligned decimal digits, blanks in front: 16 bits, which
/// every count the UI shows fits (a level's node budget is at most 65,000,
/// a move number at most 32,768). The last five of [`decimal10`]'s digits.
pub fn decimal5(n: u16) -> [u8; 5] {
    let [_, _, _, _, _, a, b, c, d, e] = decimal10(n as u32);
    [a, b, c, d, e]
}

/// `n` as 10 right-aligned decimal digits (every `u32` fits), blanks in
/// front, returned: the drive harness's figures.
/// (Its own loop, blanks first and only the digits written, as measures
/// smallest in the drive build, which has no other copy.)
pub fn decimal10(n: u32) -> [u8; 10] {
    let mut n = n;
    let mut out = [b' '; 10];
    let mut started = false;
    let mut i = 0;
    while i < 10 {
        let p = POW10[i];
        let mut digit = b'0';
        while n >= p {
            n -= p;
            digit += 1;
        }
        if digit != b'0' || started || i == 9 {
            started = true;
            out[i] = digit;
        }
        i += 1;
    }
    out
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
        assert_eq!(&decimal10(0), b"         0");
        assert_eq!(&decimal10(137), b"       137");
        assert_eq!(&decimal10(u32::MAX), b"4294967295");
        assert_eq!(&decimal10(1_000_000_000), b"1000000000");
    }
}
