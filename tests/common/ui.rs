//! Helpers for the tests that drive the editor through egui_kittest. Keys are sent the way
//! the real window (egui-winit) sends them: a shortcut is a key press and release with the
//! modifiers held, except Ctrl+C, Ctrl+X and Ctrl+V, which egui-winit turns into
//! `Event::Copy`, `Event::Cut` and `Event::Paste` with the system clipboard's text (and no
//! key press, only the release). The system clipboard is played by [`Desktop`].

use egui::{Event, Key, Modifiers, Pos2, Role};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use egui_plot::PlotPoint;
use mtn_studio::app::motion::MotionWidgets;
use mtn_studio::app::motion::view::Channel;
use mtn_studio::app::{MotionTab, StudioApp};
use mtn_studio::edit::Document;

/// A window of the usual size around `app`.
pub fn harness(app: StudioApp) -> Harness<'static, StudioApp> {
    harness_sized(app, [1400.0, 900.0])
}

/// `app` as the tests drive it: the null sink (no test plays through the machine's sound
/// card; `tests/suite/audio_sync.rs` measures the renderer with a clock of its own), and
/// background work (the simulation of each edit, the floor of a long motion) done in the
/// frame that asks for it, so what a test sees does not hang on a thread's timing. An
/// opened archive's motions are not judged on the floor (every motion simulated,
/// unoptimised): the test of that turns it on.
#[must_use]
pub fn for_tests(mut app: StudioApp) -> StudioApp {
    app.audio = mtn_studio::app::audio::Audio::off("tests play no sound");
    app.inline_jobs = true;
    app.judge_archives = false;
    app
}

/// A window of `size` around `app`.
pub fn harness_sized(app: StudioApp, size: [f32; 2]) -> Harness<'static, StudioApp> {
    let app = for_tests(app);
    // A background result (the floor's solution of a motion over 4,096 ticks) can arrive in
    // the middle of a run and lay the panels out again: a couple more frames than egui's
    // own four.
    Harness::builder()
        .with_size(size)
        .with_max_steps(8)
        .build_ui_state(|ui, app: &mut StudioApp| app.frame_ui(ui), app)
}

/// The motion tab in front.
pub fn tab<'a>(harness: &'a Harness<'_, StudioApp>) -> &'a MotionTab {
    harness
        .state()
        .active_motion()
        .expect("a motion tab is in front")
}

/// What the widgets of the motion tab in front keep (the timeline's transform, the
/// stage's camera).
pub fn widgets<'a>(harness: &'a Harness<'_, StudioApp>) -> &'a MotionWidgets {
    harness
        .state()
        .active_widgets()
        .expect("a motion tab is in front")
}

/// The document in front.
pub fn doc<'a>(harness: &'a Harness<'_, StudioApp>) -> &'a Document {
    &tab(harness).document
}

/// Everything the window has said, one message a line.
pub fn said(harness: &Harness<'_, StudioApp>) -> String {
    harness.state().status.log().join("\n")
}

/// How many of the window's messages contain `text`.
pub fn logged(harness: &Harness<'_, StudioApp>, text: &str) -> usize {
    harness
        .state()
        .status
        .log()
        .iter()
        .filter(|m| m.contains(text))
        .count()
}

/// Shows only FL_LEG_KNEE, as an animator would before grabbing its points: Hide all, then
/// tick the joint.
pub fn show_only_knee(harness: &mut Harness<'_, StudioApp>) {
    harness.get_by_label("Hide all").click();
    harness.run();
    harness
        .get_by_role_and_label(Role::CheckBox, "FL_LEG_KNEE")
        .scroll_to_me();
    harness.run();
    harness
        .get_by_role_and_label(Role::CheckBox, "FL_LEG_KNEE")
        .click();
    harness.run();
}

