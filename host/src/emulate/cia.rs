//! A 6526 CIA as far as the program uses one: the two ports, the two
//! interval timers and the interrupt control register.
//!
//! The timers are evaluated lazily: `synced` is the cycle up to which they
//! were brought, and every access that reads or changes them first calls
//! [`Cia::sync`], which counts the cycles since (timer B, when it counts
//! timer A's underflows, counts those). So a timer costs nothing between
//! two accesses, and the CPU core never ticks it.
//!
//! A running timer counts down once a cycle (or an underflow of timer A);
//! from 0 it underflows: it is reloaded from its latch and sets its flag
//! in the ICR, so with latch L it underflows every L + 1 counts. Force
//! load (control bit 4) copies the latch at once; a write to the latch's
//! high byte does too while the timer is stopped. The 6526's cycle or two
//! of delay between a control write and the count starting is not
//! modelled (the drive's 32-bit count is then exactly the cycles between
//! its start and stop writes). Refused, as the program never asks for
//! them: one-shot mode, timer output on port B, counting the CNT pin, the
//! time-of-day clock and the serial port.

/// One interval timer.
#[derive(Clone, Copy, Debug)]
struct Timer {
    latch: u16,
    value: u16,
    /// The control register as written, less the force-load strobe.
    control: u8,
}

impl Timer {
    fn running(&self) -> bool {
        self.control & 1 != 0
    }

    /// Count `ticks` down; the number of underflows.
    fn advance(&mut self, ticks: u64) -> u64 {
        let value = self.value as u64;
        if ticks <= value {
            self.value = (value - ticks) as u16;
            return 0;
        }
        let rest = ticks - value - 1;
        let period = self.latch as u64 + 1;
        self.value = (self.latch as u64 - rest % period) as u16;
        1 + rest / period
    }
}

/// A CIA: ports, timers A and B, the ICR.
#[derive(Clone, Debug)]
pub struct Cia {
    pra: u8,
    prb: u8,
    ddra: u8,
    ddrb: u8,
    a: Timer,
    b: Timer,
    /// The ICR's flags (bit 0 timer A, bit 1 timer B) and mask.
    flags: u8,
    mask: u8,
    synced: u64,
}

/// Timer B's input select (control bits 5-6): timer A's underflows.
const COUNTS_A: u8 = 0x40;

impl Cia {
    /// CIA 1 as the KERNAL leaves it on a PAL machine: port A all outputs
    /// (the last column select, `$7F`), port B inputs, timer A running
    /// continuously from latch `$4025` (60 Hz), its interrupt enabled.
    pub fn kernal_cia1() -> Cia {
        let a = Timer { latch: 0x4025, value: 0x4025, control: 0x01 };
        let b = Timer { latch: 0xFFFF, value: 0xFFFF, control: 0x08 };
        Cia { pra: 0x7F, prb: 0xFF, ddra: 0xFF, ddrb: 0x00, a, b, flags: 0, mask: 0x01, synced: 0 }
    }

    /// CIA 2 as the KERNAL leaves it: VIC bank 0 (port A `$97`, bits 0-5
    /// outputs), timers stopped, no interrupt enabled.
    pub fn kernal_cia2() -> Cia {
        let stopped = Timer { latch: 0xFFFF, value: 0xFFFF, control: 0x08 };
        Cia { pra: 0x97, prb: 0xFF, ddra: 0x3F, ddrb: 0x00, a: stopped, b: stopped, flags: 0, mask: 0, synced: 0 }
    }

    /// Port A's lines as driven by the CIA (an input line reads high).
    pub fn port_a(&self) -> u8 {
        self.pra | !self.ddra
    }

    /// Port B's lines as driven by the CIA.
    pub fn port_b(&self) -> u8 {
        self.prb | !self.ddrb
    }

    /// Whether timer A runs.
    pub fn timer_a_running(&self) -> bool {
        self.a.running()
    }

    /// Bring the timers to cycle `now`.
    pub fn sync(&mut self, now: u64) {
        let elapsed = now.saturating_sub(self.synced);
        self.synced = self.synced.max(now);
        let under_a = if self.a.running() { self.a.advance(elapsed) } else { 0 };
        if under_a > 0 {
            self.flags |= 1;
        }
        if self.b.running() {
            let ticks = if self.b.control & 0x60 == COUNTS_A { under_a } else { elapsed };
            if self.b.advance(ticks) > 0 {
                self.flags |= 2;
            }
        }
    }

    /// Whether the interrupt line is asserted (an enabled flag is set).
    pub fn asserted(&self) -> bool {
        self.flags & self.mask & 0x1F != 0
    }

    /// Clear the flags, as a read of the ICR does.
    pub fn acknowledge(&mut self) {
        self.flags = 0;
    }

    /// The cycle at which the interrupt line is next asserted (`now` if it
    /// is; `u64::MAX` if never without a write).
    pub fn next_interrupt(&mut self, now: u64) -> Result<u64, String> {
        self.sync(now);
        if self.asserted() {
            return Ok(now);
        }
        let mut at = u64::MAX;
        if self.mask & 1 != 0 && self.a.running() {
            at = at.min(self.synced + self.a.value as u64 + 1);
        }
        if self.mask & 2 != 0 && self.b.running() {
            if self.b.control & 0x60 == COUNTS_A {
                return Err("an interrupt from timer B counting timer A is not modelled".into());
            }
            at = at.min(self.synced + self.b.value as u64 + 1);
        }
        Ok(at)
    }

