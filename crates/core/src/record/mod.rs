//! The learning record: what the lab and its workbench tell a learning record store, as xAPI
//! 1.0.3 statements built in plain Rust from the lab's state (an answer is the reducer's one
//! verdict, written down), and the contract the teacher's report reads them back by. The page
//! only names things (`retry_lab_text::progress`) and posts what this returns.
pub mod class;
pub mod contract;
mod lab;
mod statement;

pub use lab::{
    interaction, messages, ready, session, shown, workbench_messages, Statements, WbWords, Words,
};
pub use statement::{statement, Interaction, Names, Object, Session, Verb};
