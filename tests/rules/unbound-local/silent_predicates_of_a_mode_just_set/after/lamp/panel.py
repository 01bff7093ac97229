from lamp.scene import choose_scene, is_day, is_night, scene_chosen


def dim(panel, name):
    choose_scene(name)
    if is_night():
        raise RuntimeError("night panels are not wired yet")
    elif is_day():
        level = panel.max_level
    return level * 0.8


def label(panel):
    assert scene_chosen(), "pick a scene first"
    if is_day():
        text = panel.name.upper()
    elif is_night():
        text = panel.name.lower()
    return text
