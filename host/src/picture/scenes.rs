//! The named screens of `c64chess picture`, each reached as a player would
//! reach it: keys into the UI's `App`, from a new game or a position, as
//! `c64/tests/ui.rs` drives it. No scene waits for a search that could
//! choose otherwise: the computer's only move here is forced.

use std::collections::VecDeque;

use c64::{App, Input, Key, ScreenBuffer, Step};
use clap::ValueEnum;
use engine_core::game::{Game, Player, Tile};
use engine_core::piece::Color;

/// A screen to draw.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Scene {
    /// A new game: you White, the computer Black at level 1, the cursor on e2.
    Start,
    /// A game in progress: the computer's forced reply ringed yellow, the
    /// knight on c3 selected and its moves ringed cyan, the log.
    Game,
    /// The game's next move, the knight's mate: GAME OVER.
    Checkmate,
    /// The menu (M) over the game in progress.
    Menu,
    /// The promotion chooser after b7-b8.
    Chooser,
    /// A in the Ruy Lopez, the cursor on c6: the bishop attacking the knight ringed light red.
    OverlayA,
    /// D, the cursor on e5: the knight defending the pawn ringed light green.
    OverlayD,
    /// B, the cursor on e5: each square's attackers counted, White's bottom left, Black's bottom right.
    OverlayB,
    /// H in the Ruy Lopez at level 2: Black's best move ringed orange, the
    /// thinking display (depth and score, nodes, the move and the reply
    /// expected).
    Hint,
    /// A timed game (15 s a move) after White's second move: the chess
    /// clocks, the display with the last second's nodes. The clock is the
    /// scene's own: 16 nodes a jiffy.
    Timed,
    /// The position editor (the menu's Board setup): kings on e1 and e8,
    /// White's queen on e7, White to move, refused in the FEN parser's
    /// words (Black, not to move, is in check).
    Setup,
}

impl Scene {
    /// Its name on the command line and its file's in `docs/pictures/`.
    pub fn name(self) -> String {
        self.to_possible_value().map(|v| v.get_name().to_string()).unwrap_or_default()
    }

    /// The picture's title (its PNG's `Title`).
    pub fn title(self) -> String {
        format!("c64chess on the Commodore 64: {} (c64chess picture {})", self.what(), self.name())
    }

    fn what(self) -> &'static str {
        match self {
            Scene::Start => "a new game",
            Scene::Game => "a game in progress",
            Scene::Checkmate => "checkmate",
            Scene::Menu => "the menu",
            Scene::Chooser => "the promotion chooser",
            Scene::OverlayA => "the attackers of a square (A)",
            Scene::OverlayD => "the defenders of a square (D)",
            Scene::OverlayB => "the attack counts (B)",
            Scene::Hint => "a hint and the thinking display",
            Scene::Timed => "a timed level's clocks",
            Scene::Setup => "the position editor refusing a set-up",
        }
    }

    /// The screen the UI has drawn once the scene's keys are in.
    pub fn screen(self) -> ScreenBuffer {
        let script = match self {
            Scene::Start => Script::new(Game::new()),
            Scene::Game => legal_game(),
            Scene::Checkmate => {
                let mut s = legal_game();
                s.cursor_to("d5");
                s.press(&[Key::Fire]);
                s
            }
            Scene::Menu => {
                let mut s = legal_game();
                s.press(&[Key::Back, Key::Char(b'm')]);
                s
            }
            Scene::Chooser => {
                let mut s = Script::new(Game::from_fen("4k3/1P5p/8/8/8/8/8/4K3 w - - 0 1").expect("the scene's FEN"));
                s.cursor_to("b7");
                s.press(&[Key::Fire]);
                s.cursor_to("b8");
                s.press(&[Key::Fire]);
                s
            }
            Scene::OverlayA => ruy_lopez("c6", b'a'),
            Scene::OverlayD => ruy_lopez("e5", b'd'),
            Scene::OverlayB => ruy_lopez("e5", b'b'),
            Scene::Hint => ruy_lopez("c6", b'h'),
            Scene::Timed => {
                let mut game = Game::new();
                game.set_player(Color::White, Player::Computer);
                game.set_player(Color::Black, Player::Human);
                game.set_level(6);
                game.set_book(false);
                // Pondering off first (the menu's Ponder, third from the
                // bottom): the scene's clock runs a jiffy a poll, so the
                // engine's thinking on Black's time would read as Black's.
                let menu = [Key::Char(b'm'), Key::Up, Key::Up, Key::Up, Key::Fire, Key::Back];
                let mut s = Script::with_keys(game, Keys { queue: menu.into(), ticking: true, clock: 0 });
                s.typed("e7e5");
                s
            }
            Scene::Setup => {
                let mut s = Script::new(Game::new());
                // Board setup is the menu's second entry from the bottom;
                // X empties the board, a letter puts White's man, twice Black's.
                s.press(&[Key::Char(b'm'), Key::Up, Key::Up, Key::Fire, Key::Char(b'x')]);
                for (square, keys) in [("e1", "k"), ("e8", "kk"), ("e7", "q")] {
                    s.cursor_to(square);
                    s.press(&keys.bytes().map(Key::Char).collect::<Vec<_>>());
                }
                s.press(&[Key::Char(b'g')]);
                s
            }
        };
        script.screen
    }
}

