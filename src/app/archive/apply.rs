//! Applying an archive tab's actions: its query and its selection.

use crate::app::StudioApp;
use crate::app::action::ArchiveAction;
use crate::app::state::TabId;
use crate::app::tabs::TabKind;

impl StudioApp {
    /// Applies a change to an archive tab.
    pub(in crate::app) fn archive_action(&mut self, id: TabId, action: ArchiveAction) {
        let Some(TabKind::Archive(tab)) = self.tabs.get_mut(id).map(|t| &mut t.kind) else {
            return;
        };
        match action {
            ArchiveAction::SetQuery(query) => {
                // The preview follows the filter: a selection the search hides gives way to
                // the first entry still shown (or none).
                let shown = tab.index.select(&query);
                tab.query = query;
                if tab.selected.is_some_and(|row| !shown.contains(&row)) {
                    tab.select(shown.first().copied());
                }
            }
            ArchiveAction::Select(row) => tab.select(row),
        }
    }
}
