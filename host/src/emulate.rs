//! `c64chess emulate`: an emulated C64 that loads the real 6502 PRG files
//! the C64 builds compile to and runs them, for CI: the drive harness run
//! to its end and held to the host's search digest, with exact NMOS 6502
//! cycle counts; the game driven by a script of keys, its screen read as
//! text and drawn as pictures.
//!
//! The parts: [`cpu`] (an NMOS 6502 with exact cycles), [`machine`] (the
//! memory map, `$01` banking, the I/O the program touches, strictly: what
//! it does not model stops the run with the address and the PC), `cia`
//! (the 6526's timers and interrupts), [`screen`] (the VIC-II's view:
//! pixels and text), [`script`] (the key scripts) and [`profile`] (the
//! cycles by function and by source line, from the ELF's symbols and line
//! table: `--profile`). This file
//! loads the PRG, runs it, and holds the command and the drive's report.
//!
//! The machine starts as BASIC's `RUN` leaves it before it executes the
//! PRG's `SYS`: `$01` = `$37`, the 6502's stack pointer `$EF` (16 bytes in
//! use), the I and D flags clear, CIA 1's timer A running at 60 Hz. No ROM
//! code runs: no BASIC, no KERNAL (see `machine` for what stands in). The
//! emulator counts only the CPU's cycles: the VIC-II's bad lines, which
//! take 40 of every 8 raster lines' cycles from the CPU of a real C64
//! while the screen is on (1,000 of a PAL frame's 19,656), are not
//! modelled; the report gives the real machine's estimate beside the
//! emulated count.

mod cia;
pub mod cpu;
pub mod machine;
pub mod profile;
pub mod screen;
pub mod script;
#[cfg(test)]
mod simtest;

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;
use engine_core::bench::{drive_default, Report};
use engine_core::Searcher;

use self::cpu::Cpu;
use self::machine::{Machine, Stop};
use self::profile::lines::LineTable;
use self::profile::Profile;
use crate::out::outln;

/// A PAL C64's clock, cycles a second.
pub const PAL_HZ: u64 = 985_248;
/// Cycles between two interrupts of the jiffy clock (latch `$4025` + 1).
pub const JIFFY: u64 = 0x4026;
/// A PAL frame's cycles (312 lines of 63), and those the VIC-II's bad
/// lines take from the CPU while the screen is on (25 rows of 40).
const PAL_FRAME: u64 = 312 * 63;
const BAD_LINE_CYCLES: u64 = 25 * 40;

/// What a PRG file holds: where it loads and where its `SYS` starts it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Prg {
    /// The load address (the file's first two bytes).
    pub load: u16,
    /// One past the last byte loaded.
    pub end: u32,
    /// The address after the BASIC line's `SYS` token.
    pub start: u16,
}

/// Read a PRG's header and its BASIC `SYS` line: a clear error for a
/// file that is not one.
pub fn parse_prg(bytes: &[u8]) -> Result<Prg, String> {
    if bytes.len() < 3 {
        return Err(format!("{} bytes: too short for a PRG (a load address and a program)", bytes.len()));
    }
    let load = u16::from_le_bytes([bytes[0], bytes[1]]);
    let end = load as u32 + (bytes.len() - 2) as u32;
    if end > 0x10000 {
        return Err(format!("it loads at ${load:04X} and runs past $FFFF ({} bytes)", bytes.len() - 2));
    }
    let body = &bytes[2..];
    // A BASIC line: next-line pointer, line number, tokens. SYS is $9E.
    let line = body.get(4..).unwrap_or(&[]);
    let line = &line[..line.iter().position(|&b| b == 0).unwrap_or(line.len())];
    let Some(sys) = line.iter().position(|&b| b == 0x9E) else {
        return Err("no BASIC line with SYS at its load address (truncated, or not a C64 program)".into());
    };
    let digits: String = line[sys + 1..]
        .iter()
        .skip_while(|&&b| b == b' ')
        .take_while(|b| b.is_ascii_digit())
        .map(|&b| b as char)
        .collect();
    let start = digits.parse::<u16>().map_err(|_| format!("SYS without a usable address ({digits:?})"))?;
    if (start as u32) < load as u32 || start as u32 >= end {
        return Err(format!("SYS {start} is outside what the file loads (${load:04X}-${:04X})", end - 1));
    }
    Ok(Prg { load, end, start })
}

