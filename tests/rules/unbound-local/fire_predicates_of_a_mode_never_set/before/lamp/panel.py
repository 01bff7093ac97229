from lamp.scene import choose_scene


def dim(panel, name):
    choose_scene(name)
    return panel.max_level * 0.8


def label(panel):
    return panel.name
