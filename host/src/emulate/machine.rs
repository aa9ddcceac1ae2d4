//! The C64 around the 6502: 64 KB of RAM, the CPU port at `$00/$01` and
//! its banking, the I/O area (VIC-II registers, the SID's debug-cartridge
//! byte, the colour RAM, CIA 1 and CIA 2), the keyboard matrix and a
//! joystick in port 2. No cartridge, no disk drive, and no BASIC or KERNAL
//! ROM: their bytes are copyrighted and the program switches them out.
//!
//! # Invariants
//!
//! * `read_plain[r]` / `write_plain[r]` say whether the 4 KB region `r`
//!   is plain RAM for reads / writes under the current `$01`; every access
//!   elsewhere takes the slow path, which knows the ROMs and the I/O area.
//!   They are recomputed at every write to `$00` or `$01` ([`Machine::bank`]).
//! * `next_event` is never later than the next cycle at which anything
//!   must be looked at between two instructions: the deadline the caller
//!   set, CIA 1's interrupt, or 0 once the machine stopped ([`Stop`]).
//!   The emulator runs instructions while the cycle count is below it.
//! * CIA timers are evaluated lazily: each CIA remembers the cycle up to
//!   which its timers were brought (`synced`) and brings them up to date
//!   before any access that reads or changes them (`Cia::sync`).
//!
//! # What the model refuses (strict)
//!
//! The model covers what the program touches and reports the rest as a
//! [`Stop::Fault`] with the address and the PC: a read of the BASIC or
//! KERNAL ROM (but the KERNAL's three vectors at `$FFFA-$FFFF`, which the
//! menu's Quit reads to reset: `$FE43`, `$FCE2`, `$FF48`), the program
//! counter in either ROM, in the I/O area or in pages 0 and 1, a VIC-II
//! register other than `$D011`, `$D016`, `$D018`, `$D020` and `$D021`, a
//! read of the SID, the time-of-day clocks and serial ports of the CIAs,
//! timer modes other than continuous counting of cycles (and timer B's of
//! timer A's underflows), CIA 2's interrupts (NMIs), the `$DE00-$DFFF`
//! expansion area, a `BRK`, and the soft stack pointer (`$02/$03`) falling
//! below `$0200`, into the 6502's own stack page. A SID write is ignored,
//! but `$D7FF`, VICE's debug cartridge: the program's exit status.
//!
//! # Interrupts
//!
//! CIA 1's timer A runs from power-on, continuous, latch `$4025` (the
//! KERNAL's PAL 60 Hz), with its interrupt enabled, as BASIC's `RUN`
//! leaves it; a timer with latch L underflows every L + 1 cycles. Its IRQ
//! is asserted while a flag is set in the ICR whose mask bit is set, and a
//! read of `$DC0D` returns the flags (bit 7 if any enabled one is set) and
//! clears them. While the KERNAL ROM is mapped (`$01` bit 1 set) its own
//! handler would take the interrupt, and we have no ROM: the interrupt is
//! then dropped as that handler would acknowledge it (the flags cleared,
//! no cycles spent). The program's own handler runs once it has switched
//! the KERNAL out (`kernal_out`, with its vector at `$FFFE` in RAM).

use super::cia::Cia;
use super::cpu::{Bus, Cpu, IRQ_VECTOR};

/// Why the machine stopped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Stop {
    /// The program wrote its exit status to `$D7FF` (VICE's debug cartridge).
    Exit(u8),
    /// The program counter reached the KERNAL's reset routine (`$FCE2`)
    /// with the KERNAL mapped: the menu's Quit resets the machine.
    Reset,
    /// Something the model does not cover, or a crash: what and where.
    Fault(String),
}

/// The KERNAL's reset routine, where its vector at `$FFFC` points.
pub const KERNAL_RESET: u16 = 0xFCE2;
/// The KERNAL ROM's vectors at `$FFFA-$FFFF` (NMI `$FE43`, reset, IRQ
/// `$FF48`): addresses, not ROM code.
const KERNAL_VECTORS: [u8; 6] = [0x43, 0xFE, 0xE2, 0xFC, 0x48, 0xFF];

/// Regions (4 KB) of the memory map.
const BASIC: [usize; 2] = [0xA, 0xB];
const KERNAL: [usize; 2] = [0xE, 0xF];
const IO: usize = 0xD;

