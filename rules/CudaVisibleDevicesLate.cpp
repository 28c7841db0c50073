// nn-cuda-visible-devices-late: CUDA_VISIBLE_DEVICES set after CUDA was
// initialised; the CUDA runtime has read it already, so the setting is ignored.
#include "rules/Rule.h"

namespace nnlint {
namespace {

class CudaVisibleDevicesLate : public Rule {
 public:
  RuleInfo info() const override {
    return {"nn-cuda-visible-devices-late",
            "CUDA_VISIBLE_DEVICES is set after CUDA was initialised",
            "The CUDA runtime reads CUDA_VISIBLE_DEVICES once, when it initialises: after "
            "torch::cuda::is_available(), device_count(), or a tensor or module placed on CUDA, "
            "setenv(\"CUDA_VISIBLE_DEVICES\", ...) has no effect and every device index keeps meaning "
            "a physical GPU. Set it before any CUDA call, or in the environment of the process.",
            Severity::Warning};
  }

  void check(const ModelIndex &index, std::vector<Finding> &out) const override {
    for (const CallSiteFact &c : index.callSites) {
      if (c.kind != CallSiteKind::CudaEnvAfterInit) continue;
      Finding f;
      f.check = info().id;
      f.loc = c.loc;
      f.message = "'" + c.callee + "' sets " + c.subject + " after CUDA was initialised in '" + c.function +
                  "'; the CUDA runtime has read it already, so it has no effect and device indices still "
                  "name the physical GPUs";
      f.notes.push_back({"CUDA is initialised here, by " + c.causeText, c.cause});
      if (c.innerCause.valid()) f.notes.push_back({"it initialises CUDA here: " + c.innerCauseText, c.innerCause});
      if (c.innerCall.valid()) f.notes.push_back({"'" + c.callee + "' sets it here, with " + c.innerCallText, c.innerCall});
      out.push_back(std::move(f));
    }
  }
};

}  // namespace

std::unique_ptr<Rule> makeCudaVisibleDevicesLate() { return std::make_unique<CudaVisibleDevicesLate>(); }

}  // namespace nnlint
