#include <torch/extension.h>

void stream_handoff(torch::Tensor& src);

PYBIND11_MODULE(module_handoff, m) { m.def("stream_handoff", &stream_handoff); }
