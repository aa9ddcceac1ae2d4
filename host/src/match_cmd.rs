//! `match`: engine A against engine B over a set of openings, with an Elo
//! estimate at the end.
//!
//! * **Players.** Each side is either this engine in-process (`--a
//!   "Skill=3 Nodes=5000"`, the options of `uci`) or an external UCI engine
//!   (`--a-cmd PROGRAM`, with `--a-uci "Name=value"` options and a `go`
//!   limit). Every worker thread owns one player per side; an external
//!   engine is one process per worker, restarted after any fault.
//! * **Schedule.** Game `2k` plays opening `k` with A as White, game `2k+1`
//!   the same opening with colours swapped. Workers take games in order
//!   from a shared counter; results are kept by game number, so the report
//!   and the PGN do not depend on which worker finished first. With
//!   internal engines at fixed budgets (no `--tc`, `Seed=0`) every game's
//!   moves are a function of its opening alone: the match is reproducible.
//! * **Endings.** Mate, stalemate, threefold repetition, the fifty-move
//!   rule and insufficient material end a game by the rules; `--max-plies`
//!   draws it. An illegal move, a crash (the engine exits, closes its
//!   pipes, or cannot be started) and a time forfeit (flag fall, or no
//!   answer within `--timeout`) lose for the side at fault, and are
//!   counted separately in the report.
//! * **Statistics.** See [`crate::matchplay::stats`]: logistic Elo, with a 95%
//!   interval from the pentanomial distribution of the game pairs.

use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;
use std::thread;
use std::time::{Duration, Instant};

use engine_core::piece::Color;
use engine_core::rng::splitmix64;

use crate::matchplay::game::{self, GameRecord, GameRules, Termination, TimeControl};
use crate::matchplay::openings::{self, Opening};
use crate::matchplay::pgn::{self, GameInfo};
use crate::matchplay::player::{self, ExternalSpec, Player, PlayerSpec};
use crate::matchplay::progress::Progress;
use crate::matchplay::rules::Ending;
use crate::matchplay::stats::{format_elo, Pentanomial, Tally, MIN_PAIRS};
use crate::options::EngineOptions;
use crate::out::outln;

