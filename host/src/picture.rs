//! `picture`: the C64's screen as a 320 × 200 PNG, made from exactly the
//! bytes the C64 glue (`c64/src/bin/prg.rs`) writes.
//!
//! The glue shows the UI in hi-res character mode over a black background:
//! at start-up it builds the RAM character set with
//! [`c64::charset::pattern`] (the ROM's lower/upper-case characters, the
//! men's cells from [`c64::charset::set_men`]) and fills the screen with
//! [`FILLED`] in black; each `Screen::put` then stores
//! [`c64::charset::cell`]'s screen code in the screen matrix and its colour
//! in the colour RAM. [`Vic`] holds those three memories, written by the
//! same calls, and reads them back as the VIC-II does: a pixel whose bit is
//! set in the cell's character shows the cell's colour-RAM nybble, any other
//! pixel the background, black. Nothing of the UI's drawing is done again
//! here.
//!
//! Two things stand in for the real machine:
//!
//! * **The character ROM.** Its bytes are copyrighted, so the text is drawn
//!   in Daniel Hepper's public-domain 8 × 8 font font8x8 (from the
//!   `font8x8` crate's tables, MIT; [`rom`]): the letters look like a PC's,
//!   not a C64's, but sit in the same cells, inverted where the C64 inverts
//!   them, in the same colours. The men, the squares and every colour are
//!   the program's own ([`c64::glyphs`], [`c64::charset`]), pixel for pixel.
//! * **The colours.** The VIC-II's 16 as Philip "Pepto" Timmermann
//!   calculated them for a PAL machine ("Calculating the Color Palette of
//!   the VIC II", 2001; the `pepto-pal` palette VICE ships): [`PEPTO`].
//!
//! A picture is the display window alone (no border), 320 × 200 square
//! pixels, stored as a 16-colour indexed PNG whose palette is [`PEPTO`].
//!
//! ```text
//! c64chess picture game docs/pictures/game.png
//! ```

mod scenes;

use std::process::ExitCode;

use c64::charset::{cell, pattern, set_men, CODES, FILLED};
use c64::screen::{cell_offset, colour, COLS, ROWS};
use c64::{Screen, ScreenBuffer};
use clap::Args;

pub use scenes::Scene;

/// Pixels across.
pub const WIDTH: usize = 320;
/// Pixels down.
pub const HEIGHT: usize = 200;

/// The VIC-II's colours as sRGB, by C64 colour number: Pepto's PAL palette
/// (2001), as in VICE's `pepto-pal.vpl`.
pub const PEPTO: [[u8; 3]; 16] = [
    [0x00, 0x00, 0x00], // 0 black
    [0xFF, 0xFF, 0xFF], // 1 white
    [0x68, 0x37, 0x2B], // 2 red
    [0x70, 0xA4, 0xB2], // 3 cyan
    [0x6F, 0x3D, 0x86], // 4 purple
    [0x58, 0x8D, 0x43], // 5 green
    [0x35, 0x28, 0x79], // 6 blue
    [0xB8, 0xC7, 0x6F], // 7 yellow
    [0x6F, 0x4F, 0x25], // 8 orange
    [0x43, 0x39, 0x00], // 9 brown
    [0x9A, 0x67, 0x59], // 10 light red
    [0x44, 0x44, 0x44], // 11 dark grey
    [0x6C, 0x6C, 0x6C], // 12 grey
    [0x9A, 0xD2, 0x84], // 13 light green
    [0x6C, 0x5E, 0xB5], // 14 light blue
    [0x95, 0x95, 0x95], // 15 light grey
];

/// A stand-in for the C64's lower/upper-case character ROM: the character
/// with screen code `code` (what the glue's `rom` reads at `$D800 + code *
/// 8`), drawn from the public-domain font8x8 (the real ROM's bytes are
/// copyrighted): the ROM's `@`, `a`-`z`, `[`, `]`, punctuation, digits and
/// `A`-`Z` at their screen codes ([`c64::glyphs::screen_code`]). What the
/// UI never writes (`£`, `↑`, `←`, the graphics characters) is blank here.
pub fn rom(code: u8) -> [u8; 8] {
    let ascii = match code {
        0 => b'@',
        1..=26 => code + 96,
        27 => b'[',
        29 => b']',
        32..=63 | 65..=90 => code,
        _ => b' ',
    };
    // font8x8 keeps the leftmost pixel in bit 0; the VIC-II reads bit 7 first.
    font8x8::legacy::BASIC_LEGACY[ascii as usize].map(u8::reverse_bits)
}

/// The C64's video memories as the glue leaves them: the screen matrix,
/// the colour RAM and the RAM character set, written only through the
/// glue's own calls (`charset::pattern` at start-up, `charset::cell` for
/// each `Screen::put`).
pub struct Vic {
    /// The screen matrix (`$F400`): a screen code a cell.
    matrix: [u8; 1000],
    /// The colour RAM (`$D800`): a nybble a cell.
    colour: [u8; 1000],
    /// The character set (`$F800`): 8 bytes a code. Codes from
    /// [`CODES`] on are never built (nor drawn): zero here.
    charset: [[u8; 8]; 256],
}

