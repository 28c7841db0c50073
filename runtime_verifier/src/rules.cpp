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
      {kNotOnFirstDevice, "data_parallel with a single device moves the model itself to that "
                          "device, away from where the program put it."},
      {kDeviceMismatch, "An operator of a replica mixes tensors on the replica's device with a "
                        "tensor on another device."},
      {kMadeOnOtherDevice, "A replica's forward() makes a tensor on another GPU than the replica's (a device "
                           "without an index, or a fixed one) and mixes it with the replica's tensors: "
                           "data_parallel sets no device guard, so every replica allocates on the same GPU."},
      {kLostBufferUpdate, "forward() changes a registered buffer (BatchNorm statistics, a counter), but "
                          "data_parallel runs clones of the model and drops their buffers: the model's own "
                          "buffer never changes."},
      {kReplicaCrosstalk, "A replica computes with a parameter or buffer that belongs to another "
                          "replica."},
      {kPartialGradient, "A parameter receives a gradient on some replicas but not on others."},
      {kGradientMismatch, "The replicas' combined gradient differs from the gradient of the whole "
                          "batch on one device."},
      {kStepFailed, "Cloning, forward or backward of a replica threw an exception."},
      {kNonFinite, "A NaN or Inf appeared in the step; the finding names the first operator that produced one, "
                   "or the input that held one."},
      {kEmptyBatch, "The batch (or a rank's shard) has no samples, so nothing could be checked."},
      {kReplicationCost, "data_parallel's replication (one clone() per replica per step, which re-runs reset()) takes "
                         "much of the step, or makes the step slower than one device doing the whole batch.",
       "warning"},
      {kDeviceZeroMemory, "Device 0 holds much more memory than the other devices during a data_parallel step: the "
                          "original model, its gradients, the gathered outputs, the loss, optimizer state, or tensors "
                          "loaded there before the step.",
       "note"},
      {kRankStructure, "Ranks built different models: parameter names, shapes, dtypes or order differ."},
      {kRankInitialValues, "A parameter has different values on different ranks before the step: the "
                           "weights were not broadcast from rank 0."},
      {kRankDevice, "A rank's parameter or buffer is not on the rank's own device (for example on another "
                    "rank's GPU after a checkpoint loaded without a device)."},
      {kRankMemory, "A rank allocated memory on a GPU that is not its own."},
      {kRankAllReduce, "After the all-reduce, a parameter's gradient differs between ranks."},
      {kRankFailed, "A rank threw, timed out or never arrived; the other ranks report it instead of hanging."},
      {kRankMemoryImbalance, "One rank's GPU holds much more memory than the other ranks' GPUs: other ranks' tensors, "
                             "or tensors the rank keeps outside its model (a checkpoint loaded onto GPU 0).",
       "warning"},
  };
  return table;
}

}  // namespace nnlint::verify::rules
