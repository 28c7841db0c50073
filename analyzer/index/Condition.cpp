#include "index/Condition.h"

#include <algorithm>
#include <set>
#include <tuple>

namespace nnlint {
namespace {

// Formulas larger than this are replaced by one opaque atom: the checks then
// cannot decide and stay at note level.
constexpr size_t kMaxSize = 400;

Condition op(CondOp o, std::vector<Condition> args) {
  Condition c;
  c.op = o;
  c.args = std::move(args);
  return c;
}

bool negates(const Condition &a, const Condition &b) {
  return (a.op == CondOp::Not && condEqual(a.args[0], b)) || (b.op == CondOp::Not && condEqual(b.args[0], a));
}

bool contains(const std::vector<Condition> &v, const Condition &x) {
  return std::any_of(v.begin(), v.end(), [&](const Condition &y) { return condEqual(x, y); });
}

Condition opaque() {
  return condAtom("x:<complex>", "a condition too complex to show", {}, AtomKind::Unknown);
}

// And (`dual` false) or Or (`dual` true) of `a` and `b`, simplified.
Condition combine(const Condition &a, const Condition &b, bool isOr) {
  CondOp self = isOr ? CondOp::Or : CondOp::And, inner = isOr ? CondOp::And : CondOp::Or;
  auto absorbing = [&](const Condition &c) { return isOr ? isTrue(c) : isFalse(c); };
  auto neutral = [&](const Condition &c) { return isOr ? isFalse(c) : isTrue(c); };
  if (absorbing(a) || absorbing(b)) return isOr ? condTrue() : condFalse();
  std::vector<Condition> args;
  for (const Condition *c : {&a, &b}) {
    if (neutral(*c)) continue;
    if (c->op == self) args.insert(args.end(), c->args.begin(), c->args.end());
    else args.push_back(*c);
  }
  for (bool changed = true; changed;) {
    changed = false;
    std::vector<Condition> kept;
    for (const Condition &c : args)
      if (!contains(kept, c)) kept.push_back(c);
    changed |= kept.size() != args.size();
    args = std::move(kept);
    for (size_t i = 0; i < args.size(); ++i)
      for (size_t j = 0; j < args.size(); ++j) {
        if (i == j) continue;
        if (negates(args[i], args[j])) return isOr ? condTrue() : condFalse();
        if (args[j].op != inner) continue;
        std::vector<Condition> &sub = args[j].args;
        // a || (a && b) is a; a || (!a && b) is a || b (and the duals).
        if (contains(sub, args[i])) {
          args.erase(args.begin() + j);
          changed = true;
          break;
        }
        auto neg = std::find_if(sub.begin(), sub.end(), [&](const Condition &x) { return negates(x, args[i]); });
        if (neg != sub.end()) {
          sub.erase(neg);
          if (sub.size() == 1) args[j] = Condition(sub[0]);
          changed = true;
          break;
        }
        // (c && a) || (c && !a) is c.
        if (args[i].op == inner && args[i].args.size() == sub.size()) {
          size_t diff = 0, at = 0;
          for (size_t k = 0; k < sub.size(); ++k)
            if (!contains(sub, args[i].args[k])) ++diff, at = k;
          if (diff == 1 && contains(sub, pushNegation(condNot(args[i].args[at])))) {
            args[i].args.erase(args[i].args.begin() + at);
            if (args[i].args.size() == 1) args[i] = Condition(args[i].args[0]);
            args.erase(args.begin() + j);
            changed = true;
            break;
          }
        }
      }
  }
  if (args.empty()) return isOr ? condFalse() : condTrue();
  if (args.size() == 1) return args[0];
  Condition out = op(self, std::move(args));
  return condSize(out) > kMaxSize ? opaque() : out;
}

}  // namespace

Condition condTrue() { return Condition{}; }

Condition condFalse() {
  Condition c;
  c.op = CondOp::False;
  return c;
}

Condition condAtom(std::string key, std::string text, SourcePoint loc, AtomKind kind,
                   std::vector<std::string> members) {
  Condition c;
  c.op = CondOp::Atom;
  c.key = std::move(key);
  c.text = std::move(text);
  c.loc = std::move(loc);
  c.kind = kind;
  c.members = std::move(members);
  return c;
}

Condition condNot(const Condition &c) {
  if (isTrue(c)) return condFalse();
  if (isFalse(c)) return condTrue();
  if (c.op == CondOp::Not) return c.args[0];
  return op(CondOp::Not, {c});
}

Condition condAnd(const Condition &a, const Condition &b) { return combine(a, b, false); }
Condition condOr(const Condition &a, const Condition &b) { return combine(a, b, true); }

bool isTrue(const Condition &c) { return c.op == CondOp::True; }
bool isFalse(const Condition &c) { return c.op == CondOp::False; }

bool condEqual(const Condition &a, const Condition &b) {
  if (a.op != b.op || a.args.size() != b.args.size()) return false;
  if (a.op == CondOp::Atom) return a.key == b.key;
  for (size_t i = 0; i < a.args.size(); ++i)
    if (!condEqual(a.args[i], b.args[i])) return false;
  return true;
}

size_t condSize(const Condition &c) {
  size_t n = 1;
  for (const Condition &a : c.args) n += condSize(a);
  return n;
}

void collectAtoms(const Condition &c, std::map<std::string, Condition> &out) {
  if (c.op == CondOp::Atom) out.emplace(c.key, c);
  for (const Condition &a : c.args) collectAtoms(a, out);
}

bool evaluate(const Condition &c, const std::function<bool(const std::string &)> &value) {
  switch (c.op) {
    case CondOp::True: return true;
    case CondOp::False: return false;
    case CondOp::Atom: return value(c.key);
    case CondOp::Not: return !evaluate(c.args[0], value);
    case CondOp::And:
      return std::all_of(c.args.begin(), c.args.end(), [&](const Condition &a) { return evaluate(a, value); });
    case CondOp::Or:
      return std::any_of(c.args.begin(), c.args.end(), [&](const Condition &a) { return evaluate(a, value); });
  }
  return false;
}

Condition substitute(const Condition &c, const std::function<std::optional<bool>(const std::string &)> &fixed) {
  switch (c.op) {
    case CondOp::True:
    case CondOp::False: return c;
    case CondOp::Atom:
      if (std::optional<bool> v = fixed(c.key)) return *v ? condTrue() : condFalse();
      return c;
    case CondOp::Not: return condNot(substitute(c.args[0], fixed));
    case CondOp::And:
    case CondOp::Or: {
      Condition out = c.op == CondOp::And ? condTrue() : condFalse();
      for (const Condition &a : c.args)
        out = c.op == CondOp::And ? condAnd(out, substitute(a, fixed)) : condOr(out, substitute(a, fixed));
      return out;
    }
  }
  return c;
}

Condition pushNegation(const Condition &c) {
  if (c.op != CondOp::Not) return c;
  const Condition &inner = c.args[0];
  if (inner.op == CondOp::Not) return pushNegation(inner.args[0]);
  if (inner.op != CondOp::And && inner.op != CondOp::Or) return c;
  std::vector<Condition> args;
  for (const Condition &a : inner.args) args.push_back(pushNegation(condNot(a)));
  return op(inner.op == CondOp::And ? CondOp::Or : CondOp::And, std::move(args));
}

unsigned negationCount(const Condition &c) {
  Condition p = pushNegation(c);
  if (p.op == CondOp::Not) return 1 + negationCount(p.args[0]);
  unsigned n = 0;
  for (const Condition &a : p.args) n += negationCount(a);
  return n;
}

std::string condText(const Condition &c) {
  switch (c.op) {
    case CondOp::True: return "true";
    case CondOp::False: return "false";
    case CondOp::Atom: return c.text;
    case CondOp::Not: {
      const Condition &a = c.args[0];
      // `stride != 1` is kept as the atom `stride == 1`: print it as written.
      if (size_t at = a.text.find(" == "); a.key.rfind("eq:", 0) == 0 && at != std::string::npos)
        return std::string(a.text).replace(at, 4, " != ");
      bool simple = a.op == CondOp::Atom && a.text.find_first_of(" <>=!&|?") == std::string::npos;
      return simple ? "!" + condText(a) : "!(" + condText(a) + ")";
    }
    case CondOp::And:
    case CondOp::Or: {
      std::string out;
      for (const Condition &a : c.args) {
        if (!out.empty()) out += c.op == CondOp::And ? " && " : " || ";
        bool paren = a.op == CondOp::Or && c.op == CondOp::And;
        out += paren ? "(" + condText(a) + ")" : condText(a);
      }
      return out;
    }
  }
  return "";
}

const Condition *firstAtom(const Condition &c) {
  if (c.op == CondOp::Atom) return &c;
  for (const Condition &a : c.args)
    if (const Condition *f = firstAtom(a)) return f;
  return nullptr;
}

}  // namespace nnlint

