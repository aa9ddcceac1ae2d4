//! Saving and loading on a real C64: the 6502 code the glue calls, with the
//! KERNAL switched in for it, and what its answers mean.
//!
//! The program keeps the KERNAL switched out, so these are the only KERNAL
//! calls it makes (standard ones: the 1541, an SD2IEC or any drive 8
//! answers them; no fast loader). [`DISK_CALL`] switches the KERNAL in,
//! makes its vectors and zero page safe to use (its work areas are the
//! soft stack's region while the program runs), saves or loads, reads the
//! drive's status channel and switches the KERNAL out again. Its
//! parameters and answers are in the zero page (`$F7-$FE`, which neither
//! the SDK nor the KERNAL's disk calls use); [`answer`] and
//! [`record_length`] turn the answers into a [`DiskError`] or a length.
//!
//! The buffer is the text screen's old place, [`BUFFER`]: the soft stack's
//! region, free while no search runs (the glue calls [`DISK_CALL`] from
//! `main` only, between two of the App's steps), and RAM the KERNAL sees
//! (not under a ROM, not the I/O area).
//!
//! A save is the KERNAL's SAVE (a PRG file `C64CHESS GAME`, its two-byte
//! load address first, the old one scratched first rather than replaced
//! with `@0:`, which the 1541's DOS can get wrong). A load reads the file
//! byte by byte (OPEN, CHKIN, CHRIN) and stops at the buffer's end: the
//! KERNAL's LOAD has no limit, and a longer file of that name would
//! overwrite the program. The file is the same on the PC
//! (`c64chess play`'s game file): the two bytes of [`LOAD_ADDRESS`], then
//! the record.

use engine_core::game::RECORD_LEN;

use crate::input::DiskError;

/// Where a file is read to: its load address, then the record.
pub const BUFFER: u16 = 0x0400;
/// Where the record is, both ways: a save is made from here.
pub const RECORD_AT: u16 = BUFFER + 2;
/// The buffer's length for a load: the load address, a record at its
/// longest, and one byte more, which only a file too long to be a record
/// reaches.
pub const CAPACITY: u16 = 2 + RECORD_LEN as u16 + 1;
/// Where a load keeps the game's own record while it tries the file's
/// (`App::loaded`): just past the buffer, in the soft stack's idle region
/// too.
pub const KEPT_AT: u16 = BUFFER + CAPACITY;
/// The two bytes a PRG file starts with: the address its SAVE was made
/// from ([`RECORD_AT`], low byte first), skipped when the file is read.
pub const LOAD_ADDRESS: [u8; 2] = RECORD_AT.to_le_bytes();

/// The zero page: in, 0 for a save or 1 for a load; out, the KERNAL's
/// error (4 file not found, 5 device not present, ...), 0 if none.
pub const OP: u16 = 0x00F7;
/// Out, after a load: the KERNAL's status after the last byte read (bit 6
/// the file's end; 0 if the buffer filled before it).
pub const STATUS: u16 = 0x00F8;
/// In: the end of what to save, or the end of the buffer to load into
/// (exclusive). Out: the drive's status, its two digits in ASCII (0, 0 if
/// it could not be read).
pub const LIMIT: u16 = 0x00F9;
/// In: the buffer's start. Out, after a load: just past the last byte.
pub const POINTER: u16 = 0x00FB;
/// In: the address of [`NAMES`].
pub const NAME: u16 = 0x00FD;

/// The drive's command to scratch the old game, whose last 13 bytes are the
/// file's name (PETSCII: upper-case letters are ASCII's).
pub static NAMES: [u8; 16] = *b"S0:C64CHESS GAME";

