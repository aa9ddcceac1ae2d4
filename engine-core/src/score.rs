//! The score scale every layer shares: centipawns for the evaluation, and
//! above them the mate scores. A leaf, so the transposition table (which
//! stores mate scores relative to its node) and the search need not import
//! each other for it.
//!
//! A mate `n` plies from the root scores `MATE - n` (the quicker mate
//! scores higher); every score a search returns lies in `-INF..=INF`, and
//! one beyond [`MATE_BOUND`] in size announces a mate.

/// Score of being mated now; a mate `n` plies away scores `MATE - n`.
pub const MATE: i16 = 29_000;
/// Beyond any score: the initial window.
pub const INF: i16 = 30_000;
/// Scores above this (or below its negation) announce a mate.
pub const MATE_BOUND: i16 = MATE - MAX_PLY as i16;
/// Plies of per-ply tables (killers): a power of two, above [`crate::search::DEEPEST_PLY`].
pub const MAX_PLY: usize = 32;
