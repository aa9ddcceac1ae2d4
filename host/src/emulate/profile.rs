//! `c64chess emulate --profile ELF`: where the emulated 6502's cycles go,
//! by function and by source line.
//!
//! The parts. [`Elf`] finds the sections of an ELF32 little-endian file
//! (what llvm-mos links beside the PRG) by type or by name (`.shstrtab`);
//! [`functions`] reads its function symbols (the `.symtab` and the
//! `.strtab` that section links to) and demangles Rust's legacy names; no
//! crate is needed for either. [`Profile`] counts, during the run, each
//! instruction's cycles at the address it starts at, and each `JSR`'s
//! target; [`Profile::by_function`] then sums the addresses each symbol's
//! range `[value, value + size)` holds, and [`lines`] sums them by the
//! source line the ELF's DWARF line table gives each address.
//!
//! Invariants. Every emulated cycle is counted once, at one address: an
//! instruction's at its opcode's address, an interrupt's entry (7 cycles)
//! at the handler's first instruction; so the rows' cycles add up to the
//! run's. An address no symbol covers is summed in a row of its own
//! (`NO_SYMBOL`), never dropped. Where symbols overlap, a function (`FUNC`)
//! wins over a data object (`OBJECT`: code kept as a constant, such as the
//! glue's `JIFFY_IRQ`), and among equals the one listed first. Calls are
//! the `JSR`s whose target is a symbol's first byte: a tail call (`JMP`)
//! and an inlined call are not counted.
//!
//! The counts are per address (two 64 K tables), so the emulator's
//! innermost loop only adds; the attribution is done once, at the end.

pub mod lines;

/// One symbol of the ELF: a function, or a data object with a size.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Symbol {
    /// The demangled name.
    pub name: String,
    /// Its first address.
    pub start: u16,
    /// Its bytes (at least 1).
    pub size: u16,
    /// A function (`STT_FUNC`), not an object.
    pub function: bool,
}

/// The row of the addresses no symbol covers.
pub const NO_SYMBOL: &str = "(no symbol)";

const SHT_SYMTAB: u32 = 2;
const SHT_NOBITS: u32 = 8;
const STT_OBJECT: u8 = 1;
const STT_FUNC: u8 = 2;
const SYMBOL_BYTES: usize = 16;

/// Little-endian fields of an ELF file, with a clear error past its end.
struct Reader<'a>(&'a [u8]);

impl<'a> Reader<'a> {
    fn bytes(&self, at: usize, len: usize) -> Result<&'a [u8], String> {
        at.checked_add(len)
            .and_then(|end| self.0.get(at..end))
            .ok_or_else(|| format!("the ELF ends at {} bytes, before offset {at} + {len}", self.0.len()))
    }

    fn u16(&self, at: usize) -> Result<u16, String> {
        Ok(u16::from_le_bytes(self.bytes(at, 2)?.try_into().unwrap_or_default()))
    }

    fn u32(&self, at: usize) -> Result<u32, String> {
        Ok(u32::from_le_bytes(self.bytes(at, 4)?.try_into().unwrap_or_default()))
    }
}

/// A section header: its name (an offset in `.shstrtab`), its type, its
/// offset and size in the file, and its link.
struct Section {
    name: usize,
    kind: u32,
    offset: usize,
    size: usize,
    link: usize,
}

fn sections(elf: &Reader) -> Result<Vec<Section>, String> {
    if elf.bytes(0, 4)? != b"\x7FELF" {
        return Err("not an ELF file".into());
    }
    if elf.bytes(4, 2)? != [1, 1] {
        return Err("not a 32-bit little-endian ELF (llvm-mos writes those)".into());
    }
    let table = elf.u32(0x20)? as usize;
    let entry = elf.u16(0x2E)? as usize;
    let count = elf.u16(0x30)? as usize;
    if entry < 40 {
        return Err(format!("section headers of {entry} bytes, not 40"));
    }
    (0..count)
        .map(|i| {
            let at = table + i * entry;
            Ok(Section {
                name: elf.u32(at)? as usize,
                kind: elf.u32(at + 4)?,
                offset: elf.u32(at + 16)? as usize,
                size: elf.u32(at + 20)? as usize,
                link: elf.u32(at + 24)? as usize,
            })
        })
        .collect()
}

