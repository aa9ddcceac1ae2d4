//! AVR (ATmega1284P) firmware: runs the target16 workload and prints it on UART0.
//!
//! Bare registers, no HAL: the simulator (and a real board) only needs the
//! transmitter. When done, or on panic, the CPU sleeps with interrupts
//! disabled, which real hardware never leaves and simavr treats as "exit".
#![no_std]
#![no_main]
// `asm!` for `cli; sleep` (AVR inline assembly is still unstable).
#![feature(asm_experimental_arch)]

use core::fmt::{self, Write};
use core::panic::PanicInfo;
use core::ptr::{read_volatile, write_volatile};

// Data-space addresses, the same on the megaAVR parts with a USART0
// (ATmega1284P datasheet, register summary).
const UCSR0A: *mut u8 = 0xC0 as *mut u8;
const UCSR0B: *mut u8 = 0xC1 as *mut u8;
const UBRR0L: *mut u8 = 0xC4 as *mut u8;
const UBRR0H: *mut u8 = 0xC5 as *mut u8;
const UDR0: *mut u8 = 0xC6 as *mut u8;
const SMCR: *mut u8 = 0x53 as *mut u8;
const U2X0: u8 = 1 << 1;
const UDRE0: u8 = 1 << 5;
const TXEN0: u8 = 1 << 3;
const SE: u8 = 1 << 0;

/// UART0 transmitter as a `fmt::Write` sink.
struct Uart;

impl Uart {
    /// 2 Mbaud (16 MHz, UBRR 0, double speed): printing costs ~80 cycles a
    /// byte, noise next to the work being timed. Frame format stays at the
    /// reset default, 8N1.
    fn init() -> Self {
        // SAFETY: plain writes to this chip's UART0 registers.
        unsafe {
            write_volatile(UBRR0H, 0);
            write_volatile(UBRR0L, 0);
            write_volatile(UCSR0A, U2X0);
            write_volatile(UCSR0B, TXEN0);
        }
        Uart
    }
}

impl Write for Uart {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        for byte in s.bytes() {
            // SAFETY: polling and writing this chip's UART0 registers.
            unsafe {
                while read_volatile(UCSR0A) & UDRE0 == 0 {}
                write_volatile(UDR0, byte);
            }
        }
        Ok(())
    }
}

/// Sleeps with interrupts off: the end of the program.
fn halt() -> ! {
    // SAFETY: enabling sleep and stopping; nothing runs afterwards.
    unsafe {
        write_volatile(SMCR, SE);
        core::arch::asm!("cli");
        loop {
            core::arch::asm!("sleep");
        }
    }
}

#[no_mangle]
extern "C" fn main() -> ! {
    let mut uart = Uart::init();
    // The UART never fails; a formatting error would still end without `END`,
    // which the runner reports.
    let _ = target16_workload::run(&mut uart);
    halt()
}

/// One line the runner recognises, then its own end marker.
#[panic_handler]
fn panic(info: &PanicInfo) -> ! {
    let mut uart = Uart;
    let _ = write!(uart, "\nPANIC: {}", info.message());
    if let Some(at) = info.location() {
        let _ = write!(uart, " at {}:{}", at.file(), at.line());
    }
    let _ = writeln!(uart, "\nEND PANIC");
    halt()
}
