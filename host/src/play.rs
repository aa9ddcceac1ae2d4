//! `play`: a game against the engine in the terminal, through the same UI
//! code as the C64 (the `c64` crate's [`App`]).
//!
//! On a terminal the 40 × 25 screen is drawn with colours and chess symbols
//! and driven by the C64's keys (see [`terminal`]). When standard input is
//! not a terminal, or with `--lines`, it reads one command per line and
//! prints the screen as text after each (see [`lines`]), for scripts:
//!
//! ```text
//! printf 'e2e4\nd2d4\n' | c64chess play --seed 0
//! ```

mod file;
mod fit;
mod lines;
mod palette;
mod terminal;
mod words;

use std::io::IsTerminal;
use std::process::ExitCode;
use std::time::{SystemTime, UNIX_EPOCH};

use c64::App;
use clap::{Args, ValueEnum};
use engine_core::game::{Game, Player};
use engine_core::piece::Color;

/// Who plays a side, on the command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Who {
    /// You, at the keyboard.
    Human,
    /// The engine.
    Computer,
}

impl From<Who> for Player {
    fn from(who: Who) -> Player {
        match who {
            Who::Human => Player::Human,
            Who::Computer => Player::Computer,
        }
    }
}

/// `c64chess play` options.
#[derive(Args, Debug)]
#[command(after_help = "\
Examples:
  c64chess play                             you with White against level 1
  c64chess play --level 3 --white computer --black human
  c64chess play --white computer --black computer --pause 2
  printf 'e2e4\\nq\\n' | c64chess play        line mode, for scripts")]
pub struct PlayArgs {
    /// Skill level: 1 (about 400 nodes a move) to 4 (65,000), or timed: 5,
    /// 6, 7, 8, 9 for 5 s, 15 s, 30 s, 1 min, 3 min a move, 10 until a key.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u8).range(1..=10))]
    level: u8,
    /// Who plays White.
    #[arg(long, value_enum, default_value_t = Who::Human)]
    white: Who,
    /// Who plays Black.
    #[arg(long, value_enum, default_value_t = Who::Computer)]
    black: Who,
    /// Start from this position instead of the initial one.
    #[arg(long)]
    fen: Option<String>,
    /// Randomiser seed, 0..=255; 0 plays the engine's deterministic game.
    /// Without it each game gets a seed from the clock.
    #[arg(long)]
    seed: Option<u8>,
    /// Line mode even on a terminal: one command per line, the screen
    /// printed as text after each.
    #[arg(long)]
    lines: bool,
    /// Pieces as letters instead of Unicode chess symbols (upper case
    /// White, lower case Black; also the case with NO_COLOR set).
    #[arg(long)]
    ascii: bool,
    /// Seconds between the moves when the computer plays both sides, so you
    /// can follow the game (terminal only; line mode never waits).
    #[arg(long, default_value_t = 1.0, value_parser = pause_seconds)]
    pause: f64,
    /// The game file: `s` saves the game there, `l` loads it. PGN if the
    /// name ends in .pgn, else the C64's own format (what it keeps on its
    /// disk).
    #[arg(long, default_value = "c64chess.game")]
    save_file: std::path::PathBuf,
}

/// A `--pause`: 0 to 60 seconds.
fn pause_seconds(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(s) if (0.0..=60.0).contains(&s) => Ok(s),
        _ => Err(format!("expected seconds from 0 to 60, got '{text}'")),
    }
}

/// The PC's stand-in for the C64's jiffy clock: 1/60 s since `start`,
/// wrapping at 16 bits as the C64's low bytes do.
#[derive(Clone, Copy, Debug)]
pub struct Jiffies(pub std::time::Instant);

impl Jiffies {
    /// The time now.
    pub fn now(&self) -> u16 {
        (self.0.elapsed().as_millis() * 60 / 1000) as u16
    }
}

/// Where new games get their seed: the fixed one, or the clock.
#[derive(Clone, Copy, Debug)]
pub struct Seeds(Option<u8>);

impl Seeds {
    /// The seed for the next game.
    pub fn next(&self) -> u8 {
        self.0.unwrap_or_else(|| {
            let nanos = SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.subsec_nanos()).unwrap_or(1);
            // Mix the fast-changing bits down; 0 would mean "no randomness".
            ((nanos >> 10) ^ (nanos >> 18)) as u8 | 1
        })
    }
}

/// Set up the game and run the terminal or the line interface.
pub fn run(args: PlayArgs) -> ExitCode {
    let mut game = match args.fen.as_deref().map(Game::from_fen) {
        None => Game::new(),
        Some(Ok(game)) => game,
        Some(Err(e)) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    game.set_player(Color::White, args.white.into());
    game.set_player(Color::Black, args.black.into());
    game.set_level(args.level);
    let app = App::new(game);
    let seeds = Seeds(args.seed);
    let interactive = std::io::stdin().is_terminal() && std::io::stdout().is_terminal();
    let result = if interactive && !args.lines {
        let pause = std::time::Duration::from_secs_f64(args.pause);
        terminal::run(app, seeds, args.ascii, pause, file::GameFile::new(args.save_file))
    } else {
        lines::run(app, seeds, file::GameFile::new(args.save_file))
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}
