//! Whole games through the UI's two traits: keys in, screen out.
//!
//! Each named scene is compared with `tests/snapshots/<name>.txt`: the 40 × 25
//! screen as text, then the ink and paper colours of every cell as letters
//! (see `c64::screen::colour::LETTERS`: `l` light grey and `d` dark grey are
//! the squares, `g` green / `r` red / `p` purple / `b` blue / `c` cyan the
//! cursor and marks, `R` / `G` the A / D rings). `UPDATE_SNAPSHOTS=1 cargo
//! test -p c64` rewrites them; review every change by eye before keeping it.

use std::collections::VecDeque;
use std::fmt::Write as _;

use c64::layout::*;
use c64::{App, Disk, DiskError, Input, Key, Message, Mode, Screen, ScreenBuffer, Step};
use engine_core::game::{Game, Outcome, Player, Tile, RECORD_LEN};
use engine_core::piece::{Color, Piece, EMPTY};
use engine_core::tt::InPlace;
use engine_core::{Position, Searcher};

/// Keys from a queue.
#[derive(Default)]
struct Keys {
    queue: VecDeque<Key>,
    polls: u32,
    /// Deliver `Key::Other(0)` on this poll (counted from 1), to stop a search.
    interrupt_at: Option<u32>,
    /// Stack-guard questions answered so far.
    stack_asks: u32,
    /// Answer "the stack is full" from this question on (counted from 1).
    stack_full_at: Option<u32>,
    /// The clock, in jiffies: advanced by `jiffies_a_poll` at every poll.
    clock: u16,
    jiffies_a_poll: u16,
    /// The disk: the game kept on it, if any, and the failure its next
    /// save or load meets, if any (`None` in both: no disk at all).
    disk: Option<Vec<u8>>,
    disk_fails: Option<DiskError>,
}

impl Input for Keys {
    fn poll(&mut self) -> Option<Key> {
        self.polls += 1;
        self.clock = self.clock.wrapping_add(self.jiffies_a_poll);
        if self.interrupt_at == Some(self.polls) {
            return Some(Key::Other(0));
        }
        self.queue.pop_front()
    }

    fn clock(&mut self) -> u16 {
        self.clock
    }

    fn stack_ok(&mut self) -> bool {
        self.stack_asks += 1;
        self.stack_full_at.is_none_or(|at| self.stack_asks < at)
    }
}

impl Disk for Keys {
    fn save(&mut self, record: &[u8]) -> Result<(), DiskError> {
        match (self.disk_fails.take(), &mut self.disk) {
            (Some(e), _) => Err(e),
            (None, Some(kept)) => {
                *kept = record.to_vec();
                Ok(())
            }
            (None, None) => Err(DiskError::NoDisk),
        }
    }

    fn load(&mut self, into: &mut [u8; RECORD_LEN]) -> Result<usize, DiskError> {
        match (self.disk_fails.take(), &self.disk) {
            (Some(e), _) => Err(e),
            (None, Some(kept)) if kept.is_empty() => Err(DiskError::NoFile),
            (None, Some(kept)) => {
                let n = kept.len().min(into.len());
                into[..n].copy_from_slice(&kept[..n]);
                Ok(n)
            }
            (None, None) => Err(DiskError::NoDisk),
        }
    }
}

/// A screen that also counts writes to the node counter's row, and keeps
/// the panel's thinking rows as the last progress report showed them.
#[derive(Default)]
struct Counting {
    buffer: ScreenBuffer,
    node_digits: u32,
    thinking: Vec<String>,
    /// The depths the display showed while searching, each once, in order.
    depths: Vec<String>,
}

impl Screen for Counting {
    fn put(&mut self, col: u8, row: u8, glyph: u8, attr: u8) {
        if row == ROW_NODES && col >= NODES_COL && glyph.is_ascii_digit() {
            self.node_digits += 1;
        }
        self.buffer.put(col, row, glyph, attr);
    }

    fn show(&mut self, busy: bool) {
        if busy {
            self.thinking = (ROW_TYPED..=ROW_RATE)
                .map(|row| (PANEL..PANEL + PANEL_WIDTH).map(|col| self.buffer.text_char(col, row)).collect())
                .collect();
            let depth = self.thinking[(ROW_DEPTH - ROW_TYPED) as usize][..8].to_string();
            if depth.trim() != "Depth" && self.depths.last() != Some(&depth) {
                self.depths.push(depth);
            }
        }
    }
}

struct Session {
    app: App,
    screen: Counting,
    keys: Keys,
}

impl Session {
    fn new(game: Game) -> Session {
        let mut s = Session { app: App::new(game), screen: Counting::default(), keys: Keys::default() };
        s.settle();
        s
    }

    /// Two humans, from a FEN (or the start).
    fn humans(fen: Option<&str>) -> Session {
        let mut game = fen.map(|f| Game::from_fen(f).unwrap()).unwrap_or_default();
        game.set_player(Color::Black, Player::Human);
        Session::new(game)
    }

    /// Run steps until the app waits for a key.
    fn settle(&mut self) {
        for _ in 0..1000 {
            match self.app.step(&mut self.screen, &mut self.keys) {
                Step::Idle => return,
                Step::Busy => {}
                Step::Quit => panic!("quit"),
                disk @ (Step::Save | Step::Load) => self.app.use_disk(disk, &mut self.keys),
            }
        }
        panic!("the app never went idle");
    }

    /// Press keys one at a time, letting the app settle after each.
    fn press(&mut self, keys: &[Key]) {
        for &k in keys {
            self.keys.queue.push_back(k);
            self.settle();
        }
    }

    /// Type text (as on the host's keyboard) and press RETURN.
    fn typed(&mut self, text: &str) {
        let keys: Vec<Key> = text.bytes().map(Key::from_ascii).chain([Key::Fire]).collect();
        self.press(&keys);
    }

    fn screen(&self) -> &ScreenBuffer {
        &self.screen.buffer
    }

    fn text(&self) -> String {
        let mut s = String::new();
        self.screen().write_text(&mut s).unwrap();
        s
    }

    /// The paper colour of the middle cell of a square (unflipped board).
    fn paper(&self, square: &str) -> u8 {
        let b = square.as_bytes();
        let (file, row) = (b[0] - b'a', b'8' - b[1]);
        self.screen().attr(BOARD_COL + SQUARE_AT[file as usize] + 1, BOARD_ROW + SQUARE_AT[row as usize] + 1) & 15
    }

    /// The paper colour of a square's top-left cell (its ring).
    fn ring(&self, square: &str) -> u8 {
        let b = square.as_bytes();
        let (file, row) = (b[0] - b'a', b'8' - b[1]);
        self.screen().attr(BOARD_COL + SQUARE_AT[file as usize], BOARD_ROW + SQUARE_AT[row as usize]) & 15
    }

    fn snapshot(&self, name: &str, what: &str) {
        self.c64_shows_every_cell_exactly(name);
        let mut text = format!("# {name}: {what}\n");
        self.screen().write_snapshot(&mut text).unwrap();
        let path = format!("{}/tests/snapshots/{name}.txt", env!("CARGO_MANIFEST_DIR"));
        if std::env::var_os("UPDATE_SNAPSHOTS").is_some() {
            std::fs::write(&path, &text).unwrap();
            return;
        }
        let stored = std::fs::read_to_string(&path)
            .unwrap_or_else(|_| panic!("no snapshot {path}: run with UPDATE_SNAPSHOTS=1 and review it"));
        if stored != text {
            let mut diff = String::new();
            for (i, (a, b)) in stored.lines().zip(text.lines()).enumerate() {
                if a != b {
                    writeln!(diff, "line {i}\n  stored: {a}\n  now:    {b}").unwrap();
                }
            }
            panic!("snapshot {name} differs:\n{diff}");
        }
    }
}

