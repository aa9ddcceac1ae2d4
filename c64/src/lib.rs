//! # c64: the c64chess user interface
//!
//! Everything the player sees and does, written once, with no hardware
//! access: the C64 program maps two small traits onto its screen and
//! keyboard, the PC's `c64chess play` maps them onto a terminal, and the
//! tests drive whole games through them and compare screen snapshots.
//!
//! In layers (a module imports only from its own layer or below;
//! `tools/structure` checks it):
//!
//! | layer | module | holds |
//! |---|---|---|
//! | 3 | [`app`] | [`App`]: the game flow, one struct whose `impl` blocks sit by concept in `app/`: the board's keys, the menu, the computer's turn, drawing, the move log |
//! | 3 | [`drive`] | the drive harness's workload and figures, for the C64's drive build |
//! | 2 | [`charset`] | the C64's character screen: a cell's screen code and colour, the RAM character set |
//! | 2 | [`layout`] | where everything sits and in which colour |
//! | 1 | [`screen`] | the 40 × 25 cell grid, the [`Screen`] trait, colours, [`ScreenBuffer`] |
//! | 1 | [`keyboard`] | [`keyboard::Keyboard`]: the C64's key matrix to keys, without the KERNAL |
//! | 0 | [`glyphs`] | the character set: ASCII text and the 24 × 24 piece pictures |
//! | 0 | [`input`] | [`Key`], the [`Input`] trait, the ASCII mapping, [`Joystick`] |
//! | 0 | [`kernal`] | the C64's disk: the 6502 code that calls the KERNAL, and its answers |
//! | 0 | [`text`] | digits without a divide |
//! | 0 | `words` | tables of words packed in one run of letters, a byte a word |
//!
//! Rules kept for the 6502: no heap, no `dyn`, no floating point, no large
//! arrays on the stack (the `App` holds its buffers), explicit integer
//! widths, no multiply by a variable (tables and shifts instead).
#![no_std]
#![deny(missing_docs)]
#![forbid(unsafe_code)]

pub mod app;
pub mod charset;
pub mod drive;
pub mod glyphs;
pub mod input;
pub mod kernal;
pub mod keyboard;
pub mod layout;
pub mod screen;
pub mod text;
mod words;

pub use app::{App, Message, Mode, Step};
pub use input::{Disk, DiskError, Input, Joystick, Key};
pub use screen::{Screen, ScreenBuffer};
