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
//! Made from sp12.txt: 399109 quiet positions of 13049 games (358361 training, 40748 validation;
//! seed 1), labels 0 x result + 1 x Stockfish's score, K = 0.7423, 300 epochs at
//! rate 1, reg 0.0003, files mirrored. Mean squared error against the results, training /
//! validation: 0.124864 / 0.123386 with the hand-written values,
//! 0.124112 / 0.122751 with these.

/// Material value by piece type (index 0 = empty, 6 = king, valued 0:
/// losing the king is mate, not a score).
pub const PIECE_VALUE: [i16; 7] = [0, 95, 312, 333, 493, 904, 0];

/// Middlegame square bonus by piece type (index 0 = empty, all zero).
#[rustfmt::skip]
pub const PST_MG: [[i8; 64]; 7] = [
    [0; 64],
    // pawn
    [  0,  0,  0,  0,  0,  0,  0,  0,
      54, 53, 53, 54, 54, 53, 53, 54,
      13, 13, 20, 35, 35, 20, 13, 13,
       0,  6,  7, 26, 26,  7,  6,  0,
      -6,  0, -1, 16, 16, -1,  0, -6,
      -7,  5, -3,-11,-11, -3,  5, -7,
     -11, 13,  9,-35,-35,  9, 13,-11,
       0,  0,  0,  0,  0,  0,  0,  0],
    // knight
    [-53,-40,-31,-30,-30,-31,-40,-53,
     -41,-20,  0, -1, -1,  0,-20,-41,
     -30,  0, 12, 19, 19, 12,  0,-30,
     -29,  6, 19, 31, 31, 19,  6,-29,
     -29, -1, 16, 23, 23, 16, -1,-29,
     -30,  5, 10, 12, 12, 10,  5,-30,
     -40,-21, -3, -1, -1, -3,-21,-40,
     -51,-39,-31,-31,-31,-31,-39,-51],
    // bishop
    [-20,-10,-10,-10,-10,-10,-10,-20,
     -11,  0,  1, -1, -1,  1,  0,-11,
      -8,  1,  7,  9,  9,  7,  1, -8,
     -10, 14,  8, 14, 14,  8, 14,-10,
     -10,  1, 17, 14, 14, 17,  1,-10,
     -11,  7,  9, 14, 14,  9,  7,-11,
     -10,  4,  1, -1, -1,  1,  4,-10,
     -21,-11,-23,-11,-11,-23,-11,-21],
    // rook
    [  2,  0,  2,  3,  3,  2,  0,  2,
      13, 15, 15, 17, 17, 15, 15, 13,
      -1,  5,  4,  4,  4,  4,  5, -1,
      -1,  1,  6,  6,  6,  6,  1, -1,
      -5,  0,  0,  1,  1,  0,  0, -5,
      -8,  0,  0, -2, -2,  0,  0, -8,
     -15, -3, -1, -4, -4, -1, -3,-15,
     -13,-12, -2,  3,  3, -2,-12,-13],
    // queen
    [-21,-11,-10, -5, -5,-10,-11,-21,
     -10,  0,  0,  1,  1,  0,  0,-10,
     -10,  0,  7,  7,  7,  7,  0,-10,
      -5,  0,  5,  6,  6,  5,  0, -5,
      -5,  0,  5,  6,  6,  5,  0, -5,
     -10,  1,  5,  0,  0,  5,  1,-10,
     -11, -1,  6, -3, -3,  6, -1,-11,
     -19,-11,-11, -6, -6,-11,-11,-19],
    // king
    [-30,-40,-40,-50,-50,-40,-40,-30,
     -30,-40,-40,-50,-50,-40,-40,-30,
     -30,-40,-39,-50,-50,-39,-40,-30,
     -30,-39,-40,-50,-50,-40,-39,-30,
     -21,-29,-30,-41,-41,-30,-29,-21,
     -10,-20,-21,-22,-22,-21,-20,-10,
      20, 21,  0, -7, -7,  0, 21, 20,
      16, 30,  8, -4, -4,  8, 30, 16],
];

/// Endgame pawn table.
#[rustfmt::skip]
pub const PST_EG_PAWN: [i8; 64] = [
      0,  0,  0,  0,  0,  0,  0,  0,
    108,106,103,103,103,103,106,108,
     70, 65, 60, 60, 60, 60, 65, 70,
     36, 35, 30, 24, 24, 30, 35, 36,
     19, 21, 13, 13, 13, 13, 21, 19,
     10, 12, 10, 15, 15, 10, 12, 10,
      3, 10,  8,  1,  1,  8, 10,  3,
      0,  0,  0,  0,  0,  0,  0,  0];

/// Endgame king table.
#[rustfmt::skip]
pub const PST_EG_KING: [i8; 64] = [
    -50,-40,-30,-20,-20,-30,-40,-50,
    -30,-19, -8,  2,  2, -8,-19,-30,
    -29, -7, 22, 31, 31, 22, -7,-29,
    -30, -7, 30, 37, 37, 30, -7,-30,
    -29, -8, 30, 35, 35, 30, -8,-29,
    -29, -7, 18, 26, 26, 18, -7,-29,
    -30,-27,  2,  0,  0,  2,-27,-30,
    -52,-36,-30,-30,-30,-30,-36,-52];
