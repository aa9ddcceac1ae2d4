//! An NMOS 6502 (the C64's 6510 less its port, which the machine models):
//! every documented opcode, decimal mode as the NMOS chip does it, and
//! exact cycle counts.
//!
//! Cycles: each instruction's base count (by opcode; read instructions by
//! addressing mode: immediate 2, zero page 3, zero page indexed 4, absolute
//! 4, absolute indexed 4, `(zp,X)` 6, `(zp),Y` 5), one more when an indexed
//! *read* (`abs,X`, `abs,Y`, `(zp),Y`) crosses a page (stores and
//! read-modify-writes always take their fixed count), a taken branch one
//! more and one more again when it lands in another page; `JSR`, `RTS`,
//! `RTI` 6, `BRK` and an interrupt's entry 7. The unit tests check every
//! opcode against the standard NMOS table and a program against the
//! llvm-mos SDK's own simulator (`mos-sim --cycles`).
//!
//! What is not modelled, as nothing here can tell: the dummy reads and
//! writes of indexed and read-modify-write instructions (an I/O register
//! read twice by one), the cycle within an instruction at which its bus
//! access happens (the bus is told the cycle count at the instruction's
//! start), and when in its last cycle an instruction samples the
//! interrupt line (the caller takes an interrupt between two instructions).
//! `JMP ($xxFF)` reads its high byte from `$xx00`, as the NMOS chip does.
//! An undocumented opcode stops the CPU with [`Jam`].
//!
//! The core is one `match` over the opcode whose arms are one line each,
//! every addressing mode an `#[inline(always)]` helper taking the mode as
//! a constant: monomorphised over the [`Bus`], it runs the C64 program at
//! several hundred million cycles a second.

/// What the CPU reads and writes. `now` is the cycle count at the start of
/// the instruction doing the access (I/O that counts cycles needs it).
pub trait Bus {
    /// A data read.
    fn read(&mut self, addr: u16, now: u64) -> u8;
    /// A data write.
    fn write(&mut self, addr: u16, value: u8, now: u64);
    /// An opcode fetch at `addr` (the instruction's address): where a
    /// machine can check what the program counter ran into.
    #[inline(always)]
    fn fetch(&mut self, addr: u16, now: u64) -> u8 {
        self.read(addr, now)
    }
    /// A zero-page read (also the pointers of `(zp,X)` and `(zp),Y`).
    #[inline(always)]
    fn read_zp(&mut self, addr: u8, now: u64) -> u8 {
        self.read(addr as u16, now)
    }
    /// A zero-page write.
    #[inline(always)]
    fn write_zp(&mut self, addr: u8, value: u8, now: u64) {
        self.write(addr as u16, value, now)
    }
    /// A `BRK` at `pc` is about to be executed (a machine may treat it as
    /// a crash: a jump into zeroed memory runs into `BRK`s).
    #[inline(always)]
    fn brk(&mut self, _pc: u16) {}
}

/// An undocumented opcode met at `pc`: the CPU stopped (its registers as
/// they were before the opcode).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Jam {
    /// Where the opcode is.
    pub pc: u16,
    /// The opcode.
    pub opcode: u8,
}

/// Processor status bits, as pushed.
const CARRY: u8 = 0x01;
const ZERO: u8 = 0x02;
const IRQ_DISABLE: u8 = 0x04;
const DECIMAL: u8 = 0x08;
const BREAK: u8 = 0x10;
const UNUSED: u8 = 0x20;
const OVERFLOW: u8 = 0x40;
const NEGATIVE: u8 = 0x80;

/// The IRQ and BRK vector.
pub const IRQ_VECTOR: u16 = 0xFFFE;

// Addressing modes, as const parameters of the helpers.
const IMM: u8 = 0;
const ZP: u8 = 1;
const ZPX: u8 = 2;
const ZPY: u8 = 3;
const ABS: u8 = 4;
const ABSX: u8 = 5;
const ABSY: u8 = 6;
const INDX: u8 = 7;
const INDY: u8 = 8;

/// The registers, the flags one field each, and the cycle count.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cpu {
    /// Accumulator.
    pub a: u8,
    /// Index X.
    pub x: u8,
    /// Index Y.
    pub y: u8,
    /// Stack pointer (the stack is page 1).
    pub sp: u8,
    /// Program counter.
    pub pc: u16,
    /// Carry.
    pub c: bool,
    /// Zero.
    pub z: bool,
    /// Interrupt disable.
    pub i: bool,
    /// Decimal mode.
    pub d: bool,
    /// Overflow.
    pub v: bool,
    /// Negative.
    pub n: bool,
    /// Cycles since the count was last set.
    pub cycles: u64,
    /// The lowest stack pointer after a push (the deepest the stack went).
    pub lowest_sp: u8,
}

impl Cpu {
    /// A CPU about to run from `pc`, stack pointer `sp`, every flag clear.
    pub fn new(pc: u16, sp: u8) -> Cpu {
        Cpu {
            a: 0,
            x: 0,
            y: 0,
            sp,
            pc,
            c: false,
            z: false,
            i: false,
            d: false,
            v: false,
            n: false,
            cycles: 0,
            lowest_sp: sp,
        }
    }

    /// The status byte (bit 5 set; `BREAK` as given).
    pub fn status(&self, brk: bool) -> u8 {
        let mut p = UNUSED;
        for (flag, bit) in [
            (self.c, CARRY),
            (self.z, ZERO),
            (self.i, IRQ_DISABLE),
            (self.d, DECIMAL),
            (brk, BREAK),
            (self.v, OVERFLOW),
            (self.n, NEGATIVE),
        ] {
            if flag {
                p |= bit;
            }
        }
        p
    }

    /// Set the flags from a status byte (`PLP`, `RTI`: bits 4 and 5 have no flag).
    pub fn set_status(&mut self, p: u8) {
        self.c = p & CARRY != 0;
        self.z = p & ZERO != 0;
        self.i = p & IRQ_DISABLE != 0;
        self.d = p & DECIMAL != 0;
        self.v = p & OVERFLOW != 0;
        self.n = p & NEGATIVE != 0;
    }