/// Légal's trap, both sides typed by hand: 1.e4 e5 2.Nf3 d6 3.Bc4 Bg4
/// 4.Nc3 g6 5.Nxe5 Bxd1 6.Bxf7+, then Black handed to the computer in the
/// menu, which plays its only legal move, 6...Ke7; then the cursor on c3
/// and RETURN: the knight selected, Nd5 mate among its moves.
fn legal_game() -> Script {
    let mut game = Game::new();
    game.set_player(Color::Black, Player::Human);
    let mut s = Script::new(game);
    for m in ["e2e4", "e7e5", "g1f3", "d7d6", "f1c4", "c8g4", "b1c3", "g7g6", "f3e5", "g4d1", "c4f7"] {
        s.typed(m);
    }
    // The menu's fourth entry is Black: RETURN makes it the computer, RUN/STOP resumes.
    s.press(&[Key::Char(b'm'), Key::Down, Key::Down, Key::Down, Key::Fire, Key::Back]);
    s.cursor_to("c3");
    s.press(&[Key::Fire]);
    s
}

/// 1.e4 e5 2.Nf3 Nc6 3.Bb5 typed, both sides human at level 2; the cursor
/// on `square` and one key pressed: an attack display switched on (`a`,
/// `d` or `b`), or a hint (`h`).
fn ruy_lopez(square: &str, display: u8) -> Script {
    let mut game = Game::new();
    game.set_player(Color::Black, Player::Human);
    game.set_level(2);
    let mut s = Script::new(game);
    for m in ["e2e4", "e7e5", "g1f3", "b8c6", "f1b5"] {
        s.typed(m);
    }
    s.cursor_to(square);
    // The key after the letter ends the wait for a typed move (`b1c3`).
    s.press(&[Key::Char(display), Key::Other(0)]);
    s
}

/// Keys from a queue; the seed is 0, the engine's deterministic game. The
/// clock advances a jiffy a poll when `ticking` (the search polls once
/// every 16 nodes), else stands still.
#[derive(Default)]
struct Keys {
    queue: VecDeque<Key>,
    ticking: bool,
    clock: u16,
}

impl Input for Keys {
    fn poll(&mut self) -> Option<Key> {
        self.clock = self.clock.wrapping_add(self.ticking as u16);
        self.queue.pop_front()
    }

    fn clock(&mut self) -> u16 {
        self.clock
    }
}

/// The UI with its screen and its keys.
struct Script {
    app: App,
    screen: ScreenBuffer,
    keys: Keys,
}

impl Script {
    fn new(game: Game) -> Script {
        Script::with_keys(game, Keys::default())
    }

    fn with_keys(game: Game, keys: Keys) -> Script {
        let mut s = Script { app: App::new(game), screen: ScreenBuffer::new(), keys };
        s.settle();
        s
    }

    /// Steps until the UI waits for a key.
    fn settle(&mut self) {
        for _ in 0..1000 {
            match self.app.step(&mut self.screen, &mut self.keys) {
                Step::Idle => return,
                Step::Busy => {}
                Step::Quit => unreachable!("no scene quits"),
                Step::Save | Step::Load => unreachable!("no scene uses the disk"),
            }
        }
        unreachable!("a scene's UI never went idle");
    }

    /// Keys one at a time, the UI settling after each.
    fn press(&mut self, keys: &[Key]) {
        for &key in keys {
            self.keys.queue.push_back(key);
            self.settle();
        }
    }

    /// A move typed, then RETURN.
    fn typed(&mut self, text: &str) {
        let keys: Vec<Key> = text.bytes().map(Key::from_ascii).chain([Key::Fire]).collect();
        self.press(&keys);
    }

