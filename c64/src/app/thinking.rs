//! The engine's searches: the computer's turn and the player's hint, with
//! the thinking display kept live through the engine's [`SearchHooks`],
//! and a timed level's clock.
//!
//! The display (rows [`ROW_DEPTH`] to [`ROW_RATE`]) shows the last
//! iteration's depth and score, the best move so far and the reply the
//! search expects (its line's second move), the nodes and the nodes of the last second; it stays
//! after the search ends, so a search too quick to watch can still be read.
//!
//! A timed level of T seconds a move ([`engine_core::level::seconds`])
//! searches until 2T have passed, and starts no iteration after 2T/5: the
//! next iteration costs at least twice all the earlier ones together, and
//! with late move reduction a depth's cost varies more from one to the
//! next, so one begun later often ran to 2T (at 2T/3, half the moves of
//! the test game `a_timed_level_aims_at_its_time_a_move` did, averaging
//! 1.6T; at 2T/5 none, 0.8T).

use engine_core::game::{move_from, move_to, SearcherHome};
use engine_core::level::{LEVELS, TIMED_SECONDS};
use engine_core::score::{MATE, MATE_BOUND};
use engine_core::search::{Iteration, SearchHooks};
use engine_core::Move;

use super::paint::{line, text};
use super::{App, MaybeTile, Message, Step, DRAW_FIGURES, DRAW_TYPED};
use crate::input::{Input, Key};
use crate::layout::*;
use crate::screen::{attr, colour, Screen};
use crate::text::{decimal_into, two_digits, DIGIT_BIT};

/// Jiffies (1/60 s) in a second: the C64's clock and the `Input::clock` unit.
const JIFFIES: u16 = 60;

/// Each timed level's limits in jiffies, (2T, 2T/5) for T seconds a move
/// (at most 180 s: 21,600 jiffies fit), 0 for none: a table, so that the
/// C64 multiplies and divides nothing.
const TIMED_LIMITS: [(u16, u16); TIMED_SECONDS.len()] = {
    let mut limits = [(0, 0); TIMED_SECONDS.len()];
    let mut i = 0;
    while i < limits.len() {
        let hard = TIMED_SECONDS[i] * 2 * JIFFIES;
        // A limit's `soft` is never 0: `iteration` lowers the limit to it.
        assert!(hard == 0 || hard / 5 != 0);
        limits[i] = (hard, hard / 5);
        i += 1;
    }
    limits
};

/// The (2T, 2T/5) of [`TIMED_LIMITS`] for `level`; (0, 0) for a node level
/// and for `key` (no limits).
pub(super) fn timed_limits(level: u8) -> (u16, u16) {
    // A node level's index wraps past the table.
    let timed = level.wrapping_sub(LEVELS.len() as u8 + 1);
    TIMED_LIMITS.get(timed as usize).copied().unwrap_or((0, 0))
}

/// What the thinking display shows: the last search's figures, kept by
/// the `App` so that they stay on the screen after it.
#[derive(Clone, Copy)]
pub(super) struct Figures {
    /// A search has started: else the display is blank.
    started: bool,
    /// The last completed iteration (0: none yet).
    depth: u8,
    /// Its score, for the side that searched.
    score: i16,
    /// The best move so far ([`BEST`]), then the reply the search expects
    /// to it, its line's second move ([`REPLY`]; NONE: not known): a pair,
    /// so that one loop draws both (two fields are first copied into one).
    line: [Move; 2],
    /// Nodes searched.
    nodes: u32,
    /// Nodes in the last whole second (0: less than a second so far).
    rate: u32,
    /// A number's digits or a move's squares as drawn (the display's, and
    /// the log's move numbers): kept here, so that no draw builds (and
    /// first clears) an array of its own.
    pub(super) digits: [u8; 10],
}

/// The best move's place in [`Figures::line`].
const BEST: usize = 0;
/// The reply's place in [`Figures::line`].
const REPLY: usize = 1;

