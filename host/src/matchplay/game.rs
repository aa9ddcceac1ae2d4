//! One game between two players from an opening, judged by the rules, the
//! ply cap and the clocks.

use std::time::{Duration, Instant};

use engine_core::piece::Color;
use engine_core::Position;

use super::openings::Opening;
use super::player::{ClockView, Player, Turn};
use super::rules::{adjudicate, Ending};
use super::san::san;
use super::uci_engine::Fault;

/// A time control: base time and increment per move, for both sides.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeControl {
    /// Time on each clock at the start.
    pub base: Duration,
    /// Added after each move.
    pub inc: Duration,
}

/// What every game of a match shares.
#[derive(Clone, Copy, Debug)]
pub struct GameRules {
    /// Plies after which the game is drawn (the match's rule, not chess's).
    pub max_plies: usize,
    /// The clock, if the match has one.
    pub clock: Option<TimeControl>,
    /// Grace beyond the clock before the flag falls.
    pub margin: Duration,
}

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Termination {
    /// By the rules of chess.
    Rules(Ending),
    /// The ply cap was reached: a draw.
    PlyCap,
    /// This side answered with a move that is not legal (the text it sent).
    Illegal(Color, String),
    /// This side's engine exited or could not be started (why).
    Crash(Color, String),
    /// This side overstepped its clock or timed out.
    TimeForfeit(Color),
}

/// A finished game.
#[derive(Clone, Debug)]
pub struct GameRecord {
    /// The moves in SAN.
    pub san: Vec<String>,
    /// How it ended.
    pub termination: Termination,
    /// White's points in half points: 2 win, 1 draw, 0 loss.
    pub white_half_points: u8,
}

impl Termination {
    /// White's half points given that `to_move` was to move when the game
    /// ended: mate loses for the side to move, a fault for the side at fault.
    fn white_half_points(&self, to_move: Color) -> u8 {
        let loser = match self {
            Termination::Rules(Ending::Checkmate) => to_move,
            Termination::Illegal(side, _) | Termination::Crash(side, _) | Termination::TimeForfeit(side) => *side,
            _ => return 1,
        };
        if loser == Color::White {
            0
        } else {
            2
        }
    }

    /// The side that lost by a fault (illegal move, crash, time), if any.
    pub fn faulty_side(&self) -> Option<Color> {
        match self {
            Termination::Illegal(side, _) | Termination::Crash(side, _) | Termination::TimeForfeit(side) => Some(*side),
            _ => None,
        }
    }
}

/// Both sides' clocks during a game.
struct Clocks {
    view: ClockView,
}

impl Clocks {
    fn new(tc: TimeControl, margin: Duration) -> Clocks {
        Clocks { view: ClockView { left: [tc.base; 2], inc: tc.inc, margin } }
    }

    /// Charge `side` for a move that took `elapsed`; false if its flag fell.
    fn charge(&mut self, side: Color, elapsed: Duration) -> bool {
        let left = &mut self.view.left[side.index()];
        if elapsed > *left + self.view.margin {
            return false;
        }
        *left = left.saturating_sub(elapsed) + self.view.inc;
        true
    }
}

/// Play one game from `opening`: `white` moves first if White is to move
/// there. A player that faults loses and is discarded (an external engine
/// is restarted for its next game). `salt` is passed to `Player::new_game`.
pub fn play(white: &mut Player, black: &mut Player, opening: &Opening, rules: &GameRules, salt: u64) -> GameRecord {
    let mut game = Game { pos: opening.pos.clone(), moves: Vec::new(), san: Vec::new() };
    let termination = game.run(white, black, opening, rules, salt);
    if let Some(side) = termination.faulty_side() {
        if side == Color::White {
            white.discard()
        } else {
            black.discard()
        }
    }
    GameRecord { white_half_points: termination.white_half_points(game.pos.side_to_move()), san: game.san, termination }
}

/// A game in progress.
struct Game {
    /// The position now, with its history since the opening.
    pos: Position,
    /// Moves so far in coordinate notation, as sent to external engines.
    moves: Vec<String>,
    /// The same moves in SAN.
    san: Vec<String>,
}

