constexpr float kFp8Max = 240.0f;
