//! Zobrist keys: 32 bits, chosen for the transposition table.
//!
//! Why 32: a 16-bit key reads two different positions as a repetition often
//! enough to matter once a table probes with it, and a table needs both index
//! bits and check bits. Thirty-two bits give an index from the low bits and
//! a 16-bit check from the high ones. On the 6502 each XOR is four byte
//! operations instead of two; `docs/perf.md` records the measured cost.
//!
//! The running key ([`Position::hash`](crate::Position)) covers piece
//! placement only and obeys the same rule as the evaluation totals: its
//! change is a pure function of the move and the piece bytes, and XOR is its
//! own inverse, so `unmake` applies the identical change. Castling rights,
//! the en passant file and the side to move are folded in by
//! [`Position::key`](crate::Position::key) where a key is stored or compared.

/// A small generator evaluated at compile time (xorshift32, fixed seed).
const fn next(state: u32) -> u32 {
    let mut x = state;
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    x
}

/// Bytes of one piece row of keys: a key for each of the 64 tiles, the key
/// of tile `t` being the four bytes from `t` on (see [`KEY_BYTES`]).
pub(crate) const ROW_BYTES: usize = 64 + 3;
const KEY_BYTES_LEN: usize = 11 * 64 + ROW_BYTES;

const fn build() -> ([u8; KEY_BYTES_LEN], [u32; 16], [u32; 8], u32) {
    let mut s: u32 = 0x6502_C064;
    let mut bytes = [0u8; KEY_BYTES_LEN];
    let mut i = 0;
    while i < KEY_BYTES_LEN {
        s = next(s);
        bytes[i] = s as u8;
        i += 1;
    }
    // Castling: one key per right, combined by XOR so each of the 16 sets has a key.
    let mut rights = [0u32; 4];
    let mut i = 0;
    while i < 4 {
        s = next(s);
        rights[i] = s;
        i += 1;
    }
    let mut castle = [0u32; 16];
    let mut set = 0;
    while set < 16 {
        let mut bit = 0;
        while bit < 4 {
            if set & (1 << bit) != 0 {
                castle[set] ^= rights[bit];
            }
            bit += 1;
        }
        set += 1;
    }
    let mut ep = [0u32; 8];
    let mut f = 0;
    while f < 8 {
        s = next(s);
        ep[f] = s;
        f += 1;
    }
    s = next(s);
    (bytes, castle, ep, s)
}

const KEYS: ([u8; KEY_BYTES_LEN], [u32; 16], [u32; 8], u32) = build();

/// The piece keys as overlapping windows of random bytes: row `r` (see
/// `eval::PIECE_ROW`) starts at byte `64 * r`, and each key is four bytes,
/// little-endian, so neighbouring keys share three. 771 bytes instead of
/// the 3,072 of separate keys, which the C64 needs for code; and a key is
/// found by adding the tile to the row, with no shift. The 768 keys are
/// distinct, and XORs of pairs of them repeat no more often than for
/// independent random keys (tested below).
static KEY_BYTES: [u8; KEY_BYTES_LEN] = KEYS.0;

/// The [`ROW_BYTES`] bytes of piece row `r`.
const fn row(bytes: &'static [u8; KEY_BYTES_LEN], r: usize) -> &'static [u8; ROW_BYTES] {
    match bytes.split_at(64 * r).1.first_chunk::<ROW_BYTES>() {
        Some(row) => row,
        None => panic!("a key row past the bytes"),
    }
}

/// The key row of each piece byte (row 0 for bytes that are no piece,
/// never read): a pointer load instead of a row multiply on 8-bit CPUs.
#[rustfmt::skip]
pub(crate) static KEYS_BY_PIECE: [&[u8; ROW_BYTES]; 16] = [
    row(&KEY_BYTES, 0), row(&KEY_BYTES, 0), row(&KEY_BYTES, 1), row(&KEY_BYTES, 2),
    row(&KEY_BYTES, 3), row(&KEY_BYTES, 4), row(&KEY_BYTES, 5), row(&KEY_BYTES, 0),
    row(&KEY_BYTES, 0), row(&KEY_BYTES, 6), row(&KEY_BYTES, 7), row(&KEY_BYTES, 8),
    row(&KEY_BYTES, 9), row(&KEY_BYTES, 10), row(&KEY_BYTES, 11), row(&KEY_BYTES, 0),
];

/// The key of tile `t` (0..=63) in a piece's key row.
#[inline(always)]
pub(crate) const fn piece_key(row: &[u8; ROW_BYTES], t: usize) -> u32 {
    let t = t & 63;
    u32::from_le_bytes([row[t], row[t + 1], row[t + 2], row[t + 3]])
}

/// Key per castling-rights set.
pub(crate) static CASTLE_KEYS: [u32; 16] = KEYS.1;
/// Key per en passant file (used only when a capture there is possible).
pub(crate) static EP_KEYS: [u32; 8] = KEYS.2;
/// Key for Black to move.
pub(crate) const SIDE_KEY: u32 = KEYS.3;

#[cfg(test)]
mod tests {
    extern crate std;
    use super::*;

    fn all_keys() -> [u32; 768] {
        let mut keys = [0; 768];
        for (i, k) in keys.iter_mut().enumerate() {
            *k = piece_key(row(&KEY_BYTES, i / 64), i % 64);
        }
        keys
    }

    /// Every piece row of every piece byte is the row the byte names.
    #[test]
    fn rows_are_where_the_piece_bytes_say() {
        for (byte, want) in [(1, 0), (6, 5), (9, 6), (14, 11)] {
            assert!(core::ptr::eq(KEYS_BY_PIECE[byte], row(&KEY_BYTES, want)), "piece byte {byte}");
        }
        let first_of_row_1 = [KEY_BYTES[64], KEY_BYTES[65], KEY_BYTES[66], KEY_BYTES[67]];
        assert_eq!(piece_key(row(&KEY_BYTES, 1), 0), u32::from_le_bytes(first_of_row_1));
    }

    /// Overlapping keys are still keys: all 768 distinct and non-zero, and
    /// no XOR of two keys is zero or repeats more often than chance allows
    /// (about 295,000 pairs into 2^32 values: some 10 repeats expected).
    #[test]
    fn overlapping_keys_are_independent_enough() {
        let keys = all_keys();
        let mut sorted = keys;
        sorted.sort_unstable();
        assert!(sorted[0] != 0 && sorted.windows(2).all(|w| w[0] != w[1]), "a key repeats");
        // The pairs' XORs, sorted, in a static (1.2 MB: too much for a
        // test thread's stack; this crate has no heap).
        static PAIRS: std::sync::Mutex<[u32; 768 * 767 / 2]> = std::sync::Mutex::new([0; 768 * 767 / 2]);
        let mut pairs = PAIRS.lock().unwrap();
        let mut n = 0;
        for i in 0..768 {
            for j in i + 1..768 {
                pairs[n] = keys[i] ^ keys[j];
                n += 1;
            }
        }
        pairs.sort_unstable();
        let repeats = pairs.windows(2).filter(|w| w[0] == w[1]).count();
        assert!(repeats <= 30, "{repeats} repeated pair XORs");
    }
}