/// The soft stack pointer's two bytes (llvm-mos's `__rc0`, `__rc1`).
const SOFT_SP: u16 = 0x0002;

/// What `$D000-$DFFF` shows the CPU.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Area {
    Ram,
    Io,
    CharRom,
}

/// The soft stack pointer's history.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SoftStack {
    /// Its first value (the SDK's start-up sets it once): the top.
    pub top: Option<u16>,
    /// The lowest value it took (sampled as the high byte is written:
    /// llvm-mos writes the low byte first, and the pair is only
    /// consistent once both are written).
    pub lowest: u16,
}

/// The emulated C64 less its CPU.
pub struct Machine {
    /// The 64 KB of RAM.
    pub ram: Box<[u8; 0x10000]>,
    /// The character ROM's stand-in (`crate::picture::rom`, both halves).
    char_rom: Box<[u8; 0x1000]>,
    /// The colour RAM, a nybble a byte.
    pub colour: [u8; 1024],
    read_plain: [bool; 16],
    write_plain: [bool; 16],
    /// Opcode fetches straight from RAM (no ROM, no I/O, not pages 0-1).
    fetch_plain: [bool; 16],
    /// The CPU port: its data direction (`$00`) and what was written (`$01`).
    ddr: u8,
    port: u8,
    /// The VIC-II's registers (`$D000-$D03F`).
    pub vic: [u8; 64],
    cia1: Cia,
    cia2: Cia,
    /// The keyboard matrix: bit `r` of `keys[c]` set while the key at
    /// column `c`, row `r` is down.
    pub keys: [u8; 8],
    /// Joystick port 2: bits set while pushed (0 up, 1 down, 2 left, 3 right, 4 fire).
    pub joystick: u8,
    /// Reads of `$DC01` with column `c` selected (the program's scans).
    pub column_reads: [u64; 8],
    /// Reads of `$DC00` (the joystick's samples).
    pub port_a_reads: u64,
    /// Why the machine stopped, once it did.
    pub stop: Option<Stop>,
    /// Run instructions while the cycle count is below this (see the invariants).
    pub next_event: u64,
    deadline: u64,
    irq_at: u64,
    /// The address of the instruction being executed.
    pub op_pc: u16,
    /// The soft stack pointer's top and lowest value.
    pub soft_stack: SoftStack,
    /// CIA 2's timer A: the cycle it was last started and last stopped
    /// (the drive's 32-bit cycle count runs between them).
    pub cia2_started: Option<u64>,
    /// See `cia2_started`.
    pub cia2_stopped: Option<u64>,
    /// Interrupts taken, and dropped while the KERNAL was mapped.
    pub irqs: u64,
    /// See `irqs`.
    pub dropped_irqs: u64,
}

impl Machine {
    /// The machine as BASIC's `RUN` leaves it: `$01` = `$37`, the KERNAL's
    /// CIA settings, the VIC-II's default screen at `$0400` (blank), RAM
    /// zero elsewhere, `char_rom` as the character ROM's 4 KB.
    pub fn new(char_rom: Box<[u8; 0x1000]>) -> Machine {
        let mut ram = Box::new([0u8; 0x10000]);
        ram[0x0400..0x07E8].fill(0x20);
        let mut vic = [0u8; 64];
        for (reg, value) in [(0x11, 0x1B), (0x16, 0xC8), (0x18, 0x15), (0x20, 0x0E), (0x21, 0x06)] {
            vic[reg] = value;
        }
        let mut machine = Machine {
            ram,
            char_rom,
            colour: [0x0E; 1024],
            read_plain: [true; 16],
            write_plain: [true; 16],
            fetch_plain: [true; 16],
            ddr: 0x2F,
            port: 0x37,
            vic,
            cia1: Cia::kernal_cia1(),
            cia2: Cia::kernal_cia2(),
            keys: [0; 8],
            joystick: 0,
            column_reads: [0; 8],
            port_a_reads: 0,
            stop: None,
            next_event: 0,
            deadline: 0,
            irq_at: u64::MAX,
            op_pc: 0,
            soft_stack: SoftStack { top: None, lowest: 0xFFFF },
            cia2_started: None,
            cia2_stopped: None,
            irqs: 0,
            dropped_irqs: 0,
        };
        machine.bank();
        machine.reschedule(0);
        machine
    }

