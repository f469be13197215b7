//! The Menagerie engine's front ends, each of which decodes its input, drives a game of the
//! session crate (`session`, over the search crate `search`) and encodes the answer: UCI
//! ([`uci`]) and XBoard with every variant's dialect ([`xboard`]) on a stream ([`stdio`], over
//! their shared parts in [`protocol`]), the web board ([`gui`]), the match runner ([`runner`]),
//! the tuner ([`tune`]), the terminal game ([`play`]) and the command line ([`cli`], with the
//! argument helpers of [`args`]); [`pieces`] embeds the piece pictures.
#![forbid(unsafe_code)]

pub mod args;
pub mod cli;
pub mod clock;
pub mod gui;
pub mod pieces;
pub mod platform;
pub mod play;
pub mod protocol;
pub mod runner;
pub mod stdio;
pub mod tune;
pub mod uci;
pub mod xboard;
