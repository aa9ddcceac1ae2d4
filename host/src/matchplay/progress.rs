//! The progress report on standard error: on a terminal one line redrawn
//! after every game; otherwise (a log, a pipe) a plain line every twentieth
//! of the match, so a log stays short and has no carriage returns.

use std::io::{IsTerminal, Write};
use std::time::Instant;

use super::stats::Tally;

/// Progress of a match.
pub struct Progress {
    total: usize,
    terminal: bool,
    started: Instant,
    /// Games done when the last plain line was printed.
    printed: usize,
}

impl Progress {
    /// Progress of a match of `total` games, starting now.
    pub fn new(total: usize) -> Progress {
        Progress { total, terminal: std::io::stderr().is_terminal(), started: Instant::now(), printed: 0 }
    }

    /// Report that `tally.games()` games are done.
    pub fn update(&mut self, tally: &Tally) {
        let done = tally.games() as usize;
        let score = tally.score().unwrap_or(0.5) * 100.0;
        let line = format!(
            "games {done}/{}  W {} D {} L {}  score {score:.1}%  {:.0}s",
            self.total,
            tally.wins,
            tally.draws,
            tally.losses,
            self.started.elapsed().as_secs_f64()
        );
        let mut err = std::io::stderr().lock();
        if self.terminal {
            let _ = write!(err, "\r{line}\x1b[K");
            if done == self.total {
                let _ = writeln!(err);
            }
        } else if done == self.total || (done - self.printed) * 20 >= self.total {
            let _ = writeln!(err, "{line}");
            self.printed = done;
        }
        let _ = err.flush();
    }
}
