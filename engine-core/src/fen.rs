//! FEN in and out.
//!
//! Parsing builds a fresh [`Position`] and then validates it; it never
//! panics and never touches an existing position, whatever the input. The
//! halfmove clock and fullmove number may be omitted (EPD style: they default
//! to 0 and 1), and a fullmove number of 0 is read as 1 (so the message for
//! a bad one says 0..65535). Fields are separated
//! by any ASCII whitespace. Everything else is strict: every rejection is a
//! [`FenError`] naming the field at fault. The halfmove clock is a byte
//! (0..255): the engine treats 100 and more as the fifty-move draw anyway.
//!
//! Validation rejects positions the engine's invariants exclude: not exactly
//! one king per side, a pawn on rank 1 or 8, the side not to move in check,
//! a castling right without its king and rook at home, and an en passant
//! square that no double push could have produced. A possible en passant
//! square on which no legal capture exists is accepted and dropped: the
//! engine keeps one only while a capture there is legal, so FEN output shows
//! it only then (as Stockfish and shakmaty's "legal" mode do).

use core::fmt;

use crate::piece::*;
use crate::position::*;
use crate::square::*;

/// The part of a FEN string an error is about.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum FenField {
    /// The number of fields.
    Fields,
    /// Piece placement.
    Board,
    /// Side to move.
    Side,
    /// Castling availability.
    Castling,
    /// En passant square.
    EnPassant,
    /// Halfmove clock.
    Halfmove,
    /// Fullmove number.
    Fullmove,
    /// The position as a whole (the fields parse, the position is impossible).
    Position,
}

impl FenField {
    /// A short name for messages.
    pub const fn name(self) -> &'static str {
        match self {
            FenField::Fields => "fields",
            FenField::Board => "board",
            FenField::Side => "side to move",
            FenField::Castling => "castling",
            FenField::EnPassant => "en passant",
            FenField::Halfmove => "halfmove clock",
            FenField::Fullmove => "fullmove number",
            FenField::Position => "position",
        }
    }
}

/// Why a FEN string was rejected: the field, and what is wrong with it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct FenError {
    /// The field at fault.
    pub field: FenField,
    /// What is wrong, in a few words.
    pub problem: &'static str,
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "bad FEN {}: {}", self.field.name(), self.problem)
    }
}

impl core::error::Error for FenError {}

const fn err(field: FenField, problem: &'static str) -> FenError {
    FenError { field, problem }
}

/// Parse a decimal number of at most `max`; `None` on anything else.
fn parse_number(text: &str, max: u16) -> Option<u16> {
    if text.is_empty() || text.len() > 5 {
        return None;
    }
    let mut value: u32 = 0;
    for b in text.bytes() {
        if !b.is_ascii_digit() {
            return None;
        }
        value = value * 10 + (b - b'0') as u32;
    }
    if value > max as u32 {
        None
    } else {
        Some(value as u16)
    }
}

impl Position {
    /// Parse and validate a FEN string. See the module documentation.
    ///
    /// ```
    /// use engine_core::Position;
    /// // After 1. e4: no Black pawn can take en passant, so the square is dropped.
    /// let pos = Position::from_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1").unwrap();
    /// assert_eq!(pos.fen().to_string(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    /// let bad = Position::from_fen("8/8/8/8/8/8/8/8 w - - 0 1").unwrap_err();
    /// assert_eq!(bad.to_string(), "bad FEN board: each side needs exactly one king");
    /// ```
    pub fn from_fen(fen: &str) -> Result<Position, FenError> {
        let mut pos = Position::blank();
        pos.set_fen(fen)?;
        Ok(pos)
    }

    /// [`Position::from_fen`] in place, for an 8-bit machine that cannot
    /// spare the 1.2 KB of a second position on its stack. On an error the
    /// board is left empty, without kings: nothing half set looks valid.
    pub fn set_fen(&mut self, fen: &str) -> Result<(), FenError> {
        let result = self.parse_fen(fen);
        if result.is_err() {
            self.clear();
        }
        result
    }

