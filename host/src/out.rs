//! Standard output for every command: a line written, or the program ended
//! quietly when nobody reads it any more.
//!
//! `println!` panics when standard output is a pipe whose reader has gone
//! (`c64chess bench -v | head -1`), and a release build aborts on panic
//! (status 134, the panic's message on standard error). Every command
//! writes its output through [`outln!`](outln) instead: a closed pipe ends the
//! program at once with status 141, what a shell shows for a program
//! killed by `SIGPIPE` (as `cat` or `yes` would be), and without a word;
//! any other write error (a full disk) is named on standard error and ends
//! it with status 1. Rust ignores `SIGPIPE`, and restoring its default
//! needs `unsafe` (forbidden here), so the error is handled where it is
//! seen.
//!
//! The invariant: no command's output goes through `print!`/`println!`
//! (`std::io::stdout` itself is used by `play`'s terminal, which draws on
//! a terminal, and by `uci`'s [`crate::uci::emit`], which ends the same
//! way through [`closed`]).

use std::fmt;
use std::io::{self, ErrorKind, Write};

/// The exit status for a closed output: 128 + `SIGPIPE` (13).
pub const CLOSED_STATUS: i32 = 141;

/// Write `args` and a newline to standard output, flushed; end the program
/// if it cannot be written (see the module documentation).
pub fn line(args: fmt::Arguments) {
    let mut out = io::stdout().lock();
    if let Err(e) = writeln!(out, "{args}").and_then(|()| out.flush()) {
        closed(&e);
    }
}

/// End the program for a write error on standard output: quietly with
/// [`CLOSED_STATUS`] if the reader has gone, else naming the error.
pub fn closed(e: &io::Error) -> ! {
    if e.kind() != ErrorKind::BrokenPipe {
        eprintln!("error: cannot write to standard output: {e}");
        std::process::exit(1);
    }
    std::process::exit(CLOSED_STATUS)
}

/// `println!` through [`line()`]: a closed output ends the program quietly.
macro_rules! outln {
    () => {
        $crate::out::line(format_args!(""))
    };
    ($($arg:tt)*) => {
        $crate::out::line(format_args!($($arg)*))
    };
}
pub(crate) use outln;
