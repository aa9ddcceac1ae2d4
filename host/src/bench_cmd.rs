//! `bench` and `drive`: the fixed workloads, timed.

use std::process::ExitCode;
use std::time::Instant;

use engine_core::bench::{bench, drive_default, Report, BENCH_POSITIONS, DRIVE_LEVEL};
use engine_core::Searcher;

fn summary(what: &str, r: &Report, secs: f64) {
    println!(
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
            println!(
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
    println!("Bench: {}", report.nodes);
    ExitCode::SUCCESS
}

/// Replay the fixed endings at the drive level's budget.
pub fn run_drive(verbose: bool) -> ExitCode {
    let mut searcher = Box::new(Searcher::new());
    let start = Instant::now();
    let report = drive_default(&mut searcher, &mut (), |r| {
        if verbose {
            println!("{:>6} nodes depth {} best {} score {}", r.nodes, r.depth, r.best, r.score);
        }
    });
    summary(&format!("drive level {DRIVE_LEVEL}"), &report, start.elapsed().as_secs_f64());
    ExitCode::SUCCESS
}
