//! The command line of the judged servers: `--name value` (or `--name=value`), `--flag`,
//! `-h`/`--help`, parsed by hand (no argument-parsing dependency). Each server lists its
//! options once, in a [`Command`]; that list is both what `--help` prints and what the
//! parser accepts. Secrets (the `requestState` key) are not options: other users of the
//! machine can read a process's arguments, so those come from the environment.

use std::str::FromStr;

/// One option of a server.
pub(crate) struct Opt {
    /// `--page-port`.
    pub(crate) name: &'static str,
    /// What follows the name (`N`, `URL`), or `""` for a flag.
    pub(crate) value: &'static str,
    /// What it does, with its default.
    pub(crate) help: String,
}

/// A server's command line: what `--help` prints, and the options the parser accepts.
pub(crate) struct Command {
    /// The binary's name.
    pub(crate) name: &'static str,
    /// The arguments after the name, in the usage line (`[OPTIONS]`, `[OPTIONS] [PORT]`).
    pub(crate) usage: &'static str,
    /// What the server is, in a sentence or two.
    pub(crate) about: &'static str,
    /// Every option, in the order `--help` lists them.
    pub(crate) options: Vec<Opt>,
    /// The environment variables it reads (secrets only), and what for.
    pub(crate) environment: Vec<(&'static str, String)>,
}

/// Why the command line does not start the server.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Stop {
    /// `-h` or `--help`.
    Help,
    /// A bad argument: what is wrong with it and what is allowed.
    Bad(String),
}

/// One argument, its value taken.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Arg {
    /// A known option and its value (`""` for a flag).
    Named(&'static str, String),
    /// An argument that is not an option (conformance_server's `PORT`).
    Positional(String),
}

impl Command {
    /// The text of `--help`.
    pub(crate) fn help(&self) -> String {
        let mut text = format!("usage: {} {}\n\n{}\n\noptions:\n", self.name, self.usage, self.about);
        let width = self.options.iter().map(|o| o.name.len() + 1 + o.value.len()).max().unwrap_or(0).max("-h, --help".len());
        for option in &self.options {
            let head = if option.value.is_empty() { option.name.to_owned() } else { format!("{} {}", option.name, option.value) };
            text.push_str(&format!("  {head:width$}  {}\n", option.help));
        }
        text.push_str(&format!("  {:width$}  print this help\n", "-h, --help"));
        if !self.environment.is_empty() {
            text.push_str("\nenvironment (secrets only: other users of the machine can read a process's arguments):\n");
            let width = self.environment.iter().map(|(name, _)| name.len()).max().unwrap_or(0);
            for (name, help) in &self.environment {
                text.push_str(&format!("  {name:width$}  {help}\n"));
            }
        }
        text
    }

    /// The arguments `args` (without the program's name), one at a time.
    pub(crate) fn args<I: IntoIterator<Item = String>>(&self, args: I) -> Args<'_, I::IntoIter> {
        Args { command: self, rest: args.into_iter() }
    }

    /// Prints the help (on stdout, exit code 0) or the error (on stderr, exit code 2) and exits.
    pub(crate) fn exit(&self, stop: Stop) -> ! {
        match stop {
            Stop::Help => {
                print!("{}", self.help());
                std::process::exit(0)
            }
            Stop::Bad(message) => {
                eprintln!("{}: {message}\n(`{} --help` lists the options and their defaults)", self.name, self.name);
                std::process::exit(2)
            }
        }
    }

    /// `the options are --a, --b, --c`, for an error message.
    fn allowed(&self) -> String {
        let names: Vec<&str> = self.options.iter().map(|o| o.name).collect();
        if names.is_empty() { format!("{} takes no options", self.name) } else { format!("the options are {}", names.join(", ")) }
    }
}

/// The arguments of a [`Command`], one at a time.
pub(crate) struct Args<'a, I> {
    command: &'a Command,
    rest: I,
}

impl<I: Iterator<Item = String>> Args<'_, I> {
    /// The next argument, with its value when the option takes one; an unknown option, a
    /// missing value or a value given to a flag is an error, `-h`/`--help` is [`Stop::Help`].
    pub(crate) fn next(&mut self) -> Result<Option<Arg>, Stop> {
        let Some(arg) = self.rest.next() else { return Ok(None) };
        if arg == "-h" || arg == "--help" {
            return Err(Stop::Help);
        }
        if !arg.starts_with('-') || arg == "-" {
            return Ok(Some(Arg::Positional(arg)));
        }
        let (name, inline) = match arg.split_once('=') {
            Some((name, value)) => (name, Some(value.to_owned())),
            None => (arg.as_str(), None),
        };
        let Some(option) = self.command.options.iter().find(|o| o.name == name) else {
            return Err(Stop::Bad(format!("unknown option `{name}`; {}", self.command.allowed())));
        };
        match (option.value.is_empty(), inline) {
            (true, None) => Ok(Some(Arg::Named(option.name, String::new()))),
            (true, Some(value)) => Err(Stop::Bad(format!("`{name}` is a flag and takes no value (got `{value}`)"))),
            (false, Some(value)) => Ok(Some(Arg::Named(option.name, value))),
            (false, None) => match self.rest.next() {
                Some(value) => Ok(Some(Arg::Named(option.name, value))),
                None => Err(Stop::Bad(format!("`{name}` needs a value: {} {}", option.name, option.value))),
            },
        }
    }
}

/// `value` parsed as the value of option `name`; the error says what is `allowed`.
pub(crate) fn parse<T: FromStr>(name: &str, value: &str, allowed: &str) -> Result<T, Stop> {
    value.parse().map_err(|_| bad(name, value, allowed))
}

/// The error for a value of option `name` that is not one of what is `allowed`.
pub(crate) fn bad(name: &str, value: &str, allowed: &str) -> Stop {
    Stop::Bad(format!("invalid value `{value}` for `{name}`: expected {allowed}"))
}

/// The one optional `PORT` argument of a server: the first positional argument, and no
/// second one.
#[allow(dead_code, reason = "stdio_server takes no PORT; the servers over HTTP do")]
pub(crate) fn port(port: &mut Option<u16>, arg: &str) -> Result<(), Stop> {
    if port.is_some() {
        return Err(Stop::Bad(format!("unexpected argument `{arg}`: one PORT at most")));
    }
    *port = Some(parse("PORT", arg, "a port number, 0 to 65535")?);
    Ok(())
}
