//! The two kinds of player: this engine in-process, and an external UCI
//! engine. Both answer "your move" for a game given as its opening FEN and
//! the moves since.

use std::time::{Duration, Instant};

use engine_core::book::book_move;
use engine_core::rng::splitmix64;
use engine_core::search::Iteration;
use engine_core::search::DEEPEST_PLY;
use engine_core::{Limits, Move, Position, SearchHooks, Searcher, MAX_MOVES};

use super::uci_engine::{Fault, Identity, UciEngine};
use crate::options::EngineOptions;
use crate::timeplan::{GoParams, TimePlan};

/// A player as configured, before any game: what a worker thread builds its
/// own player from.
#[derive(Clone, Debug)]
pub enum PlayerSpec {
    /// This engine, in-process, with these options, pondering this many
    /// nodes on each of the opponent's turns (0: not at all; see
    /// [`Internal`]).
    Internal(EngineOptions, u32),
    /// An external UCI engine.
    External(ExternalSpec),
}

/// How to run and limit an external engine.
#[derive(Clone, Debug)]
pub struct ExternalSpec {
    /// Program and arguments.
    pub argv: Vec<String>,
    /// `setoption` pairs, sent after the handshake.
    pub options: Vec<(String, String)>,
    /// `go nodes`.
    pub nodes: Option<u64>,
    /// `go depth`.
    pub depth: Option<u32>,
    /// `go movetime`, in milliseconds.
    pub movetime: Option<u64>,
    /// Longest wait for any answer off the clock (added to `movetime`).
    pub timeout: Duration,
}

/// The clocks as a move starts.
#[derive(Clone, Copy, Debug)]
pub struct ClockView {
    /// Time left, White's and Black's.
    pub left: [Duration; 2],
    /// Increment per move.
    pub inc: Duration,
    /// Grace beyond the clock before the flag falls.
    pub margin: Duration,
}

/// One request for a move.
pub struct Turn<'a> {
    /// The opening's FEN.
    pub start_fen: &'a str,
    /// Moves played since, in coordinate notation.
    pub moves: &'a [String],
    /// The position now, with the game's history (for repetitions).
    pub pos: &'a Position,
    /// The clocks, in a game with a time control.
    pub clock: Option<ClockView>,
}

/// A player ready to play games; one per side per worker thread.
pub enum Player {
    /// This engine.
    Internal(Internal),
    /// An external engine, started on demand.
    External(External),
}

/// This engine in-process.
///
/// Pondering is simulated: the games are played one move at a time, so the
/// search on the opponent's time ([`Searcher::ponder`]) runs when the
/// engine's next turn comes, before its search, on the position the engine
/// expected (its move and the reply its line foresaw), for the `ponder`
/// nodes that stand for the opponent's thinking time. It sees nothing of
/// the move the opponent made meanwhile; if that was the move expected,
/// the search takes up the ponder's iteration, as a real one would at a
/// ponder hit.
pub struct Internal {
    options: EngineOptions,
    searcher: Box<Searcher>,
    ponder: u32,
    /// The position to ponder on: after the engine's last move and the
    /// reply its line expected.
    expected: Option<Box<Position>>,
}

/// An external engine; `engine` is `None` until the first game and after a
/// fault, so the next game starts a fresh process.
pub struct External {
    spec: ExternalSpec,
    engine: Option<UciEngine>,
}

impl Player {
    /// A player for `spec` (an external engine is started by the first game).
    pub fn new(spec: &PlayerSpec) -> Player {
        match spec {
            PlayerSpec::Internal(options, ponder) => {
                let mut searcher = Box::new(Searcher::new());
                searcher.set_techniques(options.techniques);
                Player::Internal(Internal { options: options.clone(), searcher, ponder: *ponder, expected: None })
            }
            PlayerSpec::External(spec) => Player::External(External { spec: spec.clone(), engine: None }),
        }
    }

    /// Prepare for a game. `salt` varies the randomiser of an internal
    /// engine whose `Seed` is non-zero, so its games differ.
    pub fn new_game(&mut self, salt: u64) -> Result<(), Fault> {
        match self {
            Player::Internal(p) => {
                p.searcher.new_game(game_seed(p.options.seed, salt));
                p.expected = None;
                Ok(())
            }
            Player::External(p) => p.new_game(),
        }
    }

