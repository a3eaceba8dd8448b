//! `kakuro completions SHELL` and `kakuro man`: the shell completion scripts and the manual
//! page, both generated from the command line's own clap definitions, so they never fall
//! behind it.

use std::io::Write;
use std::process::ExitCode;

use anyhow::Result;
use clap::CommandFactory;
use clap_complete::Shell;

use super::{Cli, output};

/// Prints the completion script for `shell`.
pub fn completions(shell: Shell) -> Result<ExitCode> {
    let mut out = output::stdout();
    let mut script = Vec::new();
    clap_complete::generate(shell, &mut Cli::command(), "kakuro", &mut script);
    out.write_all(&script)?;
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

/// Prints the manual page, in roff.
pub fn man() -> Result<ExitCode> {
    let mut out = output::stdout();
    out.write_all(&page()?)?;
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

/// The manual page: the top-level page (its SUBCOMMANDS section lists every subcommand), then a
/// section per subcommand with its own options.
fn page() -> Result<Vec<u8>> {
    let command = Cli::command();
    let mut page = Vec::new();
    let man = clap_mangen::Man::new(command.clone());
    man.render_title(&mut page)?;
    man.render_name_section(&mut page)?;
    man.render_synopsis_section(&mut page)?;
    man.render_description_section(&mut page)?;
    man.render_options_section(&mut page)?;
    man.render_subcommands_section(&mut page)?;
    for sub in command.get_subcommands().filter(|s| s.get_name() != "help") {
        let name = sub.get_name();
        writeln!(page, ".SH \"KAKURO {}\"", name.to_uppercase())?;
        let sub_man = clap_mangen::Man::new(sub.clone().bin_name(format!("kakuro {name}")));
        let mut part = Vec::new();
        sub_man.render_synopsis_section(&mut part)?;
        sub_man.render_description_section(&mut part)?;
        sub_man.render_options_section(&mut part)?;
        // Each subcommand's parts go under its own heading, as subsections.
        page.extend(
            String::from_utf8_lossy(&part)
                .replace(".SH ", ".SS ")
                .bytes(),
        );
    }
    man.render_version_section(&mut page)?;
    Ok(page)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_man_page_has_a_section_for_every_subcommand() {
        let page = String::from_utf8(page().unwrap()).unwrap();
        assert!(page.starts_with(".ie"), "{}", &page[..80]);
        for sub in Cli::command().get_subcommands() {
            let name = sub.get_name();
            if name != "help" {
                assert!(
                    page.contains(&format!(".SH \"KAKURO {}\"", name.to_uppercase())),
                    "{name}"
                );
            }
        }
    }
}
