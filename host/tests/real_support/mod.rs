//! The real C64 programs' files and the emulator that runs them, for the
//! tests that run them (`real_prg.rs`, `real_seconds.rs`).
//!
//! The files are read from `target/c64/` (`c64chess.prg`,
//! `c64chess-drive.prg`, and the drive's ELF, `c64chess-drive.elf`, for
//! the profile), or from the directory `C64_PRG_DIR` names. A missing file
//! fails the test: asked to run, it does not pass by skipping.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// A file of `C64_PRG_DIR` or `target/c64/` (a PRG, or its ELF); it must
/// be there.
pub fn prg(name: &str) -> PathBuf {
    let dir = match std::env::var_os("C64_PRG_DIR") {
        Some(dir) => PathBuf::from(dir),
        None => Path::new(env!("CARGO_MANIFEST_DIR")).join("../target/c64"),
    };
    let path = dir.join(name);
    assert!(
        path.is_file(),
        "{} is missing: build it with tools/c64-build (--drive for the harness), or set C64_PRG_DIR",
        path.display()
    );
    path
}

/// `c64chess emulate ARGS PRG` to its end: how it exited, and its standard
/// output and error as one text.
pub fn emulate(args: &[&str], prg: &Path) -> (Output, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_c64chess"))
        .arg("emulate")
        .args(args)
        .arg(prg)
        .output()
        .expect("run c64chess emulate");
    let text = format!("{}{}", String::from_utf8_lossy(&output.stdout), String::from_utf8_lossy(&output.stderr));
    (output, text)
}