    /// Take an interrupt through `vector` (IRQ or NMI; the caller checks
    /// the I flag for an IRQ): 7 cycles.
    pub fn interrupt<B: Bus>(&mut self, bus: &mut B, vector: u16) {
        let now = self.cycles;
        let [low, high] = self.pc.to_le_bytes();
        self.push(bus, now, high);
        self.push(bus, now, low);
        let p = self.status(false);
        self.push(bus, now, p);
        self.i = true;
        self.pc = u16::from_le_bytes([bus.read(vector, now), bus.read(vector.wrapping_add(1), now)]);
        self.cycles = now + 7;
    }

    #[inline(always)]
    fn set_nz(&mut self, value: u8) {
        self.z = value == 0;
        self.n = value & 0x80 != 0;
    }

    #[inline(always)]
    fn push<B: Bus>(&mut self, bus: &mut B, now: u64, value: u8) {
        bus.write(0x0100 | self.sp as u16, value, now);
        self.sp = self.sp.wrapping_sub(1);
        if self.sp < self.lowest_sp {
            self.lowest_sp = self.sp;
        }
    }

    #[inline(always)]
    fn pull<B: Bus>(&mut self, bus: &mut B, now: u64) -> u8 {
        self.sp = self.sp.wrapping_add(1);
        bus.read(0x0100 | self.sp as u16, now)
    }

    /// The byte at the program counter, which moves past it.
    #[inline(always)]
    fn next<B: Bus>(&mut self, bus: &mut B, now: u64) -> u8 {
        let value = bus.read(self.pc, now);
        self.pc = self.pc.wrapping_add(1);
        value
    }

    #[inline(always)]
    fn next_word<B: Bus>(&mut self, bus: &mut B, now: u64) -> u16 {
        let low = self.next(bus, now);
        let high = self.next(bus, now);
        u16::from_le_bytes([low, high])
    }

    /// The operand's address in mode `M` (not `IMM`), and whether an
    /// indexed mode crossed a page (`ABSX`, `ABSY`, `INDY`).
    #[inline(always)]
    fn address<const M: u8, B: Bus>(&mut self, bus: &mut B, now: u64) -> (u16, bool) {
        match M {
            ZP => (self.next(bus, now) as u16, false),
            ZPX => (self.next(bus, now).wrapping_add(self.x) as u16, false),
            ZPY => (self.next(bus, now).wrapping_add(self.y) as u16, false),
            ABS => (self.next_word(bus, now), false),
            ABSX | ABSY => {
                let base = self.next_word(bus, now);
                let at = base.wrapping_add(if M == ABSX { self.x } else { self.y } as u16);
                (at, (at ^ base) & 0xFF00 != 0)
            }
            INDX => {
                let pointer = self.next(bus, now).wrapping_add(self.x);
                let low = bus.read_zp(pointer, now);
                let high = bus.read_zp(pointer.wrapping_add(1), now);
                (u16::from_le_bytes([low, high]), false)
            }
            _ => {
                let pointer = self.next(bus, now);
                let low = bus.read_zp(pointer, now);
                let high = bus.read_zp(pointer.wrapping_add(1), now);
                let base = u16::from_le_bytes([low, high]);
                let at = base.wrapping_add(self.y as u16);
                (at, (at ^ base) & 0xFF00 != 0)
            }
        }
    }

    /// A read instruction in mode `M`: the operand to `f`; its cycles.
    #[inline(always)]
    fn load<const M: u8, B: Bus>(&mut self, bus: &mut B, now: u64, f: fn(&mut Cpu, u8)) -> u64 {
        let (value, cycles) = match M {
            IMM => (self.next(bus, now), 2),
            ZP | ZPX | ZPY => {
                let (at, _) = self.address::<M, B>(bus, now);
                (bus.read_zp(at as u8, now), if M == ZP { 3 } else { 4 })
            }
            _ => {
                let (at, crossed) = self.address::<M, B>(bus, now);
                let base = match M {
                    INDX => 6,
                    INDY => 5,
                    _ => 4,
                };
                (bus.read(at, now), base + crossed as u64)
            }
        };
        f(self, value);
        cycles
    }

    /// A store of `value` in mode `M`; its cycles.
    #[inline(always)]
    fn store<const M: u8, B: Bus>(&mut self, bus: &mut B, now: u64, value: u8) -> u64 {
        let (at, _) = self.address::<M, B>(bus, now);
        match M {
            ZP => {
                bus.write_zp(at as u8, value, now);
                3
            }
            ZPX | ZPY => {
                bus.write_zp(at as u8, value, now);
                4
            }
            _ => {
                bus.write(at, value, now);
                match M {
                    ABS => 4,
                    ABSX | ABSY => 5,
                    _ => 6,
                }
            }
        }
    }

    /// A read-modify-write in mode `M` (zero page, `zp,X`, absolute, `abs,X`).
    #[inline(always)]
    fn modify<const M: u8, B: Bus>(&mut self, bus: &mut B, now: u64, f: fn(&mut Cpu, u8) -> u8) -> u64 {
        let (at, _) = self.address::<M, B>(bus, now);
        if M == ZP || M == ZPX {
            let value = f(self, bus.read_zp(at as u8, now));
            bus.write_zp(at as u8, value, now);
            if M == ZP {
                5
            } else {
                6
            }
        } else {
            let value = f(self, bus.read(at, now));
            bus.write(at, value, now);
            if M == ABS {
                6
            } else {
                7
            }
        }
    }

    /// A branch, taken if `taken`: 2 cycles, 3 taken, 4 taken into another page.
    #[inline(always)]
    fn branch<B: Bus>(&mut self, bus: &mut B, now: u64, taken: bool) -> u64 {
        let offset = self.next(bus, now) as i8;
        if !taken {
            return 2;
        }
        let target = self.pc.wrapping_add(offset as u16);
        let crossed = (target ^ self.pc) & 0xFF00 != 0;
        self.pc = target;
        3 + crossed as u64
    }

