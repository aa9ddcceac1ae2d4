//! `bench` and `drive`: the fixed workloads, timed.

use std::process::ExitCode;
use std::time::Instant;

use engine_core::bench::{bench, drive_default, Report, BENCH_POSITIONS, DRIVE_LEVEL};
use engine_core::level::level;
use engine_core::Searcher;

use crate::matchplay::openings;
use crate::out::outln;

fn summary(what: &str, r: &Report, secs: f64) {
    outln!(
        "{what}: searches {} nodes {} time {secs:.3} s nps {:.0} digest {:08x}",
        r.searches,
        r.nodes,
        r.nodes as f64 / secs.max(1e-9),
        r.digest.0
    );
}

/// Search the bench positions; print each result and the totals. The total
/// node count is the search fingerprint quoted as `Bench: N`.
pub fn run_bench(verbose: bool) -> ExitCode {
    let mut searcher = Box::new(Searcher::new());
    let start = Instant::now();
    let report = bench(&mut searcher, |i, r| {
        if verbose {
            outln!(
                "{:2} {:>6} nodes depth {} best {} score {}  {}",
                i + 1,
                r.nodes,
                r.depth,
                r.best,
                r.score,
                BENCH_POSITIONS[i]
            );
        }
    });
    summary("bench", &report, start.elapsed().as_secs_f64());
    outln!("Bench: {}", report.nodes);
    ExitCode::SUCCESS
}

/// Search every balanced opening at `skill` (1..=4) from a new game (seed
/// 0); print the mean nodes and completed depth a search. The node budget
/// is the most a level may spend; this is what it does spend, so a change
/// that alters the search can be checked for buying its strength with
/// longer waits.
pub fn run_openings(skill: u8, verbose: bool) -> ExitCode {
    let openings = match openings::built_in() {
        Ok(openings) => openings,
        Err(e) => {
            eprintln!("c64chess: {e}");
            return ExitCode::FAILURE;
        }
    };
    let mut searcher = Box::new(Searcher::new());
    let start = Instant::now();
    let (mut nodes, mut depth) = (0u64, 0u64);
    for opening in &openings {
        searcher.new_game(0);
        let r = searcher.search(&opening.pos, level(skill), &mut ());
        if verbose {
            outln!("{:>6} nodes depth {} best {}  {}", r.nodes, r.depth, r.best, opening.fen);
        }
        nodes += u64::from(r.nodes);
        depth += u64::from(r.depth);
    }
    let n = openings.len() as f64;
    outln!(
        "level {skill}: {} openings, {:.1} nodes and depth {:.3} a search on average, {nodes} nodes in {:.2} s",
        openings.len(),
        nodes as f64 / n,
        depth as f64 / n,
        start.elapsed().as_secs_f64()
    );
    ExitCode::SUCCESS
}

/// Replay the fixed endings at the drive level's budget.
pub fn run_drive(verbose: bool) -> ExitCode {
    let mut searcher = Box::new(Searcher::new());
    let start = Instant::now();
    let report = drive_default(&mut searcher, &mut (), |r| {
        if verbose {
            outln!("{:>6} nodes depth {} best {} score {}", r.nodes, r.depth, r.best, r.score);
        }
    });
    summary(&format!("drive level {DRIVE_LEVEL}"), &report, start.elapsed().as_secs_f64());
    ExitCode::SUCCESS
}
