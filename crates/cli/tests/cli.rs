//! The native runner's `check` command as an author runs it: JSON on success, exit code 2 and
//! a message on bad input.
use std::process::Command;

fn simulate(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_simulate"))
        .args(args)
        .output()
        .expect("run simulate");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into(),
        String::from_utf8_lossy(&out.stderr).into(),
    )
}

#[test]
fn check_prints_the_verdict_as_one_json_object() {
    let (code, out, _) = simulate(&[
        "check",
        "--steps",
        "begin,insert,apply,commit,ack",
        "--effect",
        "add",
    ]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(v["verdict"], serde_json::json!(["safe"]));
    assert!(v["states"].as_u64().unwrap() > 0);

    // The effect defaults to add; the naive consumer's run is two moves of a and b.
    let (code, out, _) = simulate(&["check", "--steps", "apply,ack"]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(v["verdict"], serde_json::json!(["double_effect"]));
    let run = v["counterexamples"]["double_effect"].as_array().unwrap();
    assert!(run
        .iter()
        .all(|m| m["step"] == "apply" || m["step"] == "crash" || m["step"] == "ack"));

    let (_, out, _) = simulate(&[
        "check",
        "--steps",
        "begin,insert,apply,commit,ack",
        "--effect",
        "email",
    ]);
    assert!(out.contains("\"double_effect\""), "{out}");
}

#[test]
fn check_refuses_bad_programs_with_exit_code_2() {
    let thirteen = ["ack"; 13].join(",");
    for args in [
        vec!["check", "--steps", "begin,teleport"],
        vec!["check", "--steps", thirteen.as_str()],
        vec!["check", "--steps", "ack", "--effect", "fax"],
        vec!["check", "--steps", ""],
        vec!["check"],
        vec!["check", "--steps"],
        vec!["check", "--bogus", "x"],
    ] {
        let (code, out, err) = simulate(&args);
        assert_eq!(code, 2, "{args:?}");
        assert!(out.is_empty(), "{args:?}: {out}");
        assert!(err.starts_with("simulate check: "), "{args:?}: {err}");
    }
}