    fn lda(&mut self, v: u8) {
        self.a = v;
        self.set_nz(v);
    }
    fn ldx(&mut self, v: u8) {
        self.x = v;
        self.set_nz(v);
    }
    fn ldy(&mut self, v: u8) {
        self.y = v;
        self.set_nz(v);
    }
    fn ora(&mut self, v: u8) {
        self.lda(self.a | v)
    }
    fn and(&mut self, v: u8) {
        self.lda(self.a & v)
    }
    fn eor(&mut self, v: u8) {
        self.lda(self.a ^ v)
    }
    fn compare(&mut self, register: u8, v: u8) {
        self.c = register >= v;
        self.set_nz(register.wrapping_sub(v));
    }
    fn cmp(&mut self, v: u8) {
        self.compare(self.a, v)
    }
    fn cpx(&mut self, v: u8) {
        self.compare(self.x, v)
    }
    fn cpy(&mut self, v: u8) {
        self.compare(self.y, v)
    }
    fn bit(&mut self, v: u8) {
        self.z = self.a & v == 0;
        self.n = v & 0x80 != 0;
        self.v = v & 0x40 != 0;
    }
    fn asl(&mut self, v: u8) -> u8 {
        self.c = v & 0x80 != 0;
        let r = v << 1;
        self.set_nz(r);
        r
    }
    fn lsr(&mut self, v: u8) -> u8 {
        self.c = v & 1 != 0;
        let r = v >> 1;
        self.set_nz(r);
        r
    }
    fn rol(&mut self, v: u8) -> u8 {
        let r = v << 1 | self.c as u8;
        self.c = v & 0x80 != 0;
        self.set_nz(r);
        r
    }
    fn ror(&mut self, v: u8) -> u8 {
        let r = v >> 1 | (self.c as u8) << 7;
        self.c = v & 1 != 0;
        self.set_nz(r);
        r
    }
    fn inc(&mut self, v: u8) -> u8 {
        let r = v.wrapping_add(1);
        self.set_nz(r);
        r
    }
    fn dec(&mut self, v: u8) -> u8 {
        let r = v.wrapping_sub(1);
        self.set_nz(r);
        r
    }

    /// `ADC`: binary, or decimal as the NMOS 6502 does it (N and V from the
    /// sum before the high digit's decimal adjust, Z from the binary sum;
    /// valid for any operands, BCD or not).
    fn adc(&mut self, v: u8) {
        let (a, carry) = (self.a, self.c as u16);
        let binary = a as u16 + v as u16 + carry;
        if !self.d {
            let r = binary as u8;
            self.v = !(a ^ v) & (a ^ r) & 0x80 != 0;
            self.c = binary > 0xFF;
            self.lda(r);
            return;
        }
        let mut low = (a & 0x0F) as u16 + (v & 0x0F) as u16 + carry;
        if low >= 0x0A {
            low = ((low + 0x06) & 0x0F) + 0x10;
        }
        let mut sum = (a & 0xF0) as u16 + (v & 0xF0) as u16 + low;
        let signed = (a & 0xF0) as i8 as i16 + (v & 0xF0) as i8 as i16 + low as i16;
        self.n = sum & 0x80 != 0;
        self.v = !(-128..=127).contains(&signed);
        self.z = binary as u8 == 0;
        if sum >= 0xA0 {
            sum += 0x60;
        }
        self.c = sum >= 0x100;
        self.a = sum as u8;
    }

    /// `SBC`: binary, or decimal as the NMOS 6502 does it (every flag from
    /// the binary difference).
    fn sbc(&mut self, v: u8) {
        let (a, borrow) = (self.a, !self.c as i16);
        let binary = a as i16 - v as i16 - borrow;
        let r = binary as u8;
        self.v = (a ^ v) & (a ^ r) & 0x80 != 0;
        self.c = binary >= 0;
        self.set_nz(r);
        if !self.d {
            self.a = r;
            return;
        }
        let mut low = (a & 0x0F) as i16 - (v & 0x0F) as i16 - borrow;
        if low < 0 {
            low = ((low - 0x06) & 0x0F) - 0x10;
        }
        let mut diff = (a & 0xF0) as i16 - (v & 0xF0) as i16 + low;
        if diff < 0 {
            diff -= 0x60;
        }
        self.a = diff as u8;
    }

