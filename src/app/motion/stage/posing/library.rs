//! The pose library's part of the Pose section: the poses of the motion's model (built in,
//! then kept), put into the keyframe at the playhead or inserted after it, mirrored, or for
//! the legs, the head or the tail only; the pose at the playhead kept under a name; a kept
//! pose renamed or deleted.

use crate::poses::{Only, Pose, PoseRequest, Use};
use crate::robot::BodyPart;

/// The model's poses as the section lists them.
#[derive(Clone, Copy, Debug)]
pub struct PoseList<'a> {
    /// Built in.
    pub built: &'a [Pose],
    /// Kept by the user.
    pub kept: &'a [Pose],
    /// Where they are kept (None: nowhere; Save is off).
    pub dir: Option<&'a std::path::Path>,
}

/// A pose used whole, applied, not mirrored: as the list's items and Apply preview it.
const AS_IT_IS: Use = Use {
    insert: false,
    mirrored: false,
    only: Only::All,
};

/// What the section keeps between frames.
#[derive(Clone, Debug, Default)]
pub struct LibraryView {
    /// The pose chosen in the list.
    selected: Option<String>,
    /// The name typed for Save Pose (or Rename).
    name: String,
    /// The kept pose being renamed.
    renaming: Option<String>,
    /// The pose the pointer is on (an item of the list, or Apply, Insert or one of More's
    /// on the chosen pose), and how it would be used: the stage shows it as a ghost.
    previewing: Option<(String, Use)>,
}

impl LibraryView {
    /// The pose the pointer is on, and how it would be used (see the field).
    #[must_use]
    pub fn previewing(&self) -> Option<(&str, Use)> {
        self.previewing
            .as_ref()
            .map(|(name, how)| (name.as_str(), *how))
    }
}

/// Draws the library's rows; returns what was asked.
pub fn library_ui(
    ui: &mut egui::Ui,
    list: &PoseList<'_>,
    view: &mut LibraryView,
) -> Option<PoseRequest> {
    let names: Vec<(&str, bool)> = list
        .built
        .iter()
        .map(|p| (p.name.as_str(), true))
        .chain(list.kept.iter().map(|p| (p.name.as_str(), false)))
        .collect();
    // The first pose until one is chosen; a pose just kept or renamed stays chosen while the
    // list catches up (it is read again after the frame), a deleted one gives way.
    if view.selected.is_none() {
        view.selected = names.first().map(|(n, _)| (*n).to_owned());
    }
    let was = view.previewing.take();
    let chosen = choose_row_ui(ui, &names, view);
    if view.previewing != was {
        // The stage is drawn before this row: it shows the ghost from the next frame.
        ui.ctx().request_repaint();
    }
    let kept = keep_row_ui(ui, list, view);
    kept.or(chosen)
}

/// The row that chooses a pose and uses it: the list, Apply, Insert and the More menu.
fn choose_row_ui(
    ui: &mut egui::Ui,
    names: &[(&str, bool)],
    view: &mut LibraryView,
) -> Option<PoseRequest> {
    let mut asked = None;
    let selected = view.selected.clone().unwrap_or_default();
    let built_in = names.iter().any(|(n, b)| *n == selected && *b);
    ui.horizontal_wrapped(|ui| {
        ui.spacing_mut().item_spacing.x = 4.0;
        let label = ui.label("Poses");
        // Named as the list names it: yours are marked so in the box too.
        let shown = if built_in || selected.is_empty() {
            selected.clone()
        } else {
            format!("{selected} (yours)")
        };
        egui::ComboBox::from_id_salt("pose library")
            .selected_text(shown)
            .width((ui.available_width() - 10.0).clamp(80.0, 170.0))
            .show_ui(ui, |ui| {
                for (name, built) in names {
                    let text = if *built {
                        (*name).to_owned()
                    } else {
                        format!("{name} (yours)")
                    };
                    let item =
                        ui.selectable_value(&mut view.selected, Some((*name).to_owned()), text);
                    if item.hovered() {
                        view.previewing = Some(((*name).to_owned(), AS_IT_IS));
                    }
                }
            })
            .response
            .labelled_by(label.id)
            .on_hover_text(
                "The poses of this model: built in, then those you kept; the stage shows the \
                 one under the pointer as a white ghost",
            );
        let use_it = |insert: bool, mirrored: bool, only: Only| PoseRequest::Use {
            name: selected.clone(),
            how: Use {
                insert,
                mirrored,
                only,
            },
        };
        let apply = ui.button("Apply pose").on_hover_text(
            "Put the pose into the keyframe at the playhead (one is inserted on its 16 ms \
             frame between keyframes); the stage shows it as a white ghost",
        );
        if apply.clicked() {
            asked = Some(use_it(false, false, Only::All));
        }
        let insert = ui.button("Insert pose").on_hover_text(
            "A new keyframe holding the pose, half a second after the one at the playhead",
        );
        if insert.clicked() {
            asked = Some(use_it(true, false, Only::All));
        }
        if (apply.hovered() || insert.hovered()) && !selected.is_empty() {
            view.previewing = Some((selected.clone(), AS_IT_IS));
        }
        if let Some(more) = more_menu_ui(ui, view, &selected, built_in, &use_it) {
            asked = Some(more);
        }
    });
    asked
}

