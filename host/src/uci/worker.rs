//! The search thread, and how the input thread steers it.
//!
//! One worker thread, started with the session, owns the [`Searcher`] for
//! the whole run and takes jobs from a channel, one `go` each. The input
//! thread keeps reading meanwhile, so `isready`, `stop` and `ponderhit` are
//! answered at once. Each job carries a [`Control`] shared with the input
//! thread: the stop flag, the ponder state and when the clock started.
//!
//! Invariants:
//! * every job prints exactly one `bestmove`, as its last line;
//! * a job's `bestmove` is held while `infinite`, or while pondering, until
//!   `stop` (or `ponderhit` for a ponder search), even if the search ended;
//! * jobs run in the order of their `go` commands, and a new `go` stops the
//!   running job first, so `bestmove` lines come out in `go` order;
//! * the core never sees a clock: time limits are enforced by
//!   [`UciHooks::progress`] returning false.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc::{channel, Sender};
use std::sync::Arc;
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

use engine_core::book::book_move;
use engine_core::score::{MATE, MATE_BOUND};
use engine_core::search::Iteration;
use engine_core::search::Techniques;
use engine_core::{Limits, Move, Position, SearchHooks, SearchResult, Searcher, MAX_MOVES};

use super::hash::HostSlots;
use super::restricted::{Line, RootHooks};
use super::{emit, restricted};
use crate::timeplan::{Plan, TimePlan, MAX_DEPTH};

/// `clock_from` while the clock has not started (pondering).
const CLOCK_NOT_STARTED: u64 = u64::MAX;

/// State shared by the input thread and one job.
pub struct Control {
    /// When the `go` arrived: `time` and `nps` count from here.
    started: Instant,
    /// Set by `stop`, `quit` or a newer `go`.
    stop: AtomicBool,
    /// True from `go ponder` until `ponderhit`.
    pondering: AtomicBool,
    /// `go infinite`: only `stop` releases the `bestmove`.
    infinite: bool,
    /// Microseconds after `started` at which the clock started, or
    /// [`CLOCK_NOT_STARTED`].
    clock_from: AtomicU64,
}

impl Control {
    /// The control of a `go` arriving now.
    pub fn new(plan: &Plan) -> Control {
        Control {
            started: Instant::now(),
            stop: AtomicBool::new(false),
            pondering: AtomicBool::new(plan.ponder),
            infinite: plan.infinite,
            clock_from: AtomicU64::new(if plan.ponder { CLOCK_NOT_STARTED } else { 0 }),
        }
    }

    fn stopped(&self) -> bool {
        self.stop.load(Ordering::Acquire)
    }

    /// May the `bestmove` be printed?
    fn released(&self) -> bool {
        self.stopped() || (!self.infinite && !self.pondering.load(Ordering::Acquire))
    }

    /// Time since the clock started, or `None` while pondering.
    fn clock_elapsed(&self) -> Option<Duration> {
        let from = self.clock_from.load(Ordering::Acquire);
        (from != CLOCK_NOT_STARTED).then(|| self.started.elapsed().saturating_sub(Duration::from_micros(from)))
    }

    /// The move was played: start the clock and stop holding `bestmove`
    /// (unless `infinite`).
    fn ponderhit(&self) {
        let now = self.started.elapsed().as_micros().min(CLOCK_NOT_STARTED as u128 - 1) as u64;
        self.clock_from.store(now, Ordering::Release);
        self.pondering.store(false, Ordering::Release);
    }
}

/// One `go`, ready to run.
pub struct Job {
    /// The position to search (with its game history); `None` after a
    /// rejected `position` command: the answer is then `bestmove 0000`.
    pub position: Option<Position>,
    /// Limits and clock.
    pub plan: Plan,
    /// The root moves allowed (`searchmoves`); empty means all.
    pub root_moves: Vec<Move>,
    /// Try the opening tables first.
    pub own_book: bool,
    /// The search techniques switched on.
    pub techniques: Techniques,
    /// Start a new game with this seed before searching.
    pub new_game: Option<u8>,
    /// The table's size in slots for this search.
    pub slots: usize,
    /// Empty the table first (`Clear Hash`).
    pub clear_hash: bool,
    /// How many best lines to report (`MultiPV`).
    pub multipv: usize,
    /// Shared with the input thread.
    pub control: Arc<Control>,
}

