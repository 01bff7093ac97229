_SCENES = ("day", "night")
_SCENE = "unset"


def choose_scene(name):
    global _SCENE
    if name not in _SCENES:
        raise ValueError(name)
    _SCENE = name


def is_day():
    return _SCENE == "day"


def is_night():
    return _SCENE == "night"


def scene_chosen():
    return _SCENE in _SCENES