impl Session {
    /// The C64's character screen shows each cell of this screen as the UI
    /// drew it, pixel for pixel, White's men in outline (`c64::charset`):
    /// checked at every snapshot.
    fn c64_shows_every_cell_exactly(&self, name: &str) {
        // A stand-in for the ROM's characters: blank space, every other
        // screen code its own non-blank pattern.
        let rom = |code: u8| {
            let mut x = (code as u32).wrapping_mul(2_654_435_761) | 1;
            [0u8; 8].map(|_| {
                x ^= x << 13;
                x ^= x >> 17;
                x ^= x << 5;
                if code == 32 {
                    0
                } else {
                    x as u8 | 0x10
                }
            })
        };
        for row in 0..25 {
            for col in 0..40 {
                let (glyph, attr) = (self.screen().glyph(col, row), self.screen().attr(col, row));
                assert!(
                    c64::charset::faithful(glyph, attr, rom),
                    "{name}: cell ({col}, {row}), glyph {glyph}, attr {attr:02x}"
                );
            }
        }
    }
}

use Key::*;

/// The tile a square's name names (`"e4"`).
fn tile(name: &str) -> Tile {
    let b = name.as_bytes();
    Tile::from_name([b[0], b[1]]).expect("a square's name")
}

fn ch(c: u8) -> Key {
    Key::Char(c)
}

/// Four cells that name a move's squares, as `e2e4`.
fn is_move_text(cells: &str) -> bool {
    let b = cells.as_bytes();
    b.len() == 4 && b.chunks(2).all(|sq| (b'a'..=b'h').contains(&sq[0]) && (b'1'..=b'8').contains(&sq[1]))
}

/// The panel's row `row` as text.
fn panel_row(text: &str, row: u8) -> String {
    let line = format!("{:40}", text.lines().nth(row as usize).unwrap());
    line[PANEL as usize..(PANEL + PANEL_WIDTH) as usize].to_string()
}

#[test]
fn start_position() {
    let s = Session::new(Game::new());
    s.snapshot("start", "new game, White human, Black computer level 1, cursor (green) on e2");
    let text = s.text();
    assert!(text.contains("White to move"));
    assert!(text.contains("CPU L1"));
    assert_eq!(s.paper("e2"), CURSOR_MOVABLE);
    assert_eq!(s.paper("e4"), LIGHT_SQUARE);
    assert_eq!(s.paper("d4"), DARK_SQUARE);
}

/// The C64 starts its interface in place (`App::unstarted`, then
/// `App::reset`) rather than from `App::new(Game::new())`: the same
/// screen, and `reset` brings back the same game and text from any state.
#[test]
fn reset_in_place_is_a_new_game() {
    let mut app = App::unstarted(Searcher::unstarted(InPlace::new()));
    app.reset();
    let mut s = Session { app, screen: Counting::default(), keys: Keys::default() };
    s.settle();
    s.snapshot("start", "new game, White human, Black computer level 1, cursor (green) on e2");
    let fresh = s.text();
    // Moves, an overlay, a selection, a level, the menu open: all undone.
    s.typed("e2e4");
    s.settle();
    s.press(&[ch(b'b'), Right, Fire]);
    assert_ne!(s.text(), fresh);
    s.app.reset();
    s.settle();
    assert_eq!(s.text(), fresh);
    assert_eq!(*s.app.game().position(), Position::startpos());
    assert_eq!(s.app.game().player(Color::Black), Player::Computer);
}

#[test]
fn selection_and_destinations() {
    let mut s = Session::humans(None);
    s.press(&[Fire]);
    assert_eq!(s.app.selected(), Some(tile("e2")));
    assert_eq!(s.paper("e2"), SELECTED);
    assert_eq!(s.ring("e3"), DESTINATION);
    assert_eq!(s.ring("e4"), DESTINATION);
    assert_eq!(s.paper("e3"), DARK_SQUARE, "a destination's middle keeps the square colour");
    s.snapshot("select_e2", "e2 selected (blue), e3 and e4 ringed in cyan");
    s.press(&[Up]);
    assert_eq!(s.paper("e3"), DESTINATION, "the cursor on a destination is cyan");
    s.press(&[Up, Up]);
    assert_eq!(s.paper("e5"), CURSOR_STUCK, "the cursor where the selected man cannot go is red");
    s.press(&[Left, Down, Down, Down]);
    assert_eq!(s.paper("d2"), CURSOR_MOVABLE, "another movable man is green");
    s.press(&[Fire]);
    assert_eq!(s.app.selected(), Some(tile("d2")), "RETURN on another own man reselects");
    s.press(&[Fire]);
    assert_eq!(s.app.selected(), None, "RETURN on the selected man deselects");
    s.press(&[Down]);
    assert_eq!(s.paper("d1"), CURSOR_STUCK, "a man without moves is red");
    s.press(&[Up, Up, Up, Up, Up, Up]);
    assert_eq!(s.paper("d7"), CURSOR_OTHER, "an enemy man is purple");
    s.press(&[Down, Down]);
    assert_eq!(s.paper("d5"), CURSOR_OTHER, "an empty square is purple");
    s.press(&[Fire]);
    assert_eq!(s.app.message(), Message::NotYours);
    // Wrapping: up from rank 8 goes to rank 1.
    s.press(&[Up, Up, Up, Up]);
    assert_eq!(s.app.cursor(), tile("d1"), "d5 up 4 wraps round to d1");
}

#[test]
fn cursor_move_and_capture() {
    let mut s = Session::humans(None);
    s.typed("e2e4");
    s.typed("d7d5");
    // The cursor is on d5 after Black's move; go to e4, select, capture on d5.
    s.press(&[Down, Right, Fire, Up, Left]);
    assert_eq!(s.paper("d5"), DESTINATION);
    s.press(&[Fire]);
    assert_eq!(s.app.game().piece_at(tile("d5")), Piece::new(engine_core::piece::PAWN, Color::White));
    assert!(s.text().contains("  2. e4xd5"));
    s.snapshot("capture", "1.e4 d5 2.exd5 played with the cursor; the log shows the capture");
}

#[test]
fn castling_with_the_cursor() {
    let mut s = Session::humans(Some("r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1"));
    s.press(&[Down, Fire]);
    assert_eq!(s.ring("g1"), DESTINATION);
    assert_eq!(s.ring("c1"), DESTINATION);
    s.press(&[Right, Right, Fire]);
    assert_eq!(s.app.game().piece_at(tile("g1")), Piece::new(engine_core::piece::KING, Color::White));
    assert_eq!(s.app.game().piece_at(tile("f1")), Piece::new(engine_core::piece::ROOK, Color::White));
    assert!(s.text().contains("  1. O-O\n"));
    s.snapshot("castle", "White castles king side with the cursor: king g1, rook f1");
}

#[test]
fn en_passant_with_the_cursor() {
    let mut s = Session::humans(Some("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2"));
    // Cursor starts on e2; go to e5, select, take on d6.
    s.press(&[Up, Up, Up, Fire]);
    assert_eq!(s.ring("d6"), DESTINATION);
    s.press(&[Up, Left, Fire]);
    assert_eq!(s.app.game().piece_at(tile("d5")), EMPTY, "the d5 pawn is gone");
    assert!(s.text().contains("  2. e5xd6"));
    s.snapshot("en_passant", "exd6 en passant: the d5 pawn has gone");
}

#[test]
fn promotion_through_the_chooser() {
    let mut s = Session::humans(Some("4k3/1P5p/8/8/8/8/8/4K3 w - - 0 1"));
    s.press(&[Up, Up, Up, Up, Up, Left, Left, Left, Fire, Up]);
    assert_eq!(s.paper("b8"), DESTINATION);
    s.press(&[Fire]);
    assert_eq!(s.app.mode(), Mode::Promotion);
    s.snapshot("promotion_chooser", "b7-b8: the chooser offers Queen (highlighted), Rook, Bishop, Knight");
    s.press(&[Down, Down, Down]);
    s.press(&[Fire]);
    assert_eq!(s.app.mode(), Mode::Board);
    assert_eq!(s.app.game().piece_at(tile("b8")), Piece::new(engine_core::piece::KNIGHT, Color::White));
    assert!(s.text().contains("  1. b7-b8N"));
    s.snapshot("promotion_knight", "the pawn became a knight; log b7-b8N");
}

