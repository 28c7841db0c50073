#include "rules.h"

namespace nnlint::verify::rules {

const std::vector<RuleText>& all() {
  static const std::vector<RuleText> table = {
      {kContainerAlias, "A replica computes with a parameter or buffer of the original model, "
                        "because clone() left a container pointing at the original's submodules."},
      {kUnregisteredSubmodule, "A trainable tensor that is not a registered parameter is used: a "
                               "submodule or tensor held outside register_module/register_parameter, "
                               "so it is neither cloned nor moved with the model."},
      {kUnusedParameter, "A trainable parameter receives no gradient on any replica."},
      {kOutputNotInLoss, "An output of forward() does not reach the loss."},
      {kInvalidDevice, "A requested device does not exist or cannot be used for replication."},
      {kNotOnFirstDevice, "A parameter or buffer of the model is not on devices[0] before "
                          "replication."},
      {kDeviceMismatch, "An operator of a replica mixes tensors on the replica's device with a "
                        "tensor on another device."},
      {kReplicaCrosstalk, "A replica computes with a parameter or buffer that belongs to another "
                          "replica."},
      {kPartialGradient, "A parameter receives a gradient on some replicas but not on others."},
      {kGradientMismatch, "The replicas' combined gradient differs from the gradient of the whole "
                          "batch on one device."},
      {kStepFailed, "Cloning, forward or backward of a replica threw an exception."},
  };
  return table;
}

}  // namespace nnlint::verify::rules
