//! The teacher's page's texts: their keys and tables live with every other text
//! (`retry_lab_text::teacher_keys`); the page reads them from here.
pub use retry_lab_text::teacher_keys::*;
