import argparse


class HybridDecoderLayer:
    def __init__(self, layer_type, quant_config, prefix):
        self.layer_type = layer_type
        if self.layer_type == "linear_attention":
            self.linear_attn = self.make_linear(prefix)
        elif self.layer_type == "full_attention":
            self.self_attn = self.make_attn(prefix)
        else:
            raise ValueError(f"Invalid layer_type {self.layer_type}")

        if self.layer_type == "full_attention":
            norm_quant = quant_config.get(f"{prefix}.self_attn.qkv_proj")
        elif self.layer_type == "linear_attention":
            norm_quant = quant_config.get(f"{prefix}.linear_attn.in_proj")
        self.input_layernorm = self.make_norm(norm_quant)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--matrix-json")
    parser.add_argument("--matrix-json-file")
    args = parser.parse_args()
    if args.matrix_json_file:
        payload = open(args.matrix_json_file).read()
    elif args.matrix_json:
        payload = args.matrix_json
    else:
        parser.error("one of --matrix-json or --matrix-json-file is required")
    print(payload)
