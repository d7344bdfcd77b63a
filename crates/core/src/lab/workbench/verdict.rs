//! A workbench prediction and its one verdict: the four guesses, and which of them the checker
//! proved right for the program checked.
use crate::sim::workbench::{Failure, Report};

named_enum! {
    /// What the learner predicts before checking.
    pub enum Guess {
        Safe = "safe",
        DoubleEffect = "double_effect",
        Lost = "lost",
        Stuck = "stuck",
    }
}

impl Guess {
    /// The failure this guess names, or None for "safe".
    pub fn failure(self) -> Option<Failure> {
        match self {
            Guess::Safe => None,
            Guess::DoubleEffect => Some(Failure::DoubleEffect),
            Guess::Lost => Some(Failure::Lost),
            Guess::Stuck => Some(Failure::Stuck),
        }
    }
    /// Right when the program is safe and so was the guess, or the guessed failure can happen.
    pub fn right(self, r: &Report) -> bool {
        match self.failure() {
            None => r.safe(),
            Some(f) => r.failures.contains(&f),
        }
    }
}

/// The one judgement of a workbench prediction, made when the program is checked: the card and
/// the xAPI statement read it. Several guesses can be right at once (a program can both apply
/// twice and get stuck), so it keeps every one the checker proved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WbVerdict {
    pub guess: Guess,
    pub right_guesses: Vec<Guess>,
    /// Which check of this program it was (1 the first).
    pub attempt: u32,
}

impl WbVerdict {
    pub(super) fn of(guess: Guess, r: &Report, attempt: u32) -> WbVerdict {
        WbVerdict {
            guess,
            right_guesses: Guess::ALL.iter().copied().filter(|g| g.right(r)).collect(),
            attempt,
        }
    }

    pub fn right(&self) -> bool {
        self.right_guesses.contains(&self.guess)
    }
}
