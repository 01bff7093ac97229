// Whether a model's forward actually runs under CUDA/HIP graph capture. In serving engines
// (ATOM, vLLM) capture is not a property of the model directory but of the model's attention
// backend: the model runner asks the backend's metadata builder for capture-time metadata
// (`build_for_cudagraph_capture(bs)`) before it records the decode graph. A model whose
// backend's builder is a stub (raises, returns a record that fills no tensor field, or says in
// its body that capture is disabled) is brought up eager: its forward never runs under capture.
#pragma once

#include <optional>
#include <string>

#include "analysis/bound_class.h"
#include "core/tree_reader.h"

namespace rp {

// The capture-metadata builder method of a backend that cannot build capture metadata.
struct CaptureStub {
  std::string path;       // file of the builder
  std::string qualified;  // "V4Builder.build_for_cudagraph_capture"
  int line = 0;
  std::string why;  // "raises NotImplementedError", "says capture is disabled", ...
};

// Whether `fn` (a method of `tree`) is a capture-metadata builder (`build_for_cudagraph_capture`,
// `build_for_graph_capture`, ...) that builds nothing: its body only raises or passes, returns a
// record built from constants and its own parameters (no tensor field is filled), or a comment
// or docstring in it says graph capture is disabled / unsupported. An `@abstractmethod` is the
// interface, never a stub. nullopt when `fn` is not such a builder or builds real metadata.
std::optional<std::string> capture_builder_stub(const lang::SyntaxTree& tree, const lang::Function& fn);

// The stub capture builder of the attention backend built for the model module `model_path`
// (`atom/models/deepseek_v4.py`), when there is one: a backend module the model imports, or a
// backend module named for the model (its stem is the model's stem plus `_attn`, `_attention`,
// `_backend` or `_attn_backend`: `deepseek_v4_attn.py`; model-specific modules carry the
// model's name, as HF model types do). Reads the head tree's Python files that define a capture
// builder. nullopt when no such backend is found or its builder fills capture metadata.
std::optional<CaptureStub> model_capture_stub(const TreeReader& head, const TreeOf& tree_of,
                                              const std::string& model_path);

}  // namespace rp