    /// Execute one instruction. An undocumented opcode leaves everything
    /// as it was and answers [`Jam`].
    ///
    /// Why it is long: one arm an opcode (151 of them, each one line), so
    /// the dispatch is a single jump table; split up, each part would be
    /// a second dispatch in the emulator's innermost loop.
    #[inline]
    pub fn step<B: Bus>(&mut self, bus: &mut B) -> Result<(), Jam> {
        let now = self.cycles;
        let at = self.pc;
        let opcode = bus.fetch(at, now);
        self.pc = at.wrapping_add(1);
        let cycles = match opcode {
            // Loads, logic, arithmetic, compares.
            0xA9 => self.load::<IMM, B>(bus, now, Cpu::lda),
            0xA5 => self.load::<ZP, B>(bus, now, Cpu::lda),
            0xB5 => self.load::<ZPX, B>(bus, now, Cpu::lda),
            0xAD => self.load::<ABS, B>(bus, now, Cpu::lda),
            0xBD => self.load::<ABSX, B>(bus, now, Cpu::lda),
            0xB9 => self.load::<ABSY, B>(bus, now, Cpu::lda),
            0xA1 => self.load::<INDX, B>(bus, now, Cpu::lda),
            0xB1 => self.load::<INDY, B>(bus, now, Cpu::lda),
            0xA2 => self.load::<IMM, B>(bus, now, Cpu::ldx),
            0xA6 => self.load::<ZP, B>(bus, now, Cpu::ldx),
            0xB6 => self.load::<ZPY, B>(bus, now, Cpu::ldx),
            0xAE => self.load::<ABS, B>(bus, now, Cpu::ldx),
            0xBE => self.load::<ABSY, B>(bus, now, Cpu::ldx),
            0xA0 => self.load::<IMM, B>(bus, now, Cpu::ldy),
            0xA4 => self.load::<ZP, B>(bus, now, Cpu::ldy),
            0xB4 => self.load::<ZPX, B>(bus, now, Cpu::ldy),
            0xAC => self.load::<ABS, B>(bus, now, Cpu::ldy),
            0xBC => self.load::<ABSX, B>(bus, now, Cpu::ldy),
            0x09 => self.load::<IMM, B>(bus, now, Cpu::ora),
            0x05 => self.load::<ZP, B>(bus, now, Cpu::ora),
            0x15 => self.load::<ZPX, B>(bus, now, Cpu::ora),
            0x0D => self.load::<ABS, B>(bus, now, Cpu::ora),
            0x1D => self.load::<ABSX, B>(bus, now, Cpu::ora),
            0x19 => self.load::<ABSY, B>(bus, now, Cpu::ora),
            0x01 => self.load::<INDX, B>(bus, now, Cpu::ora),
            0x11 => self.load::<INDY, B>(bus, now, Cpu::ora),
            0x29 => self.load::<IMM, B>(bus, now, Cpu::and),
            0x25 => self.load::<ZP, B>(bus, now, Cpu::and),
            0x35 => self.load::<ZPX, B>(bus, now, Cpu::and),
            0x2D => self.load::<ABS, B>(bus, now, Cpu::and),
            0x3D => self.load::<ABSX, B>(bus, now, Cpu::and),
            0x39 => self.load::<ABSY, B>(bus, now, Cpu::and),
            0x21 => self.load::<INDX, B>(bus, now, Cpu::and),
            0x31 => self.load::<INDY, B>(bus, now, Cpu::and),
            0x49 => self.load::<IMM, B>(bus, now, Cpu::eor),
            0x45 => self.load::<ZP, B>(bus, now, Cpu::eor),
            0x55 => self.load::<ZPX, B>(bus, now, Cpu::eor),
            0x4D => self.load::<ABS, B>(bus, now, Cpu::eor),
            0x5D => self.load::<ABSX, B>(bus, now, Cpu::eor),
            0x59 => self.load::<ABSY, B>(bus, now, Cpu::eor),
            0x41 => self.load::<INDX, B>(bus, now, Cpu::eor),
            0x51 => self.load::<INDY, B>(bus, now, Cpu::eor),
            0x69 => self.load::<IMM, B>(bus, now, Cpu::adc),
            0x65 => self.load::<ZP, B>(bus, now, Cpu::adc),
            0x75 => self.load::<ZPX, B>(bus, now, Cpu::adc),
            0x6D => self.load::<ABS, B>(bus, now, Cpu::adc),
            0x7D => self.load::<ABSX, B>(bus, now, Cpu::adc),
            0x79 => self.load::<ABSY, B>(bus, now, Cpu::adc),
            0x61 => self.load::<INDX, B>(bus, now, Cpu::adc),
            0x71 => self.load::<INDY, B>(bus, now, Cpu::adc),
            0xE9 => self.load::<IMM, B>(bus, now, Cpu::sbc),
            0xE5 => self.load::<ZP, B>(bus, now, Cpu::sbc),
            0xF5 => self.load::<ZPX, B>(bus, now, Cpu::sbc),
            0xED => self.load::<ABS, B>(bus, now, Cpu::sbc),
            0xFD => self.load::<ABSX, B>(bus, now, Cpu::sbc),
            0xF9 => self.load::<ABSY, B>(bus, now, Cpu::sbc),
            0xE1 => self.load::<INDX, B>(bus, now, Cpu::sbc),
            0xF1 => self.load::<INDY, B>(bus, now, Cpu::sbc),
            0xC9 => self.load::<IMM, B>(bus, now, Cpu::cmp),
            0xC5 => self.load::<ZP, B>(bus, now, Cpu::cmp),
            0xD5 => self.load::<ZPX, B>(bus, now, Cpu::cmp),
            0xCD => self.load::<ABS, B>(bus, now, Cpu::cmp),
            0xDD => self.load::<ABSX, B>(bus, now, Cpu::cmp),
            0xD9 => self.load::<ABSY, B>(bus, now, Cpu::cmp),
            0xC1 => self.load::<INDX, B>(bus, now, Cpu::cmp),
            0xD1 => self.load::<INDY, B>(bus, now, Cpu::cmp),
            0xE0 => self.load::<IMM, B>(bus, now, Cpu::cpx),
            0xE4 => self.load::<ZP, B>(bus, now, Cpu::cpx),
            0xEC => self.load::<ABS, B>(bus, now, Cpu::cpx),
            0xC0 => self.load::<IMM, B>(bus, now, Cpu::cpy),
            0xC4 => self.load::<ZP, B>(bus, now, Cpu::cpy),
            0xCC => self.load::<ABS, B>(bus, now, Cpu::cpy),
            0x24 => self.load::<ZP, B>(bus, now, Cpu::bit),
            0x2C => self.load::<ABS, B>(bus, now, Cpu::bit),
            // Stores.
            0x85 => self.store::<ZP, B>(bus, now, self.a),
            0x95 => self.store::<ZPX, B>(bus, now, self.a),
            0x8D => self.store::<ABS, B>(bus, now, self.a),
            0x9D => self.store::<ABSX, B>(bus, now, self.a),
            0x99 => self.store::<ABSY, B>(bus, now, self.a),
            0x81 => self.store::<INDX, B>(bus, now, self.a),
            0x91 => self.store::<INDY, B>(bus, now, self.a),
            0x86 => self.store::<ZP, B>(bus, now, self.x),
            0x96 => self.store::<ZPY, B>(bus, now, self.x),
            0x8E => self.store::<ABS, B>(bus, now, self.x),
            0x84 => self.store::<ZP, B>(bus, now, self.y),
            0x94 => self.store::<ZPX, B>(bus, now, self.y),
            0x8C => self.store::<ABS, B>(bus, now, self.y),
            // Read-modify-write, and the accumulator's shifts.
            0x06 => self.modify::<ZP, B>(bus, now, Cpu::asl),
            0x16 => self.modify::<ZPX, B>(bus, now, Cpu::asl),
            0x0E => self.modify::<ABS, B>(bus, now, Cpu::asl),
            0x1E => self.modify::<ABSX, B>(bus, now, Cpu::asl),
            0x46 => self.modify::<ZP, B>(bus, now, Cpu::lsr),
            0x56 => self.modify::<ZPX, B>(bus, now, Cpu::lsr),
            0x4E => self.modify::<ABS, B>(bus, now, Cpu::lsr),
            0x5E => self.modify::<ABSX, B>(bus, now, Cpu::lsr),
            0x26 => self.modify::<ZP, B>(bus, now, Cpu::rol),
            0x36 => self.modify::<ZPX, B>(bus, now, Cpu::rol),
            0x2E => self.modify::<ABS, B>(bus, now, Cpu::rol),
            0x3E => self.modify::<ABSX, B>(bus, now, Cpu::rol),
            0x66 => self.modify::<ZP, B>(bus, now, Cpu::ror),
            0x76 => self.modify::<ZPX, B>(bus, now, Cpu::ror),
            0x6E => self.modify::<ABS, B>(bus, now, Cpu::ror),
            0x7E => self.modify::<ABSX, B>(bus, now, Cpu::ror),
            0xE6 => self.modify::<ZP, B>(bus, now, Cpu::inc),
            0xF6 => self.modify::<ZPX, B>(bus, now, Cpu::inc),
            0xEE => self.modify::<ABS, B>(bus, now, Cpu::inc),
            0xFE => self.modify::<ABSX, B>(bus, now, Cpu::inc),
            0xC6 => self.modify::<ZP, B>(bus, now, Cpu::dec),
            0xD6 => self.modify::<ZPX, B>(bus, now, Cpu::dec),
            0xCE => self.modify::<ABS, B>(bus, now, Cpu::dec),
            0xDE => self.modify::<ABSX, B>(bus, now, Cpu::dec),
            0x0A => self.accumulator(Cpu::asl),
            0x4A => self.accumulator(Cpu::lsr),
            0x2A => self.accumulator(Cpu::rol),
            0x6A => self.accumulator(Cpu::ror),
            // Branches.
            0x10 => self.branch(bus, now, !self.n),
            0x30 => self.branch(bus, now, self.n),
            0x50 => self.branch(bus, now, !self.v),
            0x70 => self.branch(bus, now, self.v),
            0x90 => self.branch(bus, now, !self.c),
            0xB0 => self.branch(bus, now, self.c),
            0xD0 => self.branch(bus, now, !self.z),
            0xF0 => self.branch(bus, now, self.z),
            // Jumps, calls, the stack, interrupts.
            0x4C => self.jump(bus, now),
            0x6C => self.jump_indirect(bus, now),
            0x20 => self.call(bus, now),
            0x60 => self.ret(bus, now),
            0x40 => self.return_from_interrupt(bus, now),
            0x00 => self.brk(bus, now, at),
            0x48 => self.push_op(bus, now, self.a),
            0x08 => self.push_op(bus, now, self.status(true)),
            0x68 => self.pull_op(bus, now, Cpu::lda),
            0x28 => self.pull_op(bus, now, Cpu::set_status),
            // Registers and flags.
            0xAA => self.implied(|cpu| cpu.ldx(cpu.a)),
            0xA8 => self.implied(|cpu| cpu.ldy(cpu.a)),
            0x8A => self.implied(|cpu| cpu.lda(cpu.x)),
            0x98 => self.implied(|cpu| cpu.lda(cpu.y)),
            0xBA => self.implied(|cpu| cpu.ldx(cpu.sp)),
            0x9A => self.implied(|cpu| cpu.sp = cpu.x),
            0xE8 => self.implied(|cpu| cpu.ldx(cpu.x.wrapping_add(1))),
            0xCA => self.implied(|cpu| cpu.ldx(cpu.x.wrapping_sub(1))),
            0xC8 => self.implied(|cpu| cpu.ldy(cpu.y.wrapping_add(1))),
            0x88 => self.implied(|cpu| cpu.ldy(cpu.y.wrapping_sub(1))),
            0x18 => self.implied(|cpu| cpu.c = false),
            0x38 => self.implied(|cpu| cpu.c = true),
            0x58 => self.implied(|cpu| cpu.i = false),
            0x78 => self.implied(|cpu| cpu.i = true),
            0xD8 => self.implied(|cpu| cpu.d = false),
            0xF8 => self.implied(|cpu| cpu.d = true),
            0xB8 => self.implied(|cpu| cpu.v = false),
            0xEA => 2,
            _ => {
                self.pc = at;
                return Err(Jam { pc: at, opcode });
            }
        };
        self.cycles = now + cycles;
        Ok(())
    }

