//! Key scripts: what `c64chess emulate --keys FILE` does to the program,
//! a line at a time.
//!
//! ```text
//! # the game starts; a move typed; the engine's answer
//! until-text "White to move" 20s
//! picture start
//! type e2e4
//! key RETURN
//! until-text "Black" 30s
//! ```
//!
//! | line | what it does |
//! |---|---|
//! | `wait T` | run for `T`: `2s`, `0.5s`, `120j` (jiffies, 16,422 cycles), `300ms`, `5000c` |
//! | `key K[+K...]` | press the keys together, then let go (below) |
//! | `key K[+K...] xN` | the same N times (1 to 99) |
//! | `type TEXT` | a `key` for each character: letters, digits, space, `+-.,:;@*=/` |
//! | `hold K[+K...] T` | the keys held for `T`, then let go (key repeat) |
//! | `joy D[+D...] [T]` | joystick port 2: `UP`, `DOWN`, `LEFT`, `RIGHT`, `FIRE` |
//! | `until-text "S" T` | run until a screen row contains `S`; fail after `T` |
//! | `until-no-text "S" T` | run until no row contains `S`; fail after `T` |
//! | `expect-text "S"`, `expect-no-text "S"` | fail unless (if) a row contains `S` now |
//! | `picture NAME` | the screen as `DIR/NAME.png` (`--pictures DIR`) |
//! | `screen` | print the screen's text |
//! | `until-reset T` | run until the program resets the machine (the menu's Quit) |
//!
//! Key names (any case): a letter or digit, `RETURN`, `SPACE`, `DEL`,
//! `HOME`, `STOP`, `F1`, `F3`, `F5`, `F7`, `DOWN`, `RIGHT`, `UP` and `LEFT`
//! (SHIFT with DOWN and RIGHT, as on the C64), `LSHIFT` (or `SHIFT`),
//! `RSHIFT`, `CTRL`, `C=`, `POUND`, `UPARROW`, `LEFTARROW`, and the
//! punctuation keys themselves. Screen text is read as [`super::screen`]
//! says.
//!
//! **How long a key is held.** The program sees a key on a scan of the
//! matrix (at most once a jiffy, and not while it is busy without
//! polling), counts it once, on the scan where it is first down, and
//! needs a scan with it up before it counts again (`c64::keyboard`). So a
//! `key` is not held for a fixed time: it is held until the program has
//! read its column twice (a scan reads every column twice, first for the
//! lines down in every column, then for the keys: any two reads include a
//! scan's second), then let go until it has read the column twice more.
//! The joystick likewise by the program's reads of `$DC00`. A program
//! that does not scan within a minute fails the line.

use std::io::Write;
use std::path::Path;

use super::machine::Stop;
use super::screen::Frame;
use super::{seconds, Emulator, JIFFY, PAL_HZ};
use crate::picture::encode_png;

/// The keyboard matrix by index `column * 8 + row` (CIA 1: the column on
/// port A, the row on port B), the C64's layout as `c64::keyboard` reads it.
#[rustfmt::skip]
const MATRIX: [&str; 64] = [
    "DEL", "RETURN", "RIGHT", "F7", "F1", "F3", "F5", "DOWN",
    "3", "W", "A", "4", "Z", "S", "E", "LSHIFT",
    "5", "R", "D", "6", "C", "F", "T", "X",
    "7", "Y", "G", "8", "B", "H", "U", "V",
    "9", "I", "J", "0", "M", "K", "O", "N",
    "+", "P", "L", "-", ".", ":", "@", ",",
    "POUND", "*", ";", "HOME", "RSHIFT", "=", "UPARROW", "/",
    "1", "LEFTARROW", "CTRL", "2", "SPACE", "C=", "Q", "STOP",
];

/// Joystick directions by bit.
const STICK: [&str; 5] = ["UP", "DOWN", "LEFT", "RIGHT", "FIRE"];

/// How long the program may take to scan a key (or sample the joystick).
const SCAN_TIMEOUT: u64 = 60 * PAL_HZ;
/// How often `until-*` lines look at the screen.
const LOOK_EVERY: u64 = 10_000;

