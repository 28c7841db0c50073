// What forward() reaches, for the gradient-path checks: each member with the
// condition under which it is reached (none: on every path).
#pragma once

#include "index/ModelIndex.h"

#include <map>
#include <optional>
#include <set>
#include <string>

namespace nnlint {

using Reach = std::map<std::string, std::optional<Guard>>;

// Members used by `method` and the own methods it calls, each with the guard
// of its uses (nullopt when some use happens on every path).
Reach reachFrom(const ClassFact &c, const std::string &method);

// Members that `method` and the own methods it calls use, but only in dead
// computation (a result discarded, overwritten, detached, or computed under
// NoGradGuard), with the first such use. Disjoint from reachFrom().
std::map<std::string, DeadUse> deadFrom(const ClassFact &c, const std::string &method);

// Whether a registered member holds trainable parameters: a parameter that
// requires grad, or a submodule with parameters.
bool isTrainable(const ModelIndex &index, const RegistrationFact &r, const ClassFact &c);

// Whether a module of class `cls`, held by `seenFrom`, has trainable parameters.
bool moduleClassTrainable(const ModelIndex &index, const ClassFact &seenFrom, const std::string &cls);

// Classes that some other class of the index derives from: their forward()
// may be replaced, so reachability does not judge them.
bool isBaseOfAnother(const ModelIndex &index, const std::string &cls);

// Whether a method reachable from `entry` walks parameters(), children(), or
// passes *this away: then every parameter may be used.
bool usesAllParameters(const ClassFact &c, const std::string &entry);

// A class's entry points: forward(), or its public methods that return a value.
std::vector<std::string> entryPoints(const ClassFact &c);

// Methods of class `key` that code on the way to backward() runs besides its
// entry points: those a function that calls backward(), or a user function it
// calls (a loss helper), calls on its objects (`model->compute_loss(x)`), and those a method of another module, reached
// from that module's entry points, calls on it (`vae->encode(x)` in forward()).
std::set<std::string> trainedMethods(const ModelIndex &index, const std::string &key);

// A class whose forward() no code calls, and whose every object is a
// registered member of an owner seen whole: the methods that its owners (and
// other code) call on it, the only paths along which its parameters get a
// gradient, and one such call. Nullopt when that cannot be shown.
struct OwnerCalls {
  std::set<std::string> methods;
  std::set<std::string> members;  // members that code reaches into past the methods (`backbone->features1`)
  const OutsideCallFact *example = nullptr;
};
std::optional<OwnerCalls> ownerOnlyCalls(const ModelIndex &index, const ClassFact &c, const std::string &key);

}  // namespace nnlint
