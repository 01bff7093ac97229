class Pager:
    def __init__(self, pages):
        self.pages = pages
