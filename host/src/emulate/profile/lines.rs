//! `--profile`'s second table: the cycles by source line, from the ELF's
//! DWARF line table (`.debug_line`, its units found through `.debug_info`;
//! read with `gimli`). `tools/c64-build` builds with line tables; an ELF
//! without them gives no table, and the function table still stands.
//!
//! Invariants. Each address is given the line of the line-table row with
//! the greatest address at or below it within its sequence (of rows at one
//! address, the last); a sequence covers its first row's address up to,
//! not including, its end. An address in no sequence is summed in a row
//! of its own ([`NO_LINE`]), never dropped, so the rows' cycles add up to
//! the run's, as the function table's do. Line 0 is DWARF's "no source
//! line", code the compiler gave no one line (register copies, spills,
//! a soft-stack frame's loads and stores, code merged from several
//! lines): it stays a row of its file, `engine-core/src/search.rs:0`.
//! Sequences do not overlap in a linked program; if they did, the first
//! read would keep the address.

use std::collections::HashMap;
use std::num::NonZeroU64;

use gimli::{EndianSlice, LittleEndian};

use super::{owners, Elf, Profile, Symbol, NO_SYMBOL};

/// The row of the addresses no line-table sequence covers.
pub const NO_LINE: &str = "(no line)";

/// The line of the report when the ELF has no line table.
pub const NO_TABLE: &str = "profile: no line table in ELF (built without tools/c64-build's line tables)";

type Slice<'a> = EndianSlice<'a, LittleEndian>;

/// A source line: its file (an index in [`LineTable`]'s files) and number.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Place {
    file: u32,
    line: u32,
}

/// Each 6502 address's source line.
pub struct LineTable {
    /// The files' paths, short (see [`short_path`]).
    files: Vec<String>,
    /// The index of each path in `files`.
    file_index: HashMap<String, u32>,
    /// Each address's line, if a sequence covers it.
    at: Vec<Option<Place>>,
}

/// One row of the by-line table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    /// `file:line`, or [`NO_LINE`].
    pub place: String,
    /// The cycles of the addresses given this line.
    pub cycles: u64,
    /// The function holding most of those cycles (a line inlined into
    /// several functions counts in each), its name short ([`short_name`]).
    pub function: String,
}

impl LineTable {
    /// The line table of `elf`, or `None` when it has none (no
    /// `.debug_line`, or no sequence in it).
    pub fn read(elf: &Elf) -> Result<Option<LineTable>, String> {
        if elf.section(".debug_line")?.is_none() {
            return Ok(None);
        }
        let dwarf = gimli::Dwarf::load(|id| -> Result<Slice, String> {
            Ok(EndianSlice::new(elf.section(id.name())?.unwrap_or_default(), LittleEndian))
        })?;
        let error = |e: gimli::Error| format!("the line table: {e}");
        let mut table = LineTable { files: Vec::new(), file_index: HashMap::new(), at: vec![None; 0x10000] };
        let mut sequences = 0;
        let mut units = dwarf.units();
        while let Some(header) = units.next().map_err(error)? {
            let unit = dwarf.unit(header).map_err(error)?;
            sequences += table.add_unit(&dwarf, &unit).map_err(error)?;
        }
        Ok((sequences > 0).then_some(table))
    }

    /// Gives the addresses of `unit`'s line program their lines; the number
    /// of its sequences with rows.
    fn add_unit(&mut self, dwarf: &gimli::Dwarf<Slice>, unit: &gimli::Unit<Slice>) -> gimli::Result<usize> {
        let Some(program) = unit.line_program.clone() else { return Ok(0) };
        let comp_dir = unit.comp_dir.map(|dir| dir.to_string_lossy().into_owned());
        let mut files: HashMap<u64, u32> = HashMap::new();
        let (mut sequence, mut sequences) = (Vec::new(), 0);
        let mut rows = program.rows();
        while let Some((header, row)) = rows.next_row()? {
            if row.end_sequence() {
                self.fill(&sequence, row.address());
                sequences += usize::from(!sequence.is_empty());
                sequence.clear();
                continue;
            }
            let file = match files.get(&row.file_index()) {
                Some(&file) => file,
                None => {
                    let path = file_path(dwarf, unit, header, row.file_index())?;
                    let file = self.intern(short_path(&path, comp_dir.as_deref()));
                    *files.entry(row.file_index()).or_insert(file)
                }
            };
            let line = row.line().map_or(0, NonZeroU64::get).min(u32::MAX.into()) as u32;
            sequence.push((row.address(), Place { file, line }));
        }
        Ok(sequences)
    }