impl Figures {
    /// No search yet: all zero, as a zeroed `App` has them.
    pub(super) const NONE: Figures =
        Figures { started: false, depth: 0, score: 0, line: [Move::NONE; 2], nodes: 0, rate: 0, digits: [0; 10] };

    /// No search shown: the display blank (what else it shows is set when
    /// one starts).
    pub(super) fn blank(&mut self) {
        self.started = false;
    }

    /// A search starts: nothing known yet. Field by field: a whole value
    /// assigned is a `memcpy`, which the game has no other use for.
    fn start(&mut self) {
        self.started = true;
        self.depth = 0;
        self.score = 0;
        self.line = [Move::NONE; 2];
        self.nodes = 0;
        self.rate = 0;
    }
}

impl<H: SearcherHome> App<H> {
    /// The computer's turn: search, play the move found; or with `hint`
    /// the player's hint: the engine's move for the player at the game's
    /// level, ringed ([`HINT`]) and shown, not played. Any key stops the
    /// search. One function for both: they differ after the search only.
    pub(super) fn think<S: Screen, I: Input>(&mut self, screen: &mut S, input: &mut I, hint: bool) -> Step {
        self.hint_due = false;
        let key = self.search(screen, input);
        if !hint {
            // The search's time is the mover's: charged before the move.
            self.tick(input.clock());
        }
        let m = self.figures.line[BEST];
        if !m.is_none() {
            // Its tiles once, for the redraw or the play and the rings.
            let (from, to) = (move_from(m), move_to(m));
            if hint {
                self.hinted = true;
                self.redraw_tile(from);
                self.redraw_tile(to);
            } else {
                // Through the board's way in, `move_to` (the move's piece
                // given, or 0 for a move that cannot promote: no chooser).
                self.move_to(from, to, m.promotion());
                // Both sides the computer's: the mover was (only the
                // computer's turn searches without `hint`), and the side to
                // move now is (the engine's move is legal: it was played).
                self.pause_due = self.pause && !self.human_to_move();
                // What to ponder on (`play` cleared it, as any move does).
                self.expected = self.figures.line[REPLY];
            }
            // After the move: playing it dropped the last one's rings.
            self.last = [MaybeTile::some(from), MaybeTile::some(to)];
        }
        self.after_search(key)
    }

    /// One search of the side to move at the game's level, the display
    /// live: its move is then the figures' best (`line[BEST]`, NONE without legal
    /// moves); the key that stopped it, if one did. (A move returned with
    /// the key would be copied through memory, by `memcpy`.)
    fn search<S: Screen, I: Input>(&mut self, screen: &mut S, input: &mut I) -> Option<Key> {
        self.draw(screen);
        line(screen, ROW_TYPED, b"Thinking...", attr(TITLE, PAPER));
        self.figures.start();
        draw_figures(screen, &mut self.figures);
        screen.show(false);
        let mut hooks = Thinking::new(screen, input, &mut self.figures, self.game.level(), false);
        let best = self.game.engine_move(&mut hooks);
        let (key, stack_full) = (hooks.key, hooks.stack_full);
        if let Some(m) = best {
            // A book move, or a search stopped before it reported it.
            if m != self.figures.line[BEST] {
                self.figures.line[BEST] = m;
                self.figures.line[REPLY] = Move::NONE;
            }
        }
        if stack_full {
            self.say(Message::StackFull);
        }
        key
    }

    /// After a search: its figures stay, the key that stopped it is handled.
    fn after_search(&mut self, key: Option<Key>) -> Step {
        self.mark(DRAW_TYPED | DRAW_FIGURES);
        match key {
            Some(k) => self.key(k),
            None => Step::Busy,
        }
    }
}

