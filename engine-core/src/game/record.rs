//! A game as bytes, for a disk: the position the undo ring reaches back
//! to, and every ply after it, those taken back and not yet replayed too,
//! so that undo and redo work after a load as they did before the save.
//!
//! | bytes | hold |
//! |---|---|
//! | 0–3 | `C64G` |
//! | 4 | the format's version, 1 |
//! | 5–36 | the men of the start, two tiles a byte from a8 (the even tile in the low nybble): a piece's bits, 0 for none |
//! | 37 | the side to move (bit 0, 1 for Black) and the castling rights (bits 1–4) |
//! | 38 | the en passant square's tile, 255 for none |
//! | 39 | the halfmove clock |
//! | 40–41 | the fullmove number, low byte first |
//! | 42 | the plies that follow, at most [`UNDO_DEPTH`] |
//! | 43 | how many of them are played (the rest are taken back: redo replays them) |
//! | 44– | each ply in two bytes: its from tile with, in bits 6–7, a promotion's piece (0 queen, 1 rook, 2 bishop, 3 knight; read only for a promotion, 1 for another move); its to tile |
//!
//! At most [`RECORD_LEN`] bytes: on a 1541, two blocks. Reading checks
//! everything: the tag, the version, the length, each man's bits, the
//! position by the FEN parser's rules, and each ply's legality; whatever
//! it refuses, the game is kept.

use super::{Game, SearcherHome, Setup, Tile, UNDO_DEPTH};
use crate::fen::FenError;
use crate::piece::*;
use crate::square::{Square, NO_SQUARE};

/// The first bytes of every record.
const TAG: &[u8; 4] = b"C64G";
/// The format's version.
const VERSION: u8 = 1;
/// Bytes before the plies.
const HEAD: usize = 44;
/// The longest record: the head and [`UNDO_DEPTH`] plies.
pub const RECORD_LEN: usize = HEAD + 2 * UNDO_DEPTH as usize;
// The promotion pieces' two-bit codes, queen to knight, count the piece
// types down: a promotion's code is `QUEEN` less its piece (no table).
const _: () = assert!(ROOK == QUEEN - 1 && BISHOP == QUEEN - 2 && KNIGHT == QUEEN - 3);

/// Why bytes are not a game this program saved.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BadRecord {
    /// Not a record: no tag, too short, too long, or a byte out of range.
    NotARecord,
    /// A record of another version of the format.
    Version(u8),
    /// The start is not a position: the FEN parser's reason.
    Position(FenError),
    /// The ply of this number (1 = the first) is not legal where it stands.
    Ply(u8),
}

impl core::fmt::Display for BadRecord {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            BadRecord::NotARecord => f.write_str("not a saved c64chess game"),
            BadRecord::Version(v) => write!(f, "a saved game of format version {v}, not {VERSION}"),
            BadRecord::Position(e) => write!(f, "the saved game's start is not a position: {}", e.problem),
            BadRecord::Ply(n) => write!(f, "the saved game's ply {n} is not legal"),
        }
    }
}

impl core::error::Error for BadRecord {}

impl<H: SearcherHome> Game<H> {
    /// Write the game into `out`; how many bytes it took. The position and
    /// the plies that can be undone and redone are as they were after it
    /// (it walks back to the start and forward again).
    pub fn write_record(&mut self, out: &mut [u8; RECORD_LEN]) -> usize {
        let played = self.rewind();
        let len = self.record_at_start(out, played);
        self.resume(played);
        len
    }

    /// Take back every ply the ring holds; how many were played (the rest
    /// were taken back already).
    fn rewind(&mut self) -> u8 {
        let played = self.undoable;
        while self.step(true) {}
        played
    }

    /// Replay the first `played` plies taken back: the game as before
    /// [`Game::rewind`].
    fn resume(&mut self, played: u8) {
        for _ in 0..played {
            self.step(false);
        }
        self.refresh_legal();
    }

    /// Write the record of the game, rewound to its start, into `out`
    /// (`played` of its plies were played); how many bytes it took. Reads
    /// the plies from the ring, makes no move.
    fn record_at_start(&self, out: &mut [u8; RECORD_LEN], played: u8) -> usize {
        out[..4].copy_from_slice(TAG);
        out[4] = VERSION;
        // Two tiles a byte, by number (a byte counter, not a stepped
        // iterator's state).
        let mut number = 0;
        for byte in &mut out[5..37] {
            let low = self.piece_at(Tile::masked(number)).bits();
            let high = self.piece_at(Tile::masked(number + 1)).bits();
            *byte = low | high << 4;
            number += 2;
        }
        let pos = self.position();
        out[37] = pos.side_to_move() as u8 | pos.castling() << 1;
        out[38] = if pos.ep == NO_SQUARE { 255 } else { pos.ep.ordinal() };
        out[39] = pos.halfmove_clock();
        [out[40], out[41]] = pos.fullmove_number().to_le_bytes();
        // Masked, a no-op (the ring holds at most that many): the length
        // is then provably a record's, and its plies' bytes need no check.
        let plies = self.redoable & UNDO_DEPTH;
        [out[42], out[43]] = [plies, played];
        // The ring's slots from the oldest ply on, a byte cursor beside a
        // byte's count of the plies (the record's chunks count in 16 bits).
        let (mut at, mut i) = (self.next, 0u8);
        while i < plies {
            let m = self.slot(at).mv;
            at = at.wrapping_add(1);
            // Its two bits shifted into place: a move that does not
            // promote (piece 0) has 1, a rook's (read only for a
            // promotion).
            let ply = HEAD + 2 * i as usize;
            out[ply] = Tile::of_square(m.from).number() | (QUEEN - m.promotion()) << 6;
            out[ply + 1] = Tile::of_square(m.to).number();
            i += 1;
        }
        HEAD + 2 * plies as usize
    }

