//! The `kakuro` binary: no subcommand opens the app; subcommands are the command line.

mod cli;

use std::process::ExitCode;

fn main() -> ExitCode {
    cli::quiet_panics();
    let args = match cli::parse_args() {
        Ok(args) => args,
        Err(code) => return code,
    };
    match std::panic::catch_unwind(|| cli::run(args)) {
        Ok(Ok(code)) => code,
        Ok(Err(err)) => cli::report(&err),
        // The panic hook already printed the one-line message.
        Err(_) => ExitCode::from(cli::EXIT_INVALID),
    }
}
