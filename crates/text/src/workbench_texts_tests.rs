//! The workbench's own sentences built from parts: the status line of each change to the steps
//! (and of its undoing), and a safe program's needless checks named, in both languages.
use super::*;
use retry_lab_core::lab::workbench::Edit;
use retry_lab_core::sim::workbench::{Constraint, Effect, Step};

fn every_edit() -> Vec<Edit> {
    vec![
        Edit::Added {
            step: Step::Insert,
            at: 0,
            n: 1,
        },
        Edit::Removed {
            step: Step::Ack,
            at: 2,
        },
        Edit::Moved {
            step: Step::Apply,
            from: 3,
            to: 0,
        },
        Edit::Cleared,
        Edit::Preset {
            id: "check_then_insert",
            replaced: true,
            constraint: Some(Constraint::Absent),
        },
        Edit::Preset {
            id: "insert_first",
            replaced: false,
            constraint: None,
        },
    ]
}

#[test]
fn every_change_and_its_undoing_reads_as_one_sentence_in_both_languages() {
    for lang in [Lang::Es, Lang::En] {
        let t = lang.wb();
        for e in every_edit() {
            for undone in [false, true] {
                let s = t.status(e, undone, Effect::Add, Constraint::Unique);
                assert!(
                    !s.contains('{') && s.ends_with('.'),
                    "{lang:?} {e:?}: «{s}»"
                );
                assert!(!s.contains(".."), "{lang:?}: «{s}»");
                let first = s.chars().next().unwrap();
                assert!(first.is_uppercase(), "{lang:?}: «{s}»");
            }
        }
    }
    let es = Lang::Es.wb();
    let removed = Edit::Removed {
        step: Step::Ack,
        at: 2,
    };
    assert_eq!(
        es.status(removed, true, Effect::Add, Constraint::Unique),
        "Deshiciste este cambio: quitaste «Enviar el ack al broker», que era el paso 3."
    );
    // A pattern that set the table says so while it is the latest change, in the past tense
    // (still true once the table is changed again); its undoing does not.
    let cti = every_edit()[4];
    let loaded = es.status(cti, false, Effect::Add, Constraint::Unique);
    assert!(
        loaded.ends_with("con su tabla de marcas: «Sin restricción de unicidad»."),
        "{loaded}"
    );
    let undone = es.status(cti, true, Effect::Add, Constraint::Unique);
    assert!(!undone.contains("tabla"), "{undone}");
    // The insert block is named for the table it runs against.
    let added = every_edit()[0];
    assert!(es
        .status(added, false, Effect::Add, Constraint::Absent)
        .contains("«Insertar la marca (sin restricción de unicidad)»"));
}

#[test]
fn needless_checks_are_named_by_their_places() {
    let es = Lang::Es.wb();
    assert_eq!(es.redundant(&[]), None);
    assert!(es
        .redundant(&[1])
        .unwrap()
        .starts_with("El paso 2, «¿Ya vi este id?», no añade"));
    assert!(es
        .redundant(&[1, 4])
        .unwrap()
        .starts_with("Los pasos 2 y 5, "));
    assert!(Lang::En
        .wb()
        .redundant(&[0, 3, 6])
        .unwrap()
        .starts_with("Steps 1, 4 and 7, "));
}
