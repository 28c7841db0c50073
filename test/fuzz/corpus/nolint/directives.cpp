torch::nn::Linear a{nullptr}; // NOLINT
torch::nn::Linear b{nullptr}; // NOLINT(nn-unregistered-submodule)
// NOLINTNEXTLINE(nn-container-alias, nn-unregistered-*)
std::vector<torch::nn::Linear> c;
// NOLINTBEGIN(nn-container-alias)
int d;
// NOLINTEND(nn-container-alias)
// NOLINTBEGIN
int e; // NOLINTFOO NOLINT()
