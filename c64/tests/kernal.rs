//! What the C64's disk calls' answers mean (`c64::kernal`); the 6502 code
//! itself runs in tools/c64-disk-test.

use c64::kernal::{answer, record_length, LOAD_ADDRESS, NAMES};
use c64::DiskError::{BadFile, DiskFull, Failed, NoDisk, NoFile};
use engine_core::game::RECORD_LEN;

/// A save's answers, as the glue reads them.
fn save_answer(kernal: u8, drive: [u8; 2]) -> Result<(), c64::DiskError> {
    answer(kernal, drive)
}

/// A load's answers, as the glue reads them: the KERNAL's and the drive's
/// first, then the length.
fn load_answer(kernal: u8, drive: [u8; 2], status: u8, stored: u16) -> Result<usize, c64::DiskError> {
    answer(kernal, drive).and_then(|()| record_length(status, stored))
}

#[test]
fn a_save_is_done_when_the_kernal_and_the_drive_say_so() {
    assert_eq!(save_answer(0, *b"00"), Ok(()));
    assert_eq!(save_answer(0, *b"01"), Ok(()));
    assert_eq!(save_answer(5, *b"00"), Err(NoDisk), "device not present");
    assert_eq!(save_answer(0, *b"74"), Err(NoDisk), "drive not ready: no disk in it");
    assert_eq!(save_answer(0, *b"21"), Err(NoDisk), "a 1541 without a disk");
    assert_eq!(save_answer(0, *b"72"), Err(DiskFull));
    assert_eq!(save_answer(0, *b"26"), Err(DiskFull), "write protect on");
    assert_eq!(save_answer(0, [0, 0]), Err(Failed), "the status channel unread");
    assert_eq!(save_answer(9, *b"00"), Err(Failed), "any other KERNAL error");
}

#[test]
fn a_load_is_the_file_less_its_load_address() {
    let whole = (LOAD_ADDRESS.len() + RECORD_LEN) as u16;
    assert_eq!(load_answer(0, *b"00", 0x40, whole), Ok(RECORD_LEN));
    assert_eq!(load_answer(0, *b"00", 0x40, 3), Ok(1));
    assert_eq!(load_answer(0, *b"00", 0x40, 1), Err(BadFile), "shorter than a load address");
    assert_eq!(load_answer(0, *b"00", 0, whole + 1), Err(BadFile), "the buffer full before the end: too long");
    assert_eq!(load_answer(0, *b"00", 0x40, whole + 1), Err(BadFile), "the buffer full as the file ended: too long");
    assert_eq!(load_answer(0, *b"62", 0x42, 0), Err(NoFile));
    assert_eq!(load_answer(4, *b"00", 0, 0), Err(NoFile), "the KERNAL's file not found");
    assert_eq!(load_answer(0, *b"00", 0x42, 10), Err(Failed), "a read error the drive did not report");
    assert_eq!(load_answer(0, *b"74", 0x42, 0), Err(NoDisk));
}

#[test]
fn the_file_name_is_the_scratch_commands_tail() {
    assert_eq!(&NAMES[..3], b"S0:");
    assert_eq!(&NAMES[3..], b"C64CHESS GAME");
    assert!(NAMES.iter().all(|b| b.is_ascii_uppercase() || b.is_ascii_digit() || b" :".contains(b)));
}

#[test]
fn the_load_buffer_and_the_kept_record_fit_the_soft_stacks_idle_region() {
    use c64::kernal::{BUFFER, CAPACITY, KEPT_AT};
    use engine_core::game::RECORD_LEN;
    // tools/c64-disk-test writes this figure itself.
    assert_eq!(CAPACITY, 301);
    assert_eq!(KEPT_AT, BUFFER + CAPACITY);
    // Below the top 64 bytes of `$0200-$07FF`, where `main`'s frame is.
    assert!(KEPT_AT as usize + RECORD_LEN <= 0x0800 - 64);
}