/// What a line does.
#[derive(Clone, Debug, PartialEq)]
pub enum Action {
    /// Run for this many cycles.
    Wait(u64),
    /// Press these matrix keys together (indices), held until scanned or for a time.
    Keys(Vec<u8>, Option<u64>),
    /// A key press for each group, in turn.
    Type(Vec<Vec<u8>>),
    /// Push the joystick (bits), until sampled or for a time.
    Joy(u8, Option<u64>),
    /// Run until a row contains the text (true) or none does (false), at
    /// most this many cycles.
    UntilText(String, bool, u64),
    /// A row contains the text now (true), or none does (false).
    Expect(String, bool),
    /// Write the screen as NAME.png.
    Picture(String),
    /// Print the screen's text.
    Screen,
    /// Run until the machine resets, at most this many cycles.
    UntilReset(u64),
}

/// A script's line.
#[derive(Clone, Debug, PartialEq)]
pub struct Line {
    /// Its number in the file, from 1.
    pub number: usize,
    /// What it does.
    pub action: Action,
}

/// Parse a script; an error names the line.
pub fn parse(source: &str) -> Result<Vec<Line>, String> {
    let mut lines = Vec::new();
    for (i, text) in source.lines().enumerate() {
        let text = text.trim();
        if text.is_empty() || text.starts_with('#') {
            continue;
        }
        let action = parse_line(text).map_err(|e| format!("line {}: {e}: {text}", i + 1))?;
        lines.push(Line { number: i + 1, action });
    }
    Ok(lines)
}

fn parse_line(text: &str) -> Result<Action, String> {
    let (command, rest) = text.split_once(char::is_whitespace).unwrap_or((text, ""));
    let rest = rest.trim();
    let words: Vec<&str> = rest.split_whitespace().collect();
    match (command, words.as_slice()) {
        ("wait", [time]) => Ok(Action::Wait(duration(time)?)),
        ("key", [keys]) => Ok(Action::Keys(chord(keys)?, None)),
        ("key", [keys, count]) => {
            let n: usize = count
                .strip_prefix('x')
                .and_then(|n| n.parse().ok())
                .filter(|n| (1..=99).contains(n))
                .ok_or(format!("a key's count is x1 to x99: {count:?}"))?;
            Ok(Action::Type(vec![chord(keys)?; n]))
        }
        ("hold", [keys, time]) => Ok(Action::Keys(chord(keys)?, Some(duration(time)?))),
        ("joy", [dirs]) => Ok(Action::Joy(stick(dirs)?, None)),
        ("joy", [dirs, time]) => Ok(Action::Joy(stick(dirs)?, Some(duration(time)?))),
        ("type", _) if !rest.is_empty() => Ok(Action::Type(rest.chars().map(typed).collect::<Result<_, _>>()?)),
        ("until-text" | "until-no-text", _) => {
            let (quoted, after) = quoted(rest)?;
            Ok(Action::UntilText(quoted, command == "until-text", duration(after.trim())?))
        }
        ("expect-text" | "expect-no-text", _) => {
            let (quoted, after) = quoted(rest)?;
            if !after.trim().is_empty() {
                return Err("text after the quoted string".into());
            }
            Ok(Action::Expect(quoted, command == "expect-text"))
        }
        ("picture", [name]) if name.chars().all(|c| c.is_ascii_alphanumeric() || "-_.".contains(c)) => {
            Ok(Action::Picture(name.to_string()))
        }
        ("screen", []) => Ok(Action::Screen),
        ("until-reset", [time]) => Ok(Action::UntilReset(duration(time)?)),
        _ => Err("not a script line (see `c64chess emulate --help`)".into()),
    }
}

/// `2s`, `0.5s`, `120j`, `300ms`, `5000c` as cycles.
fn duration(text: &str) -> Result<u64, String> {
    let split = text.find(|c: char| !(c.is_ascii_digit() || c == '.')).unwrap_or(text.len());
    let (number, unit) = text.split_at(split);
    let number: f64 = number.parse().map_err(|_| format!("not a time: {text:?}"))?;
    let scale = match unit {
        "s" => PAL_HZ as f64,
        "ms" => PAL_HZ as f64 / 1000.0,
        "j" => JIFFY as f64,
        "c" => 1.0,
        _ => return Err(format!("a time needs a unit, s, ms, j (jiffies) or c (cycles): {text:?}")),
    };
    let cycles = number * scale;
    if !(0.0..1e15).contains(&cycles) {
        return Err(format!("not a usable time: {text:?}"));
    }
    Ok(cycles as u64)
}