#[test]
fn promotion_chooser_cancel_and_typed_suffix() {
    let mut s = Session::humans(Some("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1"));
    s.typed("b7b8");
    assert_eq!(s.app.mode(), Mode::Promotion, "typed without a suffix asks");
    s.press(&[Back]);
    assert_eq!(s.app.mode(), Mode::Board);
    assert_eq!(
        s.app.game().piece_at(tile("b7")),
        Piece::new(engine_core::piece::PAWN, Color::White),
        "cancelled: nothing moved"
    );
    s.typed("b7b8r");
    assert_eq!(s.app.game().piece_at(tile("b8")), Piece::new(engine_core::piece::ROOK, Color::White));
    let mut s = Session::humans(Some("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1"));
    s.typed("b7b8");
    s.press(&[ch(b'b')]);
    assert_eq!(
        s.app.game().piece_at(tile("b8")),
        Piece::new(engine_core::piece::BISHOP, Color::White),
        "a letter in the chooser picks directly"
    );
}

#[test]
fn undo_and_redo() {
    let mut s = Session::humans(None);
    s.typed("e2e4");
    s.typed("e7e5");
    s.press(&[ch(b'u')]);
    assert_eq!(s.app.game().side_to_move(), Color::Black);
    assert_eq!(s.app.cursor(), tile("e7"), "the cursor goes to the undone move's origin, e7");
    s.snapshot("undo", "two humans, 1.e4 e5 then U: Black to move again, e5 back on e7");
    s.press(&[ch(b'r')]);
    assert_eq!(s.app.game().side_to_move(), Color::White);
    s.snapshot("redo", "then R: 1...e5 replayed, cursor on e5");
    s.press(&[ch(b'r')]);
    assert_eq!(s.app.message(), Message::NoRedo);
    s.press(&[ch(b'u'), ch(b'u'), ch(b'u')]);
    assert_eq!(s.app.message(), Message::NoUndo);
    assert_eq!(*s.app.game().position(), Position::startpos());
}

#[test]
fn computer_reply_and_undo_against_it() {
    let mut s = Session::new(Game::new());
    s.typed("e2e4");
    // Seed 0: the opening table's first reply.
    assert_eq!(s.app.game().side_to_move(), Color::White);
    assert!(s.text().contains("  1...e7-e5"), "{}", s.text());
    assert_eq!(s.ring("e7"), LAST_MOVE, "the computer's move is ringed in yellow");
    assert_eq!(s.ring("e5"), LAST_MOVE);
    assert_eq!(s.app.cursor(), tile("e4"), "the cursor stays where the human left it");
    s.snapshot(
        "computer_reply",
        "1.e4 typed; the computer (level 1, seed 0) answered e5 from its table, ringed yellow",
    );
    s.press(&[ch(b'u')]);
    assert_eq!(*s.app.game().position(), Position::startpos(), "one undo takes back both plies");
    assert_eq!(s.app.cursor(), tile("e2"));
    s.press(&[ch(b'r')]);
    assert_eq!(s.app.game().side_to_move(), Color::White);
    assert!(s.text().contains("  1...e7-e5"));
}

/// After 1.e4 e5 2.Nf3 Nc6 3.Bb5, the cursor on e5.
fn ruy_lopez() -> Session {
    let mut s = Session::humans(Some("r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3"));
    // Cursor starts on e7 (Black human to move): down two to e5.
    s.press(&[Down, Down]);
    assert_eq!(s.app.cursor(), tile("e5"));
    s
}

#[test]
fn attackers_overlay() {
    let mut s = ruy_lopez();
    s.press(&[ch(b'a')]);
    assert_eq!(s.ring("f3"), ATTACKER, "Nf3 attacks e5");
    assert_eq!(s.ring("c6"), LIGHT_SQUARE);
    s.snapshot("overlay_a", "A on e5: White's Nf3 ringed light red");
    // A follows the cursor: Black's Nc6 is attacked by White's Bb5.
    s.press(&[Up, Left, Left]);
    assert_eq!(s.ring("b5"), ATTACKER);
    assert_eq!(s.ring("f3"), LIGHT_SQUARE);
    s.press(&[ch(b'a'), ch(b'x')]);
    assert_eq!(s.ring("b5"), LIGHT_SQUARE, "A again switches it off");
}

#[test]
fn defenders_overlay() {
    let mut s = ruy_lopez();
    s.press(&[ch(b'd'), Other(0)]);
    assert_eq!(s.ring("c6"), DEFENDER, "Nc6 defends e5");
    assert_eq!(s.ring("f3"), LIGHT_SQUARE);
    s.snapshot("overlay_d", "D on e5: Black's Nc6 ringed light green");
}

#[test]
fn board_overlay() {
    let mut s = ruy_lopez();
    s.press(&[ch(b'b'), Other(0)]);
    // e5 (cursor) is attacked once by each side: White's Nf3, Black's Nc6.
    let (col, row) = (BOARD_COL + SQUARE_AT[4], BOARD_ROW + SQUARE_AT[3]);
    assert_eq!(s.screen().glyph(col, row + 2), b'1');
    assert_eq!(s.screen().glyph(col + 2, row + 2), b'1');
    s.snapshot("overlay_b", "B: per square, White's attackers bottom left (white on black), Black's bottom right");
    s.press(&[ch(b'b'), Other(0)]);
    assert_ne!(s.screen().glyph(col, row + 2), b'1', "B again switches it off");
}

#[test]
fn typed_move_starting_with_an_overlay_letter() {
    let mut s = Session::humans(None);
    s.typed("b1c3");
    assert_eq!(s.app.game().piece_at(tile("c3")), Piece::new(engine_core::piece::KNIGHT, Color::White));
    s.typed("d7d5");
    s.typed("a2a4");
    assert_eq!(s.app.game().piece_at(tile("a4")), Piece::new(engine_core::piece::PAWN, Color::White));
    // No display was left on.
    assert_eq!(s.ring("c3"), DARK_SQUARE);
}

#[test]
fn illegal_and_malformed_typed_moves_change_nothing() {
    let mut s = Session::humans(None);
    s.typed("e2e5");
    assert_eq!(s.app.message(), Message::Illegal);
    assert_eq!(*s.app.game().position(), Position::startpos());
    s.snapshot("illegal", "e2e5 typed: 'Illegal move', nothing changed");
    s.typed("e9e4");
    assert_eq!(s.app.message(), Message::NotAMove);
    s.typed("hello");
    assert_eq!(s.app.message(), Message::NotAMove);
    s.typed("e2e4k");
    assert_eq!(s.app.message(), Message::NotAMove);
    // Backspace edits.
    s.press(&[ch(b'e'), ch(b'2'), ch(b'e'), ch(b'5'), Delete, ch(b'4'), Fire]);
    assert_eq!(s.app.game().side_to_move(), Color::Black);
    assert_eq!(*s.app.game().position(), {
        let mut g = Game::new();
        g.play(g.find_move(tile("e2"), tile("e4"), 0).unwrap()).unwrap();
        g.position().clone()
    });
}

#[test]
fn fools_mate() {
    let mut s = Session::humans(None);
    for m in ["f2f3", "e7e5", "g2g4", "d8h4"] {
        s.typed(m);
    }
    assert_eq!(s.app.game().outcome(), Outcome::Checkmate);
    let text = s.text();
    assert!(text.contains("GAME OVER") && text.contains("Checkmate") && text.contains("Black wins"), "{text}");
    assert!(text.contains("  2...Qd8-h4#"));
    s.snapshot("checkmate", "fool's mate: GAME OVER, Checkmate, Black wins");
    s.press(&[Fire]);
    assert_eq!(s.app.message(), Message::GameOver);
    // Undo reopens the game.
    s.press(&[ch(b'u')]);
    assert!(s.text().contains("Black to move"));
}

#[test]
fn stalemate() {
    let mut s = Session::humans(Some("k7/8/8/1Q6/8/8/8/4K3 w - - 0 60"));
    s.typed("b5b6");
    assert_eq!(s.app.game().outcome(), Outcome::Stalemate);
    let text = s.text();
    assert!(text.contains("GAME OVER") && text.contains("Stalemate") && text.contains("Draw"), "{text}");
    s.snapshot("stalemate", "Qb6 stalemates: GAME OVER, Stalemate, Draw");
}

