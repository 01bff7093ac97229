class PagePlanner:
    def __init__(self, widths, page_rows):
        self.widths = widths
        self.page_rows = page_rows
        self.total = sum(w * page_rows for w in widths)

    def regions(self, base):
        out = []
        offset = base
        for width in self.widths:
            out.append((offset, width * self.page_rows))
            offset += width * self.page_rows
        return out