    /// A register's read (`reg` 0-15) at cycle `now`.
    pub fn read(&mut self, reg: u8, now: u64) -> Result<u8, String> {
        self.sync(now);
        Ok(match reg {
            0 => self.port_a(),
            1 => self.port_b(),
            2 => self.ddra,
            3 => self.ddrb,
            4 => self.a.value as u8,
            5 => (self.a.value >> 8) as u8,
            6 => self.b.value as u8,
            7 => (self.b.value >> 8) as u8,
            0x0D => {
                let value = self.flags | if self.asserted() { 0x80 } else { 0 };
                self.flags = 0;
                value
            }
            0x0E => self.a.control,
            0x0F => self.b.control,
            _ => return Err(format!("a read of CIA register {reg} (time of day, serial port) is not modelled")),
        })
    }

    /// A register's write at cycle `now`.
    pub fn write(&mut self, reg: u8, value: u8, now: u64) -> Result<(), String> {
        self.sync(now);
        match reg {
            0 => self.pra = value,
            1 => self.prb = value,
            2 => self.ddra = value,
            3 => self.ddrb = value,
            4 | 6 => {
                let timer = if reg == 4 { &mut self.a } else { &mut self.b };
                timer.latch = timer.latch & 0xFF00 | value as u16;
            }
            5 | 7 => {
                let timer = if reg == 5 { &mut self.a } else { &mut self.b };
                timer.latch = timer.latch & 0x00FF | (value as u16) << 8;
                if !timer.running() {
                    timer.value = timer.latch;
                }
            }
            0x0D => {
                if value & 0x80 != 0 {
                    self.mask |= value & 0x1F;
                } else {
                    self.mask &= !value;
                }
            }
            0x0E | 0x0F => return self.control(reg == 0x0F, value),
            _ => return Err(format!("a write of CIA register {reg} (time of day, serial port) is not modelled")),
        }
        Ok(())
    }

    /// A control register's write: the modes the model has, force load, start/stop.
    fn control(&mut self, is_b: bool, value: u8) -> Result<(), String> {
        let input = if is_b { value & 0x60 } else { value & 0x20 };
        if value & 1 != 0 && (value & 0x0A != 0 || (input != 0 && input != COUNTS_A)) {
            return Err(format!(
                "timer control ${value:02X}: only continuous counting of cycles (and timer B of timer A's underflows) is modelled"
            ));
        }
        let timer = if is_b { &mut self.b } else { &mut self.a };
        if value & 0x10 != 0 {
            timer.value = timer.latch;
        }
        timer.control = value & !0x10;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_timer_underflows_every_latch_plus_one_counts() {
        let mut t = Timer { latch: 3, value: 3, control: 1 };
        // 3, 2, 1, 0, then 3 again with an underflow.
        assert_eq!(t.advance(3), 0);
        assert_eq!(t.value, 0);
        assert_eq!(t.advance(1), 1);
        assert_eq!(t.value, 3);
        assert_eq!(t.advance(8), 2);
        assert_eq!(t.value, 3);
        assert_eq!(t.advance(5), 1);
        assert_eq!(t.value, 2);
    }

    #[test]
    fn the_jiffy_interrupt_comes_every_16422_cycles_and_a_read_acknowledges_it() {
        let mut cia = Cia::kernal_cia1();
        assert_eq!(cia.next_interrupt(0), Ok(0x4026));
        cia.sync(0x4025);
        assert!(!cia.asserted());
        cia.sync(0x4026);
        assert!(cia.asserted());
        assert_eq!(cia.read(0x0D, 0x4030), Ok(0x81));
        assert!(!cia.asserted());
        assert_eq!(cia.next_interrupt(0x4030), Ok(2 * 0x4026));
        // Masked: no interrupt, though the flag is set.
        cia.write(0x0D, 0x7F, 0x4031).unwrap();
        assert_eq!(cia.next_interrupt(0x4031), Ok(u64::MAX));
        assert_eq!(cia.read(0x0D, 3 * 0x4026), Ok(0x01));
    }

    /// The drive's 32-bit count: timer A counting cycles from `$FFFF`,
    /// timer B its underflows, both force-loaded; the complement of the
    /// four bytes is the cycles between the start and the stop.
    #[test]
    fn chained_timers_count_cycles_as_32_bits() {
        let mut cia = Cia::kernal_cia2();
        for (reg, value) in [(0x0E, 0), (0x0F, 0), (0x0D, 0x7F), (4, 0xFF), (5, 0xFF), (6, 0xFF), (7, 0xFF)] {
            cia.write(reg, value, 10).unwrap();
        }
        cia.write(0x0F, 0x51, 20).unwrap();
        cia.write(0x0E, 0x11, 100).unwrap();
        let elapsed = 725_123_456u64;
        cia.write(0x0E, 0, 100 + elapsed).unwrap();
        let bytes = [4, 5, 6, 7].map(|reg| cia.read(reg, 200 + elapsed).unwrap());
        assert_eq!(!u32::from_le_bytes(bytes) as u64, elapsed);
    }

    #[test]
    fn unmodelled_modes_are_refused() {
        let mut cia = Cia::kernal_cia2();
        assert!(cia.write(0x0E, 0x09, 0).is_err(), "one-shot");
        assert!(cia.write(0x0E, 0x21, 0).is_err(), "CNT");
        assert!(cia.write(0x0F, 0x21, 0).is_err(), "B counting CNT");
        assert!(cia.write(0x08, 0, 0).is_err(), "time of day");
        assert!(cia.read(0x0C, 0).is_err(), "serial port");
        assert!(cia.write(0x0E, 0x08, 0).is_ok(), "one-shot, stopped: harmless");
    }
}