#[test]
fn draws_are_announced() {
    let mut s = Session::humans(Some("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1"));
    s.typed("b7b8n");
    assert!(s.text().contains("No material") && s.text().contains("Draw"));
    assert!(s.text().contains("  1. b7-b8N="));
    let mut s = Session::humans(Some("4k3/8/8/8/8/8/8/R3K3 w - - 99 80"));
    s.typed("a1a2");
    assert!(s.text().contains("50-move rule"), "{}", s.text());
    let mut s = Session::humans(None);
    for m in ["g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8"] {
        s.typed(m);
    }
    assert!(s.text().contains("Repetition"), "{}", s.text());
    let mut s = Session::humans(Some("r3k3/8/8/8/8/8/8/4K3 b q - 0 1"));
    s.typed("e8c8");
    assert!(s.text().contains("  1...O-O-O"), "{}", s.text());
}

#[test]
fn check_is_announced() {
    let mut s = Session::humans(None);
    for m in ["e2e4", "f7f6", "d1h5"] {
        s.typed(m);
    }
    assert!(s.text().contains("Check!"));
    assert!(s.text().contains("  2. Qd1-h5+"));
}

#[test]
fn human_mates_the_computer() {
    let mut s = Session::new(Game::from_fen("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1").unwrap());
    s.typed("d1d8");
    assert_eq!(s.app.game().outcome(), Outcome::Checkmate);
    assert!(s.text().contains("White wins"));
}

/// The menu's Pause: on at start, off and on again with RETURN; each entry
/// highlighted in turn shows faithfully on the C64 (its inverted text is in
/// the character set).
#[test]
fn the_menu_pause_and_every_highlighted_entry() {
    let mut s = Session::humans(None);
    assert!(s.app.pause(), "on at start");
    s.press(&[ch(b'm')]);
    for _ in 0..10 {
        s.c64_shows_every_cell_exactly("a highlighted menu entry");
        s.press(&[Down]);
    }
    // Ten entries: Down ten times comes back to Resume; Up once is Quit,
    // twice Board setup, three times Ponder, four times Pause.
    s.press(&[Up, Up, Up, Up, Fire]);
    assert!(!s.app.pause(), "RETURN on Pause turns it off");
    assert!(s.text().contains("Pause  off"), "{}", s.text());
    s.press(&[Fire]);
    assert!(s.app.pause());
    s.press(&[Back]);
    assert_eq!(s.app.mode(), Mode::Board);
    assert!(s.app.pause(), "kept when the menu closes");
}

/// `take_pause` asks the platform to wait once after each move of a
/// computer playing both sides, with Pause on; never against a human.
#[test]
fn a_pause_is_due_after_each_move_of_the_computer_against_itself() {
    let (mut screen, mut keys) = (ScreenBuffer::new(), Keys::default());
    let mut game = Game::new();
    game.set_player(Color::White, Player::Computer);
    game.set_player(Color::Black, Player::Human);
    let mut app = App::new(game);
    app.step(&mut screen, &mut keys);
    assert_eq!(app.game().side_to_move(), Color::Black, "the computer has moved");
    assert!(!app.take_pause(), "after a move against a human");
    let mut game = Game::new();
    game.set_player(Color::White, Player::Computer);
    let mut app = App::new(game);
    for ply in 1..=3 {
        app.step(&mut screen, &mut keys);
        assert_eq!(app.game().position().history_len(), ply, "one step, one move");
        assert!(app.take_pause(), "after ply {ply}");
        assert!(!app.take_pause(), "once");
    }
    // Pause off (the menu's entry, tested above): none.
    keys.queue.extend([ch(b'm'), Up, Up, Up, Up, Fire, Back]);
    while !keys.queue.is_empty() {
        app.step(&mut screen, &mut keys);
    }
    assert!(!app.pause());
    app.step(&mut screen, &mut keys);
    assert_eq!(app.game().position().history_len(), 4);
    assert!(!app.take_pause());
}

#[test]
fn the_menu() {
    let mut s = Session::humans(None);
    s.press(&[ch(b'm')]);
    assert_eq!(s.app.mode(), Mode::Menu);
    s.snapshot("menu", "M: the menu in the panel, Resume highlighted");
    // White -> Computer, Black stays Human, level up to 3, then resume: the
    // computer moves at once.
    s.press(&[Down, Down, Fire]);
    assert_eq!(s.app.game().player(Color::White), Player::Computer);
    s.press(&[Down, Down, Right, Right]);
    assert_eq!(s.app.game().level(), 3);
    s.press(&[Left]);
    assert_eq!(s.app.game().level(), 2);
    s.snapshot("menu_changed", "White set to Computer, level 2, the Level entry highlighted");
    s.press(&[Up, Up, Up, Up, Fire]);
    assert_eq!(s.app.mode(), Mode::Board);
    assert_eq!(s.app.game().side_to_move(), Color::Black, "the computer played White's first move");
    // New game from the menu keeps the players.
    s.press(&[Back, Down, Fire]);
    assert_eq!(s.app.game().player(Color::White), Player::Computer);
    assert_eq!(s.app.game().side_to_move(), Color::Black, "and the computer opened again");
    // Quit.
    s.keys.queue.push_back(ch(b'm'));
    assert_eq!(s.app.step(&mut s.screen, &mut s.keys), Step::Busy);
    s.keys.queue.extend([Up, Fire]);
    s.app.step(&mut s.screen, &mut s.keys);
    assert_eq!(s.app.step(&mut s.screen, &mut s.keys), Step::Quit);
}

#[test]
fn flipped_board() {
    let mut s = Session::humans(None);
    s.press(&[ch(b'm'), Down, Down, Down, Down, Down, Fire, Back]);
    assert!(s.app.flipped());
    s.snapshot("flipped", "Flip board: Black at the bottom, files h..a, ranks 1..8 downwards");
    // Up on the screen is down the ranks now.
    s.press(&[Up]);
    assert_eq!(s.app.cursor(), tile("e1"), "e2 -> e1 when flipped");
    // Black-only human starts flipped, the cursor on e7.
    let mut game = Game::new();
    game.set_player(Color::White, Player::Computer);
    game.set_player(Color::Black, Player::Human);
    let app = App::new(game);
    assert!(app.flipped());
    assert_eq!(app.cursor(), tile("e7"));
}

/// An Italian opening with the computer (level 4) to move as White.
fn computer_to_move() -> Session {
    let mut game = Game::from_fen("r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4").unwrap();
    game.set_player(Color::White, Player::Computer);
    game.set_player(Color::Black, Player::Human);
    game.set_level(4);
    Session { app: App::new(game), screen: Counting::default(), keys: Keys::default() }
}

#[test]
fn any_key_makes_the_computer_move_now() {
    let mut s = computer_to_move();
    s.settle();
    // The search ran with no key: it used the level's budget.
    assert_eq!(s.app.game().side_to_move(), Color::Black);
    let full = s.keys.polls;
    assert!(s.screen.node_digits > 10, "the node count was drawn while thinking");
    // Drawn with the other figures (a new best move, an iteration; the
    // clock stands still here, so no new second), not at every poll: its
    // digits cost the C64 about 10,000 cycles a poll.
    assert!(s.screen.node_digits * 10 < full, "{} digits drawn in {full} polls", s.screen.node_digits);
    // The last report: depth and score, the count right-aligned to the
    // panel's edge, the best move so far and the reply expected; the clock
    // stood still, so no second ended.
    let [think, depth, nodes, best, rate] = &s.screen.thinking[..] else {
        panic!("five rows: {:?}", s.screen.thinking)
    };
    assert_eq!(think, "Thinking...   ");
    assert!(depth.starts_with("Depth") && depth[5..8].trim().parse::<u8>().unwrap() >= 2, "{depth:?}");
    let count: u32 = nodes["Nodes".len()..].trim().parse().unwrap();
    assert!(nodes.starts_with("Nodes") && nodes.ends_with(&count.to_string()), "{nodes:?}");
    assert!(count > 16 && count <= 65_000, "level 4's budget is 65,000 nodes: {count}");
    // The reply is blank when the best move changed after the last
    // completed iteration (a new best has no known reply yet).
    let reply = &best[10..14];
    assert!(is_move_text(&best[5..9]) && (is_move_text(reply) || reply.trim().is_empty()), "{best:?}");
    assert_eq!(rate, "Nodes/s       ");
    // After the search the figures stay: the move played is the best shown.
    let text = s.text();
    let shown = |row: u8| panel_row(&text, row);
    assert_eq!(shown(ROW_TYPED).trim(), "", "the typed-move row is free again");
    assert!(shown(ROW_DEPTH).starts_with("Depth"), "{text}");
    let played = s.app.game().log_line(1).unwrap();
    let played = format!("{}{}", played.from, played.to);
    assert_eq!(&shown(ROW_BEST)[5..9], played, "{text}");
    // Again, with a key on the 5th poll of the search.
    let mut s2 = computer_to_move();
    s2.keys.interrupt_at = Some(6);
    s2.settle();
    assert_eq!(s2.app.game().side_to_move(), Color::Black, "a move was still played");
    assert!(s2.keys.polls < full / 4, "stopped early: {} polls against {full}", s2.keys.polls);
}