    fn parse_fen(&mut self, fen: &str) -> Result<(), FenError> {
        let pos = self;
        let mut fields = fen.split_ascii_whitespace();
        let mut next = |what: &'static str| fields.next().ok_or(err(FenField::Fields, what));
        let board = next("missing piece placement")?;
        let side = next("missing side to move")?;
        let castling = next("missing castling field")?;
        let ep = next("missing en passant field")?;
        let halfmove = fields.next();
        let fullmove = fields.next();
        if fields.next().is_some() {
            return Err(err(FenField::Fields, "more than six fields"));
        }

        // What the fields below leave unset: no king seen yet, move 1.
        pos.clear();
        parse_board(pos, board)?;
        pos.side = match side {
            "w" => Color::White,
            "b" => Color::Black,
            _ => return Err(err(FenField::Side, "expected w or b")),
        };
        pos.castle = parse_castling(castling)?;
        pos.ep = match ep {
            "-" => NO_SQUARE,
            _ => Square::parse(ep.as_bytes()).ok_or(err(FenField::EnPassant, "expected - or a square"))?,
        };
        if let Some(text) = halfmove {
            pos.halfmove = parse_number(text, 255).ok_or(err(FenField::Halfmove, "expected a number 0..255"))? as u8;
        }
        if let Some(text) = fullmove {
            // 0 is read as 1, as other tools do: numbering starts at 1.
            let n = parse_number(text, u16::MAX).ok_or(err(FenField::Fullmove, "expected a number 0..65535"))?;
            pos.fullmove = n.max(1);
        }
        // Totals first: the attack test in `validate` reads `phase`.
        pos.refresh();
        validate(pos)?;
        // The engine keeps an en passant square only while a capture there
        // is legal (see `Position::make`).
        if pos.ep != NO_SQUARE && !pos.ep_capture_exists() {
            pos.ep = NO_SQUARE;
        }
        Ok(())
    }

    /// The position as FEN, through `Display`: `pos.fen().to_string()` on a host.
    pub fn fen(&self) -> Fen<'_> {
        Fen(self)
    }
}

fn parse_board(pos: &mut Position, text: &str) -> Result<(), FenError> {
    let mut row: u8 = 0;
    let mut file: u8 = 0;
    // The previous character was a digit.
    let mut digit = false;
    for c in text.bytes() {
        let after_digit = digit;
        digit = false;
        match c {
            b'/' => {
                if file != 8 {
                    return Err(err(FenField::Board, "a rank does not have 8 squares"));
                }
                row += 1;
                file = 0;
                if row > 7 {
                    return Err(err(FenField::Board, "more than 8 ranks"));
                }
            }
            b'0'..=b'9' => {
                // `44` adds up but is not FEN: a run of empty squares is one digit.
                if after_digit || c == b'0' || c == b'9' {
                    return Err(err(FenField::Board, "a run of empty squares is one digit 1..8"));
                }
                digit = true;
                file += c - b'0';
                if file > 8 {
                    return Err(err(FenField::Board, "a rank has more than 8 squares"));
                }
            }
            _ => {
                let piece = Piece::from_char(c).ok_or(err(FenField::Board, "unknown piece letter"))?;
                if file > 7 {
                    return Err(err(FenField::Board, "a rank has more than 8 squares"));
                }
                let sq = Square::new(file, row);
                pos.set(sq, piece);
                note_king(pos, sq)?;
                file += 1;
            }
        }
    }
    if row != 7 || file != 8 {
        return Err(err(FenField::Board, "fewer than 8 full ranks"));
    }
    Ok(())
}

/// A king on `sq` (if that is what stands there) is its side's king, unless
/// the side has one already: one rule for the parser and a set-up.
fn note_king(pos: &mut Position, sq: Square) -> Result<(), FenError> {
    let piece = pos.at(sq);
    if piece.kind() == KING {
        if pos.kings[piece.color()] != NO_SQUARE {
            return Err(err(FenField::Board, "more than one king of a colour"));
        }
        pos.kings[piece.color()] = sq;
    }
    Ok(())
}

