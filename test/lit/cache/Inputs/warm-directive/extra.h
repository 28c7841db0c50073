#define BUILD_FC fc = register_module("fc", torch::nn::Linear(WIDTH, WIDTH))
