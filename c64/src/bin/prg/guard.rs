//! The stack guard's canary: four bytes laid near the bottom of the 6502's
//! stack (`plant_canary`) and read back at every node of the search
//! (`stack_ok`, through `Input::stack_ok`), so that the search stops
//! before the 256-byte stack can wrap.
//!
//! Invariants: the canary is laid only where the stack is shallow (at the
//! start and between the App's steps), or it could overwrite live stack;
//! and one node's growth fits in the zone below it (docs/c64.md, "The
//! stacks"; `c64chess emulate` measures the real stack's deepest point).

use crate::memory::{fill, peek, HARD_STACK};

/// The stack guard's canary: the lowest `CANARY_ZONE` bytes of page 1 are
/// what the 6502's stack has left when the search reaches them. Below the
/// canary there is room for what one node of search can add (an
/// activation of each search function, the deepest leaf path below them,
/// the interrupts: at most 48 bytes in either build, which tools/c64-report
/// checks against the zone), so a guard asked at every node stops the
/// search before the stack can wrap. The canary is overwritten once 257 -
/// `CANARY_ZONE` = 205 bytes are in use: about the real builds' worst
/// cases (204 in the game, 210 in the drive, computed from their ELFs by
/// tools/c64-report: docs/c64.md, "The stacks"), so it can stop only a
/// line within a ply of the deepest the search goes (level 4's deepest
/// measured 151 bytes).
const CANARY_ZONE: u16 = 52;
/// The canary: four bytes of this value at the top of the zone, the first
/// the stack reaches.
const CANARY: u8 = 0xA5;
const CANARY_AT: u16 = HARD_STACK + CANARY_ZONE - 4;

/// Lay the canary. Only where the stack is shallow (between searches), or
/// it could overwrite live stack.
#[inline(never)]
pub(crate) fn plant_canary() {
    fill(CANARY_AT, 4, CANARY);
}

/// False once the stack has reached the canary since it was laid.
pub(crate) fn stack_ok() -> bool {
    // The four written out, the first the stack reaches first: four
    // absolute loads and compares. A loop over them (through a byte's
    // offset) was a pointer walk of about 110 cycles a node (issue 37).
    peek(CANARY_AT + 3) == CANARY
        && peek(CANARY_AT + 2) == CANARY
        && peek(CANARY_AT + 1) == CANARY
        && peek(CANARY_AT) == CANARY
}
