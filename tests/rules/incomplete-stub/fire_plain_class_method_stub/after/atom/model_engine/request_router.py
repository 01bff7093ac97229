class RequestRouter:
    def route(self, req):
        return req.dp_rank

    def route_least_tokens(self, req):
        raise NotImplementedError()  # expect: incomplete-stub