/// The 6502 code, called with `jsr` (from `main` only: docs/c64.md, "The
/// stacks"). It starts with the KERNAL out (`$01` = `$35`) and interrupts
/// on, and leaves them so. In between: the KERNAL's vectors restored
/// (RESTOR), then its IRQ pointed at `$EA7E` (acknowledge CIA 1, return:
/// the KERNAL's keyboard scan and cursor would write through pointers this
/// program's RAM holds garbage for) and its NMI at `$EA86` (an `rti`: no
/// warm start into BASIC, which is switched out); no messages (SETMSG 0),
/// no files open, the STOP key up. Position-independent (branches only):
/// the test in tools/c64-disk-test runs these bytes on a 6502 emulator
/// against a model of the KERNAL and a drive. The jiffy clock stands
/// still meanwhile, so the players' clocks do not count the disk's time.
pub static DISK_CALL: [u8; 249] = [
    0x78, // sei
    0xA5, 0x01, // lda $01
    0x48, // pha
    0x29, 0xF8, // and #$F8
    0x09, 0x06, // ora #$06 ; KERNAL in, I/O in, RAM at $A000
    0x85, 0x01, // sta $01
    0x20, 0x8A, 0xFF, // jsr RESTOR ; the KERNAL's vectors at $0314-$0333
    0xA9, 0x7E, // lda #$7E
    0x8D, 0x14, 0x03, // sta $0314 ; IRQ: $EA7E acknowledges CIA 1 and returns
    0xA9, 0x86, // lda #$86
    0x8D, 0x18, 0x03, // sta $0318 ; NMI (RESTORE): $EA86, an RTI
    0xA9, 0xEA, // lda #$EA
    0x8D, 0x15, 0x03, // sta $0315
    0x8D, 0x19, 0x03, // sta $0319
    0xA9, 0x00, // lda #0
    0x85, 0x90, // sta $90 ; STATUS
    0x85, 0x98, // sta $98 ; no files open
    0x85, 0x99, // sta $99 ; input from the keyboard
    0x20, 0x90, 0xFF, // jsr SETMSG ; A = 0: no messages
    0xA9, 0x03, // lda #3
    0x85, 0x9A, // sta $9A ; output to the screen
    0xA9, 0xFF, // lda #$FF
    0x85, 0x91, // sta $91 ; the STOP key up
    0x58, // cli
    0xA5, 0xF7, // lda OP
    0xD0, 0x19, // bne named
    0xA9, 0x10, // lda #16 ; save: the old game scratched first, OPEN 15,8,15,"S0:C64CHESS GAME": CLOSE 15
    0xA6, 0xFD, // ldx NAME
    0xA4, 0xFE, // ldy NAME+1
    0x20, 0xBD, 0xFF, // jsr SETNAM
    0xA9, 0x0F, // lda #15
    0xA8, // tay
    0xA2, 0x08, // ldx #8
    0x20, 0xBA, 0xFF, // jsr SETLFS
    0x20, 0xC0, 0xFF, // jsr OPEN ; no drive: SAVE says so below
    0xA9, 0x0F, // lda #15
    0x20, 0xC3, 0xFF, // jsr CLOSE
    0x18, // clc ; SETNAM: the name from its fourth byte, 13 long
    0xA5, 0xFD, // lda NAME
    0x69, 0x03, // adc #3
    0xAA, // tax
    0xA5, 0xFE, // lda NAME+1
    0x69, 0x00, // adc #0
    0xA8, // tay
    0xA9, 0x0D, // lda #13
    0x20, 0xBD, 0xFF, // jsr SETNAM
    0xA5, 0xF7, // lda OP
    0xD0, 0x16, // bne load
    0xA9, 0x01, // lda #1 ; save: SETLFS 1,8,0; SAVE from (PTR) to LIMIT
    0xA2, 0x08, // ldx #8
    0xA0, 0x00, // ldy #0
    0x20, 0xBA, 0xFF, // jsr SETLFS
    0xA9, 0xFB, // lda #PTR
    0xA6, 0xF9, // ldx LIMIT
    0xA4, 0xFA, // ldy LIMIT+1
    0x20, 0xD8, 0xFF, // jsr SAVE
    0xB0, 0x76, // bcs leave
    0x90, 0x41, // bcc status
    0xA9, 0x02, // lda #2 ; load: OPEN 2,8,0,name; CHKIN 2; CHRIN to LIMIT at most
    0xA2, 0x08, // ldx #8
    0xA0, 0x00, // ldy #0
    0x20, 0xBA, 0xFF, // jsr SETLFS
    0x20, 0xC0, 0xFF, // jsr OPEN
    0xB0, 0x66, // bcs leave
    0xA2, 0x02, // ldx #2
    0x20, 0xC6, 0xFF, // jsr CHKIN
    0xB0, 0x24, // bcs closing
    0x20, 0xCF, 0xFF, // jsr CHRIN
    0xA0, 0x00, // ldy #0
    0x91, 0xFB, // sta (PTR),y ; PTR < LIMIT here: inside the buffer
    0x20, 0xB7, 0xFF, // jsr READST
    0x85, 0xF8, // sta ST
    0x29, 0xBF, // and #$BF
    0xD0, 0x14, // bne closing ; an error: that byte is none
    0xE6, 0xFB, // inc PTR
    0xD0, 0x02, // bne stored
    0xE6, 0xFC, // inc PTR+1
    0xA5, 0xF8, // lda ST
    0xD0, 0x0A, // bne closing ; the end of the file: that byte was the last
    0xA5, 0xFB, // lda PTR
    0xC5, 0xF9, // cmp LIMIT
    0xA5, 0xFC, // lda PTR+1
    0xE5, 0xFA, // sbc LIMIT+1
    0x90, 0xDC, // bcc next ; below LIMIT: the next byte; at it, ST = 0 says more was to come
    0x20, 0xCC, 0xFF, // jsr CLRCHN
    0xA9, 0x02, // lda #2
    0x20, 0xC3, 0xFF, // jsr CLOSE
    0xA9, 0x00, // lda #0 ; the drive's status: OPEN 15,8,15; two CHRIN; CLOSE 15
    0x85, 0x90, // sta $90 ; (CHRIN from a drive returns a CR while STATUS is not 0)
    0x85, 0xF9, // sta LIMIT
    0x85, 0xFA, // sta LIMIT+1
    0x20, 0xBD, 0xFF, // jsr SETNAM
    0xA9, 0x0F, // lda #15
    0xA8, // tay
    0xA2, 0x08, // ldx #8
    0x20, 0xBA, 0xFF, // jsr SETLFS
    0x20, 0xC0, 0xFF, // jsr OPEN
    0xB0, 0x1B, // bcs leave
    0xA2, 0x0F, // ldx #15
    0x20, 0xC6, 0xFF, // jsr CHKIN
    0xB0, 0x0A, // bcs shut
    0x20, 0xCF, 0xFF, // jsr CHRIN
    0x85, 0xF9, // sta LIMIT
    0x20, 0xCF, 0xFF, // jsr CHRIN
    0x85, 0xFA, // sta LIMIT+1
    0x20, 0xCC, 0xFF, // jsr CLRCHN
    0xA9, 0x0F, // lda #15
    0x20, 0xC3, 0xFF, // jsr CLOSE
    0xA9, 0x00, // lda #0
    0x85, 0xF7, // sta OP ; the KERNAL's error, or 0
    0x78, // sei
    0x68, // pla
    0x85, 0x01, // sta $01 ; the KERNAL out: the RAM's vectors again
    0xAD, 0x0D, 0xDC, // lda $DC0D ; a timer flag raised meanwhile: acknowledged
    0x58, // cli
    0x60, // rts
];