/// The character ROM's 4 KB as the stand-in font gives them (both halves
/// the lower/upper-case set: the program reads only that one).
fn char_rom() -> Box<[u8; 0x1000]> {
    let mut rom = Box::new([0u8; 0x1000]);
    for (offset, byte) in rom.iter_mut().enumerate() {
        *byte = crate::picture::rom((offset >> 3) as u8)[offset & 7];
    }
    rom
}

/// The CPU and the machine, with the program loaded.
pub struct Emulator {
    /// The 6502.
    pub cpu: Cpu,
    /// Everything else.
    pub machine: Machine,
    /// The PRG's layout.
    pub prg: Prg,
    /// The cycles by address, when profiling (`--profile`).
    pub profile: Option<Box<Profile>>,
}

impl Emulator {
    /// A C64 with `bytes` (a PRG file) loaded, about to run its `SYS`.
    pub fn new(bytes: &[u8]) -> Result<Emulator, String> {
        let prg = parse_prg(bytes)?;
        let mut machine = Machine::new(char_rom());
        machine.ram[prg.load as usize..prg.end as usize].copy_from_slice(&bytes[2..]);
        Ok(Emulator { cpu: Cpu::new(prg.start, 0xEF), machine, prg, profile: None })
    }

    /// Run until the cycle count reaches `until` or the machine stops;
    /// why it stopped, if it did. With a profile, each instruction's
    /// cycles are counted at its address, an interrupt's entry at its
    /// handler's, and each `JSR` at its target (a loop of its own, so the
    /// run without costs nothing more).
    pub fn run(&mut self, until: u64) -> Option<Stop> {
        let Emulator { cpu, machine, profile, .. } = self;
        machine.set_deadline(until);
        while machine.stop.is_none() && cpu.cycles < until {
            match profile {
                None => {
                    while cpu.cycles < machine.next_event {
                        step(cpu, machine);
                    }
                }
                Some(profile) => {
                    while cpu.cycles < machine.next_event {
                        let (pc, before) = (cpu.pc, cpu.cycles);
                        step(cpu, machine);
                        profile.count(pc, cpu.cycles - before);
                        if machine.ram[pc as usize] == JSR {
                            profile.call(cpu.pc);
                        }
                    }
                }
            }
            if machine.stop.is_none() {
                let before = cpu.cycles;
                machine.service(cpu);
                if let Some(profile) = profile {
                    profile.count(cpu.pc, cpu.cycles - before);
                }
            }
        }
        machine.stop.clone()
    }

    /// The 6502 stack's deepest use: bytes of page 1 from the lowest
    /// stack pointer + 1 up to `$01FF` (the pointer starts at `$EF`).
    pub fn hard_stack_used(&self) -> u8 {
        0xFF - self.cpu.lowest_sp
    }

    /// The soft stack's deepest use below its first value, and the two addresses.
    pub fn soft_stack_used(&self) -> Option<(u16, u16, u16)> {
        let soft = self.machine.soft_stack;
        soft.top.map(|top| (top.saturating_sub(soft.lowest), top, soft.lowest))
    }

    /// Both stacks' worst cases, as a line.
    pub fn stacks(&self) -> String {
        let soft = match self.soft_stack_used() {
            Some((used, top, lowest)) => format!("soft stack {used} bytes (top ${top:04X}, lowest ${lowest:04X})"),
            None => "soft stack not set".into(),
        };
        let lowest = 0x0100 + self.cpu.lowest_sp as u16 + 1;
        format!("{soft}; 6502 stack {} bytes (${lowest:04X}-$01FF; 16 in use at SYS)", self.hard_stack_used())
    }