/// A double-quoted string at the start of `text` (no escapes), and what follows.
fn quoted(text: &str) -> Result<(String, &str), String> {
    let inner = text.strip_prefix('"').ok_or("expected a \"quoted\" text")?;
    let end = inner.find('"').ok_or("the quoted text does not end")?;
    if end == 0 {
        return Err("empty text".into());
    }
    Ok((inner[..end].to_string(), &inner[end + 1..]))
}

/// A key name's matrix indices (the cursor keys' up and left are SHIFT with down and right).
fn key(name: &str) -> Result<Vec<u8>, String> {
    let upper = name.to_ascii_uppercase();
    let alias = match upper.as_str() {
        "ENTER" => "RETURN",
        "SHIFT" => "LSHIFT",
        "RUNSTOP" | "RUN/STOP" => "STOP",
        "CBM" | "COMMODORE" => "C=",
        "UP" => return Ok(vec![index("LSHIFT"), index("DOWN")]),
        "LEFT" => return Ok(vec![index("LSHIFT"), index("RIGHT")]),
        other => other,
    };
    MATRIX.iter().position(|&k| k == alias).map(|i| vec![i as u8]).ok_or_else(|| format!("no key {name:?}"))
}

fn index(name: &str) -> u8 {
    MATRIX.iter().position(|&k| k == name).unwrap_or(0) as u8
}

/// `A+B+...` (a lone `+` is the plus key).
fn chord(text: &str) -> Result<Vec<u8>, String> {
    if text == "+" {
        return key("+");
    }
    let mut keys = Vec::new();
    for name in text.split('+') {
        keys.extend(key(name)?);
    }
    Ok(keys)
}

fn typed(c: char) -> Result<Vec<u8>, String> {
    match c {
        ' ' => key("SPACE"),
        c if c.is_ascii_alphanumeric() || "+-.,:;@*=/".contains(c) => key(&c.to_string()),
        _ => Err(format!("no key types {c:?}")),
    }
}

fn stick(text: &str) -> Result<u8, String> {
    let mut bits = 0;
    for name in text.split('+') {
        let upper = name.to_ascii_uppercase();
        let bit = STICK.iter().position(|&d| d == upper).ok_or_else(|| format!("no joystick direction {name:?}"))?;
        bits |= 1 << bit;
    }
    Ok(bits)
}

/// Run the script. `pictures`: where `picture` lines write; `max_cycles`
/// bounds the whole run. Progress and `screen` go to `out`.
pub fn run(
    emu: &mut Emulator,
    lines: &[Line],
    pictures: Option<&Path>,
    max_cycles: u64,
    out: &mut impl Write,
) -> Result<(), String> {
    if pictures.is_none() && lines.iter().any(|l| matches!(l.action, Action::Picture(_))) {
        return Err("the script writes pictures: give --pictures DIR".into());
    }
    let mut runner = Runner { emu, max_cycles, out, reset: false };
    for (i, line) in lines.iter().enumerate() {
        if let Err(e) = runner.line(line, pictures) {
            // A key that quits resets the machine before it is let go:
            // that is the next line's to expect.
            let expected = matches!(lines.get(i + 1), Some(Line { action: Action::UntilReset(_), .. }));
            if !(runner.reset && expected) {
                return Err(format!("line {}: {e}", line.number));
            }
        }
    }
    Ok(())
}

struct Runner<'a, W: Write> {
    emu: &'a mut Emulator,
    max_cycles: u64,
    out: &'a mut W,
    /// The machine reset (the menu's Quit).
    reset: bool,
}

