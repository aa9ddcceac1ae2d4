//! The search: node-budgeted negamax with alpha-beta, quiescence and
//! iterative deepening.
//!
//! Shape, and the reason for each part:
//! * **Node budget, never a clock.** Every front end plays the identical game
//!   for the same budget, and a faster machine simply finishes sooner. Host
//!   clocks stop a search through [`SearchHooks::progress`].
//! * **Iterative deepening** from depth 1, the previous best move first. An
//!   iteration is not started once a third of the budget is spent
//!   (`nodes > budget / 3`, tested without a division or multiply: see
//!   `past_a_third`), because an abandoned iteration is wasted work.
//!   Depth 1 always runs.
//! * **A move is banked before anything is searched**, so the search returns
//!   a legal move whenever one exists, at any budget from 1 node up. Running
//!   out of budget degrades to a worse move, never to no move.
//! * **Quiescence** searches captures and promotions with stand pat, and all
//!   evasions when in check (no stand pat in check; "no legal move" there is
//!   mate, but never when the budget ran out part way).
//! * **Ordering**: previous best, promotions, MVV-LVA captures, two killers
//!   per ply, by pick-best selection rather than a sort (a cutoff usually
//!   comes after two or three moves).
//! * **One arena** holds every move list, sliced per ply: no move list lives
//!   on the 6502's small stack. The generator is given the room left and never
//!   writes past it; the high-water mark and exhaustion count are observable.
//! * **Draws**: the fifty-move rule, and one repeat inside the search line.
//! * **Mate scores** are `MATE - ply`, so the quicker mate scores higher.

use crate::attacks::Check;
use crate::eval::{MATE_DRIVE_LEAD, PHASE_MATE_DRIVE};
use crate::eval_tables::PIECE_VALUE;
use crate::legality::Legality;
use crate::movegen::{GenMode, MAX_MOVES};
use crate::mv::{order, Move, CAPTURE, CASTLE_KING, CASTLE_QUEEN, PROMO};
use crate::piece::*;
use crate::position::Position;
use crate::pv::PvTable;
use crate::rng::Lfsr;
use crate::score::{INF, MATE, MATE_BOUND, MAX_PLY};
use crate::tt::{Bound, InPlace, Slots, Table};

/// The deepest ply a line of search reaches (main and quiescence): a node
/// there returns its static evaluation. Set by the C64's soft stack, which
/// holds one frame a ply of the recursion in the 1,536 bytes of
/// `$0200-$07FF`: at 69 bytes a ply, where the real build began, 22 plies
/// were 1,518; since issue 37's levers `negamax`'s 59 make 1,298
/// (tools/c64-report proves it from the real build's ELF at every build;
/// docs/c64.md, "The stacks"). The 6502's own stack then needs at most 210
/// of its 256 bytes.
/// When the cap came in (from 28 plies), 8 of the bench's 192,507 nodes lay
/// on lines deeper than this (192,515 with it) and the drive's games never
/// reached it; docs/strength.md measures the change.
pub const DEEPEST_PLY: u8 = 22;
/// Key-ring slots above the newest key that a search can write: one per
/// move outstanding, and a node at ply `p` has `p` (a legality test's
/// make included), while a node at [`DEEPEST_PLY`] makes none.
pub const RING_AHEAD: usize = DEEPEST_PLY as usize;
/// Move slots of the search arena (4 bytes each, 3 KB). The bench peaks at
/// about 530; level 4 playing itself from 60 openings (7,498 searches) at
/// 741, never full. A node that finds no room returns its static evaluation
/// and is counted ([`Searcher::arena_exhausted`]).
pub const ARENA_SIZE: usize = 768;
/// Nodes between two calls of [`SearchHooks::progress`] (a power of two).
pub const POLL_INTERVAL: u32 = 16;

/// What limits one search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Deepest iteration, 1..=[`DEEPEST_PLY`] (larger values are clamped).
    pub depth: u8,
    /// Node budget, at least 1 (0 is treated as 1).
    pub nodes: u32,
}

/// The outcome of a search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchResult {
    /// The move to play; `Move::NONE` only when there is no legal move.
    pub best: Move,
    /// Its score for the side to move (mate and stalemate when `best` is NONE).
    pub score: i16,
    /// Deepest iteration that completed (0 if none did).
    pub depth: u8,
    /// Nodes searched.
    pub nodes: u32,
}

/// A completed iteration, as reported to [`SearchHooks::iteration`].
#[derive(Clone, Copy, Debug)]
pub struct Iteration<'a> {
    /// Its depth.
    pub depth: u8,
    /// The deepest ply any line reached.
    pub seldepth: u8,
    /// Score of the best move for the side to move.
    pub score: i16,
    /// Nodes so far in this search.
    pub nodes: u32,
    /// The principal variation, best move first.
    pub pv: &'a [Move],
}

/// How a front end watches, and may stop, a search. Both methods have
/// do-nothing defaults; `()` implements the trait for a silent search.
/// Generic rather than `dyn`: no function pointers on the 6502.
pub trait SearchHooks {
    /// Called every [`POLL_INTERVAL`] nodes with the node count and the move
    /// the search would play now. Return `false` to stop the search.
    fn progress(&mut self, _nodes: u32, _best: Move) -> bool {
        true
    }
    /// Called after each completed iteration.
    fn iteration(&mut self, _info: &Iteration) {}
    /// Called at every node before it is searched: `false` stops the search
    /// as a spent budget does, and it returns its banked move. The C64
    /// answers from a canary near the end of the 6502's 256-byte stack: a
    /// guard behind the proof that the search fits it (docs/c64.md, "The
    /// stacks"). The default, `true`, compiles away.
    #[inline(always)]
    fn stack_ok(&mut self) -> bool {
        true
    }
}

impl SearchHooks for () {}

