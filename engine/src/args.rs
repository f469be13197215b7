//! What the subcommands share in reading their arguments: the error a command line ends with
//! ([`CliError`], its message and exit code) and the variant argument.

use movegen::rules::VariantId;

/// An error for the user: message and exit code.
#[derive(Debug)]
pub struct CliError {
    /// Shown on stderr.
    pub message: String,
    /// Process exit code.
    pub code: i32,
}

/// A usage error (exit code 2).
pub fn usage(message: String) -> CliError {
    CliError { message, code: 2 }
}

/// A failure while running (exit code 1).
pub fn failed(message: String) -> CliError {
    CliError { message, code: 1 }
}

/// An error writing the output.
pub fn io_err(e: std::io::Error) -> CliError {
    failed(format!("output error: {e}"))
}

/// The variant named `name` (a usage error naming the known ids otherwise).
pub fn variant_arg(name: &str) -> Result<VariantId, CliError> {
    VariantId::parse(name).ok_or_else(|| {
        let all: Vec<&str> = VariantId::ALL.iter().map(|v| v.name()).collect();
        usage(format!("unknown variant `{name}` (known: {})", all.join(", ")))
    })
}
