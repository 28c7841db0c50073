// The model index: facts about every torch::nn::Module subclass seen in a run.
// Facts are plain data with file/line locations so that facts collected from
// several translation units can be merged per class. Checks read only this.
#pragma once

#include "base/SourcePoint.h"

#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace nnlint {

// The element class recorded when an element of a container is not known.
inline constexpr const char *kUnknownElement = "?";

// How a member holds a module (or tensor).
enum class HoldKind {
  Holder,      // torch::nn::Linear (ModuleHolder<LinearImpl>)
  SharedPtr,   // std::shared_ptr<LinearImpl>, std::unique_ptr<...>
  RawPtr,      // LinearImpl*
  ByValue,     // LinearImpl held by value
  Container,   // std::vector/array/map/... or a C array of any of the above
  Tensor,      // at::Tensor
};

struct MemberFact {
  std::string name;
  SourcePoint loc;
  std::string type;         // as written, for messages
  HoldKind kind = HoldKind::Holder;
  std::string moduleClass;  // Impl class of the module (of the innermost element for containers)
  std::string containerKind;  // "std::vector", "C array", "std::map", ... (Container, and Tensor held in a std container or C array)
  bool nullInit = false;      // in-class initialiser is nullptr / {nullptr}
  bool defaultConstructs = false;  // holder or by-value module constructed without an explicit initialiser
  // Key of the user module base class that declares it ("" for the class's own
  // members): a derived class holds its bases' members too, and its methods
  // write, register and use them; the base's own facts are in its ClassFact.
  std::string inheritedFrom;
};

// What an atomic branch condition reads, which decides whether it can differ
// between iterations (see analyzer/flow/ConditionAtoms.h).
enum class AtomKind {
  Training,  // is_training(), GradMode::is_enabled(): false only where no backward() runs
  Members,   // only members of the class and constants: fixed if no method but a constructor writes them
  Runtime,   // forward()'s inputs, locals computed from them, randomness
  Unknown,   // globals, calls nnlint cannot judge
};

enum class CondOp { True, False, Atom, Not, And, Or };

// A boolean formula over the branch conditions of a method: when a use is
// skipped, when a registration runs, what a flag member holds after the
// constructor. Atoms with the same key are the same condition.
struct Condition {
  CondOp op = CondOp::True;
  std::string key;   // Atom: "m:flag_", "eq:mode_=2", "nonnull:downsample", "training", "x:<text>"
  std::string text;  // Atom: as written (the macro invocation when it comes from a macro)
  SourcePoint loc;   // Atom: where it is written
  AtomKind kind = AtomKind::Unknown;
  std::vector<std::string> members;  // Atom: the members it reads
  std::vector<Condition> args;       // Not, And, Or
};

enum class RegKind { Module, Parameter, Buffer };

// One register_module / register_parameter / register_buffer call, and the
// member it binds (empty when no member could be identified).
struct RegistrationFact {
  RegKind kind = RegKind::Module;
  std::string member;
  std::string method;  // enclosing method of the class, "" for code outside it
  SourcePoint loc;
  bool requiresGrad = true;  // register_parameter(..., false) makes it false
  bool viaHelper = false;    // the call sits in a helper that received the member
  Condition when;            // when the call runs in its method (True: always)
  // The constant name given, for a call on `this` that runs at most once per
  // call of its method (hasName), and an earlier registration of the same kind
  // and name in the same body, both always run (sameNameAt; LibTorch throws).
  bool hasName = false;
  std::string name;
  SourcePoint sameNameAt;
  std::string ctor;          // in a constructor: which one (ClassFact::constructors' key)
};

enum class WriteKind {
  Assign,         // m = ...; m(...) in a constructor initialiser
  Append,         // push_back, emplace_back, insert, emplace, push_front, m[key] = ...
  Clear,          // clear(), or assignment of an empty value
};

