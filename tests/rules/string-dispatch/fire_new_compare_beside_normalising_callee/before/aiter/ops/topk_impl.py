class TopkImpl:
    def select(self, scores, k, tie_break="lowest_index"):
        tie_break = str(tie_break).lower().replace("-", "_")
        if tie_break == "lowest_index":
            return self._stable(scores, k)
        return self._any(scores, k)