    #[inline(always)]
    fn implied(&mut self, f: impl FnOnce(&mut Cpu)) -> u64 {
        f(self);
        if self.sp < self.lowest_sp {
            // `TXS` may set the stack lower than any push did.
            self.lowest_sp = self.sp;
        }
        2
    }

    #[inline(always)]
    fn accumulator(&mut self, f: fn(&mut Cpu, u8) -> u8) -> u64 {
        self.a = f(self, self.a);
        2
    }

    #[inline(always)]
    fn jump<B: Bus>(&mut self, bus: &mut B, now: u64) -> u64 {
        self.pc = self.next_word(bus, now);
        3
    }

    /// `JMP (ptr)`: the pointer's high byte from the same page (the NMOS bug).
    #[inline(always)]
    fn jump_indirect<B: Bus>(&mut self, bus: &mut B, now: u64) -> u64 {
        let pointer = self.next_word(bus, now);
        let low = bus.read(pointer, now);
        let high = bus.read((pointer & 0xFF00) | (pointer.wrapping_add(1) & 0x00FF), now);
        self.pc = u16::from_le_bytes([low, high]);
        5
    }

    /// `JSR`: pushes the address of its own last byte.
    #[inline(always)]
    fn call<B: Bus>(&mut self, bus: &mut B, now: u64) -> u64 {
        let target = self.next_word(bus, now);
        let [low, high] = self.pc.wrapping_sub(1).to_le_bytes();
        self.push(bus, now, high);
        self.push(bus, now, low);
        self.pc = target;
        6
    }

