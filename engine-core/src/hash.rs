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

const fn build() -> ([[u32; 64]; 12], [u32; 16], [u32; 8], u32) {
    let mut s: u32 = 0x6502_C064;
    let mut pieces = [[0u32; 64]; 12];
    let mut row = 0;
    while row < 12 {
        let mut t = 0;
        while t < 64 {
            s = next(s);
            pieces[row][t] = s;
            t += 1;
        }
        row += 1;
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
    (pieces, castle, ep, s)
}

const KEYS: ([[u32; 64]; 12], [u32; 16], [u32; 8], u32) = build();

/// Key per piece row (see `eval::PIECE_ROW`) and tile.
pub(crate) static PIECE_KEYS: [[u32; 64]; 12] = KEYS.0;
/// The [`PIECE_KEYS`] row of each piece byte (row 0 for bytes that are no
/// piece, never read): a pointer load instead of a row multiply on 8-bit
/// CPUs, 32 bytes there.
#[rustfmt::skip]
pub(crate) static KEYS_BY_PIECE: [&[u32; 64]; 16] = [
    &PIECE_KEYS[0], &PIECE_KEYS[0], &PIECE_KEYS[1], &PIECE_KEYS[2],
    &PIECE_KEYS[3], &PIECE_KEYS[4], &PIECE_KEYS[5], &PIECE_KEYS[0],
    &PIECE_KEYS[0], &PIECE_KEYS[6], &PIECE_KEYS[7], &PIECE_KEYS[8],
    &PIECE_KEYS[9], &PIECE_KEYS[10], &PIECE_KEYS[11], &PIECE_KEYS[0],
];
/// Key per castling-rights set.
pub(crate) static CASTLE_KEYS: [u32; 16] = KEYS.1;
/// Key per en passant file (used only when a capture there is possible).
pub(crate) static EP_KEYS: [u32; 8] = KEYS.2;
/// Key for Black to move.
pub(crate) const SIDE_KEY: u32 = KEYS.3;