    /// The cursor keys that take the cursor to `square` (board not flipped).
    fn cursor_to(&mut self, square: &str) {
        let b = square.as_bytes();
        let target = Tile::from_name([b[0], b[1]]).expect("a square's name");
        let at = self.app.cursor();
        let (dx, dy) = (target.column() as i8 - at.column() as i8, target.row() as i8 - at.row() as i8);
        let across = if dx > 0 { Key::Right } else { Key::Left };
        let down = if dy > 0 { Key::Down } else { Key::Up };
        let keys: Vec<Key> = std::iter::repeat_n(across, dx.unsigned_abs() as usize)
            .chain(std::iter::repeat_n(down, dy.unsigned_abs() as usize))
            .collect();
        self.press(&keys);
        assert_eq!(self.app.cursor(), target, "the cursor reached {square}");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use c64::layout::{ATTACKER, BOARD_COL, BOARD_ROW, DEFENDER, DESTINATION, HINT, LAST_MOVE, SELECTED, SQUARE_AT};

    /// The paper of a square's top-left cell: its ring (board not flipped).
    fn ring(screen: &ScreenBuffer, square: &str) -> u8 {
        let b = square.as_bytes();
        let (file, row) = ((b[0] - b'a') as usize, (b'8' - b[1]) as usize);
        screen.attr(BOARD_COL + SQUARE_AT[file], BOARD_ROW + SQUARE_AT[row]) & 15
    }

    fn text(screen: &ScreenBuffer) -> String {
        let mut s = String::new();
        screen.write_text(&mut s).unwrap();
        s
    }

    /// Each scene shows what its name says (the pictures themselves are
    /// compared in `picture::tests`).
    #[test]
    fn the_scenes_show_what_they_say() {
        let start = text(&Scene::Start.screen());
        assert!(start.contains("White to move") && start.contains("CPU L1"), "{start}");
        let screen = Scene::Game.screen();
        let game = text(&screen);
        assert!(game.contains("6. Bc4xf7+") && game.contains("6...Ke8-e7") && game.contains("CPU L1"), "{game}");
        assert_eq!([ring(&screen, "e8"), ring(&screen, "e7")], [LAST_MOVE; 2], "the computer's move");
        assert_eq!([ring(&screen, "c3"), ring(&screen, "d5")], [SELECTED, DESTINATION]);
        let mate = text(&Scene::Checkmate.screen());
        assert!(mate.contains("7. Nc3-d5#") && mate.contains("GAME OVER") && mate.contains("White wins"), "{mate}");
        assert!(text(&Scene::Menu.screen()).contains("Resume"));
        assert!(text(&Scene::Chooser.screen()).contains("Knight"));
        for scene in [Scene::OverlayA, Scene::OverlayD, Scene::OverlayB] {
            assert!(text(&scene.screen()).contains("3. Bf1-b5"), "{scene:?}");
        }
        assert_eq!(ring(&Scene::OverlayA.screen(), "b5"), ATTACKER);
        assert_eq!(ring(&Scene::OverlayD.screen(), "c6"), DEFENDER);
        let b = Scene::OverlayB.screen();
        let e5 = (BOARD_COL + SQUARE_AT[4], BOARD_ROW + SQUARE_AT[3] + 2);
        assert_eq!([b.glyph(e5.0, e5.1), b.glyph(e5.0 + 2, e5.1)], [b'1', b'1'], "e5: Nf3 and Nc6");
        let hint = Scene::Hint.screen();
        assert_eq!([ring(&hint, "g8"), ring(&hint, "f6")], [HINT; 2], "{}", text(&hint));
        assert!(text(&hint).contains("Best g8f6") && text(&hint).contains("Black to move"), "{}", text(&hint));
        let timed = text(&Scene::Timed.screen());
        assert!(
            timed.contains("W 0:16 B 0:00") && timed.contains("CPU 15s") && timed.contains("Nodes/s    960"),
            "{timed}"
        );
        let setup = text(&Scene::Setup.screen());
        assert!(
            setup.contains("SET UP") && setup.contains("the side not") && setup.contains("S=side White"),
            "{setup}"
        );
        let names: Vec<String> = Scene::value_variants().iter().map(|s| s.name()).collect();
        assert_eq!(
            names,
            [
                "start",
                "game",
                "checkmate",
                "menu",
                "chooser",
                "overlay-a",
                "overlay-d",
                "overlay-b",
                "hint",
                "timed",
                "setup"
            ]
        );
    }
}
