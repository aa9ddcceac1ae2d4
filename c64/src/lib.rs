//! # c64: the c64chess user interface
//!
//! Everything the player sees and does, written once, with no hardware
//! access: the C64 program maps two small traits onto its screen and
//! keyboard, the PC's `c64chess play` maps them onto a terminal, and the
//! tests drive whole games through them and compare screen snapshots.
//!
//! | module | holds |
//! |---|---|
//! | [`screen`] | the 40 × 25 cell grid, the [`Screen`] trait, colours, [`ScreenBuffer`] |
//! | [`glyphs`] | the character set: ASCII text and the 24 × 24 piece pictures |
//! | [`charset`] | the C64's character screen: a cell's screen code and colour, the RAM character set |
//! | [`input`] | [`Key`], the [`Input`] trait, the ASCII mapping, [`Joystick`] |
//! | [`keyboard`] | [`keyboard::Keyboard`]: the C64's key matrix to keys, without the KERNAL |
//! | [`layout`] | where everything sits and in which colour |
//! | [`app`] | [`App`]: the game flow, one struct whose `impl` blocks sit by concept in `app/`: the board's keys, the menu, the computer's turn, drawing, the move log |
//! | [`text`] | digits without a divide |
//! | [`drive`] | the drive harness's workload and figures, for the C64's drive build |
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
pub mod keyboard;
pub mod layout;
pub mod screen;
pub mod text;

pub use app::{App, Message, Mode, Step};
pub use input::{Input, Joystick, Key};
pub use screen::{Screen, ScreenBuffer};
