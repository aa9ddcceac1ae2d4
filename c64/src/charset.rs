//! The C64's character screen: how a cell of the [`Screen`](crate::Screen)
//! (a glyph, an ink and a paper colour) becomes one screen code and one
//! colour-RAM nybble, and what the 255 characters of the glue's RAM
//! character set hold.
//!
//! The C64 shows the UI in hi-res character mode: every cell has its own
//! colour (the colour RAM) where a glyph's bit is set and the one
//! background colour, black, where it is clear. That is two colours a cell,
//! one of them black, so a cell is drawn exactly when its ink or its paper
//! is black:
//!
//! * paper black (all text off the board): the glyph as it is, in the ink;
//! * ink black (Black's men, the highlighted menu item, Black's attack
//!   count): the glyph inverted, in the paper;
//! * a cell without ink pixels (a space, an empty square): solid, in the paper.
//!
//! That leaves White's men, whose ink is white: they are drawn as a chess
//! diagram draws them, in outline. Their cells show the paper inside the
//! man and black on its edge ([`OUTLINE_FONT`](crate::glyphs::OUTLINE_FONT)), so on every square and under
//! every highlight both colours keep their shape and every paper colour of
//! docs/ui.md is shown as it is. A cell that is none of these (never drawn
//! by the UI: a test walks its screens) keeps its glyph and ink and loses
//! its paper.
//!
//! | codes | characters |
//! |---|---|
//! | 0..=94 | ASCII 32..=126 from the ROM's lower/upper-case set ([`screen_code`]) |
//! | [`FILLED`] (95) | every bit set: the ROM's space, inverted |
//! | 96..=149 | the 54 man cells, inverted: Black's men |
//! | 150..=203 | the 54 man cells in outline, inverted: White's men |
//! | 204.. | [`INVERSE_TEXT`], inverted |
//!
//! Code 255 is never used: its 8 bytes would be `$FFF8-$FFFF`, where the
//! CPU's vectors are.

use crate::glyphs::{custom_pixels, piece_part, screen_code, CUSTOM_FIRST, PIECE_BASE, SET_MEN, SOLID};
use crate::screen::colour::BLACK;

/// A cell as the C64 stores it: the screen code and its colour (0..15).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cell {
    /// The byte for the screen matrix.
    pub code: u8,
    /// The nybble for the colour RAM.
    pub colour: u8,
}

/// The character with every bit set.
pub const FILLED: u8 = 95;
/// The first of Black's men's cells.
const BLACK_MEN: u8 = 96;
/// The first of White's men's cells (outlines).
const WHITE_MEN: u8 = 150;
/// The first inverted text character.
const INVERSE: u8 = 204;
/// The text the UI draws in black ink on a colour: the highlighted menu and
/// chooser item (its `>`, words, level digit) and Black's attack counts.
pub const INVERSE_TEXT: &[u8] = b">+0123456789BCFHKLNPQRUWabcdefghiklmnoprstuvwy";
/// Characters in the set: codes 0..CODES.
pub const CODES: u8 = INVERSE + INVERSE_TEXT.len() as u8;
const _: () = assert!(INVERSE as usize + INVERSE_TEXT.len() <= 255, "code 255 would overlap the CPU's vectors");

/// The screen code and colour that show `glyph` in `attr` (`ink << 4 | paper`).
pub fn cell(glyph: u8, attr: u8) -> Cell {
    let (ink, paper) = (attr >> 4, attr & 15);
    if piece_part(glyph).is_some() {
        let first = if ink == BLACK { BLACK_MEN } else { WHITE_MEN };
        return Cell { code: first + (glyph - PIECE_BASE), colour: paper };
    }
    if glyph == SOLID {
        return Cell { code: FILLED, colour: ink };
    }
    if !(33..=126).contains(&glyph) {
        // A space, an empty square's centre, anything undefined: no ink.
        return Cell { code: FILLED, colour: paper };
    }
    if paper == BLACK {
        return Cell { code: glyph - 32, colour: ink };
    }
    if ink == BLACK {
        // By a byte's index (a slice's search counts in 16 bits).
        let mut i = 0u8;
        while (i as usize) < INVERSE_TEXT.len() {
            if INVERSE_TEXT[i as usize] == glyph {
                return Cell { code: INVERSE + i, colour: paper };
            }
            i += 1;
        }
    }
    Cell { code: glyph - 32, colour: ink }
}

/// The ASCII text `code` shows when [`cell`] made it for text on black
/// paper: a blank for every other code (the drive build copies its figures
/// to the ROM's text screen with it).
pub fn text_of(code: u8) -> u8 {
    if code < FILLED {
        code + 32
    } else {
        b' '
    }
}

