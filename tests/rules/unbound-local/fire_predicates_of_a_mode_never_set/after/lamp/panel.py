from lamp.scene import choose_scene, is_day, is_night


def dim(panel, name):
    choose_scene(name)
    if is_night():
        pass
    elif is_day():
        level = panel.max_level
    return level * 0.8  # expect: unbound-local


def label(panel):
    if is_day():
        text = panel.name.upper()
    elif is_night():
        text = panel.name.lower()
    return text  # expect: unbound-local