/// What a load's answers mean once [`answer`] found no error: the
/// record's length (the file less its load address), or why there is
/// none. `status` is the KERNAL's after the last byte, `stored` how many
/// bytes came (the buffer holds one more than a file may have: a longer
/// file fills it, whether or not its end came with the last byte, and is
/// no record).
pub fn record_length(status: u8, stored: u16) -> Result<usize, DiskError> {
    if status & !0x40 != 0 {
        return Err(DiskError::Failed);
    }
    match (stored as usize).checked_sub(LOAD_ADDRESS.len()) {
        Some(len) if status != 0 && len <= RECORD_LEN => Ok(len),
        _ => Err(DiskError::BadFile),
    }
}

/// The KERNAL's error, then the drive's status (`00 OK`, `01 FILES
/// SCRATCHED`; 62 FILE NOT FOUND; 72 DISK FULL, 26 WRITE PROTECT ON; 74
/// DRIVE NOT READY and 21 READ ERROR, which a 1541 without a disk says):
/// the statuses by table, any other one a failure. A save's answer, and a
/// load's before its [`record_length`]: the glue asks it once for both.
pub fn answer(kernal: u8, drive: [u8; 2]) -> Result<(), DiskError> {
    match kernal {
        0 => {}
        4 => return Err(DiskError::NoFile),
        5 => return Err(DiskError::NoDisk),
        _ => return Err(DiskError::Failed),
    }
    const STATUSES: [([u8; 2], Result<(), DiskError>); 7] = [
        (*b"00", Ok(())),
        (*b"01", Ok(())),
        (*b"62", Err(DiskError::NoFile)),
        (*b"72", Err(DiskError::DiskFull)),
        (*b"26", Err(DiskError::DiskFull)),
        (*b"74", Err(DiskError::NoDisk)),
        (*b"21", Err(DiskError::NoDisk)),
    ];
    for (status, answer) in &STATUSES {
        if *status == drive {
            return *answer;
        }
    }
    Err(DiskError::Failed)
}