impl Game {
    fn run(
        &mut self,
        white: &mut Player,
        black: &mut Player,
        opening: &Opening,
        rules: &GameRules,
        salt: u64,
    ) -> Termination {
        for (side, player) in [(Color::White, &mut *white), (Color::Black, &mut *black)] {
            if let Err(fault) = player.new_game(salt) {
                return forfeit(side, fault);
            }
        }
        let mut clocks = rules.clock.map(|tc| Clocks::new(tc, rules.margin));
        loop {
            if let Some(ending) = adjudicate(&mut self.pos) {
                return Termination::Rules(ending);
            }
            if self.moves.len() >= rules.max_plies {
                return Termination::PlyCap;
            }
            let side = self.pos.side_to_move();
            let player = if side == Color::White { &mut *white } else { &mut *black };
            let turn = Turn {
                start_fen: &opening.fen,
                moves: &self.moves,
                pos: &self.pos,
                clock: clocks.as_ref().map(|c| c.view),
            };
            let started = Instant::now();
            let reply = player.think(&turn);
            let elapsed = started.elapsed();
            let text = match reply {
                Ok(text) => text,
                Err(fault) => return forfeit(side, fault),
            };
            if let Some(clocks) = &mut clocks {
                if !clocks.charge(side, elapsed) {
                    return Termination::TimeForfeit(side);
                }
            }
            let Some(m) = self.pos.parse_move(&text) else {
                return Termination::Illegal(side, text);
            };
            self.san.push(san(&mut self.pos, m));
            self.moves.push(m.to_string());
            self.pos.make(m);
        }
    }
}

/// The termination for a player's fault.
fn forfeit(side: Color, fault: Fault) -> Termination {
    match fault {
        Fault::Crash(why) => Termination::Crash(side, why),
        Fault::Timeout => Termination::TimeForfeit(side),
    }
}

#[cfg(test)]
mod tests {
    use super::super::openings::parse_epd;
    use super::super::player::PlayerSpec;
    use super::*;
    use crate::options::EngineOptions;

    fn internal(settings: &str) -> Player {
        Player::new(&PlayerSpec::Internal(EngineOptions::parse_assignments(settings).unwrap(), 0))
    }

    const RULES: GameRules = GameRules { max_plies: 400, clock: None, margin: Duration::ZERO };

    #[test]
    fn mate_in_one_is_played_and_scored() {
        let opening = &parse_epd("6k1/5ppp/8/8/8/8/8/R5K1 w - -", "t").unwrap()[0];
        let record = play(&mut internal("Skill=1"), &mut internal("Skill=1"), opening, &RULES, 0);
        assert_eq!(record.san, ["Ra8#"]);
        assert_eq!(record.termination, Termination::Rules(Ending::Checkmate));
        assert_eq!(record.white_half_points, 2);
    }

    #[test]
    fn ply_cap_draws() {
        let opening = &parse_epd(engine_core::START_FEN, "t").unwrap()[0];
        let rules = GameRules { max_plies: 6, ..RULES };
        let record = play(&mut internal("Skill=1"), &mut internal("Skill=1"), opening, &rules, 0);
        assert_eq!(record.san.len(), 6);
        assert_eq!((record.termination, record.white_half_points), (Termination::PlyCap, 1));
    }

    #[test]
    fn clocks_charge_and_flag() {
        let tc = TimeControl { base: Duration::from_millis(100), inc: Duration::from_millis(10) };
        let mut clocks = Clocks::new(tc, Duration::from_millis(5));
        assert!(clocks.charge(Color::White, Duration::from_millis(60)));
        assert_eq!(clocks.view.left, [Duration::from_millis(50), Duration::from_millis(100)]);
        assert!(clocks.charge(Color::White, Duration::from_millis(55)));
        assert_eq!(clocks.view.left[0], Duration::from_millis(10));
        assert!(!clocks.charge(Color::White, Duration::from_millis(16)));
    }
}
