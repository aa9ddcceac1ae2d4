//! The computer's turn: the search, with the screen kept alive through
//! the engine's [`SearchHooks`].

use engine_core::game::{move_from, move_to, Player, SearcherHome};
use engine_core::piece::Color;
use engine_core::search::SearchHooks;
use engine_core::Move;

use super::draw::{clear, line, text};
use super::{App, MaybeTile, Message, Step, DRAW_TYPED};
use crate::input::{Input, Key};
use crate::layout::*;
use crate::screen::{attr, colour, Screen};
use crate::text::decimal5;

impl<H: SearcherHome> App<H> {
    pub(super) fn think<S: Screen, I: Input>(&mut self, screen: &mut S, input: &mut I) -> Step {
        self.draw(screen);
        let a = attr(TITLE, PAPER);
        line(screen, ROW_THINK, b"Thinking...", a);
        line(screen, ROW_NODES, b"Nodes", attr(LABEL, PAPER));
        line(screen, ROW_TYPED, b"Best", attr(LABEL, PAPER));
        screen.show(false);
        let mut hooks = Thinking { screen, input, key: None, shown: [b' '; 5], best: Move::NONE, stack_full: false };
        let best = self.game.engine_move(&mut hooks);
        let (key, stack_full) = (hooks.key, hooks.stack_full);
        clear(screen, ROW_THINK);
        clear(screen, ROW_NODES);
        self.dirty |= DRAW_TYPED;
        if let Some(m) = best {
            self.play(m);
            self.pause_due = self.pause
                && self.game.player(Color::White) == Player::Computer
                && self.game.player(Color::Black) == Player::Computer;
            self.last = [MaybeTile::some(move_from(m)), MaybeTile::some(move_to(m))];
        }
        if stack_full {
            self.say(Message::StackFull);
        }
        match key {
            Some(k) => self.key(k),
            None => Step::Busy,
        }
    }
}

/// The engine's hooks while it thinks: the live node count, the best move
/// so far, and "any key moves now".
struct Thinking<'a, S: Screen, I: Input> {
    screen: &'a mut S,
    input: &'a mut I,
    key: Option<Key>,
    shown: [u8; 5],
    best: Move,
    /// The input's stack guard stopped the search.
    stack_full: bool,
}

impl<S: Screen, I: Input> SearchHooks for Thinking<'_, S, I> {
    fn progress(&mut self, nodes: u32, best: Move) -> bool {
        // At most a level's budget, 65,000 (clamped, should one grow).
        let digits = decimal5(nodes.min(u16::MAX as u32) as u16);
        let a = attr(colour::WHITE, PAPER);
        for i in 0..5u8 {
            let d = digits[i as usize];
            if d != self.shown[i as usize] {
                self.shown[i as usize] = d;
                self.screen.put(NODES_COL + i, ROW_NODES, d, a);
            }
        }
        if best != self.best && !best.is_none() {
            self.best = best;
            let (from, to) = (move_from(best).name(), move_to(best).name());
            let line = [from[0], from[1], to[0], to[1]];
            text(self.screen, NODES_COL + 1, ROW_TYPED, &line, a, 4);
        }
        self.screen.show(true);
        if let Some(key) = self.input.poll() {
            self.key = Some(key);
            return false;
        }
        true
    }

    #[inline(always)]
    fn stack_ok(&mut self) -> bool {
        let ok = self.input.stack_ok();
        self.stack_full |= !ok;
        ok
    }
}
