constexpr int kWidth = 4;