impl<W: Write> Runner<'_, W> {
    fn line(&mut self, line: &Line, pictures: Option<&Path>) -> Result<(), String> {
        match &line.action {
            Action::Wait(cycles) => self.run_for(*cycles),
            Action::Keys(keys, hold) => self.press(keys, *hold),
            Action::Type(groups) => groups.iter().try_for_each(|keys| self.press(keys, None)),
            Action::Joy(bits, hold) => self.push(*bits, *hold),
            Action::UntilText(text, wanted, timeout) => self.until_text(text, *wanted, *timeout),
            Action::Expect(text, wanted) => {
                if self.shows(text) == *wanted {
                    Ok(())
                } else {
                    let what = if *wanted { "not on the screen" } else { "on the screen" };
                    Err(format!("{text:?} is {what}{}", self.screen_dump()))
                }
            }
            Action::Picture(name) => self.picture(pictures.unwrap_or(Path::new(".")), name),
            Action::Screen => {
                let dump = self.screen_dump();
                writeln!(self.out, "line {}: the screen at {:.2} s:{dump}", line.number, self.seconds())
                    .map_err(|e| e.to_string())
            }
            Action::UntilReset(timeout) => self.until_reset(*timeout),
        }
    }

    fn seconds(&self) -> f64 {
        seconds(self.emu.cpu.cycles)
    }

    /// Run to `until` (bounded by the limit); an error if the machine stopped.
    fn run_to(&mut self, until: u64) -> Result<(), String> {
        let until = until.min(self.max_cycles);
        if let Some(stop) = self.emu.run(until) {
            self.reset = stop == Stop::Reset;
            return Err(self.emu.describe(&stop));
        }
        if self.emu.cpu.cycles >= self.max_cycles {
            return Err(format!("the cycle limit {} was reached", self.max_cycles));
        }
        Ok(())
    }

    fn run_for(&mut self, cycles: u64) -> Result<(), String> {
        self.run_to(self.emu.cpu.cycles.saturating_add(cycles))
    }

    /// Run until `done` says so, looking every `step` cycles; an error after `timeout`.
    fn run_until(
        &mut self,
        timeout: u64,
        step: u64,
        mut done: impl FnMut(&Emulator) -> bool,
        what: &str,
    ) -> Result<(), String> {
        let end = self.emu.cpu.cycles.saturating_add(timeout);
        while !done(self.emu) {
            if self.emu.cpu.cycles >= end {
                return Err(format!("{what} within {:.2} s{}", seconds(timeout), self.screen_dump()));
            }
            self.run_to(end.min(self.emu.cpu.cycles + step))?;
        }
        Ok(())
    }

    /// Run until the columns in `mask` were each read twice more.
    fn scanned(&mut self, mask: u8) -> Result<(), String> {
        let start = self.emu.machine.column_reads;
        let read =
            move |emu: &Emulator| (0..8).all(|c| mask & (1 << c) == 0 || emu.machine.column_reads[c] >= start[c] + 2);
        self.run_until(SCAN_TIMEOUT, 2_000, read, "the program did not scan the keyboard")
    }

    fn press(&mut self, keys: &[u8], hold: Option<u64>) -> Result<(), String> {
        let mut columns = 0u8;
        for &k in keys {
            self.emu.machine.keys[(k >> 3) as usize] |= 1 << (k & 7);
            columns |= 1 << (k >> 3);
        }
        match hold {
            Some(cycles) => self.run_for(cycles)?,
            None => self.scanned(columns)?,
        }
        for &k in keys {
            self.emu.machine.keys[(k >> 3) as usize] &= !(1 << (k & 7));
        }
        self.scanned(columns)
    }

    fn push(&mut self, bits: u8, hold: Option<u64>) -> Result<(), String> {
        self.emu.machine.joystick = bits;
        let sampled = |this: &mut Self| {
            let start = this.emu.machine.port_a_reads;
            let read = move |emu: &Emulator| emu.machine.port_a_reads >= start + 2;
            this.run_until(SCAN_TIMEOUT, 2_000, read, "the program did not read the joystick")
        };
        match hold {
            Some(cycles) => self.run_for(cycles)?,
            None => sampled(self)?,
        }
        self.emu.machine.joystick = 0;
        sampled(self)
    }

    fn shows(&self, text: &str) -> bool {
        self.emu.text().iter().any(|row| row.contains(text))
    }

    fn until_text(&mut self, text: &str, wanted: bool, timeout: u64) -> Result<(), String> {
        let start = self.emu.cpu.cycles;
        let looked_for = text.to_string();
        let done = move |emu: &Emulator| emu.text().iter().any(|row| row.contains(&looked_for)) == wanted;
        let (failed, happened) = if wanted { ("did not appear", "on") } else { ("did not go", "off") };
        self.run_until(timeout, LOOK_EVERY, done, &format!("{text:?} {failed}"))?;
        let after = seconds(self.emu.cpu.cycles - start);
        writeln!(self.out, "emulate: {text:?} {happened} the screen after {after:.2} s (at {:.2} s)", self.seconds())
            .map_err(|e| e.to_string())
    }

    fn until_reset(&mut self, timeout: u64) -> Result<(), String> {
        let end = self.emu.cpu.cycles.saturating_add(timeout).min(self.max_cycles);
        match self.emu.run(end) {
            Some(Stop::Reset) => {
                writeln!(self.out, "emulate: {}", self.emu.describe(&Stop::Reset)).map_err(|e| e.to_string())
            }
            Some(stop) => Err(self.emu.describe(&stop)),
            None => Err(format!("no reset within {:.2} s{}", seconds(timeout), self.screen_dump())),
        }
    }

    fn picture(&mut self, dir: &Path, name: &str) -> Result<(), String> {
        let pixels = Frame::of(&self.emu.machine).pixels();
        let png = encode_png(&pixels, &format!("c64chess emulate: {name}"));
        let path = dir.join(format!("{name}.png"));
        std::fs::write(&path, png).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        writeln!(self.out, "emulate: wrote {} at {:.2} s", path.display(), self.seconds()).map_err(|e| e.to_string())
    }

    fn screen_dump(&self) -> String {
        self.emu.text().iter().map(|row| format!("\n  |{}|", row.trim_end())).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_parse() {
        let script = "# a comment\n\nwait 2s\nwait 120j\nkey RETURN\nkey shift+down\nkey +\ntype e2e4\n\
                      hold DOWN 20j\njoy FIRE\njoy up+fire 3j\nuntil-text \"White to move\" 30s\n\
                      expect-text \"Level 1\"\nexpect-no-text \"Hint\"\npicture start\nscreen\nuntil-reset 5s\n\
                      until-no-text \"Thinking...\" 1.5s\nkey DOWN x3\n";
        let lines = parse(script).unwrap();
        let actions: Vec<Action> = lines.iter().map(|l| l.action.clone()).collect();
        assert_eq!(lines[0].number, 3);
        assert_eq!(actions[0], Action::Wait(2 * PAL_HZ));
        assert_eq!(actions[1], Action::Wait(120 * JIFFY));
        assert_eq!(actions[2], Action::Keys(vec![1], None));
        assert_eq!(actions[3], Action::Keys(vec![15, 7], None));
        assert_eq!(actions[4], Action::Keys(vec![40], None));
        assert_eq!(actions[5], Action::Type(vec![vec![14], vec![59], vec![14], vec![11]]));
        assert_eq!(actions[6], Action::Keys(vec![7], Some(20 * JIFFY)));
        assert_eq!(actions[7], Action::Joy(16, None));
        assert_eq!(actions[8], Action::Joy(17, Some(3 * JIFFY)));
        assert_eq!(actions[9], Action::UntilText("White to move".into(), true, 30 * PAL_HZ));
        assert_eq!(actions[10], Action::Expect("Level 1".into(), true));
        assert_eq!(actions[11], Action::Expect("Hint".into(), false));
        assert_eq!(actions[12], Action::Picture("start".into()));
        assert_eq!(actions[13], Action::Screen);
        assert_eq!(actions[14], Action::UntilReset(5 * PAL_HZ));
        assert_eq!(actions[15], Action::UntilText("Thinking...".into(), false, PAL_HZ * 3 / 2));
        assert_eq!(actions[16], Action::Type(vec![vec![7]; 3]));
    }

    #[test]
    fn bad_lines_are_named() {
        for (script, says) in [
            ("wait 2", "line 1: a time needs a unit"),
            ("key NOPE", "line 1: no key \"NOPE\""),
            ("key DOWN 3", "a key's count is x1 to x99"),
            ("key DOWN x0", "a key's count is x1 to x99"),
            ("\nuntil-text Check 3s", "line 2: expected a \"quoted\" text"),
            ("until-text \"Check 3s", "the quoted text does not end"),
            ("type e2%", "no key types '%'"),
            ("joy SIDEWAYS", "no joystick direction"),
            ("picture ../x", "not a script line"),
            ("dance", "not a script line"),
        ] {
            let error = parse(script).unwrap_err();
            assert!(error.contains(says), "{script:?}: {error}");
        }
    }
}