impl Default for Vic {
    fn default() -> Self {
        Vic::new()
    }
}

impl Vic {
    /// The screen as the glue's `char_screen` leaves it: every character
    /// of the set built, every cell [`FILLED`] in black.
    pub fn new() -> Vic {
        let mut charset = [[0; 8]; 256];
        for code in 0..CODES {
            charset[code as usize] = pattern(code, rom, set_men);
        }
        Vic { matrix: [FILLED; 1000], colour: [colour::BLACK; 1000], charset }
    }

    /// The C64 after the UI drew `screen`: each of its cells put as the
    /// glue puts it.
    pub fn showing(screen: &ScreenBuffer) -> Vic {
        let mut vic = Vic::new();
        for row in 0..ROWS {
            for col in 0..COLS {
                vic.put(col, row, screen.glyph(col, row), screen.attr(col, row));
            }
        }
        vic
    }

    /// The colour numbers of the display window, row by row, as the VIC-II
    /// shows them in hi-res character mode with a black background.
    pub fn pixels(&self) -> Vec<u8> {
        character_mode(&self.matrix, &self.colour, &self.charset, colour::BLACK)
    }
}

impl Screen for Vic {
    /// What the glue's `Chars::put` does, into these memories.
    fn put(&mut self, col: u8, row: u8, glyph: u8, attr: u8) {
        if col >= COLS || row >= ROWS {
            return;
        }
        let at = cell_offset(col, row) as usize;
        let c = cell(glyph, attr);
        self.matrix[at] = c.code;
        self.colour[at] = c.colour;
    }
}

/// The display window in hi-res character mode, as the VIC-II draws it:
/// 320 × 200 colour numbers, row by row; each cell's character (`codes`,
/// 40 a row, into `charset`) in its colour-RAM nybble where a bit is set,
/// `background` elsewhere. `Vic` and the emulated C64's screen
/// (`crate::emulate::screen`) both draw through it.
pub fn character_mode(codes: &[u8; 1000], colours: &[u8; 1000], charset: &[[u8; 8]; 256], background: u8) -> Vec<u8> {
    let mut out = vec![background; WIDTH * HEIGHT];
    for (at, (&code, &ink)) in codes.iter().zip(colours).enumerate() {
        let (row, col) = (at / COLS as usize, at % COLS as usize);
        for (y, bits) in charset[code as usize].into_iter().enumerate() {
            for x in 0..8 {
                if bits & (0x80 >> x) != 0 {
                    out[(row * 8 + y) * WIDTH + col * 8 + x] = ink & 15;
                }
            }
        }
    }
    out
}

/// The screen as the C64 shows it: 320 × 200 colour numbers, row by row.
pub fn render(screen: &ScreenBuffer) -> Vec<u8> {
    Vic::showing(screen).pixels()
}

/// Colour numbers (320 × 200) as a PNG: 4 bits a pixel, [`PEPTO`] as its
/// palette, with `title` as its description.
pub fn encode_png(pixels: &[u8], title: &str) -> Vec<u8> {
    assert_eq!(pixels.len(), WIDTH * HEIGHT, "a picture is 320 x 200");
    let mut bytes = Vec::new();
    let mut encoder = png::Encoder::new(&mut bytes, WIDTH as u32, HEIGHT as u32);
    encoder.set_color(png::ColorType::Indexed);
    encoder.set_depth(png::BitDepth::Four);
    encoder.set_palette(PEPTO.concat());
    encoder.set_compression(png::Compression::High);
    // Writing to memory fails only on a bug here (a bad size or keyword).
    encoder.add_text_chunk("Title".into(), title.into()).expect("a PNG text chunk");
    let mut writer = encoder.write_header().expect("a PNG header in memory");
    let packed: Vec<u8> = pixels.chunks(2).map(|pair| pair[0] << 4 | pair[1]).collect();
    writer.write_image_data(&packed).expect("320 x 200 pixels in memory");
    writer.finish().expect("a PNG in memory");
    bytes
}

/// `c64chess picture` options.
#[derive(Args, Debug)]
#[command(after_help = "\
The text is drawn in a public-domain 8x8 font standing in for the C64's
character ROM; the colours are Pepto's PAL palette.

Examples:
  c64chess picture game docs/pictures/game.png     a game in progress
  c64chess picture menu menu.png                   the menu")]
pub struct PictureArgs {
    /// The screen to draw.
    #[arg(value_enum)]
    scene: Scene,
    /// The PNG file to write (replaced if it exists).
    file: std::path::PathBuf,
}

