class Backend:
    def __init__(self, arch):
        self.arch = arch

    def select_kernel(self):
        if self.arch == "gfx942":
            return "mla_a16w16"
        return "mla_generic"

    def tile_config(self):
        if self.arch == "gfx942":
            return (64, 128)
        elif self.arch == "gfx950":
            return (128, 128)
        else:
            return (32, 64)