/// Arguments of `c64chess match`. The engines' flags are boxed groups: they
/// keep the subcommand enum small, and give the help its two headings.
#[derive(clap::Args, Debug)]
#[command(after_help = "\
Each opening is played twice, colours swapped; the games of a pair are scored
together for the Elo interval. An external engine needs a limit: one or more
of --X-nodes, --X-depth, --X-movetime, the clock --tc, or --X-own-limits
(a bare \"go\": the engine's options decide, e.g. another c64chess build at
\"--X-uci Skill=3\", which then plays exactly as that level does in-process).

Examples:
  c64chess match --a \"Skill=4\" --b \"Skill=3\" --games 200
  c64chess match --a \"Skill=4\" --b-cmd /usr/games/stockfish \\
      --b-uci \"Skill Level=0\" --b-nodes 1 --games 40 --pgn sf.pgn
  c64chess match --a \"Skill=4\" --b-cmd /usr/games/stockfish \\
      --b-uci \"Skill Level=0\" --b-uci \"Threads=1\" --tc 10+0.1 --jobs 2
  c64chess match --a \"Skill=3\" --b-cmd \"old/c64chess uci\" --b-uci Skill=3 \\
      --b-own-limits --games 1000 --jobs 2")]
pub struct MatchArgs {
    /// Opening positions, one EPD (or FEN) per line [default: the project's
    /// balanced set, tools/openings/openings.epd, built in]
    #[arg(long, value_name = "FILE")]
    openings: Option<PathBuf>,
    /// Games to play, even: the first GAMES/2 openings, each with both
    /// colours [default: every opening twice]
    #[arg(long, value_name = "N")]
    games: Option<usize>,
    /// Draw a game after this many plies
    #[arg(long, value_name = "N", default_value_t = 400, value_parser = clap::value_parser!(u32).range(1..))]
    max_plies: u32,
    /// Clock for both sides, "BASE+INC" in seconds (e.g. 10+0.1, or 60);
    /// the internal engine then also stops when its share of time is spent
    #[arg(long, value_name = "BASE+INC")]
    tc: Option<String>,
    /// Grace in milliseconds beyond the clock before a flag falls
    #[arg(long, value_name = "MS", default_value_t = 0)]
    time_margin: u64,
    /// Seconds an external engine may take to start up, to get ready for a
    /// game, and to answer "go" when no clock runs (added to --X-movetime);
    /// a slower engine loses on time
    #[arg(long, value_name = "SECS", default_value_t = 60.0)]
    timeout: f64,
    /// Games played at once [default: the number of CPUs]
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    jobs: Option<u32>,
    /// Write every game to this PGN file, in game order
    #[arg(long, value_name = "FILE")]
    pgn: Option<PathBuf>,
    /// Seed for what is random: 0 keeps the openings in file order; any
    /// other value shuffles them. Also varies per-game seeds of an internal
    /// engine whose Seed option is not 0
    #[arg(long, value_name = "N", default_value_t = 0)]
    seed: u64,

    // Last, so that their help headings do not capture the flags above.
    #[command(flatten)]
    engine_a: Box<EngineA>,
    #[command(flatten)]
    engine_b: Box<EngineB>,
}

/// Flags of engine A.
#[derive(clap::Args, Debug)]
#[command(next_help_heading = "Engine A")]
struct EngineA {
    /// Engine A is this engine in-process, with these options: "Name=value"
    /// pairs separated by spaces (Skill 1-4, UCI_LimitStrength, UCI_Elo, Nodes, Depth, OwnBook, Seed) [default: Skill=4]
    #[arg(long = "a", value_name = "OPTIONS", conflicts_with = "a_cmd")]
    a: Option<String>,
    /// Engine A is an external UCI engine: the program and its arguments,
    /// split at spaces (no shell quoting)
    #[arg(long, value_name = "COMMAND")]
    a_cmd: Option<String>,
    /// A UCI option for external engine A, "Name=value" (repeat for more;
    /// the name may contain spaces)
    #[arg(long, value_name = "NAME=VALUE", requires = "a_cmd")]
    a_uci: Vec<String>,
    /// External engine A searches with "go nodes N"
    #[arg(long, value_name = "N", requires = "a_cmd")]
    a_nodes: Option<u64>,
    /// External engine A searches with "go depth N"
    #[arg(long, value_name = "N", requires = "a_cmd")]
    a_depth: Option<u32>,
    /// External engine A searches with "go movetime MS"
    #[arg(long, value_name = "MS", requires = "a_cmd")]
    a_movetime: Option<u64>,
    /// External engine A gets a bare "go": its own options set the limit
    /// (another build of c64chess at its Skill level, exactly as it plays)
    #[arg(long, requires = "a_cmd", conflicts_with_all = ["a_nodes", "a_depth", "a_movetime"])]
    a_own_limits: bool,
    /// Internal engine A thinks on its opponent's time: at each of the
    /// opponent's turns it searches N nodes (the opponent's thinking time,
    /// simulated) on the position after the reply it expects
    #[arg(long, value_name = "N", conflicts_with = "a_cmd", value_parser = clap::value_parser!(u32).range(1..))]
    a_ponder: Option<u32>,
}

/// Flags of engine B (as engine A's).
#[derive(clap::Args, Debug)]
#[command(next_help_heading = "Engine B")]
struct EngineB {
    /// Engine B is this engine in-process, with these options (as --a) [default: Skill=4]
    #[arg(long = "b", value_name = "OPTIONS", conflicts_with = "b_cmd")]
    b: Option<String>,
    /// Engine B is an external UCI engine (as --a-cmd)
    #[arg(long, value_name = "COMMAND")]
    b_cmd: Option<String>,
    /// A UCI option for external engine B, "Name=value" (repeatable)
    #[arg(long, value_name = "NAME=VALUE", requires = "b_cmd")]
    b_uci: Vec<String>,
    /// External engine B searches with "go nodes N"
    #[arg(long, value_name = "N", requires = "b_cmd")]
    b_nodes: Option<u64>,
    /// External engine B searches with "go depth N"
    #[arg(long, value_name = "N", requires = "b_cmd")]
    b_depth: Option<u32>,
    /// External engine B searches with "go movetime MS"
    #[arg(long, value_name = "MS", requires = "b_cmd")]
    b_movetime: Option<u64>,
    /// External engine B gets a bare "go" (as --a-own-limits)
    #[arg(long, requires = "b_cmd", conflicts_with_all = ["b_nodes", "b_depth", "b_movetime"])]
    b_own_limits: bool,
    /// Internal engine B thinks on its opponent's time (as --a-ponder)
    #[arg(long, value_name = "N", conflicts_with = "b_cmd", value_parser = clap::value_parser!(u32).range(1..))]
    b_ponder: Option<u32>,
}

/// One engine's flags, whichever side.
struct SideFlags<'a> {
    /// "a" or "b", as in the flag names.
    flag: &'a str,
    options: Option<&'a str>,
    command: Option<&'a str>,
    uci: &'a [String],
    nodes: Option<u64>,
    depth: Option<u32>,
    movetime: Option<u64>,
    own_limits: bool,
    ponder: Option<u32>,
}

