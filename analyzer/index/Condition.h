// Building, simplifying, evaluating and printing the boolean formulas of
// ModelIndex.h (Condition). The makers simplify as they build, so that the
// conditions of a CFG's joins stay as small as the code that wrote them:
// `(c && a) || (c && !a)` is `c`, `a || (!a && b)` is `a || b`.
#pragma once

#include "index/ModelIndex.h"

#include <functional>
#include <map>
#include <optional>
#include <string>

namespace nnlint {

Condition condTrue();
Condition condFalse();
Condition condAtom(std::string key, std::string text, SourcePoint loc, AtomKind kind,
                   std::vector<std::string> members = {});
Condition condNot(const Condition &c);
Condition condAnd(const Condition &a, const Condition &b);
Condition condOr(const Condition &a, const Condition &b);

bool isTrue(const Condition &c);
bool isFalse(const Condition &c);
bool condEqual(const Condition &a, const Condition &b);
size_t condSize(const Condition &c);

// Every atom of `c`, by key (the first one seen for each key).
void collectAtoms(const Condition &c, std::map<std::string, Condition> &out);

// The truth value of `c` when each atom has the value `value(key)`.
bool evaluate(const Condition &c, const std::function<bool(const std::string &)> &value);

// `c` with the atoms for which `fixed` answers replaced by that constant.
Condition substitute(const Condition &c, const std::function<std::optional<bool>(const std::string &)> &fixed);

// `c` as a shortest sum of products (Quine-McCluskey over its truth table),
// atoms in the order they first appear; `c` itself when it has too many atoms.
// Where `dontCare` holds, the result may be anything (the iteration throws).
Condition minimize(const Condition &c, const Condition &dontCare = Condition{CondOp::False});

// `c` as C++ text from the atoms' own text ("use_aux && is_training()").
std::string condText(const Condition &c);
// The first atom in reading order (for a note's location).
const Condition *firstAtom(const Condition &c);
// How many negations `c` has once they are pushed down to the atoms.
unsigned negationCount(const Condition &c);
// The condition under which a use that is skipped when `skip` holds happens,
// as text: "!skip", or "skip" with `whenFalse` set, whichever reads with fewer
// negations. `loc` is where its first atom is written.
std::string describeUse(const Condition &skip, bool &whenFalse, SourcePoint &loc);
// `!c` with the negation pushed down to the atoms (De Morgan).
Condition pushNegation(const Condition &c);

}  // namespace nnlint