/// The input thread's handle on the search thread.
pub struct Worker {
    jobs: Sender<Job>,
    thread: JoinHandle<()>,
    /// The control of the latest job (finished or not).
    current: Option<Arc<Control>>,
}

impl Worker {
    /// Start the search thread.
    pub fn start() -> std::io::Result<Worker> {
        let (jobs, queue) = channel::<Job>();
        let thread = thread::Builder::new().name("search".into()).spawn(move || {
            let mut searcher = Box::new(Searcher::with_slots(HostSlots::new()));
            for job in queue {
                run(&mut searcher, job);
            }
        })?;
        Ok(Worker { jobs, thread, current: None })
    }

    /// Run `job` once the running one (stopped now) has printed its `bestmove`.
    pub fn go(&mut self, job: Job) {
        self.stop();
        let control = Arc::clone(&job.control);
        if self.jobs.send(job).is_err() {
            emit("info string search thread is gone; bestmove 0000");
            emit("bestmove 0000");
            return;
        }
        self.current = Some(control);
    }

    /// Stop the current search (harmless when none runs).
    pub fn stop(&mut self) {
        if let Some(control) = &self.current {
            control.stop.store(true, Ordering::Release);
            self.thread.thread().unpark();
        }
    }

    /// The pondered move was played (harmless when not pondering).
    pub fn ponderhit(&mut self) {
        if let Some(control) = &self.current {
            if control.pondering.load(Ordering::Acquire) {
                control.ponderhit();
                self.thread.thread().unpark();
            }
        }
    }

    /// Stop any search, let it print its `bestmove`, and end the thread.
    pub fn shutdown(mut self) {
        self.stop();
        drop(self.jobs);
        // A panic in the search thread has already been reported on stderr.
        let _ = self.thread.join();
    }
}

/// Run one job on the search thread: book or search, hold, then `bestmove`
/// (`0000` when there is no position or no legal move).
fn run(searcher: &mut UciSearcher, job: Job) {
    if let Some(seed) = job.new_game {
        searcher.new_game(seed);
    }
    if searcher.table_mut().slots_mut().len() != job.slots {
        if let Err(reason) = searcher.table_mut().slots_mut().resize(job.slots) {
            emit(&format!("info string Hash: {reason}; the table keeps its size"));
        }
        searcher.table_mut().clear();
    } else if job.clear_hash {
        searcher.table_mut().clear();
    }
    searcher.set_techniques(job.techniques);
    let (best, pv) = match &job.position {
        Some(position) => think(searcher, &job, position),
        None => (Move::NONE, Vec::new()),
    };
    while !job.control.released() {
        thread::park();
    }
    let ponder = match pv.as_slice() {
        [first, reply, ..] if *first == best => format!(" ponder {reply}"),
        _ => String::new(),
    };
    emit(&format!("bestmove {best}{ponder}"));
}

/// The move to play in `position` and the last principal variation
/// reported. Whatever ends the search, the last `info` line it prints has a
/// score and a `pv` starting with that move: a mate in one found before any
/// iteration, a search stopped before its first iteration completed, and a
/// better move from an unfinished iteration each get a line of their own;
/// a root without moves gets `info depth 0 score mate 0` (checkmate) or
/// `cp 0` (stalemate).
fn think(searcher: &mut UciSearcher, job: &Job, position: &Position) -> (Move, Vec<Move>) {
    let mut hooks = UciHooks::new(&job.control, job.plan.clock, position);
    let result = match book(searcher, job, position) {
        Some(m) => {
            emit(&format!("info string book move {m}"));
            SearchResult { best: m, score: 0, depth: 0, nodes: 0 }
        }
        None => search(searcher, job, position, &mut hooks),
    };
    if result.best.is_none() {
        emit(&format!("info depth 0 score {}", if position.in_check() { "mate 0" } else { "cp 0" }));
        return (Move::NONE, Vec::new());
    }
    if hooks.pv.first() != Some(&result.best) {
        // No iteration reported this move: the core's mate-in-one scan, a
        // book move, a stop before the first iteration ended (the static
        // evaluation then stands for a score), or a move that beat the
        // best in an iteration that did not finish (one deeper).
        let searched = result.depth > 0;
        let score = match searched {
            _ if hooks.dead => 0,
            true => result.score,
            false => position.evaluate(position.side_to_move()),
        };
        let depth = if hooks.pv.is_empty() { result.depth.max(1) } else { (result.depth + 1).min(MAX_DEPTH) };
        let pv = [result.best];
        let line = Iteration { depth, seldepth: hooks.seldepth.max(depth), score, nodes: result.nodes, pv: &pv };
        let text = info_line(&line, &pv, job.control.started.elapsed());
        // With MultiPV on, every line says which it is: this is the first.
        emit(&if job.multipv > 1 { numbered(&text, 0) } else { text });
        hooks.pv = pv.to_vec();
    }
    (result.best, hooks.pv)
}

