//! `menagerie` binary entry point.

use clap::Parser;
use engine::cli::{run, Cli};
use std::io::Write;

fn main() {
    let cli = Cli::parse();
    if cli.command.is_none() {
        let stdin = std::io::stdin();
        let defaults = engine::protocol::Options::default();
        let opts = engine::protocol::Options {
            random_mover: cli.random_mover,
            skill_level: cli.skill_level.unwrap_or(defaults.skill_level),
            ..defaults
        };
        engine::stdio::run_with(stdin.lock(), std::io::stdout(), opts);
        return;
    }
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let result = run(&cli, &mut out);
    let _ = out.flush();
    if let Err(e) = result {
        eprintln!("error: {}", e.message);
        std::process::exit(e.code);
    }
}