    #[inline(always)]
    fn ret<B: Bus>(&mut self, bus: &mut B, now: u64) -> u64 {
        let low = self.pull(bus, now);
        let high = self.pull(bus, now);
        self.pc = u16::from_le_bytes([low, high]).wrapping_add(1);
        6
    }

    #[inline(always)]
    fn return_from_interrupt<B: Bus>(&mut self, bus: &mut B, now: u64) -> u64 {
        let p = self.pull(bus, now);
        self.set_status(p);
        let low = self.pull(bus, now);
        let high = self.pull(bus, now);
        self.pc = u16::from_le_bytes([low, high]);
        6
    }

    /// `BRK` at `at`: pushes `at + 2` and the status with B set, through `$FFFE`.
    fn brk<B: Bus>(&mut self, bus: &mut B, now: u64, at: u16) -> u64 {
        bus.brk(at);
        let [low, high] = at.wrapping_add(2).to_le_bytes();
        self.push(bus, now, high);
        self.push(bus, now, low);
        let p = self.status(true);
        self.push(bus, now, p);
        self.i = true;
        self.pc = u16::from_le_bytes([bus.read(IRQ_VECTOR, now), bus.read(IRQ_VECTOR + 1, now)]);
        7
    }

    #[inline(always)]
    fn push_op<B: Bus>(&mut self, bus: &mut B, now: u64, value: u8) -> u64 {
        self.push(bus, now, value);
        3
    }

