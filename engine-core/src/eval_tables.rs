//! The evaluation's values: material and the piece-square tables.
//!
//! Written by `c64chess tune` (host/src/tune.rs) from games played here;
//! rerun it rather than edit (docs/strength.md, "The tuned evaluation",
//! has the commands). [`crate::eval`] builds its running-total tables from
//! these at compile time. Bounds: every square bonus and its negation fit
//! an `i8` (-127..=127), and so does each endgame table's difference from
//! the middlegame table of the same piece (what [`crate::eval`] stores).
//! Tables are written the way a board prints (index 0 = a8), White's view.
//!
//! Made from positions-all.txt: 919080 quiet positions of 16000 games (826077 training, 93003 validation;
//! seed 1), labels 0 x result + 1 x Stockfish's score, K = 0.8268, 300 epochs at
//! rate 1, reg 0.0001. Mean squared error against the results, training /
//! validation: 0.123029 / 0.123393 with the hand-written values,
//! 0.121307 / 0.121556 with these.

/// Material value by piece type (index 0 = empty, 6 = king, valued 0:
/// losing the king is mate, not a score).
pub const PIECE_VALUE: [i16; 7] = [0, 100, 324, 342, 507, 947, 0];

/// Middlegame square bonus by piece type (index 0 = empty, all zero).
#[rustfmt::skip]
pub const PST_MG: [[i8; 64]; 7] = [
    [0; 64],
    // pawn
    [  0,  0,  0,  0,  0,  0,  0,  0,
      59, 57, 55, 55, 54, 53, 52, 54,
       8, 23, 31, 46, 38, 33, 19,  9,
     -11,  9,  2, 20, 19, 11, 15,-20,
     -22, -7, -7,  5,  4, -4, -1,-23,
     -20, -7, -9,-16,-11,-11,  5,-21,
     -29,-10,-16,-32,-28,  2,  4,-27,
       0,  0,  0,  0,  0,  0,  0,  0],
    // knight
    [-63,-40,-31,-28,-31,-31,-41,-55,
     -43,-19,  4,  0, -1,  4,-23,-38,
     -28,  8, 13, 24, 27, 12, 10,-30,
     -19,  9, 18, 32, 27, 22, 10,-15,
     -18, -4, 13,  9, 16, 19,  0,-17,
     -29, -5,  0, 10,  9,  1,  0,-25,
     -41,-23,-13,-15,-13, -5,-23,-35,
     -51,-33,-34,-31,-33,-34,-34,-52],
    // bishop
    [-24,-11,-11,-11,-11,-12,-11,-22,
     -13,  3,  1, -1, -3, -1, -2,-10,
      -8,  3,  9, 15, 13,  7,  8, -3,
     -10,  7,  7, 17, 16, 13, 10, -7,
     -10,  1, 13, 11, 10, 13, -1,-11,
      -9,  6,  7, 10,  5,  7,  6, -3,
      -9, 11, -2, -7, -3,  0, 13, -8,
     -16,-11,-22,-19,-18,-19,-10,-17],
    // rook
    [  9,  6,  6, 11,  6,  4,  5,  6,
      18, 18, 20, 21, 19, 22, 16, 16,
       5, 10,  8, 10,  4,  9,  6,  4,
       0,  5,  9,  4,  7,  7,  3,  1,
      -8, -4,  2,  1,  0, -3, -3,-12,
     -19, -4, -4, -4, -8, -9,  0,-15,
     -23,-10, -4, -7, -4, -8,-17,-21,
     -22,-15, -5,  6,  6, -5,-14,-25],
    // queen
    [-20, -9, -9, -2, -2, -8, -5,-20,
      -8, -4,  2,  4,  4,  5,  4, -6,
     -10,  2,  6, 10, 13, 13,  9, -3,
      -5, -4,  8,  6,  4,  9,  2,  7,
      -5, -5,  6,  4,  2,  0,  3, -6,
      -8, -1,  1, -4, -6,  1,  3, -4,
     -10, -2,  7,  0,  1, -2, -2, -9,
      -9,-14,-14,  1,-10,-19,-13,-17],
    // king
    [-30,-40,-40,-50,-49,-40,-40,-30,
     -29,-38,-38,-49,-50,-39,-38,-30,
     -29,-37,-39,-49,-50,-39,-38,-29,
     -29,-38,-40,-51,-50,-41,-36,-28,
     -20,-28,-31,-43,-41,-30,-28,-20,
     -10,-15,-26,-25,-27,-22,-17, -8,
      18, 22,  1,-10,-11, -7, 16, 23,
      21, 43, 28,-20, -3,-11, 38, 35],
];

/// Endgame pawn table.
#[rustfmt::skip]
pub const PST_EG_PAWN: [i8; 64] = [
      0,  0,  0,  0,  0,  0,  0,  0,
    111,113,110,106,103,106,109,111,
     80, 70, 67, 61, 65, 64, 71, 69,
     35, 42, 37, 27, 23, 30, 32, 34,
     19, 23, 19, 11, 13, 16, 17, 18,
      7, 18, 14, 11, 18, 14, 16, 12,
     17, 21, 14, 11, 12, 13, 25, 13,
      0,  0,  0,  0,  0,  0,  0,  0];

/// Endgame king table.
#[rustfmt::skip]
pub const PST_EG_KING: [i8; 64] = [
    -51,-39,-29,-19,-19,-29,-38,-50,
    -30,-14, -5,  5,  4, -5,-11,-29,
    -29, -1, 25, 33, 33, 27,  3,-26,
    -27, -4, 31, 37, 38, 31,  2,-25,
    -30, -6, 24, 33, 33, 23, -7,-29,
    -30, -9, 11, 17, 16, 11, -9,-31,
    -35,-28, -6, -4, -5, -2,-26,-37,
    -51,-38,-31,-32,-34,-26,-42,-51];