impl Position {
    /// Take a set-up's men (`men[n]` for the square of ordinal `n`: a8
    /// first, as the tile interface numbers them), side to move, castling
    /// rights, en passant square (`NO_SQUARE` for none) and clocks, and
    /// check them by the parser's rules: the position with no history, the
    /// en passant square dropped as the parser drops it (kept only while a
    /// capture there is legal), a fullmove number of 0 read as 1.
    /// Exchanged, not copied, so that a refusal can put everything back
    /// without a second 1.2 KB position (a frame the C64 cannot spare):
    /// `Ok` leaves `men` holding the board that was replaced, an `Err`
    /// leaves both as they were.
    pub(crate) fn exchange_placement(
        &mut self,
        men: &mut [Piece; 64],
        (side, castle, ep): (Color, u8, Square),
        (halfmove, fullmove): (u8, u16),
    ) -> Result<(), FenError> {
        let kept = (self.side, self.castle, self.ep, self.kings);
        self.exchange_men(men);
        (self.side, self.castle, self.ep) = (side, castle & CASTLE_ALL, ep);
        let result = self.settle();
        if result.is_err() {
            self.exchange_men(men);
            (self.side, self.castle, self.ep, self.kings) = kept;
        } else {
            // Counted once, for the men that stay: a refusal leaves the
            // old men and their totals standing.
            self.refresh();
            (self.halfmove, self.fullmove, self.hist_top, self.hist_len) = (halfmove, fullmove.max(1), 0, 0);
            // `ep`, not the field (the same, but the compiler cannot see it
            // past the calls): a set-up's none, a constant, takes the test
            // out of its code.
            if ep != NO_SQUARE && !self.ep_capture_exists() {
                self.ep = NO_SQUARE;
            }
        }
        result
    }

    /// The kings found for the men on the board, then the parser's checks,
    /// the totals not yet counted: the side not to move not in check by
    /// its attackers found (the same answer as [`check_rule`]'s attack
    /// test, which reads the totals' phase to skip what a side cannot have).
    fn settle(&mut self) -> Result<(), FenError> {
        self.kings = ByColor::new(NO_SQUARE, NO_SQUARE);
        for n in 0..64 {
            note_king(self, Square::from_ordinal(n))?;
        }
        men_rules(self)?;
        en_passant_rule(self)?;
        let mut scratch = [NO_SQUARE; crate::attacks::MAX_ATTACKERS];
        if self.attackers(self.kings[self.side.other()], self.side, &mut scratch) != 0 {
            return Err(CHECK_ERROR);
        }
        Ok(())
    }

    /// Out of line: a set-up and its refusal share it. By a byte's
    /// ordinal (numbers zipped with the men count in 16 bits).
    #[inline(never)]
    fn exchange_men(&mut self, men: &mut [Piece; 64]) {
        let mut n = 0u8;
        while n < 64 {
            core::mem::swap(&mut self.board[Square::from_ordinal(n).index()], &mut men[n as usize & 63]);
            n += 1;
        }
    }
}

fn parse_castling(text: &str) -> Result<u8, FenError> {
    if text == "-" {
        return Ok(0);
    }
    let mut rights = 0u8;
    for c in text.bytes() {
        let bit = match c {
            b'K' => CASTLE_WK,
            b'Q' => CASTLE_WQ,
            b'k' => CASTLE_BK,
            b'q' => CASTLE_BQ,
            _ => return Err(err(FenField::Castling, "expected - or letters from KQkq")),
        };
        if rights & bit != 0 {
            return Err(err(FenField::Castling, "a right is repeated"));
        }
        rights |= bit;
    }
    Ok(rights)
}

/// The rules the men of any position obey, whatever its history: a king
/// for each side (the parser refuses a second), no pawn on rank 1 or 8,
/// each castling right with its king and rook at home, and an en passant
/// square that a double push of the side not to move could just have
/// crossed. One owner: the parser rejects a FEN with it, and
/// [`Position::is_consistent`] starts with it.
pub(crate) fn placement_rules(pos: &Position) -> Result<(), FenError> {
    men_rules(pos)?;
    en_passant_rule(pos)
}