/// The search state: arena, killers, principal variation, transposition
/// table, counters. One instance serves a whole game (about 9.2 KB, 4 KB of
/// it the table; on the C64 it is a static and the table lies outside it).
///
/// `repr(C)`, counters first and the position next: on 8-bit targets the
/// fields the hot path touches then sit within reach of a constant
/// displacement from `self` (see [`Position`]'s layout note).
///
/// `S` is where the transposition table keeps its slots ([`crate::tt`]):
/// inside the searcher by default, elsewhere on the C64.
#[repr(C)]
pub struct Searcher<S = InPlace> {
    #[cfg(not(feature = "fixed-techniques"))]
    techniques: Techniques,
    nodes: u32,
    budget: u32,
    /// Nodes [`Searcher::out_of_budget`] may still count by the short path:
    /// while it is above 0 the next node is below the budget and its count
    /// is no multiple of [`POLL_INTERVAL`], so neither the budget nor the
    /// poll needs asking (see [`Searcher::count_node`]). 0 whenever the
    /// count or the budget is set, so the long path then runs.
    quiet_nodes: u8,
    /// First free arena slot.
    top: u16,
    high_water: u16,
    exhausted: u16,
    abort: bool,
    seldepth: u8,
    /// This search's delta-pruning allowance: [`DELTA_MARGIN`] or, below
    /// [`SMALL_BUDGET`], [`DELTA_MARGIN_SMALL`] (set with the budget; 0
    /// before the first search, so an unstarted searcher is all zeros).
    delta_margin: i16,
    pub(crate) rng: Lfsr,
    /// Engine moves played since [`Searcher::new_game`] (saturating).
    moves_played: u8,
    /// Move the search would play if stopped now.
    best: Move,
    /// The position [`Searcher::think`] searches: set up through
    /// [`Searcher::position_mut`] (a game kept here), or copied in by
    /// [`Searcher::search`]; blank until then.
    pub(crate) pos: Position,
    killers: [[Move; 2]; MAX_PLY],
    pv: PvTable,
    pub(crate) arena: [Move; ARENA_SIZE],
    tt: Table<S>,
    /// What the last search on the opponent's time left for the next.
    pondered: Pondered,
    /// The key ring's slots above the newest key, kept by
    /// [`Searcher::think`] while its moves write over them: here rather
    /// than in its frame, which on the C64 is on the deepest chain of
    /// static frames in the program's area (the searcher is outside it).
    ahead: [u32; RING_AHEAD],
}

/// What a search on the opponent's time ([`Searcher::ponder`]) leaves for
/// the next search: the men's key of the position it searched, the iteration it
/// was in when it stopped (1 + the last it completed; 0: nothing left) and
/// the best move it had. The next search of that position takes up that
/// iteration, with that move first and the table as the ponder left it,
/// rather than starting again at depth 1.
#[derive(Clone, Copy)]
struct Pondered {
    key: u32,
    depth: u8,
    best: Move,
}

impl Pondered {
    const NONE: Pondered = Pondered { key: 0, depth: 0, best: Move::NONE };
}

/// The search techniques that can be switched off, for A/B matches. Each
/// off-state reproduces the search without that technique exactly. The
/// default is the engine as it plays (every technique on).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Techniques {
    /// In a bare-king mate drive (the evaluation's mate-drive gate, with
    /// the side to move ahead), the first quiescence ply also tries quiet
    /// checking moves: a mate one move past the horizon is then seen. Off
    /// the gate it costs one comparison.
    pub mate_checks: bool,
    /// The transposition table ([`crate::tt`]): cutoffs from earlier
    /// results, and the stored move searched first.
    pub tt: bool,
    /// Principal variation search: after the first move, a node's moves
    /// are searched with a null window, and again with the full window
    /// only when one beats alpha.
    pub pvs: bool,
    /// Futility: in the last [`FUTILITY_DEPTH`] plies a node whose static
    /// score is a margin above beta returns it (reverse futility), and one
    /// whose static score plus a margin cannot reach alpha skips its quiet
    /// moves that do not give check (once one legal move was searched).
    pub futility: bool,
    /// Quiescence pruning, out of check: a capture is skipped when even
    /// winning its victim (plus a margin: [`DELTA_MARGIN`], below
    /// [`SMALL_BUDGET`] nodes [`DELTA_MARGIN_SMALL`]) cannot lift the
    /// stand-pat score to alpha (delta pruning), or when a more valuable
    /// piece takes a less valuable one on a square an enemy pawn defends.
    pub qprune: bool,
    /// Check extension: in the main search, a move that gives check is
    /// searched to the same remaining depth instead of one less, in the
    /// first [`CHECK_EXTENSION_PLIES`] plies. Checks are forcing, so the
    /// tree grows little, and mating attacks a ply or two past the nominal
    /// depth are seen. No cost per node: the check is known already.
    pub check_ext: bool,
    /// Late move reduction (with `pvs`, whose null window it narrows): in
    /// the main search, from depth [`LMR_DEPTH`] and once [`LMR_AFTER`]
    /// legal moves were searched, a quiet move (not the stored move, a
    /// capture, a promotion or a killer) that gives no check, out of check,
    /// is tried one ply shallower with the null window; only if it beats
    /// alpha there is it searched again at its full depth and window.
    /// Late quiet moves rarely matter, so a depth costs fewer nodes: the
    /// drive's endings 17% fewer, the bench 20% (docs/strength.md, "Late
    /// move reduction").
    pub lmr: bool,
}

impl Techniques {
    /// Every technique off: the search before any was added.
    pub const NONE: Techniques = Techniques {
        mate_checks: false,
        tt: false,
        pvs: false,
        futility: false,
        qprune: false,
        check_ext: false,
        lmr: false,
    };
    /// Every technique on: the engine as it plays.
    pub const ALL: Techniques =
        Techniques { mate_checks: true, tt: true, pvs: true, futility: true, qprune: true, check_ext: true, lmr: true };
}

impl Default for Techniques {
    fn default() -> Self {
        Techniques::ALL
    }
}

