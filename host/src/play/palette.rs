//! The C64's 16 colours in whatever colours the terminal has, and marks
//! where it has too few.
//!
//! The board says everything by the paper of its cells: light and dark
//! squares, the cursor (green on a man with moves, red on one without,
//! purple elsewhere), the selected man (blue), its destinations (cyan
//! rings), the last move (yellow rings), a hint (orange rings), attackers
//! and defenders (light red and light green rings); the colours are
//! `c64::layout`'s. The invariant this module keeps: in every palette
//! those eleven looks stay distinct, by colour where the terminal has
//! enough, else by marks.
//!
//! * [`Colours::True`], [`Colours::Palette`]: each colour's RGB, or the
//!   nearest of the 256-colour cube; nearest is good enough there.
//! * [`Colours::Basic`], the 16 ANSI colours (`TERM=xterm`, `screen`,
//!   unset, as `docker run -it`, PuTTY and tmux set): nearest would make
//!   every square bright black, so each C64 colour has its ANSI colour
//!   picked for distinctness ([`BASIC`]): eleven different backgrounds for
//!   the eleven looks. A light grey square would hide a white man, so on
//!   the board both sides' men are black ink, told apart by shape: White's
//!   chess symbols hollow, Black's filled (or upper and lower case).
//! * [`Colours::Eight`], the 8 of the Linux console (`TERM=linux`), which
//!   shows the bright backgrounds as the dark ones: the squares light grey
//!   and brown, and colours shared where they run out ([`EIGHT_PAPER`]);
//!   each look also gets marks in its square's blank cells ([`mark`]).
//! * [`Colours::Off`] (`NO_COLOR`): no colour at all; light squares in
//!   reverse video (not a colour), the men as letters, and the marks.
//!
//! Marks go in the cells around a man's (a square is 3 × 3 cells, the man
//! in the middle), only where the cell is blank: the cursor `[ ]` (on a man
//! with moves, or on a destination), `( )` (on one without), `{ }`
//! (elsewhere) beside the man, the selected man `> <`, and in the corners
//! of a ringed square `+` a destination, `*` the last move, `?` a hint,
//! `a` an attacker, `d` a defender.

use c64::layout::{
    ATTACKER, CURSOR_MOVABLE, CURSOR_OTHER, CURSOR_STUCK, DEFENDER, DESTINATION, HINT, LAST_MOVE, LIGHT_SQUARE,
    SELECTED,
};
use c64::screen::colour;

/// How the terminal shows colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Colours {
    /// 24-bit RGB.
    True,
    /// The 256-colour palette.
    Palette,
    /// The 16 ANSI colours.
    Basic,
    /// The 8 ANSI colours, bright inks by bold (the Linux console).
    Eight,
    /// None (`NO_COLOR`): reverse video and marks.
    Off,
}

/// Each C64 colour's ANSI colour (0..=15) in [`Colours::Basic`], by C64
/// number: the board's eleven looks on eleven different backgrounds, every
/// one of the squares' and the cursors' light enough for black ink.
pub const BASIC: [u8; 16] = [
    0,  // black: the paper off the board
    15, // white
    1,  // red: the cursor on a man without moves
    6,  // cyan: a destination
    5,  // purple: the cursor elsewhere
    2,  // green: the cursor on a man with moves
    12, // blue: the selected man (bright, for black ink)
    11, // yellow: the last move
    3,  // orange: a hint (VGA's brown)
    3,  // brown
    9,  // light red: an attacker
    8,  // dark grey: dark squares
    8,  // grey
    10, // light green: a defender
    12, // light blue: labels
    7,  // light grey: light squares
];

/// Each C64 colour's background (0..=7) in [`Colours::Eight`]: the squares
/// light grey and brown, the rest shared where the colours run out (the
/// marks tell them apart).
pub const EIGHT_PAPER: [u8; 16] = [0, 7, 1, 6, 5, 2, 6, 4, 4, 3, 1, 3, 7, 2, 4, 7];

/// Each C64 colour's ink (0..=7, and bright by bold) in [`Colours::Eight`].
const EIGHT_INK: [(u8, bool); 16] = [
    (0, false),
    (7, true),
    (1, false),
    (6, false),
    (5, false),
    (2, false),
    (4, false),
    (3, true),
    (3, false),
    (3, false),
    (1, true),
    (0, true),
    (7, false),
    (2, true),
    (4, true),
    (7, false),
];