/// The More menu: the pose mirrored or on one part of the body; a kept pose renamed or
/// deleted (`selected`, built in or not).
fn more_menu_ui(
    ui: &mut egui::Ui,
    view: &mut LibraryView,
    selected: &str,
    built_in: bool,
    use_it: &dyn Fn(bool, bool, Only) -> PoseRequest,
) -> Option<PoseRequest> {
    let mut asked = None;
    let mut hovered = None;
    ui.menu_button("More", |ui| {
        let mut item = |ui: &mut egui::Ui, text: &str, request: PoseRequest| {
            let button = ui.button(text);
            if button.hovered()
                && let PoseRequest::Use { name, how } = &request
            {
                hovered = Some((name.clone(), *how));
            }
            if button.clicked() {
                asked = Some(request);
                ui.close();
            }
        };
        item(ui, "Apply mirrored", use_it(false, true, Only::All));
        item(ui, "Insert mirrored", use_it(true, true, Only::All));
        item(
            ui,
            "Apply to the legs only",
            use_it(false, false, Only::Part(BodyPart::Legs)),
        );
        item(
            ui,
            "Apply to the head only",
            use_it(false, false, Only::Part(BodyPart::Head)),
        );
        item(
            ui,
            "Apply to the tail only",
            use_it(false, false, Only::Part(BodyPart::Tail)),
        );
        ui.separator();
        if ui
            .add_enabled(!built_in, egui::Button::new("Rename…"))
            .on_disabled_hover_text("A built-in pose keeps its name")
            .clicked()
        {
            view.renaming = Some(selected.to_owned());
            view.name = selected.to_owned();
            ui.close();
        }
        if ui
            .add_enabled(!built_in, egui::Button::new("Delete"))
            .on_disabled_hover_text("A built-in pose cannot be deleted")
            .clicked()
        {
            asked = Some(PoseRequest::Delete(selected.to_owned()));
            view.selected = None;
            ui.close();
        }
    });
    if hovered.is_some() {
        view.previewing = hovered;
    }
    asked
}

/// The row that keeps the pose at the playhead under a name, or renames a kept one.
fn keep_row_ui(
    ui: &mut egui::Ui,
    list: &PoseList<'_>,
    view: &mut LibraryView,
) -> Option<PoseRequest> {
    let mut asked = None;
    ui.horizontal_wrapped(|ui| {
        ui.spacing_mut().item_spacing.x = 4.0;
        let hint = if view.renaming.is_some() {
            "New name"
        } else {
            "Name of the pose"
        };
        let label = ui.label(if view.renaming.is_some() {
            "Rename to"
        } else {
            "Keep as"
        });
        let field = ui
            .add(
                egui::TextEdit::singleline(&mut view.name)
                    .hint_text(hint)
                    .desired_width((ui.available_width() - 70.0).clamp(60.0, 140.0)),
            )
            .labelled_by(label.id);
        let entered = field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
        let named = !view.name.trim().is_empty();
        if let Some(from) = view.renaming.clone() {
            if (ui.add_enabled(named, egui::Button::new("Rename")).clicked() || entered) && named {
                view.selected = Some(view.name.trim().to_owned());
                asked = Some(PoseRequest::Rename {
                    from,
                    to: view.name.clone(),
                });
                view.renaming = None;
                view.name.clear();
            }
            if ui.button("Cancel").clicked() {
                view.renaming = None;
                view.name.clear();
            }
        } else if (ui
            .add_enabled(named && list.dir.is_some(), egui::Button::new("Save Pose"))
            .on_hover_text(list.dir.map_or_else(
                || "There is no folder to keep poses in".to_owned(),
                |d| {
                    format!(
                        "Keep the pose at the playhead under this name, in {}",
                        d.display()
                    )
                },
            ))
            .clicked()
            || entered)
            && named
            && list.dir.is_some()
        {
            view.selected = Some(view.name.trim().to_owned());
            asked = Some(PoseRequest::Keep(std::mem::take(&mut view.name)));
        }
    });
    asked
}