namespace nnlint {

namespace {

void atomsInOrder(const Condition &c, std::vector<const Condition *> &out) {
  if (c.op == CondOp::Atom) {
    if (std::none_of(out.begin(), out.end(), [&](const Condition *a) { return a->key == c.key; })) out.push_back(&c);
    return;
  }
  for (const Condition &a : c.args) atomsInOrder(a, out);
}

struct Implicant {
  unsigned value, mask;  // bits of `mask` are the atoms this product leaves free
  bool operator<(const Implicant &o) const { return std::tie(value, mask) < std::tie(o.value, o.mask); }
};

}  // namespace

Condition minimize(const Condition &c, const Condition &dontCare) {
  std::vector<const Condition *> atoms;
  atomsInOrder(c, atoms);
  atomsInOrder(dontCare, atoms);
  const size_t n = atoms.size();
  if (n > 10) return c;
  std::vector<unsigned> ones, free;
  for (unsigned row = 0; row < (1u << n); ++row) {
    auto value = [&](const std::string &key) {
      for (size_t i = 0; i < n; ++i)
        if (atoms[i]->key == key) return ((row >> i) & 1) != 0;
      return false;
    };
    if (evaluate(dontCare, value)) free.push_back(row);
    else if (evaluate(c, value)) ones.push_back(row);
  }
  if (ones.empty()) return condFalse();
  if (ones.size() + free.size() == (1u << n)) return condTrue();
  // Prime implicants: merge products that differ in one atom until none do.
  std::set<Implicant> current, primes;
  for (unsigned m : ones) current.insert({m, 0});
  for (unsigned m : free) current.insert({m, 0});
  while (!current.empty()) {
    std::set<Implicant> next, merged;
    for (const Implicant &a : current)
      for (const Implicant &b : current) {
        unsigned diff = a.value ^ b.value;
        if (a.mask != b.mask || !diff || (diff & (diff - 1))) continue;
        next.insert({a.value & ~diff, a.mask | diff});
        merged.insert(a);
        merged.insert(b);
      }
    for (const Implicant &a : current)
      if (!merged.count(a)) primes.insert(a);
    current = std::move(next);
  }
  // Cover every minterm, taking the prime that covers most of what is left.
  std::set<unsigned> left(ones.begin(), ones.end());
  std::vector<Implicant> chosen;
  auto covers = [](const Implicant &p, unsigned m) { return (m & ~p.mask) == p.value; };
  while (!left.empty()) {
    const Implicant *best = nullptr;
    size_t bestCount = 0;
    for (const Implicant &p : primes) {
      size_t count = std::count_if(left.begin(), left.end(), [&](unsigned m) { return covers(p, m); });
      if (count > bestCount || (count == bestCount && best && __builtin_popcount(p.mask) > __builtin_popcount(best->mask)))
        best = &p, bestCount = count;
    }
    chosen.push_back(*best);
    for (auto it = left.begin(); it != left.end();) it = covers(*best, *it) ? left.erase(it) : std::next(it);
  }
  std::sort(chosen.begin(), chosen.end(), [](const Implicant &a, const Implicant &b) {
    for (unsigned i = 0; i < 32; ++i) {
      bool fa = (a.mask >> i) & 1, fb = (b.mask >> i) & 1;
      if (fa != fb) return fb;  // a product that uses an earlier atom first
      if (!fa && ((a.value >> i) & 1) != ((b.value >> i) & 1)) return ((a.value >> i) & 1) != 0;
    }
    return false;
  });
  std::vector<Condition> terms;
  for (const Implicant &p : chosen) {
    std::vector<Condition> literals;
    for (size_t i = 0; i < n; ++i)
      if (!((p.mask >> i) & 1)) literals.push_back((p.value >> i) & 1 ? *atoms[i] : condNot(*atoms[i]));
    terms.push_back(literals.size() == 1 ? literals[0] : op(CondOp::And, std::move(literals)));
  }
  return terms.size() == 1 ? terms[0] : op(CondOp::Or, std::move(terms));
}

std::string describeUse(const Condition &skip, bool &whenFalse, SourcePoint &loc) {
  Condition used = minimize(condNot(skip)), skipped = minimize(skip);
  whenFalse = negationCount(skipped) < negationCount(used);
  const Condition &shown = whenFalse ? skipped : used;
  if (const Condition *a = firstAtom(shown)) loc = a->loc;
  return condText(shown);
}

}  // namespace nnlint
