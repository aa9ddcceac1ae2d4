//! The parts of `match`: statistics, rules, notation, openings, players,
//! games, PGN and progress. [`crate::match_cmd`] holds the command line and puts
//! them together.

pub mod game;
pub mod openings;
pub mod pgn;
pub mod player;
pub mod progress;
pub mod rules;
pub mod san;
pub mod stats;
pub mod uci_engine;
