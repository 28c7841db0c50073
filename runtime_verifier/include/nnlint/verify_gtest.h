// GoogleTest helpers: EXPECT_REPLICAS_OK(model, batch [, options]) fails with the report's text.
#pragma once

#include "nnlint/verify.h"

#include <gtest/gtest.h>

namespace nnlint::verify {

inline ::testing::AssertionResult replicas_ok(const Report& report) {
  if (report.ok()) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << "\n" << report.to_text();
}

}  // namespace nnlint::verify

#define EXPECT_REPLICAS_OK(model, ...) \
  EXPECT_TRUE(::nnlint::verify::replicas_ok(::nnlint::verify::check_replicas(model, __VA_ARGS__)))
#define ASSERT_REPLICAS_OK(model, ...) \
  ASSERT_TRUE(::nnlint::verify::replicas_ok(::nnlint::verify::check_replicas(model, __VA_ARGS__)))