/// Plies below the root in which checks are extended: a bound on how far
/// a line of checks can stretch the search (and the 6502's soft stack).
pub const CHECK_EXTENSION_PLIES: u8 = 16;
/// Depths at which futility applies (1..=this).
pub const FUTILITY_DEPTH: u8 = 2;
/// The least remaining depth at which late moves are reduced: at 2 a
/// reduced move goes straight to quiescence.
pub const LMR_DEPTH: u8 = 2;
/// Legal moves searched at a node before its quiet moves are reduced.
pub const LMR_AFTER: u8 = 2;
/// Delta pruning's allowance for positional gain beyond the victim's value,
/// at budgets of [`SMALL_BUDGET`] nodes and more. 150 (was 200): +5 Elo at
/// level 2 over 19,200 games, levels 3 and 4 the same; docs/strength.md,
/// "The delta margin of larger budgets".
pub const DELTA_MARGIN: i16 = 150;
/// The allowance below [`SMALL_BUDGET`] nodes (level 1). A tighter margin
/// prunes more captures that only might reach alpha; each node it saves is
/// a larger share of a small budget, and at level 1 the saving buys more
/// than the captures it skips: +15 Elo at 400 nodes, while at 1,200 it
/// measured 4 Elo worse than 200 (within the noise) and 150 better.
pub const DELTA_MARGIN_SMALL: i16 = 100;
/// Budgets under this many nodes prune with [`DELTA_MARGIN_SMALL`].
pub const SMALL_BUDGET: u32 = 1_000;
/// Futility margins by depth, in centipawns (a table: no multiply).
const FUTILITY_MARGIN: [i16; FUTILITY_DEPTH as usize + 1] = [0, 150, 300];

/// The engine's first moves whose root order the randomiser may vary.
pub const RANDOM_MOVES: u8 = 5;

impl Default for Searcher {
    fn default() -> Self {
        Searcher::new()
    }
}

impl Searcher {
    /// A searcher in the state of a new game with seed 0 (deterministic),
    /// its table inside it.
    pub fn new() -> Searcher {
        Searcher::with_slots(InPlace::new())
    }
}

impl<S: Slots> Searcher<S> {
    /// [`Searcher::new`] with the table's slots in `slots`.
    pub fn with_slots(slots: S) -> Searcher<S> {
        let mut searcher = Searcher::unstarted(slots);
        searcher.new_game(0);
        searcher
    }

    /// A searcher whose table is not yet emptied: [`Searcher::new_game`]
    /// must come before its first search. A `const`, and (with the
    /// `fixed-techniques` feature) every byte of it but `slots` zero, so a
    /// `static` holding one costs the C64's program file nothing.
    pub const fn unstarted(slots: S) -> Searcher<S> {
        Searcher {
            #[cfg(not(feature = "fixed-techniques"))]
            techniques: Techniques::ALL,
            pos: Position::blank(),
            arena: [Move::NONE; ARENA_SIZE],
            tt: Table::unstarted(slots),
            top: 0,
            killers: [[Move::NONE; 2]; MAX_PLY],
            pv: PvTable::new(),
            nodes: 0,
            budget: 0,
            quiet_nodes: 0,
            delta_margin: 0,
            abort: false,
            seldepth: 0,
            best: Move::NONE,
            high_water: 0,
            exhausted: 0,
            rng: Lfsr(0),
            moves_played: 0,
            pondered: Pondered::NONE,
            ahead: [0; RING_AHEAD],
        }
    }

    /// Start a game: seed the randomiser (0 = deterministic) and reset the
    /// count of engine moves it applies to.
    pub fn new_game(&mut self, seed: u8) {
        self.rng = Lfsr(seed);
        self.moves_played = 0;
        // Nothing left to take up (the key and move count only with it).
        self.pondered.depth = 0;
        self.tt.clear();
    }

    /// The transposition table, for a front end that sizes or clears it
    /// between searches (the PC's `Hash` and `Clear Hash`).
    pub fn table_mut(&mut self) -> &mut Table<S> {
        &mut self.tt
    }

    /// The randomiser, for the opening tables.
    pub fn rng(&mut self) -> &mut Lfsr {
        &mut self.rng
    }

    /// Switch search techniques on or off (see [`Techniques`]). Not in
    /// the `fixed-techniques` build, whose techniques are all on.
    #[cfg(not(feature = "fixed-techniques"))]
    pub fn set_techniques(&mut self, techniques: Techniques) {
        self.techniques = techniques;
    }

    /// The techniques in use: with the `fixed-techniques` feature (the C64
    /// builds) [`Techniques::ALL`], a constant, so the compiler drops every
    /// test of a switch and the code of the off-states.
    #[inline(always)]
    pub fn techniques(&self) -> Techniques {
        #[cfg(feature = "fixed-techniques")]
        return Techniques::ALL;
        #[cfg(not(feature = "fixed-techniques"))]
        self.techniques
    }

    /// Highest arena slot ever used, since this searcher was made.
    pub fn arena_high_water(&self) -> u16 {
        self.high_water
    }

    /// How often a node found the arena too full to generate into.
    pub fn arena_exhausted(&self) -> u16 {
        self.exhausted
    }

    /// Search `pos` within `limits` and return the move to play: the
    /// position is copied into the searcher ([`Searcher::position_mut`]),
    /// then [`Searcher::think`].
    ///
    /// ```
    /// use engine_core::level::level;
    /// use engine_core::{Position, Searcher};
    /// // A back-rank mate in one, found at level 1.
    /// let pos = Position::from_fen("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1").unwrap();
    /// let mut searcher = Searcher::new();
    /// let result = searcher.search(&pos, level(1), &mut ());
    /// assert_eq!(result.best.to_string(), "a1a8");
    /// ```
    pub fn search<H: SearchHooks>(&mut self, pos: &Position, limits: Limits, hooks: &mut H) -> SearchResult {
        self.pos.clone_from(pos);
        self.think(limits, hooks)
    }

    /// Think on the opponent's time: search the searcher's own position
    /// ([`Searcher::position_mut`]), the one after the reply the engine
    /// expects to its move, within `limits` (the hooks stop it when the
    /// opponent moves), as [`Searcher::think`] does. If the next search is
    /// of the same position (the opponent played the move expected), it
    /// takes up the iteration this one was in, its best move first and the
    /// table as this one filled it, and the nodes spent here are a gift;
    /// any other position is searched afresh. The randomiser's count of
    /// the engine's own moves is not charged.
    pub fn ponder<H: SearchHooks>(&mut self, limits: Limits, hooks: &mut H) -> SearchResult {
        let played = self.moves_played;
        let result = self.think(limits, hooks);
        self.pondered(played, &result);
        result
    }

    /// A search just made was a ponder ([`Searcher::ponder`]): keep what
    /// the next search takes up, and put back the count of the engine's
    /// moves as it was before (`played`). Apart from `ponder` for the C64's
    /// game, which searches through one call of `think` for both.
    pub(crate) fn pondered(&mut self, played: u8, result: &SearchResult) {
        self.moves_played = played;
        if !result.best.is_none() {
            self.pondered = Pondered { key: self.pos.hash, depth: result.depth + 1, best: result.best };
        }
    }