    /// The index of `path` in `files`, added if new.
    fn intern(&mut self, path: String) -> u32 {
        if let Some(&index) = self.file_index.get(&path) {
            return index;
        }
        let index = self.files.len() as u32;
        self.files.push(path.clone());
        self.file_index.insert(path, index);
        index
    }

    /// Each row's line to the addresses from its own up to the next row's
    /// (the last row's up to the sequence's `end`), where no earlier
    /// sequence has put one; past 16 bits is not the 6502's.
    fn fill(&mut self, rows: &[(u64, Place)], end: u64) {
        let ends = rows.iter().skip(1).map(|&(address, _)| address).chain([end]);
        for (&(start, place), end) in rows.iter().zip(ends) {
            let (start, end) = (start.min(0x10000) as usize, end.min(0x10000) as usize);
            for slot in self.at.get_mut(start..end).into_iter().flatten() {
                slot.get_or_insert(place);
            }
        }
    }

    fn name(&self, place: Place) -> String {
        format!("{}:{}", self.files[place.file as usize], place.line)
    }

    /// The cycles of `profile` by line, most first (then by name), each
    /// with the function holding most of its cycles; [`NO_LINE`]'s row if
    /// an address outside every sequence ran.
    pub fn by_line(&self, profile: &Profile, symbols: &[Symbol]) -> Vec<Line> {
        let owner = owners(symbols);
        let mut lines: HashMap<Option<Place>, HashMap<usize, u64>> = HashMap::new();
        for (pc, &cycles) in profile.cycles.iter().enumerate().filter(|(_, &c)| c > 0) {
            *lines.entry(self.at[pc]).or_default().entry(owner[pc]).or_default() += cycles;
        }
        let function = |i: usize| symbols.get(i).map_or(NO_SYMBOL, |s| &s.name);
        let mut rows: Vec<Line> = lines
            .into_iter()
            .map(|(place, by_function)| {
                let most = by_function.iter().map(|(&i, &c)| (c, function(i))).max_by(|a, b| {
                    // Most cycles; of equals, the first by name.
                    a.0.cmp(&b.0).then_with(|| b.1.cmp(a.1))
                });
                Line {
                    place: place.map_or_else(|| NO_LINE.to_string(), |p| self.name(p)),
                    cycles: by_function.values().sum(),
                    function: most.map(|(_, name)| short_name(name)).unwrap_or_default(),
                }
            })
            .collect();
        rows.sort_by(|a, b| b.cycles.cmp(&a.cycles).then_with(|| a.place.cmp(&b.place)));
        rows
    }

    /// The by-line report: the `top` lines with the most cycles, then the
    /// rest in one row, so the rows add up to the total.
    pub fn report(&self, profile: &Profile, symbols: &[Symbol], top: usize) -> Vec<String> {
        let total = profile.total();
        let rows = self.by_line(profile, symbols);
        let width = rows.iter().take(top).map(|r| r.place.len()).max().unwrap_or(0).max("line".len());
        let share = |cycles: u64| 100.0 * cycles as f64 / total.max(1) as f64;
        let mut lines = vec![
            format!(
                "profile: by source line, {} with cycles (function: the one with most of the line's cycles; \
                 line 0: code the compiler gave no line)",
                rows.len()
            ),
            format!("profile: {:>12} {:>6}  {:<width$}  function", "cycles", "share", "line"),
        ];
        for row in rows.iter().take(top) {
            let (cycles, share) = (row.cycles, share(row.cycles));
            lines.push(format!("profile: {cycles:>12} {share:>5.1}%  {:<width$}  {}", row.place, row.function));
        }
        if rows.len() > top {
            let rest: u64 = rows[top..].iter().map(|r| r.cycles).sum();
            lines.push(format!("profile: {rest:>12} {:>5.1}%  ({} more)", share(rest), rows.len() - top));
        }
        lines
    }
}