/// Where a keyframe of a channel is on screen now.
pub fn point_on_screen(harness: &Harness<'_, StudioApp>, k: usize, channel: Channel) -> Pos2 {
    let transform = widgets(harness)
        .timeline
        .transform
        .expect("the plot has been drawn");
    let tab = tab(harness);
    let time = tab.document.times_ms()[k] as f64;
    let value = mtn_studio::app::motion::view::value(&tab.document.motion, k, channel).unwrap();
    transform.position_from_point(&PlotPoint::new(time, mtn_studio::robot::urad_to_deg(value)))
}

/// Presses on `from`, moves in steps to `to`, releases.
pub fn drag(harness: &mut Harness<'_, StudioApp>, from: Pos2, to: Pos2) {
    harness.hover_at(from);
    harness.run();
    harness.drag_at(from);
    harness.run();
    for step in 1..=5 {
        let t = step as f32 / 5.0;
        harness.hover_at(from + (to - from) * t);
        harness.run();
    }
    harness.drop_at(to);
    harness.run();
}

/// Presses at `from` with `modifiers` held and moves to `to` in steps, holding the button, as
/// egui-winit sends it: the modifiers first, then the press and the moves, each carrying them.
pub fn hold_and_move(
    harness: &mut Harness<'_, StudioApp>,
    from: Pos2,
    to: Pos2,
    modifiers: Modifiers,
) {
    harness.event(egui::Event::ModifiersChanged(modifiers));
    harness.hover_at(from);
    harness.run();
    harness.event(egui::Event::PointerButton {
        pos: from,
        button: egui::PointerButton::Primary,
        pressed: true,
        modifiers,
    });
    harness.run();
    for step in 1..=6 {
        let t = step as f32 / 6.0;
        harness.hover_at(from + (to - from) * t);
        harness.run();
    }
}

/// A drag from `from` to `to` with `modifiers` held throughout (see [`hold_and_move`]), let
/// go there, then the modifiers.
pub fn drag_with(harness: &mut Harness<'_, StudioApp>, from: Pos2, to: Pos2, modifiers: Modifiers) {
    hold_and_move(harness, from, to, modifiers);
    harness.event(egui::Event::PointerButton {
        pos: to,
        button: egui::PointerButton::Primary,
        pressed: false,
        modifiers,
    });
    harness.run();
    harness.event(egui::Event::ModifiersChanged(Modifiers::NONE));
    harness.run();
}

/// Drags along the range strip above the timeline from one time to another (ms).
pub fn select_range(harness: &mut Harness<'_, StudioApp>, from_ms: f64, to_ms: f64) {
    let transform = widgets(harness).timeline.transform.unwrap();
    let strip = harness.get_by_label("Time range").rect();
    let y = strip.center().y;
    let from = egui::pos2(transform.position_from_point_x(from_ms), y);
    let to = egui::pos2(transform.position_from_point_x(to_ms), y);
    drag(harness, from, to);
}

/// A plain click at a point: the pointer moves there, presses and releases.
pub fn click_at(harness: &mut Harness<'_, StudioApp>, at: Pos2) {
    harness.hover_at(at);
    harness.run();
    harness.drag_at(at);
    harness.run();
    harness.drop_at(at);
    harness.run();
}

/// A button's press and release at a point, in one frame (the harness's frames are a
/// quarter of a second apart: two clicks a frame each are a double-click, as two quick
/// clicks are on a desktop).
fn press_and_release(harness: &mut Harness<'_, StudioApp>, at: Pos2, button: egui::PointerButton) {
    press_and_release_with(harness, at, button, Modifiers::NONE);
}

fn press_and_release_with(
    harness: &mut Harness<'_, StudioApp>,
    at: Pos2,
    button: egui::PointerButton,
    modifiers: Modifiers,
) {
    for pressed in [true, false] {
        harness.input_mut().events.push(egui::Event::PointerButton {
            pos: at,
            button,
            pressed,
            modifiers,
        });
    }
    harness.step();
}