    /// A stop, as a line.
    pub fn describe(&self, stop: &Stop) -> String {
        let at = format!("at cycle {} ({:.2} s of PAL time)", self.cpu.cycles, seconds(self.cpu.cycles));
        match stop {
            Stop::Exit(254) => format!("exit status 254 (a write to $D7FF): the program's panic {at}"),
            Stop::Exit(status) => format!("exit status {status} (a write to $D7FF) {at}"),
            Stop::Reset => format!("reset (Quit): the program jumped to the KERNAL's reset {at}"),
            Stop::Fault(what) => format!("error: {what}, {at}"),
        }
    }

    /// The screen's text rows.
    pub fn text(&self) -> Vec<String> {
        screen::Frame::of(&self.machine).text()
    }
}

/// The 6502's `JSR` opcode.
const JSR: u8 = 0x20;

/// One instruction; an undocumented opcode stops the machine.
#[inline(always)]
fn step(cpu: &mut Cpu, machine: &mut Machine) {
    if let Err(jam) = cpu.step(machine) {
        machine.op_pc = jam.pc;
        machine.fault(format!("undocumented opcode ${:02X}", jam.opcode));
    }
}

/// Cycles as seconds of a PAL C64.
pub fn seconds(cycles: u64) -> f64 {
    cycles as f64 / PAL_HZ as f64
}

/// `c64chess emulate` options.
#[derive(Args, Debug)]
#[command(after_help = "\
Without --drive or --keys, the program runs until it stops (or the cycle
limit) and the screen is printed. A key script's lines (# starts a comment):
  wait 2s | wait 120j | wait 5000c     run for seconds, jiffies or cycles
  key RETURN | key SHIFT+DOWN          press and release (held until scanned)
  key DOWN x8                          the same 8 times
  type e2e4                            a key for each character
  hold DOWN 20j | joy FIRE | joy UP 5j the key or joystick held for a time
  until-text \"Check\" 30s               run until the screen shows the text
  until-no-text \"Thinking...\" 30s      run until it does not
  expect-text \"Level 1\"                fail unless the screen shows it now
  expect-no-text \"Hint\"                fail if it does
  picture start                        DIR/start.png (needs --pictures DIR)
  screen                               print the screen's text
  until-reset 5s                       run until the program resets (Quit)

Examples:
  c64chess emulate --drive target/c64/c64chess-drive.prg
  c64chess emulate target/c64/c64chess.prg --keys game.keys --pictures shots/
  c64chess emulate target/c64/c64chess.prg --max-cycles 2e7
  c64chess emulate --drive target/c64/c64chess-drive.prg --profile target/c64/c64chess-drive.elf")]
pub struct EmulateArgs {
    /// The PRG file (load address, BASIC SYS line, 6502 code).
    prg: PathBuf,
    /// Run the drive harness to its end; compare its searches, nodes and
    /// digest with the host's `c64chess drive` and report the cycles.
    #[arg(long)]
    drive: bool,
    /// A script of keys, waits and checks to drive the program with.
    #[arg(long, visible_alias = "script", value_name = "FILE")]
    keys: Option<PathBuf>,
    /// Where a script's `picture NAME` lines write NAME.png.
    #[arg(long, value_name = "DIR")]
    pictures: Option<PathBuf>,
    /// Stop after this many cycles (5e9: about 85 minutes of PAL time).
    #[arg(long, default_value = "5e9", value_parser = parse_cycles)]
    max_cycles: u64,
    /// Print the screen's text at the end.
    #[arg(long)]
    screen: bool,
    /// The PRG's ELF (`tools/c64-build` writes it beside the PRG): count
    /// every cycle at the PC and print at the end where they went, by
    /// function (the ELF's symbols) and by source line (its line table).
    #[arg(long, value_name = "ELF")]
    profile: Option<PathBuf>,
    /// How many functions, and how many source lines, the profile lists.
    #[arg(long, value_name = "N", default_value_t = 30)]
    profile_top: usize,
}