/// The path of a line program's file `index` as the program writes it: its
/// directory, then its name (an absolute name replaces the directory).
fn file_path(
    dwarf: &gimli::Dwarf<Slice>,
    unit: &gimli::Unit<Slice>,
    header: &gimli::LineProgramHeader<Slice>,
    index: u64,
) -> gimli::Result<String> {
    let Some(file) = header.file(index) else { return Ok(format!("(file {index})")) };
    let name = dwarf.attr_string(unit, file.path_name())?.to_string_lossy().into_owned();
    let directory = match file.directory(header) {
        Some(directory) if !name.starts_with('/') => dwarf.attr_string(unit, directory)?.to_string_lossy().into_owned(),
        _ => return Ok(name),
    };
    Ok(match directory.as_str() {
        "" => name,
        dir => format!("{}/{name}", dir.trim_end_matches('/')),
    })
}

/// A function's demangled name without the `<impl T>::` of an inherent
/// method's path and without generic arguments, as tools/c64-report
/// shortens them: `engine_core::make::<impl engine_core::position::Position>::make_keyed`
/// is `engine_core::make::make_keyed`, `engine_core::search::Searcher<S>::negamax`
/// `engine_core::search::Searcher::negamax`. A qualified path's
/// `<A as B>::` stays.
fn short_name(name: &str) -> String {
    let mut short = String::new();
    let mut rest = name;
    while let Some(c) = rest.chars().next() {
        let generic = short.ends_with(|c: char| c.is_alphanumeric() || c == '_');
        if c == '<' && (generic || rest.starts_with("<impl ")) {
            // Through the matching '>' (and an impl's "::" after it).
            let mut depth = 0;
            let end = rest.find(|c| {
                depth += i32::from(c == '<') - i32::from(c == '>');
                depth == 0
            });
            let Some(end) = end else { break };
            rest = &rest[end + 1..];
            if !generic {
                rest = rest.strip_prefix("::").unwrap_or(rest);
            }
            continue;
        }
        short.push(c);
        rest = &rest[c.len_utf8()..];
    }
    short
}

/// A file's path as the report shows it: the Rust standard library's from
/// its crate down (`core/src/slice/mod.rs`: the sysroot's `rust-src` copy,
/// which `-Zbuild-std` compiles, or rustc's remapped `/rustc/HASH/`); a
/// file under the unit's directory relative to it (the project's: cargo
/// runs rustc at the workspace's root, so `engine-core/src/make.rs`);
/// anything else as written.
fn short_path(path: &str, comp_dir: Option<&str>) -> String {
    if let Some((_, crate_path)) = path.split_once("/lib/rustlib/src/rust/library/") {
        return crate_path.to_string();
    }
    if let Some((_, crate_path)) = path.strip_prefix("/rustc/").and_then(|rest| rest.split_once("/library/")) {
        return crate_path.to_string();
    }
    let relative = comp_dir.and_then(|dir| path.strip_prefix(dir.trim_end_matches('/'))?.strip_prefix('/'));
    relative.unwrap_or(path).to_string()
}

#[cfg(test)]
mod tests {
    use gimli::write::{Address, AttributeValue, DwarfUnit, EndianVec, LineProgram, LineString, Sections};

    use super::super::tests::elf_of;
    use super::*;

    const ROOT: &str = "/home/ci/c64chess";
    const CORE_SLICE: &str =
        "/root/.rustup/toolchains/1.87.0-x86_64-unknown-linux-gnu/lib/rustlib/src/rust/library/core/src/slice";

