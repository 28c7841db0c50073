#include "rules/Rule.h"

namespace nnlint {

std::unique_ptr<Rule> makeUnregisteredSubmodule();
std::unique_ptr<Rule> makeContainerAlias();
std::unique_ptr<Rule> makeResetAccumulates();
std::unique_ptr<Rule> makeRegisterOutsideReset();
std::unique_ptr<Rule> makeRegistrationName();
std::unique_ptr<Rule> makeUnregisteredTensor();
std::unique_ptr<Rule> makeUnusedParameter();
std::unique_ptr<Rule> makeConditionalParameter();
std::unique_ptr<Rule> makeOutputNotInLoss();
std::unique_ptr<Rule> makeFunctionalDropoutInEval();
std::unique_ptr<Rule> makeLoadWithoutDevice();
std::unique_ptr<Rule> makeCudaVisibleDevicesLate();
std::unique_ptr<Rule> makeDataParallelLostBuffers();

const std::vector<std::unique_ptr<Rule>> &allRules() {
  static const std::vector<std::unique_ptr<Rule>> rules = [] {
    std::vector<std::unique_ptr<Rule>> r;
    r.push_back(makeConditionalParameter());
    r.push_back(makeContainerAlias());
    r.push_back(makeCudaVisibleDevicesLate());
    r.push_back(makeDataParallelLostBuffers());
    r.push_back(makeFunctionalDropoutInEval());
    r.push_back(makeLoadWithoutDevice());
    r.push_back(makeOutputNotInLoss());
    r.push_back(makeRegisterOutsideReset());
    r.push_back(makeRegistrationName());
    r.push_back(makeResetAccumulates());
    r.push_back(makeUnregisteredSubmodule());
    r.push_back(makeUnregisteredTensor());
    r.push_back(makeUnusedParameter());
    return r;
  }();
  return rules;
}

}  // namespace nnlint
