//! `menagerie` binary entry point.

use clap::{CommandFactory, FromArgMatches};
use engine::cli::{run, Cli};
use std::io::Write;

fn main() {
    // First of all: the fast build checks the CPU, the portable one may hand over to it.
    engine::platform::start();
    // clap prints "menagerie " before the version text; the text is built once, at run time.
    let version: &'static str = Box::leak(engine::platform::version_details().into_boxed_str());
    let matches = Cli::command().version(version).get_matches();
    let cli = Cli::from_arg_matches(&matches).unwrap_or_else(|e| e.exit());
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
