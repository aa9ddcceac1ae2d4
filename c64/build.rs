//! The `disk` cfg: saving and loading are in every build of the `c64`
//! crate (the host's, the tests') but the C64 program's (feature `prg`),
//! whose memory they do not fit yet, unless feature `disk` asks for them
//! there too (to type-check and measure them: tools/c64-check).
fn main() {
    println!("cargo::rustc-check-cfg=cfg(disk)");
    let prg = std::env::var_os("CARGO_FEATURE_PRG").is_some();
    let disk = std::env::var_os("CARGO_FEATURE_DISK").is_some();
    if !prg || disk {
        println!("cargo::rustc-cfg=disk");
    }
}