impl Colours {
    /// What the environment says (`NO_COLOR`, `COLORTERM`, `TERM`).
    pub fn detect(var: impl Fn(&str) -> Option<String>) -> Colours {
        let term = var("TERM").unwrap_or_default();
        if var("NO_COLOR").is_some_and(|v| !v.is_empty()) {
            Colours::Off
        } else if var("COLORTERM").is_some_and(|v| v == "truecolor" || v == "24bit") {
            Colours::True
        } else if term.contains("256color") {
            Colours::Palette
        } else if term == "linux" || term.starts_with("linux-") || term.ends_with("-8color") {
            Colours::Eight
        } else {
            Colours::Basic
        }
    }

    /// True if the board's looks need marks beside their colours.
    pub fn marks(self) -> bool {
        matches!(self, Colours::Eight | Colours::Off)
    }

    /// True if the men are drawn in black ink, their side told by shape.
    pub fn black_men(self) -> bool {
        matches!(self, Colours::Basic | Colours::Eight)
    }

    /// The ink a mark is drawn in on C64 colour `paper`: black or white,
    /// whichever reads on the background the palette gives it.
    pub fn mark_ink(self, paper: u8) -> u8 {
        match self {
            Colours::Eight if matches!(EIGHT_PAPER[paper as usize & 15], 0 | 4) => colour::WHITE,
            Colours::Eight => colour::BLACK,
            _ => super::fit::ink_on(paper),
        }
    }

    /// The SGR parameters (between `ESC [` and `m`) for C64 colour `ink` on
    /// `paper` (or ink alone).
    pub fn sgr(self, ink: u8, paper: Option<u8>) -> String {
        let (ink, paper) = (ink as usize & 15, paper.map(|p| p as usize & 15));
        let rgb = |c: usize, base: u8| {
            let [r, g, b] = colour::RGB[c];
            match self {
                Colours::True => format!("{base};2;{r};{g};{b}"),
                _ => {
                    let level = |c: u8| (c as u16 * 5 + 127) / 255;
                    format!("{base};5;{}", 16 + 36 * level(r) + 6 * level(g) + level(b))
                }
            }
        };
        let basic = |c: usize, base: u8| {
            let index = BASIC[c];
            if index < 8 {
                format!("{}", base + index)
            } else {
                format!("{}", base + 60 + index - 8)
            }
        };
        let (ink, paper) = match self {
            Colours::True | Colours::Palette => (rgb(ink, 38), paper.map(|p| rgb(p, 48))),
            Colours::Basic => (basic(ink, 30), paper.map(|p| basic(p, 40))),
            Colours::Eight => {
                let (index, bright) = EIGHT_INK[ink];
                let bold = if bright { 1 } else { 22 };
                (format!("{bold};{}", 30 + index), paper.map(|p| format!("{}", 40 + EIGHT_PAPER[p])))
            }
            // Reverse video is not a colour: the light squares in it.
            Colours::Off => {
                return match paper {
                    Some(p) if p == LIGHT_SQUARE as usize => "7".to_owned(),
                    _ => "27".to_owned(),
                }
            }
        };
        match paper {
            Some(paper) => format!("{ink};{paper}"),
            None => ink,
        }
    }
}

