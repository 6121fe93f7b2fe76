//! An operation too heavy for one frame (solving every leg of a long motion when converting
//! it with the paws kept) runs on a thread of its own, so the window keeps drawing; when it
//! is done its result comes back as an action ([`JobDone`]), and the step that applies
//! actions takes it: into the open dialog's preview, or applied.

use super::form::OpRequest;
use crate::app::action::Action;
use crate::app::state::{JobDone, TabId};
use crate::codec::mtn::Motion;
use crate::ops::Context;
use crate::ops::OpError;
use std::sync::atomic::{AtomicU64, Ordering};

/// Hands out job ids, so a result is matched to the job the window is waiting for.
static JOBS: AtomicU64 = AtomicU64::new(1);

/// Beyond this many keyframes, converting with the paws kept runs in the background.
const HEAVY_KEYFRAMES: usize = 1_000;

/// Shaping or smoothing a motion longer than this (a minute) runs in the background.
const HEAVY_SHAPING_MS: u64 = 60_000;

/// Whether `request` on `motion` should run in the background.
#[must_use]
pub fn is_heavy(request: &OpRequest, motion: &Motion) -> bool {
    match request {
        OpRequest::Retarget {
            keep_feet: true, ..
        }
        | OpRequest::Simplify { .. }
        | OpRequest::FixSpeed { .. } => motion.keyframes.len() > HEAVY_KEYFRAMES,
        // Sampled tick by tick: heavy by length rather than by keyframes.
        OpRequest::Shape { .. }
        | OpRequest::Smooth { .. }
        | OpRequest::BodyAngles
        | OpRequest::Generate { .. } => {
            crate::robot::timing::duration_ms(&motion.keyframes) > HEAVY_SHAPING_MS
        }
        OpRequest::Retarget {
            keep_feet: false, ..
        }
        | OpRequest::Mirror
        | OpRequest::Reverse
        | OpRequest::Retime(_)
        | OpRequest::ToRobotRate
        | OpRequest::Pose { .. }
        | OpRequest::Append { .. }
        | OpRequest::DeleteRange
        | OpRequest::CutRange
        | OpRequest::Paste(_)
        | OpRequest::InsertTime(_) => false,
    }
}

/// What the result is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Purpose {
    /// The open dialog's preview.
    Preview,
    /// Applying it to the motion (if it has not changed meanwhile).
    Apply,
}

/// An operation running in the background: what the window knows of it while it runs.
#[derive(Debug)]
pub struct Job {
    /// Its id (its [`JobDone`] carries it).
    pub id: u64,
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
}

impl Job {
    /// A job for `request` on a copy of the motion (tab `tab`'s, at `revision`), and the
    /// work to run off the window's thread, which gives back its result as an action.
    pub fn start(
        (tab, revision): (TabId, u64),
        request: OpRequest,
        purpose: Purpose,
        (motion, context): (Motion, Context),
        others: Vec<(String, Motion)>,
    ) -> (Self, impl FnOnce() -> Action + Send + 'static) {
        let id = JOBS.fetch_add(1, Ordering::Relaxed);
        let (job_request, job_context) = (request.clone(), context.clone());
        let work = move || {
            let run = || job_request.run(&motion, &job_context, &others);
            // The job's work on every core runs in a pool of its own: the window's checks
            // of a long motion share the global pool, and must not wait behind it.
            let in_pool = || match rayon::ThreadPoolBuilder::new().build() {
                Ok(pool) => pool.install(run),
                Err(_) => run(),
            };
            let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(in_pool))
                .unwrap_or(Err(OpError::Interrupted));
            Action::JobDone(JobDone { job: id, result })
        };
        let job = Self {
            id,
            tab,
            request,
            purpose,
            revision,
            context,
        };
        (job, work)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::codec::mtn::{self, Keyframes};
    use crate::robot::check::check_motion;
    use std::time::{Duration, Instant};

    /// A conversion running in the background (every core, for seconds) must not hold up
    /// the window's own check of a long motion, which shares the global pool between the
    /// cores: the job's work runs in a pool of its own.
    #[test]
    fn the_window_checks_a_long_motion_while_a_conversion_runs() {
        // Random joint values: most paws are out of the ERS-210's reach, the solver's slow
        // path, so converting a few thousand keyframes with the paws kept takes a while.
        let largest = crate::example::largest_motion();
        let mut job_motion = largest.clone();
        let mut keyframes = Keyframes::new(largest.keyframes.joint_count());
        for keyframe in largest.keyframes.iter().take(KEYFRAMES) {
            let pushed = keyframes.push(keyframe.frames, keyframe.body_urad, keyframe.angles_urad);
            assert!(pushed.is_ok());
        }
        job_motion.keyframes = keyframes;
        let request = OpRequest::Retarget {
            label: "DRX-900".to_owned(),
            keep_feet: true,
        };
        let context = Context::whole("this motion");
        let started = Instant::now();
        let (post, posted) = std::sync::mpsc::channel();
        let (job, work) = Job::start(
            (1, 0),
            request,
            Purpose::Preview,
            (job_motion, context),
            Vec::new(),
        );
        std::thread::spawn(move || {
            // A send fails only when the window has closed: no one waits for the result.
            let _ = post.send(work());
        });
        let done = || match posted.try_recv() {
            Ok(Action::JobDone(done)) => {
                assert_eq!(done.job, job.id, "the result names its job");
                true
            }
            _ => false,
        };
        // Let the job's threads take their cores.
        std::thread::sleep(Duration::from_millis(200));
        assert!(!done(), "the conversion is still running");

        // The window's check of a long motion (shared between the cores from 4,096 rows).
        let Ok(bytes) = mtn::encode(&largest) else {
            panic!("the largest motion encodes");
        };
        let checked = Instant::now();
        let Ok(decoded) = mtn::decode(&bytes) else {
            panic!("the largest motion decodes");
        };
        let problems = check_motion(&decoded.motion, &decoded.offsets);
        let took = checked.elapsed();
        assert!(!problems.is_empty(), "random values go out of range");
        assert!(
            !done(),
            "the check ({took:?}) waited until the conversion was done"
        );
        // Wait for it here: the other tests should not share their cores with it.
        while !done() && started.elapsed() < Duration::from_secs(600) {
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    const KEYFRAMES: usize = 15_000;
}