/// [`placement_rules`] but the en passant square's: all a set-up (which
/// has none) needs.
fn men_rules(pos: &Position) -> Result<(), FenError> {
    if pos.kings[Color::White] == NO_SQUARE || pos.kings[Color::Black] == NO_SQUARE {
        return Err(err(FenField::Board, "each side needs exactly one king"));
    }
    for f in 0..8 {
        if pos.at(Square::new(f, 0)).kind() == PAWN || pos.at(Square::new(f, 7)).kind() == PAWN {
            return Err(err(FenField::Board, "a pawn on rank 1 or 8"));
        }
    }
    // The rights in bit order, by their rooks' homes (a king side's on
    // file h, a queen side's on file a; White's on rank 1, row 7), the
    // king's home on the rook's row: `CASTLE_WK`, `CASTLE_WQ`, `CASTLE_BK`,
    // `CASTLE_BQ`. (Read by a byte's index: the array by value is built
    // on the stack first, and a slice's walk counts in 16 bits.)
    const _: () = assert!(CASTLE_WQ == CASTLE_WK << 1 && CASTLE_BK == CASTLE_WK << 2 && CASTLE_BQ == CASTLE_WK << 3);
    const ROOK_HOMES: [u8; 4] = [0x77, 0x70, 0x07, 0x00];
    let mut right = CASTLE_WK;
    for i in 0..ROOK_HOMES.len() as u8 {
        let rook = ROOK_HOMES[i as usize];
        let c = if rook & 0x70 != 0 { Color::White } else { Color::Black };
        if pos.castle & right != 0
            && (pos.at(Square::from_x88(rook & 0x70 | 4)) != Piece::new(KING, c)
                || pos.at(Square::from_x88(rook)) != Piece::new(ROOK, c))
        {
            return Err(err(FenField::Castling, "a right without its king and rook at home"));
        }
        right <<= 1;
    }
    Ok(())
}

/// The en passant square, if any, one a double push of the side not to
/// move could just have crossed.
fn en_passant_rule(pos: &Position) -> Result<(), FenError> {
    if pos.ep != NO_SQUARE {
        // White to move: Black just pushed from row 1 over `ep` (row 2) to row 3.
        let (ep_row, push): (u8, i8) = if pos.side == Color::White { (2, 16) } else { (5, -16) };
        let pusher = Piece::new(PAWN, pos.side.other());
        if pos.ep.row() != ep_row
            || pos.at(pos.ep) != EMPTY
            || pos.at(pos.ep.step(-push)) != EMPTY
            || pos.at(pos.ep.step(push)) != pusher
        {
            return Err(err(FenField::EnPassant, "no double push could have made this square"));
        }
    }
    Ok(())
}

/// [`placement_rules`], and the side not to move not in check.
fn validate(pos: &mut Position) -> Result<(), FenError> {
    placement_rules(pos)?;
    check_rule(pos)
}

/// The side not to move not in check.
fn check_rule(pos: &mut Position) -> Result<(), FenError> {
    let them = pos.side.other();
    if pos.is_attacked(pos.kings[them], pos.side) {
        return Err(CHECK_ERROR);
    }
    Ok(())
}

/// The refusal of [`check_rule`] and of a set-up's test.
const CHECK_ERROR: FenError = err(FenField::Position, "the side not to move is in check");

/// Formats a position as FEN. Made by [`Position::fen`].
pub struct Fen<'a>(&'a Position);

impl fmt::Display for Fen<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use fmt::Write;
        let pos = self.0;
        for r in 0..8u8 {
            let mut empty = 0u8;
            for file in 0..8u8 {
                let p = pos.at(Square::new(file, r));
                if p == EMPTY {
                    empty += 1;
                    continue;
                }
                if empty > 0 {
                    f.write_char((b'0' + empty) as char)?;
                    empty = 0;
                }
                f.write_char(p.char() as char)?;
            }
            if empty > 0 {
                f.write_char((b'0' + empty) as char)?;
            }
            if r < 7 {
                f.write_char('/')?;
            }
        }
        f.write_str(if pos.side == Color::White { " w " } else { " b " })?;
        if pos.castle == 0 {
            f.write_char('-')?;
        }
        for (bit, c) in [(CASTLE_WK, 'K'), (CASTLE_WQ, 'Q'), (CASTLE_BK, 'k'), (CASTLE_BQ, 'q')] {
            if pos.castle & bit != 0 {
                f.write_char(c)?;
            }
        }
        f.write_char(' ')?;
        if pos.ep == NO_SQUARE {
            f.write_char('-')?;
        } else {
            let name = pos.ep.name();
            f.write_char(name[0] as char)?;
            f.write_char(name[1] as char)?;
        }
        write!(f, " {} {}", pos.halfmove, pos.fullmove)
    }
}
