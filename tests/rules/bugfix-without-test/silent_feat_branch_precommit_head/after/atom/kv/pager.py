class Pager:
    def __init__(self, pages, owner_rank=0):
        self.pages = pages
        self.owner_rank = owner_rank

    def owned_by(self, rank):
        return rank == self.owner_rank