    /// The count of the engine's moves, for a ponder to put back.
    pub(crate) fn moves_played(&self) -> u8 {
        self.moves_played
    }

    /// The position [`Searcher::think`] searches.
    pub fn position(&self) -> &Position {
        &self.pos
    }

    /// The position [`Searcher::think`] searches, to set up or play moves
    /// on: a front end that keeps its game here needs no second position
    /// (1.2 KB on the C64).
    pub fn position_mut(&mut self) -> &mut Position {
        &mut self.pos
    }

    /// Search the searcher's own position within `limits` and return the
    /// move to play. The position is left exactly as it was, every slot of
    /// its key ring included: the search's moves write the
    /// [`RING_AHEAD`] slots above the newest key, and they are put back,
    /// so a game kept here can still take back [`crate::game::UNDO_DEPTH`]
    /// plies with its repetition history intact.
    pub fn think<H: SearchHooks>(&mut self, limits: Limits, hooks: &mut H) -> SearchResult {
        self.pos.history_ahead(&mut self.ahead);
        let result = self.root(limits, hooks);
        self.pos.restore_history_ahead(&self.ahead);
        result
    }

    /// [`Searcher::think`] but for the key ring: the root's moves, the mate
    /// in one, then iterative deepening.
    ///
    /// Why it is long (110 lines): the iteration's move loop stays in it. As
    /// an always-inlined helper it left the C64 profile's cycles as they
    /// were but cost 1 AVR cycle a drive node at opt-level 3 and 4 bytes of
    /// the drive build's code; the move list's set-up and the move to the
    /// front are helpers ([`Searcher::root_moves`], [`Searcher::best_to_front`]).
    fn root<H: SearchHooks>(&mut self, limits: Limits, hooks: &mut H) -> SearchResult {
        self.nodes = 0;
        self.budget = limits.nodes.max(1);
        self.quiet_nodes = 0;
        self.delta_margin = if self.budget < SMALL_BUDGET { DELTA_MARGIN_SMALL } else { DELTA_MARGIN };
        self.abort = false;
        self.seldepth = 0;
        self.killers = [[Move::NONE; 2]; MAX_PLY];
        self.pv.clear(1);
        self.tt.next_search();
        let max_depth = limits.depth.clamp(1, DEEPEST_PLY);
        let n = self.root_moves();
        if n == 0 {
            let score = if self.pos.in_check() { -MATE } else { 0 };
            return SearchResult { best: Move::NONE, score, depth: 0, nodes: 0 };
        }
        // Banked before any search: whatever happens next, this is legal.
        self.best = self.arena[0];
        let mut result = SearchResult { best: self.best, score: 0, depth: 0, nodes: 0 };
        if let Some(mate) = self.mate_in_one(hooks, n) {
            return SearchResult { best: mate, score: MATE - 1, depth: 1, nodes: self.nodes };
        }
        if self.abort {
            result.nodes = self.nodes;
            return result; // stopped, or the budget is smaller than the root
        }
        // Past `max_depth` if the ponder finished the deepest iteration: no
        // search then, its move at once.
        let first = self.take_up_ponder(n);
        result.depth = first - 1;
        for depth in first..=max_depth {
            if depth > 1 && past_a_third(self.nodes, self.budget) {
                break;
            }
            let mut alpha = -INF;
            // Where `self.best` is in the list: at the front until a move
            // of this iteration replaces it.
            let mut best_index = 0;
            for i in 0..n {
                // `i` is below `n`, at most `MAX_MOVES` (a power of two):
                // the mask leaves it as it is and tells the compiler (no
                // bounds check), as in `mate_in_one` and `best_to_front`.
                let m = self.arena[i & ROOT_MASK];
                let undo = self.pos.make(m);
                let check = self.pos.in_check_after(m);
                let mut fail_high = false;
                // A null window first (past the first move, with PVS), then
                // the full window if it fails high: one call site for both
                // searches.
                let mut null_window = i > 0 && self.techniques().pvs;
                let score = loop {
                    let low = if null_window { -alpha - 1 } else { -INF };
                    let score = -self.negamax(hooks, depth - 1, low, -alpha, 1, check);
                    if !null_window {
                        break score;
                    }
                    fail_high = score > alpha && !self.abort;
                    if !fail_high {
                        break score;
                    }
                    null_window = false;
                };
                self.pos.unmake(m, undo);
                if self.abort {
                    // The null window proved `m` better than the best so
                    // far; only its exact score is missing.
                    if fail_high {
                        best_index = i;
                        self.best = m;
                    }
                    break;
                }
                if score > alpha {
                    alpha = score;
                    best_index = i;
                    self.best = m;
                    self.pv.update_root(m);
                }
            }
            // A move that completed and beat the previous best's score at
            // this depth is better even if the iteration did not finish:
            // it is `self.best`, at `best_index`. Alpha is above `-INF`
            // once a move has completed (every score is), and only a move
            // after a completed one can fail high, so alpha is this
            // iteration's score whenever a move was found; when none was,
            // `best_index` is 0 and the front stays as it is.
            if alpha > -INF {
                result.score = alpha;
            }
            self.best_to_front(best_index);
            if self.abort {
                break;
            }
            result.depth = depth;
            hooks.iteration(&Iteration {
                depth,
                seldepth: self.seldepth,
                score: alpha,
                nodes: self.nodes,
                pv: self.pv.line(),
            });
            if alpha > MATE_BOUND {
                break; // the quickest mate is found; deeper cannot improve it
            }
        }
        // The search's best move at every exit of the iterations.
        result.best = self.best;
        result.nodes = self.nodes;
        result
    }

    /// The iteration to start at: 1, or, if the last search was a ponder of
    /// this position, the one it was in, with its best move swapped to the
    /// front (one use: the state is cleared either way). The position is
    /// known by its men's key alone, which costs nothing to read: a
    /// position that only shares it gets a better first guess at worst,
    /// as the move must be one of the root's. Out of line and short: the
    /// C64 pays for it in every search.
    #[inline(never)]
    fn take_up_ponder(&mut self, n: usize) -> u8 {
        let depth = self.pondered.depth;
        self.pondered.depth = 0;
        if depth != 0 && self.pondered.key == self.pos.hash {
            let best = self.pondered.best;
            for i in 0..n {
                // As in `root`: the mask tells the compiler `i` is in range.
                let i = i & ROOT_MASK;
                if self.arena[i] == best {
                    self.arena[i] = self.arena[0];
                    self.arena[0] = best;
                    self.best = best;
                    return depth;
                }
            }
        }
        1
    }