/// A click with `modifiers` held down before it and let go after it, sent as egui-winit
/// sends it: the frames' modifiers, and each pointer event's own, say they are held.
pub fn click_with(harness: &mut Harness<'_, StudioApp>, at: Pos2, modifiers: Modifiers) {
    harness.event(egui::Event::ModifiersChanged(modifiers));
    harness.hover_at(at);
    harness.run();
    for pressed in [true, false] {
        harness.event(egui::Event::PointerButton {
            pos: at,
            button: egui::PointerButton::Primary,
            pressed,
            modifiers,
        });
        harness.run();
    }
    harness.event(egui::Event::ModifiersChanged(Modifiers::NONE));
    harness.run();
}

/// A quick click with `modifiers` held, let go within the same frame: egui-winit's pointer
/// events carry them, the frame's own modifiers (held at its end) are none.
pub fn quick_click_with(harness: &mut Harness<'_, StudioApp>, at: Pos2, modifiers: Modifiers) {
    harness.hover_at(at);
    harness.run();
    press_and_release_with(harness, at, egui::PointerButton::Primary, modifiers);
    harness.run();
}

/// Two clicks at a point in quick succession.
pub fn double_click_at(harness: &mut Harness<'_, StudioApp>, at: Pos2) {
    harness.hover_at(at);
    harness.run();
    press_and_release(harness, at, egui::PointerButton::Primary);
    press_and_release(harness, at, egui::PointerButton::Primary);
    harness.run();
}

/// A right-click at a point (a context menu opens there).
pub fn right_click_at(harness: &mut Harness<'_, StudioApp>, at: Pos2) {
    harness.hover_at(at);
    harness.run();
    press_and_release(harness, at, egui::PointerButton::Secondary);
    harness.run();
}

/// Replaces the text of a labelled field, as a user would: click, select all, type, and Tab
/// to the next control (Escape would take the typing back).
pub fn type_into(harness: &mut Harness<'_, StudioApp>, label: &str, text: &str) {
    harness.get_by_label(label).scroll_to_me();
    harness.run();
    harness.get_by_label(label).click();
    harness.run();
    shortcut(harness, Modifiers::COMMAND, Key::A);
    harness.key_press(Key::Backspace);
    harness.run();
    harness.get_by_label(label).type_text(text);
    harness.run();
    harness.key_press(Key::Tab);
    harness.run();
}

/// A key pressed with modifiers held, as egui-winit sends it (not for Ctrl+C/X/V: see
/// [`Desktop`]).
pub fn shortcut(harness: &mut Harness<'_, StudioApp>, modifiers: Modifiers, key: Key) {
    assert!(
        !(modifiers.command && matches!(key, Key::C | Key::X | Key::V)),
        "the real window never delivers this key press: use Desktop::copy, cut or paste"
    );
    harness.key_press_modifiers(modifiers, key);
    harness.run();
}

/// Ctrl plus a key.
pub fn ctrl(harness: &mut Harness<'_, StudioApp>, key: Key) {
    shortcut(harness, Modifiers::COMMAND, key);
}

/// Ctrl+Shift plus a key.
pub fn ctrl_shift(harness: &mut Harness<'_, StudioApp>, key: Key) {
    shortcut(harness, Modifiers::COMMAND | Modifiers::SHIFT, key);
}

/// The desktop around the window: its system clipboard, and the clipboard shortcuts as
/// egui-winit delivers them.
#[derive(Default)]
pub struct Desktop {
    /// What the system clipboard holds.
    pub clipboard: Option<String>,
}

impl Desktop {
    /// Ctrl with a clipboard key: the modifiers, then `event` in a frame of its own (so its
    /// output can be read), then the key's release, which egui-winit does pass on.
    fn clipboard_key(
        &mut self,
        harness: &mut Harness<'_, StudioApp>,
        event: Option<Event>,
        key: Key,
    ) {
        harness.event(Event::ModifiersChanged(Modifiers::COMMAND));
        harness.step();
        if let Some(event) = event {
            harness.event(event);
            harness.step();
            for command in &harness.output().platform_output.commands {
                if let egui::OutputCommand::CopyText(text) = command {
                    self.clipboard = Some(text.clone());
                }
            }
        }
        harness.event(Event::Key {
            key,
            physical_key: None,
            pressed: false,
            repeat: false,
            modifiers: Modifiers::COMMAND,
        });
        harness.event(Event::ModifiersChanged(Modifiers::NONE));
        harness.run();
    }