// A write to a member in one of the class's methods.
struct WriteFact {
  std::string member;
  WriteKind kind = WriteKind::Assign;
  std::string method;
  std::string ctor;  // in a constructor: which one (ClassFact::constructors' key)
  SourcePoint loc;
  unsigned order = 0;  // offset inside the method, to compare order of writes
  bool fromRegistration = false;  // the value written is the result of register_*()
  bool nullValue = false;         // the value written is nullptr
  std::vector<std::string> sourceMembers;  // members whose modules are written (cells_ = {fc1, fc2})
  bool freshModule = false;  // the value constructs a new module (Linear(...), make_shared<...>)
  // The value holds a module the analysis cannot follow (another object's
  // member, a global, a constructor's parameter, what unseen code returns):
  // whether it is registered is not known, so no check calls it unregistered.
  bool unknownModule = false;
  // A registration of the member in the same method may run before this
  // assignment on some path (so it may replace what was registered).
  bool afterRegistration = false;
  bool fromParameter = false;  // the value holds a module the function was given (the caller's)
  // The written value's source text, for fix-its: set only for `member = value;`
  // in a method body when the value is plain text of one file (no macro).
  SourcePoint valueBegin, valueEnd;
  bool viaSubscript = false;  // an Append written as `m[key] = value`
  // The value is what these user functions return (USRs), and the rest of it is
  // registered: registered or not is decided after the merge (resolveHelpers).
  std::set<std::string> fromHelpers;
  // Members that a lambda in the value uses (a std::function member, a
  // torch::nn::Functional): whoever calls the written member uses them.
  std::set<std::string> capturedMembers;
  // Own methods that the callable written runs: a lambda's calls, a bound or
  // pointed-to method (`std::bind(&Net::branch, this, _1)`).
  std::set<std::string> capturedMethods;
};

// Where a tensor member is given a value that requires grad, or not.
struct TensorInitFact {
  std::string member;
  std::string method;
  SourcePoint loc;
  bool requiresGrad = false;
};

// An assignment that replaces a tensor field of a member module in one of the
// class's methods: `lin->weight = g * v / v.norm();`, `head->weight = emb->weight;`.
struct ParameterWriteFact {
  std::string member;      // the submodule member ("lin")
  std::string field;       // its tensor field ("weight")
  std::string fieldClass;  // the class that declares the field (qualified)
  std::string method;
  SourcePoint loc;
};

// Whether a library module keeps running statistics (BatchNorm's
// running_mean/running_var/num_batches_tracked), from its options.
enum class StatsTracking {
  On,       // track_running_stats is true (BatchNorm's default)
  Off,      // false (InstanceNorm's default, or set so)
  Unknown,  // set from a value nnlint cannot read
};

// A library module with running statistics that a class creates
// (a torch::nn::NormImplBase: BatchNorm*, InstanceNorm*), or a member declared
// with such a type whose creation was not seen (`declaration`).
struct RunningStatsFact {
  std::string member;       // the member it is stored in, directly or as an element; "" when not known
  std::string moduleClass;  // qualified Impl class: "torch::nn::BatchNorm2dImpl"
  std::string method;       // where it is created ("<init>" for an in-class initialiser, "" for a declaration)
  SourcePoint loc;          // the creation, or the member's declaration
  StatsTracking tracking = StatsTracking::On;
  bool declaration = false;
  bool conditional = false;  // created on some branches of its method only (if, ?:, switch)
};

// A write in one of the class's methods that changes a tensor member's value:
// in place (`steps_ += 1`, `mean_.mul_(m).add_(x)`, `buf_.data().fill_(0)`,
// `buf_[0] = v`) or by assignment (`buf_ = buf_ + 1`).
struct TensorWriteFact {
  std::string member;
  std::string method;
  SourcePoint loc;
  std::string how;              // for messages: "+=", "add_()", "="
  bool onlyInTraining = false;  // runs only when is_training() (or grad mode) is true
};

// A member passed to a user function outside the class (a helper such as
// `register_all(*this, layers_)`); resolved against HelperSummary once every
// file of the run has been indexed.
struct HelperCall {
  std::string helper;  // USR of the callee
  unsigned param = 0;
  std::string member;
  std::string method;
  SourcePoint loc;
  std::string ctor;  // in a constructor: which one
};

enum class StructFieldUse {
  AssignedFresh,  // `heads.box = Linear(8, 4);`
  Registered,     // `heads.box = register_module(...)`, `register_module("box", heads.box)`
  Escapes,        // given to a function, copied, assigned from elsewhere: not followed
};

// A bool member that a constructor sets from one of its parameters
// (`DropOut(double p, bool train) : train_(train)`): what the module's
// constructions decide.
struct FlagParamFact {
  std::string member;
  unsigned params = 0;       // the constructor's parameters
  unsigned required = 0;     // those without a default argument
  unsigned index = 0;        // the parameter the member takes
  bool defaultTrue = false;  // that parameter's default argument is the constant true
};

// A use of a module field of a plain struct member (`heads.box` of `Heads
// heads;`) in one of the class's methods; `field` is "" for the struct
// member used whole (then every field escapes).
struct StructFieldFact {
  std::string member;
  std::string field;
  std::string type;         // the field's type as written
  std::string moduleClass;  // Impl class of the module it holds
  StructFieldUse use = StructFieldUse::Escapes;
  std::string method;
  SourcePoint loc;
};

