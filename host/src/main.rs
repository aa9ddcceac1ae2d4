//! `c64chess`: the engine core on a PC, for testing, measuring and playing.
//!
//! Its modules in layers (a module imports only from its own layer or
//! below; `tools/structure` checks it):
//!
//! | layer | module | holds |
//! |---|---|---|
//! | 4 | `uci` | the UCI engine: the command loop, `go`, the search worker, restricted and lenient input |
//! | 4 | `play` | a game in the terminal, through the c64 crate's `App` |
//! | 4 | `match_cmd` | `c64chess match`: its arguments, the run and the report |
//! | 4 | `tune` | `c64chess tune`: the evaluation's values fitted to games |
//! | 4 | `perft_cmd` | `c64chess perft` and `divide` (which `uci` uses too) |
//! | 4 | `bench_cmd` | `c64chess bench` |
//! | 4 | `picture` | `c64chess picture`: PNGs of the C64's screens |
//! | 4 | `emulate` | `c64chess emulate`: an emulated C64 (6502, memory map, CIAs, VIC-II's view) running the real PRG files |
//! | 3 | `matchplay` | playing matches: games, openings, engines over UCI, PGN, the referee, statistics |
//! | 2 | `timeplan` | a `go`'s parameters to search limits and a time plan |
//! | 1 | `options` | the engine's UCI options, shared by `uci` and `match`, and the search limits they give |
//! | 0 | `rating` | the levels' Elo ratings, and the limits that play a requested rating |
//! | 0 | `out` | standard output for every command: a closed pipe ends the program quietly |

#![deny(missing_docs)]

mod bench_cmd;
mod emulate;
mod match_cmd;
mod matchplay;
mod options;
mod out;
mod perft_cmd;
mod picture;
mod play;
mod rating;
mod timeplan;
mod tune;
mod uci;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// c64chess: a chess engine for the Commodore 64, run on a PC.
#[derive(Parser)]
#[command(
    name = "c64chess",
    version,
    about,
    after_help = "\
Examples:
  c64chess play                 a game in the terminal, you with White
  c64chess uci                  for a chess GUI or match tool
  c64chess bench                the search fingerprint
  c64chess --version"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Count the leaves of the legal move tree (move generator check and speed).
    #[command(after_help = "\
Examples:
  c64chess perft 5              4865609 leaves from the start
  c64chess perft 3 --fen \"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1\"")]
    Perft {
        /// Depth in plies.
        depth: u8,
        /// Position to start from (default: the starting position).
        #[arg(long)]
        fen: Option<String>,
        /// Run a depth past 7 too (refused without: it would take hours or days).
        #[arg(long)]
        force: bool,
    },
    /// Perft split by root move, for finding where a count goes wrong.
    #[command(after_help = "\
Example:
  c64chess divide 2 --fen \"8/8/8/8/k2Pp2Q/8/8/3K4 b - d3 0 1\"")]
    Divide {
        /// Depth in plies.
        depth: u8,
        /// Position to start from (default: the starting position).
        #[arg(long)]
        fen: Option<String>,
        /// Run a depth past 7 too (refused without: it would take hours or days).
        #[arg(long)]
        force: bool,
    },
    /// Search the fixed bench positions; the total node count is the search fingerprint.
    #[command(after_help = "\
Examples:
  c64chess bench -v             every search, then Bench: <nodes>
  c64chess bench --level 2      what a level-2 search spends, over the balanced openings")]
    Bench {
        /// Print every search.
        #[arg(short, long)]
        verbose: bool,
        /// Instead of the fingerprint: search each of the 600 balanced
        /// openings (tools/openings/openings.epd) at this level (1-4) from a
        /// new game, and print the nodes and completed depth a search, on
        /// average: what a player waits for at that level.
        #[arg(long, value_parser = clap::value_parser!(u8).range(1..=4))]
        level: Option<u8>,
    },
    /// Play a game in the terminal, through the C64's user interface.
    Play(play::PlayArgs),
    /// Speak UCI on standard input and output (for GUIs and match tools).
    #[command(after_help = "\
Example (what a GUI sends; type it, or pipe it):
  printf 'uci\\nposition startpos moves e2e4\\ngo depth 6\\n' | c64chess uci")]
    Uci,
    /// Draw a screen of the C64 program as a 320 x 200 PNG, as the C64 shows it.
    Picture(picture::PictureArgs),
    /// Play engine A against engine B over an opening set and report Elo.
    Match(match_cmd::MatchArgs),
    /// Replay the project's fixed endings at the drive level, as a C64 would; time them.
    #[command(after_help = "\
Example:
  c64chess drive                nodes, nodes/s and the digest the C64 must match")]
    Drive {
        /// Print every search.
        #[arg(short, long)]
        verbose: bool,
    },
    /// Run a real C64 PRG (the game or the drive harness) on an emulated C64.
    Emulate(emulate::EmulateArgs),
    /// Fit the evaluation's material and piece-square tables to game results (Texel tuning).
    Tune(tune::TuneArgs),
}

fn main() -> ExitCode {
    match Cli::parse().command {
        Command::Perft { depth, fen, force } => perft_cmd::run(depth, fen.as_deref(), false, force),
        Command::Divide { depth, fen, force } => perft_cmd::run(depth, fen.as_deref(), true, force),
        Command::Bench { verbose, level: None } => bench_cmd::run_bench(verbose),
        Command::Bench { verbose, level: Some(level) } => bench_cmd::run_openings(level, verbose),
        Command::Drive { verbose } => bench_cmd::run_drive(verbose),
        Command::Play(args) => play::run(args),
        Command::Uci => uci::run(),
        Command::Match(args) => match_cmd::run(args),
        Command::Picture(args) => picture::run(args),
        Command::Tune(args) => tune::run(args),
        Command::Emulate(args) => emulate::run(args),
    }
}
