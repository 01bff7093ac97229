from quantkit.tuning import TunerConfig


def pack(weights, tuner_config: TunerConfig):
    g = tuner_config.group_size
    return [weights[i : i + g] for i in range(0, len(weights), g)]
