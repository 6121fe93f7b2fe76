//! Reading the frame's input into actions: what background work posted, the clock while
//! playing, files dropped (on a track, or to open), the window's close button, Escape and
//! Undo while typing, the menus' keys, the shortcuts and the clipboard's events, each
//! command for the tab in front.

use super::action::{self, Action};
use super::command::FromClipboard;
use super::tabs::TabKind;
use super::{StudioApp, field, keys};
use std::path::PathBuf;

/// The most a frame's time is taken ahead of its input's, to when it is on screen (s).
const MAX_LEAD_S: f64 = 0.5;

impl StudioApp {
    /// Dropped files, the window's close button, the clock, shortcuts and clipboard events,
    /// and what background work posted, as actions.
    pub(in crate::app) fn read_input(&mut self, ctx: &egui::Context) {
        self.actions.extend(self.posted.try_iter());
        if self.operations.busy() {
            // Look again soon for the job's result (it posts without waking the window).
            ctx.request_repaint_after(std::time::Duration::from_millis(100));
        }
        // Every frame, first: Play, a seek or a speed change in this frame then takes
        // effect from this frame's time, and a slow frame skips ticks rather than slowing
        // the motion (the playhead follows the wall clock, not the frames' count). The frame
        // draws the motion at this time too (`draw`).
        self.actions
            .push(Action::ReadClock(self.frame_clock_s(ctx)));
        let dropped: Vec<PathBuf> = ctx.input(|i| {
            i.raw
                .dropped_files
                .iter()
                .map(|f| f.path().to_owned())
                .collect()
        });
        // Dropped on a track of the motion in front: onto that track; elsewhere, opened.
        let over_track = ctx.input(|i| i.pointer.latest_pos()).and_then(|at| {
            let id = self.tabs.active?;
            let widgets = self.tabs.motion_widgets(id)?;
            widgets
                .timeline
                .track_areas
                .iter()
                .find(|(_, area)| area.contains(at))
                .map(|&(track, _)| track)
        });
        self.actions.extend(
            dropped
                .into_iter()
                .map(|path| match (over_track, self.tabs.active) {
                    (Some(track), Some(tab)) => Action::DropOnTrack(tab, path, track),
                    _ => Action::Open(path),
                }),
        );
        if ctx.input(|i| i.viewport().close_requested()) && !self.allow_close {
            self.actions.push(Action::CloseRequested);
        }
        if self.typing
            && let Some(field) = self.focused
            && ctx.input(|i| i.key_pressed(egui::Key::Escape))
        {
            field::cancel(ctx, field);
            // A header text field's typing is an open step: Escape takes it back here,
            // whichever frame egui's text field then reports losing the keyboard in.
            if let (Some(tab), Some(_)) = (self.tabs.active, self.active_motion()) {
                self.actions
                    .push(Action::Motion(tab, action::MotionAction::CancelGesture));
            }
        }
        let mut typing = ctx.text_edit_focused();
        if typing && self.modal.is_none() && self.edits_a_document() && keys::history_pressed(ctx) {
            // Undo or Redo while typing into a field: leave the field as Escape does (what
            // was typed is dropped), then undo or redo the last committed edit.
            if let Some(field) = ctx.memory(egui::Memory::focused) {
                ctx.memory_mut(|memory| memory.surrender_focus(field));
                field::cancel(ctx, field);
            }
            // A text field of the header applies its typing as it goes, in a step left open
            // while it has the keyboard: take that back as Escape does, before the undo.
            if let (Some(tab), Some(_)) = (self.tabs.active, self.active_motion()) {
                self.actions
                    .push(Action::Motion(tab, action::MotionAction::CancelGesture));
            }
            typing = false;
        }
        if self.modal.is_none()
            && let Some(menu) = keys::menu_shortcut(ctx)
        {
            self.actions.push(Action::OpenMenu(menu));
        }
        // While a menu (or a drop-down) is open, the keyboard is its own: arrows, Enter,
        // Space and Escape work in it, and no shortcut reaches the document behind it.
        if self.modal.is_none() && !egui::Popup::is_any_open(ctx) {
            // Each for the tab in front now.
            let active = self.tabs.active;
            self.actions.extend(
                keys::shortcut_commands(ctx, typing, self.active_motion().is_some())
                    .into_iter()
                    .map(|command| Action::command(command, active)),
            );
            let clipboard = keys::clipboard_events(ctx, typing);
            self.actions
                .extend(clipboard.into_iter().map(|event| match event {
                    FromClipboard::Command(command) => Action::command(command, active),
                    FromClipboard::Paste(text) => Action::PasteText(text),
                }));
        }
    }

    /// How far ahead of its input's time a frame's clock is read (s): as long as the last
    /// frame took to draw and paint, when this one is handed to the screen.
    pub(in crate::app) fn clock_lead_s(&self) -> f64 {
        self.frame_cost_s.clamp(0.0, MAX_LEAD_S)
    }

    /// The frame's clock (s): its input's time and [`Self::clock_lead_s`].
    pub(in crate::app) fn frame_clock_s(&self, ctx: &egui::Context) -> f64 {
        ctx.input(|i| i.time) + self.clock_lead_s()
    }

    /// Whether the tab in front is a document with an undo history (a motion, a gait file).
    fn edits_a_document(&self) -> bool {
        self.tabs
            .active()
            .is_some_and(|tab| matches!(tab.kind, TabKind::Motion(..) | TabKind::Gait(_)))
    }
}
