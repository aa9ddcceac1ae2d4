//! The character set: what every glyph number on the screen means.
//!
//! The screen is a grid of 40 × 25 cells; each cell holds one glyph (8 × 8
//! pixels) and one colour byte (see [`crate::screen`]). Glyph numbers:
//!
//! | glyph | meaning | where the C64 gets the pixels |
//! |---|---|---|
//! | 32..=126 | ASCII text, mixed case | the machine's own lower/upper-case ROM font, at [`screen_code`] |
//! | [`EMPTY_CENTRE`] (128) | blank centre cell of an empty square (text renderings show `.`) | no pixels |
//! | [`SOLID`] (129) | a filled cell | every pixel |
//! | [`PIECE_BASE`] + 9 × (type − 1) + part | part 0..8 (row-major, 3 × 3) of a piece picture, 24 × 24 pixels | [`MEN_FONT`] |
//!
//! A piece is the same picture for both colours: the cell's ink colour makes
//! it White or Black, its paper colour is the square (or a highlight), so one
//! set of 54 cells serves all 12 men on all square colours.
//!
//! The pictures are drawn below as 24 × 24 text art and cut into cells at
//! compile time, so the art in this file *is* the character set.

/// First glyph of the crate's own font (everything below is ASCII text).
pub const CUSTOM_FIRST: u8 = 128;
/// The blank centre cell of an empty square.
pub const EMPTY_CENTRE: u8 = 128;
/// A filled cell.
pub const SOLID: u8 = 129;
/// First glyph of the pawn's picture; each piece type has nine.
pub const PIECE_BASE: u8 = 136;
/// Cells of the men's pictures: six pictures of nine.
pub const MEN_CELLS: usize = 54;

/// The first glyph of each piece type's picture, indexed by type (0 = empty,
/// 1 = pawn .. 6 = king): a table, because the 6502 has no multiply.
pub const PIECE_GLYPH: [u8; 8] = [0, 136, 145, 154, 163, 172, 181, 0];

/// The first glyph of piece type `kind`'s picture (`kind` 0..=6), 0 for
/// none (an empty square): [`PIECE_GLYPH`]'s, nine a type from the pawn's,
/// by a shift and adds, so that the program has no table for it.
#[inline(always)]
pub const fn first_glyph(kind: u8) -> u8 {
    if kind == 0 {
        0
    } else {
        PIECE_BASE - 9 + (kind << 3) + kind
    }
}
const _: () = {
    let mut kind = 0;
    while kind < 7 {
        assert!(first_glyph(kind as u8) == PIECE_GLYPH[kind]);
        kind += 1;
    }
};

/// Column (0..2) of each of a square's nine parts, part = row × 3 + column.
pub const PART_COL: [u8; 9] = [0, 1, 2, 0, 1, 2, 0, 1, 2];
/// Row (0..2) of each of a square's nine parts.
pub const PART_ROW: [u8; 9] = [0, 0, 0, 1, 1, 1, 2, 2, 2];
/// The part that is the middle of a square.
pub const CENTRE_PART: u8 = 4;