    /// Ctrl+C.
    pub fn copy(&mut self, harness: &mut Harness<'_, StudioApp>) {
        self.clipboard_key(harness, Some(Event::Copy), Key::C);
    }

    /// Ctrl+X.
    pub fn cut(&mut self, harness: &mut Harness<'_, StudioApp>) {
        self.clipboard_key(harness, Some(Event::Cut), Key::X);
    }

    /// Ctrl+V: egui-winit sends the clipboard's text, or nothing when it holds none.
    pub fn paste(&mut self, harness: &mut Harness<'_, StudioApp>) {
        let event = self
            .clipboard
            .clone()
            .filter(|t| !t.is_empty())
            .map(Event::Paste);
        self.clipboard_key(harness, event, Key::V);
    }
}

/// Opens a menu and picks `item` (a menu item's name ends with its shortcut, as a screen
/// reader reads it: "Import… Ctrl+I").
pub fn menu(harness: &mut Harness<'_, StudioApp>, menu: &str, item: &str) {
    harness.get_by_label(menu).click();
    harness.run();
    let with_shortcut = format!("{item} ");
    harness
        .query_all_by_label_contains(item)
        .find(|node| {
            node.accesskit_node()
                .label()
                .is_some_and(|l| l == item || l.starts_with(&with_shortcut))
        })
        .unwrap_or_else(|| panic!("no menu item {item} in {menu}"))
        .click();
    harness.run();
}

/// Presses the button named `name` (a window's title may share the name), scrolled into
/// view first as a person would (the right column scrolls beneath the stage).
pub fn press(harness: &mut Harness<'_, StudioApp>, name: &str) {
    harness
        .get_by_role_and_label(Role::Button, name)
        .scroll_to_me();
    harness.run();
    harness.get_by_role_and_label(Role::Button, name).click();
    harness.run();
}

/// Scrolls the right column to the problems panel, as a person would (its rows are built
/// only while in view).
pub fn scroll_to_problems(harness: &mut Harness<'_, StudioApp>) {
    let heading = |h: &Harness<'_, StudioApp>| {
        h.query_all_by_label_contains("Problems (")
            .next()
            .expect("a problems panel")
            .rect()
    };
    harness
        .query_all_by_label_contains("Problems (")
        .next()
        .expect("a problems panel")
        .scroll_to_me();
    harness.run();
    // On to its first rows: the wheel over the column, up to the heading's height away.
    let at = heading(harness);
    wheel(harness, at.center(), -200.0);
}

/// The pointer rested at `at`, then the wheel turned `dy` points (negative: toward the user,
/// scrolling down), as egui-winit sends a mouse wheel.
pub fn wheel(harness: &mut Harness<'_, StudioApp>, at: Pos2, dy: f32) {
    harness.hover_at(at);
    harness.run();
    harness.event(egui::Event::MouseWheel {
        unit: egui::MouseWheelUnit::Point,
        delta: egui::vec2(0.0, dy),
        phase: egui::TouchPhase::Move,
        source: egui::MouseWheelSource::Wheel,
        modifiers: egui::Modifiers::NONE,
    });
    harness.run();
}

/// The keyframe rows selected in the tab in front.
pub fn selected_rows(harness: &Harness<'_, StudioApp>) -> Vec<usize> {
    tab(harness)
        .view
        .selected_keyframes
        .iter()
        .copied()
        .collect()
}

/// Whether a control of this name is on screen.
pub fn shows(harness: &Harness<'_, StudioApp>, name: &str) -> bool {
    harness.query_by_label(name).is_some()
}

/// A window with these files opened, as File > Open (or the command line) opens them.
pub fn opened(paths: &[&std::path::Path]) -> Harness<'static, StudioApp> {
    let mut app = StudioApp::empty();
    for path in paths {
        app.push(mtn_studio::app::action::Action::Open(path.to_path_buf()));
    }
    let mut harness = harness(app);
    harness.run();
    harness
}

