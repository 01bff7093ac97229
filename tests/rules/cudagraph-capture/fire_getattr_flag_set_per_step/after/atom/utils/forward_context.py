def get_forward_context():
    return None
