//! Linked joints (Petoi's "binder"): two joints of a motion bound so that a change to one
//! moves the other by as much (the same way, or the opposite way: a mirrored pair's
//! sideways joints turn opposite ways). Whatever edits a joint's values (a typed cell, a
//! dragged point, a pose on the stage) goes through [`Links::expand`].

use super::Edit;
use crate::codec::mtn::Motion;

/// Two joints bound together.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Link {
    /// One joint (its column).
    pub a: usize,
    /// The other.
    pub b: usize,
    /// The other moves the opposite way.
    pub opposite: bool,
}

/// A motion's linked joints: each joint in at most one link.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Links(Vec<Link>);

impl Links {
    /// Binds two joints (each leaves the link it was in).
    pub fn link(&mut self, link: Link) {
        if link.a == link.b {
            return;
        }
        self.unlink(link.a);
        self.unlink(link.b);
        self.0.push(link);
    }

    /// Frees a joint from its link.
    pub fn unlink(&mut self, joint: usize) {
        self.0.retain(|l| l.a != joint && l.b != joint);
    }

    /// The joint bound to `joint`, and whether it moves the opposite way.
    #[must_use]
    pub fn partner(&self, joint: usize) -> Option<(usize, bool)> {
        self.0.iter().find_map(|l| {
            if l.a == joint {
                Some((l.b, l.opposite))
            } else if l.b == joint {
                Some((l.a, l.opposite))
            } else {
                None
            }
        })
    }

    /// Whether any joints are linked.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// `edit` with each joint value it sets carried to the linked joint (by the change it
    /// makes from `motion` as it is), where the edit does not set that joint itself.
    #[must_use]
    pub fn expand(&self, edit: Edit, motion: &Motion) -> Edit {
        if self.0.is_empty() {
            return edit;
        }
        match edit {
            Edit::SetAngles(cells) => {
                let set: std::collections::BTreeSet<(usize, usize)> =
                    cells.iter().map(|&(k, j, _)| (k, j)).collect();
                let mut out = cells.clone();
                for &(k, j, v) in &cells {
                    let Some((other, opposite)) = self.partner(j) else {
                        continue;
                    };
                    if set.contains(&(k, other)) {
                        continue;
                    }
                    let (Some(old), Some(theirs)) = (
                        motion.keyframes.angle(k, j),
                        motion.keyframes.angle(k, other),
                    ) else {
                        continue;
                    };
                    let change = v.wrapping_sub(old);
                    let moved = if opposite {
                        theirs.saturating_sub(change)
                    } else {
                        theirs.saturating_add(change)
                    };
                    out.push((k, other, moved));
                }
                Edit::SetAngles(out)
            }
            Edit::Group(edits) => {
                // Each part against the motion as the parts before it left it.
                let mut scratch = motion.clone();
                let mut out = Vec::with_capacity(edits.len());
                for part in edits {
                    let expanded = self.expand(part, &scratch);
                    // A part that does not fit is refused when the group itself is
                    // applied; here it only leaves the parts after it expanded against
                    // the motion as it was.
                    let _ = expanded.clone().apply(&mut scratch);
                    out.push(expanded);
                }
                Edit::Group(out)
            }
            other @ (Edit::SetBody(_)
            | Edit::SetFrames(_)
            | Edit::InsertKeyframe { .. }
            | Edit::RemoveKeyframe { .. }
            | Edit::SetHeader(..)
            | Edit::SetVersion(_)
            | Edit::SetFrameRate(_)
            | Edit::ReplaceMotion(_)
            | Edit::SetFileProblems(_)) => other,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::robot::postures::new_motion;

    #[test]
    fn a_change_to_one_joint_moves_its_linked_joint_by_as_much() {
        let motion = new_motion("DRX-1000", "stand").unwrap_or_else(|e| panic!("{e}"));
        let mut links = Links::default();
        links.link(Link {
            a: 6,
            b: 12,
            opposite: false,
        });
        links.link(Link {
            a: 1,
            b: 19,
            opposite: true,
        });
        let old = |j: usize| motion.keyframes.angle(0, j).unwrap_or_default();
        let edit = links.expand(
            Edit::SetAngles(vec![(0, 6, old(6) + 1000), (0, 1, old(1) + 500)]),
            &motion,
        );
        let mut after = motion.clone();
        let _ = edit.apply(&mut after);
        let new = |j: usize| after.keyframes.angle(0, j).unwrap_or_default();
        assert_eq!(new(12) - old(12), 1000, "the same way");
        assert_eq!(new(19) - old(19), -500, "the opposite way");
        // An edit that sets both itself is left as it is.
        let both = links.expand(Edit::SetAngles(vec![(0, 6, 7), (0, 12, 9)]), &motion);
        assert_eq!(both, Edit::SetAngles(vec![(0, 6, 7), (0, 12, 9)]));
        // A joint is in one link at a time.
        links.link(Link {
            a: 6,
            b: 9,
            opposite: false,
        });
        assert_eq!(links.partner(6), Some((9, false)));
        assert_eq!(links.partner(12), None);
        links.unlink(9);
        assert_eq!(links.partner(6), None);
    }
}