/// Draw the scene and write it; a file that cannot be written is an error
/// (status 1).
pub fn run(args: PictureArgs) -> ExitCode {
    let screen = args.scene.screen();
    let png = encode_png(&render(&screen), &args.scene.title());
    match std::fs::write(&args.file, &png) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: cannot write {}: {e}", args.file.display());
            ExitCode::FAILURE
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use c64::glyphs::{screen_code, EMPTY_CENTRE, PIECE_GLYPH, SET_MEN};
    use c64::screen::attr;
    use c64::screen::colour::*;

    /// The pixels of one cell.
    fn cell_pixels(pixels: &[u8], col: usize, row: usize) -> [[u8; 8]; 8] {
        let mut out = [[0; 8]; 8];
        for (y, line) in out.iter_mut().enumerate() {
            for (x, p) in line.iter_mut().enumerate() {
                *p = pixels[(row * 8 + y) * WIDTH + col * 8 + x];
            }
        }
        out
    }

    /// A character's bits drawn in `ink` on `paper`.
    fn drawn(bits: [u8; 8], ink: u8, paper: u8) -> [[u8; 8]; 8] {
        bits.map(|b| core::array::from_fn(|x| if b & (0x80 >> x) != 0 { ink } else { paper }))
    }

    #[test]
    fn a_blank_screen_is_black() {
        assert!(render(&ScreenBuffer::new()).iter().all(|&c| c == BLACK));
        assert!(Vic::new().pixels().iter().all(|&c| c == BLACK), "the glue's start: FILLED in black");
    }

    #[test]
    fn text_men_and_squares_show_as_the_c64_draws_them() {
        let mut screen = ScreenBuffer::new();
        let king = PIECE_GLYPH[6];
        screen.put(0, 0, b'A', attr(YELLOW, BLACK));
        screen.put(1, 0, EMPTY_CENTRE, attr(WHITE, LIGHT_GREY));
        screen.put(2, 0, king + 4, attr(BLACK, DARK_GREY));
        screen.put(3, 0, king + 4, attr(WHITE, LIGHT_GREY));
        screen.put(4, 0, b'B', attr(BLACK, GREEN));
        screen.put(39, 24, b'z', attr(LIGHT_BLUE, BLACK));
        let pixels = render(&screen);
        assert_eq!(
            cell_pixels(&pixels, 0, 0),
            drawn(rom(screen_code(b'A')), YELLOW, BLACK),
            "text: the ROM's character"
        );
        assert_eq!(cell_pixels(&pixels, 1, 0), [[LIGHT_GREY; 8]; 8], "an empty square's middle: solid paper");
        let men = (king - c64::glyphs::PIECE_BASE + 4) as usize;
        assert_eq!(
            cell_pixels(&pixels, 2, 0),
            drawn(SET_MEN[men], BLACK, DARK_GREY),
            "Black's man: the picture in black"
        );
        assert_eq!(
            cell_pixels(&pixels, 3, 0),
            drawn(SET_MEN[54 + men], BLACK, LIGHT_GREY),
            "White's man: its outline in black, the paper inside"
        );
        assert_eq!(cell_pixels(&pixels, 4, 0), drawn(rom(screen_code(b'B')), BLACK, GREEN), "inverted text");
        assert_eq!(cell_pixels(&pixels, 39, 24), drawn(rom(screen_code(b'z')), LIGHT_BLUE, BLACK), "the last cell");
    }

    #[test]
    fn the_stand_in_rom_has_every_character_the_ui_writes() {
        let mut seen = std::collections::HashSet::new();
        for ascii in 33..=126u8 {
            if screen_code(ascii) == screen_code(b' ') {
                continue; // not in the C64's lower/upper-case set: blank there too (`\ ^ _ ` { | } ~`)
            }
            let bits = rom(screen_code(ascii));
            assert_ne!(bits, [0; 8], "{}", ascii as char);
            assert!(seen.insert(bits), "{} looks like another character", ascii as char);
        }
        assert_eq!(rom(screen_code(b' ')), [0; 8]);
        // Bit 7 is the leftmost pixel, as the VIC-II reads it: `[` has its
        // stem on the left.
        assert_eq!(rom(screen_code(b'['))[1] & 0x60, 0x60);
    }

    #[test]
    fn a_png_holds_the_colour_numbers_with_pepto_as_its_palette() {
        let pixels: Vec<u8> = (0..WIDTH * HEIGHT).map(|i| (i * 7 / 13 % 16) as u8).collect();
        let png = encode_png(&pixels, "test");
        let mut reader = png::Decoder::new(std::io::Cursor::new(&png)).read_info().unwrap();
        let info = reader.info();
        assert_eq!((info.width, info.height), (320, 200));
        assert_eq!((info.color_type, info.bit_depth), (png::ColorType::Indexed, png::BitDepth::Four));
        assert_eq!(info.palette.as_deref(), Some(&PEPTO.concat()[..]));
        assert_eq!(info.uncompressed_latin1_text[0].text, "test");
        let mut packed = vec![0; reader.output_buffer_size().unwrap()];
        reader.next_frame(&mut packed).unwrap();
        let unpacked: Vec<u8> = packed.iter().flat_map(|&b| [b >> 4, b & 15]).collect();
        assert_eq!(unpacked, pixels);
    }
}
