//! Thinking on the player's time. After the computer's move, its line's
//! next move is the reply it expects; while the player thinks (a step with
//! no key waiting, the board in front: not the menu or the chooser),
//! the engine searches the position after that reply
//! ([`Game::ponder`](engine_core::game::Game::ponder)), without a word on
//! the screen, for as long as it would think itself at most (a node
//! level's three budgets, no iteration begun past one; a timed level's
//! limits; at `key`, until a key): the
//! first key stops it and is handled as ever, and the next idle step
//! ponders again (the table keeps what the last one found). If the player
//! plays the move expected, the computer's search takes up the iteration
//! the ponder was in. On at start; the menu's `Ponder` switches it off.
//! Worth +78 Elo at level 2 and +56 at 5 s a move (docs/strength.md).

use engine_core::game::SearcherHome;
use engine_core::Move;

use super::thinking::Thinking;
use super::{App, Mode, Step};
use crate::input::Input;
use crate::screen::Screen;

impl<H: SearcherHome> App<H> {
    /// True if an idle step should ponder now: on, a reply expected, the
    /// board in front. `step` asks only when the computer is not to move,
    /// so the player is (or the game is over, and the reply expected is
    /// no legal move: `Game::ponder` refuses it).
    pub(super) fn ponder_due(&self) -> bool {
        self.ponder && !self.expected.is_none() && self.mode == Mode::Board
    }

    /// Ponder until a key or the engine's own time is up; then the key, if
    /// one came, as any other. Done without a key, it does not start again
    /// until the computer has moved.
    pub(super) fn ponder_step<S: Screen, I: Input>(&mut self, screen: &mut S, input: &mut I) -> Step {
        let mut hooks = Thinking::new(screen, input, &mut self.figures, self.game.level(), true);
        let pondered = self.game.ponder(self.expected, &mut hooks);
        match hooks.key {
            Some(key) => self.key(key),
            None => {
                self.expected = Move::NONE;
                if pondered {
                    Step::Busy
                } else {
                    Step::Idle
                }
            }
        }
    }
}
