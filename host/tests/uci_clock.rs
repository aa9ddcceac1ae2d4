//! Time control: two engine processes play each other at 1 s + 0.01 s per
//! move, driven through `go wtime/btime/winc/binc` exactly as a GUI drives
//! them, for up to 60 moves each. The clock is measured here, from sending
//! `go` to reading `bestmove` (pipe latency included), and must never run
//! out.

mod uci_support;

use std::time::{Duration, Instant};

use uci_support::*;

const START_MS: i64 = 1000;
const INC_MS: i64 = 10;
const MOVES: usize = 60;

#[test]
fn never_loses_on_time_at_one_second_plus_a_hundredth() {
    let mut engines = [Engine::start(), Engine::start()];
    let mut clocks = [START_MS, START_MS];
    let mut lowest = [START_MS, START_MS];
    let mut game: Vec<String> = Vec::new();
    let started = Instant::now();
    for e in &mut engines {
        e.send("uci");
        e.read_until(PROMPT, |l| l == "uciok");
        e.send("ucinewgame");
        e.sync();
    }
    while game.len() < 2 * MOVES {
        let side = game.len() % 2;
        let e = &mut engines[side];
        e.send(&format!("position startpos moves {}", game.join(" ")));
        e.sync();
        let sent = Instant::now();
        e.send(&format!("go wtime {} btime {} winc {INC_MS} binc {INC_MS}", clocks[0], clocks[1]));
        let best = e.bestmove();
        let used = sent.elapsed().as_millis() as i64;
        clocks[side] -= used;
        assert!(clocks[side] > 0, "side {side} lost on time at ply {}: used {used} ms", game.len());
        lowest[side] = lowest[side].min(clocks[side]);
        clocks[side] += INC_MS;
        if best == "0000" {
            break;
        }
        assert!(is_legal(&replay(&game), &best), "{best} at ply {}", game.len());
        game.push(best);
    }
    let wall = started.elapsed();
    eprintln!("{} plies in {:.2} s; clocks left {clocks:?} ms; lowest {lowest:?} ms", game.len(), wall.as_secs_f64());
    assert!(wall < Duration::from_secs(20));
    for e in engines {
        e.quit();
    }
}