#[test]
fn a_full_stack_makes_the_computer_play_its_banked_move() {
    let mut s = computer_to_move();
    s.settle();
    let full = s.keys.stack_asks;
    assert!(full > 1000, "the guard is asked at every node: {full}");
    assert_eq!(s.app.message(), Message::None);
    // The guard trips on its 200th question: the search stops there.
    let mut s2 = computer_to_move();
    s2.keys.stack_full_at = Some(200);
    s2.settle();
    assert_eq!(s2.app.game().side_to_move(), Color::Black, "a legal move was still played");
    assert!(s2.app.game().can_undo());
    assert_eq!(s2.app.message(), Message::StackFull);
    assert!(s2.keys.stack_asks <= 201, "stopped at once: {} questions", s2.keys.stack_asks);
    let mut text = String::new();
    s2.screen.buffer.write_text(&mut text).unwrap();
    assert!(text.contains("Stack full"), "{text}");
}

#[test]
fn computer_against_computer_is_interruptible_between_moves() {
    let mut game = Game::new();
    game.set_player(Color::White, Player::Computer);
    let mut s = Session { app: App::new(game), screen: Counting::default(), keys: Keys::default() };
    s.keys.queue.push_back(ch(b'm'));
    // The first step takes the key: the menu opens before any move.
    assert_eq!(s.app.step(&mut s.screen, &mut s.keys), Step::Busy);
    assert_eq!(s.app.mode(), Mode::Menu);
    s.settle();
    assert_eq!(s.app.game().side_to_move(), Color::White, "nobody moves while the menu is open");
}

/// A small deterministic generator for the garbage test.
fn lcg(state: &mut u32) -> u32 {
    *state = state.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
    *state >> 16
}

#[test]
fn garbage_keys_are_never_fatal() {
    let keys = [
        Up,
        Down,
        Left,
        Right,
        Fire,
        Fire,
        Fire,
        Back,
        Menu,
        Delete,
        Other(7),
        Other(255),
        ch(b'u'),
        ch(b'r'),
        ch(b'a'),
        ch(b'd'),
        ch(b'b'),
        ch(b'e'),
        ch(b'2'),
        ch(b'4'),
        ch(b'z'),
        ch(b'n'),
        ch(b'm'),
    ];
    let mut state = 12345u32;
    let mut game = Game::new();
    game.set_seed(7);
    let mut s = Session::new(game);
    for _ in 0..4000 {
        let k = keys[(lcg(&mut state) % keys.len() as u32) as usize];
        s.keys.queue.push_back(k);
        for _ in 0..100 {
            match s.app.step(&mut s.screen, &mut s.keys) {
                Step::Idle => break,
                Step::Busy => {}
                // The menu's Quit entry: start again.
                Step::Quit => {
                    s = Session::new(Game::new());
                    break;
                }
                disk @ (Step::Save | Step::Load) => s.app.use_disk(disk, &mut s.keys),
            }
        }
        // The board frame is always there.
        assert_eq!(s.screen().glyph(RANK_COL, 1), if s.app.flipped() { b'1' } else { b'8' });
    }
}

#[test]
fn the_log_scrolls_and_numbers_black_first_positions() {
    let mut s = Session::humans(Some("4k3/8/8/8/8/8/8/R3K3 b - - 0 30"));
    let moves = ["e8d8", "a1a7", "d8c8", "a7b7", "c8d8", "e1e2", "d8e8", "e2e3", "e8f8", "e3e4", "f8g8", "e4e5"];
    for m in moves {
        s.typed(m);
    }
    let text = s.text();
    assert!(!text.contains("30...Ke8-d8"), "scrolled off:\n{text}");
    assert!(text.contains(" 31...Kd8-c8"));
    assert!(text.contains(" 36. Ke4-e5"));
    s.snapshot("log_scrolled", "12 plies from a Black-to-move FEN at move 30: the last 10 shown");
}

/// The Italian position at a timed level, the clock `jiffies_a_poll` a
/// progress report (one every 16 nodes).
fn timed(level: u8, jiffies_a_poll: u16) -> Session {
    let mut s = computer_to_move();
    s.app = {
        let mut game = Game::from_fen("r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4").unwrap();
        game.set_player(Color::White, Player::Computer);
        game.set_player(Color::Black, Player::Human);
        game.set_level(level);
        App::new(game)
    };
    s.keys.jiffies_a_poll = jiffies_a_poll;
    s
}

#[test]
fn a_timed_level_stops_on_its_clock_and_plays_a_legal_move() {
    // Level 5: 5 s a move, 2T = 600 jiffies at most; 1 jiffy every 16
    // nodes is 960 nodes a second, a fast C64's rate times a few.
    let mut s = timed(5, 1);
    // One step: the computer's search and move (the next steps ponder on
    // the player's time: `pondering_*` below).
    s.app.step(&mut s.screen, &mut s.keys);
    assert_eq!(s.app.game().side_to_move(), Color::Black, "a move was played");
    assert!(s.app.game().can_undo());
    let used = s.keys.clock;
    assert!((120..=601).contains(&used), "between 2T/5 (120) and 2T (600) jiffies: {used}");
    // White's clock shows the time, Black's none; the side to move is Black.
    let text = s.text();
    let clocks = panel_row(&text, ROW_CLOCKS);
    let expected = format!("W{:>2}:{:02} B 0:00 ", used / 3600, used / 60 % 60);
    assert_eq!(clocks, expected, "{text}");
    assert!(panel_row(&text, 0).starts_with(" White CPU 5s"), "{text}");
    // Nodes in the last second: 60 polls of 16 nodes.
    let rate = panel_row(&text, ROW_RATE);
    assert_eq!(rate, "Nodes/s    960", "{text}");
    // The node levels show no clocks.
    let mut s = computer_to_move();
    s.settle();
    assert_eq!(panel_row(&s.text(), ROW_CLOCKS).trim(), "");
}

/// A clock's seconds from its 6 cells, `W 1:23`.
fn clock_seconds(cells: &str) -> u32 {
    let (m, sec) = cells[1..6].trim().split_once(':').unwrap();
    m.parse::<u32>().unwrap() * 60 + sec.parse::<u32>().unwrap()
}

#[test]
fn the_clocks_run_for_the_side_to_move_and_stop_in_the_menu() {
    // Two humans at 15 s a move; 10 jiffies a poll, and each key pressed
    // is two polls (the key's step, then the idle one): 1/3 s a key.
    let mut game = Game::new();
    game.set_player(Color::Black, Player::Human);
    game.set_level(6);
    let mut s = Session::new(game);
    s.keys.jiffies_a_poll = 10;
    for _ in 0..30 {
        s.press(&[Key::Other(0)]);
    }
    let row = panel_row(&s.text(), ROW_CLOCKS);
    // 600 jiffies polled, the last poll's 10 charged at the next step.
    assert_eq!((clock_seconds(&row[..7]), &row[7..]), (9, "B 0:00 "), "{row}");
    s.typed("e2e4");
    let before = panel_row(&s.text(), ROW_CLOCKS);
    // The menu open: nobody's clock runs.
    s.press(&[ch(b'm')]);
    for _ in 0..30 {
        s.press(&[Key::Other(0)]);
    }
    s.press(&[Key::Back]);
    let after = panel_row(&s.text(), ROW_CLOCKS);
    assert_eq!(&after[..7], &before[..7], "White's clock stood still");
    assert!(clock_seconds(&after[7..]) <= 1, "Black's barely moved: {after}");
    // Black thinks: 400 keys, 133 s, past two minutes.
    for _ in 0..400 {
        s.press(&[Key::Other(0)]);
    }
    let row = panel_row(&s.text(), ROW_CLOCKS);
    assert!((133..=135).contains(&clock_seconds(&row[7..])), "{row}");
    assert!(row[7..].starts_with("B 2:1"), "{row}");
}

