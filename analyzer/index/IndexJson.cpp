#include "index/IndexJson.h"

#include <cstddef>
#include <utility>

namespace nnlint {
namespace {

// How many fields an aggregate has: the largest N for which T{x1, ..., xN}
// compiles with initialisers that convert to anything.
struct AnyField {
  template <class U>
  operator U() const;
};

template <class T, class... Fields>
constexpr auto bracesWith(int) -> decltype(T{std::declval<Fields>()...}, true) {
  return true;
}
template <class T, class... Fields>
constexpr bool bracesWith(...) {
  return false;
}

template <class T, class... Fields>
constexpr std::size_t fieldCount() {
  if constexpr (sizeof...(Fields) < 64 && bracesWith<T, Fields..., AnyField>(0))
    return fieldCount<T, Fields..., AnyField>();
  else
    return sizeof...(Fields);
}

#define NNLINT_COUNT_ARGS(...)                                                                                    \
  NNLINT_COUNT_ARGS_(__VA_ARGS__, 32, 31, 30, 29, 28, 27, 26, 25, 24, 23, 22, 21, 20, 19, 18, 17, 16, 15, 14, 13, 12, \
                     11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0)
#define NNLINT_COUNT_ARGS_(a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15, a16, a17, a18, a19, \
                           a20, a21, a22, a23, a24, a25, a26, a27, a28, a29, a30, a31, a32, n, ...)              \
  n

// One line per struct of ModelIndex.h. A field added there must be added to
// its line here: the static_assert refuses to compile until it is.
#define NNLINT_JSON(Type, ...)                                                                   \
  NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(Type, __VA_ARGS__)                                          \
  NNLINT_JSON_FIELDS(Type, __VA_ARGS__)
#define NNLINT_JSON_FIELDS(Type, ...)                                                            \
  static_assert(fieldCount<Type>() == NNLINT_COUNT_ARGS(__VA_ARGS__),                            \
                #Type " has a field that is not serialised: add it to its line in IndexJson.cpp");

// The same, without the fields that hold their default value: a file's facts
// are mostly defaults (an unset place, an empty set), and every run that
// needs them reads them. A field missing when read takes its default.
#define NNLINT_JSON_TO_IF_SET(v1)                                                                \
  if (nlohmann::json v = nlohmann_json_t.v1; v != nlohmann::json(nlohmann_json_default_obj.v1)) \
    nlohmann_json_j[#v1] = std::move(v);
#define NNLINT_JSON_SPARSE(Type, ...)                                                            \
  inline void to_json(nlohmann::json &nlohmann_json_j, const Type &nlohmann_json_t) {            \
    static const Type nlohmann_json_default_obj{};                                               \
    nlohmann_json_j = nlohmann::json::object();                                                  \
    NLOHMANN_JSON_EXPAND(NLOHMANN_JSON_PASTE(NNLINT_JSON_TO_IF_SET, __VA_ARGS__))                \
  }                                                                                              \
  inline void from_json(const nlohmann::json &nlohmann_json_j, Type &nlohmann_json_t) {          \
    const Type nlohmann_json_default_obj{};                                                      \
    NLOHMANN_JSON_EXPAND(NLOHMANN_JSON_PASTE(NLOHMANN_JSON_FROM_WITH_DEFAULT, __VA_ARGS__))      \
  }                                                                                              \
  NNLINT_JSON_FIELDS(Type, __VA_ARGS__)

}  // namespace

NLOHMANN_JSON_SERIALIZE_ENUM(HoldKind, {{HoldKind::Holder, "holder"},
                                        {HoldKind::SharedPtr, "shared_ptr"},
                                        {HoldKind::RawPtr, "raw_ptr"},
                                        {HoldKind::ByValue, "by_value"},
                                        {HoldKind::Container, "container"},
                                        {HoldKind::Tensor, "tensor"}})
NLOHMANN_JSON_SERIALIZE_ENUM(RegKind, {{RegKind::Module, "module"},
                                       {RegKind::Parameter, "parameter"},
                                       {RegKind::Buffer, "buffer"}})
NLOHMANN_JSON_SERIALIZE_ENUM(AtomKind, {{AtomKind::Training, "training"},
                                        {AtomKind::Members, "members"},
                                        {AtomKind::Runtime, "runtime"},
                                        {AtomKind::Unknown, "unknown"}})
NLOHMANN_JSON_SERIALIZE_ENUM(CondOp, {{CondOp::True, "true"},
                                      {CondOp::False, "false"},
                                      {CondOp::Atom, "atom"},
                                      {CondOp::Not, "not"},
                                      {CondOp::And, "and"},
                                      {CondOp::Or, "or"}})
NLOHMANN_JSON_SERIALIZE_ENUM(WriteKind, {{WriteKind::Assign, "assign"},
                                         {WriteKind::Append, "append"},
                                         {WriteKind::Clear, "clear"}})
NLOHMANN_JSON_SERIALIZE_ENUM(StructFieldUse, {{StructFieldUse::AssignedFresh, "assigned_fresh"},
                                              {StructFieldUse::Registered, "registered"},
                                              {StructFieldUse::Escapes, "escapes"}})
NLOHMANN_JSON_SERIALIZE_ENUM(DeadReason, {{DeadReason::Discarded, "discarded"},
                                          {DeadReason::Overwritten, "overwritten"},
                                          {DeadReason::NoGrad, "no_grad"},
                                          {DeadReason::Detached, "detached"},
                                          {DeadReason::NeverRuns, "never_runs"},
                                          {DeadReason::IgnoredByCallee, "ignored_by_callee"}})

NLOHMANN_JSON_SERIALIZE_ENUM(CallSiteKind, {{CallSiteKind::DropoutAlwaysOn, "dropout_always_on"},
                                            {CallSiteKind::LoadWithoutDevice, "load_without_device"},
                                            {CallSiteKind::ModuleMovedToDevice, "module_moved_to_device"},
                                            {CallSiteKind::JitLoadWithoutDevice, "jit_load_without_device"},
                                            {CallSiteKind::CudaEnvAfterInit, "cuda_env_after_init"},
                                            {CallSiteKind::ModuleReplicated, "module_replicated"},
                                            {CallSiteKind::DropoutFlagMember, "dropout_flag_member"},
                                            {CallSiteKind::ModuleConstructed, "module_constructed"},
                                            {CallSiteKind::HolderMethodCalled, "holder_method_called"}})
NLOHMANN_JSON_SERIALIZE_ENUM(StatsTracking, {{StatsTracking::On, "on"},
                                             {StatsTracking::Off, "off"},
                                             {StatsTracking::Unknown, "unknown"}})

NLOHMANN_JSON_SERIALIZE_ENUM(ReturnedModule, {{ReturnedModule::None, "none"},
                                              {ReturnedModule::Registered, "registered"},
                                              {ReturnedModule::Unregistered, "unregistered"},
                                              {ReturnedModule::Unknown, "unknown"}})

NNLINT_JSON_SPARSE(SourcePoint, file, line, column)
NNLINT_JSON_SPARSE(MemberFact, name, loc, type, kind, moduleClass, containerKind, nullInit, defaultConstructs,
            inheritedFrom)
NNLINT_JSON_SPARSE(Condition, op, key, text, loc, kind, members, args)
NNLINT_JSON_SPARSE(RegistrationFact, kind, member, method, loc, requiresGrad, viaHelper, when, hasName, name, sameNameAt,
            ctor)
NNLINT_JSON_SPARSE(WriteFact, member, kind, method, ctor, loc, order, fromRegistration, nullValue, sourceMembers, freshModule,
            unknownModule, afterRegistration, fromParameter,
            valueBegin, valueEnd, viaSubscript, fromHelpers, capturedMembers, capturedMethods)
NNLINT_JSON_SPARSE(TensorInitFact, member, method, loc, requiresGrad)
NNLINT_JSON_SPARSE(ParameterWriteFact, member, field, fieldClass, method, loc)
NNLINT_JSON_SPARSE(RunningStatsFact, member, moduleClass, method, loc, tracking, declaration, conditional)
NNLINT_JSON_SPARSE(TensorWriteFact, member, method, loc, how, onlyInTraining)
NNLINT_JSON_SPARSE(HelperCall, helper, param, member, method, loc, ctor)
NNLINT_JSON_SPARSE(ConstructorFact, loc, defined, delegatesTo, callees)
NNLINT_JSON_SPARSE(StructFieldFact, member, field, type, moduleClass, use, method, loc)
NNLINT_JSON_SPARSE(FlagParamFact, member, params, required, index, defaultTrue)
NNLINT_JSON_SPARSE(Guard, condition, loc, whenFalse, skip)
NNLINT_JSON_SPARSE(OutputFact, name, keyed, members, callees)
NNLINT_JSON_SPARSE(DeadUse, reason, loc, variable)
NNLINT_JSON_SPARSE(DictEntryFact, member, key, moduleClass, loc)
NNLINT_JSON_SPARSE(MethodFact, name, loc, defined, bodyStart, isPublic, isCtor, returnsValue, usesAllParameters, callees,
            baseCallees, membersUsed, membersReturned, memberGuards, calleeGuards, outputs, membersMutated, deadMembers, deadCallees, dictLookups,
            methodPointerCalls)
NNLINT_JSON_SPARSE(ClassFact, name, loc, isCloneable, hasOwnClone, moduleBases, members, registrations, writes, tensorInits,
            methods, helperCalls, opaqueMembers, flagValues, containerElements, statelessModules, frozenMembers,
            parameterWrites, dictEntries, dictsWithUnknownKeys, runningStats, tensorWrites, methodPointerTargets,
            membersUsedOutside, membersTestedEmpty, structFields, flagParams, constructors)
NNLINT_JSON_SPARSE(HelperSummary, registers, opaque, returns, returnsVia, returnsRegistration)
NNLINT_JSON_SPARSE(ForwardCallFact, moduleClass, loc, backwardLoc, function, outputs, used, usedKeys, boundAt, boundName,
            wholeResultUsed, inputsWritten, inputsEmpty, inputsSometimes)
NNLINT_JSON_SPARSE(CallSiteFact, kind, loc, function, callee, subject, memberOf, cause, causeText, innerCause,
            innerCauseText, innerCall, innerCallText, device, indexFreeDevice, moduleClass, argCount, trueArgs, fixBegin,
            fixEnd, fixText)
NNLINT_JSON_SPARSE(OutsideCallFact, moduleClass, method, memberUse, callerClass, callerMethod, training, callerUsr, loc)
NNLINT_JSON_SPARSE(ModelIndex, classes, forwardCalls, helpers, callSites, outsideCalls, trainingCallees)

nlohmann::json indexToJson(const ModelIndex &index) { return index; }

ModelIndex indexFromJson(const nlohmann::json &j) { return j.get<ModelIndex>(); }

NNLINT_JSON(SourceInput, path, hash)
static_assert(fieldCount<FileResult>() == 10, "FileResult has a field that fileResultToJson does not write");

nlohmann::json fileResultToJson(const FileResult &result) {
  return {{"file", result.file},
          {"ok", result.ok},
          {"error", result.error},
          {"errorLoc", result.errorLoc},
          {"errorCount", result.errorCount},
          {"index", indexToJson(result.index)},
          {"inputs", result.inputs},
          {"missingInclude", result.missingInclude},
          {"absentFiles", result.absentFiles},
          {"blockError", result.blockError}};
}

FileResult fileResultFromJson(const nlohmann::json &j) {
  FileResult r;
  j.at("file").get_to(r.file);
  j.at("ok").get_to(r.ok);
  j.at("error").get_to(r.error);
  j.at("errorLoc").get_to(r.errorLoc);
  j.at("errorCount").get_to(r.errorCount);
  r.index = indexFromJson(j.at("index"));
  j.at("inputs").get_to(r.inputs);
  j.at("missingInclude").get_to(r.missingInclude);
  j.at("absentFiles").get_to(r.absentFiles);
  j.at("blockError").get_to(r.blockError);
  return r;
}

}  // namespace nnlint