/// The engine's hooks while it searches: the display, the clock, "any key
/// stops it". One type for the computer's search, the hint and the ponder
/// (which is `quiet`): the search is generic over its hooks, and a second
/// type would be a second copy of it (8 KB).
pub(super) struct Thinking<'a, S: Screen, I: Input> {
    screen: &'a mut S,
    input: &'a mut I,
    figures: &'a mut Figures,
    /// The input's stack guard stopped the search.
    stack_full: bool,
    /// The clock at the start.
    start: u16,
    /// Jiffies after which the search stops (0: no limit); `soft` once an
    /// iteration has ended after it, so that the next progress report stops.
    hard: u16,
    /// Jiffies after which no iteration starts.
    soft: u16,
    /// The clock reading that ends the current second.
    second: u16,
    /// The node count when it began.
    nodes_then: u32,
    /// A ponder: the display and the figures are left alone.
    quiet: bool,
    /// The key that stopped the search, if one did.
    pub(super) key: Option<Key>,
}

impl<'a, S: Screen, I: Input> Thinking<'a, S, I> {
    /// The hooks of a search at `level`: its clock started now. Out of
    /// line: the search and the ponder make them.
    #[inline(never)]
    pub(super) fn new(
        screen: &'a mut S,
        input: &'a mut I,
        figures: &'a mut Figures,
        level: u8,
        quiet: bool,
    ) -> Thinking<'a, S, I> {
        // The clock read first: the limits, looked up after, need not be
        // kept through the call.
        let start = input.clock();
        let (hard, soft) = timed_limits(level);
        Thinking {
            screen,
            input,
            figures,
            stack_full: false,
            start,
            hard,
            soft,
            second: start.wrapping_add(JIFFIES),
            nodes_then: 0,
            quiet,
            key: None,
        }
    }
}

impl<S: Screen, I: Input> SearchHooks for Thinking<'_, S, I> {
    fn progress(&mut self, nodes: u32, best: Move) -> bool {
        let now = self.input.clock();
        if self.hard != 0 && now.wrapping_sub(self.start) >= self.hard {
            return false;
        }
        // A ponder leaves the display alone; every search polls the keys
        // (one call: the first key ends the search, so no later report
        // finds one stored).
        if !self.quiet {
            let f = &mut *self.figures;
            f.nodes = nodes;
            let mut redraw = false;
            // A new best move, then a new second (in this order the move's
            // compare is compiled once, not once for each way the second went).
            if best != f.line[BEST] && !best.is_none() {
                f.line[BEST] = best;
                f.line[REPLY] = Move::NONE;
                redraw = true;
            }
            // Whole seconds since the last: the rate is the last one's nodes.
            if now.wrapping_sub(self.second) < 0x8000 {
                // The next second, or after a long gap a second from now.
                self.second = self.second.wrapping_add(JIFFIES);
                if now.wrapping_sub(self.second) < 0x8000 {
                    self.second = now.wrapping_add(JIFFIES);
                }
                f.rate = nodes - self.nodes_then;
                self.nodes_then = nodes;
                redraw = true;
            }
            // The node count is drawn with the rest, on a new best move,
            // a new second or a new iteration, not at every poll: on the
            // C64 its digits cost about 10,000 cycles a poll, 5% of a
            // search's time at one poll every 16 nodes (issue 37).
            if redraw {
                draw_figures(self.screen, f);
                self.screen.show(true);
            }
        }
        if let Some(key) = self.input.poll() {
            self.key = Some(key);
            return false;
        }
        true
    }

    fn iteration(&mut self, info: &Iteration) {
        if self.quiet {
            return;
        }
        let f = &mut *self.figures;
        f.depth = info.depth;
        f.score = info.score;
        f.line[REPLY] = info.pv.get(1).copied().unwrap_or(Move::NONE);
        draw_figures(self.screen, f);
        self.screen.show(true);
        if self.hard != 0 && self.input.clock().wrapping_sub(self.start) >= self.soft {
            // No iteration after `soft`: the limit drops to it, passed
            // already (`soft` is a third of a limit, never 0).
            self.hard = self.soft;
        }
    }

    #[inline(always)]
    fn stack_ok(&mut self) -> bool {
        let ok = self.input.stack_ok();
        self.stack_full |= !ok;
        ok
    }
}