    /// The rows of a sequence: (address, file, line); then its end.
    type Sequence<'a> = (&'a [(u32, usize, u64)], u32);

    /// An ELF file whose DWARF (version 4, as rustc writes it) has one
    /// unit compiled in [`ROOT`] with `sequences` over three files:
    /// 0 `engine-core/src/make.rs` (a relative directory), 1 the
    /// standard library's `core/src/slice/mod.rs` (absolute), 2
    /// `c64/src/lib.rs` (absolute, under the unit's directory).
    fn elf_with_lines(sequences: &[Sequence]) -> Vec<u8> {
        let encoding = gimli::Encoding { format: gimli::Format::Dwarf32, version: 4, address_size: 4 };
        let mut dwarf = DwarfUnit::new(encoding);
        let text = |s: &str| LineString::String(s.as_bytes().to_vec());
        let mut program =
            LineProgram::new(encoding, Default::default(), text(ROOT), None, text("engine-core/src/lib.rs"), None);
        let directories = [program.add_directory(text("engine-core/src")), program.add_directory(text(CORE_SLICE))];
        let root_dir = program.default_directory();
        let files = [
            program.add_file(text("make.rs"), directories[0], None),
            program.add_file(text("mod.rs"), directories[1], None),
            program.add_file(text(&format!("{ROOT}/c64/src/lib.rs")), root_dir, None),
        ];
        for &(rows, end) in sequences {
            program.begin_sequence(Some(Address::Constant(rows[0].0.into())));
            for &(address, file, line) in rows {
                let row = program.row();
                row.address_offset = (address - rows[0].0).into();
                row.file = files[file];
                row.line = line;
                program.generate_row();
            }
            program.end_sequence((end - rows[0].0).into());
        }
        dwarf.unit.line_program = program;
        let root = dwarf.unit.root();
        dwarf.unit.get_mut(root).set(gimli::DW_AT_comp_dir, AttributeValue::String(ROOT.into()));
        let mut sections = Sections::new(EndianVec::new(LittleEndian));
        dwarf.write(&mut sections).unwrap();
        let mut named: Vec<(&str, Vec<u8>)> = Vec::new();
        sections
            .for_each(|id, data| {
                named.push((id.name(), data.slice().to_vec()));
                Ok::<(), ()>(())
            })
            .unwrap();
        let sections: Vec<(&str, u32, &[u8], u32)> =
            named.iter().filter(|(_, d)| !d.is_empty()).map(|(n, d)| (*n, 1, &d[..], 0)).collect();
        elf_of(&sections)
    }

    fn table(sequences: &[Sequence]) -> LineTable {
        let file = elf_with_lines(sequences);
        LineTable::read(&Elf::parse(&file).unwrap()).unwrap().expect("a line table")
    }

    #[test]
    fn each_address_has_the_row_at_or_below_it_within_its_sequence() {
        let table = table(&[
            (&[(0x1000, 0, 10), (0x1004, 0, 12), (0x1004, 0, 13), (0x1008, 0, 0)], 0x1010),
            (&[(0x2000, 1, 123), (0x2001, 2, 7)], 0x2003),
        ]);
        let place = |pc: u16| table.at[pc as usize].map(|p| table.name(p));
        let make = |line| Some(format!("engine-core/src/make.rs:{line}"));
        assert_eq!(place(0x0FFF), None, "below the first sequence");
        assert_eq!(place(0x1000), make(10));
        assert_eq!(place(0x1003), make(10), "up to the next row");
        assert_eq!(place(0x1004), make(13), "of rows at one address, the last");
        assert_eq!(place(0x100F), make(0), "line 0: the compiler's code of no line");
        assert_eq!(place(0x1010), None, "the sequence's end is past it");
        assert_eq!(place(0x2000), Some("core/src/slice/mod.rs:123".into()), "the sysroot left out");
        assert_eq!(place(0x2002), Some("c64/src/lib.rs:7".into()), "relative to the unit's directory");
        assert_eq!(place(0x2003), None);
    }

    #[test]
    fn the_cycles_add_up_by_line_with_the_function_holding_most() {
        let table = table(&[(&[(0x1000, 0, 10), (0x1004, 0, 12)], 0x1008), (&[(0x2000, 1, 5)], 0x2004)]);
        let symbols = vec![
            Symbol {
                name: "engine::<impl engine::Position>::make_keyed".into(),
                start: 0x1000,
                size: 6,
                function: true,
            },
            Symbol { name: "unmake".into(), start: 0x1006, size: 2, function: true },
            Symbol { name: "copy".into(), start: 0x2000, size: 4, function: true },
        ];
        let mut profile = Profile::default();
        profile.count(0x1000, 5); // make.rs:10, make_keyed
        profile.count(0x1002, 3); // make.rs:10, make_keyed
        profile.count(0x1004, 4); // make.rs:12, make_keyed
        profile.count(0x1006, 6); // make.rs:12, unmake: more of the line
        profile.count(0x2003, 2); // mod.rs:5
        profile.count(0x3000, 7); // no line, no symbol
        profile.count(0x1008, 1); // past the sequence's end: no line, no symbol
        let rows = table.by_line(&profile, &symbols);
        let got: Vec<(&str, u64, &str)> =
            rows.iter().map(|r| (r.place.as_str(), r.cycles, r.function.as_str())).collect();
        assert_eq!(
            got,
            [
                ("engine-core/src/make.rs:12", 10, "unmake"),
                (NO_LINE, 8, NO_SYMBOL), // of equal cycles, by name
                ("engine-core/src/make.rs:10", 8, "engine::make_keyed"),
                ("core/src/slice/mod.rs:5", 2, "copy"),
            ]
        );
        assert_eq!(rows.iter().map(|r| r.cycles).sum::<u64>(), profile.total());
        let lines = table.report(&profile, &symbols, 2);
        assert_eq!(lines.len(), 5, "{lines:?}");
        assert!(lines[0].starts_with("profile: by source line, 4 with cycles"), "{lines:?}");
        assert!(lines[2].contains("    10  35.7%  engine-core/src/make.rs:12  unmake"), "{lines:?}");
        assert!(lines[4].contains("    10  35.7%  (2 more)"), "{lines:?}");
    }

    #[test]
    fn an_elf_without_a_line_table_has_none() {
        let file = elf_of(&[(".text", 1, &[0xEA], 0)]);
        assert!(LineTable::read(&Elf::parse(&file).unwrap()).unwrap().is_none());
    }

    #[test]
    fn function_names_are_short() {
        let cases = [
            ("engine_core::make::<impl engine_core::position::Position>::make_keyed", "engine_core::make::make_keyed"),
            ("engine_core::search::Searcher<S>::negamax", "engine_core::search::Searcher::negamax"),
            ("core::ptr::drop_in_place<engine_core::tt::Table<u8>>", "core::ptr::drop_in_place"),
            (
                "<c64chess_prg::display::Chars as c64::screen::Screen>::put",
                "<c64chess_prg::display::Chars as c64::screen::Screen>::put",
            ),
            ("<&mut I as core::iter::ExactSizeIterator>::len", "<&mut I as core::iter::ExactSizeIterator>::len"),
            ("__memset", "__memset"),
        ];
        for (name, short) in cases {
            assert_eq!(short_name(name), short, "{name}");
        }
    }

    #[test]
    fn paths_are_short() {
        let cases = [
            (
                "/r/lib/rustlib/src/rust/library/core/src/iter/range.rs",
                Some("/r/library/core"),
                "core/src/iter/range.rs",
            ),
            (
                "/rustc/17067e9ac6d7e98f18d4ba30de5b3e5d8a8bd0c1/library/core/src/ptr/mod.rs",
                None,
                "core/src/ptr/mod.rs",
            ),
            ("/home/ci/c64chess/engine-core/src/eval.rs", Some("/home/ci/c64chess/"), "engine-core/src/eval.rs"),
            ("engine-core/src/eval.rs", Some("/home/ci/c64chess"), "engine-core/src/eval.rs"),
            ("/home/ci/c64chess-old/x.rs", Some("/home/ci/c64chess"), "/home/ci/c64chess-old/x.rs"),
        ];
        for (path, comp_dir, short) in cases {
            assert_eq!(short_path(path, comp_dir), short, "{path}");
        }
    }
}
