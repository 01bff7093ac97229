#include <torch/extension.h>

void token_amax(torch::Tensor& x, torch::Tensor& out);

PYBIND11_MODULE(module_amax, m) { m.def("token_amax", &token_amax, "per-token amax"); }