    /// The CPU port's lines as the banking logic sees them: an input line
    /// (DDR bit clear) is pulled up.
    fn lines(&self) -> u8 {
        self.port | !self.ddr
    }

    /// Whether the KERNAL ROM is mapped (HIRAM).
    pub fn kernal_mapped(&self) -> bool {
        self.lines() & 2 != 0
    }

    fn basic_mapped(&self) -> bool {
        self.lines() & 3 == 3
    }

    fn area(&self) -> Area {
        let lines = self.lines();
        if lines & 3 == 0 {
            Area::Ram
        } else if lines & 4 != 0 {
            Area::Io
        } else {
            Area::CharRom
        }
    }

    /// Recompute the region tables from `$01`.
    fn bank(&mut self) {
        let (basic, kernal, area) = (self.basic_mapped(), self.kernal_mapped(), self.area());
        self.read_plain = [true; 16];
        self.write_plain = [true; 16];
        for r in BASIC {
            self.read_plain[r] = !basic;
        }
        for r in KERNAL {
            self.read_plain[r] = !kernal;
        }
        self.read_plain[IO] = area == Area::Ram;
        self.write_plain[IO] = area != Area::Io;
        self.fetch_plain = self.read_plain;
        self.fetch_plain[0] = false; // pages 0 and 1 are checked
    }

    /// Set the deadline: `next_event` no later than `cycle`.
    pub fn set_deadline(&mut self, cycle: u64) {
        self.deadline = cycle;
        self.update_event();
    }

    fn update_event(&mut self) {
        self.next_event = if self.stop.is_some() { 0 } else { self.deadline.min(self.irq_at) };
    }

    /// Stop the machine (the first reason stays).
    fn halt(&mut self, stop: Stop) {
        if self.stop.is_none() {
            self.stop = Some(stop);
        }
        self.next_event = 0;
    }

    /// Stop with a fault at the current instruction.
    pub fn fault(&mut self, what: String) {
        let message = format!("PC ${:04X}: {what}", self.op_pc);
        self.halt(Stop::Fault(message));
    }

    /// CIA 1's interrupt: when to look at it next.
    fn reschedule(&mut self, now: u64) {
        self.irq_at = match self.cia1.next_interrupt(now) {
            Ok(at) => at,
            Err(what) => {
                self.fault(what);
                u64::MAX
            }
        };
        self.update_event();
    }

    /// Between two instructions, at the CPU's cycle count: take CIA 1's
    /// interrupt if it is due (or drop it while the KERNAL is mapped).
    pub fn service(&mut self, cpu: &mut Cpu) {
        let now = cpu.cycles;
        if now < self.irq_at {
            return;
        }
        self.cia1.sync(now);
        if self.cia1.asserted() {
            if self.kernal_mapped() {
                self.cia1.acknowledge();
                self.dropped_irqs += 1;
            } else if !cpu.i {
                self.op_pc = cpu.pc;
                cpu.interrupt(self, IRQ_VECTOR);
                self.irqs += 1;
            }
        }
        self.reschedule(now);
        if self.cia1.asserted() {
            // Held off by the I flag: look again after the next instruction.
            self.irq_at = cpu.cycles + 1;
            self.update_event();
        }
    }

    /// A byte of the character ROM's stand-in (`offset` below `$1000`).
    pub fn char_rom(&self, offset: u16) -> u8 {
        self.char_rom[(offset & 0x0FFF) as usize]
    }

    /// What the VIC-II reads at `addr` of its 16 KB bank: RAM, but the
    /// character ROM at `$1000-$1FFF` in banks 0 and 2.
    pub fn vic_read(&self, bank: u8, addr: u16) -> u8 {
        let addr = addr & 0x3FFF;
        if bank & 1 == 0 && (0x1000..0x2000).contains(&addr) {
            self.char_rom(addr)
        } else {
            self.ram[(bank as usize) << 14 | addr as usize]
        }
    }

    /// The VIC-II's bank (0-3) from CIA 2's port A bits 0-1 (inverted).
    pub fn vic_bank(&self) -> u8 {
        3 - (self.cia2.port_a() & 3)
    }