#[test]
fn a_timed_level_aims_at_its_time_a_move() {
    // Level 6: 15 s a move (900 jiffies) at 960 nodes a second, over a
    // game of 12 moves by the computer against itself.
    let mut game = Game::new();
    game.set_player(Color::White, Player::Computer);
    game.set_level(6);
    game.set_book(false);
    let mut s = Session { app: App::new(game), screen: Counting::default(), keys: Keys::default() };
    s.keys.jiffies_a_poll = 1;
    let mut times = Vec::new();
    while times.len() < 12 {
        let (before, plies) = (s.keys.clock, s.app.game().position().fullmove_number());
        let side = s.app.game().side_to_move();
        s.app.step(&mut s.screen, &mut s.keys);
        if s.app.game().side_to_move() != side {
            times.push(s.keys.clock.wrapping_sub(before));
        }
        assert!(s.app.game().position().fullmove_number() >= plies);
    }
    assert!(times.iter().all(|&t| t <= 1_801), "never past 2T: {times:?}");
    let mean = times.iter().map(|&t| t as u32).sum::<u32>() / times.len() as u32;
    assert!((450..=1_350).contains(&mean), "about T (900) on average: {mean} from {times:?}");
}

#[test]
fn the_until_a_key_level_searches_until_a_key() {
    let mut s = timed(10, 1);
    s.keys.interrupt_at = Some(3_000);
    s.app.step(&mut s.screen, &mut s.keys);
    assert_eq!(s.app.game().side_to_move(), Color::Black, "the key made it move");
    assert!(s.keys.polls >= 3_000, "not before the key: {}", s.keys.polls);
    assert!(panel_row(&s.text(), 0).starts_with(" White CPU key"), "{}", s.text());
}

#[test]
fn the_level_menu_runs_through_the_timed_levels() {
    let mut s = Session::humans(None);
    s.press(&[ch(b'm'), Key::Down, Key::Down, Key::Down, Key::Down]);
    let mut names = Vec::new();
    for _ in 0..10 {
        names.push(panel_row(&s.text(), ROW_MAIN + 4)[8..].trim().to_string());
        s.press(&[Key::Fire]);
    }
    assert_eq!(names, ["L1", "L2", "L3", "L4", "5s", "15s", "30s", "1m", "3m", "key"]);
    assert_eq!(s.app.game().level(), 1, "after the last, the first");
    s.press(&[Key::Left]);
    assert_eq!(s.app.game().level(), 10);
}

#[test]
fn a_hint_marks_the_players_best_move_without_playing_it() {
    let mut s = Session::new(Game::new());
    s.typed("e2e4");
    // 1.e4 e5 (the book): White to move, the human.
    let before = s.app.game().position().fen().to_string();
    s.press(&[ch(b'h')]);
    assert_eq!(s.app.game().position().fen().to_string(), before, "nothing played");
    assert_eq!(s.app.message(), Message::None);
    let text = s.text();
    let best = panel_row(&text, ROW_BEST);
    assert!(is_move_text(&best[5..9]), "{text}");
    let (from, to) = (&best[5..7], &best[7..9]);
    assert!(s.app.game().legal_targets(tile(from)).contains(tile(to)), "a legal move: {best}");
    assert_eq!(s.ring(from), HINT, "{text}");
    assert_eq!(s.ring(to), HINT, "{text}");
    // Playing it clears the rings; the computer replies.
    s.typed(&format!("{from}{to}"));
    assert_ne!(s.ring(from), HINT);
    assert_eq!(s.app.game().side_to_move(), Color::White);
}

#[test]
fn a_hint_is_stopped_by_any_key_and_h_still_types_moves() {
    // A key during the hint's search stops it; the best so far is shown.
    let mut game = Game::new();
    game.set_level(4);
    let mut s = Session::new(game);
    s.keys.interrupt_at = Some(s.keys.polls + 40);
    s.press(&[ch(b'h')]);
    assert!(s.keys.polls < 200, "stopped at the key: {} polls", s.keys.polls);
    assert_eq!(s.app.game().side_to_move(), Color::White, "nothing played");
    assert!(is_move_text(&panel_row(&s.text(), ROW_BEST)[5..9]), "{}", s.text());
    // `h2h4` typed at once is a move, not a hint.
    let mut s = Session::new(Game::new());
    s.keys.queue.extend([ch(b'h'), ch(b'2'), ch(b'h'), ch(b'4'), Key::Fire]);
    s.settle();
    assert_eq!(s.app.game().log_line(2).map(|l| format!("{}{}", l.from, l.to)), Some("h2h4".to_string()));
    // No hint after the game (fool's mate).
    let mut s = Session::humans(Some("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3"));
    s.press(&[ch(b'h')]);
    assert_eq!(s.app.message(), Message::GameOver);
    assert!(s.keys.polls < 5, "no search: {} polls", s.keys.polls);
}

/// Human White against the computer at level 2, no opening tables, after
/// 1.e4 and the computer's reply; pondering on or off. Also the reply the
/// computer's line expects, as the display shows it.
fn after_one_move(ponder: bool) -> (Session, String) {
    let mut game = Game::new();
    game.set_level(2);
    game.set_book(false);
    let mut s = Session::new(game);
    if !ponder {
        s.press(&[ch(b'm'), Up, Up, Up, Fire, Back]);
        assert!(!s.app.ponder());
    }
    s.keys.polls = 0;
    s.typed("b1c3");
    let expected = panel_row(&s.text(), ROW_BEST)[10..14].to_string();
    assert!(is_move_text(&expected), "{}", s.text());
    (s, expected)
}

/// The depths the computer's search showed for its reply to `player_move`.
fn depths_of_the_reply(s: &mut Session, player_move: &str) -> Vec<String> {
    s.screen.depths.clear();
    s.typed(player_move);
    assert_eq!(s.app.game().side_to_move(), Color::White, "the computer replied");
    s.screen.depths.clone()
}

#[test]
fn pondering_takes_up_the_search_when_the_player_plays_the_move_expected() {
    // Off: the computer's search starts at depth 1, and the player's time
    // is idle (a step polls once).
    let (mut off, expected) = after_one_move(false);
    let polls_off = off.keys.polls;
    let depths_off = depths_of_the_reply(&mut off, &expected);
    assert_eq!(depths_off[0].trim(), "Depth  1", "{depths_off:?}");
    // On: once the computer has moved, the idle steps ponder (a poll every
    // 16 nodes, up to level 2's 1,200), then rest; the player plays the
    // move expected, and the search takes up the iteration the ponder was in.
    let (mut on, expected_on) = after_one_move(true);
    assert_eq!(expected_on, expected, "the same game so far");
    assert!(on.keys.polls > polls_off + 50, "pondered: {} polls against {polls_off}", on.keys.polls);
    let polls = on.keys.polls;
    on.settle();
    assert_eq!(on.keys.polls, polls + 1, "once: then idle");
    let depths_on = depths_of_the_reply(&mut on, &expected);
    let depth = |d: &String| d.trim()[5..].trim().parse::<u8>().unwrap();
    // Either the ponder had finished level 2's deepest iteration (4), and
    // the reply came at once, no iteration shown; or the search starts
    // past depth 1 and goes at least as deep as without.
    if let Some(first) = depths_on.first() {
        assert!(depth(first) > 1, "taken up: {depths_on:?}");
        assert!(
            depths_on.iter().map(depth).max() >= depths_off.iter().map(depth).max(),
            "at least as deep as without: {depths_on:?} against {depths_off:?}"
        );
    }
}