    /// Make the game the one `record` holds (players, level and settings
    /// kept), or refuse it and keep the game as it was: the plies of a
    /// game longer than the undo ring, before the ring's oldest, are then
    /// no longer counted for repetitions (the game is put back from its
    /// start and the ring's plies).
    pub fn read_record(&mut self, record: &[u8]) -> Result<(), BadRecord> {
        let (mut setup, mut kept) = (Setup::EMPTY, [0; RECORD_LEN]);
        self.read_record_in(record, &mut setup, &mut kept)
    }

    /// [`Game::read_record`] in a front end's own memory: the record's
    /// start made in `setup` (an editor's: whatever it held, it is left
    /// holding men of no use), and the game's own record written into
    /// `kept` first. The record is played for real, each ply checked as
    /// it comes; refused, the game is put back from `kept`, a record that
    /// replays (one way to make a game from a record, both ways).
    pub fn read_record_in(
        &mut self,
        record: &[u8],
        setup: &mut Setup,
        kept: &mut [u8; RECORD_LEN],
    ) -> Result<(), BadRecord> {
        let len = self.write_record(kept);
        let result = self.replay(record, setup);
        if result.is_err() {
            let back = self.replay(&kept[..len], setup);
            debug_assert!(back.is_ok(), "the game's own record replays");
        }
        result
    }

    /// Start the game again from `record`: its start set up from `setup`
    /// with its en passant square and clocks (a set-up's code, the FEN
    /// parser's rules and reasons: the square one a double push could have
    /// crossed, kept only if a capture there is legal), its plies played,
    /// the ones taken back taken back. Refused, the game is partly the
    /// record's (the caller puts it back): on a refused start the board is
    /// as it was.
    fn replay(&mut self, record: &[u8], setup: &mut Setup) -> Result<(), BadRecord> {
        let Some((head, moves)) = record.split_first_chunk::<HEAD>() else {
            return Err(BadRecord::NotARecord);
        };
        let (plies, played) = parse(head, moves.len(), setup)?;
        let ep = if head[38] == 255 { NO_SQUARE } else { Square::from_ordinal(head[38]) };
        let clocks = (head[39], u16::from_le_bytes([head[40], head[41]]));
        self.set_up_at(setup, ep, clocks).map_err(BadRecord::Position)?;
        // `parse` checked the length: a ply a chunk, `plies` of them
        // (numbered from an open range: no second bound to test).
        for (n, ply) in (1..).zip(moves.chunks_exact(2)) {
            let (from, to) = (Tile::masked(ply[0]), Tile::masked(ply[1]));
            let m = self.find_move(from, to, QUEEN - (ply[0] >> 6)).map_err(|_| BadRecord::Ply(n))?;
            let _ = self.play(m);
        }
        for _ in played..plies {
            self.step(true);
        }
        self.refresh_legal();
        Ok(())
    }
}

/// The counts (plies, played) of a record, its head and `moves` bytes
/// after it (a head of a fixed length: no bounds checks), that is well
/// formed (its tag, version, length, men's bits, counts and en passant
/// byte), not yet checked as chess, and its start (men, side, rights) in
/// `setup`; refused, `setup` is partly written.
fn parse(record: &[u8; HEAD], moves: usize, setup: &mut Setup) -> Result<(u8, u8), BadRecord> {
    // A byte at a time against the constant: the four as one 32-bit
    // compare are built in registers first.
    if record[..4].iter().zip(TAG).any(|(byte, tag)| byte != tag) {
        return Err(BadRecord::NotARecord);
    }
    if record[4] != VERSION {
        return Err(BadRecord::Version(record[4]));
    }
    let (plies, played) = (record[42], record[43]);
    let ep_ok = record[38] < 64 || record[38] == 255;
    if plies > UNDO_DEPTH || played > plies || moves != 2 * plies as usize || record[37] >> 5 != 0 || !ep_ok {
        return Err(BadRecord::NotARecord);
    }
    // Tile by tile, by a byte's number (numbers zipped with the men count
    // in 16 bits): its byte's low nybble for an even tile, the high one
    // for an odd (no pair of nybbles built on the stack).
    let packed = &record[5..37];
    let mut n = 0u8;
    while n < 64 {
        let byte = packed[(n >> 1) as usize & 31];
        let bits = if n & 1 == 0 { byte & 15 } else { byte >> 4 };
        // A kind 1-6 of either colour, or none: not kind 7, nor Black's
        // bit alone.
        if bits & TYPE_MASK == 7 || bits == BLACK_BIT {
            return Err(BadRecord::NotARecord);
        }
        setup.men[n as usize & 63] = Piece::from_bits(bits);
        n += 1;
    }
    (setup.side, setup.castle) = (Color::from_bit(record[37] & 1), record[37] >> 1);
    Ok((plies, played))
}