// The condition under which a use happens (`if (use_aux_)`, `training ? a : b`).
struct Guard {
  std::string condition;  // source text
  SourcePoint loc;
  bool whenFalse = false;  // the use happens when the condition is false
  Condition skip;          // when the method does not use it, on a path that returns normally
};

// One element of what forward() returns (a tuple element, a struct field,
// a pair member, a torch::Dict entry) and the members whose values flow into it.
struct OutputFact {
  std::string name;  // field or binding name if known, else ""; the key of a keyed output
  bool keyed = false;  // an entry of a torch::Dict or std::map, selected by its key
  std::set<std::string> members;
  std::set<std::string> callees;  // own methods whose results flow into it
};

// Why a use of a member in a method gives its parameters no gradient.
enum class DeadReason {
  Discarded,    // the result is never used
  Overwritten,  // the variable that holds the result is overwritten before it is read
  NoGrad,       // computed under torch::NoGradGuard / InferenceMode
  Detached,     // reaches the method's results only through a gradient cut (detach(), argmax(), a comparison, ...)
  NeverRuns,    // every use is under a condition that is constant (`if constexpr`, a const flag) and false
  IgnoredByCallee,  // reaches the results only through an argument that the called forward() never uses
};

// A member (or own method) whose every use in a method is dead, and the first such use.
struct DeadUse {
  DeadReason reason = DeadReason::Discarded;
  SourcePoint loc;
  std::string variable;  // the local that holds the result, or the guard, if any
};

// An entry put into a ModuleDict member under a constant key, in the
// constructor or reset().
struct DictEntryFact {
  std::string member;
  std::string key;
  std::string moduleClass;  // of the module under the key ("" if not known)
  SourcePoint loc;          // the key
};

struct MethodFact {
  std::string name;  // "reset", "forward", "<ctor>", ...
  SourcePoint loc;   // declaration in the class
  bool defined = false;  // a body was seen in this run
  SourcePoint bodyStart;  // just after the body's '{' (for fix-its); invalid when in a macro
  bool isPublic = true;
  bool isCtor = false;
  bool returnsValue = false;       // non-void: an entry point that computes something
  bool usesAllParameters = false;  // parameters(), named_children(), passes *this away, ...
  std::set<std::string> callees;  // methods of the same class it calls
  // Methods of user module base classes it calls on itself (`Base::forward(x)`,
  // an inherited helper): the key of the class that defines each, and its name.
  std::set<std::pair<std::string, std::string>> baseCallees;
  std::set<std::string> membersUsed;  // members it reads or writes
  std::set<std::string> membersReturned;  // members whose module it returns (a getter)
  // Members and callees all of whose uses here are under a condition.
  std::map<std::string, Guard> memberGuards;
  std::map<std::string, Guard> calleeGuards;
  std::vector<OutputFact> outputs;  // when it returns several values
  std::set<std::string> membersMutated;  // non-module members it may change (assign, ++, non-const use)
  // Members used here whose every use carries no gradient (DeadComputation),
  // and own methods whose every call here runs under NoGradGuard.
  std::map<std::string, DeadUse> deadMembers;
  std::map<std::string, DeadUse> deadCallees;
  // ModuleDict members it looks entries up in: the constant keys, and "" for a
  // lookup by another key or any other use (iteration, items(), passing it on).
  std::map<std::string, std::set<std::string>> dictLookups;
  // Pointer-to-member-function members it calls through on itself (`(this->*mix_)(h)`).
  std::set<std::string> methodPointerCalls;
};

// One constructor written in the class (`"<ctor>"` merges them all in
// `methods`): what runs when an object is built with it.
struct ConstructorFact {
  SourcePoint loc;            // its definition when seen, else its declaration
  bool defined = false;       // a body (or `= default`) was seen
  std::string delegatesTo;    // key of the constructor it delegates to (`: Net(8)`), if any
  std::set<std::string> callees;  // own methods its body and initialisers call
};

// The methods that build or tear down a module rather than run it: the
// constructor, the destructor, reset() and clone().
bool isSetupMethod(const std::string &method);