/// A cycle count: digits (with `_` allowed) or a float such as `5e9`.
fn parse_cycles(text: &str) -> Result<u64, String> {
    let plain = text.replace('_', "");
    plain
        .parse::<u64>()
        .ok()
        .or_else(|| plain.parse::<f64>().ok().filter(|f| f.is_finite() && *f >= 0.0 && *f < 1.8e19).map(|f| f as u64))
        .ok_or_else(|| format!("not a cycle count: {text:?}"))
}

/// Run the command: status 0 on success, 1 on a failed run, 2 on bad input.
pub fn run(args: EmulateArgs) -> ExitCode {
    let bytes = match std::fs::read(&args.prg) {
        Ok(bytes) => bytes,
        Err(e) => return fail(2, &format!("cannot read {}: {e}", args.prg.display())),
    };
    let mut emu = match Emulator::new(&bytes) {
        Ok(emu) => emu,
        Err(e) => return fail(2, &format!("{}: {e}", args.prg.display())),
    };
    let elf = match args.profile.as_deref().map(read_elf).transpose() {
        Ok(elf) => elf,
        Err(e) => return fail(2, &e),
    };
    if elf.is_some() {
        emu.profile = Some(Box::default());
    }
    let name = args.prg.display().to_string();
    outln!("emulate: {name}: loads ${:04X}-${:04X}, SYS {}", emu.prg.load, emu.prg.end - 1, emu.prg.start);
    let status = run_mode(&mut emu, &args);
    if let (Some(profile), Some((symbols, lines))) = (&emu.profile, &elf) {
        for line in profile.report(symbols, args.profile_top) {
            outln!("{line}");
        }
        match lines {
            Some(lines) => {
                for line in lines.report(profile, symbols, args.profile_top) {
                    outln!("{line}");
                }
            }
            None => outln!("{}", profile::lines::NO_TABLE),
        }
    }
    status
}

/// The ELF's symbols and its line table (if it has one), or why not.
fn read_elf(path: &std::path::Path) -> Result<(Vec<profile::Symbol>, Option<LineTable>), String> {
    let bytes = std::fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let read = |elf: profile::Elf| Ok((profile::functions(&elf)?, LineTable::read(&elf)?));
    profile::Elf::parse(&bytes).and_then(read).map_err(|e: String| format!("{}: {e}", path.display()))
}

/// The run as the options ask: the drive, a key script, or until it stops.
fn run_mode(emu: &mut Emulator, args: &EmulateArgs) -> ExitCode {
    if args.drive {
        return drive(emu, args.max_cycles, args.screen);
    }
    if let Some(path) = &args.keys {
        let source = match std::fs::read_to_string(path) {
            Ok(source) => source,
            Err(e) => return fail(2, &format!("cannot read {}: {e}", path.display())),
        };
        let lines = match script::parse(&source) {
            Ok(lines) => lines,
            Err(e) => return fail(2, &format!("{}: {e}", path.display())),
        };
        let mut out = std::io::stdout();
        let done = script::run(emu, &lines, args.pictures.as_deref(), args.max_cycles, &mut out);
        if args.screen {
            print_screen(emu);
        }
        outln!("emulate: {}", emu.stacks());
        return match done {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => fail(1, &format!("{}: {e}", path.display())),
        };
    }
    let stop = emu.run(args.max_cycles);
    print_screen(emu);
    outln!("emulate: {}", emu.stacks());
    match stop {
        Some(stop @ (Stop::Exit(0) | Stop::Reset)) => {
            outln!("emulate: {}", emu.describe(&stop));
            ExitCode::SUCCESS
        }
        Some(stop) => fail(1, &emu.describe(&stop)),
        None => fail(1, &limit_reached(emu)),
    }
}

fn limit_reached(emu: &Emulator) -> String {
    format!("the cycle limit {} was reached (PC ${:04X}); --max-cycles raises it", emu.cpu.cycles, emu.cpu.pc)
}

