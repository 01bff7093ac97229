from quantkit.tuning import TunerConfig


def pack(weights, tuner_config: TunerConfig):
    g = tuner_config.group_size
    stride = getattr(tuner_config, "pack_stride", 1)  # expect: getattr-key-unset
    return [weights[i : i + g : stride] for i in range(0, len(weights), g)]