    /// The ROMs' and the I/O area's reads.
    fn read_slow(&mut self, addr: u16, now: u64) -> u8 {
        let region = (addr >> 12) as usize;
        if BASIC.contains(&region) && self.basic_mapped() {
            self.fault(format!("read of ${addr:04X} in the BASIC ROM, which is not emulated"));
            return 0;
        }
        if KERNAL.contains(&region) && self.kernal_mapped() {
            if addr >= 0xFFFA {
                return KERNAL_VECTORS[(addr - 0xFFFA) as usize];
            }
            self.fault(format!("read of ${addr:04X} in the KERNAL ROM, which is not emulated"));
            return 0;
        }
        match self.area() {
            Area::CharRom => self.char_rom(addr),
            Area::Io => self.io_read(addr, now),
            Area::Ram => self.ram[addr as usize],
        }
    }

    fn io_read(&mut self, addr: u16, now: u64) -> u8 {
        match addr {
            0xD000..=0xD3FF => {
                let reg = (addr & 0x3F) as usize;
                match reg {
                    0x11 | 0x18 => self.vic[reg] | if reg == 0x18 { 1 } else { 0 },
                    0x16 => self.vic[reg] | 0xC0,
                    0x20 | 0x21 => self.vic[reg] | 0xF0,
                    _ => self.refuse(addr, "read of a VIC-II register"),
                }
            }
            0xD400..=0xD7FF => self.refuse(addr, "read of the SID"),
            0xD800..=0xDBFF => self.colour[(addr & 0x3FF) as usize] & 0x0F,
            0xDC00..=0xDCFF => self.cia1_read(addr, now),
            0xDD00..=0xDDFF => {
                let value = self.cia2.read((addr & 15) as u8, now);
                self.cia_result(addr, value)
            }
            _ => self.refuse(addr, "read of the expansion port's I/O area"),
        }
    }

    fn refuse(&mut self, addr: u16, what: &str) -> u8 {
        self.fault(format!("{what} at ${addr:04X}, which is not modelled"));
        0
    }

    fn cia_result(&mut self, addr: u16, value: Result<u8, String>) -> u8 {
        value.unwrap_or_else(|what| {
            self.fault(format!("{what} (${addr:04X})"));
            0
        })
    }

    /// CIA 1: port A is the keyboard's columns out and joystick 2 in,
    /// port B the keyboard's rows in; the rest is the timer.
    fn cia1_read(&mut self, addr: u16, now: u64) -> u8 {
        let reg = (addr & 15) as u8;
        let stick = !self.joystick & 0x1F | 0xE0;
        match reg {
            0 => {
                self.port_a_reads += 1;
                self.cia1.port_a() & stick
            }
            1 => {
                let select = self.cia1.port_a() & stick;
                let mut rows = 0xFF;
                for (column, &down) in self.keys.iter().enumerate() {
                    if select & (1 << column) == 0 {
                        rows &= !down;
                        self.column_reads[column] += 1;
                    }
                }
                rows & self.cia1.port_b()
            }
            _ => {
                let value = self.cia1.read(reg, now);
                let value = self.cia_result(addr, value);
                if reg == 0x0D {
                    self.reschedule(now);
                }
                value
            }
        }
    }

    /// The I/O area's writes.
    fn io_write(&mut self, addr: u16, value: u8, now: u64) {
        match addr {
            0xD000..=0xD3FF => {
                let reg = (addr & 0x3F) as usize;
                match reg {
                    0x11 | 0x16 | 0x18 | 0x20 | 0x21 => self.vic[reg] = value,
                    _ => {
                        self.refuse(addr, &format!("write of ${value:02X} to a VIC-II register"));
                    }
                }
            }
            0xD7FF => self.halt(Stop::Exit(value)),
            0xD400..=0xD7FE => {} // the SID: no sound here
            0xD800..=0xDBFF => self.colour[(addr & 0x3FF) as usize] = value & 0x0F,
            0xDC00..=0xDCFF => {
                let done = self.cia1.write((addr & 15) as u8, value, now);
                self.cia_done(addr, done);
                self.reschedule(now);
            }
            0xDD00..=0xDDFF => {
                let reg = (addr & 15) as u8;
                let was_running = self.cia2.timer_a_running();
                let done = self.cia2.write(reg, value, now);
                self.cia_done(addr, done);
                if reg == 0x0D && value & 0x80 != 0 && value & 0x1F != 0 {
                    self.refuse(addr, "CIA 2's interrupts (NMIs) enabled");
                }
                match (was_running, self.cia2.timer_a_running()) {
                    (false, true) => self.cia2_started = Some(now),
                    (true, false) => self.cia2_stopped = Some(now),
                    _ => {}
                }
            }
            _ => {
                self.refuse(addr, &format!("write of ${value:02X} to the expansion port's I/O area"));
            }
        }
    }