/// The book move, if `OwnBook` is on and the tables know the position (and
/// `searchmoves`, if given, allows it).
fn book(searcher: &mut UciSearcher, job: &Job, position: &Position) -> Option<Move> {
    if !job.own_book {
        return None;
    }
    let mut legal = [Move::NONE; MAX_MOVES];
    let n = position.clone().legal_moves(&mut legal);
    let m = book_move(position, &legal[..n], searcher.rng())?;
    (job.root_moves.is_empty() || job.root_moves.contains(&m)).then_some(m)
}

/// The core's search, or (for `searchmoves` or more than one line) the
/// one at this level ([`restricted`]).
fn search(searcher: &mut UciSearcher, job: &Job, position: &Position, hooks: &mut UciHooks) -> SearchResult {
    let limits: Limits = job.plan.limits;
    if job.root_moves.is_empty() && job.multipv <= 1 {
        return searcher.search(position, limits, hooks);
    }
    let mut legal = [Move::NONE; MAX_MOVES];
    let n = position.clone().legal_moves(&mut legal);
    let moves = if job.root_moves.is_empty() { &legal[..n] } else { &job.root_moves[..] };
    if moves.is_empty() {
        return searcher.search(position, limits, hooks); // no move: the core says mate or stalemate
    }
    hooks.multipv = job.multipv;
    restricted::search(searcher, position, limits, moves, job.multipv, hooks)
}

/// The searcher of a UCI session: its table sized by `Hash`.
type UciSearcher = Searcher<HostSlots>;

/// The hooks of a UCI search: stop on `stop` or the clock, print an `info`
/// line per completed iteration (one per line with `MultiPV`).
struct UciHooks<'a> {
    control: &'a Control,
    clock: Option<TimePlan>,
    root: &'a Position,
    /// An iteration ended past the soft limit: stop at the next poll.
    out_of_time: bool,
    /// The last reported principal variation (legal from the root).
    pv: Vec<Move>,
    /// The last reported selective depth.
    seldepth: u8,
    /// The root's material cannot mate (insufficient material): nor can
    /// any position below it, so every score is the draw's, 0.
    dead: bool,
    /// Lines asked for: above 1, each `info` line says which it is.
    multipv: usize,
}

impl<'a> UciHooks<'a> {
    fn new(control: &'a Control, clock: Option<TimePlan>, root: &'a Position) -> Self {
        let dead = root.insufficient_material();
        UciHooks { control, clock, root, out_of_time: false, pv: Vec::new(), seldepth: 0, dead, multipv: 1 }
    }

    /// Has the running clock passed `limit` (as chosen from the plan)?
    /// Without a plan, no time is read at all.
    fn past(&self, limit: impl Fn(&TimePlan) -> Duration) -> bool {
        let Some(plan) = self.clock else { return false };
        self.control.clock_elapsed().is_some_and(|elapsed| elapsed >= limit(&plan))
    }
}

impl SearchHooks for UciHooks<'_> {
    fn progress(&mut self, _nodes: u32, _best: Move) -> bool {
        !(self.out_of_time || self.control.stopped() || self.past(|p| p.hard))
    }

    fn iteration(&mut self, info: &Iteration) {
        self.pv = legal_prefix(self.root, info.pv);
        self.seldepth = info.seldepth;
        let score = if self.dead { 0 } else { info.score };
        emit(&info_line(&Iteration { score, ..*info }, &self.pv, self.control.started.elapsed()));
        if self.past(|p| p.soft) {
            self.out_of_time = true;
        }
    }
}