/// The display's labels, a row each from [`ROW_DEPTH`] to [`ROW_RATE`]
/// ("Nodes" cut from "Nodes/s": one copy of the letters).
const FIGURE_LABELS: [&[u8]; 4] = [b"Depth", NODES_PER_SECOND.split_at(5).0, b"Best", NODES_PER_SECOND];
const NODES_PER_SECOND: &[u8] = b"Nodes/s";

/// The whole thinking display (blank before the first search): "Depth  5
/// +0.35", the nodes, "Best e2e4 e7e5", the last second's nodes. A move
/// from the opening tables, or a mate in one found before the first
/// report, shows the move alone.
#[inline(never)]
pub(super) fn draw_figures<S: Screen>(screen: &mut S, f: &mut Figures) {
    // Each row its label, or blank: one padded line (a blank row is the
    // label cut to nothing: only the length chosen, not a second slice).
    for (row, &label) in (ROW_DEPTH..).zip(&FIGURE_LABELS) {
        line(screen, row, &label[..if f.started { label.len() } else { 0 }], attr(LABEL, PAPER));
    }
    if !f.started {
        return;
    }
    let value = attr(colour::WHITE, PAPER);
    if f.depth != 0 {
        depth_and_score(f.depth, f.score, &mut f.digits);
        text(screen, PANEL + 6, ROW_DEPTH, &f.digits[2..], 8, value);
    }
    draw_count(screen, &mut f.digits, f.nodes, ROW_NODES, PANEL + PANEL_WIDTH - NODES_COL);
    let mut col = PANEL + 5;
    for &m in &f.line {
        if !m.is_none() {
            // Its squares' names in the digits' buffer, no array of their own.
            [f.digits[0], f.digits[1]] = move_from(m).name();
            [f.digits[2], f.digits[3]] = move_to(m).name();
            text(screen, col, ROW_BEST, &f.digits, 4, value);
        }
        col += 5;
    }
    draw_count(screen, &mut f.digits, f.rate, ROW_RATE, 7);
}

/// `n` in the last `cells` cells of `row`, right-aligned to the panel's
/// edge (blank at 0): the node count and the last second's. A number that
/// would fill every cell (none left blank after its label: a PC's million
/// nodes a second, or its hundred million nodes in a long search; never
/// the C64's) is shown in thousands, with a `k`: its digits moved two
/// places right over the last three, so a blank stays after the label and
/// no leading digit is lost. Out of line, one copy for both.
///
/// The C64's program (feature `prg`) leaves that out: at its hundred-odd
/// nodes a second it would need months to fill the cells, and its free
/// bytes are its budget (docs/c64.md).
#[inline(never)]
fn draw_count<S: Screen>(screen: &mut S, digits: &mut [u8; 10], n: u32, row: u8, cells: u8) {
    if n != 0 {
        decimal_into(n, digits);
        let first = 10usize.saturating_sub(cells as usize);
        #[cfg(not(feature = "prg"))]
        if digits[first] != b' ' {
            // From the top down, so each digit is read before it is written
            // over; the two cells left in front blanked (`cells` is at most 9).
            let mut i = 9;
            while i > 1 {
                digits[i] = digits[i - 2];
                i -= 1;
            }
            (digits[0], digits[1], digits[9]) = (b' ', b' ', b'k');
        }
        text(screen, PANEL + PANEL_WIDTH - cells, row, &digits[first..], cells, attr(colour::WHITE, PAPER));
    }
}