    fn cia_done(&mut self, addr: u16, done: Result<(), String>) {
        if let Err(what) = done {
            self.fault(format!("{what} (${addr:04X})"));
        }
    }

    /// Writes to `$00-$03` (the CPU port, the soft stack pointer) and to the I/O area.
    fn write_slow(&mut self, addr: u16, value: u8, now: u64) {
        match addr {
            0 | 1 => {
                if addr == 0 {
                    self.ddr = value;
                } else {
                    self.port = value;
                }
                self.ram[addr as usize] = value;
                self.bank();
            }
            2 | 3 => {
                self.ram[addr as usize] = value;
                if addr == 3 {
                    self.soft_stack_moved();
                }
            }
            _ if (addr >> 12) as usize == IO && self.area() == Area::Io => self.io_write(addr, value, now),
            _ => self.ram[addr as usize] = value,
        }
    }

    /// The soft stack pointer's high byte was written: the pair is its new value.
    fn soft_stack_moved(&mut self) {
        let sp = u16::from_le_bytes([self.ram[SOFT_SP as usize], self.ram[SOFT_SP as usize + 1]]);
        self.soft_stack.top.get_or_insert(sp);
        self.soft_stack.lowest = self.soft_stack.lowest.min(sp);
        if sp < 0x0200 {
            self.fault(format!(
                "the soft stack pointer fell to ${sp:04X}, below $0200: into the 6502's stack page (soft stack overflow)"
            ));
        }
    }

    /// An opcode fetch outside plain RAM: the Quit's reset, or a crash.
    fn fetch_slow(&mut self, addr: u16) -> u8 {
        let region = (addr >> 12) as usize;
        let kernal = KERNAL.contains(&region) && self.kernal_mapped();
        self.op_pc = addr;
        if kernal && addr == KERNAL_RESET {
            self.halt(Stop::Reset);
        } else if kernal {
            self.fault("the program counter ran into the KERNAL ROM, which is not emulated".into());
        } else if BASIC.contains(&region) && self.basic_mapped() {
            self.fault("the program counter ran into the BASIC ROM, which is not emulated".into());
        } else if region == IO && self.area() != Area::Ram {
            self.fault("the program counter ran into the I/O area or the character ROM".into());
        } else if addr < 0x0200 {
            self.fault("the program counter ran into the zero page or the 6502's stack page".into());
        } else {
            return self.ram[addr as usize];
        }
        0xEA // a NOP, executed as the machine stops
    }
}

impl Bus for Machine {
    #[inline(always)]
    fn read(&mut self, addr: u16, now: u64) -> u8 {
        if self.read_plain[(addr >> 12) as usize] {
            self.ram[addr as usize]
        } else {
            self.read_slow(addr, now)
        }
    }

    #[inline(always)]
    fn write(&mut self, addr: u16, value: u8, now: u64) {
        if addr >= 4 && self.write_plain[(addr >> 12) as usize] {
            self.ram[addr as usize] = value;
        } else {
            self.write_slow(addr, value, now);
        }
    }

    #[inline(always)]
    fn fetch(&mut self, addr: u16, _now: u64) -> u8 {
        if self.fetch_plain[(addr >> 12) as usize] || (0x0200..0x1000).contains(&addr) {
            self.op_pc = addr;
            self.ram[addr as usize]
        } else {
            self.fetch_slow(addr)
        }
    }

    #[inline(always)]
    fn read_zp(&mut self, addr: u8, _now: u64) -> u8 {
        // $00 and $01 read back what was written (the RAM under them holds it).
        self.ram[addr as usize]
    }