#[test]
fn pondering_on_another_move_starts_the_search_afresh_and_a_key_stops_it() {
    let (mut s, expected) = after_one_move(true);
    // Another move than the one expected: depth 1 first, as without.
    let other = if expected == "d2d4" { "g1f3" } else { "d2d4" };
    let depths = depths_of_the_reply(&mut s, other);
    assert_eq!(depths[0].trim(), "Depth  1", "{depths:?}");
    // A key during the ponder stops it and is handled (here a cursor key),
    // and the next idle step ponders again. Step by step: the computer's
    // reply to 2.Nc3, then a ponder that a key stops after 20 polls.
    s.keys.queue.extend("d2d3".bytes().map(Key::from_ascii).chain([Fire]));
    while !s.keys.queue.is_empty() || s.app.game().side_to_move() == Color::Black {
        s.app.step(&mut s.screen, &mut s.keys);
    }
    let polls = s.keys.polls;
    s.keys.interrupt_at = Some(polls + 20);
    assert_eq!(s.app.step(&mut s.screen, &mut s.keys), Step::Busy);
    assert_eq!(s.keys.polls, polls + 20, "stopped at the key");
    let cursor = s.app.cursor();
    s.keys.queue.push_back(Left);
    let polls = s.keys.polls;
    s.app.step(&mut s.screen, &mut s.keys);
    assert_eq!(s.keys.polls, polls + 1, "the key came first");
    assert_ne!(s.app.cursor(), cursor, "and was handled");
    s.settle();
    assert!(s.keys.polls > polls + 50, "pondered again");
}

/// Two humans at 15 s a move, `moves` typed with the clock running half a
/// second a poll; then the clock stands still.
fn clocks_run_through(moves: &[&str]) -> Session {
    let mut game = Game::new();
    game.set_player(Color::Black, Player::Human);
    game.set_level(6);
    let mut s = Session::new(game);
    s.keys.jiffies_a_poll = 30;
    for m in moves {
        s.typed(m);
    }
    s.keys.jiffies_a_poll = 0;
    s
}

#[test]
fn a_new_game_sets_the_clocks_to_zero() {
    let mut s = clocks_run_through(&["e2e4", "e7e5"]);
    assert_ne!(panel_row(&s.text(), ROW_CLOCKS), "W 0:00 B 0:00 ", "the clocks ran");
    s.press(&[ch(b'm'), Down, Fire]);
    assert_eq!(panel_row(&s.text(), ROW_CLOCKS), "W 0:00 B 0:00 ");
}

// ---- the position editor ---------------------------------------------------

impl Session {
    /// The menu's Board setup (second from the bottom).
    fn open_editor(&mut self) {
        self.press(&[ch(b'm'), Up, Up, Fire]);
        assert_eq!(self.app.mode(), Mode::Setup);
    }

    /// Keys to take the cursor to `square` (board not flipped).
    fn cursor_to(&mut self, square: &str) {
        let target = tile(square);
        let at = self.app.cursor();
        let (dx, dy) = (target.column() as i8 - at.column() as i8, target.row() as i8 - at.row() as i8);
        let across = if dx > 0 { Right } else { Left };
        let down = if dy > 0 { Down } else { Up };
        for _ in 0..dx.unsigned_abs() {
            self.press(&[across]);
        }
        for _ in 0..dy.unsigned_abs() {
            self.press(&[down]);
        }
        assert_eq!(self.app.cursor(), target);
    }

    /// Put men with keys: each (square, keys typed there).
    fn put(&mut self, men: &[(&str, &str)]) {
        for (square, keys) in men {
            self.cursor_to(square);
            let keys: Vec<Key> = keys.bytes().map(Key::from_ascii).collect();
            self.press(&keys);
        }
    }

    /// The status rows the editor's refusals use, joined by spaces.
    fn refusal(&self) -> String {
        let text = self.text();
        let rows: Vec<String> =
            (ROW_STATUS..ROW_STATUS + 4).map(|row| panel_row(&text, row).trim().to_string()).collect();
        rows.iter().filter(|r| !r.is_empty()).cloned().collect::<Vec<_>>().join(" ")
    }
}

/// The man on a square of the screen's board, as the text form shows it.
fn shown(s: &Session, square: &str) -> char {
    let tile = tile(square);
    let text = s.text();
    let line = text.lines().nth((BOARD_ROW + SQUARE_AT[tile.row() as usize] + 1) as usize).unwrap();
    line.chars().nth((BOARD_COL + SQUARE_AT[tile.column() as usize] + 1) as usize).unwrap()
}

#[test]
fn the_editor_opens_on_the_game_and_a_cancel_keeps_it() {
    let mut s = Session::humans(None);
    s.typed("e2e4");
    s.typed("e7e5");
    let before = s.app.game().position().clone();
    s.open_editor();
    assert!(s.text().contains("SET UP") && s.text().contains("S=side White") && s.text().contains("1234=KQkq"));
    assert_eq!(panel_row(&s.text(), ROW_HELP).trim(), "G=go STOP=back");
    // Changes show on the board, not in the game.
    s.put(&[("e4", "\u{8}"), ("d1", "x")]);
    assert_eq!((shown(&s, "e4"), shown(&s, "d1")), ('.', '.'), "x empties the whole board");
    s.put(&[("a1", "kk"), ("h8", "s")]);
    assert_eq!(shown(&s, "a1"), 'k');
    assert_eq!(*s.app.game().position(), before, "the game is untouched while editing");
    for cancel in [Back, Menu, ch(b'm')] {
        s.press(&[cancel]);
        assert_eq!(s.app.mode(), Mode::Board);
        assert_eq!(*s.app.game().position(), before, "{cancel:?}");
        assert_eq!((shown(&s, "e4"), shown(&s, "e5"), shown(&s, "d1")), ('P', 'p', 'Q'), "the game's men again");
        assert!(s.text().contains("1...e7-e5"), "the log is back");
        s.open_editor();
        assert_eq!((shown(&s, "e4"), shown(&s, "a1")), ('P', 'R'), "a new edit starts from the game: {cancel:?}");
    }
    s.press(&[Back]);
    s.press(&[ch(b'u')]);
    assert_eq!(s.app.game().position().history_len(), 1, "its moves still undo");
}

#[test]
fn a_set_up_position_becomes_the_game() {
    let mut s = clocks_run_through(&["e2e4"]);
    s.open_editor();
    s.press(&[ch(b'x')]);
    assert!(s.text().contains("1234=----"), "no rights on an empty board");
    // Fire runs through the men: once White's pawn, six times White's king,
    // seven Black's pawn, twelve Black's king, thirteen none.
    s.cursor_to("e1");
    s.press(&[Fire; 6]);
    assert_eq!(shown(&s, "e1"), 'K');
    s.cursor_to("h1");
    s.press(&[Fire; 4]);
    assert_eq!(shown(&s, "h1"), 'R');
    s.cursor_to("e8");
    s.press(&[Fire; 12]);
    assert_eq!(shown(&s, "e8"), 'k');
    s.cursor_to("a2");
    s.press(&[Fire; 13]);
    assert_eq!(shown(&s, "a2"), '.', "round to none");
    // Letters: White's man, again Black's, again White's.
    s.put(&[("d7", "pp"), ("c6", "nnn")]);
    assert_eq!((shown(&s, "d7"), shown(&s, "c6")), ('p', 'N'));
    assert!(s.text().contains("S=side Black"), "the game's side to move: {}", s.text());
    s.press(&[ch(b's')]);
    assert!(s.text().contains("S=side White"));
    s.press(&[ch(b's'), ch(b'1')]);
    assert!(s.text().contains("S=side Black") && s.text().contains("1234=K---"), "{}", s.text());
    s.press(&[ch(b'g')]);
    assert_eq!(s.app.mode(), Mode::Board);
    assert_eq!(s.app.game().position().fen().to_string(), "4k3/3p4/2N5/8/8/8/8/4K2R b K - 0 1");
    assert!(!s.text().contains("e2-e4"), "a new log");
    assert_eq!(panel_row(&s.text(), ROW_CLOCKS), "W 0:00 B 0:00 ", "new clocks");
    assert!(s.text().contains("Black to move"));
    s.press(&[ch(b'u')]);
    assert_eq!(s.app.message(), Message::NoUndo, "nothing before the set-up");
    s.typed("d7c6");
    assert!(s.text().contains("1...d7xc6"), "played on from it: {}", s.text());
}