impl EngineA {
    fn flags(&self) -> SideFlags<'_> {
        SideFlags {
            flag: "a",
            options: self.a.as_deref(),
            command: self.a_cmd.as_deref(),
            uci: &self.a_uci,
            nodes: self.a_nodes,
            depth: self.a_depth,
            movetime: self.a_movetime,
            own_limits: self.a_own_limits,
            ponder: self.a_ponder,
        }
    }
}

impl EngineB {
    fn flags(&self) -> SideFlags<'_> {
        SideFlags {
            flag: "b",
            options: self.b.as_deref(),
            command: self.b_cmd.as_deref(),
            uci: &self.b_uci,
            nodes: self.b_nodes,
            depth: self.b_depth,
            movetime: self.b_movetime,
            own_limits: self.b_own_limits,
            ponder: self.b_ponder,
        }
    }
}

/// One side of the match.
struct Side {
    spec: PlayerSpec,
    /// Its name in the report and the PGN.
    name: String,
}

/// A match, checked and ready to play.
struct Match {
    a: Side,
    b: Side,
    /// The openings in play order, exactly `games / 2` of them.
    openings: Vec<Opening>,
    /// Where they came from, and how many the source had.
    openings_source: String,
    openings_available: usize,
    rules: GameRules,
    /// PGN TimeControl value.
    time_control: String,
    jobs: usize,
    seed: u64,
    pgn: Option<PathBuf>,
}

