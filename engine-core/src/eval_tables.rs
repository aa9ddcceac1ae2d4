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
//! rate 1, reg 0.0001, files mirrored. Mean squared error against the results, training /
//! validation: 0.123029 / 0.123393 with the hand-written values,
//! 0.121613 / 0.121581 with these.

/// Material value by piece type (index 0 = empty, 6 = king, valued 0:
/// losing the king is mate, not a score).
pub const PIECE_VALUE: [i16; 7] = [0, 96, 324, 341, 505, 947, 0];

/// Middlegame square bonus by piece type (index 0 = empty, all zero).
#[rustfmt::skip]
pub const PST_MG: [[i8; 64]; 7] = [
    [0; 64],
    // pawn
    [  0,  0,  0,  0,  0,  0,  0,  0,
      57, 54, 54, 55, 55, 54, 54, 57,
      11, 22, 34, 43, 43, 34, 22, 11,
      -5, 16, 10, 25, 25, 10, 16, -5,
     -17,  0,  0, 11, 11,  0,  0,-17,
     -14,  2, -4, -7, -7, -4,  2,-14,
     -21,  2,  7,-22,-22,  7,  2,-21,
       0,  0,  0,  0,  0,  0,  0,  0],
    // knight
    [-57,-40,-31,-30,-30,-31,-40,-57,
     -40,-21,  4,  0,  0,  4,-21,-40,
     -29,  9, 13, 25, 25, 13,  9,-29,
     -17,  8, 18, 28, 28, 18,  8,-17,
     -19, -2, 14, 13, 13, 14, -2,-19,
     -28, -4, -1,  9,  9, -1, -4,-28,
     -41,-23, -9,-14,-14, -9,-23,-41,
     -52,-34,-34,-33,-33,-34,-34,-52],
    // bishop
    [-23,-11,-11,-11,-11,-11,-11,-23,
     -10,  0,  0, -2, -2,  0,  0,-10,
      -7,  5,  8, 14, 14,  8,  5, -7,
      -8,  9, 10, 16, 16, 10,  9, -8,
     -10,  0, 13, 11, 11, 13,  0,-10,
      -7,  6,  6,  8,  8,  6,  6, -7,
     -10, 12,  0, -5, -5,  0, 12,-10,
     -17,-10,-19,-19,-19,-19,-10,-17],
    // rook
    [  7,  5,  5,  8,  8,  5,  5,  7,
      17, 17, 21, 19, 19, 21, 17, 17,
       5,  7,  9,  6,  6,  9,  7,  5,
       1,  4,  8,  6,  6,  8,  4,  1,
     -10, -4, -2,  1,  1, -2, -4,-10,
     -17, -2, -6, -5, -5, -6, -2,-17,
     -22,-11, -6, -5, -5, -6,-11,-22,
     -24,-15, -4,  7,  7, -4,-15,-24],
    // queen
    [-20, -7, -8, -2, -2, -8, -7,-20,
      -8,  0,  3,  4,  4,  3,  0, -8,
      -9,  2,  6, 10, 10,  6,  2, -9,
      -5, -1,  8,  4,  4,  8, -1, -5,
      -6, -1,  4,  1,  1,  4, -1, -6,
      -7, -2, -3, -8, -8, -3, -2, -7,
     -10, -3,  2, -5, -5,  2, -3,-10,
     -16,-14,-16, -8, -8,-16,-14,-16],
    // king
    [-30,-40,-40,-50,-50,-40,-40,-30,
     -30,-38,-39,-49,-49,-39,-38,-30,
     -29,-37,-39,-49,-49,-39,-37,-29,
     -28,-37,-40,-51,-51,-40,-37,-28,
     -20,-28,-31,-42,-42,-31,-28,-20,
      -9,-17,-24,-27,-27,-24,-17, -9,
      19, 18, -1,-12,-12, -1, 18, 19,
      20, 36,  7,-10,-10,  7, 36, 20],
];

/// Endgame pawn table.
#[rustfmt::skip]
pub const PST_EG_PAWN: [i8; 64] = [
      0,  0,  0,  0,  0,  0,  0,  0,
    112,111,108,105,105,108,111,112,
     73, 72, 66, 64, 64, 66, 72, 73,
     34, 36, 35, 27, 27, 35, 36, 34,
     19, 20, 18, 13, 13, 18, 20, 19,
     10, 18, 14, 12, 12, 14, 18, 10,
     15, 23, 11, 12, 12, 11, 23, 15,
      0,  0,  0,  0,  0,  0,  0,  0];

/// Endgame king table.
#[rustfmt::skip]
pub const PST_EG_KING: [i8; 64] = [
    -51,-39,-29,-19,-19,-29,-39,-51,
    -29,-13, -5,  5,  5, -5,-13,-29,
    -27,  1, 26, 33, 33, 26,  1,-27,
    -26, -1, 31, 38, 38, 31, -1,-26,
    -29, -7, 23, 33, 33, 23, -7,-29,
    -31, -9, 11, 16, 16, 11, -9,-31,
    -35,-28, -5, -4, -4, -5,-28,-35,
    -50,-39,-29,-33,-33,-29,-39,-50];