/// The egui key that types `c`, where there is one.
fn key_for(c: char) -> Option<Key> {
    Some(match c {
        '0' => Key::Num0,
        '1' => Key::Num1,
        '2' => Key::Num2,
        '3' => Key::Num3,
        '4' => Key::Num4,
        '5' => Key::Num5,
        '6' => Key::Num6,
        '7' => Key::Num7,
        '8' => Key::Num8,
        '9' => Key::Num9,
        '-' => Key::Minus,
        '.' => Key::Period,
        ' ' => Key::Space,
        '[' => Key::OpenBracket,
        ']' => Key::CloseBracket,
        c if c.is_ascii_alphabetic() => Key::from_name(&c.to_ascii_uppercase().to_string())?,
        _ => return None,
    })
}

/// Types `text` into the widget with the keyboard one key at a time, each key a frame of its
/// own, as egui-winit sends typing: the key's press and its text in one frame (one winit
/// keyboard event gives both), then its release.
pub fn type_keys(harness: &mut Harness<'_, StudioApp>, text: &str) {
    for c in text.chars() {
        let key = key_for(c);
        let events = &mut harness.input_mut().events;
        if let Some(key) = key {
            events.push(key_event(key, true, Modifiers::NONE));
        }
        events.push(Event::Text(c.to_string()));
        harness.step();
        if let Some(key) = key {
            harness
                .input_mut()
                .events
                .push(key_event(key, false, Modifiers::NONE));
        }
        harness.run();
    }
}

/// A key's press or release with `modifiers` held.
pub fn key_event(key: Key, pressed: bool, modifiers: Modifiers) -> Event {
    Event::Key {
        key,
        physical_key: Some(key),
        pressed,
        repeat: false,
        modifiers,
    }
}

/// Alt and a letter, as egui-winit sends it: the key with Alt held and the letter's text in
/// one frame, then the release.
pub fn alt(harness: &mut Harness<'_, StudioApp>, key: Key) {
    let text = key.name().to_lowercase();
    let events = &mut harness.input_mut().events;
    events.push(Event::ModifiersChanged(Modifiers::ALT));
    events.push(key_event(key, true, Modifiers::ALT));
    events.push(Event::Text(text));
    harness.step();
    let events = &mut harness.input_mut().events;
    events.push(key_event(key, false, Modifiers::ALT));
    events.push(Event::ModifiersChanged(Modifiers::NONE));
    // The menu opens over a few frames: asked for, opened, its first item focused.
    harness.run_steps(4);
    harness.run();
}

/// Clicks the field named `name`, selects all its text and types `text` key by key (no
/// Enter: the field keeps the keyboard).
pub fn start_typing(harness: &mut Harness<'_, StudioApp>, name: &str, text: &str) {
    harness.get_by_label(name).scroll_to_me();
    harness.run();
    harness.get_by_label(name).click();
    harness.run();
    ctrl(harness, Key::A);
    type_keys(harness, text);
}

/// Types a number into the field named `name` as a person does: brings it into view,
/// clicks it, selects its text, types key by key, and Tab to the next control (which
/// commits the value; Enter would also apply a dialog such as Retime).
pub fn set_number(harness: &mut Harness<'_, StudioApp>, name: &str, text: &str) {
    start_typing(harness, name, text);
    harness.key_press(Key::Tab);
    harness.run();
}

/// Ctrl and a key as xdotool types `ctrl+KEY` into the real window: Ctrl's press, the key's
/// press and release and Ctrl's release can all arrive in one frame, whose modifiers then say
/// no Ctrl (only the key press's own modifiers do).
pub fn ctrl_in_one_frame(harness: &mut Harness<'_, StudioApp>, key: Key) {
    let events = &mut harness.input_mut().events;
    events.push(Event::ModifiersChanged(Modifiers::COMMAND));
    events.push(key_event(key, true, Modifiers::COMMAND));
    events.push(key_event(key, false, Modifiers::COMMAND));
    events.push(Event::ModifiersChanged(Modifiers::NONE));
    harness.run();
}
