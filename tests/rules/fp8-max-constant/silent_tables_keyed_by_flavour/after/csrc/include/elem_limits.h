#pragma once

namespace blockq {

enum class Elem { kE2M1, kE4M3, kE4M3Fnuz };

template <Elem E> struct ElemLimits;

template <> struct ElemLimits<Elem::kE4M3> {
    static constexpr float max_finite = 448.0f;
    static constexpr float inv_max    = 1.0f / 448.0f;
};

template <> struct ElemLimits<Elem::kE4M3Fnuz> {
    static constexpr float max_finite = 240.0f;
    static constexpr float inv_max    = 1.0f / 240.0f;
};

inline float clamp_max_of(Elem e) {
    switch (e) {
    case Elem::kE4M3Fnuz: return 240.0f;
    default: return 6.0f;
    }
}

}  // namespace blockq