struct ClassFact {
  std::string name;  // qualified
  SourcePoint loc;
  bool isCloneable = false;
  bool hasOwnClone = false;
  std::vector<std::string> moduleBases;  // user module classes it derives from
  std::vector<MemberFact> members;
  std::vector<RegistrationFact> registrations;
  std::vector<WriteFact> writes;
  std::vector<TensorInitFact> tensorInits;
  std::map<std::string, MethodFact> methods;  // keyed by name (overloads merged)
  std::vector<HelperCall> helperCalls;
  std::set<std::string> opaqueMembers;  // passed to a function whose body was not seen
  // What a flag member holds after construction, as a condition over the
  // constructor's branches: key of the member's atom ("m:down_") -> value.
  std::map<std::string, Condition> flagValues;
  // Module containers (Sequential, ModuleList) whose every element was seen:
  // member -> the module classes of its elements (kUnknownElement for one not known).
  std::map<std::string, std::set<std::string>> containerElements;
  // Library module classes it holds that declare no tensor and no submodule.
  std::set<std::string> statelessModules;
  // Members whose parameters are set to requires_grad(false) in a method of
  // the class ("*": the module's own parameters(), so every member).
  std::set<std::string> frozenMembers;
  std::vector<ParameterWriteFact> parameterWrites;
  std::vector<DictEntryFact> dictEntries;
  // ModuleDict members with an entry whose key is not a constant, or filled in
  // a way nnlint does not follow.
  std::set<std::string> dictsWithUnknownKeys;
  std::vector<RunningStatsFact> runningStats;
  std::vector<TensorWriteFact> tensorWrites;
  // Pointer-to-member-function members: the own methods each is given anywhere
  // in the run (kUnknownElement for a value or a use not followed).
  std::map<std::string, std::set<std::string>> methodPointerTargets;
  // Members that code outside the class and its subclasses names.
  std::set<std::string> membersUsedOutside;
  // Members whose holder or pointer a method tests for emptiness (`head.is_empty()`).
  std::set<std::string> membersTestedEmpty;
  std::vector<StructFieldFact> structFields;
  std::vector<FlagParamFact> flagParams;
  // The constructors written in the class, keyed by their declaration's place.
  std::map<std::string, ConstructorFact> constructors;

  const MemberFact *member(const std::string &n) const;
  // Whether code the analysis cannot follow may do anything with the member:
  // it is passed to a function whose body was not seen, or code outside the
  // class names it. Every check stays silent about such a member (a note at
  // most): the one rule for what nnlint does not know.
  bool escapes(const std::string &member) const;
  // A method that runs the module, not one that builds it, uses the member.
  bool usedToRun(const std::string &member) const;
  // Every method declared in the class has been seen with its body.
  bool allMethodsSeen() const;
  // Methods reachable from `root` through calls to the class's own methods.
  std::set<std::string> reachableFrom(const std::string &root) const;
  // The class's own plain-container members that clone() copies as they are
  // and then hands to reset(): empty unless the class is a Cloneable without
  // its own clone() whose every method body was seen.
  std::vector<const MemberFact *> containersKeptByClone() const;
  // The same for the class's own module handles (holder, shared_ptr, raw
  // pointer) that no registration binds: clone() copies the handle as it is.
  std::vector<const MemberFact *> handlesKeptByClone() const;
};

// What a user function does with its parameters: registers what one refers
// to, or passes it on to code that was not seen.
// What a user function returns, as far as registration goes.
enum class ReturnedModule {
  None,          // no module
  Registered,    // modules it registers (on the module it was given)
  Unregistered,  // a module it creates, or a parameter, and does not register
  Unknown,       // a member of some object, or anything else
};

struct HelperSummary {
  std::map<unsigned, RegistrationFact> registers;  // param index -> one such call
  std::set<unsigned> opaque;
  ReturnedModule returns = ReturnedModule::None;
  std::set<std::string> returnsVia;  // USRs of user functions whose results it returns
  RegistrationFact returnsRegistration;  // the register_*() call whose result it returns (kind, requires_grad)
};

// Training code: a call of a module's forward() whose result, or part of it,
// flows into a tensor on which backward() is called.
struct ForwardCallFact {
  std::string moduleClass;   // class key
  SourcePoint loc;           // the call
  SourcePoint backwardLoc;   // the backward() call
  std::string function;      // the function that holds both
  unsigned outputs = 0;      // number of outputs the caller can select from (0: unknown)
  std::set<unsigned> used;   // outputs that reach the loss
  std::set<std::string> usedKeys;  // the keys of keyed outputs that reach the loss
  std::map<unsigned, SourcePoint> boundAt;  // where an output is bound to a name
  std::map<unsigned, std::string> boundName;
  bool wholeResultUsed = false;  // the result escapes as a whole: every output counts as used
  // forward()'s inputs by position: how many the call writes, those it writes
  // empty (a default-constructed tensor, `{}`, nullopt), and those it passes on
  // some runs only (`drop ? torch::Tensor() : labels`). Inputs past
  // `inputsWritten` take their defaults.
  unsigned inputsWritten = 0;
  std::set<unsigned> inputsEmpty;
  std::set<unsigned> inputsSometimes;

