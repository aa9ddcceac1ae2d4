//! `c64chess picture`: every scene against its committed picture in
//! `docs/pictures/`, made by the command itself, compared pixel for pixel
//! (decoded: a PNG encoder that packs the same picture otherwise cannot fail
//! it); bad input refused with a message and a status, never a panic.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The scenes, as `c64chess picture` names them (checked below against the
/// command's own list): each has `docs/pictures/<scene>.png`.
const SCENES: [&str; 11] =
    ["start", "game", "checkmate", "menu", "chooser", "overlay-a", "overlay-d", "overlay-b", "hint", "timed", "setup"];

fn picture(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_c64chess")).arg("picture").args(args).output().expect("run c64chess")
}

fn committed(scene: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/pictures").join(format!("{scene}.png"))
}

/// A PNG's size and its pixels as RGB, whatever its colour type.
fn decode(path: &Path) -> Result<(u32, u32, Vec<u8>), String> {
    let file = std::fs::File::open(path).map_err(|e| e.to_string())?;
    let mut decoder = png::Decoder::new(std::io::BufReader::new(file));
    decoder.set_transformations(png::Transformations::EXPAND | png::Transformations::STRIP_16);
    let mut reader = decoder.read_info().map_err(|e| e.to_string())?;
    let mut buffer = vec![0; reader.output_buffer_size().ok_or("too large")?];
    let info = reader.next_frame(&mut buffer).map_err(|e| e.to_string())?;
    let data = &buffer[..info.buffer_size()];
    let rgb = match info.color_type {
        png::ColorType::Rgb => data.to_vec(),
        png::ColorType::Rgba => data.chunks(4).flat_map(|p| [p[0], p[1], p[2]]).collect(),
        png::ColorType::Grayscale => data.iter().flat_map(|&g| [g, g, g]).collect(),
        png::ColorType::GrayscaleAlpha => data.chunks(2).flat_map(|p| [p[0], p[0], p[0]]).collect(),
        png::ColorType::Indexed => return Err("an indexed picture that did not expand".into()),
    };
    Ok((info.width, info.height, rgb))
}

/// The 8 × 8 cells (col, row) whose pixels differ, the first few.
fn differing_cells(stored: &[u8], now: &[u8]) -> String {
    let mut cells = Vec::new();
    for row in 0..25 {
        for col in 0..40 {
            let differs = (0..8).any(|y| {
                let at = ((row * 8 + y) * 320 + col * 8) * 3;
                stored[at..at + 24] != now[at..at + 24]
            });
            if differs {
                cells.push(format!("({col}, {row})"));
            }
        }
    }
    let more = if cells.len() > 12 { format!(" and {} more", cells.len() - 12) } else { String::new() };
    format!("{} cells: {}{more}", cells.len(), cells[..cells.len().min(12)].join(" "))
}

/// `UPDATE_SNAPSHOTS=1 cargo test -p c64chess --test picture` writes them
/// anew with the command (as the docs regenerate them); review each by eye.
#[test]
fn every_scene_matches_its_committed_picture() {
    let update = std::env::var_os("UPDATE_SNAPSHOTS").is_some();
    let mut failures = String::new();
    for scene in SCENES {
        let path =
            if update { committed(scene) } else { Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("{scene}.png")) };
        let out = picture(&[scene, path.to_str().unwrap()]);
        assert!(out.status.success(), "{scene}: {}", String::from_utf8_lossy(&out.stderr));
        let now = decode(&path).unwrap();
        assert_eq!((now.0, now.1), (320, 200), "{scene}");
        match decode(&committed(scene)) {
            Err(e) => failures += &format!("{}: {e}\n", committed(scene).display()),
            Ok(stored) if stored != now => {
                failures += &format!(
                    "{scene}: differs from docs/pictures/{scene}.png in {}\n",
                    differing_cells(&stored.2, &now.2)
                )
            }
            Ok(_) => {}
        }
    }
    assert!(
        failures.is_empty(),
        "{failures}look at the new pictures in {}; if they are right, `UPDATE_SNAPSHOTS=1 cargo test -p c64chess \
         --test picture` rewrites docs/pictures/ (review every change by eye before keeping it)",
        env!("CARGO_TARGET_TMPDIR")
    );
}

/// An unknown scene: status 2 and the list of scenes, which is `SCENES`.
#[test]
fn an_unknown_scene_is_refused_with_the_list() {
    let out = picture(&["nowhere", "x.png"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("invalid value 'nowhere'"), "{err}");
    assert!(err.contains(&format!("[possible values: {}]", SCENES.join(", "))), "{err}");
    assert!(!Path::new("x.png").exists());
}

/// A file that cannot be written: status 1 and the reason, not a panic.
#[test]
fn an_unwritable_file_is_an_error() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("no-such-dir/start.png");
    let out = picture(&["start", dir.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.starts_with("error: cannot write ") && err.contains("No such file or directory"), "{err}");
    // A directory in the file's place.
    let out = picture(&["start", env!("CARGO_TARGET_TMPDIR")]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).starts_with("error: cannot write "));
}