    #[inline(always)]
    fn pull_op<B: Bus>(&mut self, bus: &mut B, now: u64, f: fn(&mut Cpu, u8)) -> u64 {
        let value = self.pull(bus, now);
        f(self, value);
        4
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::emulate::simtest;

    /// 64 KB of RAM; `$FFF8` exits (the cycle count at the start of the
    /// exiting instruction, as `mos-sim` counts) and `$FFF9` prints, as
    /// the llvm-mos simulator's I/O.
    struct Ram {
        mem: Vec<u8>,
        out: Vec<u8>,
        exit: Option<(u8, u64)>,
    }

    impl Ram {
        fn new() -> Ram {
            Ram { mem: vec![0; 0x10000], out: Vec::new(), exit: None }
        }
    }

    impl Bus for Ram {
        fn read(&mut self, addr: u16, _now: u64) -> u8 {
            self.mem[addr as usize]
        }
        fn write(&mut self, addr: u16, value: u8, now: u64) {
            match addr {
                0xFFF8 => self.exit = Some((value, now)),
                0xFFF9 => self.out.push(value),
                _ => self.mem[addr as usize] = value,
            }
        }
    }

    /// The NMOS 6502's documented opcodes' base cycles, by opcode (`-`:
    /// undocumented), from the standard table (MOS's programming manual,
    /// appendix; 6502.org's opcode reference).
    const NMOS: [&str; 16] = [
        "7 6 - - - 3 5 - 3 2 2 - - 4 6 -",
        "2 5 - - - 4 6 - 2 4 - - - 4 7 -",
        "6 6 - - 3 3 5 - 4 2 2 - 4 4 6 -",
        "2 5 - - - 4 6 - 2 4 - - - 4 7 -",
        "6 6 - - - 3 5 - 3 2 2 - 3 4 6 -",
        "2 5 - - - 4 6 - 2 4 - - - 4 7 -",
        "6 6 - - - 3 5 - 4 2 2 - 5 4 6 -",
        "2 5 - - - 4 6 - 2 4 - - - 4 7 -",
        "- 6 - - 3 3 3 - 2 - 2 - 4 4 4 -",
        "2 6 - - 4 4 4 - 2 5 2 - - 5 - -",
        "2 6 2 - 3 3 3 - 2 2 2 - 4 4 4 -",
        "2 5 - - 4 4 4 - 2 4 2 - 4 4 4 -",
        "2 6 - - 3 3 5 - 2 2 2 - 4 4 6 -",
        "2 5 - - - 4 6 - 2 4 - - - 4 7 -",
        "2 6 - - 3 3 5 - 2 2 2 - 4 4 6 -",
        "2 5 - - - 4 6 - 2 4 - - - 4 7 -",
    ];

    /// The opcodes that take one more cycle when their indexed read crosses a page.
    const PAGE_CROSS: [u8; 23] = [
        0x11, 0x19, 0x1D, 0x31, 0x39, 0x3D, 0x51, 0x59, 0x5D, 0x71, 0x79, 0x7D, 0xB1, 0xB9, 0xBD, 0xBC, 0xBE, 0xD1,
        0xD9, 0xDD, 0xF1, 0xF9, 0xFD,
    ];

    fn nmos(opcode: u8) -> Option<u64> {
        let row: Vec<&str> = NMOS[(opcode >> 4) as usize].split(' ').collect();
        row[(opcode & 15) as usize].parse().ok()
    }

    /// `opcode` run once at `$0200` with operands `$10, $10` (zero page
    /// `$10`, absolute `$1010`), the pointer at `$10` aimed at `$10F0`,
    /// X = Y = `index`, flags clear: its cycles, or its jam.
    fn cycles_of(opcode: u8, index: u8) -> Result<u64, Jam> {
        let mut ram = Ram::new();
        ram.mem[0x0200..0x0203].copy_from_slice(&[opcode, 0x10, 0x10]);
        ram.mem[0x10] = 0xF0;
        ram.mem[0x11] = 0x10;
        ram.mem[0xFFFE] = 0x00;
        ram.mem[0xFFFF] = 0x03;
        let mut cpu = Cpu::new(0x0200, 0xFD);
        cpu.x = index;
        cpu.y = index;
        if opcode & 0x1F == 0x10 {
            // A branch, not taken: its flag (N, V, C, Z by bits 6-7) the
            // opposite of what it branches on (bit 5).
            let flag = opcode & 0x20 == 0;
            match opcode >> 6 {
                0 => cpu.n = flag,
                1 => cpu.v = flag,
                2 => cpu.c = flag,
                _ => cpu.z = flag,
            }
        }
        cpu.step(&mut ram).map(|()| cpu.cycles)
    }

    #[test]
    fn every_opcode_takes_the_nmos_cycles() {
        for opcode in 0..=255u8 {
            match (nmos(opcode), cycles_of(opcode, 0)) {
                (Some(want), Ok(got)) => assert_eq!(got, want, "opcode ${opcode:02X}"),
                (None, Err(jam)) => assert_eq!(jam, Jam { pc: 0x0200, opcode }),
                (want, got) => panic!("opcode ${opcode:02X}: want {want:?}, got {got:?}"),
            }
        }
    }

    /// X = Y = `$F0`: `$1010,X`, `$1010,Y` and `($10),Y` (`$10F0`) all
    /// cross a page; zero-page indexing wraps in page 0 at no cost.
    #[test]
    fn indexed_reads_pay_for_a_page_crossing_and_nothing_else_does() {
        for opcode in 0..=255u8 {
            let Some(base) = nmos(opcode) else { continue };
            if opcode & 0x1F == 0x10 {
                continue; // branches: below
            }
            let crossing = cycles_of(opcode, 0xF0).unwrap();
            let want = base + PAGE_CROSS.contains(&opcode) as u64;
            assert_eq!(crossing, want, "opcode ${opcode:02X} with a page crossed");
        }
    }

    #[test]
    fn branches_take_one_more_cycle_taken_and_another_into_the_next_page() {
        let run = |at: u16, offset: u8, carry: bool| {
            let mut ram = Ram::new();
            ram.mem[at as usize..at as usize + 2].copy_from_slice(&[0xB0, offset]); // BCS
            let mut cpu = Cpu::new(at, 0xFD);
            cpu.c = carry;
            cpu.step(&mut ram).unwrap();
            (cpu.cycles, cpu.pc)
        };
        assert_eq!(run(0x0200, 0x10, false), (2, 0x0202));
        assert_eq!(run(0x0200, 0x10, true), (3, 0x0212));
        assert_eq!(run(0x02F0, 0x10, true), (4, 0x0302));
        assert_eq!(run(0x0300, 0xF0, true), (4, 0x02F2), "backward into the previous page");
        assert_eq!(run(0x02FE, 0x00, true), (3, 0x0300), "the next instruction's page counts");
    }

    #[test]
    fn jmp_indirect_wraps_in_its_page() {
        let mut ram = Ram::new();
        ram.mem[0x0200..0x0203].copy_from_slice(&[0x6C, 0xFF, 0x10]);
        ram.mem[0x10FF] = 0x34;
        ram.mem[0x1000] = 0x12;
        ram.mem[0x1100] = 0x99;
        let mut cpu = Cpu::new(0x0200, 0xFD);
        cpu.step(&mut ram).unwrap();
        assert_eq!((cpu.pc, cpu.cycles), (0x1234, 5));
    }

    #[test]
    fn interrupts_brk_and_rti() {
        let mut ram = Ram::new();
        ram.mem[0xFFFE] = 0x00;
        ram.mem[0xFFFF] = 0x30;
        ram.mem[0x3000] = 0x40; // RTI
        ram.mem[0x0200] = 0x00; // BRK
        let mut cpu = Cpu::new(0x0200, 0xFF);
        cpu.c = true;
        cpu.interrupt(&mut ram, IRQ_VECTOR);
        assert_eq!((cpu.pc, cpu.cycles, cpu.sp, cpu.i), (0x3000, 7, 0xFC, true));
        assert_eq!(&ram.mem[0x01FD..0x0200], &[0x21, 0x00, 0x02], "P without B, then the PC");
        cpu.step(&mut ram).unwrap();
        assert_eq!((cpu.pc, cpu.cycles, cpu.sp, cpu.i, cpu.c), (0x0200, 13, 0xFF, false, true));
        cpu.step(&mut ram).unwrap();
        assert_eq!((cpu.pc, cpu.cycles, cpu.i), (0x3000, 20, true));
        assert_eq!(&ram.mem[0x01FD..0x0200], &[0x31, 0x02, 0x02], "P with B, then BRK's address + 2");
        assert_eq!(cpu.lowest_sp, 0xFC);
    }

    /// The NMOS decimal mode as VICE computes it (`6510core.c`), a second
    /// derivation to compare ours with over every operand.
    fn vice_adc(a: u8, v: u8, c: bool) -> (u8, bool, bool, bool, bool) {
        let (a, v, c) = (a as u32, v as u32, c as u32);
        let mut tmp = (a & 0xF) + (v & 0xF) + c;
        if tmp > 0x9 {
            tmp += 6;
        }
        tmp = if tmp <= 0x0F {
            (tmp & 0xF) + (a & 0xF0) + (v & 0xF0)
        } else {
            (tmp & 0xF) + (a & 0xF0) + (v & 0xF0) + 0x10
        };
        let z = (a + v + c) & 0xFF == 0;
        let n = tmp & 0x80 != 0;
        let overflow = (a ^ tmp) & 0x80 != 0 && (a ^ v) & 0x80 == 0;
        if tmp & 0x1F0 > 0x90 {
            tmp += 0x60;
        }
        ((tmp & 0xFF) as u8, tmp & 0xFF0 > 0xF0, z, n, overflow)
    }

    fn vice_sbc(a: u8, v: u8, c: bool) -> (u8, bool, bool, bool, bool) {
        let (a, v, borrow) = (a as u32, v as u32, !c as u32);
        let tmp = a.wrapping_sub(v).wrapping_sub(borrow);
        let mut low = (a & 0xF).wrapping_sub(v & 0xF).wrapping_sub(borrow);
        low = if low & 0x10 != 0 {
            (low.wrapping_sub(6) & 0xF) | (a & 0xF0).wrapping_sub(v & 0xF0).wrapping_sub(0x10)
        } else {
            (low & 0xF) | (a & 0xF0).wrapping_sub(v & 0xF0)
        };
        if low & 0x100 != 0 {
            low = low.wrapping_sub(0x60);
        }
        let overflow = (a ^ tmp) & 0x80 != 0 && (a ^ v) & 0x80 != 0;
        ((low & 0xFF) as u8, tmp < 0x100, tmp & 0xFF == 0, tmp & 0x80 != 0, overflow)
    }

    #[test]
    fn decimal_mode_as_the_nmos_6502() {
        let mut cpu = Cpu::new(0, 0xFF);
        let mut op = |f: fn(&mut Cpu, u8), a: u8, v: u8, c: bool| {
            (cpu.a, cpu.c, cpu.d) = (a, c, true);
            f(&mut cpu, v);
            (cpu.a, cpu.c, cpu.z, cpu.n, cpu.v)
        };
        // Examples from 6502.org's decimal mode tutorial.
        assert_eq!(op(Cpu::adc, 0x58, 0x46, true).0, 0x05);
        assert_eq!(op(Cpu::adc, 0x12, 0x34, false), (0x46, false, false, false, false));
        assert_eq!(op(Cpu::adc, 0x81, 0x92, false).0..=0x73, 0x73..=0x73);
        assert_eq!(op(Cpu::sbc, 0x46, 0x12, true), (0x34, true, false, false, false));
        assert_eq!(op(Cpu::sbc, 0x32, 0x02, false).0, 0x29);
        assert_eq!(op(Cpu::sbc, 0x12, 0x21, true).0, 0x91);
        assert!(!op(Cpu::sbc, 0x12, 0x21, true).1, "a borrow");
        for a in 0..=255u8 {
            for v in 0..=255u8 {
                for c in [false, true] {
                    assert_eq!(op(Cpu::adc, a, v, c), vice_adc(a, v, c), "ADC {a:02X} {v:02X} {c}");
                    assert_eq!(op(Cpu::sbc, a, v, c), vice_sbc(a, v, c), "SBC {a:02X} {v:02X} {c}");
                }
            }
        }
    }

    #[test]
    fn binary_arithmetic_flags() {
        let mut cpu = Cpu::new(0, 0xFF);
        (cpu.a, cpu.c) = (0x50, false);
        cpu.adc(0x50);
        assert_eq!((cpu.a, cpu.v, cpu.n, cpu.c), (0xA0, true, true, false));
        (cpu.a, cpu.c) = (0x50, true);
        cpu.sbc(0xB0);
        assert_eq!((cpu.a, cpu.v, cpu.n, cpu.c), (0xA0, true, true, false));
        (cpu.a, cpu.c) = (0xFF, false);
        cpu.adc(0x01);
        assert_eq!((cpu.a, cpu.z, cpu.c), (0x00, true, true));
    }

    /// Decode a `simtest` image: hex, `xx*N` runs.
    fn unhex(text: &str) -> Vec<u8> {
        let mut bytes = Vec::new();
        for token in text.split_whitespace() {
            if let Some((byte, count)) = token.split_once('*') {
                let byte = u8::from_str_radix(byte, 16).unwrap();
                bytes.extend(std::iter::repeat_n(byte, count.parse().unwrap()));
            } else {
                bytes.extend((0..token.len()).step_by(2).map(|i| u8::from_str_radix(&token[i..i + 2], 16).unwrap()));
            }
        }
        bytes
    }

    /// Load a `mos-sim` image, reset, run to the exit: the output and the cycles.
    fn simulate(image: &str) -> (Vec<u8>, u64) {
        let image = unhex(image);
        let mut ram = Ram::new();
        let mut at = 0;
        while at + 4 <= image.len() {
            let start = u16::from_le_bytes([image[at], image[at + 1]]) as usize;
            let len = u16::from_le_bytes([image[at + 2], image[at + 3]]) as usize;
            ram.mem[start..start + len].copy_from_slice(&image[at + 4..at + 4 + len]);
            at += 4 + len;
        }
        assert_eq!(at, image.len(), "whole blocks");
        let mut cpu = Cpu::new(u16::from_le_bytes([ram.mem[0xFFFC], ram.mem[0xFFFD]]), 0xFD);
        while ram.exit.is_none() {
            cpu.step(&mut ram).unwrap();
            assert!(cpu.cycles < 100_000_000, "runs away");
        }
        let (status, cycles) = ram.exit.unwrap();
        assert_eq!(status, 0);
        (ram.out, cycles)
    }

    /// The same bytes, the same cycles as llvm-mos's simulator: every
    /// opcode and mode, and compiled C (see `simtest`).
    #[test]
    fn cycles_and_results_agree_with_mos_sim() {
        assert_eq!(simulate(simtest::OPCODES), (simtest::OPCODES_OUTPUT.to_vec(), simtest::OPCODES_CYCLES));
        assert_eq!(simulate(simtest::C_PROGRAM), (simtest::C_PROGRAM_OUTPUT.to_vec(), simtest::C_PROGRAM_CYCLES));
    }
}