  bool passes(unsigned input) const { return input < inputsWritten && !inputsEmpty.count(input); }
};

// A call whose meaning depends on what ran before it in the same function
// (CallSiteFacts.cpp): a dropout left in training mode, a checkpoint loaded
// without a device into a module that was moved to one, CUDA_VISIBLE_DEVICES
// set after CUDA was initialised. Facts of any function, not only modules'.
enum class CallSiteKind {
  DropoutAlwaysOn,       // functional/ATen dropout whose `training` is constant true, in a module method
  LoadWithoutDevice,     // torch::load(module, source) with no device
  ModuleMovedToDevice,   // member->to(device): consulted for loads of that member in other methods
  JitLoadWithoutDevice,  // torch::jit::load(path) with no device, result used on a device
  CudaEnvAfterInit,      // setenv/putenv of CUDA_VISIBLE_DEVICES after a CUDA initialisation
  ModuleReplicated,      // torch::nn::parallel::data_parallel or replicate: forward runs on clones
  DropoutFlagMember,     // dropout whose `training` is the bool member `subject`, in a module method
  ModuleConstructed,     // a user module class constructed (holder, make_shared, the Impl): its arguments
  // A method of a class holding a module handle called (callee); subject "<ctor>" or "<method>" for
  // a call on `this` in the class's constructor or another method, cause a move that may precede it there.
  HolderMethodCalled,
};

struct CallSiteFact {
  CallSiteKind kind = CallSiteKind::DropoutAlwaysOn;
  SourcePoint loc;         // the call
  std::string function;    // qualified name of the enclosing function
  std::string callee;      // qualified name of the called function, as declared
  std::string subject;     // the module variable or member; the environment variable
  std::string memberOf;    // class key, when `subject` is a member of that class
  // What precedes the call on some path (move, CUDA initialisation; for
  // ModuleReplicated, the eval() or NoGradGuard that makes it evaluation); invalid if none.
  SourcePoint cause;
  std::string causeText;   // that cause, described for a note
  SourcePoint innerCause;  // where a called function initialises CUDA, when the cause is that call
  std::string innerCauseText;
  SourcePoint innerCall;    // where a called function does what the call is blamed for (its setenv)
  std::string innerCallText;
  std::string device;      // ModuleMovedToDevice: the device, when its text is valid in every method of memberOf
  bool indexFreeDevice = false;  // the move's device has no index (kCUDA or kCPU): the current device of its kind
  std::string moduleClass;  // ModuleReplicated, ModuleConstructed: key of the module's class ("" when not a user class)
  unsigned argCount = 0;            // ModuleConstructed: the arguments written
  std::vector<unsigned> trueArgs;   // ModuleConstructed: those that are the constant true
  // A mechanical fix: replace [fixBegin, fixEnd) with fixText (insert when
  // equal); for a load of a member moved elsewhere, where `, device` goes.
  SourcePoint fixBegin, fixEnd;
  std::string fixText;
};

// A call of a user module class's method made on one of its objects by code
// other than the class's own methods (`model->compute_loss(x)` in a training
// step, `backbone->features(x)` in an owner's forward(), `net(x)`).
struct OutsideCallFact {
  std::string moduleClass;   // key of the class that declares the method called
  std::string method;        // its name; "forward" for a holder's operator(); the member's name for a member use
  bool memberUse = false;    // not a call: a use of the member `method` names (`backbone->features1`)
  std::string callerClass;   // key of the module class whose method makes the call; "" for other code
  std::string callerMethod;  // that method's name ("<ctor>", ...), or the function's qualified name
  bool training = false;     // the calling function calls backward()
  std::string callerUsr;     // USR of the calling function
  SourcePoint loc;
};

struct ModelIndex {
  std::map<std::string, ClassFact> classes;  // by key: "Name@file:line" of the definition
  std::vector<ForwardCallFact> forwardCalls;
  std::map<std::string, HelperSummary> helpers;  // keyed by USR
  std::vector<CallSiteFact> callSites;
  std::vector<OutsideCallFact> outsideCalls;
  // USRs of the user functions that a function calling backward() calls (loss helpers).
  std::set<std::string> trainingCallees;

  // Adds the facts from another translation unit of the same run.
  void merge(const ModelIndex &other);
  // Turns helper calls into registrations (or opaque members), and calls
  // through pointer members into callees. Call once, after every translation
  // unit has been merged.
  void resolveHelpers();
  // By key, else by qualified name when exactly one class has it.
  const ClassFact *find(const std::string &keyOrName) const;
};

}  // namespace nnlint
