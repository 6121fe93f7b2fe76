//! What the window says: the latest message in the status bar (whole on hover), and every
//! message of the session in a log (View > Messages…).

/// How many messages the log keeps.
const LOG_MAX: usize = 500;

/// The window's messages.
#[derive(Clone, Debug, Default)]
pub struct Status {
    log: Vec<String>,
}

impl Status {
    /// Says something: it shows in the status bar and goes into the log.
    pub fn say(&mut self, message: impl Into<String>) {
        let message = message.into();
        if message.is_empty() {
            return;
        }
        if self.log.len() == LOG_MAX {
            self.log.remove(0);
        }
        self.log.push(message);
    }

    /// The latest message.
    #[must_use]
    pub fn latest(&self) -> &str {
        self.log.last().map_or("", String::as_str)
    }

    /// Every message, oldest first.
    #[must_use]
    pub fn log(&self) -> &[String] {
        &self.log
    }
}

/// The status bar: what is open and where the playhead is, then the latest message (cut to
/// the bar's width; hover for the whole of it, the log for every one).
pub fn status_ui(ui: &mut egui::Ui, facts: &str, status: &Status) {
    ui.horizontal(|ui| {
        if !facts.is_empty() {
            ui.label(facts);
            ui.separator();
        }
        let latest = status.latest();
        ui.add(egui::Label::new(latest).truncate())
            .on_hover_text(latest);
    });
}

/// The log window's contents.
pub fn log_ui(ui: &mut egui::Ui, status: &Status) {
    egui::ScrollArea::vertical()
        .max_height(400.0)
        .stick_to_bottom(true)
        .show(ui, |ui| {
            for line in status.log() {
                ui.add(egui::Label::new(line).wrap());
            }
        });
}