/// Play the match. Bad arguments, an unreadable opening file or an external
/// engine that cannot start exit with status 2; a PGN that cannot be
/// written, 1.
pub fn run(args: MatchArgs) -> ExitCode {
    let setup = Match::from_args(args).and_then(|mut m| m.identify_engines().map(|()| m));
    let m = match setup {
        Ok(m) => m,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let started = Instant::now();
    let records = m.play_all();
    m.report(&records, started.elapsed());
    if let Some(path) = &m.pgn {
        if let Err(e) = std::fs::write(path, m.pgn_text(&records)) {
            eprintln!("error: cannot write {}: {e}", path.display());
            return ExitCode::FAILURE;
        }
    }
    ExitCode::SUCCESS
}

impl Match {
    /// Check the arguments and load the openings.
    fn from_args(args: MatchArgs) -> Result<Match, String> {
        let timeout = Duration::try_from_secs_f64(args.timeout)
            .ok()
            .filter(|t| !t.is_zero())
            .ok_or_else(|| format!("--timeout needs a positive number of seconds, got {}", args.timeout))?;
        let clock = args.tc.as_deref().map(parse_time_control).transpose()?;
        let a = side_spec(&args.engine_a.flags(), timeout, clock.is_some())?;
        let b = side_spec(&args.engine_b.flags(), timeout, clock.is_some())?;
        let (mut openings, openings_source) = load_openings(args.openings.as_ref())?;
        let openings_available = openings.len();
        let games = args.games.unwrap_or(2 * openings_available);
        if games == 0 || !games.is_multiple_of(2) {
            return Err(format!("--games must be a positive even number (each opening is played twice), got {games}"));
        }
        if games / 2 > openings_available {
            return Err(format!(
                "--games {games} needs {} openings, {openings_source} has {openings_available}",
                games / 2
            ));
        }
        shuffle(&mut openings, args.seed);
        openings.truncate(games / 2);
        let jobs = args.jobs.map_or_else(|| thread::available_parallelism().map_or(1, |n| n.get()), |j| j as usize);
        Ok(Match {
            a: Side { name: default_name(&a), spec: a },
            b: Side { name: default_name(&b), spec: b },
            openings,
            openings_source,
            openings_available,
            rules: GameRules {
                max_plies: args.max_plies as usize,
                clock,
                margin: Duration::from_millis(args.time_margin),
            },
            time_control: args.tc.unwrap_or_else(|| "-".to_string()),
            jobs: jobs.min(games),
            seed: args.seed,
            pgn: args.pgn,
        })
    }

    /// Start each external engine once: it must complete the handshake and
    /// announce every option it is given. Names come from `id name`; equal
    /// names get " A" and " B" appended so the PGN tells them apart.
    fn identify_engines(&mut self) -> Result<(), String> {
        for (label, side) in [("A", &mut self.a), ("B", &mut self.b)] {
            if let PlayerSpec::External(spec) = &side.spec {
                let (_engine, id) =
                    player::start(spec).map_err(|f| format!("engine {label} ({}): {f}", spec.argv.join(" ")))?;
                if let Some((name, _)) = spec.options.iter().find(|(name, _)| !id.has_option(name)) {
                    return Err(format!("engine {label} has no UCI option '{name}'"));
                }
                if let Some(name) = id.name {
                    side.name = name;
                }
            }
        }
        if self.a.name == self.b.name {
            self.a.name.push_str(" A");
            self.b.name.push_str(" B");
        }
        Ok(())
    }

    fn games(&self) -> usize {
        2 * self.openings.len()
    }

    /// Play every game on `jobs` threads; the records in game order.
    fn play_all(&self) -> Vec<GameRecord> {
        let total = self.games();
        let next = AtomicUsize::new(0);
        let (sender, receiver) = mpsc::channel();
        let mut records: Vec<Option<GameRecord>> = vec![None; total];
        thread::scope(|scope| {
            for _ in 0..self.jobs {
                let sender = sender.clone();
                let next = &next;
                scope.spawn(move || self.worker(next, sender));
            }
            drop(sender);
            let mut progress = Progress::new(total);
            let mut tally = Tally::default();
            for (index, record) in receiver {
                tally.add(self.a_half_points(index, &record));
                progress.update(&tally);
                records[index] = Some(record);
            }
        });
        // Every index below `total` was taken by exactly one worker, and a
        // worker only stops when the counter passes `total`.
        records.into_iter().flatten().collect()
    }

    /// Take games from `next` until none are left, sending each record.
    fn worker(&self, next: &AtomicUsize, sender: mpsc::Sender<(usize, GameRecord)>) {
        let mut a = Player::new(&self.a.spec);
        let mut b = Player::new(&self.b.spec);
        loop {
            let index = next.fetch_add(1, Ordering::Relaxed);
            if index >= self.games() {
                return;
            }
            let (white, black) = if a_is_white(index) { (&mut a, &mut b) } else { (&mut b, &mut a) };
            let salt = splitmix64(self.seed ^ index as u64);
            let record = game::play(white, black, &self.openings[index / 2], &self.rules, salt);
            if sender.send((index, record)).is_err() {
                return;
            }
        }
    }

    /// A's half points in game `index`.
    fn a_half_points(&self, index: usize, record: &GameRecord) -> u8 {
        if a_is_white(index) {
            record.white_half_points
        } else {
            2 - record.white_half_points
        }
    }

    /// Print the summary; the last line is the result.
    fn report(&self, records: &[GameRecord], elapsed: Duration) {
        let mut tally = Tally::default();
        let mut pairs = Pentanomial::default();
        for (index, pair) in records.chunks(2).enumerate() {
            let points: Vec<u8> = pair.iter().enumerate().map(|(i, r)| self.a_half_points(2 * index + i, r)).collect();
            points.iter().for_each(|&p| tally.add(p));
            pairs.add(points.iter().sum());
        }
        let endings = count_endings(records);
        outln!("Engine A: {}", self.a.name);
        outln!("Engine B: {}", self.b.name);
        outln!(
            "Openings: {} of {} from {}, each played with both colours",
            self.openings.len(),
            self.openings_available,
            self.openings_source
        );
        outln!(
            "Endings: checkmate {}, stalemate {}, threefold {}, fifty-move {}, insufficient material {}, ply cap {}",
            endings.rules[0],
            endings.rules[1],
            endings.rules[2],
            endings.rules[3],
            endings.rules[4],
            endings.ply_cap
        );
        for (label, side) in [("A", self.a_faults(records, true)), ("B", self.a_faults(records, false))] {
            outln!("Forfeits by {label}: illegal move {}, crash {}, time {}", side[0], side[1], side[2]);
        }
        let p = pairs.0;
        outln!("Pairs by A's points (0, 1/2, 1, 3/2, 2): {} {} {} {} {}", p[0], p[1], p[2], p[3], p[4]);
        let secs = elapsed.as_secs_f64();
        outln!("Time: {secs:.1} s, {:.2} games/s, {} jobs", records.len() as f64 / secs.max(1e-9), self.jobs);
        let score = tally.score().unwrap_or(0.5) * 100.0;
        // No interval from fewer than MIN_PAIRS pairs (stats' documentation).
        let (elo, interval) = match pairs.estimate() {
            Some(e) => match e.interval(pairs.pairs()) {
                Some((low, high)) => (format_elo(e.elo), format!("[{}, {}]", format_elo(low), format_elo(high))),
                None => (format_elo(e.elo), format!("[?, ?] (no interval from under {MIN_PAIRS} pairs of games)")),
            },
            None => ("?".to_string(), "[?, ?]".to_string()),
        };
        outln!(
            "Result: A W {} D {} L {} games {} score {score:.2}% Elo {elo} 95% {interval}",
            tally.wins,
            tally.draws,
            tally.losses,
            tally.games()
        );
    }

    /// Illegal moves, crashes and time forfeits of A (`of_a`) or B.
    fn a_faults(&self, records: &[GameRecord], of_a: bool) -> [u32; 3] {
        let mut counts = [0; 3];
        for (index, record) in records.iter().enumerate() {
            let Some(side) = record.termination.faulty_side() else { continue };
            if ((side == Color::White) == a_is_white(index)) == of_a {
                let slot = match record.termination {
                    Termination::Illegal(..) => 0,
                    Termination::Crash(..) => 1,
                    _ => 2,
                };
                counts[slot] += 1;
            }
        }
        counts
    }

    /// Every game in PGN, in game order.
    fn pgn_text(&self, records: &[GameRecord]) -> String {
        let date = pgn::today();
        let event = format!("c64chess match: {} vs {}", self.a.name, self.b.name);
        let mut out = String::new();
        for (index, record) in records.iter().enumerate() {
            let (white, black) = if a_is_white(index) { (&self.a, &self.b) } else { (&self.b, &self.a) };
            let opening = &self.openings[index / 2];
            let info = GameInfo {
                event: &event,
                date: &date,
                round: index + 1,
                white: &white.name,
                black: &black.name,
                start: &opening.pos,
                fen: &opening.fen,
                time_control: &self.time_control,
            };
            pgn::write_game(&mut out, &info, record);
        }
        out
    }
}

/// A plays White in the even-numbered games.
fn a_is_white(index: usize) -> bool {
    index.is_multiple_of(2)
}

/// How many games ended each way.
struct EndingCounts {
    /// Checkmate, stalemate, threefold, fifty-move, insufficient material.
    rules: [u32; 5],
    ply_cap: u32,
}

fn count_endings(records: &[GameRecord]) -> EndingCounts {
    let mut counts = EndingCounts { rules: [0; 5], ply_cap: 0 };
    for record in records {
        match record.termination {
            Termination::Rules(ending) => {
                let slot = match ending {
                    Ending::Checkmate => 0,
                    Ending::Stalemate => 1,
                    Ending::Threefold => 2,
                    Ending::FiftyMoves => 3,
                    Ending::InsufficientMaterial => 4,
                };
                counts.rules[slot] += 1;
            }
            Termination::PlyCap => counts.ply_cap += 1,
            _ => {}
        }
    }
    counts
}

/// The player of one side from its flags. An external engine needs a
/// `go` limit or a clock.
fn side_spec(flags: &SideFlags, timeout: Duration, clock: bool) -> Result<PlayerSpec, String> {
    let f = flags.flag;
    let Some(command) = flags.command else {
        let options =
            EngineOptions::parse_assignments(flags.options.unwrap_or("")).map_err(|e| format!("--{f}: {e}"))?;
        return Ok(PlayerSpec::Internal(options, flags.ponder.unwrap_or(0)));
    };
    let argv: Vec<String> = command.split_whitespace().map(str::to_string).collect();
    if argv.is_empty() {
        return Err(format!("--{f}-cmd is empty"));
    }
    let options = flags
        .uci
        .iter()
        .map(|item| match item.split_once('=') {
            Some((name, value)) if !name.trim().is_empty() => Ok((name.trim().to_string(), value.trim().to_string())),
            _ => Err(format!("--{f}-uci expects Name=value, got '{item}'")),
        })
        .collect::<Result<Vec<_>, _>>()?;
    let (nodes, depth, movetime) = (flags.nodes, flags.depth, flags.movetime);
    if nodes.is_none() && depth.is_none() && movetime.is_none() && !clock && !flags.own_limits {
        let side = f.to_ascii_uppercase();
        return Err(format!(
            "external engine {side} needs a limit: --{f}-nodes, --{f}-depth, --{f}-movetime, --tc or --{f}-own-limits"
        ));
    }
    Ok(PlayerSpec::External(ExternalSpec { argv, options, nodes, depth, movetime, timeout }))
}

/// The name a side has before its engine is asked: `c64chess` and its
/// options, or an external engine's program name.
fn default_name(spec: &PlayerSpec) -> String {
    match spec {
        PlayerSpec::Internal(o, ponder) => {
            let mut name = if o.limit_strength {
                format!("c64chess UCI_Elo={}", o.elo)
            } else {
                format!("c64chess Skill={}", o.skill)
            };
            for (key, value) in [("Nodes", o.nodes), ("Depth", u32::from(o.depth)), ("Seed", u32::from(o.seed))] {
                if value != 0 {
                    name.push_str(&format!(" {key}={value}"));
                }
            }
            if o.own_book {
                name.push_str(" OwnBook=true");
            }
            if *ponder != 0 {
                name.push_str(&format!(" ponder={ponder}"));
            }
            name
        }
        PlayerSpec::External(e) => {
            let program = &e.argv[0];
            program.rsplit('/').next().unwrap_or(program).to_string()
        }
    }
}

/// Parse `BASE+INC` or `BASE`, in seconds.
fn parse_time_control(text: &str) -> Result<TimeControl, String> {
    let (base, inc) = text.split_once('+').unwrap_or((text, "0"));
    let seconds = |s: &str| s.trim().parse::<f64>().ok().and_then(|v| Duration::try_from_secs_f64(v).ok());
    match (seconds(base), seconds(inc)) {
        (Some(base), Some(inc)) if !base.is_zero() => Ok(TimeControl { base, inc }),
        _ => Err(format!("--tc expects BASE+INC in seconds, such as 10+0.1, got '{text}'")),
    }
}

/// The openings of `path`, or the built-in set; and a name for messages.
fn load_openings(path: Option<&PathBuf>) -> Result<(Vec<Opening>, String), String> {
    match path {
        None => Ok((openings::built_in()?, openings::DEFAULT_NAME.to_string())),
        Some(path) => {
            let name = path.display().to_string();
            let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {name}: {e}"))?;
            Ok((openings::parse_epd(&text, &name)?, name))
        }
    }
}

/// Shuffle `items` by Fisher-Yates with a SplitMix64 stream from `seed`;
/// seed 0 leaves them in order.
fn shuffle<T>(items: &mut [T], seed: u64) {
    if seed == 0 {
        return;
    }
    let mut state = seed;
    for i in (1..items.len()).rev() {
        state = splitmix64(state);
        items.swap(i, (state % (i as u64 + 1)) as usize);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_controls_parse() {
        let tc = parse_time_control("1+0.01").unwrap();
        assert_eq!((tc.base, tc.inc), (Duration::from_secs(1), Duration::from_millis(10)));
        assert_eq!(parse_time_control("60").unwrap().inc, Duration::ZERO);
        for bad in ["", "0+1", "x+1", "1+y", "-1+0", "1+-1", "inf"] {
            assert!(parse_time_control(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn shuffling_is_seeded() {
        let mut a: Vec<u32> = (0..50).collect();
        shuffle(&mut a, 0);
        assert_eq!(a, (0..50).collect::<Vec<_>>());
        let mut b = a.clone();
        shuffle(&mut a, 9);
        shuffle(&mut b, 9);
        assert_eq!(a, b);
        assert_ne!(a, (0..50).collect::<Vec<_>>());
        a.sort();
        assert_eq!(a, (0..50).collect::<Vec<_>>());
    }

    /// Flags of side B with this command, `--b-uci` items and nodes limit.
    fn b<'a>(command: Option<&'a str>, uci: &'a [String], nodes: Option<u64>) -> SideFlags<'a> {
        SideFlags {
            flag: "b",
            options: None,
            command,
            uci,
            nodes,
            depth: None,
            movetime: None,
            own_limits: false,
            ponder: None,
        }
    }

    #[test]
    fn external_engines_need_a_limit() {
        let t = Duration::from_secs(1);
        let e = side_spec(&b(Some("sf"), &[], None), t, false).unwrap_err();
        assert!(e.contains("external engine B needs a limit: --b-nodes"), "{e}");
        assert!(side_spec(&b(Some("sf"), &[], None), t, true).is_ok());
        let own = SideFlags { own_limits: true, ..b(Some("c64chess-old uci"), &[], None) };
        assert!(side_spec(&own, t, false).is_ok(), "a bare go is its own limit");
        let bad = side_spec(&b(Some("sf"), &["Threads".to_string()], Some(1)), t, false);
        assert!(bad.unwrap_err().contains("--b-uci expects Name=value"));
        let uci = ["Skill Level=0".to_string()];
        let Ok(PlayerSpec::External(spec)) = side_spec(&b(Some("sf -x"), &uci, Some(1)), t, false) else {
            panic!("expected an external engine");
        };
        assert_eq!(spec.argv, ["sf", "-x"]);
        assert_eq!(spec.options, [("Skill Level".to_string(), "0".to_string())]);
        let internal = SideFlags { options: Some("Skill=9"), ..b(None, &[], None) };
        assert!(side_spec(&internal, t, false).unwrap_err().starts_with("--b: option Skill"));
    }
}
