#include <torch/extension.h>

void col_absmax(torch::Tensor& peak, torch::Tensor& x);

PYBIND11_MODULE(module_col_absmax, m) { m.def("col_absmax", &col_absmax, "absolute max of a tensor"); }
