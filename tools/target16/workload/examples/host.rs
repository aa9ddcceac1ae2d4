//! The workload on the host: prints exactly what the AVR firmware prints.
//!
//! `cargo run -p target16-workload --example host`

use std::fmt;
use std::io::Write as _;

/// Adapts stdout to `core::fmt::Write`, the sink the workload writes to.
struct Stdout(std::io::StdoutLock<'static>);

impl fmt::Write for Stdout {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        self.0.write_all(s.as_bytes()).map_err(|_| fmt::Error)
    }
}

fn main() {
    let mut out = Stdout(std::io::stdout().lock());
    target16_workload::run(&mut out).expect("write to stdout");
}