type Art = [&'static [u8; 24]; 24];

const PAWN_ART: Art = [
    b"........................",
    b"........................",
    b"........................",
    b"........................",
    b"........................",
    b"..........####..........",
    b".........######.........",
    b"........########........",
    b"........########........",
    b".........######.........",
    b"..........####..........",
    b"........########........",
    b"..........####..........",
    b"..........####..........",
    b".........######.........",
    b"........########........",
    b".......##########.......",
    b"......############......",
    b"........................",
    b".....##############.....",
    b".....##############.....",
    b"........................",
    b"........................",
    b"........................",
];

const KNIGHT_ART: Art = [
    b"........................",
    b"........................",
    b"...........#.#..........",
    b"..........######........",
    b".........########.......",
    b"........##########......",
    b".......###.########.....",
    b"......#############.....",
    b".....###############....",
    b"....################....",
    b"....######..########....",
    b".....###...#########....",
    b"..........##########....",
    b".........##########.....",
    b"........###########.....",
    b".......###########......",
    b".......###########......",
    b"......#############.....",
    b"........................",
    b"....################....",
    b"....################....",
    b"........................",
    b"........................",
    b"........................",
];

const BISHOP_ART: Art = [
    b"........................",
    b"........................",
    b"...........##...........",
    b"..........####..........",
    b"...........##...........",
    b"..........####..........",
    b".........######.........",
    b"........####.###........",
    b"........###.####........",
    b"........##.#####........",
    b"........########........",
    b".........######.........",
    b"..........####..........",
    b"........########........",
    b"..........####..........",
    b"..........####..........",
    b".........######.........",
    b"........########........",
    b"........................",
    b".....##############.....",
    b".....##############.....",
    b"........................",
    b"........................",
    b"........................",
];

const ROOK_ART: Art = [
    b"........................",
    b"........................",
    b"........................",
    b".....###..####..###.....",
    b".....###..####..###.....",
    b".....##############.....",
    b".....##############.....",
    b"........................",
    b".......##########.......",
    b".......##########.......",
    b".......##########.......",
    b".......##########.......",
    b".......##########.......",
    b".......##########.......",
    b".......##########.......",
    b"........................",
    b"......############......",
    b".....##############.....",
    b"........................",
    b"....################....",
    b"....################....",
    b"........................",
    b"........................",
    b"........................",
];

const QUEEN_ART: Art = [
    b"........................",
    b"........................",
    b"...##......##......##...",
    b"...##.....####.....##...",
    b"....#......##......#....",
    b"....##.....##.....##....",
    b"....###...####...###....",
    b".....###..####..###.....",
    b".....##############.....",
    b".....##############.....",
    b"......############......",
    b"........................",
    b".......##########.......",
    b"........########........",
    b"........########........",
    b"........########........",
    b".......##########.......",
    b"......############......",
    b"........................",
    b"....################....",
    b"....################....",
    b"........................",
    b"........................",
    b"........................",
];

const KING_ART: Art = [
    b"........................",
    b"...........##...........",
    b".........######.........",
    b"...........##...........",
    b"...........##...........",
    b"..........####..........",
    b"...####..######..####...",
    b"..######.######.######..",
    b"..####################..",
    b"..####################..",
    b"...##################...",
    b"....################....",
    b"........................",
    b"......############......",
    b".......##########.......",
    b".......##########.......",
    b"......############......",
    b"......############......",
    b"........................",
    b"....################....",
    b"....################....",
    b"........................",
    b"........................",
    b"........................",
];

/// A picture as pixels.
const fn pixels_of(art: &Art) -> Art24 {
    let mut out = [[false; 24]; 24];
    let mut y = 0;
    while y < 24 {
        let mut x = 0;
        while x < 24 {
            out[y][x] = ink(art, x, y);
            x += 1;
        }
        y += 1;
    }
    out
}

/// A picture's outline: its pixels with a clear neighbour above, below, left
/// or right (outside the picture counts as clear), so the man's own paper
/// lines (a collar, an eye) are edged too.
const fn outline_of(art: &Art) -> Art24 {
    let mut out = [[false; 24]; 24];
    let mut y = 0;
    while y < 24 {
        let mut x = 0;
        while x < 24 {
            let inside = x > 0
                && y > 0
                && x < 23
                && y < 23
                && ink(art, x - 1, y)
                && ink(art, x + 1, y)
                && ink(art, x, y - 1)
                && ink(art, x, y + 1);
            out[y][x] = ink(art, x, y) && !inside;
            x += 1;
        }
        y += 1;
    }
    out
}

const fn ink(art: &Art, x: usize, y: usize) -> bool {
    art[y][x] == b'#'
}

/// A picture as pixels.
type Art24 = [[bool; 24]; 24];

/// Cut a 24 × 24 picture into its nine cells (row-major), bit 7 = leftmost pixel.
const fn cut(art: &Art24) -> [[u8; 8]; 9] {
    let mut out = [[0u8; 8]; 9];
    let mut part = 0;
    while part < 9 {
        let (pr, pc) = (part / 3, part % 3);
        let mut y = 0;
        while y < 8 {
            let mut byte = 0u8;
            let mut x = 0;
            while x < 8 {
                if art[pr * 8 + y][pc * 8 + x] {
                    byte |= 0x80 >> x;
                }
                x += 1;
            }
            out[part][y] = byte;
            y += 1;
        }
        part += 1;
    }
    out
}

const fn build_outlines() -> [[u8; 8]; 54] {
    let mut font = [[0u8; 8]; 54];
    let mut kind = 0;
    while kind < 6 {
        let cells = cut(&outline_of(ARTS[kind]));
        let mut part = 0;
        while part < 9 {
            font[kind * 9 + part] = cells[part];
            part += 1;
        }
        kind += 1;
    }
    font
}

/// The six pictures, pawn to king.
const ARTS: [&Art; 6] = [&PAWN_ART, &KNIGHT_ART, &BISHOP_ART, &ROOK_ART, &QUEEN_ART, &KING_ART];

/// The men's cells in outline (the C64 draws White's men so: `crate::charset`),
/// in the order of [`MEN_FONT`].
pub static OUTLINE_FONT: [[u8; 8]; 54] = build_outlines();

const fn build_men() -> [[u8; 8]; MEN_CELLS] {
    let mut font = [[0u8; 8]; MEN_CELLS];
    let mut kind = 0;
    while kind < 6 {
        let cells = cut(&pixels_of(ARTS[kind]));
        let first = (PIECE_GLYPH[kind + 1] - PIECE_BASE) as usize;
        let mut part = 0;
        while part < 9 {
            font[first + part] = cells[part];
            part += 1;
        }
        kind += 1;
    }
    font
}

/// Pixels of the men's cells, glyphs [`PIECE_BASE`].. (8 bytes each, top
/// row first, bit 7 leftmost).
pub static MEN_FONT: [[u8; 8]; MEN_CELLS] = build_men();

/// The men's cells of the C64's character set as it holds them, before
/// its inversion: [`MEN_FONT`] (Black's men), then [`OUTLINE_FONT`]
/// (White's). A constant, not a static: a program keeps its bytes only
/// where it places them (the C64 game: in RAM it hands to its user
/// interface once the set is built, `c64/src/bin/prg.rs`).
pub const SET_MEN: [[u8; 8]; 2 * MEN_CELLS] = {
    let (men, outlines) = (build_men(), build_outlines());
    let mut cells = [[0u8; 8]; 2 * MEN_CELLS];
    let mut i = 0;
    while i < MEN_CELLS {
        cells[i] = men[i];
        cells[MEN_CELLS + i] = outlines[i];
        i += 1;
    }
    cells
};

/// The pixels of one of the crate's own glyphs ([`CUSTOM_FIRST`]..): blank
/// for [`EMPTY_CENTRE`] and every glyph without a meaning, all set for
/// [`SOLID`], a man's cell from [`MEN_FONT`].
pub fn custom_pixels(glyph: u8) -> [u8; 8] {
    match piece_part(glyph) {
        Some(_) => MEN_FONT[(glyph - PIECE_BASE) as usize],
        None if glyph == SOLID => [0xFF; 8],
        None => [0; 8],
    }
}

/// The piece type (1..=6) and part (0..=8) a glyph draws, if it is a piece cell.
pub const fn piece_part(glyph: u8) -> Option<(u8, u8)> {
    if glyph < PIECE_BASE || glyph >= PIECE_BASE + 54 {
        return None;
    }
    let i = glyph - PIECE_BASE;
    Some((i / 9 + 1, i % 9))
}

/// The C64 screen code of an ASCII text glyph (32..=126) in the lower/upper-case
/// ROM character set (the one selected by `$D018 = $17`, at `$D800` in the
/// character ROM): the glue copies `rom[screen_code(c) * 8..][..8]` for each
/// text glyph `c` once at start-up.
pub const fn screen_code(ascii: u8) -> u8 {
    match ascii {
        32..=63 | b'A'..=b'Z' => ascii,
        b'@' | b'[' | b']' => ascii - 64,
        b'a'..=b'z' => ascii - 96,
        // The rest of ASCII (\ ^ _ ` { | } ~) is not used by the UI: blank.
        _ => 32,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn piece_tables_agree() {
        for kind in 1..=6u8 {
            let first = PIECE_GLYPH[kind as usize];
            for part in 0..9u8 {
                assert_eq!(piece_part(first + part), Some((kind, part)));
            }
        }
        assert_eq!(piece_part(PIECE_BASE - 1), None);
        assert_eq!(piece_part(PIECE_BASE + 54), None);
        assert!(PIECE_BASE >= CUSTOM_FIRST && PIECE_BASE as usize + MEN_CELLS <= 256);
    }

    #[test]
    fn every_piece_has_ink_in_its_centre_and_pictures_differ() {
        for kind in 1..=6usize {
            let centre = custom_pixels(PIECE_GLYPH[kind] + CENTRE_PART);
            assert!(centre.iter().any(|&b| b != 0), "type {kind}");
            for other in kind + 1..=6 {
                let a = &MEN_FONT[(PIECE_GLYPH[kind] - PIECE_BASE) as usize..][..9];
                let b = &MEN_FONT[(PIECE_GLYPH[other] - PIECE_BASE) as usize..][..9];
                assert_ne!(a, b);
            }
        }
    }

    #[test]
    fn screen_codes_of_text() {
        assert_eq!(screen_code(b' '), 32);
        assert_eq!(screen_code(b'0'), 48);
        assert_eq!(screen_code(b'a'), 1);
        assert_eq!(screen_code(b'z'), 26);
        assert_eq!(screen_code(b'A'), 65);
        assert_eq!(screen_code(b'@'), 0);
    }
}