/// The mark, if any, for the blank cell `dx`, `dy` (0..=2 each) of a board
/// square whose middle cell's paper is `whole` and this cell's `ring`: the
/// cursor's or the selected man's beside the man, a ring's in the corners
/// (see the module documentation).
pub fn mark(whole: u8, ring: u8, dx: u8, dy: u8) -> Option<char> {
    let left = dx == 0;
    match (dx, dy) {
        (0 | 2, 1) => match whole {
            CURSOR_MOVABLE | DESTINATION => Some(if left { '[' } else { ']' }),
            CURSOR_STUCK => Some(if left { '(' } else { ')' }),
            CURSOR_OTHER => Some(if left { '{' } else { '}' }),
            SELECTED => Some(if left { '>' } else { '<' }),
            _ => None,
        },
        (0 | 2, 0 | 2) => match ring {
            DESTINATION => Some('+'),
            LAST_MOVE => Some('*'),
            HINT => Some('?'),
            ATTACKER => Some('a'),
            DEFENDER => Some('d'),
            _ => None,
        },
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use c64::layout::DARK_SQUARE;

    /// The board's looks: (the middle cell's paper, the ring's), for the tests.
    const LOOKS: [(&str, u8, u8); 11] = [
        ("light square", LIGHT_SQUARE, LIGHT_SQUARE),
        ("dark square", DARK_SQUARE, DARK_SQUARE),
        ("cursor on a man with moves", CURSOR_MOVABLE, CURSOR_MOVABLE),
        ("cursor on a man without", CURSOR_STUCK, CURSOR_STUCK),
        ("cursor elsewhere", CURSOR_OTHER, CURSOR_OTHER),
        ("selected man", SELECTED, SELECTED),
        ("destination", DARK_SQUARE, DESTINATION),
        ("last move", DARK_SQUARE, LAST_MOVE),
        ("hint", DARK_SQUARE, HINT),
        ("attacker", DARK_SQUARE, ATTACKER),
        ("defender", DARK_SQUARE, DEFENDER),
    ];

    fn env<'a>(vars: &'a [(&'a str, &'a str)]) -> impl Fn(&str) -> Option<String> + 'a {
        move |name| vars.iter().find(|(n, _)| *n == name).map(|(_, v)| v.to_string())
    }

    #[test]
    fn colours_follow_the_environment() {
        assert_eq!(Colours::detect(env(&[("COLORTERM", "truecolor"), ("TERM", "xterm-256color")])), Colours::True);
        assert_eq!(Colours::detect(env(&[("TERM", "xterm-256color")])), Colours::Palette);
        assert_eq!(Colours::detect(env(&[("TERM", "xterm")])), Colours::Basic);
        assert_eq!(Colours::detect(env(&[("TERM", "screen")])), Colours::Basic);
        assert_eq!(Colours::detect(env(&[("TERM", "linux")])), Colours::Eight);
        assert_eq!(Colours::detect(env(&[])), Colours::Basic);
        assert_eq!(Colours::detect(env(&[("NO_COLOR", "1"), ("COLORTERM", "truecolor")])), Colours::Off);
        assert_eq!(Colours::detect(env(&[("NO_COLOR", "")])), Colours::Basic, "an empty NO_COLOR does not count");
    }

    #[test]
    fn white_and_black_ink_stay_apart_in_every_palette() {
        for colours in [Colours::True, Colours::Palette, Colours::Basic, Colours::Eight] {
            assert_ne!(colours.sgr(colour::WHITE, None), colours.sgr(colour::BLACK, None), "{colours:?}");
        }
        assert_eq!(Colours::Palette.sgr(colour::WHITE, None), "38;5;231");
        assert_eq!(Colours::Basic.sgr(colour::BLACK, Some(colour::WHITE)), "30;107");
        assert_eq!(Colours::Eight.sgr(colour::WHITE, Some(colour::BLACK)), "1;37;40");
    }

    /// A look as the terminal shows it: the middle cell's and a ring
    /// cell's SGR, and the marks beside the man and in a corner.
    fn shown(colours: Colours, (_, whole, ring): (&str, u8, u8)) -> (String, String, Option<char>, Option<char>) {
        let marks = colours.marks();
        (
            colours.sgr(colour::BLACK, Some(whole)),
            colours.sgr(colour::BLACK, Some(ring)),
            mark(whole, ring, 0, 1).filter(|_| marks),
            mark(whole, ring, 0, 0).filter(|_| marks),
        )
    }

    #[test]
    fn every_look_of_the_board_is_distinct_in_every_palette() {
        for colours in [Colours::True, Colours::Palette, Colours::Basic, Colours::Eight, Colours::Off] {
            for (i, a) in LOOKS.iter().enumerate() {
                for b in &LOOKS[i + 1..] {
                    assert_ne!(shown(colours, *a), shown(colours, *b), "{colours:?}: {} and {}", a.0, b.0);
                }
            }
        }
        // With 16 colours, by colour alone: eleven backgrounds.
        let mut papers: Vec<u8> = LOOKS.iter().map(|&(_, _, ring)| BASIC[ring as usize]).collect();
        papers.extend([BASIC[colour::BLACK as usize], BASIC[colour::WHITE as usize]]);
        let count = papers.len();
        papers.sort();
        papers.dedup();
        assert_eq!(papers.len(), count, "a background shared: {papers:?}");
    }
}
