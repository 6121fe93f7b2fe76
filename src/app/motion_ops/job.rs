//! An operation too heavy for one frame (solving every leg of a long motion when converting
//! it with the paws kept) runs on a thread of its own, so the window keeps drawing; the app
//! takes its result when it is ready, for the open dialog's preview or to apply it.

use super::request::{Context, OpRequest};
use crate::app::TabId;
use crate::codec::mtn::Motion;
use crate::ops::{OpError, Outcome};
use std::sync::mpsc::{Receiver, TryRecvError, channel};

/// Beyond this many keyframes, converting with the paws kept runs in the background.
const HEAVY_KEYFRAMES: usize = 1_000;

/// Whether `request` on `motion` should run in the background.
#[must_use]
pub fn is_heavy(request: &OpRequest, motion: &Motion) -> bool {
    matches!(
        request,
        OpRequest::Retarget {
            keep_feet: true,
            ..
        }
    ) && motion.keyframes.len() > HEAVY_KEYFRAMES
}

/// What the result is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Purpose {
    /// The open dialog's preview.
    Preview,
    /// Applying it to the motion (if it has not changed meanwhile).
    Apply,
}

/// An operation running in the background.
#[derive(Debug)]
pub struct Job {
    /// The motion's tab.
    pub tab: TabId,
    /// What runs.
    pub request: OpRequest,
    /// What the result is for.
    pub purpose: Purpose,
    /// The document's revision it started from.
    pub revision: u64,
    /// The tab's range and playhead keyframe when it started.
    pub context: Context,
    receiver: Receiver<Result<Outcome, OpError>>,
}

impl Job {
    /// Starts `request` on a copy of the motion.
    #[must_use]
    pub fn spawn(
        tab: TabId,
        request: OpRequest,
        purpose: Purpose,
        revision: u64,
        motion: Motion,
        context: Context,
        other: Option<(String, Motion)>,
    ) -> Self {
        let (sender, receiver) = channel();
        let (job_request, job_context) = (request.clone(), context.clone());
        std::thread::spawn(move || {
            // The window may have gone (or moved on) by the time it is done: then nobody
            // listens, and that is fine.
            let _ = sender.send(job_request.run(&motion, &job_context, other.as_ref()));
        });
        Self {
            tab,
            request,
            purpose,
            revision,
            context,
            receiver,
        }
    }

    /// The result, once it is ready (a thread that died says so as an error).
    pub fn poll(&self) -> Option<Result<Outcome, OpError>> {
        match self.receiver.try_recv() {
            Ok(result) => Some(result),
            Err(TryRecvError::Empty) => None,
            Err(TryRecvError::Disconnected) => Some(Err(OpError::Interrupted)),
        }
    }
}