impl RootHooks for UciHooks<'_> {
    fn lines(&mut self, depth: u8, nodes: u32, lines: &[Line]) {
        if self.multipv <= 1 {
            let best = &lines[0];
            self.iteration(&Iteration { depth, seldepth: best.seldepth, score: best.score, nodes, pv: best.pv });
            return;
        }
        let elapsed = self.control.started.elapsed();
        for (k, line) in lines.iter().enumerate() {
            let pv = legal_prefix(self.root, line.pv);
            let score = if self.dead { 0 } else { line.score };
            let info = Iteration { depth, seldepth: line.seldepth, score, nodes, pv: &pv };
            emit(&numbered(&info_line(&info, &pv, elapsed), k));
            if k == 0 {
                (self.pv, self.seldepth) = (pv, line.seldepth);
            }
        }
        if self.past(|p| p.soft) {
            self.out_of_time = true;
        }
    }
}

/// The longest prefix of `pv` that is a legal line from `root`.
pub fn legal_prefix(root: &Position, pv: &[Move]) -> Vec<Move> {
    let mut pos = root.clone();
    let mut legal = [Move::NONE; MAX_MOVES];
    let mut line = Vec::with_capacity(pv.len());
    for &m in pv {
        let n = pos.legal_moves(&mut legal);
        if !legal[..n].contains(&m) {
            break;
        }
        pos.make(m);
        line.push(m);
    }
    line
}

/// `cp N`, or `mate N` in moves (negative when the side to move is mated).
pub fn score_text(score: i16) -> String {
    let plies = MATE as i32 - (score as i32).abs();
    let moves = (plies + 1) / 2;
    if score > MATE_BOUND {
        format!("mate {moves}")
    } else if score < -MATE_BOUND {
        format!("mate -{moves}")
    } else {
        format!("cp {score}")
    }
}

/// `line`, an `info` line, as MultiPV's line `k` (from 0): `info multipv
/// k+1 depth ...`.
fn numbered(line: &str, k: usize) -> String {
    line.replacen("info depth", &format!("info multipv {} depth", k + 1), 1)
}

/// The `info` line of a completed iteration. `nps` only once a whole
/// millisecond has passed: beside `time 0` a rate reads as nonsense (it was
/// counted in microseconds, `nps 12669902 time 0`), and a GUI computes its
/// own from `nodes` and `time` anyway.
fn info_line(info: &Iteration, pv: &[Move], elapsed: Duration) -> String {
    let millis = elapsed.as_millis();
    let nps = match millis {
        0 => String::new(),
        _ => format!(" nps {}", info.nodes as u128 * 1_000_000 / elapsed.as_micros()),
    };
    let mut line = format!(
        "info depth {} seldepth {} score {} nodes {}{nps} time {millis}",
        info.depth,
        info.seldepth.max(info.depth),
        score_text(info.score),
        info.nodes,
    );
    if !pv.is_empty() {
        line.push_str(" pv");
        for m in pv {
            line.push_str(&format!(" {m}"));
        }
    }
    line
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mate_scores_read_in_moves() {
        assert_eq!(score_text(MATE - 1), "mate 1");
        assert_eq!(score_text(MATE - 3), "mate 2");
        assert_eq!(score_text(-(MATE - 2)), "mate -1");
        assert_eq!(score_text(-(MATE - 4)), "mate -2");
        assert_eq!(score_text(35), "cp 35");
        assert_eq!(score_text(-MATE_BOUND), format!("cp {}", -MATE_BOUND));
    }

    #[test]
    fn pv_is_cut_at_the_first_illegal_move() {
        let mut pos = Position::startpos();
        let e4 = pos.parse_move("e2e4").unwrap();
        let mut after = pos.clone();
        after.make(e4);
        let e5 = after.parse_move("e7e5").unwrap();
        assert_eq!(legal_prefix(&pos, &[e4, e5, e5, e4]), vec![e4, e5]);
        assert_eq!(legal_prefix(&pos, &[e5]), vec![]);
        assert_eq!(legal_prefix(&pos, &[Move::NONE]), vec![]);
    }
}
