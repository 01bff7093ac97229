class RequestRouter:
    def route(self, req):
        return req.dp_rank