/// Where the 8 bytes of a character come from (the glue reads them there
/// and [`pattern`] through its two functions), before [`source`]'s
/// inversion.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    /// The ROM's lower/upper-case character of this screen code.
    Rom(u8),
    /// The men's cell `i` (below 108): [`SET_MEN`]`[i]`.
    Man(u8),
}

/// Where character `code` (below [`CODES`]) comes from, and the mask its
/// bytes are XORed with (0, or 0xFF for an inverted one). A code up to
/// [`FILLED`] is the ROM's character for ASCII `code + 32`; [`FILLED`]'s,
/// 127, has the space's screen code ([`screen_code`] blanks what the UI
/// does not use), inverted: a space has no bit set, so every bit is.
pub fn source(code: u8) -> (Source, u8) {
    // One read of the ROM or of a man's cell, then one inversion: on the
    // 6502 every arm of a wider match is its own copy of the loops.
    let from = if !(BLACK_MEN..INVERSE).contains(&code) {
        let ascii = if code <= FILLED { code + 32 } else { inverse_text(code) };
        Source::Rom(screen_code(ascii))
    } else {
        Source::Man(code - BLACK_MEN)
    };
    (from, if code < FILLED { 0 } else { 0xFF })
}

/// The letter inverted character `code` (from [`INVERSE`], below
/// [`CODES`]) shows; a blank past them (none asks: no bounds check, and
/// with it no abort, in the start-up's code).
fn inverse_text(code: u8) -> u8 {
    INVERSE_TEXT.get((code - INVERSE) as usize).copied().unwrap_or(b' ')
}

/// The 8 bytes of character `code` (top row first, bit 7 leftmost), given
/// the ROM's lower/upper-case set as `rom(screen code)` and the men's
/// cells as `men(i)`, `i` below 108: [`SET_MEN`]`[i]` (a set without men
/// never calls it): what [`source`] says. `code` must be below [`CODES`].
/// The glue writes all of them once at start-up, from [`source`] itself.
pub fn pattern(code: u8, rom: impl Fn(u8) -> [u8; 8], men: impl Fn(u8) -> [u8; 8]) -> [u8; 8] {
    let (from, flip) = source(code);
    let bytes = match from {
        Source::Rom(screen) => rom(screen),
        Source::Man(i) => men(i),
    };
    bytes.map(|b| b ^ flip)
}

/// [`SET_MEN`]`[i]`: the `men` of [`pattern`] on the host.
pub fn set_men(i: u8) -> [u8; 8] {
    SET_MEN[i as usize]
}

/// Whether the C64 shows `glyph` in `attr` exactly as the abstract screen
/// means it, pixel for pixel, with `rom` as the ROM's character set.
pub fn exact(glyph: u8, attr: u8, rom: impl Fn(u8) -> [u8; 8] + Copy) -> bool {
    (0..8).all(|y| (0..8).all(|x| shown(glyph, attr, x, y, rom) == wanted(glyph, attr, x, y, rom)))
}

/// Whether the C64 shows the cell as this module promises: exactly, or
/// for a cell of a man in a colour other than black, every pixel in the
/// paper but where the man has ink, which is the paper or black (its
/// outline). The UI's tests ask it of every cell they draw.
pub fn faithful(glyph: u8, attr: u8, rom: impl Fn(u8) -> [u8; 8] + Copy) -> bool {
    let (ink, paper) = (attr >> 4, attr & 15);
    if piece_part(glyph).is_none() || ink == BLACK {
        return exact(glyph, attr, rom);
    }
    (0..8).all(|y| {
        (0..8).all(|x| {
            let s = shown(glyph, attr, x, y, rom);
            s == paper || (s == BLACK && wanted(glyph, attr, x, y, rom) == ink)
        })
    })
}

/// The colour of pixel (x, y) of a cell as the abstract screen means it:
/// the ink where the glyph has a pixel, else the paper.
fn wanted(glyph: u8, attr: u8, x: u8, y: u8, rom: impl Fn(u8) -> [u8; 8]) -> u8 {
    let bits = match glyph {
        32..=126 => rom(screen_code(glyph)),
        CUSTOM_FIRST.. => custom_pixels(glyph),
        _ => [0; 8],
    };
    if bits[y as usize] & (0x80 >> x) != 0 {
        attr >> 4
    } else {
        attr & 15
    }
}