    #[inline(always)]
    fn write_zp(&mut self, addr: u8, value: u8, now: u64) {
        if addr >= 4 {
            self.ram[addr as usize] = value;
        } else {
            self.write_slow(addr as u16, value, now);
        }
    }

    fn brk(&mut self, pc: u16) {
        self.op_pc = pc;
        self.fault("BRK: the program does not use it (a jump into zeroed memory?)".into());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::emulate::Emulator;

    /// A PRG of `code` at `$080D`, after the BASIC line `SYS 2061`.
    fn emulator(code: &[u8]) -> Emulator {
        let mut prg = vec![0x01, 0x08, 0x0B, 0x08, 0x0A, 0x00, 0x9E, b'2', b'0', b'6', b'1', 0, 0, 0];
        prg.extend_from_slice(code);
        Emulator::new(&prg).unwrap()
    }

    fn run(code: &[u8]) -> (Emulator, Option<Stop>) {
        let mut emu = emulator(code);
        let stop = emu.run(1_000_000);
        (emu, stop)
    }

    /// `lda #value; sta $01`, then `lda addr; sta $10`, then exit 0.
    fn read_banked(port: u8, addr: u16) -> (Emulator, Option<Stop>) {
        let [low, high] = addr.to_le_bytes();
        run(&[0xA9, port, 0x85, 0x01, 0xAD, low, high, 0x85, 0x10, 0xA9, 0x00, 0x8D, 0xFF, 0xD7])
    }

    #[test]
    fn banking_by_the_cpu_port() {
        let (_, stop) = read_banked(0x37, 0xA000);
        assert!(
            matches!(stop, Some(Stop::Fault(ref m)) if m.contains("$A000 in the BASIC ROM") && m.contains("PC $0811"))
        );
        let (emu, stop) = read_banked(0x36, 0xA000);
        assert_eq!((stop, emu.machine.ram[0x10]), (Some(Stop::Exit(0)), 0), "BASIC out: RAM");
        let (_, stop) = read_banked(0x36, 0xE000);
        assert!(matches!(stop, Some(Stop::Fault(ref m)) if m.contains("KERNAL ROM")));
        let (emu, stop) = read_banked(0x36, 0xFFFC);
        assert_eq!((stop, emu.machine.ram[0x10]), (Some(Stop::Exit(0)), 0xE2), "the reset vector");
        let (emu, stop) = read_banked(0x35, 0xD020);
        assert_eq!((stop, emu.machine.ram[0x10]), (Some(Stop::Exit(0)), 0xFE), "I/O: the border, light blue");
        // $33: the character ROM at $D000 (the exit's write then goes to RAM).
        let (emu, _) = read_banked(0x33, 0xD808);
        assert_eq!(emu.machine.ram[0x10], crate::picture::rom(1)[0], "the character ROM's stand-in");
    }

    #[test]
    fn writes_reach_the_ram_under_roms_and_the_character_rom() {
        // $33: character ROM at $D000; store $5A at $D000 and $A000 ($A000
        // is BASIC ROM for reads), then all RAM ($34) and read both back.
        let code = [
            0xA9, 0x33, 0x85, 0x01, 0xA9, 0x5A, 0x8D, 0x00, 0xD0, 0x8D, 0x00, 0xA0, 0xA9, 0x34, 0x85, 0x01, 0xAD, 0x00,
            0xD0, 0x85, 0x10, 0xAD, 0x00, 0xA0, 0x85, 0x11, 0xA9, 0x35, 0x85, 0x01, 0xA9, 0x00, 0x8D, 0xFF, 0xD7,
        ];
        let (emu, stop) = run(&code);
        assert_eq!(stop, Some(Stop::Exit(0)));
        assert_eq!((emu.machine.ram[0x10], emu.machine.ram[0x11]), (0x5A, 0x5A));
    }

    #[test]
    fn the_program_counter_in_a_rom_is_a_fault_but_the_reset_is_the_quit() {
        let (_, stop) = run(&[0x4C, 0xE2, 0xFC]);
        assert_eq!(stop, Some(Stop::Reset));
        let (_, stop) = run(&[0x4C, 0xD2, 0xFF]);
        assert!(matches!(stop, Some(Stop::Fault(ref m)) if m.contains("PC $FFD2") && m.contains("KERNAL ROM")));
        let (_, stop) = run(&[0x4C, 0x00, 0x01]);
        assert!(matches!(stop, Some(Stop::Fault(ref m)) if m.contains("stack page")));
        let (_, stop) = run(&[0x00]);
        assert!(matches!(stop, Some(Stop::Fault(ref m)) if m.contains("BRK")));
        let (_, stop) = run(&[0x02]);
        assert!(matches!(stop, Some(Stop::Fault(ref m)) if m.contains("PC $080D") && m.contains("opcode $02")));
    }

    #[test]
    fn unmodelled_io_is_refused_with_its_address_and_pc() {
        let (_, stop) = run(&[0xA9, 0x01, 0x8D, 0x15, 0xD0]);
        assert!(matches!(stop, Some(Stop::Fault(ref m)) if m.contains("$D015") && m.contains("PC $080F")), "{stop:?}");
        let (_, stop) = run(&[0xAD, 0x12, 0xD0]);
        assert!(matches!(stop, Some(Stop::Fault(ref m)) if m.contains("$D012")));
        let (_, stop) = run(&[0xAD, 0x1B, 0xD4]);
        assert!(matches!(stop, Some(Stop::Fault(ref m)) if m.contains("read of the SID")));
        let (_, stop) = run(&[0xA9, 0x81, 0x8D, 0x0D, 0xDD]);
        assert!(matches!(stop, Some(Stop::Fault(ref m)) if m.contains("NMI")));
        let (_, stop) = run(&[0xAD, 0x00, 0xDE]);
        assert!(matches!(stop, Some(Stop::Fault(ref m)) if m.contains("$DE00")));
        // A SID write is harmless; $D7FF is the exit.
        let (_, stop) = run(&[0xA9, 0x0F, 0x8D, 0x18, 0xD4, 0xA9, 0x07, 0x8D, 0xFF, 0xD7]);
        assert_eq!(stop, Some(Stop::Exit(7)));
    }

    #[test]
    fn the_keyboard_matrix_and_the_joystick() {
        // Column 0, then column 7, into $10 and $11; port A alone into $12.
        let code = [
            0xA9, 0xFE, 0x8D, 0x00, 0xDC, 0xAD, 0x01, 0xDC, 0x85, 0x10, 0xA9, 0x7F, 0x8D, 0x00, 0xDC, 0xAD, 0x01, 0xDC,
            0x85, 0x11, 0xA9, 0xFF, 0x8D, 0x00, 0xDC, 0xAD, 0x00, 0xDC, 0x85, 0x12, 0xA9, 0x00, 0x8D, 0xFF, 0xD7,
        ];
        let mut emu = emulator(&code);
        emu.machine.keys[0] = 1 << 1; // RETURN
        emu.machine.keys[7] = 1 << 4; // SPACE
        emu.machine.joystick = 1 << 4; // fire
        assert_eq!(emu.run(1_000_000), Some(Stop::Exit(0)));
        assert_eq!(&emu.machine.ram[0x10..0x13], &[0xFD, 0xEF, 0xEF]);
        assert_eq!((emu.machine.column_reads[0], emu.machine.column_reads[7], emu.machine.port_a_reads), (1, 1, 1));
    }

    /// The jiffy interrupt once the program's handler is in: every 16,422
    /// cycles; before that (the KERNAL mapped) it is dropped.
    #[test]
    fn the_jiffy_interrupt_runs_the_programs_handler() {
        let code = [
            0xA9, 0x7F, 0x8D, 0x0D, 0xDC, // lda #$7f; sta $dc0d
            0xA9, 0x28, 0x8D, 0xFE, 0xFF, 0xA9, 0x08, 0x8D, 0xFF, 0xFF, // the vector: $0828
            0xA9, 0x35, 0x85, 0x01, 0xA9, 0x81, 0x8D, 0x0D, 0xDC, // KERNAL out, timer A's interrupt on
            0x4C, 0x25, 0x08, // loop: jmp loop
            0xE6, 0xA2, 0xAD, 0x0D, 0xDC, 0x40, // $0828: inc $a2; lda $dc0d; rti
        ];
        let mut emu = emulator(&code);
        emu.run(10 * 0x4026 + 100);
        assert_eq!(emu.machine.ram[0xA2], 10);
        assert_eq!((emu.machine.irqs, emu.machine.dropped_irqs), (10, 0));
        // The KERNAL left in: every interrupt dropped, nothing counted.
        let mut emu = emulator(&[0x4C, 0x0D, 0x08]);
        emu.run(10 * 0x4026 + 100);
        assert_eq!((emu.machine.irqs, emu.machine.dropped_irqs, emu.machine.ram[0xA2]), (0, 10, 0));
    }

    /// The drive's timing: CIA 2's timers chained as a 32-bit count of
    /// cycles, started and stopped around a loop of known cycles; the
    /// count the program reads is the emulator's own.
    #[test]
    fn cia_2_counts_the_cycles_the_cpu_spends() {
        let code = [
            0xA9, 0x00, 0x8D, 0x0E, 0xDD, 0x8D, 0x0F, 0xDD, // both stopped
            0xA9, 0x7F, 0x8D, 0x0D, 0xDD, // no NMIs
            0xA9, 0xFF, 0x8D, 0x04, 0xDD, 0x8D, 0x05, 0xDD, 0x8D, 0x06, 0xDD, 0x8D, 0x07, 0xDD, // latches $FFFF
            0xA9, 0x51, 0x8D, 0x0F, 0xDD, // B counts A's underflows, force load, start
            0xA9, 0x11, 0x8D, 0x0E, 0xDD, // A counts cycles, force load, start: 4 cycles
            0xA2, 0x00, 0xCA, 0xD0, 0xFD, // ldx #0; dex; bne: 2 + 1,279 cycles
            0xA9, 0x00, 0x8D, 0x0E, 0xDD, // lda #0 (2); sta $dd0e stops A
            0xAD, 0x04, 0xDD, 0x85, 0x10, 0xAD, 0x05, 0xDD, 0x85, 0x11, // the count's bytes to $10-$13
            0xAD, 0x06, 0xDD, 0x85, 0x12, 0xAD, 0x07, 0xDD, 0x85, 0x13, 0xA9, 0x00, 0x8D, 0xFF, 0xD7,
        ];
        let (emu, stop) = run(&code);
        assert_eq!(stop, Some(Stop::Exit(0)));
        let shown = !u32::from_le_bytes(emu.machine.ram[0x10..0x14].try_into().unwrap()) as u64;
        let (start, end) = (emu.machine.cia2_started.unwrap(), emu.machine.cia2_stopped.unwrap());
        assert_eq!((shown, end - start), (4 + 2 + 1279 + 2, 4 + 2 + 1279 + 2));
    }

    #[test]
    fn the_soft_stack_pointer_is_watched() {
        // sp = $0800, then $07F0, then $01F0: the last is an overflow.
        let code = [
            0xA9, 0x00, 0x85, 0x02, 0xA9, 0x08, 0x85, 0x03, 0xA9, 0xF0, 0x85, 0x02, 0xA9, 0x07, 0x85, 0x03, 0xA9, 0x01,
            0x85, 0x03,
        ];
        let (emu, stop) = run(&code);
        assert_eq!(emu.machine.soft_stack, SoftStack { top: Some(0x0800), lowest: 0x01F0 });
        assert!(matches!(stop, Some(Stop::Fault(ref m)) if m.contains("$01F0") && m.contains("soft stack overflow")));
    }

    #[test]
    fn the_vic_sees_the_character_rom_in_banks_0_and_2() {
        let mut emu = emulator(&[0x60]);
        emu.machine.ram[0x1000] = 0x55;
        emu.machine.ram[0x9000] = 0x66;
        emu.machine.ram[0xD000] = 0x77;
        assert_eq!(emu.machine.vic_bank(), 0);
        assert_eq!(emu.machine.vic_read(0, 0x1000), crate::picture::rom(0)[0]);
        assert_eq!(emu.machine.vic_read(2, 0x1000), crate::picture::rom(0)[0]);
        assert_eq!(emu.machine.vic_read(3, 0x1000), 0x77);
        assert_eq!(emu.machine.vic_read(1, 0x0000), 0);
        assert_eq!(emu.machine.vic_read(0, 0x0400), 0x20);
    }
}