/// A depth and a score as eight cells, written over `digits[2..]`: the
/// depth right-aligned in two, then the score right-aligned in six: pawns
/// with two decimals (`+0.35`, `-12.50`, clamped at 99.99), or a mate in
/// that many moves: `#+3` for the side that searched, `#-3` against it.
/// In place, around the score's digits: no array of cells built and copied.
fn depth_and_score(depth: u8, score: i16, digits: &mut [u8; 10]) {
    let size = score.unsigned_abs();
    let sign = if score < 0 { b'-' } else { b'+' };
    let mate = size > MATE_BOUND as u16;
    // Moves to the mate ((plies + 1) / 2, at most two digits: blanks
    // before them), or centipawns (at most 9,999: four).
    decimal_into(if mate { (MATE as u16 - size + 1) >> 1 } else { size.min(9_999) } as u32, digits);
    let [_, _, _, _, _, _, tens, ones, tenths, _] = *digits;
    if mate {
        // `#` and the sign just before the moves: at 8, or at 7 before a
        // tens digit (which has the digits' bit).
        let at = 8 - ((tenths & DIGIT_BIT) >> 4) as usize;
        digits[at] = sign;
        digits[at - 1] = b'#';
    } else {
        // The hundredths stay; the ones and the tenths are 0 where blank
        // (the digits' bit or-ed in), the point between them; the sign
        // before the tens, or before the ones without tens.
        digits[8] = tenths | DIGIT_BIT;
        digits[7] = b'.';
        digits[6] = ones | DIGIT_BIT;
        (digits[4], digits[5]) = if tens == b' ' { (b' ', sign) } else { (sign, tens) };
    }
    // The depth is at most DEEPEST_PLY: two digits.
    [digits[2], digits[3]] = two_digits(depth);
}

#[cfg(test)]
mod tests {
    extern crate std;

    use super::*;

    /// The eight cells `depth_and_score` writes.
    fn cells(depth: u8, score: i16) -> [u8; 8] {
        let mut digits = [0; 10];
        depth_and_score(depth, score, &mut digits);
        digits[2..].try_into().unwrap()
    }

    /// The cells `draw_count` writes for `n` in `cells`, as text.
    fn count(n: u32, cells: u8) -> std::string::String {
        let mut screen = crate::ScreenBuffer::new();
        draw_count(&mut screen, &mut [0; 10], n, ROW_RATE, cells);
        (PANEL + PANEL_WIDTH - cells..PANEL + PANEL_WIDTH).map(|col| screen.text_char(col, ROW_RATE)).collect()
    }

    /// A count that would fill its cells (and so touch its label, or lose
    /// its first digits) is shown in thousands, a blank kept in front.
    #[test]
    fn large_counts_keep_a_blank_after_their_label() {
        assert_eq!(count(960, 7), "    960");
        assert_eq!(count(999_999, 7), " 999999");
        assert_eq!(count(2_401_952, 7), "  2401k");
        assert_eq!(count(17_113_881, 7), " 17113k");
        assert_eq!(count(999_999_999, 7), "999999k", "the most a second's count shows");
        assert_eq!(count(99_999_999, 9), " 99999999");
        assert_eq!(count(123_456_789, 9), "  123456k");
        assert_eq!(count(4_294_967_295, 9), " 4294967k");
    }

    #[test]
    fn scores_read_as_pawns_or_mates() {
        assert_eq!(&cells(5, 0)[..2], b" 5");
        assert_eq!(&cells(12, 0)[..2], b"12");
        for (score, text) in [
            (0, b" +0.00"),
            (35, b" +0.35"),
            (-7, b" -0.07"),
            (120, b" +1.20"),
            (-1250, b"-12.50"),
            (9_999, b"+99.99"),
            (20_000, b"+99.99"),
            (MATE - 1, b"   #+1"),
            (-(MATE - 2), b"   #-1"),
            (MATE - 5, b"   #+3"),
            (MATE - 21, b"  #+11"),
            (-(MATE - 22), b"  #-11"),
            (MATE_BOUND + 1, b"  #+16"),
        ] {
            assert_eq!(&cells(7, score)[2..], text, "{score}");
        }
    }
}
