//! Generator presets in the window: the Generate dialog offers the built-in presets and,
//! read after the frame it opens in, those kept beside the pose library; its Keep, Rename
//! and Forget buttons ask for a change of the kept presets, written here after the frame.

use super::StudioApp;
use super::dialogs::Modal;
use super::effects::Effects;
use super::motion::ops::form::{OpForm, OpPrompt};
use crate::presets::{Preset, PresetRequest, Presets};

impl StudioApp {
    /// The presets kept beside the window's pose library.
    fn presets(&self) -> Presets {
        Presets::in_dir(self.poses.dir().map(std::path::Path::to_path_buf))
    }

    /// `prompt` with the kept presets among those its Generate form offers, read once (a
    /// file that cannot be read is said, and only the built-in ones are offered).
    pub(in crate::app) fn with_kept_presets(
        &self,
        mut prompt: OpPrompt,
        fx: &mut Effects,
    ) -> OpPrompt {
        if let OpForm::Generate(form) = &mut prompt.form
            && !form.kept_read
        {
            form.kept_read = true;
            match self.presets().kept() {
                Ok(kept) => form.presets.extend(kept),
                Err(e) => fx.say(format!("The kept presets could not be read: {e}")),
            }
        }
        prompt
    }

    /// Keeps, renames or forgets a kept preset, says so, and offers the presets as they are
    /// then in the open Generate dialog.
    pub(in crate::app) fn preset_request(&mut self, request: PresetRequest, fx: &mut Effects) {
        match request {
            PresetRequest::Keep(preset) => self.keep_preset(preset, fx),
            PresetRequest::Rename { from, to } => match self.presets().rename(&from, &to) {
                Ok(()) => {
                    fx.say(format!("Renamed the preset \"{from}\" \"{}\"", to.trim()));
                    self.offer_kept(Some(to.trim()));
                }
                Err(e) => fx.say(format!("The preset was not renamed: {e}")),
            },
            PresetRequest::Forget(name) => match self.presets().forget(&name) {
                Ok(_) => {
                    fx.say(format!(
                        "Forgot the preset \"{name}\" (its values stay in the form: Keep \
                         brings it back)"
                    ));
                    self.offer_kept(None);
                }
                Err(e) => fx.say(format!("The preset was not forgotten: {e}")),
            },
        }
    }

    /// The open Generate dialog offers the built-in presets and the kept ones as they are
    /// now, `chosen` (a kept one's name) chosen, else none.
    fn offer_kept(&mut self, chosen: Option<&str>) {
        let kept = self.presets().kept().unwrap_or_default();
        if let Some(Modal::MotionOp(prompt)) = &mut self.modal
            && let OpForm::Generate(form) = &mut prompt.form
        {
            form.presets = crate::presets::built_in();
            form.presets.extend(kept);
            form.preset = chosen
                .and_then(|name| form.presets.iter().position(|p| p.name == name))
                .unwrap_or(usize::MAX);
            if let Some(name) = chosen {
                name.clone_into(&mut form.keep_name);
            }
        }
    }

    /// Keeps `preset` beside the pose library, says so, and offers it in the open Generate
    /// dialog.
    fn keep_preset(&mut self, preset: Preset, fx: &mut Effects) {
        let name = preset.name.clone();
        match self.presets().keep(preset.clone()) {
            Ok(replaced) => {
                fx.say(format!(
                    "{} the preset \"{name}\" ({})",
                    if replaced { "Replaced" } else { "Kept" },
                    self.poses
                        .dir()
                        .map_or_else(String::new, |d| d.display().to_string())
                ));
                if let Some(Modal::MotionOp(prompt)) = &mut self.modal
                    && let OpForm::Generate(form) = &mut prompt.form
                {
                    form.presets.retain(|p| p.name != name);
                    form.presets.push(preset);
                }
            }
            Err(e) => fx.say(format!("The preset was not kept: {e}")),
        }
    }
}