    /// The move to play, in coordinate notation (unchecked: the game judges it).
    pub fn think(&mut self, turn: &Turn) -> Result<String, Fault> {
        match self {
            Player::Internal(p) => Ok(p.think(turn).to_string()),
            Player::External(p) => p.think(turn),
        }
    }

    /// Forget a player that failed: an external engine is stopped and a
    /// fresh one started for the next game.
    pub fn discard(&mut self) {
        if let Player::External(p) = self {
            p.engine = None;
        }
    }
}

/// The randomiser seed for one game: 0 stays 0 (deterministic); any other
/// seed is mixed with `salt` into 1..=255 (0 would switch randomness off).
fn game_seed(seed: u8, salt: u64) -> u8 {
    if seed == 0 {
        return 0;
    }
    let mixed = splitmix64(u64::from(seed) ^ salt.rotate_left(8));
    (mixed % 255) as u8 + 1
}

/// Stops a search at a node count: a ponder at the opponent's move.
struct NodeCap(u32);

impl SearchHooks for NodeCap {
    fn progress(&mut self, nodes: u32, _best: Move) -> bool {
        nodes < self.0
    }
}

/// The first two moves of a search's last line: its move and the reply
/// it expects, for the ponder that follows.
struct Line {
    line: [Move; 2],
}

impl SearchHooks for Line {
    fn iteration(&mut self, info: &Iteration) {
        self.line = [0, 1].map(|i| info.pv.get(i).copied().unwrap_or(Move::NONE));
    }
}

/// Stops a search by the time plan `c64chess uci` makes for the same clock:
/// outright past `hard`, and at the next poll once an iteration ends past `soft`.
struct Deadline {
    start: Instant,
    plan: TimePlan,
    out_of_time: bool,
}

impl SearchHooks for Deadline {
    fn progress(&mut self, _nodes: u32, _best: Move) -> bool {
        !self.out_of_time && self.start.elapsed() < self.plan.hard
    }

    fn iteration(&mut self, _info: &Iteration) {
        if self.start.elapsed() >= self.plan.soft {
            self.out_of_time = true;
        }
    }
}

impl Internal {
    /// The book move if `OwnBook` is on and the book has one, else the
    /// search's. Exactly as `c64chess uci` plays the same request: without a
    /// clock, the options' limits; on a clock, the time plan of `go wtime ..
    /// btime .. winc .. binc ..` (the clock replaces the level's budget).
    fn think(&mut self, turn: &Turn) -> Move {
        if let Some(expected) = self.expected.take() {
            // The opponent's thinking time, `ponder` nodes: a search that a
            // third of its budget in would start no new iteration, stopped
            // there by the hooks.
            let limits = Limits { depth: DEEPEST_PLY, nodes: self.ponder.saturating_mul(3) };
            self.searcher.position_mut().clone_from(&expected);
            self.searcher.ponder(limits, &mut NodeCap(self.ponder));
        }
        let mut line = Line { line: [Move::NONE; 2] };
        let best = self.search(turn, &mut line);
        let [first, reply] = line.line;
        if self.ponder > 0 && first == best && !reply.is_none() {
            let mut after = turn.pos.clone();
            after.make(best);
            let mut moves = [Move::NONE; MAX_MOVES];
            let n = after.legal_moves(&mut moves);
            if moves[..n].contains(&reply) {
                after.make(reply);
                self.expected = Some(Box::new(after));
            }
        }
        best
    }

