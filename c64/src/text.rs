//! Numbers as glyphs, without `core::fmt` and without a
//! divide (the 6502 has none): decimal digits come from subtracting powers
//! of ten.

/// The bit every digit's code has and a blank's lacks: or-ed into a
/// digit or a blank (a leading zero), it makes the digit, or `0`.
pub const DIGIT_BIT: u8 = 0x10;
const _: () = assert!(b' ' | DIGIT_BIT == b'0' && b'0' & DIGIT_BIT != 0 && b'9' & DIGIT_BIT != 0);

/// Powers of ten, a digit's each but the ones'.
const POW10: [u32; 9] = [1_000_000_000, 100_000_000, 10_000_000, 1_000_000, 100_000, 10_000, 1_000, 100, 10];

/// `n` as 10 right-aligned decimal digits (every `u32` fits), blanks in
/// front, written over the whole of `out`: one digit per power of ten, each
/// by subtracting its power, each cell written by its power's index;
/// the ones are what is left, always a digit (no test of the place in the
/// loop). In place: an array built here and returned would be copied out
/// by `memcpy` (rustc 1.87's game has no other use for it); the thinking
/// display keeps its buffer.
#[inline(never)]
pub fn decimal_into(n: u32, out: &mut [u8; 10]) {
    let mut n = n;
    // A place's count starts from `zero`: a blank before the first digit
    // that is not 0, `0` from it on (its digits' bit or-ed in). A power
    // taken makes a blank `1` as it makes a `0` one (the bit, then one more).
    let mut zero = b' ';
    // The powers by a byte's index (an enumerated walk counts in 16 bits).
    for i in 0..POW10.len() as u8 {
        let (i, p) = (i as usize, POW10[i as usize]);
        let mut digit = zero;
        while n >= p {
            n -= p;
            digit = (digit | DIGIT_BIT) + 1;
        }
        zero |= digit & DIGIT_BIT;
        // By the power's index (`out` zipped with the powers measured 30
        // bytes more: a register spilled to the stack).
        out[i] = digit;
    }
    out[9] = b'0' + n as u8;
}

/// `n` (at most 99) as two digits, a blank for a leading zero: the tens
/// subtracted (a depth, a clock's minutes and seconds).
#[inline(never)]
pub fn two_digits(n: u8) -> [u8; 2] {
    // The tens from a blank: the first ten taken makes it `1` (the digits'
    // bit or-ed in, then one more), as each later ten adds one.
    let (mut tens, mut ones) = (b' ', n);
    while ones >= 10 {
        ones -= 10;
        tens = (tens | DIGIT_BIT) + 1;
    }
    [tens, b'0' + ones]
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