/// An ELF32 little-endian file's section headers, read once.
pub struct Elf<'a> {
    file: Reader<'a>,
    sections: Vec<Section>,
    /// The section names' string table (`e_shstrndx`), empty if it has none.
    names: &'a [u8],
}

impl<'a> Elf<'a> {
    /// The file's section headers, or why it is not an ELF32 little-endian
    /// file.
    pub fn parse(bytes: &'a [u8]) -> Result<Self, String> {
        let file = Reader(bytes);
        let sections = sections(&file)?;
        // Section 0 is the null section: an index of 0 means no names.
        let names = match file.u16(0x32)? as usize {
            0 => &[][..],
            index => {
                let names = sections.get(index).ok_or("the section names' index is past the sections")?;
                file.bytes(names.offset, names.size)?
            }
        };
        Ok(Elf { file, sections, names })
    }

    /// The contents of a section: empty for one that takes no room in the
    /// file (`SHT_NOBITS`).
    fn contents(&self, section: &Section) -> Result<&'a [u8], String> {
        match section.kind {
            SHT_NOBITS => Ok(&[]),
            _ => self.file.bytes(section.offset, section.size),
        }
    }

    /// The contents of the first section named `name`, if there is one.
    pub fn section(&self, name: &str) -> Result<Option<&'a [u8]>, String> {
        for section in &self.sections {
            if !self.names.is_empty() && name_at(self.names, section.name)? == name.as_bytes() {
                return self.contents(section).map(Some);
            }
        }
        Ok(None)
    }
}

/// The NUL-terminated name at `at` of a string table.
fn name_at(strings: &[u8], at: usize) -> Result<&[u8], String> {
    let rest = strings.get(at..).ok_or_else(|| format!("a name at {at}, past the string table"))?;
    Ok(&rest[..rest.iter().position(|&b| b == 0).unwrap_or(rest.len())])
}

/// The functions and sized data objects of an ELF32 little-endian file,
/// by address (their 16 low bits: the 6502's), names demangled.
pub fn functions(elf: &Elf) -> Result<Vec<Symbol>, String> {
    let symtab = elf.sections.iter().find(|s| s.kind == SHT_SYMTAB).ok_or("no symbol table (.symtab): stripped?")?;
    let strtab = elf.sections.get(symtab.link).ok_or("the symbol table links to no string table")?;
    let (strings, file) = (elf.contents(strtab)?, &elf.file);
    let mut symbols = Vec::new();
    for i in 0..symtab.size / SYMBOL_BYTES {
        let at = symtab.offset + i * SYMBOL_BYTES;
        let kind = file.bytes(at + 12, 1)?[0] & 0x0F;
        let (value, size) = (file.u32(at + 4)?, file.u32(at + 8)?);
        if !(kind == STT_FUNC || kind == STT_OBJECT) || size == 0 || value > 0xFFFF {
            continue;
        }
        let name = String::from_utf8_lossy(name_at(strings, file.u32(at)? as usize)?);
        symbols.push(Symbol {
            name: demangle(&name),
            start: value as u16,
            size: size.min(0x10000 - value) as u16,
            function: kind == STT_FUNC,
        });
    }
    symbols.sort_by_key(|s| s.start);
    Ok(symbols)
}

/// Rust's legacy mangling (`_ZN` length-prefixed parts `E`) as a path,
/// without the trailing hash; any other name as it is.
pub fn demangle(name: &str) -> String {
    let Some(mut rest) = name.strip_prefix("_ZN") else {
        return name.to_string();
    };
    let mut parts = Vec::new();
    while let Some(len_end) = rest.find(|c: char| !c.is_ascii_digit()).filter(|&end| end > 0) {
        let Ok(len) = rest[..len_end].parse::<usize>() else { break };
        let Some(part) = rest.get(len_end..len_end + len) else { break };
        parts.push(part);
        rest = &rest[len_end + len..];
    }
    if rest != "E" || parts.is_empty() {
        return name.to_string();
    }
    let hash = |p: &str| p.len() == 17 && p.starts_with('h') && p[1..].chars().all(|c| c.is_ascii_hexdigit());
    if parts.len() > 1 && hash(parts[parts.len() - 1]) {
        parts.pop();
    }
    let parts: Vec<String> = parts.iter().map(|p| unescape(p.strip_prefix("_$").map_or(p, |_| &p[1..]))).collect();
    parts.join("::")
}

