//! An operation too heavy for one frame (solving every leg of a long motion when converting
//! it with the paws kept) runs on a thread of its own, so the window keeps drawing; the app
//! takes its result when it is ready, for the open dialog's preview or to apply it.

use super::OpRequest;
use crate::app::TabId;
use crate::codec::mtn::Motion;
use crate::ops::Context;
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
        others: Vec<(String, Motion)>,
    ) -> Self {
        let (sender, receiver) = channel();
        let (job_request, job_context) = (request.clone(), context.clone());
        std::thread::spawn(move || {
            // The window may have gone (or moved on) by the time it is done: then nobody
            // listens, and that is fine.
            let run = || job_request.run(&motion, &job_context, &others);
            // The job's work on every core runs in a pool of its own: the window's checks
            // of a long motion share the global pool, and must not wait behind it.
            let result = match rayon::ThreadPoolBuilder::new().build() {
                Ok(pool) => pool.install(run),
                Err(_) => run(),
            };
            let _ = sender.send(result);
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
        let job = Job::spawn(
            1,
            request,
            Purpose::Preview,
            0,
            job_motion,
            context,
            Vec::new(),
        );
        // Let the job's threads take their cores.
        std::thread::sleep(Duration::from_millis(200));
        assert!(job.poll().is_none(), "the conversion is still running");

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
        let done = job.poll().is_some();
        assert!(
            !done,
            "the check ({took:?}) waited until the conversion was done"
        );
        // Wait for it here: the other tests should not share their cores with it.
        while job.poll().is_none() && started.elapsed() < Duration::from_secs(600) {
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    const KEYFRAMES: usize = 15_000;
}
