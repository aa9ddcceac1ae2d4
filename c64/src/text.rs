//! Numbers as glyphs, without `core::fmt` and without a
//! divide (the 6502 has none): decimal digits come from subtracting powers
//! of ten.

/// Powers of ten, a digit's each but the ones'.
const POW10: [u32; 9] = [1_000_000_000, 100_000_000, 10_000_000, 1_000_000, 100_000, 10_000, 1_000, 100, 10];

/// `n` as 10 right-aligned decimal digits (every `u32` fits), blanks in
/// front, written over the whole of `out`: one digit per power of ten, each
/// by subtracting its power, the cells and the powers walked together;
/// the ones are what is left, always a digit (no test of the place in the
/// loop). In place: an array built here and returned would be copied out
/// by `memcpy` (rustc 1.87's game has no other use for it); the thinking
/// display keeps its buffer.
#[inline(never)]
pub fn decimal_into(n: u32, out: &mut [u8; 10]) {
    let mut n = n;
    let mut started = false;
    for (cell, &p) in out.iter_mut().zip(&POW10) {
        let mut digit = b'0';
        while n >= p {
            n -= p;
            digit += 1;
        }
        started |= digit != b'0';
        *cell = if started { digit } else { b' ' };
    }
    out[9] = b'0' + n as u8;
}

/// `n` (at most 99) as two digits, a blank for a leading zero: the tens
/// subtracted (a depth, a clock's minutes and seconds).
#[inline(never)]
pub fn two_digits(n: u8) -> [u8; 2] {
    let (mut tens, mut ones) = (b'0', n);
    while ones >= 10 {
        ones -= 10;
        tens += 1;
    }
    [if tens == b'0' { b' ' } else { tens }, b'0' + ones]
}

/// `n` as 10 right-aligned decimal digits (every `u32` fits), blanks in
/// front, returned: the drive harness's figures ([`decimal_into`]'s).
pub fn decimal10(n: u32) -> [u8; 10] {
    let mut out = [b' '; 10];
    decimal_into(n, &mut out);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digits() {
        assert_eq!(two_digits(0), *b" 0");
        assert_eq!(two_digits(7), *b" 7");
        assert_eq!(two_digits(10), *b"10");
        assert_eq!(two_digits(99), *b"99");
        let mut out = [0; 10];
        for n in [0, 7, 137, 65_000, u32::MAX, 1_000_000_000] {
            decimal_into(n, &mut out);
            assert_eq!(out, decimal10(n), "{n}");
        }
        assert_eq!(&decimal10(0), b"         0");
        assert_eq!(&decimal10(137), b"       137");
        assert_eq!(&decimal10(u32::MAX), b"4294967295");
        assert_eq!(&decimal10(1_000_000_000), b"1000000000");
    }
}
