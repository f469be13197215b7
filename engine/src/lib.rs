//! The Menagerie engine: command line (and, as they land, search and protocols).
#![forbid(unsafe_code)]

pub mod cli;
pub mod game;
pub mod gui;
pub mod pieces;
pub mod platform;
pub mod play;
pub mod protocol;
pub mod runner;
pub mod search;
pub mod tune;
pub mod variants;