fn fail(status: u8, message: &str) -> ExitCode {
    eprintln!("emulate: {message}");
    ExitCode::from(status)
}

fn print_screen(emu: &Emulator) {
    outln!("emulate: the screen:");
    for row in emu.text() {
        outln!("  |{}|", row.trim_end());
    }
}

/// The drive harness's figures, read from its text screen at `$0400`
/// (screen codes of the ROM's set; rows as `c64::drive` writes them).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DriveScreen {
    /// The screen's rows as text.
    pub rows: Vec<String>,
    /// `searches`, `nodes`, `digest` (hex), and the CIA's `cycles` (or
    /// `kcycles` × 1000) as the C64 shows them.
    pub searches: Option<u32>,
    /// See `searches`.
    pub nodes: Option<u32>,
    /// See `searches`.
    pub digest: Option<u32>,
    /// See `searches`.
    pub cycles: Option<u64>,
}

impl DriveScreen {
    /// Read the figures from the text screen at `$0400`.
    pub fn read(machine: &Machine) -> DriveScreen {
        let rows: Vec<String> = machine.ram[0x0400..0x07E8]
            .chunks(40)
            .map(|row| row.iter().map(|&c| screen::rom_char(c)).collect())
            .collect();
        let value = |label: &str| -> Option<String> {
            rows.iter().find_map(|row| {
                let mut words = row.split_whitespace();
                (words.next() == Some(label)).then(|| words.next().map(str::to_string)).flatten()
            })
        };
        let number = |label: &str| value(label).and_then(|v| v.parse::<u64>().ok());
        DriveScreen {
            searches: number("searches").and_then(|n| u32::try_from(n).ok()),
            nodes: number("nodes").and_then(|n| u32::try_from(n).ok()),
            digest: value("digest").and_then(|v| u32::from_str_radix(&v, 16).ok()),
            cycles: number("cycles").or_else(|| number("kcycles").map(|k| k * 1000)),
            rows,
        }
    }
}

/// The host's own drive run: what the C64 must show.
fn host_drive() -> Report {
    let mut searcher = Box::new(Searcher::new());
    drive_default(&mut searcher, &mut (), |_| {})
}

/// `--drive`: run the harness to its end and hold it to the host's figures.
fn drive(emu: &mut Emulator, max_cycles: u64, show: bool) -> ExitCode {
    let wall = std::time::Instant::now();
    let stop = emu.run(max_cycles);
    let elapsed = wall.elapsed().as_secs_f64();
    let screen = DriveScreen::read(&emu.machine);
    // The figures are at $0400 once the harness is done; before, the
    // soft stack is (shown with --screen only).
    if show || matches!(stop, Some(Stop::Exit(_))) {
        outln!("emulate: the C64's screen at $0400:");
        for row in screen.rows.iter().filter(|row| show || !row.trim().is_empty()) {
            outln!("  |{}|", row.trim_end());
        }
    }
    let total = emu.cpu.cycles;
    outln!(
        "emulate: {total} cycles emulated in {elapsed:.1} s ({:.0} M cycles/s)",
        total as f64 / elapsed.max(1e-9) / 1e6
    );
    outln!("emulate: {}", emu.stacks());
    outln!(
        "emulate: {} interrupts taken, {} dropped while the KERNAL was mapped",
        emu.machine.irqs,
        emu.machine.dropped_irqs
    );
    let status = match stop {
        Some(Stop::Exit(status)) => status,
        Some(stop) => return fail(1, &emu.describe(&stop)),
        None => return fail(1, &limit_reached(emu)),
    };
    outln!("emulate: {}; status byte at $00FB: {}", emu.describe(&Stop::Exit(status)), emu.machine.ram[0xFB]);
    let host = host_drive();
    let ok = drive_report(emu, &screen, &host, status);
    if ok {
        outln!("emulate: ok: the C64's searches, nodes and digest are the host's, status 0");
        ExitCode::SUCCESS
    } else {
        fail(1, "the drive run does not match the host's, or its status is not 0")
    }
}

