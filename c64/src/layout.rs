//! Where everything sits on the 40 × 25 screen, and in which colours.
//!
//! ```text
//! col 0    rank numbers (8..1, or 1..8 flipped), on each square's middle row
//! col 1-24 the board: 8 × 8 squares of 3 × 3 cells (24 × 24 pixels each)
//! row 24   file letters under each square's middle column
//! col 26-39 the panel (14 columns):
//!   row 0-1   the two sides, who plays them, `>` at the side to move
//!   row 2     a timed level's chess clocks, White's then Black's
//!   row 3-12  the move log (last 10 plies, newest at the bottom),
//!             or the menu, or the promotion chooser, or the editor's keys
//!   row 14-16 status: whose turn, check, or the game-over message;
//!   row 14-17 in the editor: why a set-up was refused
//!   row 18    a message about the last key ("Illegal move", "No undo")
//!   row 19    the move being typed, or "Thinking..."
//!   row 20-23 the thinking display: depth and score, nodes, best move
//!             and the reply expected, nodes in the last second
//!   row 24    a key reminder
//! ```

use crate::screen::colour::*;

/// Column of the rank numbers.
pub const RANK_COL: u8 = 0;
/// Row of the file letters.
pub const FILE_ROW: u8 = 24;
/// Screen offset (column from 1, row from 0) of each board column / row
/// 0..7: a table, so no multiply by 3.
pub const SQUARE_AT: [u8; 8] = [0, 3, 6, 9, 12, 15, 18, 21];
/// The board's left column.
pub const BOARD_COL: u8 = 1;
/// The board's top row.
pub const BOARD_ROW: u8 = 0;

/// First column of the panel.
pub const PANEL: u8 = 26;
/// Width of the panel.
pub const PANEL_WIDTH: u8 = 14;
/// Rows of the two sides (White, Black).
pub const ROW_SIDES: u8 = 0;
/// First row of the log, menu and chooser area.
pub const ROW_MAIN: u8 = 3;
/// Rows of that area.
pub const MAIN_ROWS: u8 = 10;
/// First status row (three rows).
pub const ROW_STATUS: u8 = 14;
/// The message row.
pub const ROW_MESSAGE: u8 = 18;
/// A timed level's clocks.
pub const ROW_CLOCKS: u8 = 2;
/// The typed move, or "Thinking..." while the engine searches.
pub const ROW_TYPED: u8 = 19;
/// The thinking display: depth and score.
pub const ROW_DEPTH: u8 = 20;
/// The node count.
pub const ROW_NODES: u8 = 21;
/// The best move so far and the reply expected.
pub const ROW_BEST: u8 = 22;
/// Nodes in the last second; the display's last row.
pub const ROW_RATE: u8 = 23;
/// The key reminder.
pub const ROW_HELP: u8 = 24;
/// Column of the node count's 9 digits (right-aligned to the panel's edge).
pub const NODES_COL: u8 = PANEL + 5;

/// Paper of everything off the board.
pub const PAPER: u8 = BLACK;
/// Light squares.
pub const LIGHT_SQUARE: u8 = LIGHT_GREY;
/// Dark squares.
pub const DARK_SQUARE: u8 = DARK_GREY;
/// Ink of White's men.
pub const WHITE_MAN: u8 = WHITE;
/// Ink of Black's men.
pub const BLACK_MAN: u8 = BLACK;
/// Rank and file labels, ordinary panel text.
pub const LABEL: u8 = LIGHT_BLUE;
/// Headings and attention.
pub const TITLE: u8 = YELLOW;

/// Cursor on one of the mover's men that has legal moves.
pub const CURSOR_MOVABLE: u8 = GREEN;
/// Cursor on a man without moves, or on a square the selected man cannot reach.
pub const CURSOR_STUCK: u8 = RED;
/// Cursor on an empty square or an enemy man (nothing selected).
pub const CURSOR_OTHER: u8 = PURPLE;
/// The selected man (whole square).
pub const SELECTED: u8 = BLUE;
/// A legal destination: a ring round the square; the whole square under the cursor.
pub const DESTINATION: u8 = CYAN;
/// "A": the enemy men attacking the cursor square (ring).
pub const ATTACKER: u8 = LIGHT_RED;
/// "D": the men defending the cursor square (ring).
pub const DEFENDER: u8 = LIGHT_GREEN;
/// The computer's last move: both squares ringed until the next move.
pub const LAST_MOVE: u8 = YELLOW;
/// A hint's move: both squares ringed until the next move.
pub const HINT: u8 = ORANGE;
