//! The joints R-CODE reads as variables, in whole degrees (`PRINT`), and the motion's joint
//! each is: the ERS-7's, as Sony's R-CODE reference for it names them.

/// One joint variable: R-CODE's name and the motion's joint name (`robot::joints`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct JointVar {
    /// The variable's name in R-CODE.
    pub var: &'static str,
    /// The joint's name in an ERS-7 motion.
    pub joint: &'static str,
}

const fn v(var: &'static str, joint: &'static str) -> JointVar {
    JointVar { var, joint }
}

/// The ERS-7's joint variables, in the motion's joint order (the ears, up or down on the
/// ERS-7, have none). In a leg's three, 1 is the hip's front and back swing, 2 its sideways
/// swing and 3 the knee; F is front and R rear (hind).
pub const ERS7: [JointVar; 18] = [
    v("Head_Tilt", "HEAD_PITCH"),
    v("Head_Pan", "HEAD_YAW"),
    v("Head_Tilt_2", "HEAD_PITCH2"),
    v("Mouth", "MOUTH"),
    v("LFLeg_1", "FL_LEG_VERT"),
    v("LFLeg_2", "FL_LEG_LAT"),
    v("LFLeg_3", "FL_LEG_KNEE"),
    v("LRLeg_1", "BL_LEG_VERT"),
    v("LRLeg_2", "BL_LEG_LAT"),
    v("LRLeg_3", "BL_LEG_KNEE"),
    v("RFLeg_1", "FR_LEG_VERT"),
    v("RFLeg_2", "FR_LEG_LAT"),
    v("RFLeg_3", "FR_LEG_KNEE"),
    v("RRLeg_1", "BR_LEG_VERT"),
    v("RRLeg_2", "BR_LEG_LAT"),
    v("RRLeg_3", "BR_LEG_KNEE"),
    v("Tail_Tilt", "TAIL_VERT"),
    v("Tail_Pan", "TAIL_HORZ"),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_variable_names_a_joint_of_the_ers7_once() {
        let joints = crate::robot::Model::Ers7.joints();
        let mut seen = std::collections::BTreeSet::new();
        for JointVar { var, joint } in ERS7 {
            assert!(seen.insert(joint), "{joint} twice");
            assert!(
                joints.iter().any(|j| j.name == joint),
                "{var}: no joint {joint}"
            );
        }
    }
}