/// Print the comparison and the cycle figures; whether the run passes.
fn drive_report(emu: &Emulator, screen: &DriveScreen, host: &Report, status: u8) -> bool {
    let shown = |v: Option<u32>, hex: bool| match (v, hex) {
        (Some(v), true) => format!("{v:08x}"),
        (Some(v), false) => v.to_string(),
        (None, _) => "(not on the screen)".into(),
    };
    outln!(
        "drive on the C64: searches {} nodes {} digest {}",
        shown(screen.searches, false),
        shown(screen.nodes, false),
        shown(screen.digest, true)
    );
    outln!("drive on the host: searches {} nodes {} digest {:08x}", host.searches, host.nodes, host.digest.0);
    let same = screen.searches == Some(host.searches)
        && screen.nodes == Some(host.nodes)
        && screen.digest == Some(host.digest.0);
    let timed = match (emu.machine.cia2_started, emu.machine.cia2_stopped) {
        (Some(start), Some(stop)) if stop >= start => stop - start,
        _ => {
            outln!("emulate: CIA 2's timer A was not started and stopped: no timed interval");
            return false;
        }
    };
    let searches = host.searches.max(1) as u64;
    let nodes = host.nodes.max(1) as u64;
    outln!(
        "cycles {timed} (emulated, CIA 2's start to its stop): {} a node, {} a search",
        timed / nodes,
        timed / searches
    );
    match screen.cycles {
        Some(shown) => {
            outln!("cycles {shown} as the C64 counted them with CIA 2 (difference {})", shown as i64 - timed as i64)
        }
        None => outln!("cycles: the C64's count is not on the screen"),
    }
    let real = timed * PAL_FRAME / (PAL_FRAME - BAD_LINE_CYCLES);
    outln!(
        "seconds {:.1} on a PAL C64 at {PAL_HZ} Hz without bad lines; about {:.1} with the screen on",
        seconds(timed),
        seconds(real)
    );
    print_levels(timed / nodes);
    same && status == 0
}

/// Each node level's seconds a move on a PAL C64, with the screen on, at
/// `per_node` cycles a node (the drive's): the most a move takes, its whole
/// node budget spent (a search stops sooner at its depth cap or a forced
/// move). The timed levels take their seconds by the clock.
fn print_levels(per_node: u64) {
    for (n, limits) in engine_core::level::LEVELS.iter().enumerate() {
        let cycles = limits.nodes as u64 * per_node * PAL_FRAME / (PAL_FRAME - BAD_LINE_CYCLES);
        outln!(
            "level {}: at most {} nodes a move: {:.0} s a move on a PAL C64 at {per_node} cycles a node",
            n + 1,
            limits.nodes,
            seconds(cycles)
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_prg_header_and_its_sys_line() {
        // $0801: next line $080B, line 10, SYS 2061, end of line, end of program.
        let mut prg = vec![0x01, 0x08, 0x0B, 0x08, 0x0A, 0x00, 0x9E];
        prg.extend_from_slice(b"2061");
        prg.extend_from_slice(&[0, 0, 0, 0x60]);
        assert_eq!(parse_prg(&prg), Ok(Prg { load: 0x0801, end: 0x0801 + prg.len() as u32 - 2, start: 2061 }));
        assert!(parse_prg(&prg[..1]).unwrap_err().contains("too short"));
        assert!(parse_prg(&prg[..6]).unwrap_err().contains("no BASIC line"));
        let mut far = prg.clone();
        far[7..11].copy_from_slice(b"4096");
        assert!(parse_prg(&far).unwrap_err().contains("outside"));
        assert_eq!(parse_cycles("5e9"), Ok(5_000_000_000));
        assert_eq!(parse_cycles("1_000"), Ok(1000));
        assert!(parse_cycles("lots").is_err());
    }
}