#[test]
fn a_refused_set_up_says_why_and_stays_in_the_editor() {
    let mut s = Session::humans(None);
    s.typed("d2d4");
    let before = s.app.game().position().clone();
    s.open_editor();
    s.press(&[ch(b'x'), ch(b'g')]);
    assert_eq!(s.app.mode(), Mode::Setup);
    assert_eq!(s.refusal(), "each side needs exactly one king");
    s.put(&[("e1", "k"), ("e8", "kk"), ("g1", "k")]);
    assert_eq!(s.refusal(), "", "any key clears the reason");
    s.press(&[ch(b'g')]);
    assert_eq!(s.refusal(), "more than one king of a colour");
    s.put(&[("g1", "\u{8}"), ("h8", "p"), ("a1", "g")]);
    assert_eq!(s.refusal(), "a pawn on rank 1 or 8");
    s.put(&[("h8", "\u{8}"), ("a1", "2g")]);
    assert_eq!(s.refusal(), "a right without its king and rook at home", "four rows, cut between words");
    assert_eq!(panel_row(&s.text(), ROW_STATUS + 3).trim(), "at home");
    // Black is to move in the game (after 1.d4), so in the set-up: White's
    // queen next to Black's king is a check only with White to move.
    s.put(&[("a1", "2"), ("e7", "qsg")]);
    assert_eq!(s.refusal(), "the side not to move is in check");
    assert_eq!(*s.app.game().position(), before, "the game kept through every refusal");
    assert_eq!(shown(&s, "e7"), 'Q', "and the set-up too");
    // Leaving: the fourth row is blanked with the game's status.
    s.press(&[Back]);
    assert_eq!(panel_row(&s.text(), ROW_STATUS + 3).trim(), "");
    assert!(s.text().contains("Black to move"));
    assert_eq!(*s.app.game().position(), before);
}

#[test]
fn odd_keys_in_the_editor_change_nothing() {
    let mut s = Session::humans(None);
    s.open_editor();
    let screen = s.text();
    for key in [Other(0), Other(b'%'), ch(b'5'), ch(b'9'), ch(b'z'), ch(b'h'), ch(b'a'), Key::from_ascii(b' ')] {
        s.press(&[key]);
        assert_eq!(s.text(), screen, "{key:?}");
        assert_eq!(s.app.mode(), Mode::Setup);
    }
    assert_eq!(*s.app.game().position(), Position::startpos());
    // The clocks stand still while the editor is open.
    s.keys.jiffies_a_poll = 60;
    s.press(&[Other(0), Other(0)]);
    s.keys.jiffies_a_poll = 0;
    s.press(&[Back]);
    s.press(&[ch(b'm'), Down, Down, Down, Down]);
    s.press(&[Left, Left, Left, Left, Left, Back]);
    assert_eq!(panel_row(&s.text(), ROW_CLOCKS), "W 0:00 B 0:00 ", "{}", s.text());
}

// ---- saving and loading --------------------------------------------------

/// Two humans with an empty disk in the drive.
fn with_disk() -> Session {
    let mut s = Session::humans(None);
    s.keys.disk = Some(Vec::new());
    s
}

#[test]
fn a_saved_game_loads_with_its_undo_and_redo() {
    let mut s = with_disk();
    for m in ["e2e4", "e7e5", "g1f3", "b8c6", "f1b5"] {
        s.typed(m);
    }
    s.press(&[ch(b'u')]);
    let saved = s.app.game().position().clone();
    s.press(&[ch(b's')]);
    assert_eq!(s.app.message(), Message::Saved);
    assert!(panel_row(&s.text(), ROW_MESSAGE).starts_with("Game saved"));
    assert_eq!(s.keys.disk.as_ref().map(|d| &d[..4]), Some(&b"C64G"[..]));
    assert_eq!(*s.app.game().position(), saved, "saving changes nothing");
    // Play on, then load: the saved game is back, its plies too.
    s.press(&[ch(b'r')]);
    s.typed("a7a6");
    s.press(&[ch(b'l')]);
    assert_eq!(s.app.message(), Message::Loaded);
    assert_eq!(*s.app.game().position(), saved);
    assert!(s.text().contains("2...Nb8-c6") && !s.text().contains("a7-a6"), "{}", s.text());
    s.press(&[ch(b'r')]);
    assert!(s.text().contains("3. Bf1-b5"), "redo replays the ply taken back before the save");
    for _ in 0..5 {
        s.press(&[ch(b'u')]);
    }
    assert_eq!(*s.app.game().position(), Position::startpos(), "undo reaches the start");
}

/// A load or a new game blanks the thinking display: its depth, score and
/// line were the game before's.
#[test]
fn a_load_or_a_new_game_blanks_the_thinking_display() {
    let mut s = Session::new(Game::new());
    s.keys.disk = Some(Vec::new());
    s.press(&[ch(b's')]);
    s.typed("d2d4");
    let thinking = |s: &Session| (ROW_DEPTH..=ROW_RATE).map(|row| panel_row(&s.text(), row)).collect::<String>();
    assert!(thinking(&s).contains("Best"), "the computer's reply shows its figures:\n{}", s.text());
    s.press(&[ch(b'l')]);
    assert_eq!(s.app.message(), Message::Loaded);
    assert_eq!(thinking(&s).trim(), "", "after a load:\n{}", s.text());
    s.typed("d2d4");
    assert!(thinking(&s).contains("Best"));
    // The menu's New game (its second entry).
    s.press(&[ch(b'm'), Down, Fire]);
    assert_eq!(thinking(&s).trim(), "", "after a new game:\n{}", s.text());
}

#[test]
fn every_disk_failure_is_said_and_the_game_kept() {
    // No disk at all (the default `Input` has none either).
    let mut s = Session::humans(None);
    s.typed("d2d4");
    let before = s.app.game().position().clone();
    for key in [b's', b'l'] {
        s.press(&[ch(key)]);
        assert_eq!(s.app.message(), Message::NoDisk);
        assert!(panel_row(&s.text(), ROW_MESSAGE).starts_with("No disk"));
    }
    // An empty disk, then each failure.
    let mut s = with_disk();
    s.typed("d2d4");
    s.press(&[ch(b'l')]);
    assert_eq!(s.app.message(), Message::NoSavedGame);
    let cases = [
        (b's', DiskError::DiskFull, Message::DiskFull, "Disk full"),
        (b's', DiskError::Failed, Message::DiskFailed, "Disk error"),
        (b'l', DiskError::Failed, Message::DiskFailed, "Disk error"),
        (b'l', DiskError::BadFile, Message::BadFile, "Not a game"),
        (b'l', DiskError::NoFile, Message::NoSavedGame, "No saved game"),
    ];
    for (key, failure, message, words) in cases {
        s.keys.disk_fails = Some(failure);
        s.press(&[ch(key)]);
        assert_eq!(s.app.message(), message, "{failure:?}");
        assert!(panel_row(&s.text(), ROW_MESSAGE).starts_with(words), "{}", s.text());
        assert_eq!(*s.app.game().position(), before);
    }
    // What is on the disk is not a game: refused, the game kept.
    for junk in [b"C64G\x01 not a game".to_vec(), vec![0; 300], b"[Event]".to_vec()] {
        s.keys.disk = Some(junk);
        s.press(&[ch(b'l')]);
        assert_eq!(s.app.message(), Message::BadFile);
        assert_eq!(*s.app.game().position(), before);
        s.press(&[ch(b'u')]);
        assert_eq!(*s.app.game().position(), Position::startpos(), "its undo kept");
        s.press(&[ch(b'r')]);
    }
    // A typed move keeps its letters: `s` and `l` are keys only on the board.
    s.press(&[ch(b'e'), ch(b's')]);
    assert!(s.app.typing());
}