    /// The root's legal moves into the arena, ordered by the generator's
    /// scores (no stored move or killer yet), with the randomiser's noise
    /// while it is on; how many (at most `MAX_MOVES`, the room given: the
    /// clamp tells the compiler so, and the list needs no bounds checks).
    /// Part of `root`, always inlined.
    #[inline(always)]
    fn root_moves(&mut self) -> usize {
        let randomise = self.moves_played < RANDOM_MOVES;
        self.moves_played = self.moves_played.saturating_add(1);
        let n = self.pos.legal_moves(&mut self.arena[..MAX_MOVES]).min(MAX_MOVES);
        // The search's first free slot, above the list (0 with none).
        self.top = n as u16;
        if n == 0 {
            return 0;
        }
        self.note_high_water();
        if randomise {
            for m in &mut self.arena[..n] {
                if m.score < order::RANDOM_CEILING {
                    m.score += self.rng.next() & 3;
                }
            }
        }
        sort_by_score(&mut self.arena[..n]);
        n
    }

    /// Move the root move at `i` (the iteration's best, `self.best`) to the
    /// front; the rest keep their order, so the next iteration starts from
    /// it. A loop over the arena, not `rotate_right` (nor a loop over a
    /// slice of it, which the compiler also turns into one): that brings in
    /// a 0.7 KB memmove on the 6502 for this one use. Part of `root`.
    #[inline(always)]
    fn best_to_front(&mut self, i: usize) {
        for j in (0..i).rev() {
            let j = j & ROOT_MASK;
            self.arena[j + 1] = self.arena[j];
        }
        self.arena[0] = self.best;
    }

    /// A root move that mates at once, if there is one, found before any
    /// search: each root move is made and asked whether it checks, and only a
    /// check costs a look for a reply. A mate in one is then never missed,
    /// at any level's budget, however much the first iteration's quiescence
    /// would cost. Each move tried counts as a node; a budget smaller than
    /// the root (or a stop from the hooks) ends the search with the banked
    /// move.
    fn mate_in_one<H: SearchHooks>(&mut self, hooks: &mut H, n: usize) -> Option<Move> {
        for i in 0..n {
            if self.out_of_budget(hooks) {
                return None;
            }
            let m = self.arena[i & ROOT_MASK];
            let undo = self.pos.make(m);
            let check = self.pos.in_check_after(m);
            let mate = check.is_check() && !self.has_evasion();
            self.pos.unmake(m, undo);
            if mate {
                return Some(m);
            }
        }
        None
    }

    /// True if the side to move (in check: the one caller asks after a
    /// checking move) has a legal move. Through [`Position::legal_moves`],
    /// out of line already for the root's list, into the arena's second
    /// `MAX_MOVES` slots, above the root's list (a constant range: no
    /// bounds check); the moves are scratch. Its own list and an
    /// any-legal walk cost the game 0.3 KB of 6502 code; the root pays
    /// for it only after a checking move, and no node is counted here
    /// either way.
    fn has_evasion(&mut self) -> bool {
        self.pos.legal_moves(&mut self.arena[MAX_MOVES..2 * MAX_MOVES]) != 0
    }

    /// The search's draw rules: fifty moves, or one repeat of an earlier
    /// position (`key` is [`Position::key`]).
    #[inline]
    fn is_draw(&self, key: u32) -> bool {
        self.pos.halfmove_clock() >= 100 || self.pos.is_repetition_keyed(key)
    }

    /// Count a node; true if the search must stop (budget spent or the
    /// front end said so).
    ///
    /// Out of line: the game's build never inlined it (its hooks draw the
    /// thinking display); the drive's did, into `negamax` and
    /// `quiesce_moves`, and paid in frame bytes (issue 37: 7,700 -> 7,660
    /// cycles a drive node).
    #[inline(never)]
    fn out_of_budget<H: SearchHooks>(&mut self, hooks: &mut H) -> bool {
        if !hooks.stack_ok() {
            self.abort = true;
            return true;
        }
        if self.quiet_nodes != 0 {
            self.quiet_nodes -= 1;
            self.nodes += 1;
            return false;
        }
        self.count_node(hooks)
    }

    /// The long path of [`Searcher::out_of_budget`]: the budget test, the
    /// count and the poll every [`POLL_INTERVAL`] nodes; then how many
    /// nodes may take the short path. For the node counted here, `n`, the
    /// next `k` nodes skip both tests exactly when each of them is below
    /// the budget (`k <= budget - n`) and none ends a poll interval
    /// (`k <= POLL_INTERVAL - 1 - n % POLL_INTERVAL`): the same stops and
    /// the same polls as asking at every node. Out of line: it runs once
    /// a poll interval (issue 37: asking both at every node was about 180
    /// 6502 cycles a node).
    #[inline(never)]
    fn count_node<H: SearchHooks>(&mut self, hooks: &mut H) -> bool {
        if self.nodes >= self.budget {
            self.abort = true;
            return true;
        }
        self.nodes += 1;
        if self.nodes & (POLL_INTERVAL - 1) == 0 && !hooks.progress(self.nodes, self.best) {
            self.abort = true;
            return true;
        }
        // Byte arithmetic: the interval fits a byte.
        const _: () = assert!(POLL_INTERVAL <= 256);
        let to_poll = (POLL_INTERVAL - 1) as u8 - (self.nodes as u8 & (POLL_INTERVAL - 1) as u8);
        let left = self.budget - self.nodes;
        self.quiet_nodes = if left < to_poll as u32 { left as u8 } else { to_poll };
        false
    }

    /// A quiescence node's bookkeeping on entry: its principal variation
    /// emptied, the selective depth raised to it.
    #[inline(always)]
    fn enter_quiescence(&mut self, ply: u8) {
        self.pv.clear_quiescence(ply);
        if ply > self.seldepth {
            self.seldepth = ply;
        }
    }

    fn note_high_water(&mut self) {
        if self.top > self.high_water {
            self.high_water = self.top;
        }
    }