/// A legacy part's escapes (`$LT$`, `$u20$`, `..`) as the characters.
fn unescape(part: &str) -> String {
    const ESCAPES: [(&str, &str); 10] = [
        ("$LT$", "<"),
        ("$GT$", ">"),
        ("$RF$", "&"),
        ("$BP$", "*"),
        ("$LP$", "("),
        ("$RP$", ")"),
        ("$C$", ","),
        ("$SP$", "@"),
        ("$u20$", " "),
        ("..", "::"),
    ];
    let mut out = part.to_string();
    for (from, to) in ESCAPES {
        out = out.replace(from, to);
    }
    // The other `$uXX$` escapes: a character by its hex code.
    while let Some(at) = out.find("$u") {
        let Some(len) = out[at + 2..].find('$') else { break };
        let code = u32::from_str_radix(&out[at + 2..at + 2 + len], 16).ok().and_then(char::from_u32);
        let Some(c) = code else { break };
        out.replace_range(at..at + 3 + len, &c.to_string());
    }
    out
}

/// Each address's symbol, an index in `symbols` (`usize::MAX` for none):
/// a function over an object, and among equals the one listed first.
fn owners(symbols: &[Symbol]) -> Vec<usize> {
    let mut owner = vec![usize::MAX; 0x10000];
    // Objects first, functions over them; each kind in reverse, so the
    // first listed is written last.
    for function in [false, true] {
        for (i, s) in symbols.iter().enumerate().rev().filter(|(_, s)| s.function == function) {
            let start = s.start as usize;
            owner[start..(start + s.size as usize).min(0x10000)].fill(i);
        }
    }
    owner
}

/// The run's counts by address.
pub struct Profile {
    cycles: Vec<u64>,
    calls: Vec<u64>,
}

impl Default for Profile {
    fn default() -> Self {
        Profile { cycles: vec![0; 0x10000], calls: vec![0; 0x10000] }
    }
}

/// One row of the profile.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    /// The symbol's name, or [`NO_SYMBOL`].
    pub name: String,
    /// The cycles of the instructions in its range.
    pub cycles: u64,
    /// The `JSR`s to its first byte.
    pub calls: u64,
}

impl Profile {
    /// `cycles` spent by the instruction (or the interrupt entry) at `pc`.
    #[inline(always)]
    pub fn count(&mut self, pc: u16, cycles: u64) {
        self.cycles[pc as usize] += cycles;
    }

    /// A `JSR` to `target`.
    #[inline(always)]
    pub fn call(&mut self, target: u16) {
        self.calls[target as usize] += 1;
    }

    /// All cycles counted.
    pub fn total(&self) -> u64 {
        self.cycles.iter().sum()
    }

    /// The cycles and calls of each symbol that has any, most cycles
    /// first, with [`NO_SYMBOL`]'s row if any address outside them ran.
    pub fn by_function(&self, symbols: &[Symbol]) -> Vec<Row> {
        let owner = owners(symbols);
        let mut rows: Vec<Row> = symbols
            .iter()
            .map(|s| Row { name: s.name.clone(), cycles: 0, calls: self.calls[s.start as usize] })
            .collect();
        let mut outside = Row { name: NO_SYMBOL.into(), cycles: 0, calls: 0 };
        for (addr, &cycles) in self.cycles.iter().enumerate().filter(|(_, &c)| c > 0) {
            rows.get_mut(owner[addr]).unwrap_or(&mut outside).cycles += cycles;
        }
        rows.push(outside);
        rows.retain(|r| r.cycles > 0);
        rows.sort_by(|a, b| b.cycles.cmp(&a.cycles).then_with(|| a.name.cmp(&b.name)));
        rows
    }