/// The colour the C64 shows at pixel (x, y) of the cell.
fn shown(glyph: u8, attr: u8, x: u8, y: u8, rom: impl Fn(u8) -> [u8; 8]) -> u8 {
    let c = cell(glyph, attr);
    if c.code < CODES && pattern(c.code, rom, set_men)[y as usize] & (0x80 >> x) != 0 {
        c.colour
    } else {
        BLACK
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::glyphs::{EMPTY_CENTRE, MEN_FONT, OUTLINE_FONT};
    use crate::screen::colour::*;

    /// A stand-in for the ROM: a blank space and a distinct, non-blank
    /// pattern for every other screen code.
    fn rom(code: u8) -> [u8; 8] {
        if code == 32 {
            return [0; 8];
        }
        let mut x = (code as u32).wrapping_mul(2_654_435_761) | 1;
        [0u8; 8].map(|_| {
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
            x as u8 | 0x10
        })
    }

    fn exact(glyph: u8, attr: u8) -> bool {
        super::exact(glyph, attr, rom)
    }

    /// The colour the C64 shows there.
    fn shown(glyph: u8, attr: u8, x: u8, y: u8) -> u8 {
        assert!(cell(glyph, attr).code < CODES);
        super::shown(glyph, attr, x, y, rom)
    }

    #[test]
    fn text_on_black_and_black_on_colour_are_exact() {
        for glyph in 32..=126u8 {
            for ink in 0..16u8 {
                assert!(exact(glyph, ink << 4 | BLACK), "{glyph} in {ink} on black");
            }
        }
        for &glyph in INVERSE_TEXT {
            for paper in 0..16u8 {
                assert!(exact(glyph, BLACK << 4 | paper), "{glyph} black on {paper}");
            }
        }
        // A letter the list lacks keeps its ink and loses the paper.
        assert!(!exact(b'z', BLACK << 4 | WHITE));
    }

    #[test]
    fn black_men_and_blank_cells_are_exact_on_every_paper() {
        for paper in 0..16u8 {
            for glyph in PIECE_BASE..PIECE_BASE + 54 {
                assert!(exact(glyph, BLACK << 4 | paper), "man cell {glyph} on {paper}");
            }
            for ink in 0..16u8 {
                assert!(exact(b' ', ink << 4 | paper) && exact(EMPTY_CENTRE, ink << 4 | paper));
                assert!(exact(SOLID, paper << 4 | ink));
            }
        }
    }

    #[test]
    fn white_men_are_outlines_in_black_with_the_paper_inside() {
        for paper in [LIGHT_GREY, DARK_GREY, GREEN, CYAN] {
            let mut edge = 0;
            for glyph in PIECE_BASE..PIECE_BASE + 54 {
                let attr = WHITE << 4 | paper;
                assert!(faithful(glyph, attr, rom) && !exact(glyph, attr) || !has_ink(glyph), "{glyph}");
                for y in 0..8 {
                    edge += (0..8).filter(|&x| shown(glyph, attr, x, y) == BLACK).count();
                }
            }
            assert!(edge > 6 * 40, "every man has an edge: {edge} pixels");
        }
        // Not faithful: a man's cell drawn solid in white's place.
        assert!(!faithful(b'A', WHITE << 4 | LIGHT_GREY, rom));
    }

    fn has_ink(glyph: u8) -> bool {
        custom_pixels(glyph) != [0; 8]
    }

    #[test]
    fn an_outline_is_the_edge_of_the_picture() {
        // The pawn's top row of ink (picture row 5, columns 10..14) is all
        // edge; a pixel inside its body (row 8, column 12) is not.
        let pawn = PIECE_BASE - PIECE_BASE; // cell index of the pawn's part 0
        let top_middle = OUTLINE_FONT[pawn as usize + 1]; // part 1: columns 8..16, rows 0..8
        assert_eq!(top_middle[5], 0b0011_1100, "row 5: columns 10-13 are edge");
        assert_eq!(top_middle[8 - 1] & 0b0000_1000, 0, "row 7, column 12: inside the head");
        assert_ne!(MEN_FONT[pawn as usize + 1][7] & 0b0000_1000, 0, "but ink");
    }

    #[test]
    fn text_on_black_reads_back() {
        for glyph in 32..=126u8 {
            assert_eq!(text_of(cell(glyph, WHITE << 4 | BLACK).code), glyph, "{glyph}");
        }
        assert_eq!(text_of(cell(b'B', BLACK << 4 | WHITE).code), b' ', "inverted text is not text on black");
        assert_eq!(text_of(FILLED), b' ');
    }

    #[test]
    fn the_set_has_room_and_every_code_is_defined() {
        assert_eq!(CODES, 250);
        for code in 0..CODES {
            pattern(code, rom, set_men);
        }
        assert_eq!(pattern(FILLED, rom, set_men), [0xFF; 8]);
        assert_eq!(pattern(b'A' - 32, rom, set_men), rom(screen_code(b'A')));
        // Black's men, then White's outlines, inverted.
        assert_eq!(pattern(BLACK_MEN, rom, set_men), MEN_FONT[0].map(|b| !b));
        assert_eq!(pattern(WHITE_MEN + 53, rom, set_men), OUTLINE_FONT[53].map(|b| !b));
    }
}