    /// Generate into the arena at `top`; the new list's end (it starts at
    /// the `top` the caller read before), or `None` if the arena might not
    /// have held it all. The end alone, a `u16`: an `Option` of the range
    /// (two `usize`) was returned through memory on the 6502 (issue 37).
    fn generate(&mut self, mode: GenMode) -> Option<u16> {
        let start = self.top as usize;
        let room = (ARENA_SIZE - start).min(MAX_MOVES);
        let n = self.pos.generate(&mut self.arena[start..start + room], mode);
        if n == room {
            self.exhausted = self.exhausted.saturating_add(1);
            return None;
        }
        self.top = (start + n) as u16;
        self.note_high_water();
        Some((start + n) as u16)
    }

    /// Search a child at `depth` (quiescence at 0) with the window `(alpha, beta)`
    /// of the child's side, as seen from it.
    #[inline(always)]
    fn child<H: SearchHooks>(&mut self, hooks: &mut H, depth: u8, alpha: i16, beta: i16, ply: u8, check: Check) -> i16 {
        if depth == 0 {
            // What negamax would do at depth 0, without its entry costs.
            self.quiesce_first(hooks, alpha, beta, ply, check)
        } else {
            self.negamax(hooks, depth, alpha, beta, ply, check)
        }
    }

    /// A node of the main search: draws, the table, futility, then the move
    /// loop with principal-variation search and killers. `in_check`:
    /// whether the side to move is in check (the parent knows it from the
    /// move it made, [`Position::in_check_after`]).
    ///
    /// Why it is long (145 lines): it is one of the two functions of the
    /// recursion, and every part of a node lives in it on purpose. A part
    /// out of line would be a call and a frame per node; a part pulled out
    /// as an always-inlined helper is the same code in name only, and the
    /// compiler does not treat it as such: the table probe as a helper
    /// returning `Result` cost 11 AVR cycles a bench node and 5 a drive node
    /// at the C64 profile (6,058 -> 6,069, 3,067 -> 3,072), so it stays
    /// written out here.
    fn negamax<H: SearchHooks>(
        &mut self,
        hooks: &mut H,
        depth: u8,
        mut alpha: i16,
        beta: i16,
        ply: u8,
        check: Check,
    ) -> i16 {
        if depth == 0 {
            return self.quiesce_first(hooks, alpha, beta, ply, check);
        }
        let in_check = check.is_check();
        if self.out_of_budget(hooks) {
            return 0;
        }
        self.pv.clear(ply);
        let key = self.pos.key();
        if self.is_draw(key) {
            return 0;
        }
        if ply >= DEEPEST_PLY {
            return self.pos.evaluate(self.pos.side_to_move());
        }
        let t = self.techniques();
        let mut hash_move = Move::NONE;
        if t.tt {
            if let Some(hit) = self.tt.probe(key, ply) {
                hash_move = hit.mv;
                if hit.depth >= depth
                    && match hit.bound {
                        Bound::Exact => true,
                        Bound::Lower => hit.score >= beta,
                        Bound::Upper => hit.score <= alpha,
                    }
                {
                    return hit.score;
                }
            }
        }
        // A null window (`beta == alpha + 1`) only asks "better than alpha?".
        let pv_node = beta > alpha + 1;
        let mut futile = false;
        if t.futility && !in_check && depth <= FUTILITY_DEPTH && !pv_node && beta.abs() < MATE_BOUND {
            let stand = self.pos.evaluate(self.pos.side_to_move());
            let margin = FUTILITY_MARGIN[depth as usize];
            if stand - margin >= beta {
                return stand - margin;
            }
            futile = stand + margin <= alpha;
        }
        let start = self.top as usize;
        let Some(end) = self.generate(GenMode::All) else {
            return self.pos.evaluate(self.pos.side_to_move());
        };
        let end = end as usize;
        self.score_moves(start, end, ply, hash_move);
        let alpha_in = alpha;
        let mut best = -INF;
        let mut best_move = Move::NONE;
        let mut searched = 0u8;
        // Once the best remaining score is 0, every remaining score is 0 and
        // pick-best would take them in list order: skip the scans.
        let mut rest_unscored = false;
        let mut next = start;
        while next < end {
            let i = next;
            next += 1;
            let m = if rest_unscored { self.arena[i] } else { self.pick_best(i, end) };
            // Unscored: neither the stored move, a capture, a promotion nor a killer.
            let quiet = m.score == 0;
            rest_unscored = quiet;
            if futile && quiet && searched > 0 && self.pos.gives_check(m) == Some(false) {
                continue;
            }
            let pre = self.pos.legality(m, check);
            if pre == Legality::Illegal {
                continue;
            }
            let undo = self.pos.make_keyed(m, key);
            let ok = pre == Legality::Legal || self.pos.last_move_was_legal();
            let score = if !ok {
                0
            } else {
                let gives = self.pos.in_check_after(m);
                let d1 = if gives.is_check() && t.check_ext && ply < CHECK_EXTENSION_PLIES { depth } else { depth - 1 };
                if searched > 0 && t.pvs {
                    // Late move reduction: a ply less, and no second null
                    // window when the shallow one fails high.
                    let r = (t.lmr
                        && quiet
                        && !gives.is_check()
                        && !in_check
                        && depth >= LMR_DEPTH
                        && searched >= LMR_AFTER) as u8;
                    let score = -self.child(hooks, d1 - r, -alpha - 1, -alpha, ply + 1, gives);
                    if score > alpha && (score < beta || r != 0) && !self.abort {
                        -self.child(hooks, d1, -beta, -alpha, ply + 1, gives)
                    } else {
                        score
                    }
                } else {
                    -self.child(hooks, d1, -beta, -alpha, ply + 1, gives)
                }
            };
            self.pos.unmake(m, undo);
            if !ok {
                continue;
            }
            searched = searched.saturating_add(1);
            if self.abort {
                break;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    best_move = m;
                    self.pv.update(ply, m);
                    if score >= beta {
                        if !m.is_capture() && m.promotion() == 0 {
                            self.store_killer(ply, m);
                        }
                        break;
                    }
                }
            }
        }
        self.top = start as u16;
        if self.abort {
            return 0;
        }
        if searched == 0 {
            return if in_check { ply as i16 - MATE } else { 0 };
        }
        if t.tt {
            let bound = if best >= beta {
                Bound::Lower
            } else if best > alpha_in {
                Bound::Exact
            } else {
                Bound::Upper
            };
            self.tt.store(key, ply, depth, best, bound, best_move);
        }
        best
    }

    /// The first quiescence ply below the main search: [`Searcher::quiesce`]
    /// out of line, once. It calls the recursion but is not on it, so it
    /// keeps a static frame on the 6502.
    #[inline(never)]
    fn quiesce_first<H: SearchHooks>(&mut self, hooks: &mut H, alpha: i16, beta: i16, ply: u8, check: Check) -> i16 {
        self.quiesce(hooks, alpha, beta, ply, check, true)
    }

    /// A quiescence node's entry: the budget, the draw test (`first`: this is
    /// the first quiescence ply below the main search), stand pat and delta
    /// pruning; only a node that has moves to try goes on to
    /// [`Searcher::quiesce_moves`]. Always inlined, into
    /// [`Searcher::quiesce_first`] and into the move loop of
    /// `quiesce_moves` itself: the quiescence recursion is then one call a
    /// ply (the 6502's stack takes a return address and up to four saved
    /// bytes for each, docs/c64.md "The stacks"), and a child that stands
    /// pat costs no call at all. `in_check` as for [`Searcher::negamax`].
    #[inline(always)]
    fn quiesce<H: SearchHooks>(
        &mut self,
        hooks: &mut H,
        mut alpha: i16,
        beta: i16,
        ply: u8,
        check: Check,
        first: bool,
    ) -> i16 {
        let in_check = check.is_check();
        if self.out_of_budget(hooks) {
            return 0;
        }
        self.enter_quiescence(ply);
        // The main search's last move, when quiet, can repeat a position or
        // reach the fiftieth move: that is drawn here as it would be one ply
        // earlier. Deeper, quiescence plays captures (nothing repeats across
        // them) or answers checks; those lines are not tested, for speed.
        // Fewer than four reversible plies repeat nothing, so the key is not
        // computed for them.
        if first && self.pos.halfmove_clock() >= 4 && self.is_draw(self.pos.key()) {
            return 0;
        }
        let side = self.pos.side_to_move();
        // Out of plies or arena while in check there is no stand-pat score
        // to fall back on, so these exits return the static evaluation.
        if ply >= DEEPEST_PLY {
            return self.pos.evaluate(side);
        }
        let mut best = -INF;
        let mut checks = false;
        if !in_check {
            let stand = self.pos.evaluate(side);
            if stand >= beta {
                return stand;
            }
            if stand > alpha {
                alpha = stand;
            }
            best = stand;
            checks = first
                && self.techniques().mate_checks
                && stand > MATE_DRIVE_LEAD
                && self.pos.phase() <= PHASE_MATE_DRIVE;
            // Delta pruning for the whole node, before generating anything:
            // no capture (nor promotion) can reach alpha.
            if self.techniques().qprune && !checks && stand + self.pos.max_gain() + self.delta_margin <= alpha {
                return stand;
            }
        }
        self.quiesce_moves(hooks, alpha, beta, ply, check, checks, best)
    }

    /// Quiescence's pruning of capture `m` (not a promotion): delta
    /// pruning (the victim cannot lift `best` to `alpha`) or a capture by a
    /// larger man of a pawn-defended victim. Out of line (issue 37): inlined
    /// into `quiesce_moves`, its state took that recursive function's
    /// soft-stack frame, each access a `(zp),y`.
    #[inline(never)]
    fn capture_futile(&self, m: Move, best: i16, alpha: i16) -> bool {
        // En passant takes a pawn that is not on `to`.
        let victim = PIECE_VALUE[self.pos.at(m.to).kind().max(PAWN) as usize];
        best + victim + self.delta_margin <= alpha
            || (PIECE_VALUE[self.pos.at(m.from).kind() as usize] > victim
                && self.pos.pawn_attacks(m.to, self.pos.side_to_move().other()))
    }

    /// The move loop of [`Searcher::quiesce`], out of line: a node that
    /// stands pat (the common case) then never pays this large function's
    /// register saves. `best` is the stand-pat score, or `-INF` in check;
    /// `checks`: quiet checking moves are searched too
    /// ([`Techniques::mate_checks`]).
    ///
    /// Why it is long (120 lines, a third of them comments): the other
    /// function of the recursion, written out for the reason `negamax` is.
    #[allow(clippy::too_many_arguments)]
    #[inline(never)]
    fn quiesce_moves<H: SearchHooks>(
        &mut self,
        hooks: &mut H,
        mut alpha: i16,
        beta: i16,
        ply: u8,
        check: Check,
        checks: bool,
        mut best: i16,
    ) -> i16 {
        let in_check = check.is_check();
        let side = self.pos.side_to_move();
        let mode = if in_check {
            GenMode::All
        } else if checks {
            GenMode::Checks
        } else {
            GenMode::Captures
        };
        let prune = self.techniques().qprune && !in_check;
        let start = self.top as usize;
        let Some(end) = self.generate(mode) else {
            return self.pos.evaluate(side);
        };
        let end = end as usize;
        if mode != GenMode::Captures {
            // Quiet evasions and checks may be killers. (A captures list
            // has no quiet move: the generator's scores are final.)
            self.score_moves(start, end, ply, Move::NONE);
        }
        let mut legal = false;
        // We are a bare king (which never gives check), the reply's side
        // has no pawn one push from promoting, and the reply's own list
        // would fit the arena: each reply only stands pat (see below).
        let bare_replies = self.pos.pieces(side) == 1 && !self.pos.pawn_on_seventh(side.other()) && end < ARENA_SIZE;
        // Once the best remaining score is 0, every remaining score is 0 and
        // pick-best would take them in list order: skip the scans.
        let mut rest_unscored = false;
        let mut next = start;
        while next < end {
            let i = next;
            next += 1;
            let m = if rest_unscored { self.arena[i] } else { self.pick_best(i, end) };
            rest_unscored = m.score == 0;
            if prune && m.is_capture() && m.promotion() == 0 && self.capture_futile(m, best, alpha) {
                continue;
            }
            let pre = self.pos.legality(m, check);
            if pre == Legality::Illegal {
                continue;
            }
            // A bare king's legal move leads to a reply, not in check, that
            // has nothing to take and no pawn to promote: that node only
            // stands pat, whatever its window (it is not `first`, so it
            // tests no draw). Its value comes from the running totals and
            // the move's delta, without making the move: the same nodes,
            // scores and stops as the search through `make`.
            let score = if bare_replies && pre == Legality::Legal {
                if self.out_of_budget(hooks) {
                    0
                } else {
                    self.enter_quiescence(ply + 1);
                    -self.pos.evaluate_after_king_step(m.to)
                }
            } else {
                let undo = self.pos.make_keyed(m, 0);
                let ok = pre == Legality::Legal || self.pos.last_move_was_legal();
                // A quiet move of a checks list is there because it checks
                // (GenMode::Checks); castling may or may not.
                let known = checks && m.flags & (CAPTURE | PROMO | CASTLE_KING | CASTLE_QUEEN) == 0;
                // Known to check, its checker is not asked for (a walk a
                // move of the mate drive's checks list): the reply's other
                // men's moves are then tested after make, and a bare king
                // has none.
                let gives = if !ok {
                    Check::NONE
                } else if known {
                    Check::UNKNOWN
                } else {
                    self.pos.in_check_after(m)
                };
                // With `checks`, a quiet move is searched only if it checks.
                let ok = ok && (!checks || gives.is_check() || m.is_capture() || m.promotion() != 0);
                let score = if ok { -self.quiesce(hooks, -beta, -alpha, ply + 1, gives, false) } else { 0 };
                self.pos.unmake(m, undo);
                if !ok {
                    continue;
                }
                score
            };
            legal = true;
            if self.abort {
                break;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        self.top = start as u16;
        if self.abort {
            return 0;
        }
        if in_check && !legal {
            return ply as i16 - MATE;
        }
        best
    }

    /// Raise the stored move and this ply's killers in `arena[start..end]`
    /// to their ordering scores; the generator scored the rest
    /// ([`order`]). Killers are quiet moves, so only unscored moves are
    /// compared with them.
    fn score_moves(&mut self, start: usize, end: usize, ply: u8, hash_move: Move) {
        let killers = self.killers[ply as usize & (MAX_PLY - 1)];
        // Nothing to mark: no stored move, and no killer (the first slot
        // fills first, so an empty first slot means both are empty).
        if hash_move.is_none() && killers[0].is_none() {
            return;
        }
        for m in &mut self.arena[start..end] {
            if *m == hash_move {
                m.score = order::HASH_MOVE;
            } else if m.score == 0 {
                if *m == killers[0] {
                    m.score = order::KILLER_1;
                } else if *m == killers[1] {
                    m.score = order::KILLER_2;
                }
            }
        }
    }

    /// Swap the best-scored move of `arena[i..end]` into slot `i` and return
    /// it (the first of equals: ties keep generation order). One slice and a
    /// plain walk: no per-element bounds checks or index arithmetic.
    ///
    /// Out of line: inlined into `negamax` and `quiesce_moves`, its walk
    /// kept its end on their soft-stack frames (a `(zp),y` load each step)
    /// and grew them; on its own it has a static frame and registers for
    /// the walk. On the emulated C64 (issue 37) the drive went 8,276 ->
    /// 7,847 cycles a node, and 7,803 with the byte-wide indices; the
    /// frames 69 -> 60 bytes (`negamax`) and 58 -> 54 (`quiesce_moves`),
    /// the game's code 636 bytes smaller.
    #[inline(never)]
    fn pick_best(&mut self, i: usize, end: usize) -> Move {
        let list = &mut self.arena[i..end];
        // Byte-wide indices: a node's list has at most `MAX_MOVES` (256)
        // moves, so its last index fits a byte, and `j` stops there.
        const _: () = assert!(MAX_MOVES <= 256);
        let last = (list.len() - 1) as u8;
        let mut best = 0u8;
        let mut best_score = list[0].score;
        let mut j = 0u8;
        while j < last {
            j += 1;
            if list[j as usize].score > best_score {
                best = j;
                best_score = list[j as usize].score;
            }
        }
        if best != 0 {
            list.swap(0, best as usize);
        }
        list[0]
    }

    /// Out of line: inlined, it grew `negamax`'s soft-stack frame (issue
    /// 37: 60 -> 57 bytes in the game, the drive 7,742 -> 7,723 cycles a
    /// node).
    #[inline(never)]
    fn store_killer(&mut self, ply: u8, m: Move) {
        let slot = &mut self.killers[ply as usize & (MAX_PLY - 1)];
        if slot[0] != m {
            slot[1] = slot[0];
            slot[0] = m;
        }
    }
}

/// Stable insertion sort by descending score (root list only, once per search).
fn sort_by_score(moves: &mut [Move]) {
    for i in 1..moves.len() {
        let mut j = i;
        while j > 0 && moves[j - 1].score < moves[j].score {
            moves.swap(j - 1, j);
            j -= 1;
        }
    }
}

/// The root's move indices, below `MAX_MOVES`, masked with this (which
/// leaves them as they are) so the compiler sees them inside the arena.
const ROOT_MASK: usize = MAX_MOVES - 1;
const _: () = assert!(MAX_MOVES.is_power_of_two() && 2 * MAX_MOVES <= ARENA_SIZE);

/// `nodes > budget / 3`, with a subtraction and a shift: a 32-bit division
/// is a library routine of about 1 KB on the 6502 (and the AVR), and
/// `3 * nodes` could overflow. For `nodes <= budget`, `nodes > (budget -
/// nodes) / 2` (the floor is exact for a whole `nodes`) is `3 * nodes >
/// budget`, the same test; past the budget the difference saturates to 0
/// and both are true.
fn past_a_third(nodes: u32, budget: u32) -> bool {
    nodes > budget.saturating_sub(nodes) >> 1
}

#[cfg(test)]
mod tests {
    use super::past_a_third;

    #[test]
    fn past_a_third_is_the_division() {
        for budget in 0..200u32 {
            for nodes in 0..300u32 {
                assert_eq!(past_a_third(nodes, budget), nodes > budget / 3, "{nodes} {budget}");
            }
        }
        for (nodes, budget) in [(u32::MAX, u32::MAX), (0x5555_5555, u32::MAX), (0x5555_5556, u32::MAX), (1, 0)] {
            assert_eq!(past_a_third(nodes, budget), nodes > budget / 3, "{nodes} {budget}");
        }
    }
}
