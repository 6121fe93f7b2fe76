// `speed` names `servo` back by a written path (servo -> speed -> servo). Before it, a raw
// string, a string with an escaped quote and a char literal that a reader of text would take
// for code: a `use` of `app` and an unclosed brace.
const HELP: &str = r#"use crate::app::c; "quoted" {"#;
const QUOTE: &str = "\" use crate::app::a; {";
const OPEN: char = '{';

pub fn r#fastest() -> u32 {
    let _said = (HELP, QUOTE, OPEN);
    let _bound = super::servo::Bound;
    0
}