    /// The report: the `top` rows with the most cycles, as lines.
    pub fn report(&self, symbols: &[Symbol], top: usize) -> Vec<String> {
        let total = self.total();
        let rows = self.by_function(symbols);
        let mut lines = vec![
            format!("profile: {total} cycles, every one the PC's function's (calls: JSRs to its start)"),
            format!("profile: {:>12} {:>6} {:>9}  function", "cycles", "share", "calls"),
        ];
        for row in rows.iter().take(top) {
            let share = 100.0 * row.cycles as f64 / total.max(1) as f64;
            lines.push(format!("profile: {:>12} {share:>5.1}% {:>9}  {}", row.cycles, row.calls, row.name));
        }
        if rows.len() > top {
            let rest: u64 = rows[top..].iter().map(|r| r.cycles).sum();
            let share = 100.0 * rest as f64 / total.max(1) as f64;
            lines.push(format!("profile: {rest:>12} {share:>5.1}% {:>9}  ({} more)", "", rows.len() - top));
        }
        lines
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A minimal ELF32 little-endian file: the header, a null section,
    /// `sections` (name, type, contents, link) and last a `.shstrtab`
    /// naming them all.
    pub(super) fn elf_of(sections: &[(&str, u32, &[u8], u32)]) -> Vec<u8> {
        let mut names = vec![0u8];
        let mut add_name = |name: &str| {
            let at = names.len() as u32;
            names.extend_from_slice(name.as_bytes());
            names.push(0);
            at
        };
        let mut table: Vec<(u32, u32, &[u8], u32)> =
            sections.iter().map(|&(name, kind, contents, link)| (add_name(name), kind, contents, link)).collect();
        let shstrtab = (add_name(".shstrtab"), 3, &names[..], 0);
        table.push(shstrtab);
        let mut file = vec![0u8; 52];
        file[..6].copy_from_slice(b"\x7FELF\x01\x01");
        let mut headers = vec![0u8; 40]; // the null section
        for (name, kind, contents, link) in table.iter().copied() {
            let mut h = [0u8; 40];
            h[..4].copy_from_slice(&name.to_le_bytes());
            h[4..8].copy_from_slice(&kind.to_le_bytes());
            h[16..20].copy_from_slice(&(file.len() as u32).to_le_bytes());
            h[20..24].copy_from_slice(&(contents.len() as u32).to_le_bytes());
            h[24..28].copy_from_slice(&link.to_le_bytes());
            headers.extend_from_slice(&h);
            if kind != SHT_NOBITS {
                file.extend_from_slice(contents);
            }
        }
        let (count, headers_at) = (table.len() as u16 + 1, file.len() as u32);
        file[0x20..0x24].copy_from_slice(&headers_at.to_le_bytes());
        file[0x2E..0x30].copy_from_slice(&40u16.to_le_bytes());
        file[0x30..0x32].copy_from_slice(&count.to_le_bytes());
        file[0x32..0x34].copy_from_slice(&(count - 1).to_le_bytes());
        file.extend_from_slice(&headers);
        file
    }

    /// An ELF file of a symbol table and its string table, with `symbols`
    /// (name, value, size, type).
    fn elf(symbols: &[(&str, u32, u32, u8)]) -> Vec<u8> {
        let mut strings = vec![0u8];
        let mut table = vec![0u8; SYMBOL_BYTES]; // symbol 0 is null
        for &(name, value, size, kind) in symbols {
            table.extend_from_slice(&(strings.len() as u32).to_le_bytes());
            table.extend_from_slice(&value.to_le_bytes());
            table.extend_from_slice(&size.to_le_bytes());
            table.extend_from_slice(&[kind, 0, 5, 0]); // st_info, st_other, st_shndx
            strings.extend_from_slice(name.as_bytes());
            strings.push(0);
        }
        elf_of(&[(".symtab", SHT_SYMTAB, &table, 2), (".strtab", 3, &strings, 0)])
    }

    fn read_functions(bytes: &[u8]) -> Result<Vec<Symbol>, String> {
        functions(&Elf::parse(bytes)?)
    }

    #[test]
    fn the_elf_reader_finds_functions_and_sized_objects_by_address() {
        let file = elf(&[
            ("_ZN11engine_core4make10make_keyed17h0123456789abcdefE", 0x0900, 0x40, STT_FUNC),
            ("__ashlhi3", 0x0840, 19, STT_FUNC),
            ("JIFFY_IRQ", 0x2000, 8, STT_OBJECT),
            ("__stack", 0x0800, 0, 0),         // no type, no size: left out
            ("empty", 0x0850, 0, STT_FUNC),    // no size: left out
            ("banked", 0x1_0000, 4, STT_FUNC), // past 16 bits: left out
        ]);
        let symbols = read_functions(&file).unwrap();
        let names: Vec<(&str, u16, u16, bool)> =
            symbols.iter().map(|s| (s.name.as_str(), s.start, s.size, s.function)).collect();
        assert_eq!(
            names,
            [
                ("__ashlhi3", 0x0840, 19, true),
                ("engine_core::make::make_keyed", 0x0900, 0x40, true),
                ("JIFFY_IRQ", 0x2000, 8, false)
            ]
        );
        assert_eq!(
            read_functions(b"\x7FELF\x02\x01").unwrap_err(),
            "not a 32-bit little-endian ELF (llvm-mos writes those)"
        );
        assert_eq!(read_functions(b"#!/bin/sh").unwrap_err(), "not an ELF file");
        assert!(read_functions(&file[..60]).unwrap_err().contains("the ELF ends at 60 bytes"));
    }

    #[test]
    fn the_elf_reader_finds_sections_by_name() {
        let file = elf_of(&[
            (".text", 1, &[0xEA, 0x60], 0),
            (".bss", SHT_NOBITS, &[0; 9], 0), // takes no room in the file
            (".debug_line", 1, b"lines", 0),
            (".debug_line", 1, b"second", 0),
        ]);
        let elf = Elf::parse(&file).unwrap();
        assert_eq!(elf.section(".text"), Ok(Some(&[0xEA, 0x60][..])));
        assert_eq!(elf.section(".bss"), Ok(Some(&[][..])));
        assert_eq!(elf.section(".debug_line"), Ok(Some(&b"lines"[..])), "the first of the name");
        assert_eq!(elf.section(".debug_info"), Ok(None));
        assert_eq!(elf.section(".debug"), Ok(None), "a whole name, not a prefix");
        assert!(elf.section(".shstrtab").unwrap().is_some_and(|names| names.ends_with(b".shstrtab\0")));
        // Without a section names' table (e_shstrndx 0) no section has a name.
        let mut unnamed = file.clone();
        unnamed[0x32..0x34].fill(0);
        assert_eq!(Elf::parse(&unnamed).unwrap().section(".text"), Ok(None));
        assert_eq!(read_functions(&file).unwrap_err(), "no symbol table (.symtab): stripped?");
    }

    #[test]
    fn rust_names_are_demangled() {
        let cases = [
            ("_ZN11engine_core6search8Searcher7negamax17h88dcf8e4dd84d1ffE", "engine_core::search::Searcher::negamax"),
            (
                "_ZN68_$LT$c64chess_prg..display..Chars$u20$as$u20$c64..screen..Screen$GT$3put17h4c556d818cce07a8E",
                "<c64chess_prg::display::Chars as c64::screen::Screen>::put",
            ),
            ("_ZN4core3ptr28_$u7b$$u7b$closure$u7d$$u7d$E", "core::ptr::{{closure}}"),
            ("__udivmodsi4", "__udivmodsi4"),
            ("_ZN3badE1", "_ZN3badE1"),
        ];
        for (mangled, plain) in cases {
            assert_eq!(demangle(mangled), plain, "{mangled}");
        }
    }

    #[test]
    fn every_cycle_goes_to_the_symbol_holding_the_pc() {
        let symbols = vec![
            Symbol { name: "caller".into(), start: 0x1000, size: 0x10, function: true },
            Symbol { name: "callee".into(), start: 0x1010, size: 4, function: true },
            Symbol { name: "table".into(), start: 0x100E, size: 8, function: false },
            Symbol { name: "idle".into(), start: 0x3000, size: 4, function: true },
        ];
        let mut profile = Profile::default();
        profile.count(0x1000, 6); // caller's JSR
        profile.call(0x1010);
        profile.count(0x1010, 2);
        profile.count(0x1013, 6); // callee's last byte, its RTS
        profile.call(0x1010);
        profile.count(0x100F, 3); // caller's, though the object covers it
        profile.count(0x1015, 4); // the object's own byte past callee
        profile.count(0x2000, 7); // no symbol
        let rows = profile.by_function(&symbols);
        let got: Vec<(&str, u64, u64)> = rows.iter().map(|r| (r.name.as_str(), r.cycles, r.calls)).collect();
        assert_eq!(got, [("caller", 9, 0), ("callee", 8, 2), (NO_SYMBOL, 7, 0), ("table", 4, 0)]);
        assert_eq!(rows.iter().map(|r| r.cycles).sum::<u64>(), profile.total());
        let lines = profile.report(&symbols, 2);
        assert_eq!(lines.len(), 5);
        assert!(lines[0].contains("28 cycles"), "{lines:?}");
        assert!(lines[2].contains(" 32.1%") && lines[2].ends_with("  caller"), "{lines:?}");
        assert!(lines[4].contains("(2 more)") && lines[4].contains("11"), "{lines:?}");
    }
}
