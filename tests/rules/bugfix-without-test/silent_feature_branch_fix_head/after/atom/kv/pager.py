class Pager:
    def __init__(self, pages, spill_dir=None):
        self.pages = pages
        self.spill_dir = spill_dir

    def spill(self, page_id):
        if self.spill_dir is None:
            return False
        with open(f"{self.spill_dir}/{page_id}.bin", "wb") as fh:
            fh.write(bytes(self.pages[page_id]))
        return True
