// How bad it is that forward() skips a registered parameter under a
// condition, from what the condition reads:
//
// - skipped only where no backward() runs (is_training() false, GradMode off),
//   or never in a model whose registration ran (`if (downsample)`, the same
//   construction flag as the registration): silent;
// - skipped in some configurations, by state fixed at construction (members
//   written only by constructors, reset() and initialisers): a note, since
//   that model registers a parameter it never trains;
// - skipped or not from one iteration to the next (inputs, randomness, state
//   that methods change): a warning, since GPUs then disagree;
// - skipped or not only by whether the caller passes an optional input
//   (`if (aux.defined())`): a note, since whether callers pass it alike on
//   every iteration and rank is outside forward().
#pragma once

#include "index/ModelIndex.h"

namespace nnlint {

enum class Verdict { Silent, FixedAtConstruction, NeverInTraining, VariesPerIteration, DependsOnCaller };

Verdict judgeSkip(const ClassFact &c, const RegistrationFact &r, const Condition &skip);

}  // namespace nnlint