    fn search(&mut self, turn: &Turn, line: &mut Line) -> Move {
        let mut pos = turn.pos.clone();
        if self.options.own_book {
            let mut moves = [Move::NONE; MAX_MOVES];
            let n = pos.legal_moves(&mut moves);
            if let Some(m) = book_move(&pos, &moves[..n], self.searcher.rng()) {
                return m;
            }
        }
        let Some(clock) = turn.clock else {
            return self.searcher.search(&pos, self.options.limits(), line).best;
        };
        let millis = |d: Duration| Some(d.as_millis() as u64);
        let go = GoParams {
            wtime: millis(clock.left[0]),
            btime: millis(clock.left[1]),
            winc: millis(clock.inc),
            binc: millis(clock.inc),
            ..GoParams::default()
        };
        let plan = go.plan(pos.side_to_move(), &self.options);
        match plan.clock {
            Some(time) => {
                let mut hooks = Deadline { start: Instant::now(), plan: time, out_of_time: false };
                self.searcher.search(&pos, plan.limits, &mut hooks).best
            }
            None => self.searcher.search(&pos, plan.limits, &mut ()).best,
        }
    }
}

impl External {
    /// Start the engine if it is not running, then `ucinewgame`. An engine
    /// that fails is dropped (and so stopped).
    fn new_game(&mut self) -> Result<(), Fault> {
        let mut engine = match self.engine.take() {
            Some(engine) => engine,
            None => start(&self.spec)?.0,
        };
        engine.new_game(self.spec.timeout)?;
        self.engine = Some(engine);
        Ok(())
    }

    fn think(&mut self, turn: &Turn) -> Result<String, Fault> {
        let engine = self.engine.as_mut().ok_or_else(|| Fault::Crash("engine not running".to_string()))?;
        let position = if turn.moves.is_empty() {
            format!("position fen {}", turn.start_fen)
        } else {
            format!("position fen {} moves {}", turn.start_fen, turn.moves.join(" "))
        };
        let (go, deadline) = go_command(&self.spec, turn);
        engine.best_move(&position, &go, deadline)
    }
}

/// Start the engine of `spec` and run its handshake.
pub fn start(spec: &ExternalSpec) -> Result<(UciEngine, Identity), Fault> {
    UciEngine::start(&spec.argv, &spec.options, spec.timeout)
}

/// The `go` command for this turn, and when the answer is due: on a clock,
/// when the mover's time (and grace) runs out; else `movetime` (if any)
/// plus the timeout.
fn go_command(spec: &ExternalSpec, turn: &Turn) -> (String, Instant) {
    let mut go = "go".to_string();
    let now = Instant::now();
    let deadline = match turn.clock {
        Some(c) => {
            let ms = |d: Duration| d.as_millis();
            go.push_str(&format!(
                " wtime {} btime {} winc {} binc {}",
                ms(c.left[0]),
                ms(c.left[1]),
                ms(c.inc),
                ms(c.inc)
            ));
            now + c.left[turn.pos.side_to_move().index()] + c.margin
        }
        None => now + spec.timeout + Duration::from_millis(spec.movetime.unwrap_or(0)),
    };
    if let Some(n) = spec.nodes {
        go.push_str(&format!(" nodes {n}"));
    }
    if let Some(d) = spec.depth {
        go.push_str(&format!(" depth {d}"));
    }
    if let Some(t) = spec.movetime {
        go.push_str(&format!(" movetime {t}"));
    }
    (go, deadline)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn game_seeds_stay_off_or_stay_on() {
        assert_eq!(game_seed(0, 12345), 0);
        let seeds: Vec<u8> = (0..100).map(|salt| game_seed(7, salt)).collect();
        assert!(seeds.iter().all(|&s| s != 0));
        assert!(seeds.iter().any(|&s| s != seeds[0]));
        assert_eq!(game_seed(7, 3), game_seed(7, 3));
    }

    #[test]
    fn go_commands() {
        let spec = ExternalSpec {
            argv: vec!["x".into()],
            options: vec![],
            nodes: Some(1),
            depth: None,
            movetime: None,
            timeout: Duration::from_secs(5),
        };
        let pos = Position::startpos();
        let mut turn = Turn { start_fen: engine_core::START_FEN, moves: &[], pos: &pos, clock: None };
        assert_eq!(go_command(&spec, &turn).0, "go nodes 1");
        turn.clock = Some(ClockView {
            left: [Duration::from_millis(1500), Duration::from_millis(900)],
            inc: Duration::from_millis(10),
            margin: Duration::ZERO,
        });
        assert_eq!(go_command(&spec, &turn).0, "go wtime 1500 btime 900 winc 10 binc 10 nodes 1");
    }
}
